package dev.rendezvous.core.semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;

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
        Map<Event, Event> partnerOfSend = new IdentityHashMap<>(), partnerOfRecv = new IdentityHashMap<>();
        for (RunOutcome.Match m : run.matches()) {
            partnerOfSend.put(m.send(), m.recv());
            partnerOfRecv.put(m.recv(), m.send());
        }
        Map<Event, int[]> instance = new IdentityHashMap<>(); // event -> {arrived counter cell index}
        List<int[]> counters = new ArrayList<>(); // {arrived, size}
        List<int[]> memberRanks = new ArrayList<>();
        for (RunOutcome.Collective c : run.collectives()) {
            if (!c.complete() || c.mismatch()) return false;
            int id = counters.size();
            counters.add(new int[] {0, c.calls().size()});
            int[] ranks = new int[c.calls().size()];
            for (int k = 0; k < ranks.length; k++) {
                Event e = c.calls().get(k);
                if (e == null) return false;
                ranks[k] = e.rank();
                instance.put(e, new int[] {id});
            }
            memberRanks.add(ranks);
        }
        Map<Event, Boolean> posted = new IdentityHashMap<>();
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
                    posted.put(e, Boolean.TRUE);
                    Event a = partnerOfSend.get(e), b = partnerOfRecv.get(e);
                    if (a != null) wake(a.rank(), work, queued);
                    if (b != null) wake(b.rank(), work, queued);
                    int[] inst = instance.get(e);
                    if (inst != null && ++counters.get(inst[0])[0] == counters.get(inst[0])[1]) {
                        for (int m : memberRanks.get(inst[0])) wake(m, work, queued);
                    }
                    if (op.isNonBlocking()) outstanding.get(r).add(e);
                }
                if (!passes(e, posted, partnerOfSend, partnerOfRecv, instance, counters, outstanding.get(r))) break;
                pc[r]++;
                arrived[r] = false;
            }
        }
        for (int r = 0; r < np; r++) if (pc[r] < traces.get(r).size()) return false;
        return true;
    }

    private static void wake(int r, ArrayDeque<Integer> work, boolean[] queued) {
        if (r >= 0 && r < queued.length && !queued[r]) {
            queued[r] = true;
            work.add(r);
        }
    }

    /** Whether the rank, having posted {@code e}, can go past it now. */
    private static boolean passes(Event e, Map<Event, Boolean> posted, Map<Event, Event> partnerOfSend,
            Map<Event, Event> partnerOfRecv, Map<Event, int[]> instance, List<int[]> counters, List<Event> outstanding) {
        Op op = e.op();
        switch (op.kind()) {
            case SEND -> {
                if (op.isNonBlocking()) return true;
                return sendDone(e, posted, partnerOfSend);
            }
            case RECV -> {
                if (op.isNonBlocking()) return true;
                return recvDone(e, posted, partnerOfRecv);
            }
            case SENDRECV -> {
                return sendDone(e, posted, partnerOfSend) && recvDone(e, posted, partnerOfRecv);
            }
            case COLLECTIVE -> {
                int[] inst = instance.get(e);
                if (inst == null) return false;
                int[] c = counters.get(inst[0]);
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
                    boolean done = o.op().kind() == Op.Kind.SEND ? sendDone(o, posted, partnerOfSend) : recvDone(o, posted, partnerOfRecv);
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

    private static boolean sendDone(Event send, Map<Event, Boolean> posted, Map<Event, Event> partnerOfSend) {
        Event recv = partnerOfSend.get(send);
        if (recv == null) return send.peer() == Peer.PROC_NULL; // an unmatched message never completes unbuffered
        return posted.containsKey(recv);
    }

    private static boolean recvDone(Event recv, Map<Event, Boolean> posted, Map<Event, Event> partnerOfRecv) {
        Event send = partnerOfRecv.get(recv);
        if (send == null) return recv.sourcePeer() == Peer.PROC_NULL;
        return posted.containsKey(send);
    }
}
