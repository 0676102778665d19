package dev.rendezvous.core.report;

import java.util.List;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;

/**
 * A readable dump of the extracted traces and their matching, one rank after another:
 * {@code  3 L16 Send(to 1, tag 7) -> r1#2 L17}. Stable, so golden files can pin it.
 */
public final class TraceDump {
    private TraceDump() {}

    public static String render(CommGraph g) {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < g.np(); r++) {
            List<Event> t = g.trace(r);
            b.append("rank ").append(r).append(" (").append(t.size()).append(" events)\n");
            for (Event e : t) {
                b.append(String.format("  %3d L%-4d %s", e.index(), e.site().line(), e.describe()));
                if (e.comm() != 0 && e.op().kind() != Op.Kind.LOCAL && e.op().kind() != Op.Kind.WAIT) b.append(" comm ").append(e.comm());
                if (e.request() >= 0) b.append(" req ").append(e.request());
                if (!e.userSite().equals(e.site())) b.append(" via L").append(e.userSite().line());
                Event to = g.receiverOf(e);
                if (to != null) b.append("  -> r").append(to.rank()).append('#').append(to.index()).append(" L").append(to.site().line());
                Event from = g.senderOf(e);
                if (from != null) b.append("  <- r").append(from.rank()).append('#').append(from.index()).append(" L").append(from.site().line());
                if (to == null && from == null && (e.op().kind() == Op.Kind.SEND || e.op().kind() == Op.Kind.RECV)
                        && e.peer() != Peer.PROC_NULL) {
                    b.append("  (unmatched)");
                }
                b.append('\n');
            }
        }
        return b.toString();
    }
}
