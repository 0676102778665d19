package dev.rendezvous.core.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The MPI happens-before relation of {@code slack-elasticity-poe-mse.md} §2 over one execution's
 * graph. Intra-rank edges: a blocking operation (and a wait, and a collective) precedes the next
 * operation of its rank; a non-blocking send or receive precedes only its wait, a later send to the
 * same destination and a later receive from the same source (non-overtaking). Inter-rank edges: for
 * each matched send and receive, each precedes the other's completion (the next operation after a
 * blocking call, or the wait of a non-blocking one) — the rendezvous of zero buffering, so the
 * relation is acyclic exactly when the execution's matching is possible without buffering. Computed
 * once per graph by
 * {@link CommGraph#happensBefore()}; {@link #before} is a reachability query on that DAG.
 */
public final class HappensBefore {
    private final Map<Event, Integer> id = new IdentityHashMap<>();
    private final List<Event> events = new ArrayList<>();
    private final List<List<Integer>> succ = new ArrayList<>();
    private final Map<Long, Boolean> memo = new HashMap<>();
    /** Edges that exist only because a send is not buffered: receive -> completion of that send. */
    private final Map<Long, Event> removableBy = new HashMap<>();

    HappensBefore(CommGraph g) {
        for (int r = 0; r < g.np(); r++) for (Event e : g.trace(r)) node(e);
        for (int r = 0; r < g.np(); r++) {
            List<Event> t = g.trace(r);
            for (int i = 0; i < t.size(); i++) {
                Event e = t.get(i);
                if (!e.op().isNonBlocking()) {
                    if (i + 1 < t.size()) edge(e, t.get(i + 1));
                    continue;
                }
                for (int j = i + 1; j < t.size(); j++) {
                    Event l = t.get(j);
                    boolean waitOfIt = l.op().kind() == Op.Kind.WAIT && (l.request() == e.request() || l.request() < 0
                            || l.op() == Op.WAITALL || l.op() == Op.WAITANY || l.op() == Op.WAITSOME);
                    boolean sameChannel = l.op().kind() == e.op().kind() && l.peer() == e.peer() && l.comm() == e.comm();
                    if (waitOfIt || sameChannel) {
                        edge(e, l);
                        if (waitOfIt) break;
                    }
                }
            }
        }
        for (RunOutcome.Match m : g.arcs()) {
            Event c = completion(g, m.recv());
            if (c != null) edge(m.send(), c);
            Event d = completion(g, m.send());
            if (d != null && m.send() != d) {
                edge(m.recv(), d);
                if (!m.send().op().isSynchronous() && m.send().op().kind() == Op.Kind.SEND) {
                    removableBy.put(((long) node(m.recv()) << 32) | node(d), m.send());
                }
            }
        }
    }

    private static Event completion(CommGraph g, Event e) {
        List<Event> t = g.trace(e.rank());
        for (int j = e.index() + 1; j < t.size(); j++) {
            Event l = t.get(j);
            if (!e.op().isNonBlocking()) return l;
            if (l.op().kind() == Op.Kind.WAIT && (l.request() == e.request() || l.op() != Op.WAIT)) return l;
        }
        return null;
    }

    private int node(Event e) {
        return id.computeIfAbsent(e, x -> {
            events.add(x);
            succ.add(new ArrayList<>(2));
            return events.size() - 1;
        });
    }

    private void edge(Event a, Event b) {
        if (a != b) succ.get(node(a)).add(node(b));
    }

    /** Whether {@code a} happens before {@code b} (a path of HB edges leads from a to b). */
    public synchronized boolean before(Event a, Event b) {
        Integer x = id.get(a), y = id.get(b);
        if (x == null || y == null || x.equals(y)) return false;
        long key = ((long) x << 32) | y;
        Boolean known = memo.get(key);
        if (known != null) return known;
        boolean[] seen = new boolean[events.size()];
        java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
        q.add(x);
        seen[x] = true;
        boolean found = false;
        while (!q.isEmpty() && !found) {
            for (int n : succ.get(q.poll())) {
                if (n == y) {
                    found = true;
                    break;
                }
                if (!seen[n]) {
                    seen[n] = true;
                    q.add(n);
                }
            }
        }
        memo.put(key, found);
        return found;
    }

    /**
     * Whether {@code a} still happens before {@code b} when the given standard sends are buffered:
     * a buffered send completes without its receive (slack paper §2: its wait becomes a no-op), so
     * the edge from the matching receive to the send's completion is gone.
     */
    public boolean beforeBuffering(Event a, Event b, java.util.Set<Event> buffered) {
        if (buffered.isEmpty()) return before(a, b);
        Integer x = id.get(a), y = id.get(b);
        if (x == null || y == null || x.equals(y)) return false;
        boolean[] seen = new boolean[events.size()];
        java.util.ArrayDeque<Integer> q = new java.util.ArrayDeque<>();
        q.add(x);
        seen[x] = true;
        while (!q.isEmpty()) {
            int u = q.poll();
            for (int n : succ.get(u)) {
                Event by = removableBy.get(((long) u << 32) | n);
                if (by != null && buffered.contains(by)) continue;
                if (n == y) return true;
                if (!seen[n]) {
                    seen[n] = true;
                    q.add(n);
                }
            }
        }
        return false;
    }

    /** The sends whose buffering removes an edge of this graph (the candidates for culprit sends). */
    public java.util.Collection<Event> bufferableSends() {
        return new java.util.LinkedHashSet<>(removableBy.values());
    }

    /** Neither happens before the other. */
    public boolean concurrent(Event a, Event b) {
        return !before(a, b) && !before(b, a);
    }
}
