package dev.rendezvous.core.analysis.deadlock;

import java.util.List;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Whether the zero-buffer exploration already shows everything any buffering can do: POE_MSE's
 * question ({@code slack-elasticity-poe-mse.md} §2–3) asked of every execution of the exploration
 * at once. Buffering changes what a program can do only through a <em>potential culprit</em>: a
 * send whose buffering breaks a happens-before path that keeps some other send from competing for
 * a wildcard receive. When no execution has a wildcard receive {@code r} and a send {@code s} it
 * accepts with {@code r} happening before {@code s} on a path that buffering can break, no set of
 * buffered sends adds a match that zero buffering lacks (§3: POE_MSE then explores what POE
 * explores); each matching is then deterministic, and a deterministic matching that completes
 * without buffering completes with any (§1), so the per-send exploration cannot find a deadlock the
 * zero-buffer exploration did not.
 *
 * <p>The test is strict where the paper's search for minimal culprit sets is exact: an order holds
 * only if it survives buffering <em>every</em> standard send (the {@code robust} clocks of {@link #clocks}).
 * Sends that MPI's non-overtaking keeps behind an earlier send of the same rank which the wildcard
 * also accepts and which is still unmatched when the wildcard matches can never be its match
 * (the paper's own exclusion at R_{2,6}, generalised from the matched sender to every sender).
 *
 * <p>The exploration cuts runs at states it has already explored ({@code StateCache}): such a run's
 * trace ends at the cut, and what follows is the continuation an earlier run explored from the same
 * state, checked there (orders among events after the cut are the same in both runs). For a wildcard
 * matched before the cut, every later send of a rank must still be excluded without seeing it: the
 * rank has finished, or a send it already made holds later ones back, or the wildcard happens
 * before the rank's last event whatever the buffering (its later events follow in program order).
 * The same holds for a run that did not complete (a rank the analysis stopped following, an abort).
 *
 * <p>Only blocking programs are judged (standard, synchronous, ready and buffered sends, receives,
 * collectives); any other operation in an execution (non-blocking calls, probes, Sendrecv), an unknown
 * peer, or an execution too large to check ({@link #MAX_WORK}) refutes the proof, and the per-send
 * exploration runs as before.
 */
public final class SlackElasticityProof implements Explorer.RunObserver {
    /**
     * The MPJ methods whose calls this proof does not judge (a run that makes one refutes it): non-blocking calls and
     * their waits and tests, persistent requests, probes, Sendrecv. A program that calls none by name may be proved.
     */
    public static final java.util.Set<String> OUTSIDE = outside();

    private static java.util.Set<String> outside() {
        java.util.Set<String> names = new java.util.HashSet<>(List.of("Send_init", "Ssend_init", "Bsend_init", "Rsend_init", "Recv_init"));
        for (Op op : Op.values()) if (!supported(op)) names.add(op.mpjName());
        return java.util.Set.copyOf(names);
    }

    /** Work limit per execution: events times ranks (two vector clocks per event). */
    static final long MAX_WORK = 4_000_000;

    private int observed;
    private String refutation;

    /** Checks one run of the zero-buffer exploration (cut at a known state when {@code cut}). */
    @Override
    public void ran(RunOutcome run, boolean cut) {
        if (refutation != null) return;
        observed++;
        refutation = check(run, cut);
    }

    /** True when at least one run was seen and none can gain a competing send by buffering. */
    public boolean holds() {
        return observed > 0 && refutation == null;
    }

    /** Why the proof failed (the first run that could not be shown elastic), or null. */
    public String refutation() {
        return refutation;
    }

    /** Null when buffering cannot add a competitor for any wildcard of this run; otherwise why not. */
    static String check(RunOutcome run, boolean cut) {
        // a run that did not complete (a rank stopped by a budget, the job aborted) also hides what its ranks would send next
        boolean partial = cut || !run.completed();
        List<List<Event>> traces = run.traces();
        int np = traces.size();
        long events = 0;
        for (int q = 0; q < np; q++) {
            List<Event> t = traces.get(q);
            for (int i = 0; i < t.size(); i++) {
                Event e = t.get(i);
                if (!supported(e.op())) return e.op().mpjName() + " at line " + e.site().line() + " is outside the blocking subset";
                if (e.op().kind() != Op.Kind.LOCAL && e.peer() == Peer.UNKNOWN) return "an unknown peer at line " + e.site().line();
                if (e.index() != i || e.rank() != q) return "an event out of its trace position";
            }
            events += t.size();
        }
        List<RunOutcome.Match> wildcards = run.matches().stream().filter(m -> m.recv().sourcePeer() == Peer.ANY).toList();
        if (wildcards.isEmpty()) return null;
        if (events * np > MAX_WORK) return "an execution too large to check";
        Event[][] partner = new Event[np][];
        Event[][][] zeroIn = new Event[np][][], robustIn = new Event[np][][];
        for (int q = 0; q < np; q++) {
            int n = traces.get(q).size();
            partner[q] = new Event[n];
            zeroIn[q] = new Event[n][];
            robustIn[q] = new Event[n][];
        }
        for (RunOutcome.Match m : run.matches()) {
            Event snd = m.send(), rcv = m.recv();
            partner[snd.rank()][snd.index()] = rcv;
            partner[rcv.rank()][rcv.index()] = snd;
            zeroIn[rcv.rank()][rcv.index()] = robustIn[rcv.rank()][rcv.index()] = new Event[] {snd};
            zeroIn[snd.rank()][snd.index()] = new Event[] {rcv};
            if (snd.op().isSynchronous()) robustIn[snd.rank()][snd.index()] = new Event[] {rcv};
        }
        String collectives = collectiveEdges(run, partial, zeroIn, robustIn, events);
        if (collectives != null) return collectives;
        int[][][] zero = clocks(traces, zeroIn), robust = clocks(traces, robustIn);
        if (zero == null || robust == null) return "an execution whose happens-before has a cycle";
        for (RunOutcome.Match m : wildcards) {
            Event r = m.recv(), took = m.send();
            int d = r.rank();
            for (int q = 0; q < np; q++) {
                boolean heldBack = false; // a send of q that r accepts and that is not consumed before r: later ones queue behind it
                for (Event s : traces.get(q)) {
                    if (!competes(r, s, partner)) continue;
                    if (s != took && !heldBack && zero[q][s.index()][d] >= r.index() && robust[q][s.index()][d] < r.index()) {
                        return "buffering can let rank " + q + "'s " + s.op().mpjName() + " at line " + s.site().line()
                                + " compete for the wildcard receive at line " + r.site().line();
                    }
                    heldBack = true;
                }
                if (!partial || heldBack || q == d || run.done()[q]) continue;
                int last = traces.get(q).size() - 1;
                if (last < 0 || robust[q][last][d] < r.index()) {
                    return "rank " + q + " may send to the wildcard receive at line " + r.site().line()
                            + " after the point where this run's trace ends";
                }
            }
        }
        return null;
    }

    /**
     * What flows into the operation after each collective call besides program order: under zero buffering
     * every member's call (all wait for all); whatever the buffering, as the runtime model lets members go
     * early ({@code World}'s eager collectives): every member's call for a collective without a root, the root's
     * call for a non-root of a root-to-all one (Bcast, Scatter), every member's call for the root of an
     * all-to-root one (Reduce, Gather). Null when done; otherwise why the run cannot be judged.
     */
    private static String collectiveEdges(RunOutcome run, boolean partial, Event[][][] zeroIn, Event[][][] robustIn, long events) {
        long work = 0;
        for (RunOutcome.Collective c : run.collectives()) {
            if (c.mismatch() || !c.complete() && !partial) return "a collective whose members do not agree";
            List<Event> calls = c.calls().stream().filter(java.util.Objects::nonNull).toList();
            work += (long) calls.size() * calls.size();
            if (work > MAX_WORK) return "an execution too large to check";
            Event root = calls.stream().filter(e -> e.op().hasRoot() && e.peer() == e.rank()).findFirst().orElse(null);
            for (Event e : calls) {
                List<Event> others = calls.stream().filter(x -> x != e).toList();
                zeroIn[e.rank()][e.index()] = others.toArray(new Event[0]);
                List<Event> robust = !e.op().hasRoot() ? others
                        : e.op().isRootToAll() ? (root == null || root == e ? List.of() : List.of(root))
                        : e == root ? others : List.of();
                robustIn[e.rank()][e.index()] = robust.toArray(new Event[0]);
            }
        }
        return null;
    }

    /**
     * Vector clocks of MPI happens-before over blocking operations ({@code slack-elasticity-poe-mse.md} §2, as in
     * {@link dev.rendezvous.core.graph.HappensBefore}): {@code c[q][i][p]} is the last index of rank {@code p} that
     * happens before event {@code i} of rank {@code q} (-1 if none). An operation precedes its rank's next one, and so
     * does every operation in {@code in} of its predecessor (a matched send precedes the operation after its
     * receive; the receive the one after its send, unless buffering can let the send complete alone). Null on a cycle.
     */
    private static int[][][] clocks(List<List<Event>> traces, Event[][][] in) {
        int np = traces.size();
        int[][][] c = new int[np][][];
        int[] next = new int[np];
        for (int q = 0; q < np; q++) c[q] = new int[traces.get(q).size()][];
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int q = 0; q < np; q++) {
                List<Event> t = traces.get(q);
                step: while (next[q] < t.size()) {
                    int i = next[q];
                    int[] v;
                    if (i == 0) {
                        v = new int[np];
                        java.util.Arrays.fill(v, -1);
                    } else {
                        Event[] from = in[q][i - 1];
                        if (from != null) {
                            for (Event o : from) if (next[o.rank()] <= o.index()) break step; // its clock is not known yet
                        }
                        v = c[q][i - 1].clone();
                        v[q] = i - 1;
                        if (from != null) {
                            for (Event o : from) {
                                int[] w = c[o.rank()][o.index()];
                                for (int p = 0; p < np; p++) v[p] = Math.max(v[p], w[p]);
                                v[o.rank()] = Math.max(v[o.rank()], o.index());
                            }
                        }
                    }
                    c[q][i] = v;
                    next[q]++;
                    moved = true;
                }
            }
        }
        for (int q = 0; q < np; q++) if (next[q] < traces.get(q).size()) return null;
        return c;
    }

    /** A send to {@code r}'s rank that {@code r} accepts and that no receive before {@code r} consumed. */
    private static boolean competes(Event r, Event s, Event[][] partner) {
        if (s.op().kind() != Op.Kind.SEND || s.peer() != r.rank() || s.comm() != r.comm()) return false;
        if (r.sourceTag() != Peer.ANY && s.tag() != r.sourceTag()) return false;
        Event took = partner[s.rank()][s.index()];
        return took == null || took.rank() != r.rank() || took.index() >= r.index();
    }

    private static boolean supported(Op op) {
        return switch (op) {
            case SEND, SSEND, RSEND, BSEND, RECV, FINALIZE, BUFFER_ATTACH, BUFFER_DETACH -> true;
            default -> op.kind() == Op.Kind.COLLECTIVE;
        };
    }
}
