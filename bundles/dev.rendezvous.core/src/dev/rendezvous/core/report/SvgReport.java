package dev.rendezvous.core.report;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The communication graph as a self-contained SVG, drawn like the IDE's view: one horizontal
 * lane per rank, operations in program order, an arrow from each send to the receive that took
 * it, the operations of error findings in red. Lanes beyond {@link #MAX_LANES} are summarised.
 */
public final class SvgReport {
    static final int MAX_LANES = 64;
    private static final int LANE_H = 56, COL_W = 132, LEFT = 70, TOP = 40, NODE_W = 118, NODE_H = 22;

    private SvgReport() {}

    public static String render(RunReport r) {
        int lanes = r.graph() == null ? 0 : Math.min(r.graph().np(), MAX_LANES);
        int cols = 1;
        for (int k = 0; k < lanes; k++) cols = Math.max(cols, r.graph().trace(k).size());
        int width = LEFT + cols * COL_W + 20, height = TOP + Math.max(1, lanes) * LANE_H + 30;
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
        b.append("  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\""
                + " orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1f3a93\"/></marker></defs>\n");
        b.append("  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        b.append("  <text x=\"8\" y=\"18\" fill=\"").append(r.hasErrors() ? "#dc2828" : "#1a7f37").append("\">")
                .append(esc(r.file() + "  np=" + r.np() + "  verdict: " + r.verdict().runId())).append("</text>\n");
        if (r.graph() == null) return b.append("</svg>\n").toString();
        Set<Integer> red = new HashSet<>();
        for (Finding f : r.findings()) {
            if (f.severity() == Severity.ERROR) for (var op : f.operations()) red.add(op.start());
        }
        Map<Event, int[]> at = new HashMap<>();
        for (int rank = 0; rank < lanes; rank++) {
            int y = TOP + rank * LANE_H;
            b.append("  <text x=\"4\" y=\"").append(y + 15).append("\">rank ").append(rank).append("</text>\n");
            b.append("  <line x1=\"").append(LEFT).append("\" y1=\"").append(y + NODE_H / 2).append("\" x2=\"").append(width)
                    .append("\" y2=\"").append(y + NODE_H / 2).append("\" stroke=\"#cccccc\"/>\n");
            List<Event> t = r.graph().trace(rank);
            for (Event e : t) {
                int x = LEFT + 4 + e.index() * COL_W;
                boolean isRed = red.contains(e.site().start());
                b.append("  <g><title>").append(esc("rank " + rank + ": " + e.describe() + " at line " + e.site().line())).append("</title>");
                b.append("<rect x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"").append(NODE_W).append("\" height=\"")
                        .append(NODE_H).append("\" fill=\"").append(isRed ? "#dc2828" : "#ebf2fc").append("\" stroke=\"")
                        .append(isRed ? "#dc2828" : "#888888").append("\"/>");
                b.append("<text x=\"").append(x + 4).append("\" y=\"").append(y + 15).append("\" fill=\"").append(isRed ? "white" : "black")
                        .append("\">").append(esc(shortText(e))).append("</text></g>\n");
                at.put(e, new int[] {x, y});
            }
        }
        for (RunOutcome.Match m : r.graph().arcs()) {
            int[] s = at.get(m.send()), d = at.get(m.recv());
            if (s == null || d == null) continue;
            b.append("  <line x1=\"").append(s[0] + NODE_W / 2).append("\" y1=\"").append(s[1] + (d[1] >= s[1] ? NODE_H : 0))
                    .append("\" x2=\"").append(d[0] + NODE_W / 2).append("\" y2=\"").append(d[1] + (d[1] >= s[1] ? 0 : NODE_H))
                    .append("\" stroke=\"#1f3a93\" marker-end=\"url(#arrow)\"/>\n");
        }
        if (r.graph().np() > lanes) {
            b.append("  <text x=\"8\" y=\"").append(TOP + lanes * LANE_H + 12).append("\">\u2026 ").append(r.graph().np() - lanes)
                    .append(" more ranks not drawn</text>\n");
        }
        return b.append("</svg>\n").toString();
    }

    static String shortText(Event e) {
        return e.describe().replace("(to ", "\u2192").replace("(from ", "\u2190").replace(", tag ", " t").replace(")", "") + " L"
                + e.site().line();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
