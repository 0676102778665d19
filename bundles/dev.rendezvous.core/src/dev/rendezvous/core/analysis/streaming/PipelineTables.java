package dev.rendezvous.core.analysis.streaming;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ArrayCreation;
import org.eclipse.jdt.core.dom.ArrayInitializer;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

import dev.rendezvous.core.analysis.streaming.DummyIntervals.Edge;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.TextEdit;

/**
 * The configuration tables of a table-driven streaming program, as the streaming paper's systems
 * are set up (§1: topology, buffer sizes and dummy intervals fixed at construction time): a
 * {@code static final int[][]} of {from, to} channel rows, and per-channel {@code int[]} tables of
 * the same length for capacities (name containing CAP, SLOT or BUF) and dummy intervals (name
 * containing INTERVAL or DUMMY). All initialisers must be literals. When found, the capacities
 * feed the interval computation and the interval table is what the dummy-token fix rewrites.
 */
public record PipelineTables(Program program, List<int[]> links, int[] capacities, ArrayInitializer intervalTable,
        String intervalName, String never) {

    private static final Pattern CAPACITY = Pattern.compile("(?i).*(cap|slot|buf).*");
    private static final Pattern INTERVAL = Pattern.compile("(?i).*(interval|dummy|dummies).*");

    /** The tables of {@code p}, or null when it does not declare links and an interval table. */
    public static PipelineTables find(Program p) {
        if (p == null || p.ast() == null) return null;
        List<Object[]> ints = new ArrayList<>(); // name, initializer, values
        List<Object[]> pairs = new ArrayList<>();
        p.ast().accept(new ASTVisitor() {
            @Override
            public boolean visit(FieldDeclaration fd) {
                if (!Modifier.isStatic(fd.getModifiers())) return false;
                for (Object o : fd.fragments()) {
                    VariableDeclarationFragment f = (VariableDeclarationFragment) o;
                    String name = f.getName().getIdentifier();
                    Expression init = f.getInitializer();
                    if (init instanceof ArrayCreation ac) init = ac.getInitializer();
                    if (!(init instanceof ArrayInitializer ai)) continue;
                    int[] flat = literals(ai);
                    if (flat != null) {
                        ints.add(new Object[] {name, ai, flat});
                        continue;
                    }
                    List<int[]> rows = new ArrayList<>();
                    for (Object e : ai.expressions()) {
                        int[] row = e instanceof ArrayInitializer r ? literals(r) : null;
                        if (row == null || row.length != 2) {
                            rows = null;
                            break;
                        }
                        rows.add(row);
                    }
                    if (rows != null && !rows.isEmpty()) pairs.add(new Object[] {name, rows});
                }
                return false;
            }
        });
        for (Object[] pr : pairs) {
            @SuppressWarnings("unchecked")
            List<int[]> links = (List<int[]>) pr[1];
            int[] caps = null;
            ArrayInitializer table = null;
            String tableName = null;
            for (Object[] t : ints) {
                int[] v = (int[]) t[2];
                if (v.length != links.size()) continue;
                String name = (String) t[0];
                if (INTERVAL.matcher(name).matches() && table == null) {
                    table = (ArrayInitializer) t[1];
                    tableName = name;
                } else if (CAPACITY.matcher(name).matches() && caps == null) {
                    caps = v;
                }
            }
            if (table == null) continue;
            String src = p.source();
            boolean zeroMeansNever = Pattern.compile(Pattern.quote(tableName) + "\\s*\\[[^\\]]*\\]\\s*>\\s*0").matcher(src).find();
            return new PipelineTables(p, links, caps, table, tableName, zeroMeansNever ? "0" : "Integer.MAX_VALUE");
        }
        return null;
    }

    private static int[] literals(ArrayInitializer ai) {
        int[] out = new int[ai.expressions().size()];
        for (int i = 0; i < out.length; i++) {
            Object e = ai.expressions().get(i);
            Integer v = intLiteral((ASTNode) e);
            if (v == null) return null;
            out[i] = v;
        }
        return out;
    }

    private static Integer intLiteral(ASTNode e) {
        try {
            if (e instanceof NumberLiteral n) return Integer.decode(n.getToken().replace("_", ""));
            if (e instanceof PrefixExpression pe && pe.getOperator() == PrefixExpression.Operator.MINUS
                    && pe.getOperand() instanceof NumberLiteral n) return -Integer.decode(n.getToken().replace("_", ""));
        } catch (NumberFormatException ex) {
            return null;
        }
        return null;
    }

    /** The declared capacity of channel from→to, or -1. */
    public long capacity(int from, int to) {
        if (capacities == null) return -1;
        for (int k = 0; k < links.size(); k++) {
            if (links.get(k)[0] == from && links.get(k)[1] == to) return capacities[k];
        }
        return -1;
    }

    /**
     * The fix: the interval table filled with Algorithm 6's intervals. Those are proved (Theorem
     * 3.3) for nodes that send some token on a channel at least once per interval, which is what an
     * interval table checked against the last token sent implements, forwarding or not. Algorithm
     * 4's longer intervals are proved only for Algorithm 2 nodes, where a data token never stands in
     * for a due dummy; a program that resets its interval clock on data and also forwards dummies
     * is neither, and does deadlock with them (FilterDiamond with forwarding on shows it), so they
     * are not offered. Null when every channel already has an interval at most as long.
     */
    public Fix dummyIntervalFix(Map<Edge, Long> nonPropagation) {
        Map<Edge, Long> chosen = nonPropagation;
        StringBuilder sb = new StringBuilder("{ ");
        boolean changes = false;
        int[] current = literals(intervalTable);
        for (int k = 0; k < links.size(); k++) {
            Long v = null;
            for (Map.Entry<Edge, Long> e : chosen.entrySet()) {
                if (e.getKey().from() == links.get(k)[0] && e.getKey().to() == links.get(k)[1]) v = e.getValue();
            }
            if (k > 0) sb.append(", ");
            boolean infinite = v == null || v == DummyIntervals.INF;
            if (!infinite) {
                int have = current == null ? 0 : current[k];
                boolean haveNever = "0".equals(never) ? have <= 0 : have == Integer.MAX_VALUE;
                if (haveNever || have > v) changes = true;
                sb.append(haveNever || have > v ? v : have);
            } else {
                sb.append(current == null ? never : Integer.toString(current[k]));
            }
        }
        if (!changes) return null;
        sb.append(" }");
        String label = "Set " + intervalName + " to the dummy intervals " + sb + " (Algorithm 6)";
        return new Fix(label, List.of(new TextEdit(program.file(), intervalTable.getStartPosition(), intervalTable.getLength(),
                sb.toString())));
    }
}
