package dev.rendezvous.core.semantics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.LocalModels.Action;
import dev.rendezvous.core.semantics.LocalModels.Kind;
import dev.rendezvous.core.semantics.LocalModels.Node;
import dev.rendezvous.core.semantics.LocalModels.Outcome;
import dev.rendezvous.core.semantics.LocalModels.Step;

/**
 * The zero-buffer exploration as a search of the product of each rank's automaton ({@link LocalModels}), learning the
 * automata with runs directed where the product needs an edge no run has shown yet. The stateless search of
 * {@link Explorer} re-interprets the program from the start for every matching of every wildcard it branches on, so a
 * master that takes messages from seven workers in any order costs one replayed run per global state (78,000 for
 * {@code ProbeDispatch} at np=8). Here the program runs only to learn what a rank does after an outcome it has not been
 * seen to get at a local state (a few hundred runs there); the global states are enumerated on the automata, as SPIN
 * does on the model {@code report/PromelaExport} writes of them.
 *
 * <p>Soundness rests on what state caching already assumes: a rank's local state hash (relevant variables, call site,
 * resolved arguments) and the outcomes it gets from then on decide everything it does. The product follows the
 * semantics of {@link World} under {@link BufferPolicy#ZERO}, written out in {@code PromelaExport}: a send is visible
 * to probes and receives from the moment it is posted and completes only when a receive takes it; a receive takes the
 * pending message of a named source (or any source) whose tag it accepts; a probe sees it without taking it; a
 * Sendrecv posts its send, then completes when its receive has matched and its send has been taken.
 *
 * <p>Only programs inside that subset are searched this way: blocking {@code Send}/{@code Ssend}, {@code Recv},
 * {@code Probe} and {@code Sendrecv} on {@code COMM_WORLD}, no collective, no decision other than wildcard matches (an
 * unknown branch, a decision taken alike by all ranks), no abort or budget in any run. Anything else, or a directed run
 * that does not do what the automata predicted, gives up ({@link #search} returns null) and the caller explores as
 * before.
 */
public final class LearnedModelSearch {

    /** Operations the product models; a run with any other event gives up. */
    private static final Set<Op> MODELLED = Set.of(Op.SEND, Op.SSEND, Op.RECV, Op.PROBE, Op.SENDRECV, Op.FINALIZE);

    /** Global states the product may hold before the search gives up (memory: about 16 bytes per rank each). */
    static final int MAX_STATES = 2_000_000;

    /** Distinct deadlocks (ranks and the lines they block at) replayed as runs for the findings. */
    static final int MAX_DEADLOCK_RUNS = 16;

    private final int np;
    private final LocalModels models;
    private final Function<ChoiceSource, RunOutcome> runner;
    private final int maxRuns;
    private final long deadlineNanos;

    private final List<RunOutcome> runs = new ArrayList<>();
    private List<List<Node>> nodes;

    // the product's states: per state 2 ints per rank (node id, aux), its parent and the move that reached it
    private int[] pool = new int[1 << 12];
    private int[] parent = new int[1 << 8];
    private long[] via = new long[1 << 8];
    private int count;
    private int[] table = new int[1 << 10];

    /** Why the search gave up, for tests and the bench; null while it has not. */
    private String gaveUp;

    private LearnedModelSearch(int np, LocalModels models, Function<ChoiceSource, RunOutcome> runner, int maxRuns,
            long deadlineNanos) {
        this.np = np;
        this.models = models;
        this.runner = runner;
        this.maxRuns = maxRuns;
        this.deadlineNanos = deadlineNanos;
        Arrays.fill(table, -1);
    }

    /**
     * The complete zero-buffer exploration of the program {@code runner} runs (recording into {@code models}, a fresh
     * one), or null when the program is outside the modelled subset or the search ran out of runs, states or time.
     * The exploration's runs are the learning runs (the first one undirected) and one run into each distinct deadlock
     * of the product, so every deadlock is reported from a real execution with its witness.
     */
    public static Explorer.Exploration search(int np, LocalModels models, Function<ChoiceSource, RunOutcome> runner,
            int maxRuns, long deadlineNanos) {
        LearnedModelSearch s = new LearnedModelSearch(np, models, runner, maxRuns, deadlineNanos);
        return s.run();
    }

    /** As {@link #search}, with why it gave up (null when it did not) for tests. */
    static Object[] searchExplained(int np, LocalModels models, Function<ChoiceSource, RunOutcome> runner, int maxRuns,
            long deadlineNanos) {
        LearnedModelSearch s = new LearnedModelSearch(np, models, runner, maxRuns, deadlineNanos);
        Explorer.Exploration e = s.run();
        return new Object[] {e, s.gaveUp};
    }

    private Explorer.Exploration run() {
        if (!learn(new ChoiceSource(new int[np][0]), null)) return null;
        int[] start = new int[2 * np];
        for (int r = 0; r < np; r++) {
            Set<Step> st = models.starts(r);
            if (st.size() != 1 || !st.iterator().next().uniform().isEmpty()) return giveUp("rank " + r + " has several starts");
            start[2 * r] = st.iterator().next().node().id;
        }
        add(start, -1, -1);
        List<Integer> work = new ArrayList<>();
        work.add(0);
        List<Integer> deadlocks = new ArrayList<>(); // a state of each distinct deadlock
        Set<List<Integer>> deadlockSigs = new HashSet<>();
        int finished = -1;
        while (true) {
            // expand every state on the work list; moves into an edge no run has shown are frontiers
            Map<Edge, Frontier> frontiers = new LinkedHashMap<>();
            List<Integer> blocked = new ArrayList<>();
            while (!work.isEmpty()) {
                int s = work.remove(work.size() - 1);
                int moves = expand(s, work, frontiers);
                if (pendingStates.contains(s)) blocked.add(s);
                if (moves == 0) {
                    List<Integer> sig = signature(s);
                    if (sig.isEmpty()) {
                        if (finished < 0) finished = s;
                    } else if (deadlockSigs.add(sig) && deadlocks.size() < MAX_DEADLOCK_RUNS) {
                        deadlocks.add(s);
                    }
                }
                if (count > MAX_STATES) return giveUp("more than " + MAX_STATES + " states");
                if (System.nanoTime() > deadlineNanos) return giveUp("time budget");
            }
            if (frontiers.isEmpty()) break;
            for (Frontier f : frontiers.values()) {
                if (learned(f.edge())) continue;
                if (runs.size() >= maxRuns) return giveUp("run budget");
                if (!learn(scriptTo(f.state(), f.move()), f.edge())) return null;
            }
            nodes = null;
            work.addAll(blocked);
            pendingStates.clear();
        }
        // every deadlock of the product, and a finished execution, as real runs
        for (int d : deadlocks) {
            List<Integer> sig = signature(d);
            boolean seen = false;
            for (RunOutcome o : runs) if (o.deadlocked() && runSignature(o).equals(sig)) seen = true;
            if (seen) continue;
            if (!learn(scriptTo(d, -1), null)) return null;
            RunOutcome o = runs.get(runs.size() - 1);
            if (!o.deadlocked() || !runSignature(o).equals(sig)) return giveUp("a deadlock of the model did not replay");
        }
        if (finished >= 0 && runs.stream().noneMatch(RunOutcome::completed)) {
            if (!learn(scriptTo(finished, -1), null)) return null;
            if (!runs.get(runs.size() - 1).completed()) return giveUp("a finished execution of the model did not replay");
        }
        if (finished < 0 && runs.stream().anyMatch(RunOutcome::completed)) return giveUp("the model lost a finished execution");
        return new Explorer.Exploration(BufferPolicy.ZERO, List.copyOf(runs), true, 0, count);
    }

    private Explorer.Exploration giveUp(String why) {
        gaveUp = why;
        return null;
    }

    // ------------------------------------------------------------------ learning runs

    /** Runs the program under {@code choices}; false (given up) when the run leaves the subset or its script. */
    private boolean learn(ChoiceSource choices, Edge frontier) {
        if (System.nanoTime() > deadlineNanos) return giveUp("time budget") != null;
        RunOutcome o = runner.apply(choices);
        if (choices.diverged() != null) return giveUp("a directed run left its script: " + choices.diverged()) != null;
        String why = outside(o);
        if (why != null) return giveUp(why) != null;
        runs.add(o);
        nodes = null;
        if (frontier != null && !learned(frontier)) return giveUp("a directed run did not show the edge it was run for") != null;
        return true;
    }

    /** Why a run is outside the modelled subset, or null. */
    private String outside(RunOutcome o) {
        if (models.unsupported() != null) return models.unsupported();
        if (o.timedOut() || o.jobEnd() != null || !o.aborted().isEmpty() || !o.failures().isEmpty()) return "the run ended early";
        if (!o.leakedRequests().isEmpty() || !o.collectives().isEmpty()) return "requests or collectives";
        for (ChoiceSource.Decision d : o.decisions()) if (!d.what().startsWith("wildcard")) return "a decision: " + d.what();
        for (List<dev.rendezvous.core.model.Event> t : o.traces()) {
            for (dev.rendezvous.core.model.Event e : t) if (!MODELLED.contains(e.op())) return e.op().mpjName() + " is not modelled";
        }
        for (int r = 0; r < np; r++) {
            if (models.nodes(r).size() >= 1 << 20) return "too many local states";
            for (Node n : models.nodes(r)) {
                Kind k = n.action.kind();
                if (k == Kind.COLLECTIVE) return "a collective";
                if (k != Kind.END && !MODELLED.contains(n.action.op())) return n.action.op().mpjName() + " is not modelled";
                for (Set<Step> steps : n.next.values()) {
                    if (steps.size() > 1 || !steps.iterator().next().uniform().isEmpty()) return "a decision after a call";
                }
            }
        }
        return null;
    }

    /** An edge of a rank's automaton: what node {@code node} does after {@code outcome}. */
    private record Edge(int rank, int node, Outcome outcome) {}

    /** An edge the product needs and no run has shown: first met moving out of {@code state} by {@code move}. */
    private record Frontier(Edge edge, int state, long move) {}

    /** Whether a run has shown the edge. */
    private boolean learned(Edge e) {
        return node(e.rank(), e.node()).next.containsKey(e.outcome());
    }

    /** The wildcard matches that lead to state {@code s} (and, with {@code move} >= 0, the move out of it), per rank. */
    private ChoiceSource scriptTo(int s, long move) {
        List<List<Integer>> per = new ArrayList<>();
        for (int r = 0; r < np; r++) per.add(new ArrayList<>());
        List<Long> moves = new ArrayList<>();
        if (move >= 0) moves.add(move);
        for (int x = s; x > 0; x = parent[x]) moves.add(via[x]);
        for (int i = moves.size() - 1; i >= 0; i--) {
            long m = moves.get(i);
            if (m < 0) continue;
            int receiver = (int) (m >>> 32) & 0xFFFF, source = (int) m;
            if ((m >>> 48 & 1) != 0) per.get(receiver).add(source);
        }
        int[][] script = new int[np][];
        for (int r = 0; r < np; r++) script[r] = per.get(r).stream().mapToInt(Integer::intValue).toArray();
        return new ChoiceSource(script);
    }

    // ------------------------------------------------------------------ the product

    private static final int END = 0, SEND = 1, RECV = 2, PROBE = 3, SENDRECV = 4;

    // each rank's nodes as arrays (rebuilt after runs): kind, peer, tag, message id, receive peer and tag, and the
    // node that follows a call returning nothing (-1: not seen yet)
    private int[][] kind, peer, tag, payload, peer2, tag2, after;
    // per rank: (node, source rank, source's node) -> the node a receive or probe leads to, for edges seen
    private LongIntMap[] recvNext;

    private Node node(int r, int id) {
        if (nodes == null) refresh();
        return nodes.get(r).get(id);
    }

    /** Reads the automata again after runs added nodes and edges. */
    private void refresh() {
        nodes = new ArrayList<>();
        for (int q = 0; q < np; q++) nodes.add(models.nodes(q));
        kind = new int[np][];
        peer = new int[np][];
        tag = new int[np][];
        payload = new int[np][];
        peer2 = new int[np][];
        tag2 = new int[np][];
        after = new int[np][];
        recvNext = new LongIntMap[np];
        for (int r = 0; r < np; r++) {
            List<Node> ns = nodes.get(r);
            int k = ns.size();
            kind[r] = new int[k];
            peer[r] = new int[k];
            tag[r] = new int[k];
            payload[r] = new int[k];
            peer2[r] = new int[k];
            tag2[r] = new int[k];
            after[r] = new int[k];
            recvNext[r] = new LongIntMap();
            for (Node n : ns) {
                Action a = n.action;
                kind[r][n.id] = switch (a.kind()) {
                    case END -> END;
                    case SEND -> SEND;
                    case RECV -> RECV;
                    case PROBE -> PROBE;
                    case SENDRECV -> SENDRECV;
                    case COLLECTIVE -> throw new IllegalStateException("collectives are outside the subset");
                };
                peer[r][n.id] = a.peer();
                tag[r][n.id] = a.tag();
                payload[r][n.id] = a.payload();
                peer2[r][n.id] = a.peer2();
                tag2[r][n.id] = a.tag2();
                Set<Step> none = n.next.get(Outcome.NONE);
                after[r][n.id] = none == null || none.isEmpty() ? -1 : none.iterator().next().node().id;
            }
        }
    }

    /** States with a move into an edge not learned yet: expanded again after the next learning runs. */
    private final Set<Integer> pendingStates = new HashSet<>();

    /**
     * Adds every successor of state {@code s} not seen yet to {@code work}; a move into an edge the automata lack is
     * put in {@code frontiers} instead. Returns the number of enabled moves (learned or not).
     *
     * <p>Partial-order reduction (persistent sets, which keep every deadlock: Godefroid's selective search): a
     * receive or probe from a named source whose message is pending is independent of every other move (only its
     * receiver can take that message, the sender cannot post another before, and moves of other receivers take
     * messages addressed to them), and stays enabled until taken; when a state has one, it is the only move
     * explored, and successors take such moves at once (up to {@link #CHAIN} of them) instead of being stored.
     */
    private int expand(int s, List<Integer> work, Map<Edge, Frontier> frontiers) {
        if (nodes == null) refresh();
        int w = 2 * np;
        int[] st = Arrays.copyOfRange(pool, s * w, s * w + w);
        int[] next = new int[w];
        int det = deterministic(st);
        int moves = 0;
        for (int r = 0; r < np; r++) {
            if (det >= 0 && r != det) continue;
            int rn = st[2 * r], k = kind[r][rn];
            int src;
            if (k == RECV || k == PROBE) src = peer[r][rn];
            else if (k == SENDRECV && (st[2 * r + 1] & 2) == 0) src = peer2[r][rn];
            else continue;
            for (int q = src == Peer.ANY ? 0 : src; q < np && (src == Peer.ANY || q == src); q++) {
                if (!enabled(st, r, q)) continue;
                moves++;
                long moveCode = (long) (src == Peer.ANY ? 1 : 0) << 48 | (long) r << 32 | q;
                System.arraycopy(st, 0, next, 0, w);
                if (!apply(next, r, q, s, moveCode, frontiers) || !chain(next, s, moveCode, frontiers)) continue;
                if (find(next) < 0) work.add(add(next, s, moveCode));
            }
        }
        return moves;
    }

    /** Deterministic moves a successor takes at once before it is stored. */
    static final int CHAIN = 64;

    private boolean chain(int[] st, int s, long moveCode, Map<Edge, Frontier> frontiers) {
        for (int i = 0; i < CHAIN; i++) {
            int r = deterministic(st);
            if (r < 0) return true;
            int rn = st[2 * r];
            int q = kind[r][rn] == SENDRECV ? peer2[r][rn] : peer[r][rn];
            if (!apply(st, r, q, s, moveCode, frontiers)) return false;
        }
        return true;
    }

    /** A rank whose receive or probe names its source and can take (see) that source's pending message, or -1. */
    private int deterministic(int[] st) {
        for (int r = 0; r < np; r++) {
            int rn = st[2 * r], k = kind[r][rn];
            int src = k == RECV || k == PROBE ? peer[r][rn] : k == SENDRECV && (st[2 * r + 1] & 2) == 0 ? peer2[r][rn] : Peer.ANY;
            if (src != Peer.ANY && src >= 0 && src < np && enabled(st, r, src)) return r;
        }
        return -1;
    }

    /** Whether rank {@code q} has a message pending for rank {@code r} that r's receive or probe accepts. */
    private boolean enabled(int[] st, int r, int q) {
        int qn = st[2 * q], qk = kind[q][qn];
        boolean pending = qk == SEND && peer[q][qn] == r || qk == SENDRECV && (st[2 * q + 1] & 1) == 0 && peer[q][qn] == r;
        if (!pending) return false;
        int rn = st[2 * r];
        int want = kind[r][rn] == SENDRECV ? tag2[r][rn] : tag[r][rn];
        return want == Peer.ANY || want == tag[q][qn];
    }

    /**
     * Rank {@code r}'s receive or probe takes (sees) rank {@code q}'s pending message, in {@code st}; false, with a
     * frontier recorded, when an automaton has not shown what follows.
     */
    private boolean apply(int[] st, int r, int q, int s, long moveCode, Map<Edge, Frontier> frontiers) {
        int rn = st[2 * r], qn = st[2 * q], rk = kind[r][rn];
        if (rk == SENDRECV) {
            st[2 * r + 1] |= 2 | outcomeIndex(r, new Outcome(q, tag[q][qn], payload[q][qn])) << 2;
        } else {
            long key = (long) rn << 40 | (long) q << 20 | qn;
            int nx = recvNext[r].get(key);
            if (nx < 0) {
                Outcome o = new Outcome(q, tag[q][qn], payload[q][qn]);
                Set<Step> steps = nodes.get(r).get(rn).next.get(o);
                if (steps == null || steps.isEmpty()) return frontier(r, rn, o, s, moveCode, frontiers);
                nx = steps.iterator().next().node().id;
                recvNext[r].put(key, nx);
            }
            st[2 * r] = nx;
            st[2 * r + 1] = 0;
        }
        if (rk != PROBE) {
            if (kind[q][qn] == SEND) {
                int nx = after[q][qn];
                if (nx < 0) return frontier(q, qn, Outcome.NONE, s, moveCode, frontiers);
                st[2 * q] = nx;
                st[2 * q + 1] = 0;
            } else {
                st[2 * q + 1] |= 1;
            }
        }
        return completeSendrecv(st, r, s, moveCode, frontiers) && (q == r || completeSendrecv(st, q, s, moveCode, frontiers));
    }

    private boolean frontier(int r, int node, Outcome o, int s, long moveCode, Map<Edge, Frontier> frontiers) {
        Edge e = new Edge(r, node, o);
        frontiers.putIfAbsent(e, new Frontier(e, s, moveCode));
        pendingStates.add(s);
        return false;
    }

    private final List<Map<Outcome, Integer>> outcomeIds = new ArrayList<>();
    private final List<List<Outcome>> outcomeList = new ArrayList<>();

    private int outcomeIndex(int r, Outcome o) {
        while (outcomeIds.size() <= r) {
            outcomeIds.add(new java.util.HashMap<>());
            outcomeList.add(new ArrayList<>());
        }
        Integer i = outcomeIds.get(r).get(o);
        if (i == null) {
            i = outcomeList.get(r).size();
            outcomeIds.get(r).put(o, i);
            outcomeList.get(r).add(o);
        }
        return i;
    }

    /** A Sendrecv whose receive has matched and whose send was taken moves on by what it received. */
    private boolean completeSendrecv(int[] st, int r, int s, long moveCode, Map<Edge, Frontier> frontiers) {
        int rn = st[2 * r], aux = st[2 * r + 1];
        if (kind[r][rn] != SENDRECV || (aux & 3) != 3) return true;
        Outcome o = outcomeList.get(r).get(aux >>> 2);
        Set<Step> steps = nodes.get(r).get(rn).next.get(o);
        if (steps == null || steps.isEmpty()) return frontier(r, rn, o, s, moveCode, frontiers);
        st[2 * r] = steps.iterator().next().node().id;
        st[2 * r + 1] = 0;
        return true;
    }

    /** A map from non-negative longs to non-negative ints (-1: absent), open addressing. */
    static final class LongIntMap {
        private long[] keys = new long[64];
        private int[] vals = new int[64];
        private int size;

        LongIntMap() {
            Arrays.fill(keys, -1);
        }

        int get(long k) {
            int mask = keys.length - 1;
            for (int h = mix(k) & mask;; h = (h + 1) & mask) {
                if (keys[h] == k) return vals[h];
                if (keys[h] == -1) return -1;
            }
        }

        void put(long k, int v) {
            if (2 * (size + 1) > keys.length) grow();
            int mask = keys.length - 1;
            int h = mix(k) & mask;
            while (keys[h] != -1 && keys[h] != k) h = (h + 1) & mask;
            if (keys[h] == -1) size++;
            keys[h] = k;
            vals[h] = v;
        }

        private void grow() {
            long[] ok = keys;
            int[] ov = vals;
            keys = new long[ok.length * 2];
            vals = new int[ok.length * 2];
            Arrays.fill(keys, -1);
            size = 0;
            for (int i = 0; i < ok.length; i++) if (ok[i] != -1) put(ok[i], ov[i]);
        }

        private static int mix(long k) {
            long h = k * 0x9E3779B97F4A7C15L;
            return (int) (h ^ h >>> 32);
        }
    }

    /** The blocked ranks of a final state and the lines they wait at (empty: every rank finished). */
    private List<Integer> signature(int s) {
        List<Integer> sig = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            Node n = node(r, pool[s * 2 * np + 2 * r]);
            if (n.action.kind() != Kind.END) {
                sig.add(r);
                sig.add(n.action.line());
            }
        }
        return sig;
    }

    private static List<Integer> runSignature(RunOutcome o) {
        TreeSet<Integer> ranks = new TreeSet<>();
        Map<Integer, Integer> line = new java.util.HashMap<>();
        for (RunOutcome.Blocked b : o.blocked()) {
            ranks.add(b.rank());
            line.put(b.rank(), b.event() == null || b.event().site() == null ? -1 : b.event().site().line());
        }
        List<Integer> sig = new ArrayList<>();
        for (int r : ranks) {
            sig.add(r);
            sig.add(line.get(r));
        }
        return sig;
    }

    // ------------------------------------------------------------------ the state table

    private int find(int[] st) {
        int mask = table.length - 1;
        for (int h = hash(st) & mask;; h = (h + 1) & mask) {
            int i = table[h];
            if (i < 0) return -1;
            if (Arrays.equals(pool, i * st.length, i * st.length + st.length, st, 0, st.length)) return i;
        }
    }

    private int add(int[] st, int from, long move) {
        int w = st.length;
        if ((count + 1) * w > pool.length) pool = Arrays.copyOf(pool, Math.max(pool.length * 2, (count + 1) * w));
        if (count >= parent.length) {
            parent = Arrays.copyOf(parent, parent.length * 2);
            via = Arrays.copyOf(via, via.length * 2);
        }
        System.arraycopy(st, 0, pool, count * w, w);
        parent[count] = from;
        via[count] = move;
        if (2 * (count + 1) > table.length) rehash();
        int mask = table.length - 1;
        int h = hash(st) & mask;
        while (table[h] >= 0) h = (h + 1) & mask;
        table[h] = count;
        return count++;
    }

    private void rehash() {
        int[] t = new int[table.length * 2];
        Arrays.fill(t, -1);
        int mask = t.length - 1, w = 2 * np;
        for (int i = 0; i < count; i++) {
            int h = hash(Arrays.copyOfRange(pool, i * w, i * w + w)) & mask;
            while (t[h] >= 0) h = (h + 1) & mask;
            t[h] = i;
        }
        table = t;
    }

    private static int hash(int[] st) {
        int h = 0x2545F491;
        for (int v : st) h = (h ^ v) * 0x9E3779B1;
        return h ^ h >>> 15;
    }
}
