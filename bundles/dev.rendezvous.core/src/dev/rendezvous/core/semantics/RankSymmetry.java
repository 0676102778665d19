package dev.rendezvous.core.semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.semantics.LocalModels.Action;
import dev.rendezvous.core.semantics.LocalModels.Kind;
import dev.rendezvous.core.semantics.LocalModels.Node;
import dev.rendezvous.core.semantics.LocalModels.Outcome;
import dev.rendezvous.core.semantics.LocalModels.Step;

/**
 * Interchangeable ranks of a learned model ({@link LocalModels}): the workers of a farm, whose automata are alike once
 * ranks are renamed. The product of the automata ({@link LearnedModelSearch}) is then symmetric under permutations of
 * those ranks, and needs to hold one global state per orbit: which worker stands where does not matter, only how many
 * stand at each point. This is symmetry reduction as in Emerson and Sistla ("Symmetry and model checking", 1996) and
 * Ip and Dill's scalarsets (1996): the search stores a representative of each state's orbit.
 *
 * <p>The ranks of a class {@code C} are renamed by the transpositions {@code (c0 i)} of its first member with each
 * other one, which generate every permutation of {@code C}. For each, a walk over the automata from their starts
 * builds, per rank {@code r}, a map {@code phi} from {@code r}'s nodes to those of {@code tau(r)}: an image node must
 * do the image action (same kind, operation, tag, line; peers renamed; message contents by a map {@code psi} of message
 * ids built on the way) and, for each outcome, lead where the image outcome leads. Maps are bijections (a
 * transposition is its own inverse, and both directions are bound at once). A node whose image no run has shown yet
 * has none ({@code -1}); a state holding one is not renamed by that transposition. A contradiction (two images for
 * one node, an action that differs) means the ranks are not interchangeable: {@link #broken()}.
 *
 * <p>This class only renames; {@link LearnedModelSearch} checks, before it trusts a reduced search, that the learned
 * automata are closed under these maps on every edge the search used (learning the missing images by runs), which is
 * what makes the reduced search exact.
 */
final class RankSymmetry {

    private final int np;
    /** The class, ascending; {@code members[0]} is c0. */
    final int[] members;
    /** Per member index k >= 1: per rank, its nodes' images under {@code (c0 members[k])}, -1 where not known. */
    private final int[][][] maps;
    /**
     * Per member index k >= 1: message ids' images under {@code (c0 members[k])}, per sender (key: sender rank in the
     * upper half, id in the lower): two ranks may send equal contents that rename differently (a worker's rank, the
     * master's count of replies).
     */
    private final List<LearnedModelSearch.LongIntMap> psi = new ArrayList<>();
    /**
     * Per member index k >= 1, per rank, per node: how many outcomes the node and its image had when the walk last
     * visited the node (-1: not visited). The automata only grow, so a node whose count is unchanged has nothing new
     * to bind, and a walk on grown automata ({@link #extend}) visits only the others.
     */
    private final int[][][] visited;
    /** Per member index k >= 1: nodes whose outcomes named message contents not mapped yet, to visit again. */
    private final List<List<int[]>> pending = new ArrayList<>();
    private String broken;

    private RankSymmetry(int np, int[] members) {
        this.np = np;
        this.members = members;
        this.maps = new int[members.length][][];
        this.visited = new int[members.length][][];
        for (int k = 0; k < members.length; k++) {
            psi.add(new LearnedModelSearch.LongIntMap());
            pending.add(new ArrayList<>());
        }
    }

    /**
     * The symmetry of the largest class of ranks that start at the same call and whose automata walk alike so far, or
     * null when there is none (no two ranks alike, or a Sendrecv, whose outcome the product keeps per rank). With
     * {@code members} given (a class found before), that class is walked again on the grown automata: from where
     * {@code previous} (its symmetry on the automata as they were, or null) left off, when it has those members.
     */
    static RankSymmetry of(int np, List<List<Node>> nodes, int[] starts, int[] members, RankSymmetry previous) {
        for (List<Node> ns : nodes) for (Node n : ns) if (n.action.kind() == Kind.SENDRECV) return null;
        if (previous != null && previous.np == np && previous.broken == null && Arrays.equals(previous.members, members)) {
            for (int k = 1; k < members.length; k++) {
                if (!previous.extend(k, nodes)) return previous; // broken
            }
            return previous;
        }
        if (members == null) {
            Map<List<Object>, List<Integer>> byStart = new HashMap<>();
            for (int r = 0; r < np; r++) {
                Action a = nodes.get(r).get(starts[r]).action;
                byStart.computeIfAbsent(List.of(a.kind(), String.valueOf(a.op()), a.tag(), a.line()), x -> new ArrayList<>()).add(r);
            }
            List<Integer> best = List.of();
            for (List<Integer> g : byStart.values()) if (g.size() > best.size() || g.size() == best.size() && g.get(0) < best.get(0)) best = g;
            if (best.size() < 2) return null;
            List<Integer> kept = new ArrayList<>(List.of(best.get(0)));
            for (int i = 1; i < best.size(); i++) {
                RankSymmetry one = new RankSymmetry(np, new int[] { best.get(0), best.get(i) });
                if (one.walk(1, nodes, starts)) kept.add(best.get(i));
            }
            if (kept.size() < 2) return null;
            members = kept.stream().mapToInt(Integer::intValue).toArray();
        }
        RankSymmetry s = new RankSymmetry(np, members);
        for (int k = 1; k < members.length; k++) {
            if (!s.walk(k, nodes, starts)) return s; // broken
        }
        return s;
    }

    /** Why the ranks are not interchangeable after all, or null. */
    String broken() {
        return broken;
    }

    private int tau(int k, int r) {
        int a = members[0], b = members[k];
        return r == a ? b : r == b ? a : r;
    }

    /** A peer or source renamed by transposition k (wildcards and other special values stay). */
    private int peer(int k, int p) {
        return p >= 0 && p < np ? tau(k, p) : p;
    }

    /** Walks the automata for transposition k from the starts; false (and {@link #broken}) on a contradiction. */
    private boolean walk(int k, List<List<Node>> nodes, int[] starts) {
        int[][] phi = new int[np][];
        visited[k] = new int[np][];
        for (int r = 0; r < np; r++) {
            phi[r] = new int[nodes.get(r).size()];
            Arrays.fill(phi[r], -1);
            visited[k][r] = new int[phi[r].length];
            Arrays.fill(visited[k][r], -1);
        }
        maps[k] = phi;
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int r = 0; r < np; r++) if (!bind(k, phi, r, starts[r], starts[tau(k, r)], queue)) return false;
        return propagate(k, nodes, queue);
    }

    /**
     * Walks transposition k again on automata grown since its last walk: the maps are kept (every binding was forced by
     * edges that are still there) and widened to the new nodes, and only the nodes whose outcomes, or whose image's,
     * grew are visited again, with those still waiting for message contents; what they bind is walked from there. The
     * maps come out as a walk from the starts would make them.
     */
    private boolean extend(int k, List<List<Node>> nodes) {
        int[][] phi = maps[k];
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int r = 0; r < np; r++) {
            int size = nodes.get(r).size(), old = phi[r].length;
            if (size > old) {
                phi[r] = Arrays.copyOf(phi[r], size);
                Arrays.fill(phi[r], old, size, -1);
                visited[k][r] = Arrays.copyOf(visited[k][r], size);
                Arrays.fill(visited[k][r], old, size, -1);
            }
        }
        for (int r = 0; r < np; r++) {
            int t = tau(k, r);
            List<Node> mine = nodes.get(r), theirs = nodes.get(t);
            for (int n = 0; n < phi[r].length; n++) {
                int m = phi[r][n];
                if (m >= 0 && visited[k][r][n] != mine.get(n).next.size() + theirs.get(m).next.size()) queue.add(new int[] { r, n });
            }
        }
        return propagate(k, nodes, queue);
    }

    /** Visits the queued nodes and what they bind until nothing changes; false (and {@link #broken}) on a contradiction. */
    private boolean propagate(int k, List<List<Node>> nodes, ArrayDeque<int[]> queue) {
        int[][] phi = maps[k];
        LearnedModelSearch.LongIntMap ids = psi.get(k);
        List<int[]> pending = this.pending.get(k);
        this.pending.set(k, new ArrayList<>());
        while (true) {
            while (!queue.isEmpty()) {
                int[] rn = queue.poll();
                Boolean done = visit(k, phi, ids, nodes, rn[0], rn[1], queue);
                if (done == null) return false;
                if (!done) pending.add(rn);
            }
            // nodes whose outcomes name message contents no send has mapped yet: again, once the queue made progress
            int before = ids.size();
            List<int[]> again = pending;
            pending = new ArrayList<>();
            for (int[] rn : again) {
                Boolean done = visit(k, phi, ids, nodes, rn[0], rn[1], queue);
                if (done == null) return false;
                if (!done) pending.add(rn);
            }
            if (queue.isEmpty() && (pending.isEmpty() || ids.size() == before)) {
                this.pending.set(k, pending);
                return true;
            }
        }
    }

    /** Binds node n of rank r to node m of tau(r), both ways; false on a contradiction. */
    private boolean bind(int k, int[][] phi, int r, int n, int m, ArrayDeque<int[]> queue) {
        int t = tau(k, r);
        if (phi[r][n] == m && phi[t][m] == n) return true;
        if (phi[r][n] >= 0 || phi[t][m] >= 0) return contradiction("rank " + r + "'s node " + n + " has two images");
        phi[r][n] = m;
        phi[t][m] = n;
        queue.add(new int[] { r, n });
        if (t != r || m != n) queue.add(new int[] { t, m });
        return true;
    }

    /** Binds contents p sent by rank r to contents q sent by rank t = tau(r), both ways; false on a contradiction. */
    private boolean bindId(LearnedModelSearch.LongIntMap ids, int r, int p, int t, int q) {
        if (p < 0 || q < 0) return p == q || contradiction("a message with and without contents");
        int a = ids.get(idKey(r, p)), b = ids.get(idKey(t, q)); // -1: none yet (ids are never negative)
        if (a >= 0 && a != q || b >= 0 && b != p) return contradiction("message contents with two images");
        ids.put(idKey(r, p), q);
        ids.put(idKey(t, q), p);
        return true;
    }

    private static long idKey(int sender, int id) {
        return (long) sender << 32 | id & 0xFFFFFFFFL;
    }

    private boolean contradiction(String why) {
        if (broken == null) broken = why;
        return false;
    }

    /**
     * Checks node n of rank r against its image and binds what its outcomes lead to: true when done, false when an
     * outcome names contents not mapped yet (to visit again), null on a contradiction.
     */
    private Boolean visit(int k, int[][] phi, LearnedModelSearch.LongIntMap ids, List<List<Node>> nodes, int r, int n,
            ArrayDeque<int[]> queue) {
        int t = tau(k, r);
        Node a = nodes.get(r).get(n), b = nodes.get(t).get(phi[r][n]);
        visited[k][r][n] = a.next.size() + b.next.size();
        Action x = a.action, y = b.action;
        if (x.kind() != y.kind() || x.op() != y.op() || x.tag() != y.tag() || x.line() != y.line() || x.root() != y.root()
                || x.tag2() != y.tag2() || peer(k, x.peer()) != y.peer() || peer(k, x.peer2()) != y.peer2()) {
            contradiction("rank " + r + " at line " + x.line() + " and rank " + t + " do different calls");
            return null;
        }
        if (!bindId(ids, r, x.payload(), t, y.payload())) return null;
        boolean done = true;
        for (Map.Entry<Outcome, Set<Step>> e : a.next.entrySet()) {
            Outcome o = e.getKey();
            if (e.getValue().size() != 1) {
                contradiction("a decision after a call");
                return null;
            }
            Outcome image = image(k, ids, o);
            if (image == null) {
                done = false;
                continue;
            }
            Set<Step> there = b.next.get(image);
            if (there == null) continue; // not learned yet: the search's closure learns it where it is needed
            if (there.size() != 1) {
                contradiction("a decision after a call");
                return null;
            }
            if (!bind(k, phi, r, e.getValue().iterator().next().node().id, there.iterator().next().node().id, queue)) return null;
        }
        return done;
    }

    /** An outcome renamed by transposition k, or null when its message contents have no image yet. */
    private Outcome image(int k, LearnedModelSearch.LongIntMap ids, Outcome o) {
        if (o.payload() < 0 || o.source() < 0) return new Outcome(peer(k, o.source()), o.tag(), o.payload());
        int p = ids.get(idKey(o.source(), o.payload()));
        return p < 0 ? null : new Outcome(peer(k, o.source()), o.tag(), p);
    }

    /** Rank r's node n renamed by transposition k ({@code (c0 members[k])}): a node of tau(r), or -1 when not known. */
    int node(int k, int r, int n) {
        int[] m = maps[k][r];
        return n < m.length ? m[n] : -1;
    }

    /** An edge (rank r's node n and outcome o) renamed by transposition k: {rank, node} and the outcome, or null. */
    Object[] edge(int k, int r, int n, Outcome o) {
        int m = node(k, r, n);
        Outcome image = image(k, psi.get(k), o);
        if (m < 0 || image == null) return null;
        return new Object[] { tau(k, r), m, image };
    }

    /** The rank permutation of transposition k, as an array (rank -> image). */
    int[] permutation(int k) {
        int[] p = new int[np];
        for (int r = 0; r < np; r++) p[r] = tau(k, r);
        return p;
    }

    // ------------------------------------------------------------------ renaming global states

    /**
     * State {@code f} (the layout of {@link LearnedModelSearch}'s states: nodes, aux words, channels) renamed by
     * transposition k, or null when one of its nodes has no known image.
     */
    int[] apply(int k, int[] f) {
        int[] g = new int[f.length];
        for (int r = 0; r < np; r++) {
            int m = node(k, r, f[r]);
            if (m < 0) return null;
            int t = tau(k, r);
            g[t] = m;
            g[np + t] = f[np + r];
        }
        // channels: each renamed, its messages (the sender's nodes at the send) by the sender's map, then sorted again
        List<int[]> segments = new ArrayList<>();
        for (int i = 2 * np; i < f.length; i += 3 + f[i + 2]) {
            int q = f[i], len = f[i + 2];
            int[] seg = new int[3 + len];
            seg[0] = tau(k, q);
            seg[1] = tau(k, f[i + 1]);
            seg[2] = len;
            for (int j = 0; j < len; j++) {
                int m = node(k, q, f[i + 3 + j]);
                if (m < 0) return null;
                seg[3 + j] = m;
            }
            segments.add(seg);
        }
        segments.sort((u, v) -> u[0] != v[0] ? Integer.compare(u[0], v[0]) : Integer.compare(u[1], v[1]));
        int at = 2 * np;
        for (int[] seg : segments) {
            System.arraycopy(seg, 0, g, at, seg.length);
            at += seg.length;
        }
        return g;
    }

    /** State f with members x and y swapped (as transpositions of c0), or null when a node has no known image. */
    private int[] swap(int[] f, int xi, int yi) {
        if (xi == 0) return apply(yi, f);
        if (yi == 0) return apply(xi, f);
        int[] g = apply(xi, f);
        if (g != null) g = apply(yi, g);
        if (g != null) g = apply(xi, g);
        return g;
    }

    /** What a canonical state came from: the state, and the rank permutation that took the original to it. */
    record Canonical(int[] state, int[] permutation) {}

    /**
     * A representative of state f's orbit: the members sorted by where they stand (their node seen from c0, their aux
     * word), ties kept in rank order. Not always the same for every state of an orbit (ties, nodes without an image
     * yet): the search then stores an orbit more than once, which costs states, not exactness. Null when f is kept as
     * it is.
     */
    Canonical canonical(int[] f) {
        int m = members.length;
        int[] cur = f, perm = null;
        for (int p = 0; p < m - 1; p++) {
            int best = p;
            long bestKey = key(cur, p);
            if (bestKey < 0) return null;
            for (int j = p + 1; j < m; j++) {
                long kj = key(cur, j);
                if (kj < 0) return null;
                if (kj < bestKey) {
                    best = j;
                    bestKey = kj;
                }
            }
            if (best == p) continue;
            int[] g = swap(cur, p, best);
            if (g == null) return null;
            cur = g;
            if (perm == null) {
                perm = new int[np];
                for (int r = 0; r < np; r++) perm[r] = r;
            }
            int a = members[p], b = members[best];
            for (int r = 0; r < np; r++) perm[r] = perm[r] == a ? b : perm[r] == b ? a : perm[r];
        }
        return perm == null ? null : new Canonical(cur, perm);
    }

    /** Where member index j stands in state f, seen from c0: its node mapped to c0's and its aux word; -1 if unknown. */
    private long key(int[] f, int j) {
        int r = members[j];
        int n = j == 0 ? f[r] : node(j, r, f[r]);
        return n < 0 ? -1 : (long) n << 32 | f[np + r] & 0xFFFFFFFFL;
    }
}
