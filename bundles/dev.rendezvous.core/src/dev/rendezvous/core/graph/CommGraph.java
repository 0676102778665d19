package dev.rendezvous.core.graph;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.TracePositions;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The communication graph G(S) of {@code buffer-allocation-complexity.md} §3 for one execution:
 * one process component per rank (start, its events in program order, end — the start and end
 * vertices are implicit at positions 0 and E_i+1) and communication arcs from each send event to
 * the receive event that took its message.
 */
public final class CommGraph {
    private final int np;
    private final List<List<Event>> traces;
    private final List<RunOutcome.Match> arcs;
    /**
     * Each event's partner by rank and position in its trace ({@link TracePositions}): the receive that took a send's
     * message, the send whose message a receive took. Arrays, not identity maps: hashing every matched event twice
     * was a fortieth of analysing a 200-iteration halo exchange. A match whose event its rank's trace does not hold
     * (none the world records) is kept in an identity map of that direction ({@link #unplacedRecvOfSend},
     * {@link #unplacedSendOfRecv}: a Sendrecv is both a send and a receive).
     */
    private final Event[][] recvOfSend, sendOfRecv;
    private final TracePositions positions;
    private final Map<Event, Event> unplacedRecvOfSend = new IdentityHashMap<>(0), unplacedSendOfRecv = new IdentityHashMap<>(0);

    public CommGraph(int np, List<List<Event>> traces, List<RunOutcome.Match> arcs) {
        this.np = np;
        this.traces = traces;
        this.arcs = arcs;
        this.positions = new TracePositions(traces::get, traces.size());
        int ranks = traces.size();
        recvOfSend = new Event[ranks][];
        sendOfRecv = new Event[ranks][];
        for (RunOutcome.Match m : arcs) {
            place(recvOfSend, unplacedRecvOfSend, m.send(), m.recv());
            place(sendOfRecv, unplacedSendOfRecv, m.recv(), m.send());
        }
    }

    private void place(Event[][] partners, Map<Event, Event> unplaced, Event e, Event partner) {
        int p = positions.of(e);
        if (p < 0) {
            unplaced.put(e, partner);
            return;
        }
        if (partners[e.rank()] == null) partners[e.rank()] = new Event[traces.get(e.rank()).size()];
        partners[e.rank()][p] = partner;
    }

    private Event partner(Event[][] partners, Map<Event, Event> unplaced, Event e) {
        int p = positions.of(e);
        if (p < 0) return unplaced.get(e);
        Event[] row = partners[e.rank()];
        return row == null ? null : row[p];
    }

    public static CommGraph of(RunOutcome run) {
        return new CommGraph(run.traces().size(), run.traces(), run.matches());
    }

    public int np() {
        return np;
    }

    public List<Event> trace(int rank) {
        return traces.get(rank);
    }

    public List<List<Event>> traces() {
        return traces;
    }

    public List<RunOutcome.Match> arcs() {
        return arcs;
    }

    public Event receiverOf(Event send) {
        return partner(recvOfSend, unplacedRecvOfSend, send);
    }

    public Event senderOf(Event recv) {
        return partner(sendOfRecv, unplacedSendOfRecv, recv);
    }

    private HappensBefore hb;

    /** MPI happens-before over this graph, computed on first use and kept (a derived fact). */
    public synchronized HappensBefore happensBefore() {
        if (hb == null) hb = new HappensBefore(this);
        return hb;
    }

    /** A wildcard receive's match in this run, and another send of the run that could have taken its place. */
    public record Alternative(RunOutcome.Match taken, Event other) {}

    /**
     * For every wildcard receive, the other sends of this run that could have matched it: sends to
     * its rank on its communicator with an acceptable tag, taken by a receive of that rank at or
     * after it (so they were not consumed before the wildcard was posted).
     */
    public List<Alternative> wildcardAlternatives() {
        List<Alternative> out = new ArrayList<>();
        for (RunOutcome.Match m : arcs) {
            Event r = m.recv();
            if (r.sourcePeer() != Peer.ANY) continue;
            for (RunOutcome.Match o : arcs) {
                Event s = o.send();
                if (s == m.send() || o.recv().rank() != r.rank() || o.recv().index() < r.index() || s.comm() != r.comm()) continue;
                if (r.sourceTag() != Peer.ANY && s.tag() != r.sourceTag()) continue;
                out.add(new Alternative(m, s));
            }
        }
        return out;
    }

    public int eventCount() {
        int n = 0;
        for (List<Event> t : traces) n += t.size();
        return n;
    }
}
