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
 * An exploration as a search of the product of each rank's automaton ({@link LocalModels}), learning the automata with
 * runs directed where the product needs an edge no run has shown yet. The stateless search of {@link Explorer}
 * re-interprets the program from the start for every matching of every wildcard it branches on, so a master that takes
 * messages from seven workers in any order costs one replayed run per global state (78,125 for {@code ProbeDispatch}
 * at np=8, more than its run budget). Here the program runs only to learn what a rank does after an outcome it has not
 * been seen to get at a local state (104 runs there); the global states are enumerated on the automata, as SPIN does
 * on the model {@code report/PromelaExport} writes of them.
 *
 * <p>Soundness rests on what state caching already assumes: a rank's local state hash (relevant variables, call site,
 * resolved arguments) and the outcomes it gets from then on decide everything it does, whatever the buffering; so one
 * set of automata serves the three policies. The product follows the semantics of {@link World}: under
 * {@link BufferPolicy#ZERO} (as {@code PromelaExport} writes it out) a send is visible to probes and receives from the
 * moment it is posted and completes only when a receive takes it; under {@link BufferPolicy#UNBOUNDED} a standard send
 * puts its message at the end of its channel and completes at once ({@code Ssend} waits as under zero buffering);
 * under {@link BufferPolicy#PER_SEND} each standard send does one or the other. A receive takes the first message of a
 * named source (or of any source) whose tag it accepts, buffered ones before the sender's waiting one (MPI's
 * non-overtaking); a probe sees it without taking it; a Sendrecv posts its send, then completes when its receive has
 * matched and its send has been taken or buffered.
 *
 * <p>Only programs inside that subset are searched this way: blocking {@code Send}/{@code Ssend}, {@code Recv},
 * {@code Probe} and {@code Sendrecv} on {@code COMM_WORLD}, no collective, no decision other than wildcard matches (an
 * unknown branch, a decision taken alike by all ranks), no abort or budget in any run. Anything else, or a directed run
 * that does not do what the automata predicted, gives up ({@link #search} returns null) and the caller explores as
 * before.
 *
 * <p>Ranks whose automata are alike up to renaming (a farm's workers) are searched one global state per orbit of
 * their permutations ({@link RankSymmetry}, {@link #closedUnderSymmetry}); when they turn out not to be interchangeable,
 * the whole product is searched.
 */
public final class LearnedModelSearch {

    /** Operations the product models; a run with any other event gives up. */
    private static final Set<Op> MODELLED = Set.of(Op.SEND, Op.SSEND, Op.RECV, Op.PROBE, Op.SENDRECV, Op.FINALIZE);

    /**
     * Global states the product may hold before the search gives up: about a second of search (ProbeDispatch at np=9
     * has 390,625 after the reduction), and memory of about 40 bytes per rank each.
     */
    public static final int MAX_STATES = 500_000;

    /** Distinct deadlocks (ranks and the lines they block at) replayed as runs for the findings. */
    static final int MAX_DEADLOCK_RUNS = 16;

    private final BufferPolicy policy;
    private final int np;
    private final LocalModels models;
    private final Function<ChoiceSource, RunOutcome> runner;
    private final int maxRuns;
    private final int maxStates;
    private final long deadlineNanos;

    private final List<RunOutcome> runs = new ArrayList<>();
    private List<List<Node>> nodes;

    // the product's states, flat ({@link State}) one after the other in pool from start[i]; per state its parent and
    // the move that reached it (what a script needs of it)
    private int[] pool = new int[1 << 12];
    private int[] start = new int[1 << 8];
    private int[] parent = new int[1 << 8];
    private long[] via = new long[1 << 8];
    private int count;
    // open addressing over the states: a slot holds a state's hash in its upper half and its index + 1 in its lower
    // half (0: empty), so a probe compares hashes without reading the state's other arrays
    private long[] table = new long[1 << 10];

    private LearnedModelSearch(BufferPolicy policy, int np, LocalModels models, Function<ChoiceSource, RunOutcome> runner,
            int maxRuns, int maxStates, long deadlineNanos) {
        this.policy = policy;
        this.maxStates = maxStates;
        this.np = np;
        this.models = models;
        this.runner = runner;
        this.maxRuns = maxRuns;
        this.deadlineNanos = deadlineNanos;
        for (int r = 0; r < np; r++) {
            outcomeIds.add(new java.util.HashMap<>());
            outcomeList.add(new ArrayList<>());
        }
    }

    /**
     * The complete exploration under {@code policy} of the program {@code runner} runs under that policy (recording
     * into {@code models}, new or learned by searches under other policies), or null when the program is outside the
     * modelled subset or the search ran out of runs, states or time. The exploration's runs are the learning runs
     * (the first one undirected) and one run into each distinct deadlock of the product (up to {@link
     * #MAX_DEADLOCK_RUNS}), so every deadlock is reported from a real execution with its witness.
     */
    public static Explorer.Exploration search(BufferPolicy policy, int np, LocalModels models,
            Function<ChoiceSource, RunOutcome> runner, int maxRuns, long deadlineNanos) {
        return search(policy, np, models, runner, maxRuns, MAX_STATES, deadlineNanos);
    }

    /** As above, giving up past {@code maxStates} global states. */
    public static Explorer.Exploration search(BufferPolicy policy, int np, LocalModels models,
            Function<ChoiceSource, RunOutcome> runner, int maxRuns, int maxStates, long deadlineNanos) {
        return attempt(policy, np, models, runner, maxRuns, maxStates, deadlineNanos).exploration();
    }

    /**
     * As {@link #search(BufferPolicy, int, LocalModels, Function, int, long)} with a soft deadline before the hard
     * one: past {@code softDeadlineNanos} the search goes on only while its product has at most {@link #SMALL_PRODUCT}
     * states (it is then still learning the automata, or nearly done with a product that small), and gives up at
     * {@code deadlineNanos} in any case.
     */
    public static Explorer.Exploration search(BufferPolicy policy, int np, LocalModels models,
            Function<ChoiceSource, RunOutcome> runner, int maxRuns, long softDeadlineNanos, long deadlineNanos) {
        return attempt(policy, np, models, runner, maxRuns, MAX_STATES, softDeadlineNanos, deadlineNanos).exploration();
    }

    /** Global states a product may hold and still go on past a soft deadline. */
    public static final int SMALL_PRODUCT = 20_000;

    /** The soft deadline ({@link #search(BufferPolicy, int, LocalModels, Function, int, long, long)}); the hard one if none. */
    private long softDeadlineNanos;

    /** Whether the time is up: past the hard deadline, or past the soft one with more than a small product. */
    private boolean timeUp() {
        long now = System.nanoTime();
        return now > deadlineNanos || now > softDeadlineNanos && count > SMALL_PRODUCT;
    }

    /**
     * The exploration, or null and why the search gave up; {@code symmetric}: the ranks the search took as
     * interchangeable ({@link RankSymmetry}), null when it searched the whole product.
     */
    public record Attempt(Explorer.Exploration exploration, String gaveUp, List<Integer> symmetric) {}

    /** As {@link #search}, saying why it gave up. */
    public static Attempt attempt(BufferPolicy policy, int np, LocalModels models, Function<ChoiceSource, RunOutcome> runner,
            int maxRuns, int maxStates, long deadlineNanos) {
        return attempt(policy, np, models, runner, maxRuns, maxStates, deadlineNanos, deadlineNanos);
    }

    /** As above, going on past {@code softDeadlineNanos} only while the product is small ({@link #SMALL_PRODUCT}). */
    public static Attempt attempt(BufferPolicy policy, int np, LocalModels models, Function<ChoiceSource, RunOutcome> runner,
            int maxRuns, int maxStates, long softDeadlineNanos, long deadlineNanos) {
        if (policy == BufferPolicy.TOKENS) throw new IllegalArgumentException("token pools are not modelled");
        LearnedModelSearch s = new LearnedModelSearch(policy, np, models, runner, maxRuns, maxStates, deadlineNanos);
        s.softDeadlineNanos = Math.min(softDeadlineNanos, deadlineNanos);
        Explorer.Exploration e = s.run();
        List<Integer> symmetric = e == null || s.symmetryOff || s.symmetryMembers == null ? null
                : Arrays.stream(s.symmetryMembers).boxed().toList();
        return new Attempt(e, e == null ? s.gaveUp : null, symmetric);
    }

    private Explorer.Exploration run() {
        if (!learn(new ChoiceSource(new int[np][0], null).curious(), null)) return null;
        Explorer.Exploration e = searchProduct();
        if (e == null && symmetryMembers != null && !outsideSubset && !"time budget".equals(gaveUp)) {
            // the reduced search met ranks that are not interchangeable after all (or could not show it): the whole
            // product again, on the automata learned so far
            symmetryOff = true;
            sym = null;
            symmetryFault = null;
            gaveUp = null;
            resetProduct();
            e = searchProduct();
        }
        return e;
    }

    /** The search of the product from the initial state, learning edges by runs as it needs them. */
    private Explorer.Exploration searchProduct() {
        refresh();
        freshSymmetry();
        State init = new State(new int[2 * np]);
        for (int r = 0; r < np; r++) {
            Set<Step> st = models.starts(r);
            if (st.size() != 1 || !st.iterator().next().uniform().isEmpty()) return giveUp("rank " + r + " has several starts");
            init.f[r] = st.iterator().next().node().id;
        }
        add(init.f, hash(init.f), -1, -1, 0);
        scratch = new int[np];
        LongStack work = new LongStack();
        work.push(0);
        List<Integer> deadlocks = new ArrayList<>(); // a state of each distinct deadlock
        Set<List<Integer>> deadlockSigs = new HashSet<>();
        int finished = -1;
        while (true) {
            // take again the moves that met an edge no run had shown (the runs since have), then expand every state on
            // the work list; moves into an edge no run has shown are frontiers
            Map<Edge, Frontier> frontiers = new LinkedHashMap<>();
            LongStack retryStates = blockedStates;
            LongStack retryMoves = blockedMoves;
            blockedStates = new LongStack();
            blockedMoves = new LongStack();
            freshSymmetry();
            if (symmetryFault != null) return giveUp(symmetryFault);
            for (int i = 0; i < retryStates.size; i++) {
                retry((int) retryStates.items[i], retryMoves.items[i], work, frontiers);
                if (timeUp()) return giveUp("time budget");
            }
            while (work.size > 0) {
                int s = (int) work.pop();
                int moves = expand(s, work, frontiers);
                if (moves == 0) {
                    List<Integer> sig = signature(s);
                    if (sig.isEmpty()) {
                        if (finished < 0) finished = s;
                    } else if (deadlockSigs.add(sig) && deadlocks.size() < MAX_DEADLOCK_RUNS) {
                        deadlocks.add(s);
                    }
                }
                if (count > maxStates) return giveUp("more than " + maxStates + " states");
                if (timeUp()) return giveUp("time budget");
            }
            if (frontiers.isEmpty()) {
                if (sym == null || closedUnderSymmetry()) break;
                return null;
            }
            for (Frontier f : frontiers.values()) {
                if (learned(f.edge())) continue;
                if (runs.size() >= maxRuns) return giveUp("run budget");
                if (!learn(scriptTo(f.state(), f.move(), null).curious(), f.edge())) return null;
            }
        }
        // every deadlock of the product, and a finished execution, as real runs
        for (int d : deadlocks) {
            List<Integer> sig = signature(d);
            boolean seen = false;
            for (RunOutcome o : runs) if (o.deadlocked() && runSignature(o).equals(sig)) seen = true;
            if (seen) continue;
            if (!learn(scriptTo(d, 0, null), null)) return null;
            RunOutcome o = runs.get(runs.size() - 1);
            if (!o.deadlocked() || !runSignature(o).equals(sig)) return giveUp("a deadlock of the model did not replay");
        }
        if (finished >= 0 && runs.stream().noneMatch(RunOutcome::completed)) {
            if (!learn(scriptTo(finished, 0, null), null)) return null;
            if (!runs.get(runs.size() - 1).completed()) return giveUp("a finished execution of the model did not replay");
        }
        if (finished < 0 && runs.stream().anyMatch(RunOutcome::completed)) return giveUp("the model lost a finished execution");
        return new Explorer.Exploration(policy, List.copyOf(runs), true, 0, count);
    }

    /** Why the search gave up; null while it has not. */
    private String gaveUp;

    /** Gives up: the caller explores statelessly. */
    private Explorer.Exploration giveUp(String why) {
        gaveUp = why;
        return null;
    }

    /** Gives up where a step answers whether it succeeded: always false. */
    private boolean failed(String why) {
        gaveUp = why;
        return false;
    }

    // ------------------------------------------------------------------ learning runs

    /** Runs the program under {@code choices}; false (given up) when the run leaves the subset or its script. */
    private boolean learn(ChoiceSource choices, Edge frontier) {
        if (timeUp()) return failed("time budget");
        RunOutcome o = runner.apply(choices);
        if (choices.diverged() != null) return failed("a directed run left its script: " + choices.diverged());
        String why = outside(o);
        if (why != null) {
            outsideSubset = true;
            return failed(why);
        }
        runs.add(o);
        nodes = null;
        if (frontier != null && !learned(frontier)) return failed("a directed run did not show the edge it was run for");
        return true;
    }

    /** Why a run is outside the modelled subset, or null. */
    private String outside(RunOutcome o) {
        if (models.unsupported() != null) return models.unsupported();
        if (o.timedOut() || o.jobEnd() != null || !o.aborted().isEmpty() || !o.failures().isEmpty()) return "the run ended early";
        if (!o.collectives().isEmpty()) return "a collective";
        if (!o.leakedRequests().isEmpty()) return "a request never completed";
        for (ChoiceSource.Decision d : o.decisions()) if (!d.scheduling()) return "a decision: " + d.what();
        for (List<dev.rendezvous.core.model.Event> t : o.traces()) {
            for (dev.rendezvous.core.model.Event e : t) if (!MODELLED.contains(e.op())) return e.op().mpjName() + " is not modelled";
        }
        for (int r = 0; r < np; r++) {
            List<Node> ns = models.nodes(r);
            if (ns.size() >= 1 << 20) return "too many local states";
            for (Node n : ns) {
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

    /**
     * The script of a run to state {@code s} (and, with {@code move} > 0, through the move out of it): per rank, the
     * sources its wildcards match and whether its standard sends are buffered, in the order the path takes them. With
     * {@code rho} (not null), to the state {@code s} renamed by that permutation of ranks ({@link RankSymmetry}).
     *
     * <p>Under symmetry reduction a stored state is the representative of its successor's orbit: state x was reached
     * by move {@code via[x]} out of its parent, then renamed by {@code permOf[x]}. Going back from {@code s} in its own
     * frame (or rho's), each move is renamed by the permutations met so far, so that the script's run ends in that
     * frame: the initial state is the same in every frame.
     */
    private ChoiceSource scriptTo(int s, long move, int[] rho) {
        List<List<Integer>> sources = new ArrayList<>(), buffering = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            sources.add(new ArrayList<>());
            buffering.add(new ArrayList<>());
        }
        List<Long> moves = new ArrayList<>();
        int[] frame = rho;
        if (move > 0) moves.add(renamed(move, frame));
        for (int x = s; x > 0; x = parent[x]) {
            if (permOf[x] > 0) frame = compose(frame, permutations.get(permOf[x]));
            moves.add(renamed(via[x], frame));
        }
        for (int i = moves.size() - 1; i >= 0; i--) {
            long m = moves.get(i);
            int rank = moveRank(m), value = (int) m;
            if ((m & WILDCARD) != 0) sources.get(rank).add(value);
            else if ((m & BUFFERING) != 0) buffering.get(rank).add(value);
        }
        int[][] w = new int[np][], b = new int[np][];
        for (int r = 0; r < np; r++) {
            w[r] = sources.get(r).stream().mapToInt(Integer::intValue).toArray();
            b[r] = buffering.get(r).stream().mapToInt(Integer::intValue).toArray();
        }
        return new ChoiceSource(w, b);
    }

    /** A move with its rank (and a wildcard's source) renamed by {@code p}; the move itself when p is null. */
    private static long renamed(long mv, int[] p) {
        if (p == null || (mv & (WILDCARD | BUFFERING)) == 0) return mv; // a deterministic move: not in scripts
        int rank = moveRank(mv), value = (int) mv;
        if ((mv & WILDCARD) != 0) value = p[value];
        return move(mv & (WILDCARD | BUFFERING), p[rank], value);
    }

    /** The permutation doing b, then a (null: the identity). */
    private int[] compose(int[] a, int[] b) {
        if (a == null) return b;
        if (b == null) return a;
        int[] c = new int[np];
        for (int r = 0; r < np; r++) c[r] = a[b[r]];
        return c;
    }

    // ------------------------------------------------------------------ symmetry reduction

    /** The interchangeable ranks of the automata learned so far, or null (none, or the reduction is off). */
    private RankSymmetry sym;
    /** The class of {@link #sym} once found: later walks check the same ranks on the grown automata. */
    private int[] symmetryMembers;
    /** Set when the product is searched again without reduction. */
    private boolean symmetryOff;
    /** Why ranks found interchangeable turned out not to be, or null. */
    private String symmetryFault;
    /** Whether a run left the modelled subset (the search gives up whatever the reduction). */
    private boolean outsideSubset;
    /** Per stored state, the index in {@link #permutations} of the renaming that made it a representative (0: none). */
    private int[] permOf = new int[1 << 8];
    private final List<int[]> permutations = new ArrayList<>(java.util.Collections.singletonList(null));
    private final Map<List<Integer>, Integer> permutationIds = new java.util.HashMap<>();
    /** Per edge the search took, where it first did: the state and the move out of it. */
    private final Map<Edge, long[]> usedAt = new java.util.HashMap<>();
    /** Per rank, the nodes whose call returning nothing the search took (their use is in {@link #usedAt}). */
    private java.util.BitSet[] usedNone;

    /** Notes that the search took edge (r, node, o) moving out of state s by mv. */
    private void used(int r, int node, Outcome o, int s, long mv) {
        if (o == Outcome.NONE) {
            if (usedNone[r].get(node)) return;
            usedNone[r].set(node);
        }
        usedAt.putIfAbsent(new Edge(r, node, o), new long[] { s, mv });
    }

    private int permutationId(int[] p) {
        List<Integer> key = Arrays.stream(p).boxed().toList();
        Integer id = permutationIds.get(key);
        if (id == null) {
            id = permutations.size();
            permutations.add(p);
            permutationIds.put(key, id);
        }
        return id;
    }

    /** Whether the automata changed since {@link #sym}'s walks. */
    private boolean symmetryStale = true;

    /**
     * Walks the automata again for {@link #sym} if they changed: before states are stored, not after every run (a batch
     * of learning runs reads the automata after each).
     */
    private void freshSymmetry() {
        if (nodes == null) refresh();
        if (symmetryStale) {
            symmetryStale = false;
            findSymmetry();
        }
    }

    /** Finds the interchangeable ranks again on the automata just read; a class that no longer holds is a fault. */
    private void findSymmetry() {
        // a class is found before the first state is stored or never: the closure needs every edge the search took
        if (symmetryOff || symmetryMembers == null && count > 0) return;
        int[] st = new int[np];
        for (int r = 0; r < np; r++) {
            Set<Step> ss = models.starts(r);
            if (ss.size() != 1) {
                sym = null;
                if (symmetryMembers != null) symmetryFault = "rank " + r + " has several starts";
                return;
            }
            st[r] = ss.iterator().next().node().id;
        }
        RankSymmetry s = RankSymmetry.of(np, nodes, st, symmetryMembers, sym);
        if (symmetryMembers != null && (s == null || s.broken() != null)) {
            symmetryFault = "ranks " + Arrays.toString(symmetryMembers) + " are not interchangeable: "
                    + (s == null ? "a Sendrecv" : s.broken());
        }
        sym = s != null && s.broken() == null ? s : null;
        if (sym != null) symmetryMembers = sym.members;
        if (usedNone == null || usedNone.length != np) {
            usedNone = new java.util.BitSet[np];
            for (int r = 0; r < np; r++) usedNone[r] = new java.util.BitSet();
        }
    }

    /**
     * Whether the automata are closed under the renamings on every edge the reduced search took: for each such edge
     * and each transposition of the class, the image edge (the image node doing the image call and getting the
     * image outcome) must be learned, and so must the images of those, which makes every permutation's. An image no
     * run has shown is learned by a run to the renamed state where the search took the edge. With that, every state
     * the search stored stands for its whole orbit: the moves of a renamed state are the renamed moves (Emerson and
     * Sistla's condition, checked on the edges that matter rather than assumed of the program), and since the
     * persistent sets of {@link #expand} are chosen per state, the reduced search keeps every deadlock up to renaming.
     * False (given up) when a run does not show an image or the ranks turn out not to be interchangeable.
     */
    private boolean closedUnderSymmetry() {
        record Need(Edge edge, int s, long mv, int[] rho) {}
        java.util.ArrayDeque<Need> work = new java.util.ArrayDeque<>();
        Set<Edge> seen = new HashSet<>();
        for (Map.Entry<Edge, long[]> u : usedAt.entrySet()) {
            seen.add(u.getKey());
            work.add(new Need(u.getKey(), (int) u.getValue()[0], u.getValue()[1], null));
        }
        while (!work.isEmpty()) {
            Need need = work.poll();
            for (int k = 1; k < symmetryMembers.length; k++) {
                freshSymmetry();
                if (symmetryFault != null || sym == null) return failed(symmetryFault == null ? "no symmetry" : symmetryFault);
                Edge image = image(k, need.edge());
                int[] rho = compose(sym.permutation(k), need.rho());
                if (image == null || !learned(image)) {
                    if (runs.size() >= maxRuns) return failed("run budget");
                    if (!learn(scriptTo(need.s(), need.mv(), rho).curious(), null)) return false;
                    freshSymmetry();
                    if (symmetryFault != null || sym == null) return failed(symmetryFault == null ? "no symmetry" : symmetryFault);
                    image = image(k, need.edge());
                    if (image == null || !learned(image)) return failed("a run did not show a renamed edge");
                }
                if (seen.add(image)) work.add(new Need(image, need.s(), need.mv(), rho));
            }
            if (timeUp()) return failed("time budget");
        }
        return true;
    }

    /** Edge e renamed by transposition k of {@link #sym}, or null when its node or contents have no image yet. */
    private Edge image(int k, Edge e) {
        Object[] x = sym.edge(k, e.rank(), e.node(), e.outcome());
        return x == null ? null : new Edge((Integer) x[0], (Integer) x[1], (Outcome) x[2]);
    }

    /** Forgets the product's states (the learned automata stay) for a search from the start. */
    private void resetProduct() {
        count = 0;
        Arrays.fill(table, 0);
        blockedStates = new LongStack();
        blockedMoves = new LongStack();
        usedAt.clear();
        usedNone = null;
        nodes = null;
    }

    // ------------------------------------------------------------------ the product

    private static final int END = 0, SEND = 1, RECV = 2, PROBE = 3, SENDRECV = 4;

    // a rank's aux word: the send of a Sendrecv was taken or buffered, its receive matched, a send is committed to
    // wait for its receiver (PER_SEND), and above these the index of what a Sendrecv received
    private static final int TAKEN = 1, RECEIVED = 2, COMMITTED = 4, OUTCOME_SHIFT = 3;

    // each rank's nodes as arrays (rebuilt after runs): kind, peer, tag, message id, receive peer and tag, whether a
    // send is synchronous, and the node that follows a call returning nothing (-1: not seen yet)
    private int[][] kind, peer, tag, payload, peer2, tag2, after;
    private boolean[][] sync;
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
        sync = new boolean[np][];
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
            sync[r] = new boolean[k];
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
                sync[r][n.id] = a.op() == Op.SSEND;
                after[r][n.id] = nextNode(n, Outcome.NONE);
            }
        }
        symmetryStale = true;
    }

    /** Moves (and the states they leave) that met an edge not learned yet: taken again after the next learning runs. */
    private LongStack blockedStates = new LongStack();
    private LongStack blockedMoves = new LongStack();

    /** Move codes: what a script needs of a move (a wildcard's match, a buffering choice) and whose it is. */
    private static final long WILDCARD = 1L << 56, BUFFERING = 2L << 56;

    private static long move(long type, int rank, int value) {
        return type | (long) rank << 32 | value & 0xFFFFFFFFL;
    }

    private static int moveRank(long mv) {
        return (int) (mv >>> 32) & 0xFFFFFF;
    }

    /**
     * Adds every successor of state {@code s} not seen yet to {@code work}; a move into an edge the automata lack is
     * put in {@code frontiers} instead. Returns the number of enabled moves (learned or not).
     *
     * <p>Partial-order reduction (persistent sets, which keep every deadlock: Godefroid's selective search): a
     * receive or probe from a named source that has a message for it is independent of every other move (only its
     * receiver can take that message; the messages the source sends later queue behind it; moves of other receivers
     * take messages addressed to them) and stays enabled until taken, and so is a send that buffering lets complete at
     * once (it only adds a message). When a state has such a move, it is the only one explored, and successors take
     * such moves at once (up to {@link #CHAIN} of them) instead of being stored. A send that {@code PER_SEND} may
     * buffer or not is the other case: its two options are the only moves explored.
     */
    private int expand(int s, LongStack work, Map<Edge, Frontier> frontiers) {
        if (nodes == null) refresh();
        State st = state(s);
        int det = deterministic(st);
        if (det >= 0) {
            deterministicMove(st, det, s, work, frontiers); // st is a copy of the table's state: built in it
            return 1;
        }
        int moves = 0;
        if (policy == BufferPolicy.PER_SEND) {
            for (int q = 0; q < np; q++) {
                if (!undecided(st, q)) continue;
                for (int c = 0; c < 2; c++) bufferingChoice(successor.of(st), s, q, c, work, frontiers);
                return 2;
            }
        }
        for (int r = 0; r < np; r++) {
            int src = pendingSource(st, r);
            if (src == NO_SOURCE) continue;
            if (src == Peer.ANY) candidates(st, r, scratch);
            for (int q = src == Peer.ANY ? 0 : src; q < np && (src == Peer.ANY || q == src); q++) {
                int c = src == Peer.ANY ? scratch[q] : candidate(st, r, q);
                if (c == 0) continue;
                moves++;
                receiveMove(successor.of(st), s, r, q, c, src == Peer.ANY ? move(WILDCARD, r, q) : 0, work, frontiers);
            }
        }
        return moves;
    }

    /** Rank {@code r}'s deterministic move ({@link #deterministic}) out of state {@code s}, in {@code next}. */
    private void deterministicMove(State next, int r, int s, LongStack work, Map<Edge, Frontier> frontiers) {
        if (step(next, r, s, 0, frontiers) && chain(next, s, 0, frontiers)) store(next, s, 0, work);
    }

    /** Rank {@code r}'s receive or probe taking candidate {@code c} of rank {@code q} out of state {@code s}, in {@code next}. */
    private void receiveMove(State next, int s, int r, int q, int c, long mv, LongStack work, Map<Edge, Frontier> frontiers) {
        if (receive(next, r, q, c, s, mv, frontiers) && chain(next, s, mv, frontiers)) store(next, s, mv, work);
    }

    /** PER_SEND's choice {@code c} for rank {@code q}'s standard send (1: buffered, 0: it waits for its receive), in {@code next}. */
    private void bufferingChoice(State next, int s, int q, int c, LongStack work, Map<Edge, Frontier> frontiers) {
        long mv = move(BUFFERING, q, c);
        boolean ok = true;
        if (c == 1) ok = buffer(next, q, s, mv, frontiers);
        else next.f[np + q] |= COMMITTED;
        if (ok && chain(next, s, mv, frontiers)) store(next, s, mv, work);
    }

    /**
     * Takes again the move {@code mv} out of state {@code s}, as {@link #expand} took it, after learning runs: the
     * move met an edge no run had shown, and the state's other moves were taken already. {@code mv} names the move:
     * 0 the state's deterministic one, else a buffering choice or a wildcard's match (the codes of {@link #move}).
     */
    private void retry(int s, long mv, LongStack work, Map<Edge, Frontier> frontiers) {
        if (nodes == null) refresh();
        State st = state(s);
        if (mv == 0) {
            int det = deterministic(st); // the same rank as when expand took it: the state is the same
            if (det >= 0) deterministicMove(st, det, s, work, frontiers);
        } else if ((mv & BUFFERING) != 0) {
            bufferingChoice(st, s, moveRank(mv), (int) mv, work, frontiers);
        } else {
            int r = moveRank(mv), q = (int) mv;
            candidates(st, r, scratch);
            receiveMove(st, s, r, q, scratch[q], mv, work, frontiers);
        }
    }

    /** Stores a successor not seen yet (under symmetry reduction, its orbit's representative) and puts it on the work list. */
    private void store(State next, int from, long mv, LongStack work) {
        if (symmetryStale && sym != null) freshSymmetry();
        int[] f = next.f;
        RankSymmetry.Canonical c = sym == null ? null : sym.canonical(f);
        if (c != null) f = c.state();
        int h = hash(f);
        if (find(f, h) < 0) work.push(add(f, h, from, mv, c == null ? 0 : permutationId(c.permutation())));
    }

    /** Per source, what a wildcard receive or probe would take ({@link #candidate}), filled by {@link #candidates}. */
    private int[] scratch;

    /** Deterministic moves a successor takes at once before it is stored. */
    static final int CHAIN = 64;

    private boolean chain(State st, int s, long mv, Map<Edge, Frontier> frontiers) {
        for (int i = 0; i < CHAIN; i++) {
            int r = deterministic(st);
            if (r < 0) return true;
            if (!step(st, r, s, mv, frontiers)) return false;
        }
        return true;
    }

    /**
     * Takes rank {@code r}'s deterministic move, the one {@link #deterministic} found last (its {@link #detSource}
     * and {@link #detCandidate} are used: {@code st} is the state it looked at, or a copy of it, same layout).
     */
    private boolean step(State st, int r, int s, long mv, Map<Edge, Frontier> frontiers) {
        if (detSource < 0) return buffer(st, r, s, mv, frontiers);
        return receive(st, r, detSource, detCandidate, s, mv, frontiers);
    }

    /** What {@link #deterministic} found: the source its receive takes from (-1: a send buffered at once), the candidate. */
    private int detSource, detCandidate;

    /**
     * A rank with a move independent of all others: a send that UNBOUNDED buffers at once, or a receive or probe
     * from a named source that has a message it accepts; -1 when none has. The move is kept for {@link #step}.
     */
    private int deterministic(State st) {
        for (int r = 0; r < np; r++) {
            if (bufferedAtOnce(st, r)) {
                detSource = -1;
                return r;
            }
            int src = pendingSource(st, r);
            if (src >= 0 && src < np) {
                int c = candidate(st, r, src);
                if (c != 0) {
                    detSource = src;
                    detCandidate = c;
                    return r;
                }
            }
        }
        return -1;
    }

    /** What {@link #pendingSource} returns for a rank without a pending receive or probe. */
    private static final int NO_SOURCE = Integer.MIN_VALUE;

    /**
     * The source rank {@code r}'s pending receive or probe names (a rank, or {@link Peer#ANY}); a Sendrecv's until it
     * has received; {@link #NO_SOURCE} when the rank is at no receive.
     */
    private int pendingSource(State st, int r) {
        int rn = st.f[r], k = kind[r][rn];
        if (k == RECV || k == PROBE) return peer[r][rn];
        if (k == SENDRECV && (st.f[np + r] & RECEIVED) == 0) return peer2[r][rn];
        return NO_SOURCE;
    }

    /** Whether rank {@code r} is at a standard send (or a Sendrecv's) that UNBOUNDED buffers and has not yet. */
    private boolean bufferedAtOnce(State st, int r) {
        if (policy != BufferPolicy.UNBOUNDED) return false;
        int rn = st.f[r], k = kind[r][rn];
        return k == SEND && !sync[r][rn] || k == SENDRECV && (st.f[np + r] & TAKEN) == 0;
    }

    /** Whether rank {@code q} is at a standard send (or a Sendrecv's) whose buffering PER_SEND has not chosen yet. */
    private boolean undecided(State st, int q) {
        int qn = st.f[q], k = kind[q][qn];
        return k == SEND && !sync[q][qn] && (st.f[np + q] & COMMITTED) == 0
                || k == SENDRECV && (st.f[np + q] & (TAKEN | COMMITTED)) == 0;
    }

    /**
     * Buffers rank {@code q}'s send: its message goes to the end of its channel to the destination, and a plain send
     * moves on (a Sendrecv, once its receive has matched too); false, with a frontier recorded, when the automaton has
     * not shown what follows.
     */
    private boolean buffer(State st, int q, int s, long mv, Map<Edge, Frontier> frontiers) {
        int qn = st.f[q];
        st.enqueue(q, peer[q][qn], qn);
        if (kind[q][qn] == SENDRECV) {
            st.f[np + q] |= TAKEN;
            return completeSendrecv(st, q, s, mv, frontiers);
        }
        return moveOn(st, q, qn, Outcome.NONE, s, mv, frontiers);
    }

    /**
     * What rank {@code r}'s receive or probe would take from rank {@code q}: the position in the state of a buffered
     * message in the channel (the first one it accepts: MPI's non-overtaking; always above 0), -1 for the message of
     * q's waiting send, 0 for none.
     */
    private int candidate(State st, int r, int q) {
        int want = wanted(st, r);
        int ch = st.channel(q, r);
        if (ch >= 0) {
            for (int i = 0; i < st.f[ch + 2]; i++) if (want == Peer.ANY || want == tag[q][st.f[ch + 3 + i]]) return ch + 3 + i;
        }
        return waitingFor(st, r, q, want) ? -1 : 0;
    }

    /** {@link #candidate} of every source for a wildcard receive or probe of rank {@code r}, in one pass over the channels. */
    private void candidates(State st, int r, int[] out) {
        int want = wanted(st, r);
        Arrays.fill(out, 0);
        int[] f = st.f;
        for (int i = 2 * np; i < f.length; i += 3 + f[i + 2]) {
            if (f[i + 1] != r) continue;
            int q = f[i];
            for (int j = 0; j < f[i + 2]; j++) {
                if (want == Peer.ANY || want == tag[q][f[i + 3 + j]]) {
                    out[q] = i + 3 + j;
                    break;
                }
            }
        }
        for (int q = 0; q < np; q++) if (out[q] == 0 && waitingFor(st, r, q, want)) out[q] = -1;
    }

    /** The tag rank {@code r}'s pending receive or probe accepts. */
    private int wanted(State st, int r) {
        int rn = st.f[r];
        return kind[r][rn] == SENDRECV ? tag2[r][rn] : tag[r][rn];
    }

    /** Whether rank {@code q} waits at a visible send to {@code r} with a tag {@code want} accepts. */
    private boolean waitingFor(State st, int r, int q, int want) {
        int qn = st.f[q], qk = kind[q][qn];
        boolean waiting = (qk == SEND || qk == SENDRECV && (st.f[np + q] & TAKEN) == 0) && peer[q][qn] == r && visible(st, q, qn);
        return waiting && (want == Peer.ANY || want == tag[q][qn]);
    }

    /** Whether an unbuffered send of rank q is posted (visible to receives and probes). */
    private boolean visible(State st, int q, int qn) {
        return switch (policy) {
            case ZERO -> true;
            case UNBOUNDED -> kind[q][qn] == SEND && sync[q][qn];
            default -> kind[q][qn] == SEND && sync[q][qn] || (st.f[np + q] & COMMITTED) != 0;
        };
    }

    /**
     * Rank {@code r}'s receive or probe takes (sees) what rank {@code q} has for it, in {@code st}; false, with a
     * frontier recorded, when an automaton has not shown what follows.
     */
    private boolean receive(State st, int r, int q, int c, int s, long mv, Map<Edge, Frontier> frontiers) {
        int rn = st.f[r], rk = kind[r][rn];
        int msgNode = c > 0 ? st.f[c] : st.f[q];
        if (rk == SENDRECV) {
            Outcome o = new Outcome(q, tag[q][msgNode], payload[q][msgNode]);
            st.f[np + r] |= RECEIVED | outcomeIndex(r, o) << OUTCOME_SHIFT;
        } else {
            long key = (long) rn << 40 | (long) q << 20 | msgNode;
            int nx = recvNext[r].get(key);
            if (nx < 0) {
                Outcome o = new Outcome(q, tag[q][msgNode], payload[q][msgNode]);
                if (!moveOn(st, r, rn, o, s, mv, frontiers)) return false;
                recvNext[r].put(key, st.f[r]);
            } else {
                st.f[r] = nx;
                st.f[np + r] = 0;
            }
        }
        if (rk != PROBE) {
            if (c > 0) st.dequeue(q, r, c); // a buffered message: its sender has moved on already
            else if (kind[q][msgNode] == SENDRECV) st.f[np + q] |= TAKEN;
            else if (!moveOn(st, q, msgNode, Outcome.NONE, s, mv, frontiers)) return false;
        }
        return completeSendrecv(st, r, s, mv, frontiers) && (q == r || completeSendrecv(st, q, s, mv, frontiers));
    }

    /** The node a rank's automaton shows after {@code n} returns {@code o}, or -1 when no run has shown it. */
    private static int nextNode(Node n, Outcome o) {
        Set<Step> steps = n.next.get(o);
        return steps == null || steps.isEmpty() ? -1 : steps.iterator().next().node().id;
    }

    /**
     * Moves rank {@code r} from {@code node} by outcome {@code o} (a fresh aux word); false, with a frontier recorded,
     * when the automaton has not shown what follows.
     */
    private boolean moveOn(State st, int r, int node, Outcome o, int s, long mv, Map<Edge, Frontier> frontiers) {
        int nx = o == Outcome.NONE ? after[r][node] : nextNode(nodes.get(r).get(node), o);
        if (nx < 0) return frontier(r, node, o, s, mv, frontiers);
        if (sym != null) used(r, node, o, s, mv);
        st.f[r] = nx;
        st.f[np + r] = 0;
        return true;
    }

    private boolean frontier(int r, int node, Outcome o, int s, long mv, Map<Edge, Frontier> frontiers) {
        Edge e = new Edge(r, node, o);
        if (!frontiers.containsKey(e)) frontiers.put(e, new Frontier(e, s, mv));
        blockedStates.push(s);
        blockedMoves.push(mv);
        return false;
    }

    private final List<Map<Outcome, Integer>> outcomeIds = new ArrayList<>();
    private final List<List<Outcome>> outcomeList = new ArrayList<>();

    /** A small number for what rank {@code r}'s Sendrecv received, kept in its aux word until the call completes. */
    private int outcomeIndex(int r, Outcome o) {
        Integer i = outcomeIds.get(r).get(o);
        if (i == null) {
            i = outcomeList.get(r).size();
            outcomeIds.get(r).put(o, i);
            outcomeList.get(r).add(o);
        }
        return i;
    }

    /** A Sendrecv whose receive has matched and whose send was taken (or buffered) moves on by what it received. */
    private boolean completeSendrecv(State st, int r, int s, long mv, Map<Edge, Frontier> frontiers) {
        int rn = st.f[r], aux = st.f[np + r];
        if (kind[r][rn] != SENDRECV || (aux & (TAKEN | RECEIVED)) != (TAKEN | RECEIVED)) return true;
        return moveOn(st, r, rn, outcomeList.get(r).get(aux >>> OUTCOME_SHIFT), s, mv, frontiers);
    }

    /**
     * A global state being built, flat as the table keeps it: each rank's node, each rank's aux word, then per
     * non-empty channel in order of (source, destination) the source, the destination, the number of buffered messages
     * and the messages (each the sender's node at the send, which names its tag and contents), oldest first.
     */
    private final class State {
        int[] f;

        State(int[] f) {
            this.f = f;
        }

        /** This state made a copy of {@code o} (its array reused when the lengths agree). */
        State of(State o) {
            if (f.length == o.f.length) System.arraycopy(o.f, 0, f, 0, f.length);
            else f = o.f.clone();
            return this;
        }

        /** Where channel {@code q -> r}'s segment starts, or -1 when it holds nothing. */
        int channel(int q, int r) {
            for (int i = 2 * np; i < f.length; i += 3 + f[i + 2]) if (f[i] == q && f[i + 1] == r) return i;
            return -1;
        }

        void enqueue(int q, int r, int msgNode) {
            int c = channel(q, r);
            int at;
            if (c >= 0) {
                at = c + 3 + f[c + 2];
                f = insert(f, at, 1);
                f[at] = msgNode;
                f[c + 2]++;
                return;
            }
            at = 2 * np;
            while (at < f.length && (f[at] < q || f[at] == q && f[at + 1] < r)) at += 3 + f[at + 2];
            f = insert(f, at, 4);
            f[at] = q;
            f[at + 1] = r;
            f[at + 2] = 1;
            f[at + 3] = msgNode;
        }

        /** Takes out the message at position {@code at} of channel {@code q -> r}. */
        void dequeue(int q, int r, int at) {
            int c = channel(q, r);
            if (f[c + 2] == 1) {
                f = remove(f, c, 4);
            } else {
                f = remove(f, at, 1);
                f[c + 2]--;
            }
        }
    }

    private static int[] insert(int[] a, int at, int n) {
        int[] b = new int[a.length + n];
        System.arraycopy(a, 0, b, 0, at);
        System.arraycopy(a, at, b, at + n, a.length - at);
        return b;
    }

    private static int[] remove(int[] a, int at, int n) {
        int[] b = new int[a.length - n];
        System.arraycopy(a, 0, b, 0, at);
        System.arraycopy(a, at + n, b, at, a.length - at - n);
        return b;
    }

    /**
     * State {@code s} of the table, to build successors from; it is {@link #current}, overwritten by the next call.
     * Successors are built in {@link #successor} one after the other ({@link #store} copies what it keeps).
     */
    private State state(int s) {
        int n = start[s + 1] - start[s];
        if (current.f.length != n) current.f = new int[n];
        System.arraycopy(pool, start[s], current.f, 0, n);
        return current;
    }

    private final State current = new State(new int[0]), successor = new State(new int[0]);

    /** A map from non-negative longs to non-negative ints (-1: absent), open addressing. */
    static final class LongIntMap {
        private long[] keys = new long[64];
        private int[] vals = new int[64];
        private int size;

        LongIntMap() {
            Arrays.fill(keys, -1);
        }

        /** How many keys it holds. */
        int size() {
            return size;
        }

        /** The value of key k, or -1 when it has none. */
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
            Node n = node(r, pool[start[s] + r]);
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

    private int find(int[] st, int full) {
        int mask = table.length - 1;
        for (int h = full & mask;; h = (h + 1) & mask) {
            long e = table[h];
            if (e == 0) return -1;
            if ((int) (e >>> 32) != full) continue;
            int i = (int) e - 1;
            if (start[i + 1] - start[i] == st.length && Arrays.equals(pool, start[i], start[i + 1], st, 0, st.length)) return i;
        }
    }

    private int add(int[] st, int full, int from, long move, int perm) {
        if (count + 2 > start.length) start = Arrays.copyOf(start, start.length * 2);
        int b = start[count];
        if (b + st.length > pool.length) pool = Arrays.copyOf(pool, Math.max(pool.length * 2, b + st.length));
        if (count >= parent.length) {
            parent = Arrays.copyOf(parent, parent.length * 2);
            via = Arrays.copyOf(via, via.length * 2);
            permOf = Arrays.copyOf(permOf, permOf.length * 2);
        }
        System.arraycopy(st, 0, pool, b, st.length);
        start[count + 1] = b + st.length;
        parent[count] = from;
        via[count] = move;
        permOf[count] = perm;
        if (2 * (count + 1) > table.length) rehash();
        int mask = table.length - 1;
        int h = full & mask;
        while (table[h] != 0) h = (h + 1) & mask;
        table[h] = (long) full << 32 | count + 1;
        return count++;
    }

    private void rehash() {
        long[] t = new long[table.length * 2];
        int mask = t.length - 1;
        for (long e : table) {
            if (e == 0) continue;
            int h = (int) (e >>> 32) & mask;
            while (t[h] != 0) h = (h + 1) & mask;
            t[h] = e;
        }
        table = t;
    }

    /** A stack of state indices (the work list) or move codes, unboxed. */
    private static final class LongStack {
        long[] items = new long[64];
        int size;

        void push(long v) {
            if (size == items.length) items = Arrays.copyOf(items, size * 2);
            items[size++] = v;
        }

        long pop() {
            return items[--size];
        }
    }

    private static int hash(int[] st) {
        int h = 0x2545F491;
        for (int v : st) h = (h ^ v) * 0x9E3779B1;
        return h ^ h >>> 15;
    }
}
