package dev.rendezvous.core.model;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Where an event sits in its rank's trace: its {@link Event#index}, when the trace holds that very event there (as the
 * world records them); otherwise found by identity, once for all events (-1 when its rank's trace does not hold it).
 * Lets an analysis keep per-event state in arrays by rank and position instead of maps keyed by event.
 */
public final class TracePositions {
    private final IntFunction<List<Event>> trace;
    private final int np;
    /**
     * Built the first time an event is not where its index says, then published whole: two threads reading one graph
     * (the editor's views) may both build it, and each reads a complete map.
     */
    private volatile Map<Event, Integer> byIdentity;

    /** Over the traces {@code trace.apply(r)} of ranks {@code 0 .. np - 1}. */
    public TracePositions(IntFunction<List<Event>> trace, int np) {
        this.trace = trace;
        this.np = np;
    }

    public int of(Event e) {
        if (e.rank() < 0 || e.rank() >= np) return -1;
        List<Event> t = trace.apply(e.rank());
        if (e.index() >= 0 && e.index() < t.size() && t.get(e.index()) == e) return e.index();
        Map<Event, Integer> positions = byIdentity;
        if (positions == null) {
            positions = new IdentityHashMap<>();
            for (int r = 0; r < np; r++) {
                List<Event> tr = trace.apply(r);
                for (int p = 0; p < tr.size(); p++) positions.put(tr.get(p), p);
            }
            byIdentity = positions;
        }
        Integer p = positions.get(e);
        return p == null || p >= t.size() || t.get(p) != e ? -1 : p;
    }
}
