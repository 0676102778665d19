package dev.rendezvous.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The files given on one command line as one program: which file declares which top-level or
 * nested type, and for each file the other files whose types it uses, directly or through them
 * (JGF-style drivers whose communication lives in another class, another package). Name-based, as
 * the interpreter is: a type is found by its simple name.
 */
final class ProgramFiles {
    private static final Pattern DECL = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z][A-Za-z0-9_]*)");
    private static final Pattern WORD = Pattern.compile("\\b[A-Z][A-Za-z0-9_]*\\b");

    private final Map<String, List<Path>> declaredIn = new HashMap<>();
    private final Map<Path, Set<String>> declares = new HashMap<>();
    private final Map<Path, String> texts = new LinkedHashMap<>();
    private final Map<Path, Set<String>> uses = new HashMap<>();
    private final List<Path> all = new ArrayList<>();

    static ProgramFiles of(List<Path> files) {
        ProgramFiles p = new ProgramFiles();
        p.all.addAll(files);
        for (Path f : files) {
            String text;
            try {
                text = Files.readString(f);
            } catch (IOException | RuntimeException e) {
                continue; // reported when the file itself is analysed
            }
            p.texts.put(f, text);
            Matcher d = DECL.matcher(text);
            while (d.find()) {
                p.declaredIn.computeIfAbsent(d.group(1), k -> new ArrayList<>()).add(f);
                p.declares.computeIfAbsent(f, k -> new LinkedHashSet<>()).add(d.group(1));
            }
            Set<String> words = new LinkedHashSet<>();
            // code only: a class named in a comment or a string is not a use
            String code = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ").replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"");
            Matcher w = WORD.matcher(code);
            while (w.find()) words.add(w.group());
            p.uses.put(f, words);
        }
        return p;
    }

    /**
     * The files to analyse as programs: all of them, except a file that neither starts MPJ itself
     * nor stands alone, being used by a file that does (its code is analysed as part of that one).
     */
    List<Path> entryFiles() {
        Set<Path> usedByEntries = new LinkedHashSet<>();
        for (Map.Entry<Path, String> e : texts.entrySet()) {
            if (startsMpj(e.getValue())) for (String c : companionsOf(e.getKey()).keySet()) usedByEntries.add(Path.of(c));
        }
        List<Path> out = new ArrayList<>();
        for (Path f : all) if (!texts.containsKey(f) || startsMpj(texts.get(f)) || !usedByEntries.contains(f)) out.add(f);
        return out;
    }

    private static boolean startsMpj(String text) {
        return text.contains("MPI.Init") || text.contains("Init_thread");
    }

    /** The files declaring a class of that simple name. */
    List<Path> declaring(String simpleName) {
        List<Path> out = new ArrayList<>();
        for (Map.Entry<Path, String> e : texts.entrySet()) {
            Matcher d = DECL.matcher(e.getValue());
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
    private static Path nearest(Path from, List<Path> candidates) {
        if (candidates == null) return null;
        Path best = null;
        int bestShared = -1;
        Path dir = from.toAbsolutePath().getParent();
        for (Path c : candidates) {
            Path cd = c.toAbsolutePath().getParent();
            int shared = 0;
            while (shared < Math.min(dir.getNameCount(), cd.getNameCount()) && dir.getName(shared).equals(cd.getName(shared))) shared++;
            if (shared > bestShared) {
                best = c;
                bestShared = shared;
            }
        }
        return best;
    }

    /** The other files (name to text) whose types {@code file} uses, transitively. */
    Map<String, String> companionsOf(Path file) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<Path> seen = new LinkedHashSet<>();
        ArrayDeque<Path> todo = new ArrayDeque<>();
        todo.add(file);
        seen.add(file);
        while (!todo.isEmpty()) {
            Path f = todo.poll();
            for (String w : uses.getOrDefault(f, Set.of())) {
                if (declares.getOrDefault(f, Set.of()).contains(w)) continue; // its own type
                Path g = nearest(f, declaredIn.get(w));
                if (g != null && seen.add(g)) {
                    todo.add(g);
                    out.put(g.toString(), texts.get(g));
                }
            }
        }
        return out;
    }
}
