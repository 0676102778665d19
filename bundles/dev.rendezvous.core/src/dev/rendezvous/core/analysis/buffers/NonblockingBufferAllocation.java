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
 * keeps those vectors sparse (only processes actually reached), which is what makes np = 4096
 * rings and stencils cheap: their reach sets are a few processes wide.
 */
public final class NonblockingBufferAllocation {

    /** The buffer model. */
    public enum Model { RECEIVE, SEND }

    /** Per-rank requirement with the intervals that produce it. */
    public record Result(Model model, int[] perRank, List<List<int[]>> intervals) {}

    private NonblockingBufferAllocation() {}

    /** The processes of G(S): per rank, its vertices (p2p events, Sendrecv split), and the arcs. */
    static final class Graph {
        final int n;
        final int[] len; // E_i
        /** succ[i][c] = communication successors of v(i,c) as (j, d) pairs, c in 1..E_i */
        final int[][][] comm;
        /** for receive vertices: the matched send (j, d); null otherwise */
        final int[][][] matchedSend;

        Graph(int n, int[] len, int[][][] comm, int[][][] matchedSend) {
            this.n = n;
            this.len = len;
            this.comm = comm;
            this.matchedSend = matchedSend;
        }
    }

    static Graph build(CommGraph g, Model model) {
        int np = g.np();
        Map<Event, int[]> sendVertex = new IdentityHashMap<>(), recvVertex = new IdentityHashMap<>();
        Map<Event, int[]> collVertex = new IdentityHashMap<>();
        Map<String, List<Event>> instances = new java.util.LinkedHashMap<>();
        int[] lenReal = new int[np];
        for (int r = 0; r < np; r++) {
            List<Event> t = g.trace(r);
            int c = 0;
            Map<Integer, Integer> collSeq = new HashMap<>();
            // a non-blocking receive is a receive vertex where it completes: at the next wait
            List<Event> pendingIrecv = new ArrayList<>();
            for (Event e : t) {
                Op.Kind k = e.op().kind();
                if (k == Op.Kind.WAIT || k == Op.Kind.COLLECTIVE) {
                    for (Event p : pendingIrecv) recvVertex.put(p, new int[] {r, ++c});
                    pendingIrecv.clear();
                }
                if (k == Op.Kind.SEND) sendVertex.put(e, new int[] {r, ++c});
                else if (e.op() == Op.IRECV) pendingIrecv.add(e);
                else if (k == Op.Kind.RECV) recvVertex.put(e, new int[] {r, ++c});
                else if (k == Op.Kind.SENDRECV) {
                    sendVertex.put(e, new int[] {r, ++c});
                    recvVertex.put(e, new int[] {r, ++c});
                } else if (k == Op.Kind.COLLECTIVE) {
                    collVertex.put(e, new int[] {r, ++c});
                    int seq = collSeq.merge(e.comm(), 1, Integer::sum) - 1;
                    instances.computeIfAbsent(e.comm() + "#" + seq, x -> new ArrayList<>()).add(e);
                }
            }
            for (Event p : pendingIrecv) recvVertex.put(p, new int[] {r, ++c});
            lenReal[r] = c;
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
        for (List<Event> inst : instances.values()) {
            len[hub] = 1;
            for (Event e : inst) {
                int[] v = collVertex.get(e);
                boolean gives = !e.op().isRootToAll() || e.peer() == e.rank();
                boolean takes = !e.op().isAllToRoot() || e.peer() == e.rank();
                if (gives) sync.add(new int[] {v[0], v[1], hub, 1});
                if (takes && v[1] + 1 <= len[v[0]]) sync.add(new int[] {hub, 1, v[0], v[1] + 1});
            }
            hub++;
        }
        for (RunOutcome.Match m : g.arcs()) {
            int[] s = sendVertex.get(m.send()), d = recvVertex.get(m.recv());
            if (s != null && d != null) arcs.add(new int[] {s[0], s[1], d[0], d[1]});
        }
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
        Map<Long, List<int[]>> out = new HashMap<>();
        for (List<int[]> list : List.of(arcs, sync)) {
            for (int[] a : list) {
                if (a[1] < 1 || a[1] > len[a[0]] || a[3] < 1 || a[3] > len[a[2]]) continue;
                out.computeIfAbsent(((long) a[0] << 32) | a[1], k -> new ArrayList<>()).add(new int[] {a[2], a[3]});
            }
        }
        for (int i = 0; i < n; i++) {
            comm[i] = new int[len[i] + 2][];
            matched[i] = new int[len[i] + 2][];
        }
        for (int[] a : arcs) matched[a[2]][a[3]] = new int[] {a[0], a[1]};
        for (Map.Entry<Long, List<int[]>> e : out.entrySet()) {
            int i = (int) (e.getKey() >> 32), c = (int) (long) e.getKey();
            comm[i][c] = e.getValue().stream().flatMapToInt(Arrays::stream).toArray();
        }
        return new Graph(n, len, comm, matched);
    }

    /** The production algorithm (sparse reach vectors). */
    public static Result compute(CommGraph g, Model model) {
        Graph gr = build(g, model);
        // reach[i][c]: sparse map process -> first reachable vertex index, computed from the end backwards
        @SuppressWarnings("unchecked")
        Map<Integer, Integer>[][] reach = new Map[gr.n][];
        for (int i = 0; i < gr.n; i++) reach[i] = new Map[gr.len[i] + 2];
        // process vertices in an order where successors come first: iterate until every vertex is done
        // (G(S) is a DAG; a recursive DFS could overflow the stack on long traces, so use an explicit stack)
        for (int i = 0; i < gr.n; i++) {
            for (int c = gr.len[i]; c >= 1; c--) fill(gr, reach, i, c);
        }
        return intervals(gr, model, (i, t, j) -> {
            Map<Integer, Integer> m = reach[i][t];
            Integer d = m == null ? null : m.get(j);
            return d == null ? Integer.MAX_VALUE : d;
        }, g.np());
    }

    /** Iterative post-order DFS (G(S) is a DAG; recursion could overflow the stack on long traces). */
    private static void fill(Graph gr, Map<Integer, Integer>[][] reach, int i0, int c0) {
        if (reach[i0][c0] != null) return;
        ArrayList<int[]> stack = new ArrayList<>();
        java.util.Set<Long> expanded = new java.util.HashSet<>();
        stack.add(new int[] {i0, c0});
        while (!stack.isEmpty()) {
            int[] top = stack.get(stack.size() - 1);
            int i = top[0], c = top[1];
            if (reach[i][c] != null) {
                stack.remove(stack.size() - 1);
                continue;
            }
            int[] succ = gr.comm[i][c];
            if (expanded.add(((long) i << 32) | c)) {
                if (c + 1 <= gr.len[i] && reach[i][c + 1] == null) stack.add(new int[] {i, c + 1});
                if (succ != null) {
                    for (int k = 0; k < succ.length; k += 2) {
                        if (reach[succ[k]][succ[k + 1]] == null) stack.add(new int[] {succ[k], succ[k + 1]});
                    }
                }
                continue;
            }
            Map<Integer, Integer> m = new HashMap<>();
            m.put(i, c);
            if (c + 1 <= gr.len[i]) merge(m, reach[i][c + 1]);
            if (succ != null) {
                for (int k = 0; k < succ.length; k += 2) {
                    m.merge(succ[k], succ[k + 1], Math::min);
                    merge(m, reach[succ[k]][succ[k + 1]]);
                }
            }
            reach[i][c] = m;
            stack.remove(stack.size() - 1);
        }
    }

    private static void merge(Map<Integer, Integer> into, Map<Integer, Integer> from) {
        if (from == null) return; // only on a cyclic graph, which G(S) of a completed execution is not
        for (Map.Entry<Integer, Integer> e : from.entrySet()) into.merge(e.getKey(), e.getValue(), Math::min);
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
        return intervals(gr, model, (i, t, j) -> a[i][t][j], g.np());
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

    private interface Reach {
        /** First vertex of process j reachable from v(i,t), MAX_VALUE if none. */
        int first(int i, int t, int j);
    }

    private static Result intervals(Graph gr, Model model, Reach reach, int ranks) {
        int[] need = new int[ranks];
        List<List<int[]>> all = new ArrayList<>();
        for (int i = 0; i < ranks; i++) {
            List<int[]> iv = new ArrayList<>();
            for (int c = 1; c <= gr.len[i]; c++) {
                int[] s = gr.matchedSend[i][c];
                if (s == null) continue;
                // terminal communication dependency: the latest t < c whose reach includes the send
                int t = 0;
                for (int x = c - 1; x >= 1; x--) {
                    if (reach.first(i, x, s[0]) <= s[1]) {
                        t = x;
                        break;
                    }
                }
                iv.add(new int[] {t, c});
            }
            need[i] = maxOverlap(iv);
            all.add(iv);
        }
        return new Result(model, need, all);
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
