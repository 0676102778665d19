package dev.rendezvous.core.analysis.buffers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.TracePositions;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The Nonblocking Buffer Allocation Problem, {@code buffer-allocation-complexity.md} §6, Fig. 13:
 * for each receive vertex v(i,c) find its terminal communication dependency v(i,t) — the latest
 * vertex of the same process from which a path reaches the send matched with v(i,c) (the start
 * vertex, t = 0, if none) — take the interval I(i,c) = [t, c], and give process i as many buffers
 * as the maximum overlap of its intervals. §6.2: the send-buffer model is the same algorithm on
 * the reversed graph (arcs reversed, start and end swapped).
 *
 * <p>Vertices are the point-to-point sends and receives of each rank in program order (a
 * Sendrecv is a send followed by a receive; a non-blocking receive sits where it is waited for).
 * Collectives are modelled as the messages they exchange (ARCHITECTURE.md): each instance gets a
 * hub vertex joined from the members that contribute data and to the members that receive it, so
 * a Barrier orders every member's earlier events before every member's later ones; hubs carry no
 * receive and need no buffer.
 *
 * <p>Two implementations: {@link #vectorOracle} is the paper's O(|V|·n) dynamic programme with a
 * dense vector a(i,c)[j] = the first vertex of process j reachable from v(i,c); {@link #compute}
 * works backwards (the latest vertex of each process that reaches a vertex), with dense vectors on a
 * small graph and, on a large one, vectors that are a shared dense base plus a short delta, which is
 * what makes np = 4096 rings and stencils cheap.
 */
public final class NonblockingBufferAllocation {

    /** The buffer model. */
    public enum Model { RECEIVE, SEND }

    /** Per-rank requirement with the intervals that produce it. */
    /**
     * Per-rank requirement with the intervals [t, c] that produce it (vertex numbers: 0 is the start,
     * c the c-th communication vertex of the rank), and for each rank the trace index of the event
     * behind each vertex ({@code vertexEvents.get(i)[c]}, -1 for the start), so that intervals can
     * be told as source lines.
     */
    public record Result(Model model, int[] perRank, List<List<int[]>> intervals, List<int[]> vertexEvents) {}

    private NonblockingBufferAllocation() {}

    /** The processes of G(S): per rank, its vertices (p2p events, Sendrecv split), and the arcs. */
    static final class Graph {
        final int n;
        final int[] len; // E_i
        /** succ[i][c] = communication successors of v(i,c) as (j, d) pairs, c in 1..E_i */
        final int[][][] comm;
        /** for receive vertices: the matched send (j, d); null otherwise */
        final int[][][] matchedSend;
        /** vertexEvent[i][c]: trace index of the event of vertex c of rank i (receive-model numbering) */
        int[][] vertexEvent;

        Graph(int n, int[] len, int[][][] comm, int[][][] matchedSend) {
            this.n = n;
            this.len = len;
            this.comm = comm;
            this.matchedSend = matchedSend;
        }
    }

    static Graph build(CommGraph g, Model model) {
        return assemble(parts(g), model);
    }

    /**
     * What both buffer models read from the trace (§6.2: the send model is the receive model's graph reversed): each
     * process's number of vertices ({@code len}, hubs included), the matched arcs and the collectives' synchronisations
     * as (i, c, j, d) in the receive model's numbering, and the event behind each vertex.
     */
    private record Parts(int n, int[] len, List<int[]> arcs, List<int[]> sync, int[][] vertexEvent) {}

    private static Parts parts(CommGraph g) {
        int np = g.np();
        // per rank and trace position, the vertex of the event as a send (a Sendrecv's send half), as a receive and
        // as a collective (0: none); arrays by position, not maps by event: a 1024-rank stencil has 12,000 events
        int[][] sendAt = new int[np][], recvAt = new int[np][];
        // each collective instance's calls as (rank, vertex, trace position), in the order instances first appear,
        // and by communicator, the k-th instance of each
        List<List<int[]>> instances = new ArrayList<>();
        Map<Integer, List<List<int[]>>> byComm = new HashMap<>();
        int[] lenReal = new int[np];
        int[][] vertexEvent = new int[np][];
        for (int r = 0; r < np; r++) {
            List<Event> t = g.trace(r);
            int size = t.size();
            sendAt[r] = new int[size];
            recvAt[r] = new int[size];
            int c = 0;
            int[] at = new int[2 * size + 1];
            int na = 0;
            at[na++] = -1;
            Map<Integer, int[]> collSeq = new HashMap<>(); // per communicator, the collectives this rank called on it
            // a non-blocking receive is a receive vertex where it completes: at the wait that completes its
            // request (a Wait of that request, or a Waitall, Waitany, Test...: HappensBefore's rule), not at a
            // collective in between (its message may be sent after that collective, and a receive vertex placed
            // before it would close a cycle through the collective's hub), nor at the Wait of another request (an
            // Irecv pending across a loop of Isend/Wait pairs: placed at the first of those Waits, the sends after
            // it seemed to follow the receive, whose message the peer sends only after taking all of them)
            int[] pendingIrecv = new int[size];
            int pending = 0;
            for (int pos = 0; pos < size; pos++) {
                Event e = t.get(pos);
                Op.Kind k = e.op().kind();
                if (k == Op.Kind.WAIT) {
                    int kept = 0;
                    for (int q = 0; q < pending; q++) {
                        if (e.op() != Op.WAIT || t.get(pendingIrecv[q]).request() == e.request()) {
                            recvAt[r][pendingIrecv[q]] = ++c;
                            at[na++] = e.index();
                        } else {
                            pendingIrecv[kept++] = pendingIrecv[q];
                        }
                    }
                    pending = kept;
                }
                if (k == Op.Kind.SEND) {
                    sendAt[r][pos] = ++c;
                    at[na++] = e.index();
                } else if (e.op() == Op.IRECV) pendingIrecv[pending++] = pos;
                else if (k == Op.Kind.RECV) {
                    recvAt[r][pos] = ++c;
                    at[na++] = e.index();
                } else if (k == Op.Kind.SENDRECV) {
                    sendAt[r][pos] = ++c;
                    recvAt[r][pos] = ++c;
                    at[na++] = e.index();
                    at[na++] = e.index();
                } else if (k == Op.Kind.COLLECTIVE) {
                    at[na++] = e.index();
                    int seq = collSeq.computeIfAbsent(e.comm(), x -> new int[1])[0]++;
                    List<List<int[]>> ofComm = byComm.computeIfAbsent(e.comm(), x -> new ArrayList<>());
                    if (seq == ofComm.size()) { // ranks are read in order and count their calls from 0
                        ofComm.add(new ArrayList<>());
                        instances.add(ofComm.get(seq));
                    }
                    ofComm.get(seq).add(new int[] {r, ++c, pos});
                }
            }
            for (int q = 0; q < pending; q++) {
                recvAt[r][pendingIrecv[q]] = ++c;
                at[na++] = t.get(pendingIrecv[q]).index();
            }
            lenReal[r] = c;
            vertexEvent[r] = Arrays.copyOf(at, na);
        }
        // collectives synchronise (modelled as the messages they exchange): one hub vertex per instance,
        // on a process of its own, with arcs from the members that give data to the hub and from the hub
        // to the vertex after the collective on the members that receive data
        int n = np + instances.size();
        int[] len = new int[n];
        System.arraycopy(lenReal, 0, len, 0, np);
        List<int[]> arcs = new ArrayList<>(); // (i, c, j, d)
        List<int[]> sync = new ArrayList<>();
        int hub = np;
        for (List<int[]> inst : instances) {
            len[hub] = 1;
            for (int[] v : inst) {
                Event e = g.trace(v[0]).get(v[2]);
                boolean gives = !e.op().isRootToAll() || e.peer() == e.rank();
                boolean takes = !e.op().isAllToRoot() || e.peer() == e.rank();
                if (gives) sync.add(new int[] {v[0], v[1], hub, 1});
                if (takes && v[1] + 1 <= len[v[0]]) sync.add(new int[] {hub, 1, v[0], v[1] + 1});
            }
            hub++;
        }
        TracePositions positions = new TracePositions(g::trace, g.np());
        for (RunOutcome.Match m : g.arcs()) {
            int sp = positions.of(m.send()), dp = positions.of(m.recv());
            if (sp < 0 || dp < 0) continue;
            int s = sendAt[m.send().rank()][sp], d = recvAt[m.recv().rank()][dp];
            if (s != 0 && d != 0) arcs.add(new int[] {m.send().rank(), s, m.recv().rank(), d});
        }
        return new Parts(n, len, arcs, sync, vertexEvent);
    }

    /** G(S) of the buffer model {@code model} from its {@code parts}. */
    private static Graph assemble(Parts parts, Model model) {
        int n = parts.n();
        int[] len = parts.len();
        List<int[]> arcs = parts.arcs(), sync = parts.sync();
        if (model == Model.SEND) {
            // reverse: vertex c of process i becomes E_i + 1 - c, arcs go receive -> send
            List<int[]> rev = new ArrayList<>();
            for (int[] a : arcs) rev.add(new int[] {a[2], len[a[2]] + 1 - a[3], a[0], len[a[0]] + 1 - a[1]});
            arcs = rev;
            List<int[]> revSync = new ArrayList<>();
            for (int[] a : sync) revSync.add(new int[] {a[2], len[a[2]] + 1 - a[3], a[0], len[a[0]] + 1 - a[1]});
            sync = revSync;
        }
        int[][][] comm = new int[n][][];
        int[][][] matched = new int[n][][];
        int[][] fill = new int[n][];
        for (int i = 0; i < n; i++) {
            comm[i] = new int[len[i] + 2][];
            matched[i] = new int[len[i] + 2][];
            fill[i] = new int[len[i] + 2];
        }
        // successor lists in two passes (count, then place: arcs before synchronisations), no boxed keys
        for (int pass = 0; pass < 2; pass++) {
            for (List<int[]> list : List.of(arcs, sync)) {
                for (int[] a : list) {
                    if (a[1] < 1 || a[1] > len[a[0]] || a[3] < 1 || a[3] > len[a[2]]) continue;
                    if (pass == 0) {
                        fill[a[0]][a[1]] += 2;
                    } else {
                        int[] to = comm[a[0]][a[1]];
                        to[fill[a[0]][a[1]]++] = a[2];
                        to[fill[a[0]][a[1]]++] = a[3];
                    }
                }
            }
            if (pass == 0) {
                for (int i = 0; i < n; i++) {
                    for (int c = 0; c < fill[i].length; c++) {
                        if (fill[i][c] > 0) comm[i][c] = new int[fill[i][c]];
                        fill[i][c] = 0;
                    }
                }
            }
        }
        for (int[] a : arcs) matched[a[2]][a[3]] = new int[] {a[0], a[1]};
        Graph built = new Graph(n, len, comm, matched);
        built.vertexEvent = parts.vertexEvent();
        return built;
    }

    /**
     * The production algorithm. Instead of the forward vectors a(i,c) it keeps, for every vertex v,
     * the backward vector R(v)[i] = the latest vertex of rank i from which v is reachable (0 if
     * none; the hub processes of collectives get no entry, since no receive of theirs asks), computed
     * in one topological pass as the elementwise maximum over v's predecessors. The terminal
     * communication dependency of receive v(i,c) matched with send s is then just R(s)[i]
     * — one lookup instead of a scan over c. A graph of up to {@link #DENSE_RANKS} processes and
     * {@link #DENSE_CELLS} vector entries keeps each R(v) as a dense row; a larger one as a shared base plus a sparse delta
     * ({@link #compute(CommGraph, Model, int)}).
     */
    public static Result compute(CommGraph g, Model model) {
        return compute(g, assemble(parts(g), model), model);
    }

    /** Both models' results, {@link Model#RECEIVE} first, from one reading of the trace. */
    public static Result[] computeBoth(CommGraph g) {
        Parts parts = parts(g);
        return new Result[] {compute(g, assemble(parts, Model.RECEIVE), Model.RECEIVE),
                compute(g, assemble(parts, Model.SEND), Model.SEND)};
    }

    private static Result compute(CommGraph g, Graph gr, Model model) {
        long cells = 0;
        for (int i = 0; i < gr.n; i++) cells += (long) (gr.len[i] + 2) * g.np();
        return g.np() <= DENSE_RANKS && cells <= DENSE_CELLS ? denseReach(gr, model, g.np()) : compute(gr, model, g.np(), -1);
    }

    /**
     * Up to this many vector entries (vertices of G(S) times processes, 16 MB) the backward vectors are plain dense
     * rows of {@code np} entries: at np = 8 a row is a copy and a few maxima, where the shared bases and sparse deltas
     * cost an allocation and a merge at every vertex (RodHeat's 200 iterations on 8 ranks spent most of the
     * allocation's time there). Past it, the sparse vectors keep the memory to a few dense bases.
     */
    static final long DENSE_CELLS = 1L << 22;

    /**
     * Dense rows only up to this many processes: a row costs O(np) at every vertex, a sparse delta only what changed
     * (a 1024-rank ring took 54 ms with dense rows, 1.3 ms with sparse deltas).
     */
    static final int DENSE_RANKS = 64;

    /**
     * The backward vectors R(v) of {@link #compute(CommGraph, Model, int)} as dense rows: R(v) = max(R(v - 1), R(p) for
     * each communication predecessor p), with R(v)[i] = c for v = v(i,c) itself, in one topological pass.
     */
    private static Result denseReach(Graph gr, Model model, int ranks) {
        int n = gr.n;
        int[][] waiting = new int[n][];
        int[][][] preds = predecessors(gr, waiting);
        int[][] r = new int[n][];
        for (int i = 0; i < n; i++) r[i] = new int[(gr.len[i] + 2) * ranks];
        Ready ready = new Ready(gr, waiting);
        while (ready.next()) {
            int i = ready.i, c = ready.c;
            int[] row = r[i];
            int at = c * ranks;
            if (c > 1) System.arraycopy(row, at - ranks, row, at, ranks);
            int[] pr = preds[i][c];
            if (pr != null) {
                for (int k = 0; k < pr.length; k += 2) {
                    int[] from = r[pr[k]];
                    int f = pr[k + 1] * ranks;
                    for (int x = 0; x < ranks; x++) if (from[f + x] > row[at + x]) row[at + x] = from[f + x];
                }
            }
            if (i < ranks) row[at + i] = c;
            ready.release(i, c);
        }
        return intervals(gr, model, ranks, (i, c, s) -> r[s[0]][s[1] * ranks + i]);
    }

    /**
     * Kahn's algorithm over G(S): the vertices whose predecessors are all done, in the order they became so. A vertex
     * is taken with {@link #next} (then in {@link #i}, {@link #c}) and, once its vector is computed, {@link #release}d:
     * its program-order successor and its communication successors wait for one predecessor less.
     */
    private static final class Ready {
        private final Graph gr;
        private final int[][] waiting;
        private int[] queue = new int[32];
        private int head, tail;
        int i, c;

        Ready(Graph gr, int[][] waiting) {
            this.gr = gr;
            this.waiting = waiting;
            for (int p = 0; p < gr.n; p++) if (gr.len[p] >= 1 && waiting[p][1] == 0) push(p, 1);
        }

        boolean next() {
            if (head >= tail) return false;
            i = queue[head++];
            c = queue[head++];
            return true;
        }

        void release(int p, int v) {
            if (head > 1 << 16 && head * 2 > tail) { // compact when the consumed prefix dominates
                System.arraycopy(queue, head, queue, 0, tail - head);
                tail -= head;
                head = 0;
            }
            if (v + 1 <= gr.len[p] && --waiting[p][v + 1] == 0) push(p, v + 1);
            int[] succ = gr.comm[p][v];
            if (succ != null) {
                for (int k = 0; k < succ.length; k += 2) if (--waiting[succ[k]][succ[k + 1]] == 0) push(succ[k], succ[k + 1]);
            }
        }

        private void push(int p, int v) {
            if (tail + 2 > queue.length) queue = Arrays.copyOf(queue, queue.length * 2);
            queue[tail++] = p;
            queue[tail++] = v;
        }
    }

    /**
     * Each vertex's communication predecessors as (process, vertex) pairs ({@code preds[i][c]}, null when none), and
     * in {@code waiting} (filled here) how many predecessors each vertex waits for, its program-order one included.
     */
    private static int[][][] predecessors(Graph gr, int[][] waiting) {
        int n = gr.n;
        for (int i = 0; i < n; i++) waiting[i] = new int[gr.len[i] + 2];
        for (int i = 0; i < n; i++) {
            for (int c = 1; c <= gr.len[i]; c++) {
                int[] succ = gr.comm[i][c];
                if (succ != null) for (int k = 0; k < succ.length; k += 2) waiting[succ[k]][succ[k + 1]]++;
            }
        }
        int[][][] preds = new int[n][][];
        for (int i = 0; i < n; i++) {
            preds[i] = new int[gr.len[i] + 2][];
            for (int c = 1; c <= gr.len[i]; c++) if (waiting[i][c] > 0) preds[i][c] = new int[2 * waiting[i][c]];
        }
        int[][] fillAt = new int[n][];
        for (int i = 0; i < n; i++) fillAt[i] = new int[gr.len[i] + 2];
        for (int i = 0; i < n; i++) {
            for (int c = 1; c <= gr.len[i]; c++) {
                int[] succ = gr.comm[i][c];
                if (succ == null) continue;
                for (int k = 0; k < succ.length; k += 2) {
                    int j = succ[k], d = succ[k + 1];
                    preds[j][d][fillAt[j][d]++] = i;
                    preds[j][d][fillAt[j][d]++] = c;
                }
            }
        }
        for (int i = 0; i < n; i++) for (int c = 2; c <= gr.len[i]; c++) waiting[i][c]++;
        return preds;
    }

    /**
     * The production algorithm with each R(v) stored as a shared dense base plus a small sorted delta, whatever the
     * graph's size: bases are frozen when a delta grows past the limit or two vectors with unrelated bases meet (at
     * collective hubs), so rings and stencils whose reach grows slowly stay sparse and graphs whose reach is global
     * share a few dense arrays instead of holding |V| of them. Tests force the dense paths with a limit of 0 or 1;
     * a negative limit picks the default, which grows with the number of processes: folding a delta costs O(n), so a
     * delta may grow to n/16 entries before it pays to fold it (a fixed small limit gave every rank of a 4096-rank
     * stencil its own dense base, and neighbouring bases then had to be joined).
     */
    public static Result compute(CommGraph g, Model model, int deltaLimit) {
        return compute(build(g, model), model, g.np(), deltaLimit);
    }

    private static Result compute(Graph gr, Model model, int ranks, int deltaLimit) {
        int n = gr.n;
        // only the ranks' entries of a vector are ever read (a hub has no receive), so the vectors span the np
        // ranks, not the np + collective-instance processes of G(S): with an Allreduce in every iteration, hub
        // entries filled the deltas (RodHeat, 200 iterations at np=8: 2.8-3.0 ms with them, 1.4 ms without)
        if (deltaLimit < 0) deltaLimit = Math.max(DELTA_LIMIT, ranks / 16);
        // Kahn's algorithm over G(S); waiting[i][c] = predecessors not yet done
        int[][] waiting = new int[n][];
        int[][][] preds = predecessors(gr, waiting);
        Vec[][] r = new Vec[n][];
        for (int i = 0; i < n; i++) r[i] = new Vec[gr.len[i] + 2];
        Bases bases = new Bases(ranks, deltaLimit);
        Ready ready = new Ready(gr, waiting);
        while (ready.next()) {
            int i = ready.i, c = ready.c;
            Vec v = c > 1 ? r[i][c - 1] : Vec.EMPTY;
            int[] pr = preds[i][c];
            if (pr != null && pr.length / 2 > HUB_FANIN) v = bases.mergeAll(v, pr, r);
            else if (pr != null) for (int k = 0; k < pr.length; k += 2) v = bases.merge(v, r[pr[k]][pr[k + 1]]);
            r[i][c] = i < ranks ? bases.with(v, i, c) : v;
            ready.release(i, c);
        }
        return intervals(gr, model, ranks, (i, c, s) -> {
            Vec at = r[s[0]][s[1]];
            return at == null ? 0 : at.get(i); // null only on a cyclic graph, which G(S) never is
        });
    }

    /** Deltas longer than this are folded into a new dense base (the least default; see {@link #compute(CommGraph, Model, int)}). */
    static final int DELTA_LIMIT = 48;

    /** A vertex with more communication predecessors than this (a collective's hub) is merged densely, once. */
    static final int HUB_FANIN = 16;

    /** A backward vector: max(base[i], delta value of i); 0 = no vertex of process i reaches here. */
    private record Vec(Base base, int[] keys, int[] vals) {
        static final Vec EMPTY = new Vec(null, new int[0], new int[0]);

        int get(int i) {
            int b = base == null ? 0 : base.values[i];
            int k = Arrays.binarySearch(keys, i);
            return k >= 0 ? Math.max(b, vals[k]) : b;
        }
    }

    /** A frozen dense vector and the bases it is known to dominate. */
    private static final class Base {
        final int id;
        final int[] values;
        final java.util.BitSet dominates = new java.util.BitSet();

        Base(int id, int[] values) {
            this.id = id;
            this.values = values;
            dominates.set(id);
        }

        boolean covers(Base other) {
            return other == null || dominates.get(other.id);
        }
    }

    /** Creates and merges bases; merged pairs are cached so a hub's many inputs share one result. */
    private static final class Bases {
        final int n, limit;
        int next;
        final Map<Long, Base> merged = new HashMap<>();

        Bases(int n, int limit) {
            this.n = n;
            this.limit = limit;
        }

        Vec merge(Vec a, Vec b) {
            if (b == null || b == Vec.EMPTY) return a;
            if (a == Vec.EMPTY) return b;
            Base base;
            if (a.base == b.base || (a.base != null && a.base.covers(b.base))) base = a.base;
            else if (b.base != null && b.base.covers(a.base)) base = b.base;
            else base = join(a.base, b.base);
            return delta(base, a, b, -1, 0);
        }

        /**
         * The merge of {@code v} and the vectors of the predecessors {@code pr} ((process, vertex) pairs) in
         * one dense pass: each distinct base is applied once, then every delta; the result is one new base
         * that dominates them all. Used at collective hubs, where thousands of vectors meet.
         */
        Vec mergeAll(Vec v, int[] pr, Vec[][] r) {
            int[] dense = new int[n];
            Base fresh = new Base(next++, dense);
            java.util.Set<Base> applied = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
            java.util.function.Consumer<Vec> add = x -> {
                if (x == null) return;
                if (x.base != null && applied.add(x.base)) {
                    int[] b = x.base.values;
                    for (int k = 0; k < n; k++) if (b[k] > dense[k]) dense[k] = b[k];
                    fresh.dominates.or(x.base.dominates);
                }
                for (int k = 0; k < x.keys.length; k++) if (x.vals[k] > dense[x.keys[k]]) dense[x.keys[k]] = x.vals[k];
            };
            add.accept(v);
            for (int k = 0; k < pr.length; k += 2) add.accept(r[pr[k]][pr[k + 1]]);
            return new Vec(fresh, new int[0], new int[0]);
        }

        Vec with(Vec v, int i, int c) {
            return delta(v.base, v, null, i, c);
        }

        private Base join(Base x, Base y) {
            long key = ((long) Math.min(x.id, y.id) << 32) | Math.max(x.id, y.id);
            Base m = merged.get(key);
            if (m != null) return m;
            int[] vals = x.values.clone();
            for (int k = 0; k < n; k++) vals[k] = Math.max(vals[k], y.values[k]);
            m = new Base(next++, vals);
            m.dominates.or(x.dominates);
            m.dominates.or(y.dominates);
            merged.put(key, m);
            return m;
        }

        /** The union of the deltas of a and b (b may be null) plus (i, c) when i >= 0, over base. */
        private Vec delta(Base base, Vec a, Vec b, int i, int c) {
            int la = a.keys.length, lb = b == null ? 0 : b.keys.length;
            int[] keys = new int[la + lb + 1], vals = new int[la + lb + 1];
            int x = 0, y = 0, m = 0;
            boolean own = i < 0;
            while (x < la || y < lb || !own) {
                int ka = x < la ? a.keys[x] : Integer.MAX_VALUE;
                int kb = y < lb ? b.keys[y] : Integer.MAX_VALUE;
                int ko = own ? Integer.MAX_VALUE : i;
                int k = Math.min(ka, Math.min(kb, ko));
                int v = 0;
                if (ka == k) v = Math.max(v, a.vals[x++]);
                if (kb == k) v = Math.max(v, b.vals[y++]);
                if (ko == k) {
                    v = Math.max(v, c);
                    own = true;
                }
                if (base == null || v > base.values[k]) {
                    keys[m] = k;
                    vals[m++] = v;
                }
            }
            if (m > limit) {
                int[] dense = base == null ? new int[n] : base.values.clone();
                for (int k = 0; k < m; k++) dense[keys[k]] = Math.max(dense[keys[k]], vals[k]);
                Base fresh = new Base(next++, dense);
                if (base != null) fresh.dominates.or(base.dominates);
                return new Vec(fresh, new int[0], new int[0]);
            }
            return new Vec(base, Arrays.copyOf(keys, m), Arrays.copyOf(vals, m));
        }
    }

    /** The paper's dense O(|V|·n) vectors: the reference oracle for tests. */
    public static Result vectorOracle(CommGraph g, Model model) {
        Graph gr = build(g, model);
        int[][][] a = new int[gr.n][][];
        for (int i = 0; i < gr.n; i++) a[i] = new int[gr.len[i] + 2][];
        boolean changed = true;
        // fixpoint over a DAG: at most |V| rounds, usually a few
        for (int i = 0; i < gr.n; i++) {
            for (int c = 1; c <= gr.len[i]; c++) {
                a[i][c] = new int[gr.n];
                Arrays.fill(a[i][c], Integer.MAX_VALUE);
                a[i][c][i] = c;
            }
        }
        while (changed) {
            changed = false;
            for (int i = 0; i < gr.n; i++) {
                for (int c = gr.len[i]; c >= 1; c--) {
                    int[] v = a[i][c];
                    if (c + 1 <= gr.len[i]) changed |= min(v, a[i][c + 1]);
                    int[] succ = gr.comm[i][c];
                    if (succ != null) {
                        for (int k = 0; k < succ.length; k += 2) {
                            if (v[succ[k]] > succ[k + 1]) {
                                v[succ[k]] = succ[k + 1];
                                changed = true;
                            }
                            changed |= min(v, a[succ[k]][succ[k + 1]]);
                        }
                    }
                }
            }
        }
        // terminal communication dependency: the latest t < c whose reach includes the send
        return intervals(gr, model, g.np(), (i, c, s) -> {
            for (int x = c - 1; x >= 1; x--) {
                if (a[i][x][s[0]] <= s[1]) return x;
            }
            return 0;
        });
    }

    private static boolean min(int[] into, int[] from) {
        boolean ch = false;
        for (int k = 0; k < into.length; k++) {
            if (from[k] < into[k]) {
                into[k] = from[k];
                ch = true;
            }
        }
        return ch;
    }

    private interface TerminalDependency {
        /** The vertex t of process i on which receive v(i,c), matched with send s = (j, d), terminally depends (0: start). */
        int of(int i, int c, int[] s);
    }

    /** The intervals I(i,c) = [t, c] of every receive and each rank's maximum overlap (Fig. 13, last steps). */
    private static Result intervals(Graph gr, Model model, int ranks, TerminalDependency dependency) {
        int[] need = new int[ranks];
        List<List<int[]>> all = new ArrayList<>();
        for (int i = 0; i < ranks; i++) {
            List<int[]> iv = new ArrayList<>();
            for (int c = 1; c <= gr.len[i]; c++) {
                int[] s = gr.matchedSend[i][c];
                if (s != null) iv.add(new int[] {dependency.of(i, c, s), c});
            }
            need[i] = maxOverlap(iv);
            all.add(iv);
        }
        return new Result(model, need, all, java.util.Arrays.asList(gr.vertexEvent));
    }

    /** Maximum number of closed intervals [t, c] sharing a point (sweep over sorted end points). */
    static int maxOverlap(List<int[]> iv) {
        int n = iv.size();
        if (n == 0) return 0;
        int[] starts = new int[n], ends = new int[n];
        for (int k = 0; k < n; k++) {
            starts[k] = iv.get(k)[0];
            ends[k] = iv.get(k)[1];
        }
        Arrays.sort(starts);
        Arrays.sort(ends);
        int best = 0, cur = 0, e = 0;
        for (int s = 0; s < n; s++) {
            while (e < n && ends[e] < starts[s]) {
                cur--;
                e++;
            }
            cur++;
            best = Math.max(best, cur);
        }
        return best;
    }
}
