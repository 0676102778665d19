package dev.rendezvous.core.semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.TracePositions;

/**
 * The polynomial path for deterministic programs: replays a completed execution's traces under
 * zero buffering (buffer paper §3.2: a send vertex turns green only together with its receive,
 * rule 2a, never by a token, rule 2b) and says whether every rank still reaches its end. For a
 * program without wildcards, probes or unknown branches the matching is the same in every
 * execution, so the traces and the matching of one buffered run are those of every run; only
 * whether a rank can pass an operation depends on buffering. A zero-buffer deadlock is then a
 * t-ring of G(S) (§4): a cycle of ranks each waiting for the next one's receive to be posted,
 * which this replay meets as a state where no rank can move — in time linear in the events.
 * <p>
 * The replay is used only to confirm deadlock freedom; when it gets stuck, or meets an operation
 * whose zero-buffer behaviour it does not model (Bsend with an attached buffer, probes, persistent
 * requests, Waitany/Test*), the caller runs the full exploration, which also builds the witness.
 * Waitall is treated as waiting for every outstanding request of the rank, which only adds
 * waiting, so a replay that completes is still a proof.
 */
public final class ZeroBufferReplay {
    private ZeroBufferReplay() {}

    /** True when every rank of {@code run} reaches its end under zero buffering; false when unsure or stuck. */
    public static boolean completes(RunOutcome run) {
        if (!run.completed() || !run.decisions().isEmpty() || !run.wildcardDecisions().isEmpty()) return false;
        List<List<Event>> traces = run.traces();
        int np = traces.size();
        State s = new State(traces);
        for (RunOutcome.Match m : run.matches()) {
            int sp = s.position(m.send()), rp = s.position(m.recv());
            if (sp >= 0) s.partnerOfSend[m.send().rank()][sp] = m.recv();
            if (rp >= 0) s.partnerOfRecv[m.recv().rank()][rp] = m.send();
        }
        for (RunOutcome.Collective c : run.collectives()) {
            if (!c.complete() || c.mismatch()) return false;
            int id = s.counters.size();
            s.counters.add(new int[] {0, c.calls().size()});
            int[] ranks = new int[c.calls().size()];
            for (int k = 0; k < ranks.length; k++) {
                Event e = c.calls().get(k);
                if (e == null) return false;
                ranks[k] = e.rank();
                int at = s.position(e);
                if (at >= 0) s.instance[e.rank()][at] = id + 1;
            }
            s.memberRanks.add(ranks);
        }
        int[] pc = new int[np];
        boolean[] arrived = new boolean[np]; // the rank has posted its current event
        List<List<Event>> outstanding = new ArrayList<>();
        for (int r = 0; r < np; r++) outstanding.add(new ArrayList<>());
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[np];
        for (int r = 0; r < np; r++) {
            work.add(r);
            queued[r] = true;
        }
        while (!work.isEmpty()) {
            int r = work.poll();
            queued[r] = false;
            List<Event> t = traces.get(r);
            while (pc[r] < t.size()) {
                Event e = t.get(pc[r]);
                Op op = e.op();
                if (!arrived[r]) {
                    arrived[r] = true;
                    switch (op) {
                        case BSEND, IBSEND, BUFFER_ATTACH, BUFFER_DETACH, PROBE, IPROBE, START, STARTALL, WAITANY, WAITSOME, TEST,
                                TESTALL, TESTANY, TESTSOME -> {
                            return false;
                        }
                        default -> { }
                    }
                    if (e.peer() == Peer.ANY || e.sourcePeer() == Peer.ANY) return false;
                    s.posted[r][pc[r]] = true;
                    Event a = s.partnerOfSend[r][pc[r]], b = s.partnerOfRecv[r][pc[r]];
                    if (a != null) wake(a.rank(), work, queued);
                    if (b != null) wake(b.rank(), work, queued);
                    int inst = s.instance[r][pc[r]] - 1;
                    if (inst >= 0 && ++s.counters.get(inst)[0] == s.counters.get(inst)[1]) {
                        for (int m : s.memberRanks.get(inst)) wake(m, work, queued);
                    }
                    if (op.isNonBlocking()) outstanding.get(r).add(e);
                }
                if (!passes(e, pc[r], s, outstanding.get(r))) break;
                pc[r]++;
                arrived[r] = false;
            }
        }
        for (int r = 0; r < np; r++) if (pc[r] < traces.get(r).size()) return false;
        return true;
    }

    /**
     * The replay's state, by rank and position in the rank's trace (arrays, not maps keyed by event: hashing every
     * event into identity maps was most of the replay's time on a long run): each event's partner as a send and as a
     * receive, the collective instance it belongs to (its number + 1, 0 for none), and whether the rank has posted it.
     */
    private static final class State {
        final Event[][] partnerOfSend, partnerOfRecv;
        final int[][] instance;
        final boolean[][] posted;
        /** Per collective instance, {arrived, size}; and its members' ranks. */
        final List<int[]> counters = new ArrayList<>();
        final List<int[]> memberRanks = new ArrayList<>();
        /** Where each event sits in its rank's trace. */
        private final TracePositions positions;

        State(List<List<Event>> traces) {
            this.positions = new TracePositions(traces::get, traces.size());
            int np = traces.size();
            partnerOfSend = new Event[np][];
            partnerOfRecv = new Event[np][];
            instance = new int[np][];
            posted = new boolean[np][];
            for (int r = 0; r < np; r++) {
                int n = traces.get(r).size();
                partnerOfSend[r] = new Event[n];
                partnerOfRecv[r] = new Event[n];
                instance[r] = new int[n];
                posted[r] = new boolean[n];
            }
        }

        /** Where {@code e} sits in its rank's trace, or -1 when that trace does not hold it. */
        int position(Event e) {
            return positions.of(e);
        }

        boolean posted(Event e) {
            int p = position(e);
            return p >= 0 && posted[e.rank()][p];
        }
    }

    private static void wake(int r, ArrayDeque<Integer> work, boolean[] queued) {
        if (r >= 0 && r < queued.length && !queued[r]) {
            queued[r] = true;
            work.add(r);
        }
    }

    /** Whether the rank, having posted {@code e}, can go past it now. */
    private static boolean passes(Event e, int at, State s, List<Event> outstanding) {
        Op op = e.op();
        switch (op.kind()) {
            case SEND -> {
                if (op.isNonBlocking()) return true;
                return sendDone(e, s.partnerOfSend[e.rank()][at], s);
            }
            case RECV -> {
                if (op.isNonBlocking()) return true;
                return recvDone(e, s.partnerOfRecv[e.rank()][at], s);
            }
            case SENDRECV -> {
                return sendDone(e, s.partnerOfSend[e.rank()][at], s) && recvDone(e, s.partnerOfRecv[e.rank()][at], s);
            }
            case COLLECTIVE -> {
                int inst = s.instance[e.rank()][at] - 1;
                if (inst < 0) return false;
                int[] c = s.counters.get(inst);
                return c[0] == c[1];
            }
            case WAIT -> {
                // Wait on one request, or (Waitall, or a request not seen) on every outstanding one
                List<Event> waited = new ArrayList<>();
                if (op == Op.WAIT && e.request() >= 0) {
                    for (Event o : outstanding) if (o.request() == e.request()) waited.add(o);
                }
                if (waited.isEmpty()) waited.addAll(outstanding);
                for (Event o : waited) {
                    int p = s.position(o);
                    if (p < 0) return false;
                    boolean done = o.op().kind() == Op.Kind.SEND ? sendDone(o, s.partnerOfSend[o.rank()][p], s)
                            : recvDone(o, s.partnerOfRecv[o.rank()][p], s);
                    if (!done) return false;
                }
                // by identity: removeAll compared events field by field, for every pair (a Waitall over many requests)
                if (waited.size() == outstanding.size()) {
                    outstanding.clear(); // waited is taken from outstanding: as many means all of them
                } else {
                    java.util.Set<Event> done = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
                    done.addAll(waited);
                    outstanding.removeIf(done::contains);
                }
                return true;
            }
            default -> {
                return true; // Finalize, Free: local
            }
        }
    }

    /** Whether {@code send}, whose receive is {@code recv} (null: none), is done: its receive has been posted. */
    private static boolean sendDone(Event send, Event recv, State s) {
        if (recv == null) return send.peer() == Peer.PROC_NULL; // an unmatched message never completes unbuffered
        return s.posted(recv);
    }

    private static boolean recvDone(Event recv, Event send, State s) {
        if (send == null) return recv.sourcePeer() == Peer.PROC_NULL;
        return s.posted(send);
    }
}
