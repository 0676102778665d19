package dev.rendezvous.core.analysis.streaming;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Dummy-token intervals for a streaming channel graph with finite capacities,
 * {@code streaming-filtering-dummy-tokens.md} §3. Channels are edges {@code from->to}; |p| is the
 * sum of capacities on a directed path p. {@link Long#MAX_VALUE} stands for ∞ (no dummies needed).
 * <ul>
 * <li>{@link #propagationByCycles} — Algorithm 3: for every undirected cycle C and every node u
 * with two output channels uv1, uw1 on C, with p1, p2 the maximal directed paths on C that start
 * with them: [uv1] = min([uv1], |p2|), [uw1] = min([uw1], |p1|).</li>
 * <li>{@link #propagation} — Algorithm 4 (§3.2.1): the same intervals without enumerating cycles:
 * for each output channel uv1 of u, each directed path p1 from it inside the biconnected component
 * (Hopcroft–Tarjan) of uv1; x its end; if, after deleting p1's vertices but x and x's outgoing
 * edges, an undirected path joins x to another child w of u, then p1 is maximal on a cycle
 * through uw and [uw] = min([uw], |p1|) (the text of §3.2.1 names the updated edge uw1).</li>
 * <li>{@link #nonPropagation} — Algorithm 6: every channel on p1 gets min(…, ⌈|p2| / m⌉) and every
 * channel on p2 gets min(…, ⌈|p1| / n⌉), m and n being the numbers of channels on p1 and p2.</li>
 * </ul>
 * Cycle enumeration is exponential in general; graphs here are small (one node per rank of a
 * pipeline), and the enumeration stops after {@link #MAX_CYCLES} cycles.
 */
public final class DummyIntervals {
    public static final long INF = Long.MAX_VALUE;
    static final int MAX_CYCLES = 100_000;

    /** A directed channel with its capacity (messages). */
    public record Edge(int from, int to, long capacity) {
        @Override
        public String toString() {
            return from + "->" + to;
        }
    }

    private DummyIntervals() {}

    // ------------------------------------------------------------------ cycles (Algorithms 3 and 6)

    /** Simple undirected cycles as edge lists in traversal order (each cycle once). */
    static List<List<Edge>> undirectedCycles(List<Edge> edges) {
        Map<Integer, List<Edge>> adj = adjacency(edges);
        List<List<Edge>> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<Integer> nodes = new ArrayList<>(adj.keySet());
        nodes.sort(null);
        for (int start : nodes) {
            // cycles whose smallest node is start
            dfsCycles(start, start, adj, new ArrayList<>(), new HashSet<>(List.of(start)), out, seen);
            if (out.size() > MAX_CYCLES) break;
        }
        return out;
    }

    private static void dfsCycles(int start, int at, Map<Integer, List<Edge>> adj, List<Edge> path, Set<Integer> onPath,
            List<List<Edge>> out, Set<String> seen) {
        if (out.size() > MAX_CYCLES) return;
        for (Edge e : adj.get(at)) {
            if (!path.isEmpty() && e == path.get(path.size() - 1)) continue;
            int next = e.from() == at ? e.to() : e.from();
            if (next == start && !path.isEmpty()) {
                List<Edge> c = new ArrayList<>(path);
                c.add(e);
                String key = c.stream().map(x -> Integer.toString(System.identityHashCode(x))).sorted().toList().toString();
                if (seen.add(key)) out.add(c);
            } else if (next > start && !onPath.contains(next)) {
                path.add(e);
                onPath.add(next);
                dfsCycles(start, next, adj, path, onPath, out, seen);
                onPath.remove(next);
                path.remove(path.size() - 1);
            }
        }
    }

    /** For each node u with two output channels on cycle c: the two maximal directed paths from u. */
    private static List<List<Edge>[]> forkPaths(List<Edge> c) {
        int k = c.size();
        // orient the cycle: node order n0, n1, ... with edge i joining n_i and n_{i+1}
        int[] nodes = new int[k + 1];
        Edge first = c.get(0), second = c.get(1 % k);
        nodes[0] = (first.from() == second.from() || first.from() == second.to()) && k > 1 ? first.to() : first.from();
        for (int i = 0; i < k; i++) {
            Edge e = c.get(i);
            nodes[i + 1] = e.from() == nodes[i] ? e.to() : e.from();
        }
        List<List<Edge>[]> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            int u = nodes[i];
            Edge after = c.get(i), before = c.get((i - 1 + k) % k);
            if (after.from() != u || before.from() != u) continue; // u must send on both cycle edges
            List<Edge> forward = new ArrayList<>(), backward = new ArrayList<>();
            for (int j = i, n = u; ; j = (j + 1) % k) {
                Edge e = c.get(j);
                if (e.from() != n) break;
                forward.add(e);
                n = e.to();
                if (forward.size() == k) break;
            }
            for (int j = (i - 1 + k) % k, n = u; ; j = (j - 1 + k) % k) {
                Edge e = c.get(j);
                if (e.from() != n) break;
                backward.add(e);
                n = e.to();
                if (backward.size() == k) break;
            }
            @SuppressWarnings("unchecked")
            List<Edge>[] pair = new List[] {forward, backward};
            out.add(pair);
        }
        return out;
    }

    static long length(List<Edge> p) {
        long s = 0;
        for (Edge e : p) s += e.capacity();
        return s;
    }

    private static Map<Edge, Long> infinite(List<Edge> edges) {
        Map<Edge, Long> m = new LinkedHashMap<>();
        for (Edge e : edges) m.put(e, INF);
        return m;
    }

    /** Algorithm 3 (propagation, with cycle enumeration): the reference for Algorithm 4. */
    public static Map<Edge, Long> propagationByCycles(List<Edge> edges) {
        Map<Edge, Long> iv = infinite(edges);
        for (List<Edge> c : undirectedCycles(edges)) {
            for (List<Edge>[] p : forkPaths(c)) {
                iv.merge(p[0].get(0), length(p[1]), Math::min);
                iv.merge(p[1].get(0), length(p[0]), Math::min);
            }
        }
        return iv;
    }

    /** Algorithm 6 (non-propagation). */
    public static Map<Edge, Long> nonPropagation(List<Edge> edges) {
        Map<Edge, Long> iv = infinite(edges);
        for (List<Edge> c : undirectedCycles(edges)) {
            for (List<Edge>[] p : forkPaths(c)) {
                long m = p[0].size(), n = p[1].size();
                long onP1 = ceilDiv(length(p[1]), m), onP2 = ceilDiv(length(p[0]), n);
                for (Edge e : p[0]) iv.merge(e, onP1, Math::min);
                for (Edge e : p[1]) iv.merge(e, onP2, Math::min);
            }
        }
        return iv;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    // ------------------------------------------------------------------ Algorithm 4

    /** Algorithm 4: propagation intervals without cycle enumeration, within biconnected components. */
    public static Map<Edge, Long> propagation(List<Edge> edges) {
        Map<Edge, Long> iv = infinite(edges);
        Map<Edge, Integer> bcc = biconnectedComponents(edges);
        Map<Integer, List<Edge>> out = new HashMap<>();
        for (Edge e : edges) out.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
        for (Map.Entry<Integer, List<Edge>> en : out.entrySet()) {
            int u = en.getKey();
            for (Edge uv1 : en.getValue()) {
                int comp = bcc.get(uv1);
                List<Edge> siblings = en.getValue().stream().filter(e -> e != uv1 && bcc.get(e) == comp).toList();
                if (siblings.isEmpty()) continue;
                List<Edge> inComp = edges.stream().filter(e -> bcc.get(e) == comp).toList();
                // every directed path p1 starting with uv1 inside the component
                ArrayDeque<List<Edge>> stack = new ArrayDeque<>();
                stack.push(List.of(uv1));
                while (!stack.isEmpty()) {
                    List<Edge> p1 = stack.pop();
                    int x = p1.get(p1.size() - 1).to();
                    Set<Integer> removed = new HashSet<>();
                    removed.add(u);
                    for (Edge e : p1) removed.add(e.to());
                    removed.remove(x);
                    for (Edge uw : siblings) {
                        if (connected(inComp, x, uw.to(), removed)) iv.merge(uw, length(p1), Math::min);
                    }
                    for (Edge e : inComp) {
                        if (e.from() == x && e.to() != u && p1.stream().noneMatch(q -> q.to() == e.to())) {
                            List<Edge> longer = new ArrayList<>(p1);
                            longer.add(e);
                            stack.push(longer);
                        }
                    }
                }
            }
        }
        return iv;
    }

    /** Undirected path from x to target avoiding {@code removed} vertices and x's outgoing edges. */
    private static boolean connected(List<Edge> edges, int x, int target, Set<Integer> removed) {
        if (removed.contains(target)) return false;
        if (x == target) return true; // p1 ends at the other child: the cycle closes through the edge u->x
        ArrayDeque<Integer> q = new ArrayDeque<>();
        Set<Integer> seen = new HashSet<>();
        q.add(x);
        seen.add(x);
        while (!q.isEmpty()) {
            int n = q.poll();
            for (Edge e : edges) {
                if (n == x && e.from() == x) continue; // outgoing edges of x are deleted
                int m;
                if (e.from() == n) m = e.to();
                else if (e.to() == n) m = e.from();
                else continue;
                if (removed.contains(m) || !seen.add(m)) continue;
                if (m == target) return true;
                q.add(m);
            }
        }
        return false;
    }

    /** Hopcroft–Tarjan biconnected components of the undirected multigraph: component id per edge. */
    static Map<Edge, Integer> biconnectedComponents(List<Edge> edges) {
        Map<Integer, List<Edge>> adj = adjacency(edges);
        Map<Integer, Integer> disc = new HashMap<>(), low = new HashMap<>();
        Map<Edge, Integer> comp = new HashMap<>();
        ArrayDeque<Edge> estack = new ArrayDeque<>();
        int[] time = {0}, next = {0};
        for (int root : adj.keySet()) {
            if (disc.containsKey(root)) continue;
            bcc(root, null, adj, disc, low, estack, comp, time, next);
            while (!estack.isEmpty()) comp.put(estack.pop(), next[0]);
            next[0]++;
        }
        return comp;
    }

    private static void bcc(int u, Edge parentEdge, Map<Integer, List<Edge>> adj, Map<Integer, Integer> disc,
            Map<Integer, Integer> low, ArrayDeque<Edge> estack, Map<Edge, Integer> comp, int[] time, int[] next) {
        disc.put(u, time[0]);
        low.put(u, time[0]++);
        for (Edge e : adj.get(u)) {
            if (e == parentEdge) continue;
            int v = e.from() == u ? e.to() : e.from();
            if (!disc.containsKey(v)) {
                estack.push(e);
                bcc(v, e, adj, disc, low, estack, comp, time, next);
                low.put(u, Math.min(low.get(u), low.get(v)));
                if (low.get(v) >= disc.get(u)) {
                    Edge popped;
                    do {
                        popped = estack.pop();
                        comp.put(popped, next[0]);
                    } while (popped != e);
                    next[0]++;
                }
            } else if (disc.get(v) < disc.get(u)) {
                estack.push(e);
                low.put(u, Math.min(low.get(u), disc.get(v)));
            }
        }
    }

    private static Map<Integer, List<Edge>> adjacency(List<Edge> edges) {
        Map<Integer, List<Edge>> adj = new LinkedHashMap<>();
        for (Edge e : edges) {
            adj.computeIfAbsent(e.from(), k -> new ArrayList<>()).add(e);
            adj.computeIfAbsent(e.to(), k -> new ArrayList<>()).add(e);
        }
        return adj;
    }
}
