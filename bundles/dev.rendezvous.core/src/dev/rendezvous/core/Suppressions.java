package dev.rendezvous.core;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.Annotation;
import org.eclipse.jdt.core.dom.ArrayInitializer;
import org.eclipse.jdt.core.dom.BodyDeclaration;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.MemberValuePair;
import org.eclipse.jdt.core.dom.NormalAnnotation;
import org.eclipse.jdt.core.dom.SingleMemberAnnotation;
import org.eclipse.jdt.core.dom.StringLiteral;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;

import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Finding;

/**
 * The findings a user has silenced in the source, the way javac's and SpotBugs' users expect:
 * <ul>
 * <li>{@code @SuppressWarnings("rendezvous")} on a class, method, field or local declaration silences
 * every Rendezvous finding inside it; {@code @SuppressWarnings("rendezvous:send-cycle")} only that
 * kind (several kinds: several strings);</li>
 * <li>{@code // rendezvous:ignore send-cycle} at the end of a line silences that kind on that line;
 * on a line of its own it applies to the next line; without kinds it silences every kind there.</li>
 * </ul>
 * A finding is matched by its primary location. Suppressed findings are not shown as problems but
 * are kept ({@link RunReport#suppressed()}) for {@code --info} and SARIF's {@code suppressions}.
 */
public final class Suppressions {
    /** A finding the user silenced, and where they said so. */
    public record Suppressed(Finding finding, String how) {}

    private record Rule(int start, int end, int line, Set<String> kinds, String how) {
        boolean covers(Finding f) {
            if (f.range() == null) return false;
            boolean place = line > 0 ? f.range().line() == line : f.range().start() >= start && f.range().start() < end;
            return place && (kinds.isEmpty() || kinds.contains(f.kind().id()));
        }
    }

    private static final String TOOL = "rendezvous";
    private static final Pattern IGNORE = Pattern.compile("//\\s*rendezvous:ignore\\b([^\\n]*)");

    private final List<Rule> rules;

    private Suppressions(List<Rule> rules) {
        this.rules = rules;
    }

    public static final Suppressions NONE = new Suppressions(List.of());

    /** Reads the suppressions of a parsed file (annotations from its AST, comments from its text). */
    public static Suppressions of(Program program) {
        // both forms name the tool: a file that never does has none, found without walking its tree and matching
        // every line (a hundredth of analysing a small file, at every process count)
        if (!program.source().contains(TOOL)) return NONE;
        List<Rule> rules = new ArrayList<>();
        program.ast().accept(new ASTVisitor() {
            @Override
            public void preVisit(ASTNode node) {
                List<?> modifiers = node instanceof BodyDeclaration bd ? bd.modifiers()
                        : node instanceof VariableDeclarationStatement vds ? vds.modifiers() : null;
                if (modifiers == null) return;
                for (Object m : modifiers) {
                    if (!(m instanceof Annotation a) || !a.getTypeName().getFullyQualifiedName().endsWith("SuppressWarnings")) continue;
                    Set<String> kinds = new LinkedHashSet<>();
                    boolean all = false, ours = false;
                    for (String v : values(a)) {
                        if (v.equals(TOOL)) {
                            all = true;
                            ours = true;
                        } else if (v.startsWith(TOOL + ":")) {
                            kinds.add(v.substring(TOOL.length() + 1).trim());
                            ours = true;
                        }
                    }
                    if (!ours) continue;
                    rules.add(new Rule(node.getStartPosition(), node.getStartPosition() + node.getLength(), 0,
                            all ? Set.of() : kinds, a.toString() + " at line " + program.range(a).line()));
                }
            }
        });
        String[] lines = program.source().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = IGNORE.matcher(lines[i]);
            if (!m.find()) continue;
            Set<String> kinds = new LinkedHashSet<>();
            for (String k : m.group(1).trim().split("[\\s,]+")) {
                if (k.isEmpty() || k.startsWith("-") || k.startsWith("(")) break; // the rest is the user's reason
                kinds.add(k);
            }
            boolean ownLine = lines[i].substring(0, m.start()).isBlank();
            int target = i + 1;
            if (ownLine) {
                while (target < lines.length && lines[target].isBlank()) target++;
                target++;
            }
            rules.add(new Rule(0, 0, target, kinds, "// rendezvous:ignore at line " + (i + 1)));
        }
        return new Suppressions(rules);
    }

    private static List<String> values(Annotation a) {
        Expression v = null;
        if (a instanceof SingleMemberAnnotation s) v = s.getValue();
        if (a instanceof NormalAnnotation n) {
            for (Object o : n.values()) {
                MemberValuePair p = (MemberValuePair) o;
                if (p.getName().getIdentifier().equals("value")) v = p.getValue();
            }
        }
        List<String> out = new ArrayList<>();
        if (v instanceof StringLiteral s) out.add(s.getLiteralValue().trim());
        if (v instanceof ArrayInitializer ai) {
            for (Object e : ai.expressions()) if (e instanceof StringLiteral s) out.add(s.getLiteralValue().trim());
        }
        return out;
    }

    /**
     * Quick fixes that silence {@code f} at its primary location in {@code source} (the file
     * {@code file}): a {@code // rendezvous:ignore kind} line above it, and
     * {@code @SuppressWarnings("rendezvous:kind")} on the enclosing method (merged into an existing
     * {@code @SuppressWarnings}, which Java allows only once). Nothing when the finding lies in
     * another file.
     */
    public static List<dev.rendezvous.core.model.Fix> fixes(String file, String source, Finding f) {
        List<dev.rendezvous.core.model.Fix> out = new ArrayList<>();
        if (f.range() == null || !file.equals(f.range().file()) || f.range().start() > source.length()) return out;
        String kind = f.kind().id();
        int lineStart = source.lastIndexOf('\n', Math.max(0, f.range().start() - 1)) + 1;
        int i = lineStart;
        while (i < source.length() && (source.charAt(i) == ' ' || source.charAt(i) == '\t')) i++;
        String indent = source.substring(lineStart, i);
        out.add(new dev.rendezvous.core.model.Fix("Suppress '" + kind + "' on this line (// rendezvous:ignore)",
                List.of(new dev.rendezvous.core.model.TextEdit(file, lineStart, 0, indent + "// rendezvous:ignore " + kind + "\n"))));
        Program p = Program.parse(file, source);
        ASTNode n = org.eclipse.jdt.core.dom.NodeFinder.perform(p.ast(), f.range().start(), f.range().length());
        while (n != null && !(n instanceof org.eclipse.jdt.core.dom.MethodDeclaration)) n = n.getParent();
        if (n instanceof org.eclipse.jdt.core.dom.MethodDeclaration m) {
            String value = "\"" + TOOL + ":" + kind + "\"";
            dev.rendezvous.core.model.TextEdit edit = null;
            for (Object mod : m.modifiers()) {
                if (mod instanceof SingleMemberAnnotation a && a.getTypeName().getFullyQualifiedName().endsWith("SuppressWarnings")) {
                    Expression v = a.getValue();
                    if (v instanceof ArrayInitializer ai) {
                        int close = ai.getStartPosition() + ai.getLength() - 1;
                        edit = new dev.rendezvous.core.model.TextEdit(file, close, 0, (ai.expressions().isEmpty() ? "" : ", ") + value);
                    } else {
                        edit = new dev.rendezvous.core.model.TextEdit(file, v.getStartPosition(), v.getLength(),
                                "{" + source.substring(v.getStartPosition(), v.getStartPosition() + v.getLength()) + ", " + value + "}");
                    }
                }
            }
            if (edit == null) {
                ASTNode first = !m.modifiers().isEmpty() ? (ASTNode) m.modifiers().get(0)
                        : m.getReturnType2() != null ? m.getReturnType2() : m.getName();
                int at = first.getStartPosition();
                int ls = source.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
                int j = ls;
                while (j < at && (source.charAt(j) == ' ' || source.charAt(j) == '\t')) j++;
                edit = new dev.rendezvous.core.model.TextEdit(file, at, 0, "@SuppressWarnings(" + value + ")\n" + source.substring(ls, j));
            }
            out.add(new dev.rendezvous.core.model.Fix("Suppress '" + kind + "' in method " + m.getName().getIdentifier()
                    + " (@SuppressWarnings)", List.of(edit)));
        }
        return out;
    }

    /** Where the user silenced this finding, or null when they did not. */
    public String match(Finding f) {
        for (Rule r : rules) if (r.covers(f)) return r.how();
        return null;
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }
}
