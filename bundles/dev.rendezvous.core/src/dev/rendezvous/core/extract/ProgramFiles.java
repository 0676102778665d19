package dev.rendezvous.core.extract;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files given together (on one command line, or a Java project in the IDE) as one program: which file declares which top-level or
 * nested type, and for each file the other files whose types it uses, directly or through them
 * (JGF-style drivers whose communication lives in another class, another package). Name-based, as
 * the interpreter is: a type is found by its simple name.
 */
public final class ProgramFiles {
    private static final Pattern DECL = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z][A-Za-z0-9_]*)");
    private static final Pattern WORD = Pattern.compile("\\b[A-Z][A-Za-z0-9_]*\\b");

    /**
     * MPJ Express's own class names: a project holding the MPJ sources (its test suite does) must not
     * have {@code MPI.COMM_WORLD.Send} interpreted through the library's code instead of the model.
     */
    private static final Set<String> MPJ_API = Set.of("MPI", "Comm", "Intracomm", "Intercomm", "Cartcomm", "Graphcomm",
            "Request", "Prequest", "Status", "Datatype", "Group", "Op", "MPIException", "ShiftParms", "CartParms",
            "GraphParms", "User_function");

    private final Map<String, List<String>> declaredIn = new HashMap<>();
    private final Map<String, Set<String>> declares = new HashMap<>();
    private final Map<String, String> texts = new LinkedHashMap<>();
    private final Map<String, Set<String>> uses = new HashMap<>();
    private final Map<String, String> packageOf = new HashMap<>();
    private final Map<String, List<String>> importsOf = new HashMap<>();

    /** The files by name (a path: folders decide which of two same-named classes is meant) and text. */
    public static ProgramFiles of(Map<String, String> files) {
        ProgramFiles p = new ProgramFiles();
        for (Map.Entry<String, String> e : files.entrySet()) {
            String f = e.getKey(), text = e.getValue();
            p.texts.put(f, text);
            if (libraryPackage(text)) continue; // MPJ Express's own sources: modelled, never followed into
            // code only: "defined in class RatePath" in a comment neither declares nor uses a class
            String code = codeOnly(text);
            p.packageOf.put(f, packageIn(code));
            List<String> imports = new ArrayList<>();
            Matcher im = IMPORT.matcher(code);
            while (im.find()) imports.add(im.group(1).replaceAll("\\s+", ""));
            p.importsOf.put(f, imports);
            Matcher d = DECL.matcher(code);
            while (d.find()) {
                p.declaredIn.computeIfAbsent(d.group(1), k -> new ArrayList<>()).add(f);
                p.declares.computeIfAbsent(f, k -> new LinkedHashSet<>()).add(d.group(1));
            }
            Set<String> words = new LinkedHashSet<>();
            Matcher w = WORD.matcher(code);
            while (w.find()) {
                if (isMethodCall(code, w.start(), w.end())) continue; // MPI.COMM_WORLD.Send(...) names no class
                words.add(w.group());
            }
            p.uses.put(f, words);
        }
        return p;
    }

    /** Whether the word at [start, end) is a member call: after a dot and before an opening parenthesis. */
    private static boolean isMethodCall(String code, int start, int end) {
        int b = start - 1;
        while (b >= 0 && Character.isWhitespace(code.charAt(b))) b--;
        if (b < 0 || code.charAt(b) != '.') return false;
        int a = end;
        while (a < code.length() && Character.isWhitespace(code.charAt(a))) a++;
        return a < code.length() && code.charAt(a) == '(';
    }

    /**
     * The text with comments, string and character literals blanked, in one linear scan (a regular
     * expression with an alternation inside a repetition recurses per character and overflows the
     * stack on long literals or a stray quote in a large file).
     */
    static String codeOnly(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') i++;
                out.append('\n');
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 1;
                out.append(' ');
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') j += text.charAt(j) == '\\' ? 2 : 1;
                i = Math.min(j, n);
                out.append(c).append(c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * The files to analyse as programs: all of them, except a file that neither starts MPJ itself
     * nor stands alone, being used by a file that does (its code is analysed as part of that one).
     */
    public List<String> entryFiles() {
        Set<String> usedByEntries = new LinkedHashSet<>();
        for (Map.Entry<String, String> e : texts.entrySet()) {
            if (startsMpj(e.getValue())) usedByEntries.addAll(companionsOf(e.getKey()).keySet());
        }
        List<String> out = new ArrayList<>();
        for (String f : texts.keySet()) if (startsMpj(texts.get(f)) || !usedByEntries.contains(f)) out.add(f);
        return out;
    }

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    /** The package a Java file's text declares ("" for the default package), comments left out. */
    public static String packageOf(String text) {
        return packageIn(codeOnly(text));
    }

    private static String packageIn(String code) {
        Matcher pk = PACKAGE.matcher(code);
        return pk.find() ? pk.group(1) : "";
    }
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+(?:static\\s+)?([\\w.\\s]+?(?:\\.\\s*\\*)?)\\s*;");

    /**
     * Whether {@code user} can name the type {@code simpleName} that {@code declarer} declares, by
     * Java's rules: the same package, or an import of it (single-type, on-demand, static, or of an
     * enclosing class). A {@code Vector} elsewhere in the repository is not {@code java.util.Vector}.
     */
    private boolean visible(String user, String declarer, String simpleName) {
        String pkg = packageOf.getOrDefault(declarer, "");
        if (pkg.equals(packageOf.getOrDefault(user, ""))) return true;
        if (pkg.isEmpty()) return false; // the default package cannot be imported
        for (String imp : importsOf.getOrDefault(user, List.of())) {
            if (!imp.startsWith(pkg + ".")) continue;
            String rest = imp.substring(pkg.length() + 1);
            if (rest.equals("*")) return true;
            // a.b.C, a.b.C.*, a.b.C.Inner, a.b.C.member: the declaring file's class C, then nested names
            String top = rest.split("\\.")[0];
            if (declares.getOrDefault(declarer, Set.of()).contains(top)) return true;
        }
        return false;
    }

    /**
     * Whether the file belongs to MPJ Express itself (package {@code mpi}, or its runtime {@code mpjdev},
     * {@code xdev}, {@code mpjbuf}): a checkout of the MPJ Express sources holds its tests next to
     * the library, and the library's classes are modelled, never interpreted.
     */
    static boolean libraryPackage(String text) {
        Matcher m = PACKAGE.matcher(text.length() > 20_000 ? text.substring(0, 20_000) : text);
        if (!m.find()) return false;
        String pkg = m.group(1);
        return pkg.equals("mpi") || pkg.equals("mpjdev") || pkg.startsWith("mpjdev.") || pkg.equals("xdev")
                || pkg.startsWith("xdev.") || pkg.equals("mpjbuf") || pkg.startsWith("mpjbuf.");
    }

    private static boolean startsMpj(String text) {
        return text.contains("MPI.Init") || text.contains("Init_thread");
    }

    /** The files declaring a class of that simple name. */
    public List<String> declaring(String simpleName) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : texts.entrySet()) {
            Matcher d = DECL.matcher(codeOnly(e.getValue()));
            while (d.find()) {
                if (d.group(1).equals(simpleName)) {
                    out.add(e.getKey());
                    break;
                }
            }
        }
        return out;
    }

    /** Of several files declaring a type of one name, the one closest to {@code from} in the folder tree. */
    private static String nearest(String from, List<String> candidates) {
        if (candidates == null) return null;
        String best = null;
        int bestShared = -1;
        String[] dir = from.replace('\\', '/').split("/");
        for (String c : candidates) {
            String[] cd = c.replace('\\', '/').split("/");
            int shared = 0;
            while (shared < Math.min(dir.length, cd.length) - 1 && dir[shared].equals(cd[shared])) shared++;
            if (shared > bestShared) {
                best = c;
                bestShared = shared;
            }
        }
        return best;
    }

    /** The other files (name to text) whose types {@code file} uses, transitively. */
    public Map<String, String> companionsOf(String file) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>();
        todo.add(file);
        seen.add(file);
        while (!todo.isEmpty()) {
            String f = todo.poll();
            for (String w : uses.getOrDefault(f, Set.of())) {
                if (declares.getOrDefault(f, Set.of()).contains(w)) continue; // its own type
                if (MPJ_API.contains(w)) continue; // the library's classes are modelled, never followed into
                List<String> candidates = new ArrayList<>();
                for (String c : declaredIn.getOrDefault(w, List.of())) if (visible(f, c, w)) candidates.add(c);
                String g = nearest(f, candidates.isEmpty() ? null : candidates);
                if (g != null && seen.add(g)) {
                    todo.add(g);
                    out.put(g, texts.get(g));
                }
            }
        }
        return out;
    }
}
