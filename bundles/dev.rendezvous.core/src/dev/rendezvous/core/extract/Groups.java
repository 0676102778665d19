package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Unknown;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.CommValue;

/**
 * Process groups and virtual topologies of MPJ Express ({@code mpi.Group}, {@code mpi.Cartcomm},
 * {@code mpi.Graphcomm}) as the interpreter's values, following MPI-1.1 chapters 5 (groups) and 6
 * (topologies): a group is an ordered list of COMM_WORLD ranks; a Cartesian communicator is a
 * communicator with row-major coordinates over its dimensions; {@code Shift} gives the
 * neighbours along one dimension, {@code PROC_NULL} past a non-periodic border.
 */
final class Groups {
    private Groups() {}

    /** A group: COMM_WORLD ranks in group order; null when not known. */
    record GroupVal(int[] members) {
        int rankOf(int worldRank) {
            if (members == null) return -1;
            for (int i = 0; i < members.length; i++) if (members[i] == worldRank) return i;
            return -1;
        }
    }

    /** A communicator with a Cartesian topology (dims row-major, last dimension fastest). */
    record CartVal(CommValue comm, int[] dims, boolean[] periods) {
        int[] coords(int rank) {
            int[] c = new int[dims.length];
            for (int i = dims.length - 1; i >= 0; i--) {
                int d = Math.max(1, dims[i]);
                c[i] = rank % d;
                rank /= d;
            }
            return c;
        }

        /** The rank at {@code coords}, wrapping periodic dimensions; -1 past a non-periodic border. */
        int rank(int[] coords) {
            int r = 0;
            for (int i = 0; i < dims.length; i++) {
                int d = Math.max(1, dims[i]);
                int c = coords[i];
                if (c < 0 || c >= d) {
                    if (!periods[i]) return -1;
                    c = Math.floorMod(c, d);
                }
                r = r * d + c;
            }
            return r;
        }
    }

    /** A communicator with a graph topology (MPI's index/edges arrays). */
    record GraphVal(CommValue comm, int[] index, int[] edges) {
        int[] neighbours(int rank) {
            if (rank < 0 || rank >= index.length) return new int[0];
            int from = rank == 0 ? 0 : index[rank - 1], to = index[rank];
            if (from < 0 || to > edges.length || from > to) return new int[0];
            return Arrays.copyOfRange(edges, from, to);
        }
    }

    /** A library result with public fields ({@code ShiftParms.rank_source}, {@code CartParms.dims}). */
    record Struct(Map<String, Object> fields) {}

    static int[] ints(Object v) {
        if (!(v instanceof ArrayVal a) || a.elems == null) return null;
        int[] out = new int[a.elems.length];
        for (int i = 0; i < out.length; i++) {
            if (!(a.elems[i] instanceof Long l)) return null;
            out[i] = (int) (long) l;
        }
        return out;
    }

    static boolean[] bools(Object v, int n) {
        boolean[] out = new boolean[n];
        if (v instanceof ArrayVal a && a.elems != null) {
            for (int i = 0; i < n && i < a.elems.length; i++) out[i] = a.elems[i] instanceof Boolean b && b;
        }
        return out;
    }

    static ArrayVal array(int[] xs) {
        Object[] e = new Object[xs.length];
        for (int i = 0; i < xs.length; i++) e[i] = (long) xs[i];
        return new ArrayVal(e);
    }

    /** {@code g.name(args)} on a group. */
    static Object groupCall(GroupVal g, String name, List<Object> args, int worldRank) {
        if (g.members() == null) return Unknown.ANY;
        int[] m = g.members();
        switch (name) {
            case "Size" -> {
                return (long) m.length;
            }
            case "Rank" -> {
                int r = g.rankOf(worldRank);
                return r < 0 ? MpjCalls.UNDEFINED : (long) r;
            }
            case "Incl", "Excl" -> {
                int[] idx = args.isEmpty() ? null : ints(args.get(0));
                if (idx == null) return new GroupVal(null);
                if (name.equals("Incl")) {
                    int[] out = new int[idx.length];
                    for (int i = 0; i < idx.length; i++) {
                        if (idx[i] < 0 || idx[i] >= m.length) return new GroupVal(null);
                        out[i] = m[idx[i]];
                    }
                    return new GroupVal(out);
                }
                List<Integer> out = new ArrayList<>();
                for (int i = 0; i < m.length; i++) {
                    final int k = i;
                    if (Arrays.stream(idx).noneMatch(x -> x == k)) out.add(m[i]);
                }
                return new GroupVal(out.stream().mapToInt(Integer::intValue).toArray());
            }
            case "Range_incl", "Range_excl" -> {
                if (args.isEmpty() || !(args.get(0) instanceof ArrayVal rs) || rs.elems == null) return new GroupVal(null);
                List<Integer> picked = new ArrayList<>();
                for (Object r : rs.elems) {
                    int[] t = ints(r);
                    if (t == null || t.length != 3 || t[2] == 0) return new GroupVal(null);
                    for (int i = t[0]; t[2] > 0 ? i <= t[1] : i >= t[1]; i += t[2]) picked.add(i);
                }
                int[] idx = picked.stream().mapToInt(Integer::intValue).toArray();
                return groupCall(g, name.equals("Range_incl") ? "Incl" : "Excl", List.of(array(idx)), worldRank);
            }
            case "Free" -> {
                return null;
            }
            default -> {
                return Unknown.ANY;
            }
        }
    }

    /** {@code Group.Union/Intersection/Difference/Translate_ranks/Compare(...)}. */
    static Object groupStatic(String name, List<Object> args) {
        GroupVal a = args.size() > 0 && args.get(0) instanceof GroupVal g ? g : null;
        Object last = args.isEmpty() ? null : args.get(args.size() - 1);
        GroupVal b = last instanceof GroupVal g ? g : null;
        if (a == null || b == null || a.members() == null || b.members() == null) {
            return name.equals("Translate_ranks") ? ArrayVal.unknownLength() : name.equals("Compare") ? Unknown.ANY : new GroupVal(null);
        }
        switch (name) {
            case "Union" -> {
                LinkedHashSet<Integer> s = new LinkedHashSet<>();
                for (int x : a.members()) s.add(x);
                for (int x : b.members()) s.add(x);
                return new GroupVal(s.stream().mapToInt(Integer::intValue).toArray());
            }
            case "Intersection" -> {
                return new GroupVal(Arrays.stream(a.members()).filter(x -> b.rankOf(x) >= 0).toArray());
            }
            case "Difference" -> {
                return new GroupVal(Arrays.stream(a.members()).filter(x -> b.rankOf(x) < 0).toArray());
            }
            case "Translate_ranks" -> {
                int[] r = args.size() == 3 ? ints(args.get(1)) : null;
                if (r == null) return ArrayVal.unknownLength();
                Object[] out = new Object[r.length];
                for (int i = 0; i < r.length; i++) {
                    int t = r[i] >= 0 && r[i] < a.members().length ? b.rankOf(a.members()[r[i]]) : -1;
                    out[i] = t < 0 ? MpjCalls.UNDEFINED : (long) t; // MPI.UNDEFINED where the process is not in g2
                }
                return new ArrayVal(out);
            }
            default -> {
                return Unknown.ANY;
            }
        }
    }

    /** {@code Cartcomm.Dims_create(nnodes, dims)}: fills the zero entries with a balanced factorisation. */
    static void dimsCreate(Object nnodes, Object dimsArg) {
        if (!(nnodes instanceof Long n) || !(dimsArg instanceof ArrayVal a) || a.elems == null) return;
        int[] dims = ints(dimsArg);
        if (dims == null) {
            a.forget();
            return;
        }
        long rest = n;
        List<Integer> free = new ArrayList<>();
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] > 0) rest /= dims[i];
            else free.add(i);
        }
        if (free.isEmpty() || rest < 1) return;
        List<Long> factors = new ArrayList<>();
        for (long p = 2; p * p <= rest; p++) {
            while (rest % p == 0) {
                factors.add(p);
                rest /= p;
            }
        }
        if (rest > 1) factors.add(rest);
        long[] out = new long[free.size()];
        Arrays.fill(out, 1);
        factors.sort((x, y) -> Long.compare(y, x));
        for (long f : factors) {
            int smallest = 0;
            for (int i = 1; i < out.length; i++) if (out[i] < out[smallest]) smallest = i;
            out[smallest] *= f;
        }
        Arrays.sort(out);
        a.writable();
        for (int i = 0; i < free.size(); i++) a.elems[free.get(i)] = out[out.length - 1 - i];
    }

    /** Methods of a Cartesian communicator; null result means "not a topology method". */
    static Object cartCall(CartVal c, String name, List<Object> args) {
        switch (name) {
            case "Shift" -> {
                if (args.size() != 2 || !(args.get(0) instanceof Long dir) || !(args.get(1) instanceof Long disp)
                        || dir < 0 || dir >= c.dims().length) {
                    return new Struct(Map.of("rank_source", Unknown.ANY, "rank_dest", Unknown.ANY));
                }
                int[] me = c.coords(c.comm().localRank());
                int[] src = me.clone(), dst = me.clone();
                src[(int) (long) dir] -= (int) (long) disp;
                dst[(int) (long) dir] += (int) (long) disp;
                int s = c.rank(src), d = c.rank(dst);
                return new Struct(Map.of("rank_source", s < 0 ? (long) Peer.PROC_NULL : (long) s,
                        "rank_dest", d < 0 ? (long) Peer.PROC_NULL : (long) d));
            }
            case "Coords" -> {
                if (args.size() == 1 && args.get(0) instanceof Long r) return array(c.coords((int) (long) r));
                return ArrayVal.unknownLength();
            }
            case "Rank" -> {
                if (args.isEmpty()) return null; // the communicator's own Rank()
                int[] co = ints(args.get(0));
                if (co == null || co.length != c.dims().length) return Unknown.ANY;
                int r = c.rank(co);
                return r < 0 ? Unknown.ANY : (Object) (long) r;
            }
            case "Get" -> {
                return new Struct(Map.of("dims", array(c.dims()), "periods", boolArray(c.periods()),
                        "coords", array(c.coords(c.comm().localRank()))));
            }
            case "Topo_test" -> {
                return 2L; // MPI.CART
            }
            default -> {
                return null;
            }
        }
    }

    static Object graphCall(GraphVal g, String name, List<Object> args) {
        switch (name) {
            case "Neighbours", "Neighbors" -> {
                if (args.size() == 1 && args.get(0) instanceof Long r) return array(g.neighbours((int) (long) r));
                return ArrayVal.unknownLength();
            }
            case "Neighbours_count", "Neighbors_count" -> {
                if (args.size() == 1 && args.get(0) instanceof Long r) return (long) g.neighbours((int) (long) r).length;
                return Unknown.ANY;
            }
            case "Get" -> {
                return new Struct(Map.of("index", array(g.index()), "edges", array(g.edges())));
            }
            default -> {
                return null;
            }
        }
    }

    private static ArrayVal boolArray(boolean[] xs) {
        Object[] e = new Object[xs.length];
        for (int i = 0; i < xs.length; i++) e[i] = xs[i];
        return new ArrayVal(e);
    }
}
