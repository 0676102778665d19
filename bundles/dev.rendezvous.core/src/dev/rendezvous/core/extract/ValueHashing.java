package dev.rendezvous.core.extract;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import dev.rendezvous.core.extract.Values.ArgsVal;
import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Cell;
import dev.rendezvous.core.extract.Values.IterVal;
import dev.rendezvous.core.extract.Values.ListVal;
import dev.rendezvous.core.extract.Values.MapVal;
import dev.rendezvous.core.extract.Values.ObjVal;
import dev.rendezvous.core.semantics.CommValue;
import dev.rendezvous.core.semantics.RequestValue;
import dev.rendezvous.core.semantics.StateCache.Hasher;
import dev.rendezvous.core.semantics.StatusValue;
import dev.rendezvous.core.semantics.World;

/**
 * Hashes interpreter values into a {@link Hasher} for state caching: scalars by value, arrays,
 * objects, lists and maps by canonical number on a second meeting (so sharing is part of the state)
 * and by contents the first time. {@code contents == false} (a variable no branch or communication
 * reads, {@link StateRelevance}) keeps only the shape: an array's length, a list's size, an object's
 * class and relevant fields. A value of a kind not listed makes the state opaque.
 */
final class ValueHashing {
    /** Arrays larger than this with relevant contents make the state opaque (hashing them costs more than it saves). */
    private static final int MAX_HASHED_ELEMENTS = 1 << 16;

    private final StateRelevance relevance;
    private final World world;
    private final Program program;

    ValueHashing(Program program, StateRelevance relevance, World world) {
        this.program = program;
        this.relevance = relevance;
        this.world = world;
    }

    /** Variables or fields in the order of their names (a map's own order depends on how it was filled). */
    void fields(Hasher h, Map<String, Cell> fields) {
        h.add(fields.size());
        if (fields instanceof RankInterpreter.Scope scope) {
            // a scope that lives across calls (main's) is hashed at each of them: its names sorted, and their relevance
            // looked up, once while none comes or goes
            if (scope.namesAt != scope.puts || scope.sorted.length != scope.size()) {
                scope.sorted = scope.sortedPositions();
                scope.relevantNames = new boolean[scope.sorted.length];
                for (int i = 0; i < scope.sorted.length; i++) scope.relevantNames[i] = relevance.relevant(scope.keyAt(scope.sorted[i]));
                scope.namesAt = scope.puts;
            }
            int[] sorted = scope.sorted;
            boolean[] relevant = scope.relevantNames;
            for (int i = 0; i < sorted.length; i++) {
                h.add(scope.keyAt(sorted[i]));
                value(h, scope.cellAt(sorted[i]).value, relevant[i]);
            }
            return;
        }
        if (fields.size() == 1) {
            Map.Entry<String, Cell> e = fields.entrySet().iterator().next();
            h.add(e.getKey());
            value(h, e.getValue().value, relevance.relevant(e.getKey()));
            return;
        }
        for (String name : sortedNames(fields)) {
            h.add(name);
            value(h, fields.get(name).value, relevance.relevant(name));
        }
    }

    private static String[] sortedNames(Map<String, Cell> fields) {
        String[] names = fields.keySet().toArray(new String[0]);
        Arrays.sort(names);
        return names;
    }

    /** Nesting followed before a state is made opaque (a long linked structure would otherwise overflow the stack). */
    private static final int MAX_DEPTH = 64;
    private int depth;

    void value(Hasher h, Object v, boolean contents) {
        if (h.isOpaque()) return;
        if (depth >= MAX_DEPTH) {
            h.opaque();
            return;
        }
        depth++;
        try {
            valueAt(h, v, contents);
        } finally {
            depth--;
        }
    }

    private void valueAt(Hasher h, Object v, boolean contents) {
        switch (v) {
            case null -> h.add(1);
            case Long x -> h.add(2).add(contents ? x : 0);
            case Double x -> h.add(3).add(contents ? Double.doubleToLongBits(x) : 0);
            case Boolean x -> h.add(4).add(contents && x ? 1 : 0);
            case String s -> {
                h.add(5);
                if (contents) h.add(s);
            }
            case Enum<?> e -> h.add(6).add(e.getDeclaringClass().getName()).add(contents ? e.ordinal() : 0);
            // a copied unknown is named only to tie its copies together (RankInterpreter.nameCopied, a message's
            // unknown numbers): the state it is in is the one it was in when it was anonymous
            case Values.Sym s when Values.Sym.copied(s) -> valueAt(h, Values.Unknown.ANY, contents);
            case Values.Sym s -> h.add(7).add(contents ? s.expr() : "");
            // a reader's position is left out: what it reads next is an unknown of its own at any position
            case Values.Input r -> h.add(32).add(contents ? r.name : "");
            case Values.Seeded g -> h.add(33).add(contents && !g.lost ? g.position : 0).add(g.lost ? 1 : 0);
            case Values.ClassRef c -> h.add(8).add(c.name());
            case Values.Datatype d -> h.add(9).add(d.name()).add(d.size());
            case Values.ReduceOp o -> h.add(10).add(o.name());
            case Values.Buffer b -> h.add(11).add(b.size());
            case StatusValue st -> h.add(12).add(st.source()).add(st.tag()).add(st.count()).add(st.index());
            case CommValue c -> h.add(13).add(c.id()).add(c.localRank()).add(Arrays.hashCode(c.members()));
            case Groups.GroupVal g -> h.add(14).add(Arrays.hashCode(g.members()));
            case Groups.CartVal c -> {
                h.add(15).add(Arrays.hashCode(c.dims())).add(Arrays.hashCode(c.periods()));
                value(h, c.comm(), true);
            }
            case Groups.GraphVal g -> {
                h.add(16).add(Arrays.hashCode(g.index())).add(Arrays.hashCode(g.edges()));
                value(h, g.comm(), true);
            }
            case Groups.Struct st -> {
                TreeMap<String, Object> sorted = new TreeMap<>(st.fields());
                h.add(17).add(sorted.size());
                for (Map.Entry<String, Object> e : sorted.entrySet()) {
                    h.add(e.getKey());
                    value(h, e.getValue(), contents);
                }
            }
            case RequestValue r -> {
                h.add(18);
                world.hashRequest(h, r);
            }
            case ArrayVal a -> array(h, a, contents);
            case Object[] copy -> { // a message's elements as they were at the send (shared with its buffer until written)
                h.add(31).add(copy.length);
                if (contents && copy.length > MAX_HASHED_ELEMENTS) h.opaque();
                else if (h.afford(copy.length)) for (Object x : copy) shapeOrValue(h, x, contents);
            }
            case ObjVal o -> {
                int n = h.seen(o);
                if (n >= 0) {
                    h.add(19).add(n);
                    return;
                }
                h.add(20).add(program.nodeId(o.type));
                fields(h, o.fields);
            }
            case ListVal l -> {
                int n = h.seen(l, contents);
                if (n >= 0) {
                    h.add(21).add(n);
                    return;
                }
                h.add(22).add(l.unknownSize ? 1 : 0).add(l.items.size());
                for (Object x : l.items) shapeOrValue(h, x, contents);
            }
            case MapVal m -> {
                int n = h.seen(m, contents);
                if (n >= 0) {
                    h.add(23).add(n);
                    return;
                }
                h.add(24).add(m.unknownKeys ? 1 : 0).add(m.entries.size());
                for (Map.Entry<Object, Object> e : m.entries.entrySet()) {
                    value(h, e.getKey(), true);
                    shapeOrValue(h, e.getValue(), contents);
                }
            }
            case IterVal it -> {
                int n = h.seen(it, contents);
                if (n >= 0) {
                    h.add(25).add(n);
                    return;
                }
                h.add(26).add(it.position()).add(it.unknownSize() ? 1 : 0).add(it.items().size());
                for (Object x : it.items()) shapeOrValue(h, x, contents);
            }
            case Values.Fn fn -> function(h, fn, contents);
            case Values.Opt o -> {
                h.add(36);
                value(h, o.value(), contents);
            }
            case Values.Entry en -> {
                h.add(34);
                value(h, en.key(), true);
                value(h, en.map(), contents);
            }
            case Values.StreamVal st -> {
                h.add(37).add(st.length()).add(st.elems() == null ? -1 : st.elems().length);
                if (st.elems() != null && h.afford(st.elems().length)) for (Object x : st.elems()) shapeOrValue(h, x, contents);
            }
            default -> h.opaque();
        }
    }

    /**
     * A function value: its code, the object it was made on and, for {@code expr::name}, the object it calls; for a
     * lambda, the captured variables its body names (innermost scope first, as the body would find them). Two lambdas
     * of the same code over equal captured values behave alike.
     */
    @SuppressWarnings("unchecked")
    private void function(Hasher h, Values.Fn fn, boolean contents) {
        h.add(35).add(program.nodeId(fn.code()));
        value(h, fn.self(), contents);
        value(h, fn.target(), contents);
        java.util.List<?> scopes = fn.captured();
        if (scopes.isEmpty()) return;
        for (String name : program.namesIn(fn.code())) {
            for (int i = scopes.size() - 1; i >= 0; i--) {
                Cell c = ((Map<String, Cell>) scopes.get(i)).get(name);
                if (c != null) {
                    h.add(name);
                    value(h, c.value, relevance.relevant(name));
                    break;
                }
            }
        }
    }

    /** Elements of a container: references always (their sharing and shape count), scalars only with contents. */
    private void shapeOrValue(Hasher h, Object x, boolean contents) {
        if (contents || !(x instanceof Long || x instanceof Double || x instanceof Boolean || x instanceof String)) {
            value(h, x, contents);
        } else {
            h.add(0);
        }
    }

    /** An array of a primitive type ({@code new double[n]}): its elements are numbers, booleans or unknowns, never references. */
    private static boolean scalars(ArrayVal a) {
        return a.fill instanceof Long || a.fill instanceof Double || a.fill instanceof Boolean || a.fill instanceof Character;
    }

    private void array(Hasher h, ArrayVal a, boolean contents) {
        int n = h.seen(a, contents);
        if (n >= 0) {
            h.add(27).add(n);
            return;
        }
        if (a instanceof ArgsVal args) {
            h.add(28).add(args.raw ? 1 : 0).add(args.given == null ? -1 : args.given.length);
            return;
        }
        if (a.elems == null) {
            h.add(29);
            return;
        }
        h.add(30).add(a.elems.length);
        if (!contents && scalars(a)) return; // the elements count with contents only: the length is the shape
        if (contents && a.elems.length > MAX_HASHED_ELEMENTS) {
            h.opaque();
            return;
        }
        if (!h.afford(a.elems.length)) return;
        for (int i = 0; i < a.elems.length; i++) {
            Object x = a.elems[i];
            if (contents) value(h, x, true);
            else if (x instanceof ArrayVal row && !(row instanceof ArgsVal) && scalars(row)) {
                // a row of numbers whose contents do not matter: its length is its shape, hashed as array() would
                // the first time it met the row, without numbering it (a 3000 x 3000 matrix of payload, hashed at every
                // wildcard decision, put its 3000 rows into an identity map each time: mpjexpress's SeqMatrix)
                if (row.elems == null) h.add(29);
                else h.add(30).add(row.elems.length);
            } else if (x instanceof ArrayVal row) array(h, row, false); // the shape of rows
            else if (x instanceof ObjVal || x instanceof ListVal || x instanceof MapVal || x instanceof IterVal
                    || x instanceof RequestValue) {
                value(h.add(i), x, false); // an object's relevant fields, a request's state
            }
        }
    }
}
