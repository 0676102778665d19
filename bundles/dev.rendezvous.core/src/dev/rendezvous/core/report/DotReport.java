package dev.rendezvous.core.report;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The communication graph in Graphviz DOT: one cluster (lane) per rank with its operations in
 * program order, an arrow from each send to the receive that took it, and the operations of error
 * findings in red. {@code dot -Tsvg} turns it into the SVG the view would show.
 */
public final class DotReport {
    private DotReport() {}

    public static String render(RunReport r) {
        StringBuilder b = new StringBuilder("digraph rendezvous {\n  rankdir=LR;\n  node [shape=box, fontsize=10];\n");
        b.append("  label=\"").append(esc(r.file())).append(" np=").append(r.np()).append(" verdict=").append(r.verdict().runId()).append("\";\n");
        if (r.graph() == null) return b.append("}\n").toString();
        Set<Integer> red = new HashSet<>();
        for (Finding f : r.findings()) {
            if (f.severity() == Severity.ERROR) for (var op : f.operations()) red.add(op.start());
        }
        for (int rank = 0; rank < r.graph().np(); rank++) {
            List<Event> t = r.graph().trace(rank);
            b.append("  subgraph cluster_").append(rank).append(" {\n    label=\"rank ").append(rank).append("\";\n");
            String prev = null;
            for (Event e : t) {
                String id = id(e);
                b.append("    ").append(id).append(" [label=\"").append(esc(e.describe())).append("\\nL").append(e.site().line()).append('"');
                if (red.contains(e.site().start())) b.append(", color=red, fontcolor=red");
                b.append("];\n");
                if (prev != null) b.append("    ").append(prev).append(" -> ").append(id).append(" [style=dotted, arrowhead=none];\n");
                prev = id;
            }
            b.append("  }\n");
        }
        for (RunOutcome.Match m : r.graph().arcs()) {
            b.append("  ").append(id(m.send())).append(" -> ").append(id(m.recv())).append(" [color=blue];\n");
        }
        return b.append("}\n").toString();
    }

    private static String id(Event e) {
        return "r" + e.rank() + "_" + e.index();
    }

    private static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
