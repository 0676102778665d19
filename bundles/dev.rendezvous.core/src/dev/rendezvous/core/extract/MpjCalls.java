package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.SimpleName;

import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Buffer;
import dev.rendezvous.core.extract.Values.ClassRef;
import dev.rendezvous.core.extract.Values.Datatype;
import dev.rendezvous.core.extract.Groups.CartVal;
import dev.rendezvous.core.extract.Groups.GraphVal;
import dev.rendezvous.core.extract.Groups.GroupVal;
import dev.rendezvous.core.extract.Values.ListVal;
import dev.rendezvous.core.extract.Values.Null;
import dev.rendezvous.core.extract.Values.ReduceOp;
import dev.rendezvous.core.extract.Values.Unknown;
import dev.rendezvous.core.fix.Fixes;
import dev.rendezvous.core.model.ElementTypes;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.core.semantics.CommValue;
import dev.rendezvous.core.semantics.RequestValue;
import dev.rendezvous.core.semantics.StatusValue;
import dev.rendezvous.core.semantics.LocalModels;
import dev.rendezvous.core.semantics.StateCache;
import dev.rendezvous.core.semantics.World;

/**
 * Recognises MPJ Express calls and the few library calls that matter (collections of requests,
 * {@code Math}, {@code ByteBuffer}) by the abstract value of the receiver: a communicator value
 * makes {@code x.Send(...)} a send whatever the declared type of {@code x}, so a {@code Comm}
 * variable holding a {@code Split} result is understood without bindings. A receiver the
 * interpreter could not compute, with an MPJ method name and arity, is taken as COMM_WORLD and
 * said so. Signatures follow {@code javap -cp /usr/share/java/mpj.jar mpi.Comm mpi.Intracomm}.
 */
final class MpjCalls {
    private static final Set<String> MPJ_CLASSES = Set.of("MPI", "Request", "Prequest", "Status", "Comm", "Intracomm",
            "Datatype", "Op", "Group", "Cartcomm", "Graphcomm", "Intercomm");
    /** MPJ's own value of MPI.UNDEFINED is not used: a colour equal to this sentinel means "no communicator". */
    static final long UNDEFINED = Long.MIN_VALUE;

    private final RankInterpreter in;
    /**
     * The Create_cart that gave this rank no communicator because its grid has fewer places than the
     * communicator has ranks (null when none did): a call on that null is a crash at this process count only.
     */
    private String leftOutByGrid;

    MpjCalls(RankInterpreter in) {
        this.in = in;
    }

    static boolean isMpjClass(String name) {
        return MPJ_CLASSES.contains(name);
    }

    /** JDK classes besides {@link JdkCalls}'s pure ones whose static methods {@link #staticCall} models by name. */
    private static final Set<String> MODELLED_JDK_CLASSES = Set.of("System", "Arrays", "List", "Set", "Map", "ByteBuffer");

    /** Whether {@code name} is a class whose static calls are modelled here (MPJ's, or a JDK one {@link #staticCall} knows). */
    static boolean isModelledClass(String name) {
        return MPJ_CLASSES.contains(name) || MODELLED_JDK_CLASSES.contains(name);
    }

    private int rank() {
        return in.rank;
    }

    private World world() {
        return in.world;
    }

    // ================================================================ fields

    /** MPI's datatypes and reduction operators by name (values: the same for every rank and run). */
    private static final Map<String, Object> MPI_CONSTANTS = new java.util.concurrent.ConcurrentHashMap<>();

    Object staticField(String cls, String name) {
        if (cls.equals("MPI")) {
            switch (name) {
                case "COMM_WORLD": return world().world(rank());
                case "COMM_SELF": return new CommValue(1_000_000 + rank(), new int[] {rank()}, 0);
                case "ANY_SOURCE", "ANY_TAG": return (long) Peer.ANY;
                case "PROC_NULL": return (long) Peer.PROC_NULL;
                case "UNDEFINED": return UNDEFINED;
                case "BSEND_OVERHEAD", "SEND_OVERHEAD", "RECV_OVERHEAD": return 0L;
                case "COMM_NULL", "REQUEST_NULL": return Null.NULL;
                case "GROUP_EMPTY": return new GroupVal(new int[0]);
                case "CART": return 2L;
                case "GRAPH": return 1L;
                case "IDENT": return 0L;
                // the values MPJ Express 0.44 gives (printed on the runtime): MPI.HOST is the rank a program may use as
                // its root ("if (rank == MPI.HOST)"), not a datatype
                case "HOST", "IO": return 0L;
                case "SIMILAR": return 1L;
                case "UNEQUAL": return 2L;
                case "CONGRUENT": return 3L;
                case "THREAD_SINGLE": return 1L;
                case "THREAD_FUNNELED": return 2L;
                case "THREAD_SERIALIZED": return 3L;
                case "THREAD_MULTIPLE": return 4L;
                case "EMPTY_STATUS", "GROUP_NULL", "ERRORS_ARE_FATAL", "ERRORS_RETURN": return Unknown.UNIFORM;
                case "TAG_UB": return (long) Integer.MAX_VALUE;
                case "NUM_OF_PROCESSORS": return Unknown.UNIFORM;
                case "SUM", "MAX", "MIN", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR", "BXOR", "MAXLOC", "MINLOC":
                    return MPI_CONSTANTS.computeIfAbsent(name, ReduceOp::new);
                default:
                    // made once per name: a halo exchange names MPI.DOUBLE at every call
                    return MPI_CONSTANTS.computeIfAbsent(name, n -> n.equals(n.toUpperCase()) && !n.startsWith("THREAD")
                            ? new Datatype(n, Values.typeSize(n)) : Unknown.UNIFORM);
            }
        }
        if (cls.equals("Integer") || cls.equals("Long") || cls.equals("Short") || cls.equals("Byte")) {
            long max = switch (cls) {
                case "Integer" -> Integer.MAX_VALUE;
                case "Short" -> Short.MAX_VALUE;
                case "Byte" -> Byte.MAX_VALUE;
                default -> Long.MAX_VALUE;
            };
            if (name.equals("MAX_VALUE")) return max;
            if (name.equals("MIN_VALUE")) return -max - 1;
        }
        if (cls.equals("Math") && name.equals("PI")) return Math.PI;
        if (cls.equals("Math") && name.equals("E")) return Math.E;
        if (cls.equals("Double") || cls.equals("Float")) {
            boolean isDouble = cls.equals("Double");
            switch (name) {
                case "MAX_VALUE": return isDouble ? Double.MAX_VALUE : (double) Float.MAX_VALUE;
                case "MIN_VALUE": return isDouble ? Double.MIN_VALUE : (double) Float.MIN_VALUE;
                case "NaN": return Double.NaN; // a test x == Double.NaN is false whatever x (Operators.binary)
                case "POSITIVE_INFINITY": return Double.POSITIVE_INFINITY;
                case "NEGATIVE_INFINITY": return Double.NEGATIVE_INFINITY;
                default: break;
            }
        }
        return Unknown.ANY;
    }

    Object instanceField(Object base, String name) {
        if (base instanceof Groups.Struct st) {
            Object v = st.fields().get(name);
            return v == null ? Unknown.ANY : v;
        }
        if (base instanceof StatusValue st) {
            return switch (name) {
                case "source" -> (long) st.source();
                case "tag" -> st.tag() == dev.rendezvous.core.model.Peer.UNKNOWN ? Unknown.ANY : (Object) (long) st.tag(); // the sender's tag was not computed
                case "index" -> (long) st.index();
                default -> Unknown.ANY;
            };
        }
        return Unknown.ANY;
    }

    // ================================================================ calls

    Object invoke(Object recv, Expression recvExpr, String name, MethodInvocation mi) {
        Object out = invokeUntracked(recv, recvExpr, name, mi);
        if (name.equals("Free")) {
            created.remove(recv);
            if (recv instanceof CartVal cv) created.remove(cv.comm());
            if (recv instanceof GraphVal gv) created.remove(gv.comm());
        } else {
            track(out, name, mi);
        }
        return out;
    }

    // ================================================================ resources (resource-leak)

    /** MPJ methods that return a new communicator, group or datatype, which the program should free. */
    private static final Set<String> CREATORS = Set.of("Split", "Dup", "clone", "Create", "Create_cart", "Create_graph", "Sub",
            "Group", "Incl", "Excl", "Range_incl", "Range_excl", "Union", "Intersection", "Difference",
            "Contiguous", "Vector", "Hvector", "Indexed", "Hindexed", "Struct");

    /** Whether this rank has called {@code MPI.Finalize}: a {@code System.exit} after it ends only this rank. */
    private boolean finalized;

    /** Whether this rank has called {@code MPI.Init} (or {@code Init_thread}). */
    private boolean initialized;

    boolean initialized() {
        return initialized;
    }

    /** Whether this rank has called {@code MPI.Finalize}: what it does afterwards cannot communicate (legally). */
    boolean finalized() {
        return finalized;
    }

    /**
     * A communicator used before {@code MPI.Init}: MPJ Express's {@code MPI.COMM_WORLD} is null until then, so the
     * call throws a NullPointerException and the job stops (checked on the runtime: {@code MPI.COMM_WORLD.Rank()}
     * before Init). Said only where the slip is plain, a call in the entry method before that method's own
     * {@code MPI.Init}: an Init the analysis cannot see (in a class it does not have) must not make every call an error.
     */
    private void rejectUseBeforeInit(String name, MethodInvocation mi) {
        if (initialized || in.initializingFields() || !beforeEntrysInit(mi)) return;
        SourceRange site = in.program.range(mi);
        in.assumptions.defect(FindingKind.INIT_FINALIZE, site, "This " + name + " runs before MPI.Init (line "
                + in.program.range(entryInit(mi)).line() + "): MPJ Express's MPI.COMM_WORLD is null until then, so Java throws a "
                + "NullPointerException here and the job stops; call MPI.Init first", rank());
        world().abortJob(rank(), "uses MPI.COMM_WORLD before MPI.Init at line " + site.line());
        throw new RankInterpreter.ExitSig("before Init");
    }

    /** Whether {@code mi} lies in the entry method, before an {@code MPI.Init} call of that method. */
    private boolean beforeEntrysInit(MethodInvocation mi) {
        MethodInvocation init = entryInit(mi);
        return init != null && mi.getStartPosition() < init.getStartPosition();
    }

    /** The first {@code MPI.Init} or {@code MPI.Init_thread} call in the entry method, when {@code mi} is in that method. */
    private MethodInvocation entryInit(MethodInvocation mi) {
        org.eclipse.jdt.core.dom.MethodDeclaration entry = in.program.entry();
        if (entry == null || entry.getBody() == null) return null;
        if (!entryInitFound) { // looked up once: a program whose Init the analysis never sees asks on every call
            entryInit = Program.firstInit(entry.getBody());
            entryInitFound = true;
        }
        if (entryInit == null) return null;
        org.eclipse.jdt.core.dom.ASTNode n = mi;
        while (n != null && n != entry) n = n.getParent();
        return n == null ? null : entryInit;
    }

    private MethodInvocation entryInit;
    private boolean entryInitFound;

    /**
     * Communication after {@code MPI.Finalize}: MPI allows no call there; MPJ Express's multicore device still
     * delivers it (checked on the runtime), other devices and libraries need not. A warning.
     */
    private void warnAfterFinalize(Op op, MethodInvocation mi) {
        if (!finalized) return;
        in.assumptions.portabilityDefect(FindingKind.INIT_FINALIZE, in.program.range(mi), "This " + op.mpjName() + " on rank "
                + rank() + " comes after MPI.Finalize: MPI allows no communication there (MPJ Express's multicore device "
                + "still runs it; a cluster device or another library need not); communicate before Finalize", rank());
    }

    /** What this rank created and has not freed yet, in creation order: object -> (what, where). */
    private final Map<Object, Object[]> created = new java.util.IdentityHashMap<>();
    private final List<Object> creationOrder = new ArrayList<>();

    private void track(Object value, String method, MethodInvocation mi) {
        String what = value instanceof CommValue || value instanceof CartVal || value instanceof GraphVal ? "communicator"
                : value instanceof GroupVal ? "group" : value instanceof Datatype ? "derived datatype" : null;
        if (what == null || !CREATORS.contains(method) || created.containsKey(value)) return;
        created.put(value, new Object[] {what, method, in.program.range(mi), mi});
        creationOrder.add(value);
    }

    /**
     * At Finalize: every communicator, group and derived datatype this rank created and did not free is a
     * leak (MPI requires them freed; the MPI Bugs Initiative's "resource leak" class). Reported as information:
     * certain in this run, but harmless to most programs, which end right after.
     */
    private void reportLeaks(MethodInvocation finalizeCall) {
        for (Object v : creationOrder) {
            Object[] c = created.get(v);
            if (c == null) continue;
            in.assumptions.defect(FindingKind.RESOURCE_LEAK, (SourceRange) c[2], "The " + c[0] + " created here by "
                    + c[1] + " is never freed: rank " + rank() + " reaches Finalize without calling Free on it", rank(),
                    Fixes.freeBefore(in.program, (MethodInvocation) c[3], finalizeCall));
        }
        created.clear();
        creationOrder.clear();
    }

    private Object invokeUntracked(Object recv, Expression recvExpr, String name, MethodInvocation mi) {
        List<?> argExprs = mi.arguments();
        if (recv instanceof CommValue comm) return commCall(comm, name, argExprs, mi);
        if (recv == Null.NULL && (Op.commOp(name) != null || NULL_COMM_METHODS.contains(name))) {
            // a Comm, Cartcomm or Graphcomm method (a request may be MPI.REQUEST_NULL, so Wait and Test are not here)
            in.evalArgs(argExprs);
            nullCommunicator(name, mi);
        }
        if (recv instanceof CartVal cv) {
            if (CART_METHODS.contains(name) && !(name.equals("Rank") && argExprs.isEmpty())) {
                return Groups.cartCall(cv, name, in.evalArgs(argExprs));
            }
            if (name.equals("Sub")) return cartSub(cv, in.evalArgs(argExprs), mi);
            return commCall(cv.comm(), name, argExprs, mi);
        }
        if (recv instanceof GraphVal gv) {
            if (GRAPH_METHODS.contains(name)) return Groups.graphCall(gv, name, in.evalArgs(argExprs));
            return commCall(gv.comm(), name, argExprs, mi);
        }
        if (recv instanceof GroupVal g) return Groups.groupCall(g, name, in.evalArgs(argExprs), rank());
        if (recv instanceof Datatype t) return datatypeCall(t, name, in.evalArgs(argExprs));
        if (recv instanceof RequestValue rq) return requestCall(rq, name, mi);
        if (recv instanceof StatusValue st) {
            in.evalArgs(argExprs);
            return switch (name) {
                // a count the analysis does not know (-1 in the event) stays unknown, never a negative number
                case "Get_count", "Get_elements" -> st.count() < 0 ? Unknown.ANY : (Object) (long) st.count();
                case "Test_cancelled" -> false;
                default -> Unknown.ANY;
            };
        }
        if (recv instanceof ClassRef cr) return staticCall(cr.name(), name, argExprs, mi);
        if (recv instanceof ListVal l) return listCall(l, name, in.evalArgs(argExprs), mi);
        if (recv instanceof Values.IterVal it) {
            in.evalArgs(argExprs);
            return it.call(name);
        }
        if (recv instanceof Values.MapVal m) {
            List<Object> args = in.evalArgs(argExprs);
            if (name.equals("computeIfAbsent") && args.size() == 2 && args.get(1) instanceof Values.Fn fn) {
                // adj.computeIfAbsent(i, k -> new ArrayList<>()): the present value, or the function's, stored
                Object present = m.call("get", List.of(args.get(0)));
                if (present != Null.NULL && !Values.isUnknown(present)) return present;
                if (present == Null.NULL) {
                    Object made = in.applyFn(fn, List.of(args.get(0)), mi);
                    if (made != Null.NULL && made != null) m.call("put", List.of(args.get(0), made));
                    return made == null ? Null.NULL : made;
                }
                return Unknown.ANY; // a value the analysis does not know is there: Java keeps it
            }
            if (name.equals("merge") && args.size() == 3 && args.get(2) instanceof Values.Fn fn) {
                // counts.merge(word, 1, Integer::sum): the value when absent, else the function of the old and the new
                Object present = m.call("get", List.of(args.get(0)));
                Object made = present == Null.NULL ? args.get(1)
                        : Values.isUnknown(present) ? Unknown.ANY : in.applyFn(fn, List.of(present, args.get(1)), mi);
                if (made == null || made == Null.NULL) m.call("remove", List.of(args.get(0)));
                else m.call("put", List.of(args.get(0), made));
                return made == null ? Null.NULL : made;
            }
            if (name.equals("forEach") && args.size() == 1 && args.get(0) instanceof Values.Fn fn && !m.unknownKeys) {
                // map.forEach((k, v) -> ...): the function per entry, in the map's order
                for (Object key : m.keys()) in.applyFn(fn, List.of(key, m.entries.get(key)), mi);
                return null;
            }
            return m.call(name, args);
        }
        if (recv instanceof Values.Entry en) return en.call(name, in.evalArgs(argExprs));
        if (recv instanceof Values.Opt o) {
            List<Object> args = in.evalArgs(argExprs);
            if (name.equals("ifPresent") && args.size() == 1 && args.get(0) instanceof Values.Fn fn) {
                if (o.value() != null) in.applyFn(fn, List.of(o.value()), mi);
                return null;
            }
            return o.call(name, args);
        }
        if (recv instanceof String s) {
            Object r = raised(JdkCalls.callString(s, name, in.evalArgs(argExprs)), mi);
            return r == JdkCalls.NOT_HANDLED ? Unknown.ANY : r;
        }
        if (recv instanceof Values.Cmp cmp) {
            in.evalArgs(argExprs);
            return name.equals("reversed") ? new Values.Cmp(cmp.key(), !cmp.reversed()) : Unknown.ANY;
        }
        if (recv instanceof Values.StreamVal st) return streamCall(st, name, in.evalArgs(argExprs), argExprs, mi);
        if (recv instanceof Values.Seeded g) {
            List<Object> args = in.evalArgs(argExprs);
            Object r = g.call(name, args);
            if (r == null && randomStream(name, args) instanceof Values.StreamVal st) return st;
            return r != null ? r : Unknown.ANY;
        }
        if (recv instanceof Values.Input reader && !Program.COMM_NAMES.contains(name)) {
            List<Object> args = in.evalArgs(argExprs);
            Object r = reader.call(name, args);
            return r != null ? r : args.contains(Unknown.ANY) ? Unknown.ANY : Unknown.UNIFORM;
        }
        if ((recv == Unknown.UNIFORM || recv instanceof Values.Sym) && !Program.COMM_NAMES.contains(name)) {
            // a method of a rank-uniform object (a reader of the input file, a property string):
            // its result is as uniform as its arguments
            List<Object> args = in.evalArgs(argExprs);
            if (args.contains(Unknown.ANY)) return Unknown.ANY;
            return recv instanceof Values.Sym sym ? Values.Sym.call(sym.expr() + "." + name, args) : Unknown.UNIFORM;
        }
        if (recv instanceof ArrayVal a && name.equals("clone")) {
            return a.elems == null ? ArrayVal.unknownLength() : a.copy();
        }
        if (recv instanceof Unknown && Program.COMM_NAMES.contains(name) && !name.startsWith("Wait")
                && !name.startsWith("Test") && !name.equals("Start") && !name.startsWith("Buffer")) {
            in.assumptions.add(in.program.range(mi), "The communicator of this " + name + " could not be determined; "
                    + "it is assumed to be COMM_WORLD");
            return commCall(world().world(rank()), name, argExprs, mi);
        }
        List<Object> args = in.evalArgs(argExprs);
        if (recv == Unknown.ANY && randomStream(name, args) instanceof Values.StreamVal st) return st; // new Random().ints(n, 0, 100)
        return Unknown.ANY;
    }

    /**
     * {@code random.ints(n)}, {@code ints(n, lo, hi)} (and {@code longs}, {@code doubles}) of a generator: a stream of
     * {@code n} numbers the analysis does not compute (each rank draws its own), or null for any other call (the
     * two-argument {@code ints(lo, hi)} is endless).
     */
    private static Object randomStream(String name, List<Object> args) {
        if (!(name.equals("ints") || name.equals("longs") || name.equals("doubles"))) return null;
        if ((args.size() != 1 && args.size() != 3) || !(args.get(0) instanceof Long n) || n < 0) return null;
        return new Values.StreamVal(n, null);
    }

    /**
     * A step or the end of a stream of known length ({@link Values.StreamVal}): steps that keep every element keep the
     * length ({@code map}, {@code sorted}, {@code boxed}...), {@code limit} and {@code skip} compute it, those that may
     * drop elements lose it; {@code toArray()} makes the array, {@code count()} gives the length. Anything else (a sum,
     * a collector, {@code forEach}) is an unknown value, as for any library object the analysis does not model.
     */
    private Object streamCall(Values.StreamVal s, String name, List<Object> args, List<?> argExprs, MethodInvocation mi) {
        long n = s.length();
        if (s.elems() != null && args.size() == 1 && args.get(0) instanceof Values.Fn fn) {
            Object r = streamWith(s.elems(), name, fn, mi);
            if (r != null) return r;
        }
        if (name.equals("collect") && s.elems() != null && argExprs.size() == 1 && argExprs.get(0) instanceof MethodInvocation c
                && (c.getName().getIdentifier().equals("toList") || c.getName().getIdentifier().equals("toUnmodifiableList"))) {
            ListVal l = new ListVal(); // collect(Collectors.toList())
            l.items.addAll(java.util.Arrays.asList(s.elems()));
            return l;
        }
        switch (name) {
            case "toList" -> {
                if (s.elems() == null) return Unknown.ANY;
                ListVal l = new ListVal();
                l.items.addAll(java.util.Arrays.asList(s.elems()));
                return l;
            }
            case "sum" -> {
                if (s.elems() == null) return Unknown.ANY;
                Object acc = 0L;
                for (Object x : s.elems()) acc = Operators.binary("+", acc, x);
                return acc;
            }
            case "findFirst", "findAny" -> {
                if (s.elems() != null && args.isEmpty()) return new Values.Opt(s.elems().length == 0 ? null : s.elems()[0]);
            }
            case "max", "min" -> {
                // max(Integer::compare), IntStream's max(): as the stream's elements order under it
                if (s.elems() != null && s.elems().length == 0 && args.size() <= 1) return new Values.Opt(null);
                if (s.elems() != null && (args.isEmpty() ? sameKindScalars(s.elems())
                        : args.size() == 1 && (args.get(0) instanceof Values.Fn || args.get(0) instanceof Values.Cmp))) {
                    ListVal tmp = new ListVal();
                    tmp.items.addAll(java.util.Arrays.asList(s.elems()));
                    sortList(tmp, args.isEmpty() ? Null.NULL : args.get(0), mi);
                    return new Values.Opt(tmp.items.get(name.equals("max") ? tmp.items.size() - 1 : 0));
                }
            }
            case "sorted", "distinct" -> {
                // of known numbers or strings: the natural order, the first of equal elements (Java's equals on boxes)
                if (s.elems() != null && args.isEmpty() && sameKindScalars(s.elems())) {
                    Object[] e = name.equals("distinct") ? new java.util.LinkedHashSet<>(java.util.Arrays.asList(s.elems())).toArray()
                            : s.elems().clone();
                    if (name.equals("sorted")) java.util.Arrays.sort(e);
                    return new Values.StreamVal(e.length, e);
                }
            }
            default -> { }
        }
        switch (name) {
            case "parallel", "sequential", "unordered", "boxed", "peek", "onClose" -> {
                return s;
            }
            case "map", "mapToInt", "mapToLong", "mapToDouble", "mapToObj", "sorted", "asLongStream", "asDoubleStream" -> {
                return new Values.StreamVal(n, null);
            }
            case "limit", "skip" -> {
                if (n < 0 || args.size() != 1 || !(args.get(0) instanceof Long k) || k < 0) return new Values.StreamVal(-1, null);
                long m = name.equals("limit") ? Math.min(n, k) : Math.max(0, n - k);
                Object[] e = s.elems() == null ? null
                        : name.equals("limit") ? java.util.Arrays.copyOfRange(s.elems(), 0, (int) m)
                        : java.util.Arrays.copyOfRange(s.elems(), (int) (n - m), (int) n);
                return new Values.StreamVal(m, e);
            }
            case "filter", "distinct", "takeWhile", "dropWhile", "flatMap", "flatMapToInt", "flatMapToDouble", "flatMapToLong", "mapMulti" -> {
                return new Values.StreamVal(-1, null);
            }
            case "count" -> {
                return n >= 0 ? (Object) n : Unknown.ANY;
            }
            case "toArray" -> {
                if (n < 0 || n > in.budgets.maxArrayLength) return ArrayVal.unknownLength();
                return s.elems() != null ? new ArrayVal(s.elems().clone()) : ArrayVal.filled((int) n, Unknown.ANY);
            }
            default -> {
                return Unknown.ANY;
            }
        }
    }

    /** Whether {@code elems} are all longs, all doubles or all strings (so that Java's natural order and equals apply). */
    private static boolean sameKindScalars(Object[] elems) {
        if (elems.length == 0) return true;
        Class<?> k = elems[0] == null ? null : elems[0].getClass();
        if (k != Long.class && k != Double.class && k != String.class) return false;
        for (Object x : elems) if (x == null || x.getClass() != k) return false;
        return true;
    }

    /**
     * A step or end of a stream of known elements that takes a function value ({@code filter(x -> x % 2 == 0)},
     * {@code map(r -> r * 2)}, {@code anyMatch(...)}): the function runs on each element, as Java runs it; null when a
     * test it makes is not known (the caller then gives what it gives without the function) or for other steps.
     */
    private Object streamWith(Object[] elems, String name, Values.Fn fn, MethodInvocation mi) {
        switch (name) {
            case "map", "mapToInt", "mapToLong", "mapToDouble", "mapToObj" -> {
                Object[] out = new Object[elems.length];
                for (int i = 0; i < elems.length; i++) out[i] = in.applyFn(fn, List.of(elems[i]), mi);
                return new Values.StreamVal(out.length, out);
            }
            case "filter", "anyMatch", "allMatch", "noneMatch" -> {
                List<Object> kept = new ArrayList<>();
                for (Object x : elems) {
                    if (!(in.applyFn(fn, List.of(x), mi) instanceof Boolean b)) return null;
                    if (b) kept.add(x);
                }
                return switch (name) {
                    case "filter" -> new Values.StreamVal(kept.size(), kept.toArray());
                    case "anyMatch" -> !kept.isEmpty();
                    case "allMatch" -> kept.size() == elems.length;
                    default -> kept.isEmpty();
                };
            }
            case "forEach", "forEachOrdered" -> {
                for (Object x : elems) in.applyFn(fn, List.of(x), mi);
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    /** {@code IntStream.range(a, b)} and {@code rangeClosed(a, b)} (and {@code LongStream}'s): its numbers, in order. */
    private Object rangeStream(String name, List<Object> args) {
        if (!(name.equals("range") || name.equals("rangeClosed")) || args.size() != 2 || !(args.get(0) instanceof Long a)
                || !(args.get(1) instanceof Long b)) {
            return Unknown.ANY;
        }
        long n = Math.max(0, name.equals("range") ? b - a : b - a + 1);
        if (n > in.budgets.maxArrayLength) return new Values.StreamVal(n, null);
        Object[] e = new Object[(int) n];
        for (int i = 0; i < n; i++) e[i] = a + i;
        return new Values.StreamVal(n, e);
    }

    /** The collections, boxed numbers and maps {@link #construct} models (MPJ's own classes and the readers aside). */
    private static final Set<String> LISTS = Set.of("ArrayList", "LinkedList", "ArrayDeque", "Vector", "Stack"),
            BOXED = Set.of("Integer", "Long", "Double", "Float", "Short", "Byte", "Boolean"),
            MAPS = Set.of("HashMap", "LinkedHashMap", "TreeMap", "Hashtable", "ConcurrentHashMap");

    Object construct(String type, List<Object> args, org.eclipse.jdt.core.dom.ASTNode at) {
        if (LISTS.contains(type)) {
            ListVal l = new ListVal();
            l.stack = type.equals("Stack");
            if (!args.isEmpty() && args.get(0) instanceof ListVal src) {
                l.items.addAll(src.items);
                l.unknownSize = src.unknownSize;
                l.alike = src.alike;
            } else if (!args.isEmpty() && !(args.get(0) instanceof Long)) {
                l.unknownSize = true; // a copy of a collection the analysis does not know (an initial capacity is a Long)
            }
            return l;
        }
        if (BOXED.contains(type)) return args.isEmpty() ? Unknown.ANY : args.get(0);
        if (type.equals("String")) {
            return args.isEmpty() ? "" : args.get(0) instanceof String str ? str : Values.join(Unknown.UNIFORM, args.get(0));
        }
        if (MAPS.contains(type)) {
            // a HashMap's order follows its table: modelled for the default load factor only
            boolean hashed = type.equals("HashMap") && (args.size() < 2 || args.get(1) instanceof Double f && f == 0.75);
            Values.MapVal m = new Values.MapVal(type.equals("TreeMap"), hashed,
                    !args.isEmpty() && args.get(0) instanceof Long n ? n : -1);
            if (!args.isEmpty() && args.get(0) instanceof Values.MapVal src) {
                m.sizeFor(src.entries.size());
                for (Object key : src.keys()) m.entries.put(key, src.entries.get(key)); // the copy constructor: new TreeMap<>(counts), in the source's order
                m.unknownKeys = src.unknownKeys;
            } else if (!args.isEmpty() && !(args.get(0) instanceof Long)) {
                m.unknownKeys = true;
            }
            return m;
        }
        if (type.equals("Random") && args.size() == 1 && (args.get(0) instanceof Long || args.get(0) instanceof Values.Sym)) {
            Values.Seeded g = args.get(0) instanceof Long seed ? new Values.Seeded(seed) : new Values.Seeded(((Values.Sym) args.get(0)).expr());
            in.seeded.add(g);
            return g;
        }
        if (READERS.contains(type)) {
            // the same file (by name) opened on every rank reads the same values on every rank, also when the name is
            // an input every rank holds alike (args[0], a property: a symbol not of one rank's own data);
            // System.in and sockets are not: they arrive here as ANY and stay so
            Object j = Unknown.UNIFORM;
            String name = null;
            int reads = 0;
            for (Object a : args) {
                boolean alike = a instanceof Long || a instanceof String || a instanceof Boolean
                        || a instanceof Values.Sym && !Values.Sym.local(a) || a instanceof Values.Input;
                j = alike ? j : Values.join(j, a instanceof Unknown ? a : Unknown.ANY);
                if (name == null && a instanceof Values.Input inner) {
                    name = inner.name;
                    reads = inner.reads;
                } else if (name == null && (a instanceof String || a instanceof Values.Sym)) {
                    name = Values.Sym.text(a);
                }
            }
            // a named reader reads symbols every rank shares (Values.Input); without a name, anonymous uniform values
            return j == Unknown.UNIFORM && name != null ? new Values.Input(name, reads) : j;
        }
        return Unknown.ANY;
    }

    /**
     * Whether {@link #construct} makes something of a {@code new} of {@code type} other than an unknown value (the
     * collections, boxed numbers, strings, maps and readers it models), or the class is one of MPJ's or a JDK class
     * modelled by name: a {@code new} of any other class the program does not declare is an unknown value.
     */
    static boolean modelsConstruction(String type) {
        return LISTS.contains(type) || BOXED.contains(type) || type.equals("String") || type.equals("Random") || MAPS.contains(type) || READERS.contains(type)
                || MPJ_CLASSES.contains(type) || MODELLED_JDK_CLASSES.contains(type);
    }

    /** Readers and files: built from a file name, what they read is the same on every rank. */
    private static final Set<String> READERS = Set.of("File", "FileReader", "FileInputStream", "BufferedReader", "Scanner",
            "InputStreamReader", "DataInputStream", "BufferedInputStream", "ObjectInputStream", "RandomAccessFile",
            "StreamTokenizer", "LineNumberReader", "Properties");

    /** A system property or environment variable read by name: one symbol for every rank. */
    private static Object input(String reader, List<Object> args) {
        return !args.isEmpty() && args.get(0) instanceof String key ? Values.Sym.of(reader + "(" + key + ")") : Unknown.UNIFORM;
    }

    /** What {@code System.name(args)} gives: inputs the same on every rank, clocks different on each. */
    private Object system(String name, List<Object> args, MethodInvocation mi) {
        switch (name) {
            case "exit" -> {
                SourceRange site = in.program.range(mi);
                String status = args.isEmpty() ? "?" : args.get(0) instanceof Long l ? Long.toString(l) : "...";
                String what = "calls System.exit(" + status + ") at line " + site.line();
                if (!args.isEmpty() && args.get(0) instanceof Long l && l != 0) world().failed(rank(), what);
                if (!finalized && world().np() > 1) {
                    // MPJ Express's multicore device runs every rank as a thread of one JVM: the exit ends
                    // them all (checked on the runtime: a usage check that exits on rank 0 alone ends the
                    // job, the others' receives do not hang)
                    world().exitJob(rank(), what);
                    in.assumptions.jobAbort(site, "Rank " + rank() + " calls System.exit(" + status + ") here before MPI.Finalize "
                            + "with " + world().np() + " processes: on MPJ Express's multicore device every rank is a thread of one "
                            + "JVM, so the whole job ends and the ranks still waiting are not deadlocked (on a cluster device "
                            + "the other processes would wait for this one)");
                }
                throw new RankInterpreter.ExitSig("System.exit");
            }
            case "getProperty", "getenv" -> {
                // every rank is started with the same properties and environment
                return input(name, args);
            }
            case "getProperties" -> {
                return Unknown.UNIFORM;
            }
            case "lineSeparator" -> {
                return "\n";
            }
            case "arraycopy" -> {
                if (args.size() == 5 && args.get(0) instanceof ArrayVal src && args.get(2) instanceof ArrayVal dst) {
                    if (src.elems != null && dst.elems != null && args.get(1) instanceof Long sp && args.get(3) instanceof Long dp
                            && args.get(4) instanceof Long n && sp >= 0 && dp >= 0 && n >= 0 && sp + n <= src.elems.length
                            && dp + n <= dst.elems.length) {
                        in.bulk(n, mi);
                        Object same = src.uniformValue();
                        // unknowns copied into an array of the same unknowns (a forgotten result gathered piece by
                        // piece): nothing changes, and the shared elements are not copied to be written over alike
                        if (same == null || same != dst.uniformValue()) {
                            System.arraycopy(src.elems, (int) (long) sp, dst.writable().elems, (int) (long) dp, (int) (long) n);
                        }
                    } else if (src.elems != null && dst.elems != null && !(src instanceof Values.ArgsVal) && !(dst instanceof Values.ArgsVal)
                            && args.get(1) instanceof Long sp && args.get(3) instanceof Long dp && args.get(4) instanceof Long n) {
                        // all known and a range leaves its array: Java checks before it copies anything (main's
                        // arguments hold entries the analysis does not list: their length is not that of elems)
                        throw new RankInterpreter.ThrowSig("ArrayIndexOutOfBoundsException", Unknown.ANY, mi,
                                "ArrayIndexOutOfBoundsException (" + copyOutOfRange(sp, dp, n, src.elems.length, dst.elems.length) + ")");
                    } else {
                        dst.forget();
                    }
                }
                return null;
            }
            default -> {
                return Unknown.ANY; // nanoTime, currentTimeMillis, identityHashCode: per rank
            }
        }
    }

    /**
     * A JDK call's result, or, when the JDK method threw on these arguments ({@link JdkCalls.Thrown}),
     * that exception thrown at the call, so that the program's catch takes it as Java's would; uncaught,
     * it stops the rank with the JVM's message.
     */
    private static Object raised(Object result, MethodInvocation mi) {
        if (result instanceof JdkCalls.Thrown t) {
            throw new RankInterpreter.ThrowSig(t.type(), Unknown.ANY, mi, t.description());
        }
        return result;
    }

    /** How Java words a {@code System.arraycopy} whose range leaves an array (JDK 17 and 25 say it alike). */
    private static String copyOutOfRange(long sp, long dp, long n, int srcLength, int dstLength) {
        if (sp < 0) return "arraycopy: source index " + sp + " out of bounds for length " + srcLength;
        if (dp < 0) return "arraycopy: destination index " + dp + " out of bounds for length " + dstLength;
        if (n < 0) return "arraycopy: length " + n + " is negative";
        if (sp + n > srcLength) return "arraycopy: last source index " + (sp + n) + " out of bounds for length " + srcLength;
        return "arraycopy: last destination index " + (dp + n) + " out of bounds for length " + dstLength;
    }

    /** {@code Math.name(args)} or {@code StrictMath.name(args)}, the arguments evaluated. */
    Object mathCall(String cls, String name, List<Object> args, MethodInvocation mi) {
        Object r = raised(JdkCalls.callStatic(cls, name, args), mi);
        return r != JdkCalls.NOT_HANDLED ? r : math(name, args);
    }

    private Object staticCall(String cls, String name, List<?> argExprs, MethodInvocation mi) {
        List<Object> args = in.evalArgs(argExprs);
        switch (cls) {
            case "MPI" -> {
                return mpiStatic(name, args, mi);
            }
            case "Request", "Prequest" -> {
                return requestStatic(name, args, mi);
            }
            case "Group" -> {
                Object g = Groups.groupStatic(name, args);
                track(g, name, mi);
                return g;
            }
            case "Datatype" -> {
                Object t = datatypeStatic(name, args, mi);
                track(t, name, mi);
                return t;
            }
            case "Cartcomm" -> {
                if (name.equals("Dims_create") && args.size() == 2) Groups.dimsCreate(args.get(0), args.get(1));
                return null;
            }
            case "Comparator" -> {
                return switch (name) {
                    case "naturalOrder" -> new Values.Cmp(null, false);
                    case "reverseOrder" -> new Values.Cmp(null, true);
                    case "comparing", "comparingInt", "comparingLong", "comparingDouble" ->
                            args.size() == 1 && args.get(0) instanceof Values.Fn key ? new Values.Cmp(key, false) : Unknown.ANY;
                    default -> Unknown.ANY;
                };
            }
            case "Collections" -> {
                if (name.equals("reverseOrder") && args.isEmpty()) return new Values.Cmp(null, true);
                if (!args.isEmpty() && args.get(0) instanceof ListVal l) {
                    switch (name) {
                        case "sort" -> sortList(l, args.size() > 1 ? args.get(1) : Null.NULL, mi);
                        case "reverse" -> java.util.Collections.reverse(l.items);
                        case "swap" -> {
                            if (args.size() == 3 && args.get(1) instanceof Long i && args.get(2) instanceof Long j && i >= 0 && j >= 0
                                    && i < l.items.size() && j < l.items.size()) {
                                java.util.Collections.swap(l.items, (int) (long) i, (int) (long) j);
                            } else {
                                forgetOrder(l, false);
                            }
                        }
                        case "shuffle" -> {
                            // with new Random(seed): Java's own order of draws (from the end, each swapped with a
                            // position drawn below it), so the permutation is the runtime's; unseeded, every rank draws its own
                            boolean done = args.size() == 2 && args.get(1) instanceof Values.Seeded g;
                            for (int i = l.items.size(); done && i > 1; i--) {
                                Object j = ((Values.Seeded) args.get(1)).call("nextInt", List.of((long) i));
                                if (j instanceof Long at && at >= 0 && at < i) java.util.Collections.swap(l.items, i - 1, (int) (long) at);
                                else done = false;
                            }
                            if (!done) forgetOrder(l, false);
                        }
                        case "rotate" -> forgetOrder(l, false); // a distance the analysis does not follow
                        case "fill" -> {
                            if (args.size() == 2) java.util.Collections.fill(l.items, args.get(1));
                        }
                        case "addAll" -> { // Collections.addAll(list, 1, 2, 3) or (list, array)
                            if (args.size() == 2 && args.get(1) instanceof ArrayVal a) {
                                if (a.elems != null) l.items.addAll(java.util.Arrays.asList(a.elems));
                                else forgetOrder(l, true);
                            } else {
                                l.items.addAll(args.subList(1, args.size()));
                            }
                            return true;
                        }
                        default -> { }
                    }
                }
                return Unknown.ANY;
            }
            case "Math", "StrictMath" -> {
                return in.intMath(mi, name, mathCall(cls, name, args, mi));
            }
            case "String" -> {
                if (name.equals("valueOf") && args.size() == 1) { // String.valueOf(c) of a char: its character
                    Object text = in.asText(args.get(0), (org.eclipse.jdt.core.dom.Expression) argExprs.get(0));
                    if (text instanceof String) return text;
                }
                Object r = raised(JdkCalls.callStatic(cls, name, args), mi);
                return r != JdkCalls.NOT_HANDLED ? r : Unknown.ANY;
            }
            case "Integer", "Long" -> {
                if (name.equals("getInteger") || name.equals("getLong")) { // a system property
                    return input(name, args);
                }
                Object r = raised(JdkCalls.callStatic(cls, name, args), mi);
                if (r != JdkCalls.NOT_HANDLED) return r;
                if ((name.equals("parseInt") || name.equals("parseLong") || name.equals("valueOf"))
                        && !args.isEmpty() && args.get(0) instanceof String s) {
                    try {
                        return Long.parseLong(s.trim());
                    } catch (NumberFormatException e) {
                        return Unknown.ANY;
                    }
                }
                if (name.equals("valueOf") && !args.isEmpty() && args.get(0) instanceof Long l) return l;
                if ((name.equals("max") || name.equals("min") || name.equals("sum"))) return math(name, args);
                return Unknown.ANY;
            }
            case "ByteBuffer" -> {
                if (name.startsWith("allocate") && !args.isEmpty()) {
                    return new Buffer(args.get(0) instanceof Long l ? l : -1);
                }
                return Unknown.ANY;
            }
            case "System" -> {
                return system(name, args, mi);
            }
            case "IntStream", "LongStream" -> {
                if (name.equals("of")) { // IntStream.of(3, 1, 2) or of(array): those numbers, in order
                    Object[] e = args.size() == 1 && args.get(0) instanceof ArrayVal a ? a.elems : args.toArray();
                    return e == null ? new Values.StreamVal(-1, null) : new Values.StreamVal(e.length, e.clone());
                }
                return rangeStream(name, args);
            }
            case "Arrays" -> {
                if (name.equals("stream") && args.size() == 1 && args.get(0) instanceof ArrayVal a && a.elems != null
                        && !(a instanceof Values.ArgsVal)) {
                    return new Values.StreamVal(a.elems.length, a.elems.clone()); // reads the array, no write
                }
                if (name.equals("fill") && !args.isEmpty() && args.get(0) instanceof ArrayVal a && a.elems != null
                        && args.size() == 2) {
                    in.bulk(a.elems.length, mi);
                    java.util.Arrays.fill(a.writable().elems, a.asElement(args.get(1))); // fill(d, 1) of doubles: 1.0
                } else if (name.equals("fill") && args.size() == 4 && args.get(0) instanceof ArrayVal a && a.elems != null
                        && !(a instanceof Values.ArgsVal)) {
                    // fill(a, from, to, v): that range (Java throws outside the array; so does this)
                    if (args.get(1) instanceof Long from && args.get(2) instanceof Long to) {
                        if (from > to) {
                            throw new RankInterpreter.ThrowSig("IllegalArgumentException", Unknown.ANY, mi,
                                    "IllegalArgumentException (fromIndex(" + from + ") > toIndex(" + to + "))");
                        }
                        if (from < 0 || to > a.elems.length) {
                            throw new RankInterpreter.ThrowSig("ArrayIndexOutOfBoundsException", Unknown.ANY, mi,
                                    "ArrayIndexOutOfBoundsException (Array index out of range: " + (from < 0 ? from : to) + ")");
                        }
                        in.bulk(to - from, mi);
                        java.util.Arrays.fill(a.writable().elems, (int) (long) from, (int) (long) to, a.asElement(args.get(3)));
                    } else {
                        a.forget();
                    }
                    return null;
                } else if ((name.equals("sort") || name.equals("parallelSort")) && (args.size() == 1 || args.size() == 3)
                        && args.get(0) instanceof ArrayVal a
                        && a.elems != null && !(a instanceof Values.ArgsVal) && sortKnown(a, args, mi)) {
                    return Unknown.ANY;
                } else if (name.equals("sort") && args.size() == 2 && args.get(0) instanceof ArrayVal a && a.elems != null
                        && !(a instanceof Values.ArgsVal) && (args.get(1) instanceof Values.Fn || args.get(1) instanceof Values.Cmp)) {
                    ListVal tmp = new ListVal(); // Arrays.sort(ids, (x, y) -> y - x): as a list sorts with that comparator
                    tmp.items.addAll(java.util.Arrays.asList(a.elems));
                    sortList(tmp, args.get(1), mi);
                    in.bulk(a.elems.length, mi);
                    Object[] w = a.writable().elems;
                    for (int i = 0; i < w.length; i++) w[i] = tmp.items.get(i);
                    return Unknown.ANY;
                } else if (name.startsWith("copyOf") && !args.isEmpty() && (args.get(0) instanceof ArrayVal || Values.isUnknown(args.get(0)))) {
                    return copyOf(name, args, mi);
                } else if (name.equals("asList")) {
                    ListVal l = new ListVal();
                    if (args.size() == 1 && args.get(0) instanceof ArrayVal a && a.elems != null) l.items.addAll(List.of(a.elems));
                    else l.items.addAll(args);
                    return l;
                }
                for (Object a : args) if (a instanceof ArrayVal av && !name.equals("fill") && !name.equals("toString")) av.forget();
                return Unknown.ANY;
            }
            case "List" -> {
                if (name.equals("of")) {
                    ListVal l = new ListVal();
                    l.items.addAll(args);
                    return l;
                }
                return Unknown.ANY;
            }
            case "Set" -> { // Set.of(a, b): its elements (held in the order written; Java's order of iteration is unspecified)
                if (name.equals("of")) {
                    ListVal l = new ListVal();
                    l.items.addAll(args);
                    return l;
                }
                return Unknown.ANY;
            }
            case "Map" -> { // Map.of(k1, v1, k2, v2): its pairs (the JDK's order of iteration is unspecified)
                if (name.equals("of") && args.size() % 2 == 0) {
                    Values.MapVal m = new Values.MapVal(false);
                    for (int i = 0; i < args.size(); i += 2) m.call("put", List.of(args.get(i), args.get(i + 1)));
                    return m;
                }
                return Unknown.ANY;
            }
            default -> {
                if (cls.equals("Boolean") && name.equals("getBoolean")) return Unknown.UNIFORM;
                if (JdkCalls.isPureClass(cls)) {
                    Object r = raised(JdkCalls.callStatic(cls, name, args), mi);
                    if (r != JdkCalls.NOT_HANDLED) return r;
                }
                return Unknown.ANY;
            }
        }
    }

    /**
     * {@code Arrays.sort(a)} or {@code Arrays.sort(a, from, to)} of an array whose elements in that range are all known
     * numbers of one kind (or all strings): sorted as Java sorts them ({@code Double.compare}'s order for doubles), so
     * the data stays known; false (the caller forgets the array's elements, as for any other library call) otherwise.
     * A merge of sorted halves used to see unknown elements and explore its comparisons.
     */
    private boolean sortKnown(ArrayVal a, List<Object> args, MethodInvocation mi) {
        int from = 0, to = a.elems.length;
        if (args.size() == 3) {
            if (!(args.get(1) instanceof Long f) || !(args.get(2) instanceof Long t) || f < 0 || f > t || t > to) return false;
            from = (int) (long) f;
            to = (int) (long) t;
        }
        Class<?> kind = null;
        for (int i = from; i < to; i++) {
            Object e = a.elems[i];
            if (!(e instanceof Long || e instanceof Double || e instanceof String) || kind != null && e.getClass() != kind) return false;
            kind = e.getClass();
        }
        in.bulk(to - from, mi);
        Object[] w = a.writable().elems;
        if (kind == Long.class) java.util.Arrays.sort(w, from, to, (x, y) -> Long.compare((Long) x, (Long) y));
        else if (kind == Double.class) java.util.Arrays.sort(w, from, to, (x, y) -> Double.compare((Double) x, (Double) y));
        else if (kind == String.class) java.util.Arrays.sort(w, from, to, (x, y) -> ((String) x).compareTo((String) y));
        return true;
    }

    /**
     * {@code Arrays.copyOf(a, n)} and {@code Arrays.copyOfRange(a, from, to)}: the copy's length is known whenever
     * the bounds are, even when {@code a}'s contents or length are not (its elements are then unknown), as a
     * program sorting half of an array of random numbers sends {@code to - from} of them. A negative length
     * or range is left unknown (Java throws there; the analysis does not follow that). A copy of a whole array
     * shares its elements until one of the two is written, a copy from an array of one value (untouched, or
     * forgotten) is filled with it, and any other copy, or a fill that makes a new template, is charged to the step
     * budget ({@link RankInterpreter#bulk}): a loop copying the rest of a million-element row on each iteration stays
     * bounded, whether the row was written or not.
     */
    private Object copyOf(String name, List<Object> args, MethodInvocation mi) {
        long maxLength = in.budgets.maxArrayLength;
        ArrayVal a = args.get(0) instanceof ArrayVal av ? av : null;
        long from, to;
        if (name.equals("copyOf") && args.size() == 2 && args.get(1) instanceof Long n) {
            from = 0;
            to = n;
        } else if (name.equals("copyOfRange") && args.size() == 3 && args.get(1) instanceof Long f && args.get(2) instanceof Long t) {
            from = f;
            to = t;
        } else {
            return ArrayVal.unknownLength();
        }
        if (from < 0 || to < from || to - from > maxLength || (a != null && a.elems != null && from > a.elems.length)) {
            return ArrayVal.unknownLength();
        }
        int len = (int) (to - from);
        ArrayVal copy;
        Object uniform = a == null || a.elems == null ? Unknown.ANY : a.uniformValue();
        if (a != null && a.elems != null && from == 0 && len == a.elems.length) {
            copy = a.copy();
        } else if (uniform != null && (a == null || a.elems == null || to <= a.elems.length)) {
            // filled with that value: a pass over the elements too when no array of this length holds its template yet
            if (len >= ArrayVal.TEMPLATE_MIN && !ArrayVal.hasTemplate(len, uniform)) in.bulk(len, mi);
            copy = ArrayVal.filled(len, uniform);
        } else {
            in.bulk(len, mi);
            Object[] c = new Object[len];
            for (int i = 0; i < len; i++) c[i] = from + i < a.elems.length ? a.elems[(int) from + i] : a.fill;
            copy = new ArrayVal(c);
        }
        copy.component = a != null ? a.component : null;
        return copy;
    }

    private static Object math(String name, List<Object> args) {
        if (args.stream().anyMatch(Values::isUnknown)) {
            Object j = Unknown.UNIFORM;
            for (Object a : args) j = Values.join(j, a);
            return j;
        }
        if (args.size() == 2 && args.get(0) instanceof Long a && args.get(1) instanceof Long b) {
            return switch (name) {
                case "max" -> Math.max(a, b);
                case "min" -> Math.min(a, b);
                case "floorMod" -> b == 0 ? Unknown.ANY : (Object) Math.floorMod(a, b);
                case "floorDiv" -> b == 0 ? Unknown.ANY : (Object) Math.floorDiv(a, b);
                case "sum", "addExact" -> a + b;
                case "pow" -> Math.pow(a, b);
                default -> Unknown.ANY;
            };
        }
        if (args.size() == 2 && args.get(0) instanceof Number a && args.get(1) instanceof Number b) {
            return switch (name) {
                case "max" -> Math.max(a.doubleValue(), b.doubleValue());
                case "min" -> Math.min(a.doubleValue(), b.doubleValue());
                case "pow" -> Math.pow(a.doubleValue(), b.doubleValue());
                default -> Unknown.ANY;
            };
        }
        if (args.size() == 1 && args.get(0) instanceof Long a) {
            return switch (name) {
                case "abs" -> Math.abs(a);
                case "sqrt" -> Math.sqrt(a);
                default -> Unknown.ANY;
            };
        }
        if (args.size() == 1 && args.get(0) instanceof Double a) {
            return switch (name) {
                case "abs" -> Math.abs(a);
                case "sqrt" -> Math.sqrt(a);
                case "floor" -> Math.floor(a);
                case "ceil" -> Math.ceil(a);
                case "round" -> Math.round(a);
                case "exp" -> Math.exp(a);
                case "log" -> Math.log(a);
                default -> Unknown.ANY;
            };
        }
        return Unknown.ANY;
    }

    /**
     * What {@code l.name(args)} gives on a list of unknown size: a symbol shared by the ranks that filled the list
     * alike, when it has one and the arguments have a text; else unknown.
     */
    private static Object alike(ListVal l, String name, List<Object> args) {
        // a symbol of data: an argument without a text, or too long a text, gives ANY, never the uniform unknown
        return l.alike == null ? Unknown.ANY : Values.Sym.call(l.alike + "." + name, args);
    }

    /** List methods that compare the argument with the elements by {@code equals}. */
    private static final Set<String> BY_EQUALS = Set.of("contains", "indexOf", "lastIndexOf", "remove", "removeFirstOccurrence");

    /** List methods that leave the list as it is: the symbol for its size stays valid across them. */
    private static final Set<String> LIST_QUERIES = Set.of("size", "isEmpty", "get", "elementAt", "firstElement", "lastElement",
            "getFirst", "getLast", "peek", "peekFirst", "peekLast", "contains", "containsAll", "indexOf", "lastIndexOf", "iterator",
            "listIterator", "elements", "toArray", "stream", "toString", "hashCode", "equals");

    /**
     * The symbol for the size of a list of unknown size ({@link ListVal#sizeDatum}), named after this rank, the
     * {@code size()} call's line and its visit, so that replays of a run name it alike; unknown without a call site.
     */
    private Object sizeDatum(ListVal l, org.eclipse.jdt.core.dom.ASTNode at) {
        if (at == null) return Unknown.ANY;
        if (l.sizeDatum == null) {
            l.sizeDatum = Values.Sym.ownData(in.program.range(at).line(), rank(), in.occurrence(at), "size");
        }
        return l.sizeDatum;
    }

    /**
     * What {@code l.size()} gives, the call (or a loop over the list's elements, which tests the same size) standing
     * at {@code at}: the known size, the size ranks that filled it alike share, or its {@link #sizeDatum}.
     */
    Object listSize(ListVal l, org.eclipse.jdt.core.dom.ASTNode at) {
        if (!l.unknownSize) return (long) l.items.size();
        return l.alike != null ? alike(l, "size", List.of()) : sizeDatum(l, at);
    }

    /**
     * Whether {@code list.remove(x)} removes the element equal to {@code x} rather than the element at index {@code x}:
     * Java picks {@code remove(Object)} for an argument of a reference type or of type {@code long}, as the idioms
     * {@code remove(Integer.valueOf(k))}, {@code remove((Integer) k)}, {@code remove((Object) k)} and {@code remove(5L)}
     * are written to get. Any other argument (an {@code int} variable, {@code size() - 1}) is taken as an index, as before.
     */
    private static boolean removesByValue(MethodInvocation mi) {
        if (mi == null || mi.arguments().size() != 1) return false;
        Expression a = (Expression) mi.arguments().get(0);
        while (a instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression p) a = p.getExpression();
        return switch (a) {
            case MethodInvocation v -> v.getName().getIdentifier().equals("valueOf") && v.getExpression() instanceof SimpleName q
                    && (BOXED.contains(q.getIdentifier()) || q.getIdentifier().equals("Character"));
            case org.eclipse.jdt.core.dom.CastExpression c -> !c.getType().isPrimitiveType()
                    || ((org.eclipse.jdt.core.dom.PrimitiveType) c.getType()).getPrimitiveTypeCode() == org.eclipse.jdt.core.dom.PrimitiveType.LONG;
            case org.eclipse.jdt.core.dom.ClassInstanceCreation n -> true;
            case org.eclipse.jdt.core.dom.NumberLiteral n -> n.getToken().endsWith("L") || n.getToken().endsWith("l");
            default -> false;
        };
    }

    private Object listCall(ListVal l, String name, List<Object> args) {
        return listCall(l, name, args, null);
    }

    private Object listCall(ListVal l, String name, List<Object> args, MethodInvocation mi) {
        if (l.sizeDatum != null && !LIST_QUERIES.contains(name)) l.sizeDatum = null;
        if (args.size() == 1 && args.get(0) instanceof Values.ObjVal o && o.type != null && o.anon == null && BY_EQUALS.contains(name)
                && in.declaresEquals(o.type)) {
            // the program's equals decides which element is meant (o.equals(element), as ArrayList asks), run here
            int at = l.unknownSize ? -2 : in.indexByEquals(l.items, o, name.equals("lastIndexOf"), mi);
            if (at == -2) {
                if (name.equals("remove") || name.equals("removeFirstOccurrence")) forgetOrder(l, true);
                return Unknown.ANY;
            }
            return switch (name) {
                case "contains" -> at >= 0;
                case "indexOf", "lastIndexOf" -> (long) at;
                default -> {
                    if (at >= 0) l.items.remove(at);
                    yield at >= 0;
                }
            };
        }
        switch (name) {
            case "addElement" -> {
                l.items.add(args.get(0));
                return null;
            }
            case "insertElementAt", "setElementAt" -> { // Vector's (element, index) order
                if (args.size() == 2 && args.get(1) instanceof Long i && i >= 0 && i <= l.items.size()
                        && (name.equals("insertElementAt") || i < l.items.size())) {
                    if (name.equals("insertElementAt")) l.items.add((int) (long) i, args.get(0));
                    else l.items.set((int) (long) i, args.get(0));
                } else {
                    l.unknownSize |= name.equals("insertElementAt");
                }
                return null;
            }
            case "elements", "iterator", "listIterator" -> {
                return new Values.IterVal(l, l.unknownSize && mi != null ? listSize(l, mi) : Unknown.ANY);
            }
            case "elementAt" -> {
                return listCall(l, "get", args);
            }
            case "firstElement" -> {
                return l.items.isEmpty() ? Unknown.ANY : l.items.get(0);
            }
            case "lastElement", "getLast", "peekLast" -> {
                return l.items.isEmpty() || l.unknownSize ? (name.equals("peekLast") && !l.unknownSize ? Null.NULL : Unknown.ANY)
                        : l.items.get(l.items.size() - 1);
            }
            case "removeElementAt" -> {
                if (args.get(0) instanceof Long i && i >= 0 && i < l.items.size()) l.items.remove((int) (long) i);
                else l.unknownSize = true;
                return null;
            }
            case "removeAllElements" -> {
                return listCall(l, "clear", args);
            }
            case "push" -> { // a deque's push is addFirst; a Stack's adds at the end
                if (args.size() != 1) return null;
                if (l.stack) l.items.add(args.get(0));
                else l.items.add(0, args.get(0));
                return args.get(0);
            }
            case "add", "addLast", "offer", "offerLast" -> {
                if (args.size() == 1) l.items.add(args.get(0));
                else if (args.size() == 2 && args.get(0) instanceof Long i && i >= 0 && i <= l.items.size()) l.items.add((int) (long) i, args.get(1));
                else l.unknownSize = true;
                return true;
            }
            case "addFirst", "offerFirst" -> {
                l.items.add(0, args.get(0));
                return null;
            }
            case "get" -> {
                if (args.get(0) instanceof Long i && i >= 0 && i < l.items.size()) return l.items.get((int) (long) i);
                return l.unknownSize ? alike(l, "get", args) : Unknown.ANY;
            }
            case "set" -> {
                if (args.get(0) instanceof Long i && i >= 0 && i < l.items.size()) return l.items.set((int) (long) i, args.get(1));
                return Unknown.ANY;
            }
            case "size" -> {
                return listSize(l, mi);
            }
            case "isEmpty" -> {
                if (!l.unknownSize) return l.items.isEmpty();
                return l.alike != null ? alike(l, name, args) : Operators.binary("==", sizeDatum(l, mi), 0L);
            }
            case "clear" -> {
                l.items.clear();
                l.unknownSize = false;
                l.alike = null;
                return null;
            }
            case "toArray" -> {
                return l.unknownSize ? Unknown.ANY : new ArrayVal(l.items.toArray());
            }
            case "pop" -> { // a Stack's end, a deque's front: the element pushed last either way
                if (l.stack && l.unknownSize) return Unknown.ANY; // its end is past the known elements
                return l.items.isEmpty() ? Null.NULL : l.items.remove(l.stack ? l.items.size() - 1 : 0);
            }
            case "poll", "pollFirst", "removeFirst", "remove" -> {
                if (name.equals("remove") && args.size() == 1) {
                    if (args.get(0) instanceof Long i && i >= 0 && i < l.items.size() && !removesByValue(mi)) {
                        return l.items.remove((int) (long) i);
                    }
                    boolean removed = l.items.remove(args.get(0));
                    // whether it was there: known when the element and (unless it was found) the whole list are
                    boolean known = !Values.isUnknown(args.get(0))
                            && (removed || !l.unknownSize && l.items.stream().noneMatch(Values::isUnknown));
                    return known ? (Object) removed : Unknown.ANY;
                }
                return l.items.isEmpty() ? Null.NULL : l.items.remove(0);
            }
            case "pollLast", "removeLast" -> { // a deque's end
                if (l.unknownSize) return Unknown.ANY;
                return l.items.isEmpty() ? Null.NULL : l.items.remove(l.items.size() - 1);
            }
            case "lastIndexOf" -> {
                if (l.unknownSize || args.isEmpty() || Values.isUnknown(args.get(0))) return Unknown.ANY;
                return (long) l.items.lastIndexOf(args.get(0));
            }
            case "peek", "peekFirst", "getFirst" -> {
                boolean end = l.stack && name.equals("peek");
                if (end && l.unknownSize) return Unknown.ANY;
                return l.items.isEmpty() ? Null.NULL : l.items.get(end ? l.items.size() - 1 : 0);
            }
            case "contains", "indexOf" -> {
                if (l.unknownSize || args.isEmpty() || Values.isUnknown(args.get(0))) return Unknown.ANY;
                int i = l.items.indexOf(args.get(0));
                return name.equals("contains") ? (Object) (i >= 0) : (Object) (long) i;
            }
            case "addAll" -> {
                if (args.get(0) instanceof ListVal o) l.items.addAll(o.items);
                else l.unknownSize = true;
                return true;
            }
            case "sort" -> {
                if (args.size() == 1) sortList(l, args.get(0), mi);
                return null;
            }
            case "stream" -> {
                return l.unknownSize ? new Values.StreamVal(-1, null) : new Values.StreamVal(l.items.size(), l.items.toArray());
            }
            case "replaceAll", "removeIf" -> {
                if (args.size() == 1 && args.get(0) instanceof Values.Fn fn && !l.unknownSize && mi != null) {
                    List<Object> out = new ArrayList<>();
                    boolean known = true;
                    for (Object x : l.items) {
                        Object v = in.applyFn(fn, List.of(x), mi);
                        if (name.equals("replaceAll")) out.add(v);
                        else if (v instanceof Boolean b) { if (!b) out.add(x); }
                        else known = false;
                    }
                    if (known) {
                        boolean changed = out.size() != l.items.size();
                        l.items.clear();
                        l.items.addAll(out);
                        return name.equals("removeIf") ? (Object) changed : null;
                    }
                }
                forgetOrder(l, name.equals("removeIf"));
                return name.equals("removeIf") ? Unknown.ANY : null;
            }
            default -> {
                return Unknown.ANY;
            }
        }
    }

    /**
     * {@code list.sort(comparator)} and {@code Collections.sort(list[, comparator])}: the natural order of known numbers
     * or strings ({@code null} comparator), or the order a comparator written as a lambda gives; any other comparator
     * (or unknown elements) leaves the order unknown. The list used to stay as it was, so a program that paired ranks
     * after sorting them was analysed in the order before.
     */
    private void sortList(ListVal l, Object comparator, MethodInvocation mi) {
        if (l.unknownSize) return;
        Object[] items = l.items.toArray();
        boolean[] known = {true};
        java.util.Comparator<Object> order = null;
        if (comparator == null || comparator == Null.NULL) {
            Class<?> kind = null;
            for (Object e : items) {
                if (!(e instanceof Long || e instanceof Double || e instanceof String) || kind != null && e.getClass() != kind) known[0] = false;
                else kind = e.getClass();
            }
            @SuppressWarnings({"unchecked", "rawtypes"})
            java.util.Comparator<Object> natural = (x, y) -> ((Comparable) x).compareTo(y);
            order = natural;
        } else if (comparator instanceof Values.Cmp cmp && (cmp.key() == null || mi != null)) {
            order = (x, y) -> {
                Object a = !known[0] ? 0L : cmp.key() == null ? x : in.applyFn(cmp.key(), List.of(x), mi);
                Object b = !known[0] ? 0L : cmp.key() == null ? y : in.applyFn(cmp.key(), List.of(y), mi);
                if (a instanceof Long || a instanceof Double || a instanceof String) {
                    if (b != null && a.getClass() == b.getClass()) {
                        @SuppressWarnings({"unchecked", "rawtypes"})
                        int c = ((Comparable) a).compareTo(b);
                        return cmp.reversed() ? -c : c;
                    }
                }
                known[0] = false;
                return 0;
            };
        } else if (comparator instanceof Values.Fn fn && mi != null) {
            order = (x, y) -> {
                Object c = known[0] ? in.applyFn(fn, List.of(x, y), mi) : 0L;
                if (c instanceof Long v) return Long.signum(v);
                known[0] = false;
                return 0;
            };
        } else {
            known[0] = false;
        }
        if (known[0]) {
            try {
                java.util.Arrays.sort(items, order);
            } catch (IllegalArgumentException inconsistent) { // a comparator that breaks its contract: Java may throw too
                known[0] = false;
            }
        }
        if (!known[0]) {
            forgetOrder(l, false);
            return;
        }
        l.items.clear();
        l.items.addAll(java.util.Arrays.asList(items));
    }

    /** A list reordered (or filtered, {@code sizeToo}) in a way the analysis does not compute: its elements are unknown. */
    private static void forgetOrder(ListVal l, boolean sizeToo) {
        if (sizeToo) {
            l.unknownSize = true;
            l.items.clear();
            return;
        }
        java.util.Collections.fill(l.items, Unknown.ANY);
    }

    // ================================================================ MPI.*

    private Object mpiStatic(String name, List<Object> args, MethodInvocation mi) {
        switch (name) {
            case "Init", "Init_thread" -> {
                // MPJ Express starts again after a Finalize (its own test suite does Init, Finalize, Init...): a
                // later Finalize or communication is in the new session
                initialized = true;
                finalized = false;
                return new Values.ArgsVal(false, in.budgets.programArgs);
            }
            case "Finalize" -> {
                if (finalized) {
                    // checked on the runtime: the second Finalize throws (a NullPointerException inside an MPIException)
                    SourceRange site = in.program.range(mi);
                    in.assumptions.defect(FindingKind.INIT_FINALIZE, site, "Rank " + rank() + " calls MPI.Finalize a second "
                            + "time here: MPJ Express throws (its device is already shut down) and the job ends with that "
                            + "exception; call Finalize once, at the end", rank());
                    world().abortJob(rank(), "calls MPI.Finalize twice, at line " + site.line());
                    throw new RankInterpreter.ExitSig("second Finalize");
                }
                finalized = true;
                reportLeaks(mi);
                world().recordLocal(rank(), Op.FINALIZE, -1, in.program.range(mi), in.userSite(mi));
                return null;
            }
            case "Buffer_attach" -> {
                long size = !args.isEmpty() && args.get(0) instanceof Buffer b ? b.size() : -1;
                world().recordLocal(rank(), Op.BUFFER_ATTACH, -1, in.program.range(mi), in.userSite(mi));
                world().bufferAttach(rank(), size);
                return null;
            }
            case "Buffer_detach" -> {
                world().bufferDetach(rank(), world().recordLocal(rank(), Op.BUFFER_DETACH, -1, in.program.range(mi), in.userSite(mi)));
                return Unknown.ANY;
            }
            case "Wtime", "Wtick" -> {
                return Unknown.ANY;
            }
            case "Initialized" -> {
                return true;
            }
            case "Abort" -> {
                abort(mi);
                return null;
            }
            case "Get_processor_name" -> {
                return Unknown.ANY; // differs between ranks
            }
            case "Query_thread", "Is_thread_main", "Finalized" -> {
                return name.equals("Finalized") ? (Object) finalized : Unknown.UNIFORM;
            }
            default -> {
                notModelled("MPI." + name, mi);
                return Unknown.ANY;
            }
        }
    }

    private static final Set<String> CART_METHODS = Set.of("Shift", "Coords", "Rank", "Get", "Topo_test");
    /**
     * Methods that only a communicator has, besides the communication operations: called on the null that
     * Create_cart, Create_graph or Split gives a rank it leaves out, they throw a NullPointerException (checked
     * on the runtime: a Cannon program's {@code comm.Coords(rank)} on rank 1 of 2 with a 1x1 grid).
     */
    private static final Set<String> NULL_COMM_METHODS = Set.of("Shift", "Coords", "Sub", "Rank", "Size", "Group",
            "Neighbours", "Neighbors", "Neighbours_count", "Neighbors_count", "Topo_test", "Free");
    private static final Set<String> GRAPH_METHODS = Set.of("Neighbours", "Neighbors", "Neighbours_count",
            "Neighbors_count", "Get");

    /**
     * {@code Create_cart(dims, periods, reorder)}: a collective over the communicator; the first
     * prod(dims) ranks form the grid (no reordering), the others get no communicator (MPI-1.1 §6.5.1).
     */
    private Object createCart(CommValue comm, List<Object> a, MethodInvocation mi) {
        int[] dims = Groups.ints(arg(a, 0));
        // a zero (or negative) extent is one Dims_create was to fill and did not, as far as the analysis saw
        if (dims != null && java.util.Arrays.stream(dims).anyMatch(d -> d <= 0)) dims = null;
        if (dims == null) {
            in.assumptions.add(in.program.range(mi), "The dimensions of this Cartesian topology could not be computed; "
                    + "its neighbours are unknown");
            Object c = collective(comm, Op.DUP, List.of(), mi);
            return c;
        }
        long prod = 1;
        for (int d : dims) prod *= Math.max(1, d);
        Object c = prod >= comm.size() ? collective(comm, Op.DUP, List.of(), mi)
                : collective(comm, Op.SPLIT, List.of(comm.localRank() < prod ? 0L : UNDEFINED, (long) comm.localRank()), mi);
        if (c == Null.NULL) {
            StringBuilder shape = new StringBuilder();
            for (int d : dims) shape.append(shape.isEmpty() ? "" : "x").append(d);
            leftOutByGrid = "the " + shape + " grid of the Create_cart at line " + in.program.range(mi).line() + " has "
                    + prod + " place(s) for " + comm.size() + " process(es) and leaves rank " + rank() + " out";
        }
        if (!(c instanceof CommValue nc)) return c;
        return new CartVal(nc, dims, Groups.bools(arg(a, 1), dims.length));
    }

    /** {@code Sub(remain_dims)}: the ranks that agree on the dropped coordinates form one sub-grid. */
    private Object cartSub(CartVal cv, List<Object> a, MethodInvocation mi) {
        boolean[] keep = Groups.bools(arg(a, 0), cv.dims().length);
        int[] me = cv.coords(cv.comm().localRank());
        long color = 0;
        List<Integer> dims = new ArrayList<>();
        List<Boolean> periods = new ArrayList<>();
        for (int i = 0; i < keep.length; i++) {
            if (keep[i]) {
                dims.add(cv.dims()[i]);
                periods.add(cv.periods()[i]);
            } else {
                color = color * Math.max(1, cv.dims()[i]) + me[i];
            }
        }
        Object c = collective(cv.comm(), Op.SPLIT, List.of(color, (long) cv.comm().localRank()), mi);
        if (!(c instanceof CommValue nc)) return c;
        boolean[] p = new boolean[periods.size()];
        for (int i = 0; i < p.length; i++) p[i] = periods.get(i);
        return new CartVal(nc, dims.stream().mapToInt(Integer::intValue).toArray(), p);
    }

    private Object createGraph(CommValue comm, List<Object> a, MethodInvocation mi) {
        int[] index = Groups.ints(arg(a, 0)), edges = Groups.ints(arg(a, 1));
        Object c = collective(comm, Op.DUP, List.of(), mi);
        if (!(c instanceof CommValue nc) || index == null || edges == null) return c;
        return new GraphVal(nc, index, edges);
    }

    /** An MPJ call the analysis does not model: said at the call, never silently dropped. */
    private void notModelled(String what, MethodInvocation mi) {
        in.assumptions.add(in.program.range(mi), "The MPJ call " + what + " is not modelled; the analysis goes on as if "
                + "it did not communicate and its result is unknown");
    }

    /** Methods of a datatype value: sizes and extents from the element size; Commit and Free do nothing. */
    private Object datatypeCall(Datatype t, String name, List<Object> args) {
        return switch (name) {
            case "Size", "Extent", "Ub" -> (long) t.size();
            case "Lb" -> 0L;
            case "Commit", "Free" -> null;
            default -> Unknown.ANY;
        };
    }

    /** {@code Datatype.Contiguous(n, old)}, {@code Vector(...)}...: a derived type with the size of its data. */
    private Object datatypeStatic(String name, List<Object> args, MethodInvocation mi) {
        Object old = args.isEmpty() ? null : args.get(args.size() - 1);
        long count = switch (name) {
            case "Contiguous" -> args.size() == 2 && args.get(0) instanceof Long n ? n : -1;
            case "Vector", "Hvector" -> args.size() == 4 && args.get(0) instanceof Long n && args.get(1) instanceof Long b ? n * b : -1;
            case "Indexed", "Hindexed" -> {
                int[] lens = args.size() == 3 ? Groups.ints(args.get(0)) : null;
                yield lens == null ? -1 : java.util.Arrays.stream(lens).asLongStream().sum();
            }
            default -> -1;
        };
        if (old instanceof Datatype t && count >= 0) return new Datatype(name + "(" + t.name() + ")", (int) Math.min(Integer.MAX_VALUE, count * t.size()));
        if (name.equals("Struct")) return new Datatype("Struct", 8);
        notModelled("Datatype." + name, mi);
        return Unknown.ANY;
    }

    /** {@code Abort} ends the whole job: the rank stops here and so does every other rank. */
    private void abort(MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        world().abortJob(rank(), "calls Abort at line " + site.line());
        in.assumptions.jobAbort(site, "Rank " + rank() + " calls Abort here with " + world().np() + " process(es): the "
                + "whole job ends, so the ranks still waiting are not deadlocked");
        throw new RankInterpreter.ExitSig("Abort");
    }

    // ================================================================ communicator calls

    private Object commCall(CommValue comm, String name, List<?> argExprs, MethodInvocation mi) {
        rejectUseBeforeInit(name, mi);
        switch (name) {
            case "Rank" -> {
                return (long) comm.localRank();
            }
            case "Size" -> {
                return (long) comm.size();
            }
            case "clone", "Dup" -> {
                return collective(comm, Op.DUP, List.of(), mi);
            }
            case "Group" -> {
                return new GroupVal(comm.members().clone());
            }
            case "Create_cart" -> {
                return createCart(comm, in.evalArgs(argExprs), mi);
            }
            case "Create_graph" -> {
                return createGraph(comm, in.evalArgs(argExprs), mi);
            }
            case "Create_intercomm", "Merge" -> {
                // two groups talking through one communicator: not modelled; guessing its matching would
                // invent deadlocks, so the rank is not followed further
                in.assumptions.add(in.program.range(mi), "Intercommunicators (" + name + ") are not modelled; rank "
                        + rank() + " is not followed past this call (ranks waiting for it are not reported as deadlocked)");
                throw new RankInterpreter.BudgetExceeded("rank " + rank() + " creates an intercommunicator");
            }
            case "Abort" -> {
                in.evalArgs(argExprs);
                abort(mi);
                return null;
            }
            case "Free", "Compare", "Test_inter", "Topo_test", "Get_name", "Set_name", "Errhandler_set",
                    "Errhandler_get", "Attr_get", "Is_inter" -> {
                in.evalArgs(argExprs);
                return name.equals("Test_inter") || name.equals("Is_inter") ? (Object) false : Unknown.ANY;
            }
            case "Pack", "Unpack" -> {
                // local copies into/out of a packed byte buffer: the position advances by the packed size,
                // the contents become data the analysis does not track
                List<Object> a = in.evalArgs(argExprs);
                if (a.size() != 6) return Unknown.ANY;
                boolean pack = name.equals("Pack");
                Object pos = a.get(pack ? 5 : 1), cnt = a.get(pack ? 2 : 4), type = a.get(pack ? 3 : 5), out = a.get(pack ? 4 : 2);
                if (out instanceof ArrayVal av) av.forget();
                if (pos instanceof Long p && cnt instanceof Long n && type instanceof Datatype t) return p + n * t.size();
                return Values.join(pos, cnt);
            }
            case "Pack_size" -> {
                List<Object> a = in.evalArgs(argExprs);
                if (a.size() == 2 && a.get(0) instanceof Long n && a.get(1) instanceof Datatype t) return packSize(n, t);
                return Unknown.ANY;
            }
            default -> { }
        }
        List<Object> args = in.evalArgs(argExprs);
        Op op = Op.commOp(name);
        if (name.endsWith("_init")) {
            Op started = Op.commOp(name.substring(0, name.length() - "_init".length()));
            if (started != null) rejectNullHandles(comm, started, args, mi);
            return persistent(comm, name, args, mi);
        }
        if (op == null) {
            notModelled("Comm." + name, mi);
            return Unknown.ANY;
        }
        rejectNullHandles(comm, op, args, mi);
        nullBufferOffRoot(comm, op, args, mi);
        rejectMistypedBuffers(comm, op, args, mi);
        warnAfterFinalize(op, mi);
        return switch (op.kind()) {
            case SEND -> send(comm, op, args, mi);
            case RECV -> recv(comm, op, args, mi);
            case SENDRECV -> sendrecv(comm, op, args, mi);
            case PROBE -> probe(comm, op, args, mi);
            case COLLECTIVE -> collective(comm, op, args, mi);
            default -> Unknown.ANY;
        };
    }

    /**
     * Where a call takes its datatypes and its reduction operation (MPJ's argument order), and whether
     * the root alone reads it (Gather's receive type, Scatter's send type): {datatype positions...}, op.
     */
    private static int[][] handlePositions(Op op) {
        return HANDLE_POSITIONS.get(op);
    }

    /** {@link #handlePositions} per operation, made once (read, never written: the arrays are shared). */
    private static final java.util.Map<Op, int[][]> HANDLE_POSITIONS = new java.util.EnumMap<>(Op.class);

    static {
        for (Op op : Op.values()) HANDLE_POSITIONS.put(op, makeHandlePositions(op));
    }

    private static int[][] makeHandlePositions(Op op) {
        return switch (op) {
            case SEND, SSEND, BSEND, RSEND, ISEND, ISSEND, IBSEND, IRSEND, RECV, IRECV -> new int[][] {{3}, {}, {}};
            case SENDRECV -> new int[][] {{3, 9}, {}, {}};
            case SENDRECV_REPLACE -> new int[][] {{3}, {}, {}};
            case BCAST -> new int[][] {{3}, {}, {}};
            case REDUCE, ALLREDUCE, SCAN, REDUCE_SCATTER -> new int[][] {{5}, {6}, {}};
            case ALLGATHER, ALLTOALL -> new int[][] {{3, 7}, {}, {}};
            case GATHER -> new int[][] {{3}, {}, {7}};
            case SCATTER -> new int[][] {{7}, {}, {3}};
            case ALLGATHERV -> new int[][] {{3, 8}, {}, {}};
            case GATHERV -> new int[][] {{3}, {}, {8}};
            case SCATTERV -> new int[][] {{8}, {}, {4}};
            case ALLTOALLV -> new int[][] {{4, 9}, {}, {}};
            default -> new int[][] {{}, {}, {}};
        };
    }

    /** Whether this rank is the root of a rooted call (its last argument, in MPJ's order). */
    private static boolean isRoot(CommValue comm, Op op, List<Object> a) {
        return op.hasRoot() && !a.isEmpty() && a.get(a.size() - 1) instanceof Long r && r == comm.localRank();
    }

    /**
     * A datatype or reduction operation that is {@code null} (never set, or dropped after being
     * freed): MPJ throws there and the job ends, whatever the other ranks do. Arguments the root alone
     * reads are checked on the root only.
     */
    private void rejectNullHandles(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        int[][] at = handlePositions(op);
        boolean root = isRoot(comm, op, a);
        String what = null;
        for (int i : at[0]) if (arg(a, i) == Null.NULL) what = "datatype";
        for (int i : at[2]) if (root && arg(a, i) == Null.NULL) what = "datatype";
        for (int i : at[1]) if (arg(a, i) == Null.NULL) what = "reduction operation";
        if (what == null) return;
        SourceRange site = in.program.range(mi);
        in.assumptions.defect(FindingKind.INVALID_ARGUMENT, site, "The " + what + " of this " + op.mpjName() + " on rank " + rank()
                + " is null (never set, or freed): MPJ throws here and the job stops", rank());
        world().abortJob(rank(), "passes a null " + what + " at line " + site.line());
        throw new RankInterpreter.ExitSig("null " + what);
    }

    /**
     * MPI reads Reduce's and Gather's receive buffer and Scatter's send buffer at the root only, so C programs (and Java
     * ports of them) pass null elsewhere; MPJ Express 0.44 copies into it on every rank and throws NullPointerException
     * (its {@code PureIntracomm}: Reduce always; Gather and Scatter when a member's part is at most 16,384 elements, where
     * they take the spanning-tree path: measured for ints on the multicore device, 16,384 fails and 16,385 does not; its
     * Gatherv, Scatterv and Bcast do not fail). A warning; the analysis goes on with MPI's meaning.
     */
    private void nullBufferOffRoot(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        if (op != Op.REDUCE && op != Op.GATHER && op != Op.SCATTER || isRoot(comm, op, a)) return;
        int at = op == Op.SCATTER ? 0 : op == Op.REDUCE ? 2 : 4;
        if (arg(a, at) != Null.NULL) return;
        if (op != Op.REDUCE && !(arg(a, 2) instanceof Long n && arg(a, 3) instanceof Values.Datatype t
                && ElementTypes.isPrimitiveDatatype(t.name()) && n <= 16384)) {
            return; // the flat-tree path, which leaves it alone (or a part the analysis cannot size)
        }
        String which = op == Op.SCATTER ? "send" : "receive";
        SourceRange site = in.program.range(mi);
        in.assumptions.portabilityDefect(FindingKind.INVALID_ARGUMENT, site, "The " + which + " buffer of this " + op.mpjName()
                + " is null on rank " + rank() + ", which is not its root. MPI reads it at the root only, but MPJ Express uses it "
                + "on every rank: the call throws NullPointerException and the job stops. Pass an array on every rank (its "
                + "contents are not used off the root)", rank(), Fixes.arrayOffRoot(in.program, (Expression) mi.arguments().get(at)));
    }

    /**
     * Where a call takes its buffers and the datatype each is read with (MPJ's argument order): {buffer, datatype,
     * 1 when the root alone touches the buffer}. Gather's receive buffer and Scatter's send buffer are the root's;
     * Reduce's result is the root's.
     */
    private static int[][] bufferPositions(Op op) {
        return BUFFER_POSITIONS.get(op);
    }

    /** {@link #bufferPositions} per operation, made once (read, never written: the arrays are shared). */
    private static final java.util.Map<Op, int[][]> BUFFER_POSITIONS = new java.util.EnumMap<>(Op.class);

    static {
        for (Op op : Op.values()) BUFFER_POSITIONS.put(op, makeBufferPositions(op));
    }

    private static int[][] makeBufferPositions(Op op) {
        return switch (op) {
            case SEND, SSEND, BSEND, RSEND, ISEND, ISSEND, IBSEND, IRSEND, RECV, IRECV, SENDRECV_REPLACE, BCAST -> new int[][] {{0, 3, 0}};
            case SENDRECV -> new int[][] {{0, 3, 0}, {6, 9, 0}};
            case REDUCE -> new int[][] {{0, 5, 0}, {2, 5, 1}};
            case ALLREDUCE, SCAN, REDUCE_SCATTER -> new int[][] {{0, 5, 0}, {2, 5, 0}};
            case ALLGATHER, ALLTOALL -> new int[][] {{0, 3, 0}, {4, 7, 0}};
            case GATHER -> new int[][] {{0, 3, 0}, {4, 7, 1}};
            case SCATTER -> new int[][] {{0, 3, 1}, {4, 7, 0}};
            case ALLGATHERV -> new int[][] {{0, 3, 0}, {4, 8, 0}};
            case GATHERV -> new int[][] {{0, 3, 0}, {4, 8, 1}};
            case SCATTERV -> new int[][] {{0, 4, 1}, {5, 8, 0}};
            case ALLTOALLV -> new int[][] {{0, 4, 0}, {5, 9, 0}};
            default -> new int[0][];
        };
    }

    /**
     * A buffer whose Java type the datatype does not name: MPJ Express casts the buffer to the datatype's array type
     * ({@code int[]} for MPI.INT, {@code Object[]} for MPI.OBJECT) and throws ClassCastException wrapped in an
     * MPIException, which ends the job on the multicore device (checked on the runtime: an {@code int[][]} sent with
     * MPI.INT, a {@code double[]} received with MPI.INT, a Bcast of a {@code double[]} with MPI.INT and a count of 0).
     * Only arrays the analysis saw made with their type are checked.
     */
    private void rejectMistypedBuffers(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        boolean root = isRoot(comm, op, a);
        int[][] positions = bufferPositions(op);
        for (int[] p : positions) {
            if (p[2] == 1 && !root) continue;
            if (!(arg(a, p[0]) instanceof ArrayVal buf) || buf.component == null || !(arg(a, p[1]) instanceof Datatype t)) continue;
            String expected = ElementTypes.javaElement(t.name());
            if (expected == null) continue;
            String have = buf.component;
            boolean fits = expected.equals("Object") ? !ElementTypes.isPrimitive(have) : expected.equals(have);
            if (fits) continue;
            SourceRange site = in.program.range(mi);
            String advice = expected.equals("Object") ? "a primitive array needs its own datatype (MPI." + ElementTypes.datatypeOf(have) + ")"
                    : have.endsWith("[]") ? "pass one row at a time, the rows copied into one " + expected
                            + "[], or MPI.OBJECT to send the rows as objects"
                    : ElementTypes.isPrimitive(have) ? "use MPI." + ElementTypes.datatypeOf(have) : "use MPI.OBJECT";
            in.assumptions.defect(FindingKind.DATATYPE_MISMATCH, site, "The " + (positions.length > 1
                    ? (p == positions[0] ? "send" : op == Op.REDUCE || op == Op.ALLREDUCE || op == Op.SCAN
                            || op == Op.REDUCE_SCATTER ? "result" : "receive") + " " : "") + "buffer of this " + op.mpjName()
                    + " is " + ("aeiou".indexOf(have.charAt(0)) >= 0 ? "an " : "a ") + have + "[] but its datatype is MPI." + t.name() + ": MPJ Express casts it to "
                    + expected + "[] and throws a ClassCastException here, which stops the job; " + advice, rank(),
                    Fixes.bufferDatatype(in.program, mi, p[1], have));
            world().abortJob(rank(), "passes a " + have + "[] with MPI." + t.name() + " at line " + site.line());
            throw new RankInterpreter.ExitSig("mistyped buffer");
        }
    }

    /** A communication method called on a null communicator (MPI.COMM_NULL, or a Split that left this rank out). */
    private void nullCommunicator(String name, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        if (leftOutByGrid != null) {
            // wrong at this process count only, as an index past an array sized by it: a job-abort warning
            // (information when unknown data chose the path here, as for RankInterpreter's own crashes)
            String message = "Rank " + rank() + " calls " + name + " on a null communicator here: " + leftOutByGrid
                    + " (MPI gives it MPI.COMM_NULL, MPJ Express null), so Java throws a NullPointerException and the "
                    + "job stops; the program needs a process count that fills the grid";
            if (in.localDecisions == 0) in.assumptions.portabilityDefect(FindingKind.JOB_ABORT, site, message, rank());
            else in.assumptions.jobAbort(site, message);
            world().abortJob(rank(), "calls " + name + " on a null communicator at line " + site.line());
            throw new RankInterpreter.ExitSig("null communicator");
        }
        in.assumptions.defect(FindingKind.INVALID_ARGUMENT, site, "This " + name + " is called on a null communicator on rank "
                + rank() + " (MPI.COMM_NULL, or a Split or Create that left this rank out): Java throws a "
                + "NullPointerException here and the job stops", rank(), Fixes.guardNull(in.program, mi));
        world().abortJob(rank(), "calls " + name + " on a null communicator at line " + site.line());
        throw new RankInterpreter.ExitSig("null communicator");
    }

    static long packSize(long count, Datatype t) {
        long data = count * t.size();
        return 8 + ((data + 7) / 8) * 8;
    }

    /**
     * MPI makes a point-to-point call with {@code MPI.PROC_NULL} as its peer do nothing, and the analysis goes on with that
     * meaning; but MPJ Express's Java devices reject it: the call throws {@code MPIException} ("requested negative message
     * destination: -3", checked on 0.44's multicore device for Send, Ssend, Recv, Isend, Irecv, Sendrecv and
     * Sendrecv_replace; the check is in {@code mpjdev.javampjdev.Comm}, which niodev uses too) and the rank stops. Its
     * {@code Cartcomm.Shift} gives -1, not {@code PROC_NULL}, at a non-periodic edge, which the same check rejects. A
     * warning, once per line.
     */
    private void procNullRejected(SourceRange at, String what) {
        in.assumptions.portabilityDefect(FindingKind.INVALID_ARGUMENT, at, "The " + what + " of this call is MPI.PROC_NULL on rank "
                + rank() + ". MPI makes such a call do nothing (and the analysis goes on so), but MPJ Express rejects it: the call "
                + "throws MPIException (\"requested negative message destination: -3\") and the rank stops. Test the peer and "
                + "leave the call out (or call only the Send or Recv half of a Sendrecv) where it is MPI.PROC_NULL", rank(),
                Fixes.skipProcNull(in.program, at));
    }

    private int peer(Object v, SourceRange at, String what, CommValue comm) {
        v = in.withKnownValues(v);
        if (v instanceof Values.Sym s && s.expr().indexOf(' ') >= 0) v = fromRankValue(s, at, what, comm);
        if (v instanceof Values.Sym s) {
            Long known = world().knownEqual(s.expr()); // a test found it: rank == leader
            if (known == null && s.expr().indexOf(' ') < 0) {
                // one value wherever it is held (a broadcast leader, a rank picked from gathered data): each rank it can
                // still be, alike on every rank. Not an expression over one ((leader + 1) % size): a choice of its value
                // would be taken apart from the choice of the value it is computed from
                int dataLine = Values.Sym.dataLine(s);
                if (Values.Sym.ownData(s)) {
                    in.assumptions.add(at, "The " + what + " of this call is a value the analysis cannot compute (data, input or an "
                            + "unknown call); each rank it can be is explored");
                }
                known = world().uniformValueChoice(rank(), in.valueKey(s), s.expr(), comm.size(), what + " at line " + at.line()
                        + " (" + (dataLine >= 0 ? dev.rendezvous.core.semantics.ChoiceSource.ALIKE_DATA + " " + dataLine : s.expr()) + ")",
                        in.ruledOut(s.expr()));
            }
            if (known != null) v = known;
        }
        if (v instanceof Long l) {
            if (l == Peer.PROC_NULL) procNullRejected(at, what);
            if (l == Peer.ANY || l == Peer.PROC_NULL) return (int) (long) l;
            if (l >= comm.size() && l < Integer.MAX_VALUE) {
                // MPJ throws here and the job dies: the program was not written for this many processes
                in.assumptions.jobAbort(at, Assumptions.absentRank(what, l, comm.size()));
                world().abortJob(rank(), "addresses rank " + l + " at line " + at.line());
                throw new RankInterpreter.ExitSig("invalid rank");
            }
            if (l >= 0 && l < Integer.MAX_VALUE) return (int) (long) l;
            // a negative rank other than ANY_SOURCE/PROC_NULL is wrong at every process count
            in.assumptions.defect(FindingKind.INVALID_ARGUMENT, at, "The " + what + " is " + l + ", which is not a rank "
                    + "(ranks are 0.." + (comm.size() - 1) + ", or MPI.PROC_NULL" + (what.equals("source") ? " or MPI.ANY_SOURCE" : "")
                    + "); MPJ stops the job here", rank());
            world().abortJob(rank(), "addresses rank " + l + " at line " + at.line());
            throw new RankInterpreter.ExitSig("invalid rank");
        }
        in.assumptions.add(at, "The " + what + " of this call could not be computed; it is not matched with any partner");
        return Peer.UNKNOWN;
    }

    /**
     * A peer computed from one value the analysis does not know ({@code (leader + 1) % size}) where tests of this run
     * tied that value to the ranks ({@code rank == (leader + 1) % size} on another rank): each rank the value can still be
     * ({@link dev.rendezvous.core.semantics.World#uniformValueChoice}, the facts ruling the others out), alike on every
     * rank, and the peer computed from it. Any other symbol is returned as it is.
     */
    private Object fromRankValue(Values.Sym s, SourceRange at, String what, CommValue comm) {
        java.util.Set<String> unknown = new java.util.HashSet<>();
        Values.Sym.values(s.expr(), a -> {
            if (world().knownEqual(a) == null) unknown.add(a);
        });
        if (unknown.size() != 1) return s;
        String value = unknown.iterator().next();
        boolean[] tied = {false};
        world().equalityFacts((t, n, equal) -> tied[0] |= t.contains(value));
        if (!tied[0] || !(Values.Sym.of(value) instanceof Values.Sym v)) return s;
        Long chosen = world().uniformValueChoice(rank(), in.valueKey(v), value, comm.size(), what + " at line " + at.line()
                + " (" + value + ")", in.ruledOut(value));
        Object r = chosen == null ? null : Values.Sym.evaluate(s.expr(), world()::knownEqual);
        return r instanceof Long ? r : s;
    }

    private int tag(Object v, SourceRange at, boolean receive, Op op) {
        v = in.withKnownValues(v);
        if (v instanceof Long l) {
            if (l < 0 && !(receive && l == Peer.ANY) || l > Integer.MAX_VALUE) {
                String shown = l == Peer.ANY ? "MPI.ANY_TAG" : String.valueOf(l);
                in.assumptions.defect(FindingKind.INVALID_ARGUMENT, at, "The tag of this " + op.mpjName() + " is " + shown
                        + ": a tag must lie in 0..MPI.TAG_UB" + (l == Peer.ANY ? " (MPI.ANY_TAG only matches in receives)" : ""),
                        rank());
            }
            return (int) (long) l;
        }
        in.assumptions.add(at, "The tag of this call could not be computed; it is assumed to match any tag");
        return Peer.UNKNOWN;
    }

    /** A negative element count is rejected by MPI whatever the matching. */
    private void checkCount(Object v, SourceRange at, Op op) {
        if (v instanceof Long l && l < 0) {
            in.assumptions.defect(FindingKind.INVALID_ARGUMENT, at, "The count of this " + op.mpjName() + " is " + l
                    + ": counts cannot be negative", rank());
        }
    }

    /**
     * The buffer must exist and hold the elements the call names: a null array with a positive count,
     * or an offset and count reaching past the array's end (for a predefined datatype, where one
     * element is one array slot), is rejected by MPJ.
     */
    private void checkBuffer(Object buf, Object off, Object cnt, Object type, SourceRange at, Op op) {
        checkBuffer(buf, off, cnt, type, at, op, "");
    }

    /** {@link #checkBuffer}, {@code why} saying how the count of elements read came about (empty when it is the call's count). */
    private void checkBuffer(Object buf, Object off, Object cnt, Object type, SourceRange at, Op op, String why) {
        if (!(cnt instanceof Long n) || n < 0) return;
        if (n == 0) {
            // MPJ Express checks offset + count against the array's length even when nothing is copied (mpjbuf's
            // argument check; measured: Send(a, 300, 0, MPI.INT, ...) on an int[10] throws). A receive is checked
            // where its message arrives (checkTypes), as its count is only an upper bound.
            if (op.kind() != Op.Kind.RECV && buf instanceof ArrayVal a && a.elems != null && off instanceof Long o
                    && type instanceof Datatype t && basic(t.name()) && (o < 0 || o > a.elems.length)) {
                in.assumptions.defect(FindingKind.INVALID_ARGUMENT, at, "The offset of this " + op.mpjName() + " is " + o
                        + ", outside its array of length " + a.elems.length
                        + ": MPJ Express rejects it even when the count is 0", rank());
            }
            return;
        }
        if (buf == Null.NULL) {
            in.assumptions.defect(FindingKind.INVALID_ARGUMENT, at, "The buffer of this " + op.mpjName() + " is null", rank());
        } else if (buf instanceof ArrayVal a && a.elems != null && off instanceof Long o && type instanceof Datatype t && basic(t.name())
                && (o < 0 || o + n > a.elems.length)) {
            String what = "This " + op.mpjName() + " names elements " + o + ".." + (o + n - 1) + why + " of an array of length "
                    + a.elems.length;
            if (op.kind() == Op.Kind.RECV && o >= 0) {
                // a receive's count is only an upper bound: MPJ Express unpacks the message's own elements (checked on
                // the runtime), so only a message longer than the room left fails (checkTypes says so where it arrives)
                in.assumptions.portabilityDefect(FindingKind.INVALID_ARGUMENT, at, what + ": MPJ Express writes only the "
                        + "elements the message holds, but MPI requires room for the whole count", rank());
            } else {
                in.assumptions.defect(FindingKind.INVALID_ARGUMENT, at, what, rank());
            }
        }
    }

    /**
     * The elements a collective reads from this member's own buffer lie in its array, as for a send
     * ({@link #checkBuffer}): the whole count of a Bcast's root, a reduction's or a Gather's contribution, and the
     * count times the members of a Scatter's root and of an Alltoall (one part for each member). MPJ Express copies
     * them out first and throws ArrayIndexOutOfBoundsException ("Out of bounds in source array", checked on the
     * runtime with two processes: an Alltoall of 3 per member from an int[4], a Bcast whose root passes an int[2]
     * with offset 1 and count 2, a Scatter whose root passes an int[5] with 3 per member). What a member receives is checked
     * where it arrives, as for a receive.
     */
    private void checkCollectiveSource(Op op, List<Object> a, CommValue comm, int root, SourceRange site) {
        boolean isRoot = comm.localRank() == root;
        int count, type;
        boolean perMember = false;
        switch (op) {
            case BCAST -> {
                if (!isRoot) return;
                count = 2;
                type = 3;
            }
            case REDUCE, ALLREDUCE, SCAN -> {
                count = 4;
                type = 5;
            }
            case GATHER, ALLGATHER -> {
                count = 2;
                type = 3;
            }
            case SCATTER, ALLTOALL -> {
                if (op == Op.SCATTER && !isRoot) return;
                count = 2;
                type = 3;
                perMember = true;
            }
            default -> {
                return;
            }
        }
        Object n = arg(a, count);
        if (perMember && n instanceof Long each && each > 0) {
            checkBuffer(arg(a, 0), arg(a, 1), each * comm.size(), arg(a, type), site, op,
                    " (" + each + " for each of the " + comm.size() + " members)");
        } else if (!perMember) {
            checkBuffer(arg(a, 0), arg(a, 1), n, arg(a, type), site, op, "");
        }
    }

    private static int count(Object v) {
        return v instanceof Long l && l >= 0 && l < Integer.MAX_VALUE ? (int) (long) l : -1;
    }

    private static String type(Object v) {
        return v instanceof Datatype d ? d.name() : null;
    }

    private static int bytes(Object count, Object type) {
        if (count instanceof Long n && type instanceof Datatype t) return (int) Math.min(Integer.MAX_VALUE, packSize(n, t));
        return -1;
    }

    /**
     * The elements a send or collective takes from its buffer, as they are now: the whole array's elements are
     * shared with the message (the array copies them before its next write), a part is copied.
     */
    private static Object snapshot(Object buf, Object off, Object cnt) {
        if (buf instanceof ArrayVal a && a.elems != null && off instanceof Long o && cnt instanceof Long c && o >= 0 && c >= 0
                && o + c <= a.elems.length) {
            if (o == 0 && c == a.elems.length && c > 0) return a.share();
            // a part of an array holding one value everywhere (made and never written, or forgotten) is that value's
            // template of the part's length: an Alltoall of a fresh million-element buffer copies nothing
            return part(a.elems, (int) (long) o, (int) (o + c));
        }
        return null;
    }

    /**
     * Gives each unknown element a point-to-point message is about to carry a symbol of this rank
     * ({@link Values.Sym#ownData}), written back into the sender's buffer: the element holds one value, and naming it
     * makes every test of it agree, the sender's own after the send and each receiver's. A master that decides from
     * data whether the workers go on and sends them its verdict then ends or continues together with them; tested
     * as anonymous unknowns, a worker could go on alone and wait for work nobody sends. Only messages of up to
     * {@link #NAMED_ELEMENTS} elements of the basic types are named: a flag's name is new to the state cache at every
     * visit; an integer's is a copy ({@link #COPIED_TYPES}) that the cache does not tell from an anonymous unknown; a
     * floating-point number is named only in a buffer that can steer the program ({@link #FLOATING_TYPES}).
     * Collectives name theirs on delivery ({@link #alike}).
     */
    private void nameUnknowns(Object buf, Object off, Object cnt, Object type, MethodInvocation mi) {
        if (!(type instanceof Datatype t)) return;
        boolean flags = t.name().equals("BOOLEAN");
        if (!flags && !COPIED_TYPES.contains(t.name()) && !(FLOATING_TYPES.contains(t.name()) && steers(mi))) return;
        if (!(buf instanceof ArrayVal a) || a.elems == null || !(off instanceof Long o) || !(cnt instanceof Long c)
                || o < 0 || c <= 0 || c > NAMED_ELEMENTS || o + c > a.elems.length) {
            return;
        }
        int from = (int) (long) o, to = (int) (o + c);
        int visit = -1;
        for (int i = from; i < to; i++) {
            if (a.elems[i] != Unknown.ANY) continue;
            if (visit < 0) visit = in.occurrence(mi);
            int line = in.program.range(mi).line();
            a.writable().elems[i] = flags ? Values.Sym.ownData(line, rank(), visit, "sent[" + i + "]")
                    : Values.Sym.copied(line, rank(), visit, "sent[" + i + "]");
        }
    }

    /**
     * The integer datatypes whose unknown elements a point-to-point message names ({@link #nameUnknowns}) as a copy
     * ({@link Values.Sym#copied}), which the state cache counts as the anonymous unknown it names: a worker that sends
     * how many items it found, then the items only when it found some, and the master that receives
     * the count and then the items only when the count is positive, test one value. Tested apart, the master could
     * wait for items the worker never sent (a warning on a correct program).
     */
    private static final java.util.Set<String> COPIED_TYPES = java.util.Set.of("INT", "LONG", "SHORT", "BYTE", "CHAR");

    /**
     * Floating-point datatypes, whose unknown elements a message names only when the buffer can steer the program
     * ({@link StateRelevance}: a worker's error both sides test): a worker farm's results, summed and printed, stay
     * anonymous, as the names of many results made its exploration run out of budget.
     */
    private static final java.util.Set<String> FLOATING_TYPES = java.util.Set.of("FLOAT", "DOUBLE");

    /** Whether the buffer {@code mi} passes first is a variable that can steer the program ({@link StateRelevance}). */
    private boolean steers(MethodInvocation mi) {
        if (mi.arguments().isEmpty()) return false;
        Expression b = (Expression) mi.arguments().get(0);
        while (b instanceof ArrayAccess aa) b = aa.getArray();
        String name = b instanceof SimpleName sn ? sn.getIdentifier() : b instanceof FieldAccess fa ? fa.getName().getIdentifier()
                : b instanceof QualifiedName qn ? qn.getName().getIdentifier() : null;
        return name != null && in.program.stateRelevance().relevant(name);
    }

    private static Object arg(List<Object> args, int i) {
        return i < args.size() ? args.get(i) : Unknown.ANY;
    }

    private Object send(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        int dest = peer(arg(a, 4), site, "destination", comm);
        int tag = tag(arg(a, 5), site, false, op);
        checkCount(arg(a, 2), site, op);
        checkBuffer(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), site, op);
        checkPendingBuffers(arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), false, op, mi);
        int reqId = op.isNonBlocking() ? world().nextRequestId() : -1;
        nameUnknowns(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), mi);
        Object payload = snapshot(arg(a, 0), arg(a, 1), arg(a, 2));
        int modelPayload = modelEnter(LocalModels.Kind.SEND, op, comm, dest, tag, payload, bytes(arg(a, 2), arg(a, 3)), -1, -1, -1, site);
        World.SendOp s = world().postSend(rank(), op, comm, dest, tag, count(arg(a, 2)), type(arg(a, 3)),
                bytes(arg(a, 2), arg(a, 3)), reqId, site, in.userSite(mi));
        s.payload = payload;
        s.modelPayload = modelPayload;
        if (op.isNonBlocking()) return track(world().newRequest(rank(), s, null), arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), false, op, site);
        world().waitOwn(rank(), s);
        return null;
    }

    private Object recv(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        int src = peer(arg(a, 4), site, "source", comm);
        int tag = tag(arg(a, 5), site, true, op);
        checkCount(arg(a, 2), site, op);
        checkBuffer(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), site, op);
        checkPendingBuffers(arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), true, op, mi);
        int reqId = op.isNonBlocking() ? world().nextRequestId() : -1;
        modelEnter(LocalModels.Kind.RECV, op, comm, src, tag, null, 0, -1, -1, -1, site);
        World.RecvOp r = world().postRecv(rank(), op, comm, src, tag, count(arg(a, 2)), type(arg(a, 3)), reqId, site,
                in.userSite(mi));
        r.target = arg(a, 0);
        r.targetOffset = arg(a, 1) instanceof Long o ? (int) (long) o : -1;
        if (op.isNonBlocking()) return track(world().newRequest(rank(), r, null), arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), true, op, site);
        world().waitOwn(rank(), r);
        modelReturned(r.match());
        return complete(r, -1);
    }

    private Object sendrecv(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        boolean replace = op == Op.SENDRECV_REPLACE;
        // Sendrecv(sbuf, soff, scount, stype, dest, stag, rbuf, roff, rcount, rtype, source, rtag)
        // Sendrecv_replace(buf, off, count, type, dest, stag, source, rtag)
        int dest = peer(arg(a, 4), site, "destination", comm);
        int stag = tag(arg(a, 5), site, false, op);
        int src = peer(arg(a, replace ? 6 : 10), site, "source", comm);
        int rtag = tag(arg(a, replace ? 7 : 11), site, true, op);
        checkPendingBuffers(arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), replace, op, mi);
        if (!replace) checkPendingBuffers(arg(a, 6), arg(a, 7), arg(a, 8), type(arg(a, 9)), true, op, mi);
        nameUnknowns(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), mi);
        Object payload = snapshot(arg(a, 0), arg(a, 1), arg(a, 2));
        modelEnter(LocalModels.Kind.SENDRECV, op, comm, dest, stag, payload, bytes(arg(a, 2), arg(a, 3)), src, rtag, -1, site);
        World.RecvOp r = world().sendrecv(rank(), op, comm, dest, stag, count(arg(a, 2)), type(arg(a, 3)),
                bytes(arg(a, 2), arg(a, 3)), src, rtag, site, in.userSite(mi), payload);
        r.target = replace ? arg(a, 0) : arg(a, 6);
        r.targetOffset = arg(a, replace ? 1 : 7) instanceof Long o ? (int) (long) o : -1;
        modelReturned(r.match());
        return complete(r, -1);
    }

    // ================================================================ local models (Promela export)

    /**
     * Records, when this run builds {@link LocalModels}, that the rank enters a call: its local state
     * and the call's resolved arguments. Calls outside the exported subset mark the model unsupported.
     */
    private int modelEnter(LocalModels.Kind kind, Op op, CommValue comm, int peer, int tag, Object payload, int bytes,
            int peer2, int tag2, int root, SourceRange site) {
        LocalModels m = world().models();
        if (m == null) return -1;
        int line = site == null ? -1 : site.line();
        if (op.isNonBlocking() || op == Op.BSEND || op == Op.SENDRECV_REPLACE) {
            m.unsupported(op.mpjName() + " at line " + line + " (the export covers blocking calls, without Bsend)");
        } else if (comm == null || comm.id() != 0) {
            m.unsupported(op.mpjName() + " at line " + line + " on a communicator other than COMM_WORLD");
        } else if (peer == Peer.PROC_NULL || peer2 == Peer.PROC_NULL) {
            m.unsupported(op.mpjName() + " at line " + line + " with MPI.PROC_NULL");
        } else if (peer == Peer.UNKNOWN || peer2 == Peer.UNKNOWN) {
            m.unsupported(op.mpjName() + " at line " + line + " with a peer the analysis could not compute");
        }
        int id = -1;
        if (kind == LocalModels.Kind.SEND || kind == LocalModels.Kind.SENDRECV || kind == LocalModels.Kind.COLLECTIVE) {
            id = m.payloadId(messageHash(payload, bytes, kind == LocalModels.Kind.COLLECTIVE ? op : null));
        }
        StateCache.Hasher h = new StateCache.Hasher();
        in.hashLocalState(h);
        m.enter(rank(), h, new LocalModels.Action(kind, op, peer, tag, id, peer2, tag2, root, line));
        return id;
    }

    /** Records the message a receive or probe matched (null: none). */
    private void modelReturned(World.SendOp s) {
        LocalModels m = world().models();
        if (m == null || s == null) return;
        m.returned(rank(), new LocalModels.Outcome(s.src(), s.tag(), m.payloadId(messageHash(s.payload, s.bytes(), null))));
    }

    /** Records what every member contributed to the collective this rank just completed. */
    private void modelContributions(Op op, World.CollResult res) {
        LocalModels m = world().models();
        if (m == null || res.payloads() == null) return;
        List<Integer> ids = new ArrayList<>(res.payloads().length);
        for (Object p : res.payloads()) ids.add(m.payloadId(messageHash(p, 0, op)));
        m.returned(rank(), new LocalModels.Outcome(-1, -1, m.contributionsId(ids)));
    }

    /** A message's contents as a hash, for a point-to-point message ({@code op} null) or a contribution to collective {@code op}. */
    private StateCache.Hasher messageHash(Object payload, int bytes, Op op) {
        StateCache.Hasher h = new StateCache.Hasher();
        h.add(bytes);
        in.hashPayload(h, payload, op);
        return h;
    }

    private Object probe(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        int src = peer(arg(a, 0), site, "source", comm);
        int tag = tag(arg(a, 1), site, true, op);
        modelEnter(LocalModels.Kind.PROBE, op, comm, src, tag, null, 0, -1, -1, -1, site);
        World.SendOp s = world().probe(rank(), op, comm, src, tag, site, in.userSite(mi));
        modelReturned(s);
        if (s == null) return Null.NULL;
        return status(s, comm, -1);
    }

    private Object persistent(CommValue comm, String name, List<Object> a, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        if (world().models() != null) world().models().unsupported(name + " at line " + site.line() + " (persistent requests)");
        Op op = switch (name) {
            case "Ssend_init" -> Op.ISSEND;
            case "Bsend_init" -> Op.IBSEND;
            case "Rsend_init" -> Op.IRSEND;
            case "Recv_init" -> Op.IRECV;
            default -> Op.ISEND;
        };
        int peer = peer(arg(a, 4), site, op == Op.IRECV ? "source" : "destination", comm);
        World.Template t = new World.Template(op, comm, peer, tag(arg(a, 5), site, op == Op.IRECV, op), count(arg(a, 2)), type(arg(a, 3)),
                bytes(arg(a, 2), arg(a, 3)));
        RequestValue rv = world().newRequest(rank(), null, t);
        templates.put(rv, new Object[] {arg(a, 0), arg(a, 1), arg(a, 2), mi});
        return rv;
    }

    private final java.util.Map<RequestValue, Object[]> templates = new java.util.IdentityHashMap<>();

    private void start(RequestValue rv, MethodInvocation at) {
        World.Template t = rv.template;
        if (t == null) return;
        Object[] bufInfo = templates.get(rv);
        SourceRange site = in.program.range(at);
        checkPendingBuffers(bufInfo[0], bufInfo[1], bufInfo[2], t.type(), t.op() == Op.IRECV, t.op(), at);
        if (t.op() == Op.IRECV) {
            World.RecvOp r = world().postRecv(rank(), Op.IRECV, t.comm(), t.peer(), t.tag(), t.count(), t.type(), rv.id(),
                    site, in.userSite(at));
            r.target = bufInfo[0];
            r.targetOffset = bufInfo[1] instanceof Long o ? (int) (long) o : -1;
            rv.current = r;
        } else {
            World.SendOp s = world().postSend(rank(), t.op(), t.comm(), t.peer(), t.tag(), t.count(), t.type(), t.bytes(),
                    rv.id(), site, in.userSite(at));
            s.payload = snapshot(bufInfo[0], bufInfo[1], bufInfo[2]);
            rv.current = s;
        }
        rv.completedByProgram = false;
        // from Start to its Wait the buffer is the pending operation's, as for Isend/Irecv (local concurrency)
        track(rv, bufInfo[0], bufInfo[1], bufInfo[2], t.type(), t.op() == Op.IRECV, t.op(), site);
    }

    // ================================================================ collectives

    private Object collective(CommValue comm, Op op, List<Object> a, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        int root = -1;
        Object payload = null;
        long color = 0, key = 0;
        switch (op) {
            case ALLREDUCE, REDUCE, SCAN -> payload = snapshot(arg(a, 0), arg(a, 1), arg(a, 4));
            case ALLGATHER, GATHER -> payload = snapshot(arg(a, 0), arg(a, 1), arg(a, 2));
            case GATHERV, ALLGATHERV -> {
                // the sender's unknowns named, as a point-to-point message's are: its own tests and its receivers' agree
                nameUnknowns(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), mi);
                payload = snapshot(arg(a, 0), arg(a, 1), arg(a, 2));
            }
            case ALLTOALL -> { // every member's whole send buffer: count elements for each member, in member order
                Object all = arg(a, 2) instanceof Long c ? (Object) (c * comm.size()) : arg(a, 2);
                nameUnknowns(arg(a, 0), arg(a, 1), all, arg(a, 3), mi); // a bucket count the sender tests and its receiver too
                payload = snapshot(arg(a, 0), arg(a, 1), all);
            }
            case ALLTOALLV -> payload = blocks(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), comm.size());
            case SPLIT -> {
                Object c = arg(a, 0), k = arg(a, 1);
                if (!(c instanceof Long) || !(k instanceof Long)) {
                    in.assumptions.add(site, "The colour or key of this Split could not be computed; all ranks are "
                            + "assumed to stay together in rank order");
                }
                color = c instanceof Long l ? l : 0;
                key = k instanceof Long l ? l : comm.localRank();
                if (color < 0 && color != UNDEFINED) {
                    in.assumptions.defect(FindingKind.INVALID_ARGUMENT, site, "The colour of this Split is " + color
                            + ": a colour must be 0 or more, or MPI.UNDEFINED to leave the rank out", rank());
                }
            }
            case CREATE -> {
                // Create(group) is Split with one colour for the group's members and none for the others
                if (arg(a, 0) instanceof GroupVal g && g.members() != null) {
                    int me = g.rankOf(comm.world(comm.localRank()));
                    color = me >= 0 ? 0 : UNDEFINED;
                    key = me;
                } else {
                    in.assumptions.add(site, "The group of this Create could not be computed; it is assumed to hold "
                            + "every rank of the communicator");
                }
            }
            default -> { }
        }
        if (op.hasRoot()) {
            Object r = a.isEmpty() ? Unknown.ANY : a.get(a.size() - 1);
            root = r instanceof Long l && l >= 0 && l < comm.size() ? (int) (long) l : 0;
            if (!(r instanceof Long)) in.assumptions.add(site, "The root of this " + op.mpjName() + " could not be computed; rank 0 is assumed");
            else if (root != (long) (Long) r) {
                in.assumptions.defect(FindingKind.INVALID_ARGUMENT, site, "The root of this " + op.mpjName() + " is " + r
                        + ", which is not a rank of its communicator (0.." + (comm.size() - 1) + "); MPJ stops the job here", rank());
                world().abortJob(rank(), "passes root " + r + " at line " + site.line());
                throw new RankInterpreter.ExitSig("invalid root");
            }
            // only the root's buffer is sent: the others' contents are overwritten (Bcast) or ignored (Scatter's send side);
            // Scatter's count is per member, and the root sends that many to each
            if (op == Op.BCAST && comm.localRank() == root) payload = snapshot(arg(a, 0), arg(a, 1), arg(a, 2));
            if (op == Op.SCATTER && comm.localRank() == root) {
                payload = snapshot(arg(a, 0), arg(a, 1), perMember(arg(a, 2), comm));
            }
            if (op == Op.SCATTERV && comm.localRank() == root) payload = blocks(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3), comm.size());
        }
        checkCollectiveSource(op, a, comm, root, site);
        checkCollectiveBuffers(op, a, comm, root, mi);
        int[] sig = switch (op) { // where the count and datatype every member passes alike are (-1: counts may differ)
            case BCAST, GATHER, ALLGATHER, ALLTOALL -> new int[] {2, 3};
            case REDUCE, ALLREDUCE, SCAN -> new int[] {4, 5};
            case SCATTER -> new int[] {6, 7};
            case ALLGATHERV, GATHERV -> new int[] {-1, 3};
            case ALLTOALLV -> new int[] {-1, 4};
            case SCATTERV -> new int[] {-1, 8};
            default -> null;
        };
        if (sig != null) {
            if (sig[0] >= 0) checkCount(arg(a, sig[0]), site, op);
            java.util.Map<String, Object> instance = world().nextCollectiveScratch(rank(), comm);
            boolean rooted = op == Op.BCAST || op == Op.REDUCE || op == Op.GATHER || op == Op.SCATTER;
            // ranks calling different collectives at this point are a collective-mismatch (the world reports it); their
            // counts and datatypes are not compared (a Gather's root against a Scatter's member says nothing)
            Object firstOp = instance.putIfAbsent("op", op);
            if (firstOp == null || firstOp == op) CollectiveSignatures.checkMembers(in.assumptions, rank(), op, instance, sig[0] >= 0 && !rooted ? arg(a, sig[0]) : Unknown.ANY,
                    arg(a, sig[1]), op == Op.REDUCE || op == Op.ALLREDUCE || op == Op.SCAN ? arg(a, 6) : null, site);
            if (rooted && (firstOp == null || firstOp == op)) {
                // the root's side of each member's part: what Gather's root takes from each, Scatter's root sends to each
                int rc = op == Op.GATHER ? 6 : op == Op.SCATTER ? 2 : sig[0], rt = op == Op.GATHER ? 7 : op == Op.SCATTER ? 3 : sig[1];
                CollectiveSignatures.checkRootedCount(in.assumptions, op, instance, comm.localRank() == root,
                        new CollectiveSignatures.Part(arg(a, sig[0]), arg(a, sig[1]), site, rank()),
                        new CollectiveSignatures.Part(arg(a, rc), arg(a, rt), site, rank()));
            }
        }
        modelEnter(LocalModels.Kind.COLLECTIVE, op, comm, -1, -1, payload, 0, -1, -1, root, site);
        World.CollResult res = world().collective(rank(), op, comm, root, color, key, payload, site, in.userSite(mi));
        modelContributions(op, res);
        deliverCollective(op, comm, a, root, res);
        world().collectiveRead(rank());
        if (op == Op.SPLIT || op == Op.DUP || op == Op.CREATE) return res.comm() == null ? Null.NULL : res.comm();
        return null;
    }

    /** The name of a predefined datatype (MPI.INT...), not of a derived one ("Contiguous(INT)", "Struct"). */
    static boolean basic(String datatype) {
        return datatype.indexOf('(') < 0 && !datatype.equals("Struct");
    }

    private void deliverCollective(Op op, CommValue comm, List<Object> a, int root, World.CollResult res) {
        int me = comm.localRank();
        Object[] p = res.payloads();
        switch (op) {
            case BCAST -> {
                // what the root did not know (a timing, a random draw) is now one value every rank holds
                java.util.function.IntFunction<Object> unknown = alike("Bcast", res, p[root]);
                if (me != root) fill(arg(a, 0), arg(a, 1), arg(a, 2), p[root], unknown);
                else uniformize(arg(a, 0), arg(a, 1), arg(a, 2), unknown); // the root now holds what every rank holds
            }
            case ALLREDUCE -> fill(arg(a, 2), arg(a, 3), arg(a, 4), reduced(res, arg(a, 6)), Unknown.UNIFORM);
            case REDUCE -> {
                if (me == root) fill(arg(a, 2), arg(a, 3), arg(a, 4), reduced(res, arg(a, 6)), Unknown.ANY);
            }
            case ALLGATHER -> {
                // every member gets the same parts: an unknown one is one value everywhere
                Object all = res.combined().computeIfAbsent("concat", k -> concat(p, res.complete()));
                fill(arg(a, 4), arg(a, 5), Unknown.ANY, all, alike("Allgather", res, all));
            }
            case GATHER -> {
                if (me == root) fill(arg(a, 4), arg(a, 5), Unknown.ANY, concat(p, res.complete(), arg(a, 4)), Unknown.ANY);
            }
            case SCATTER -> {
                Object slice = null;
                if (p[root] instanceof Object[] src && arg(a, 6) instanceof Long rc && rc >= 0 && (me + 1) * rc <= src.length) {
                    slice = part(src, (int) (me * rc), (int) ((me + 1) * rc));
                }
                fill(arg(a, 4), arg(a, 5), arg(a, 6), slice, Unknown.ANY);
            }
            case ALLTOALL -> {
                // member j's block for me: its send buffer holds one block of equal length per member
                Object[] parts = new Object[p.length];
                for (int j = 0; j < p.length && parts != null; j++) {
                    parts[j] = p[j] instanceof Object[] d && d.length % p.length == 0
                            ? part(d, me * (d.length / p.length), (me + 1) * (d.length / p.length)) : null;
                    if (parts[j] == null) parts = null;
                }
                if (res.complete() && parts != null && basicTypes(a, 3, 7)) fill(arg(a, 4), arg(a, 5), Unknown.ANY, concat(parts, true), Unknown.ANY);
                else if (arg(a, 4) instanceof ArrayVal av) av.forget();
            }
            case ALLTOALLV -> {
                Object[] parts = new Object[p.length];
                for (int j = 0; j < p.length; j++) parts[j] = p[j] instanceof Object[] b && me < b.length ? b[me] : null;
                placeParts(res.complete() && basicTypes(a, 4, 9) ? parts : null, arg(a, 5), arg(a, 6), arg(a, 7), arg(a, 8));
            }
            case GATHERV, ALLGATHERV -> {
                if (op == Op.ALLGATHERV || me == root) {
                    placeParts(res.complete() && basicTypes(a, 3, 8) ? p : null, arg(a, 4), arg(a, 5), arg(a, 6), arg(a, 7));
                }
            }
            case SCATTERV -> {
                Object part = p[root] instanceof Object[] b && me < b.length ? b[me] : null;
                if (part instanceof Object[] d && basicTypes(a, 4, 8) && arg(a, 7) instanceof Long rc && rc == d.length) {
                    fill(arg(a, 5), arg(a, 6), rc, d, Unknown.ANY);
                } else if (arg(a, 5) instanceof ArrayVal av) {
                    av.forget();
                }
            }
            case SCAN -> {
                // member me gets the reduction of members 0..me
                Object v = res.complete() ? reduce(java.util.Arrays.copyOf(p, me + 1), arg(a, 6), true) : null;
                if (v instanceof Object[] acc) { // a prefix is each member's own: what is not known differs by rank
                    for (int i = 0; i < acc.length; i++) if (acc[i] == Unknown.UNIFORM) acc[i] = Unknown.ANY;
                }
                fill(arg(a, 2), arg(a, 3), arg(a, 4), v, Unknown.ANY);
            }
            case REDUCE_SCATTER -> {
                // MPJ Express 0.44 computes other sums than MPI's (measured: at np=3 rank 0 got 4 of a column summing to 5,
                // the other ranks 0): what a program receives here is not known
                if (arg(a, 2) instanceof ArrayVal av) av.forget();
            }
            default -> { }
        }
    }

    /** Whether the datatypes at argument positions {@code i} and {@code j} are predefined ones: one element per array slot. */
    private static boolean basicTypes(List<Object> a, int i, int j) {
        return arg(a, i) instanceof Values.Datatype s && basic(s.name()) && arg(a, j) instanceof Values.Datatype r && basic(r.name());
    }

    /**
     * The blocks a vector collective sends one to each member ({@code Alltoallv}'s and {@code Scatterv}'s send side):
     * block j holds {@code counts[j]} elements from {@code displs[j]} past {@code off}; null when any is unknown.
     */
    private static Object blocks(Object buf, Object off, Object counts, Object displs, int members) {
        if (!(counts instanceof ArrayVal c) || c.elems == null || !(displs instanceof ArrayVal d) || d.elems == null
                || !(off instanceof Long o) || c.elems.length < members || d.elems.length < members) {
            return null;
        }
        Object[] out = new Object[members];
        for (int j = 0; j < members; j++) {
            if (!(c.elems[j] instanceof Long n) || !(d.elems[j] instanceof Long at)) return null;
            out[j] = snapshot(buf, o + at, n);
            if (out[j] == null) return null;
        }
        return out;
    }

    /**
     * A vector collective's receive side: part j (an {@code Object[]}, or null when not known) goes to
     * {@code displs[j]} past {@code off} in {@code buf}, {@code counts[j]} elements; the whole buffer is forgotten when
     * the parts, counts or displacements are not all known, or a part's length is not its count.
     */
    private static void placeParts(Object[] parts, Object buf, Object off, Object counts, Object displs) {
        if (!(buf instanceof ArrayVal av) || av.elems == null) return;
        boolean ok = parts != null && off instanceof Long && counts instanceof ArrayVal c && c.elems != null
                && displs instanceof ArrayVal d && d.elems != null && c.elems.length >= parts.length && d.elems.length >= parts.length;
        if (ok) {
            long o = (Long) off;
            Object[] cs = ((ArrayVal) counts).elems, ds = ((ArrayVal) displs).elems;
            for (int j = 0; j < parts.length && ok; j++) {
                ok = parts[j] instanceof Object[] part && cs[j] instanceof Long n && n == part.length && ds[j] instanceof Long at
                        && at >= 0 && o + at + n <= av.elems.length;
            }
            if (ok && o == 0 && unknownParts(parts) && partition(cs, ds, parts.length, av.elems.length)) {
                // parts of unknowns that together fill the buffer (a gathered result nobody computed): the buffer's
                // elements all become the unknown, shared, instead of a copy written part by part
                Object[] t = Values.ArrayVal.template(av.elems.length, Unknown.ANY);
                if (t != null) {
                    av.adopt(t);
                    return;
                }
            }
            if (ok) {
                for (int j = 0; j < parts.length; j++) fill(buf, o + (Long) ds[j], cs[j], parts[j], Unknown.ANY);
                return;
            }
        }
        av.forget();
    }

    /** The most elements of a reduction's, broadcast's or Allgather's result that get a symbol each ({@link #alike}). */
    private static final int NAMED_ELEMENTS = 64;

    /**
     * What element {@code i} of {@code data}, a result collective {@code what} gives every member alike, stands for
     * where the analysis cannot compute it: a symbol naming the instance and the element ({@link Values.Sym#ofInstance})
     * for a result of up to {@link #NAMED_ELEMENTS} elements, the anonymous uniform unknown for a longer one.
     */
    private static java.util.function.IntFunction<Object> alike(String what, World.CollResult res, Object data) {
        return data instanceof Object[] d && d.length <= NAMED_ELEMENTS ? i -> Values.Sym.ofInstance(what, res.instance(), i)
                : new SameUnknown(Unknown.UNIFORM);
    }

    /** What every unknown element of a message stands for when it is one value for all: a whole-array fill then shares a template. */
    private record SameUnknown(Unknown value) implements java.util.function.IntFunction<Object> {
        @Override
        public Object apply(int i) {
            return value;
        }
    }

    /**
     * The reduction of this collective instance under {@code op}, computed once for all its members. An element the
     * analysis cannot compute is the same on every member, and it is one value wherever it goes: a symbol naming the
     * instance and the element ({@code SUM#3[0]}), so that two tests of it (rank 0's and rank 1's, after a broadcast)
     * decide alike; an anonymous uniform unknown would give each test its own decision, and a path where rank 1 finds
     * the total large and rank 0 small, which no execution takes. Only for results of up to {@link #NAMED_ELEMENTS}
     * elements (a count, a flag, a norm: what programs test); a large reduced vector is payload, and a symbol per
     * element of 500,000 at every iteration (a JGF sparse product) cost the whole time budget.
     */
    private static Object reduced(World.CollResult res, Object op) {
        String key = "reduce:" + (op instanceof ReduceOp r ? r.name() : String.valueOf(op));
        if (res.combined().containsKey(key)) return res.combined().get(key);
        Object v = reduce(res.payloads(), op, res.complete());
        if (v instanceof Object[] acc && acc.length <= NAMED_ELEMENTS) { // a longer one stays as it is, without a pass
            java.util.function.IntFunction<Object> unknown = alike(op instanceof ReduceOp r ? r.name() : "OP", res, acc);
            for (int i = 0; i < acc.length; i++) if (acc[i] == Unknown.UNIFORM) acc[i] = unknown.apply(i);
        }
        if (res.complete()) res.combined().put(key, v);
        return v;
    }

    private static Object reduce(Object[] parts, Object op, boolean complete) {
        if (!complete || !(op instanceof ReduceOp r)) return null;
        String name = r.name();
        boolean unknownWins = name.equals("SUM") || name.equals("MAX") || name.equals("MIN");
        int len = -1;
        boolean unknownPart = false;
        for (Object p : parts) {
            if (!(p instanceof Object[] arr) || len >= 0 && arr.length != len) return null;
            len = arr.length;
            unknownPart |= Values.ArrayVal.uniformValue(arr) instanceof Unknown;
        }
        if (unknownWins && unknownPart && len > NAMED_ELEMENTS) {
            // a part all unknown (a forgotten vector): every element of the sum, maximum or minimum is the same unknown,
            // without a pass (a JGF sparse product reduced 500,000 forgotten elements per iteration one by one)
            Object[] t = Values.ArrayVal.template(len, Unknown.UNIFORM);
            if (t != null) return t; // shared: receivers adopt it and copy it before a write; reduced() names only shorter ones
        }
        Object[] acc = null;
        for (Object p : parts) {
            Object[] arr = (Object[]) p;
            if (acc == null) {
                acc = arr.clone();
                continue;
            }
            for (int i = 0; i < acc.length; i++) {
                Object x = acc[i], y = arr[i];
                if ((x instanceof Unknown || y instanceof Unknown) && unknownWins) {
                    acc[i] = Unknown.UNIFORM; // the same unknown on every rank (LAND, LOR, PROD may still be known)
                    continue;
                }
                acc[i] = switch (name) {
                    case "SUM" -> Operators.binary("+", x, y);
                    case "PROD" -> Operators.binary("*", x, y);
                    case "MAX" -> Operators.binary(">", x, y) instanceof Boolean b ? (b ? x : y) : Unknown.UNIFORM;
                    case "MIN" -> Operators.binary("<", x, y) instanceof Boolean b ? (b ? x : y) : Unknown.UNIFORM;
                    case "LAND" -> Operators.logic(true, x, y);
                    case "LOR" -> Operators.logic(false, x, y);
                    default -> Unknown.UNIFORM;
                };
            }
        }
        if (acc != null) {
            for (int i = 0; i < acc.length; i++) if (acc[i] == Unknown.ANY) acc[i] = Unknown.UNIFORM;
        }
        return acc;
    }

    /**
     * The {@code n} elements of {@code parts} (arrays) one after the other as the template of their one value
     * ({@link Values.ArrayVal#template}) when every part is that value's template: buffers made and never written, or
     * forgotten, gathered whole. Null otherwise. A benchmark that gathers fresh arrays of up to five million doubles
     * at each of 25 message sizes (JGF's {@code JGFGatherBench}) copied every element into a new array at every
     * Gather, and spent its whole budget copying and collecting them.
     */
    private static Object[] uniformConcat(Object[] parts, int n, Object target) {
        if (parts.length == 0 || !(parts[0] instanceof Object[] first) || first.length == 0) return null;
        Object fill = first[0];
        for (Object p : parts) if (!Values.ArrayVal.isTemplate((Object[]) p, fill)) return null;
        // the receive buffer holds that value everywhere already (a template of the length): it is the result
        if (target instanceof ArrayVal t && t.elems != null && t.elems.length == n && Values.ArrayVal.isTemplate(t.elems, fill)) {
            return t.elems;
        }
        return Values.ArrayVal.template(n, fill);
    }

    /**
     * Elements {@code from .. to - 1} of a message's payload: its value's template of that length when the payload is
     * a template ({@link #uniformConcat}), else a copy.
     */
    private static Object[] part(Object[] payload, int from, int to) {
        Object uniform = Values.ArrayVal.uniformValue(payload);
        Object[] t = uniform == null ? null : Values.ArrayVal.template(to - from, uniform);
        return t != null ? t : java.util.Arrays.copyOfRange(payload, from, to);
    }

    /** The members' parts one after the other, copied once (a gather of large arrays repeats this at every call). */
    private static Object concat(Object[] parts, boolean complete) {
        return concat(parts, complete, null);
    }

    /** As above; {@code target} (a receive buffer, or null) may be the result when the parts are uniform ({@link #uniformConcat}). */
    private static Object concat(Object[] parts, boolean complete, Object target) {
        if (!complete) return null;
        int n = 0;
        for (Object p : parts) {
            if (!(p instanceof Object[] arr)) return null;
            n += arr.length;
        }
        Object[] uniform = uniformConcat(parts, n, target);
        if (uniform != null) return uniform;
        Object[] out = new Object[n];
        int at = 0;
        for (Object p : parts) {
            Object[] arr = (Object[]) p;
            System.arraycopy(arr, 0, out, at, arr.length);
            at += arr.length;
        }
        return out;
    }

    /**
     * After a broadcast the root's values are everybody's: what the root did not know (a timing, a
     * random draw) is now one unknown shared by all ranks ({@code unknown} of its index in the message), so a
     * branch on it goes alike everywhere.
     */
    private static void uniformize(Object buf, Object off, Object cnt, java.util.function.IntFunction<Object> unknown) {
        if (!(buf instanceof ArrayVal a) || a.elems == null) return;
        int o = off instanceof Long l ? (int) Math.max(0, l) : 0;
        int n = cnt instanceof Long c ? (int) Math.min(c, a.elems.length - (long) o) : a.elems.length - o;
        int i = o;
        while (i < o + n && a.elems[i] != Unknown.ANY) i++;
        if (i == o + n) return; // nothing unknown: the array (perhaps shared with the message) stays as it is
        if (o == 0 && n == a.elems.length && unknown instanceof SameUnknown same && Values.ArrayVal.isTemplate(a.elems, Unknown.ANY)) {
            Object[] t = Values.ArrayVal.template(n, same.value());
            if (t != null) { // a forgotten array broadcast whole: the same elements, shared, instead of a copy rewritten
                a.adopt(t);
                return;
            }
        }
        Object[] e = a.writable().elems;
        for (; i < o + n; i++) if (e[i] == Unknown.ANY) e[i] = unknown.apply(i - o);
    }

    /** Writes {@code data} into {@code buf} from {@code off}; where it is unknown, writes {@code unknown}. */
    private static void fill(Object buf, Object off, Object cnt, Object data, Unknown unknown) {
        fill(buf, off, cnt, data, new SameUnknown(unknown));
    }

    /** As above, with element {@code i} of the message standing for {@code unknown.apply(i)} where the sender did not know it. */
    private static void fill(Object buf, Object off, Object cnt, Object data, java.util.function.IntFunction<Object> unknown) {
        if (!(buf instanceof ArrayVal a) || a.elems == null) return;
        int o = off instanceof Long l ? (int) (long) l : -1;
        if (o < 0) {
            a.forget();
            return;
        }
        if (data instanceof Object[] d && o == 0 && d.length == a.elems.length && (unknown.apply(0) == Unknown.ANY || !holdsAny(d))) {
            a.adopt(d); // the message fills the whole array: its elements are taken, not copied
            return;
        }
        int len = a.elems.length;
        if (unknown instanceof SameUnknown same && o == 0 && (data instanceof Object[] d
                ? d.length == len && Values.ArrayVal.isTemplate(d, Unknown.ANY) // a forgotten array, sent whole
                : !(cnt instanceof Long c) || c >= len)) {
            Object[] t = Values.ArrayVal.template(len, same.value());
            if (t != null) {
                a.adopt(t); // every element the same unknown: shared until written
                return;
            }
        }
        if (unknown instanceof SameUnknown same && data instanceof Object[] d && Values.ArrayVal.isTemplate(d, Unknown.ANY)
                && Values.ArrayVal.isTemplate(a.elems, same.value())) {
            return; // a part of unknowns put where the array holds that unknown everywhere already: nothing changes
        }
        a.writable();
        if (data instanceof Object[] d) {
            for (int i = 0; i < d.length && o + i < a.elems.length; i++) {
                a.elems[o + i] = d[i] == Unknown.ANY ? unknown.apply(i) : d[i];
            }
            return;
        }
        int n = cnt instanceof Long c ? (int) Math.min(c, a.elems.length - (long) o) : a.elems.length - o;
        for (int i = 0; i < n; i++) a.elems[o + i] = unknown.apply(i);
    }

    /** Whether every part is an array of unknowns only, shared ({@link Values.ArrayVal#isTemplate}: found at once). */
    private static boolean unknownParts(Object[] parts) {
        for (Object part : parts) if (!Values.ArrayVal.isTemplate((Object[]) part, Unknown.ANY)) return false;
        return true;
    }

    /**
     * Whether the first {@code k} blocks ({@code counts[j]} elements from {@code displs[j]}, all known, in bounds and
     * checked to be as long as their parts) cover {@code 0 .. length - 1} exactly once.
     */
    private static boolean partition(Object[] counts, Object[] displs, int k, int length) {
        long covered = 0;
        long[][] blocks = new long[k][];
        for (int j = 0; j < k; j++) {
            blocks[j] = new long[] {(Long) displs[j], (Long) counts[j]};
            covered += (Long) counts[j];
        }
        if (covered != length) return false;
        java.util.Arrays.sort(blocks, java.util.Comparator.comparingLong(b -> b[0]));
        long next = 0;
        for (long[] b : blocks) {
            if (b[1] == 0) continue;
            if (b[0] != next) return false;
            next += b[1];
        }
        return next == length;
    }

    private static boolean holdsAny(Object[] d) {
        Object uniform = Values.ArrayVal.uniformValue(d);
        if (uniform != null) return uniform == Unknown.ANY; // one value: no pass
        for (Object x : d) if (x == Unknown.ANY) return true;
        return false;
    }

    // ================================================================ requests

    private Object complete(World.RecvOp r, int index) {
        deliver(r);
        World.SendOp s = r.match();
        return status(s, r.commValue(), index);
    }

    private void deliver(World.RecvOp r) {
        if (r.delivered || r.match() == null) return;
        r.delivered = true;
        checkTypes(r.match(), r);
        Object data = r.match().payload;
        r.match().payload = null; // delivered once; the run keeps its operations, and a big message each would add up
        if (r.target instanceof ArrayVal a && a.elems != null) {
            if (data instanceof Object[] d && r.targetOffset == 0 && d.length == a.elems.length && d.length > 0) {
                a.adopt(d); // the message fills the whole buffer: its elements are taken, not copied
            } else if (data instanceof Object[] d && r.targetOffset >= 0) {
                a.writable();
                Object[] into = a.elems;
                int n = Math.min(d.length, into.length - r.targetOffset);
                if (n > 0) System.arraycopy(d, 0, into, r.targetOffset, n);
            } else if (r.match().src() != Peer.PROC_NULL) {
                a.forget();
            }
        }
    }

    /**
     * MPI's type matching for one message: the basic datatypes of send and receive must be the same
     * (MPI.BYTE and MPI.PACKED, which the standard lets match other data, are left alone), and the
     * receive must have room for what was sent (else MPI reports truncation).
     */
    private void checkTypes(World.SendOp s, World.RecvOp r) {
        dev.rendezvous.core.model.Event se = s.event(), re = r.event();
        if (se == null || re == null || se.datatype() == null || re.datatype() == null) return;
        if (re.op().kind() == Op.Kind.SENDRECV) return; // its event records the send half's datatype and count
        String st = se.datatype(), rt = re.datatype();
        if (!basic(st) || !basic(rt)) return;
        if (st.equals("BYTE") || st.equals("PACKED") || rt.equals("BYTE") || rt.equals("PACKED")) return;
        int rcount = re.count();
        if (!st.equals(rt)) {
            in.assumptions.defect(FindingKind.DATATYPE_MISMATCH, re.site(), "This " + re.op().mpjName() + " on rank " + re.rank()
                    + " receives MPI." + rt + " but the message from rank " + se.rank() + " (line " + se.site().line()
                    + ") was sent as MPI." + st + ": the datatypes of a send and its receive must match", re.rank(),
                    Fixes.receiveAs(in.program, re, st));
        } else if (se.count() >= 0 && rcount >= 0 && rcount < se.count()) {
            in.assumptions.defect(FindingKind.DATATYPE_MISMATCH, re.site(), "This " + re.op().mpjName() + " on rank " + re.rank()
                    + " has room for " + rcount + " element(s) but the message from rank " + se.rank() + " (line "
                    + se.site().line() + ") holds " + se.count() + ": MPI reports a truncation error", re.rank());
        } else if (se.count() >= 0 && r.target instanceof ArrayVal a && a.elems != null && r.targetOffset >= 0
                && r.targetOffset + (long) se.count() > a.elems.length) {
            String room = r.targetOffset > a.elems.length
                    ? "this " + re.op().mpjName() + "'s offset " + r.targetOffset + " is past the end of its array (length "
                            + a.elems.length + ")"
                    : "this " + re.op().mpjName() + "'s array has room for " + (a.elems.length - r.targetOffset) + " from offset "
                            + r.targetOffset;
            in.assumptions.defect(FindingKind.INVALID_ARGUMENT, re.site(), "The message from rank " + se.rank() + " (line "
                    + se.site().line() + ") holds " + se.count() + " element(s), but " + room
                    + ": MPJ Express throws when it unpacks the message" + (se.count() == 0 ? ", even an empty one" : ""), re.rank());
        }
    }

    /** The buffer of a non-blocking operation the program has not completed yet. */
    private record InFlight(ArrayVal buffer, long from, long to, boolean receive, RequestValue request, Op op, SourceRange site,
            boolean basic) {}

    /**
     * MPI's rule for non-blocking calls (local concurrency; the standard's section on initiating non-blocking
     * communication), applied to another call's buffer: while a request is pending, no other call may receive into its
     * buffer, nor send from the buffer of a pending receive. Checked when a point-to-point call (or a persistent
     * request's Start) is posted, and for the buffers of a collective as its member uses them
     * ({@link #checkCollectiveBuffers}), against the requests the program has not completed, where both buffers are the same
     * array and their elements overlap: a receive into the buffer of a pending receive, or a send from it, leaves
     * undefined which message, or which data, ends up there; a receive into the buffer of a pending send is wrong only
     * for MPI, as MPJ Express copies a send's data when it starts (as for a write of an element, {@link #checkAccess}).
     * Each is a warning (see the comment below). Two sends from one buffer are not a race: MPI 3 lets a pending send's
     * buffer be read. Counted in elements of a basic datatype; a derived datatype (a vector, say) spreads its elements
     * over the array, so a call with one is not compared.
     */
    private void checkPendingBuffers(Object buf, Object off, Object cnt, String type, boolean writes, Op op,
            org.eclipse.jdt.core.dom.ASTNode at) {
        if (!(buf instanceof ArrayVal a) || a.inFlight == 0 || !(off instanceof Long o) || type == null || !basic(type)) return;
        long to = cnt instanceof Long c ? o + c : Long.MAX_VALUE;
        if (to <= o) return; // nothing sent or received
        for (int i = 0; i < inFlight.size(); i++) {
            InFlight f = inFlight.get(i);
            if (f.buffer() != a || f.request().completedByProgram || f.request().freed || !f.basic()) continue;
            if (to <= f.from() || f.to() <= o || !writes && !f.receive()) continue;
            if (in.assumptions.hasDefect(FindingKind.BUFFER_RACE, in.userSite(at))) return; // a loop's later rounds
            long first = Math.max(o, f.from());
            String what = "Rank " + rank() + "'s " + op.mpjName() + (writes ? " receives into" : " sends") + " element" +
                    (to - first == 1 || f.to() - first == 1 ? " " + first : "s from " + first) + " of the buffer of the "
                    + f.request().operationName(f.op()) + (f.request().isPersistent() ? " started" : "") + " at line "
                    + f.site().line() + " before that request is completed (Wait/Test): ";
            String why = !f.receive()
                    ? "MPJ Express copies a send's data when the send starts, so the pending message carries the old value, but MPI "
                            + "forbids the receive and other libraries may send the new one"
                    : writes ? "MPI leaves undefined which of the two messages is left there (it depends on the order they arrive)"
                    : "MPI leaves undefined whether this message carries the data from before or after the pending one arrives";
            // a warning, not an error: what either message carries is undefined, but no call's matching or completion
            // depends on it, and programs of others post receives from several ranks into one array where at most one
            // message is expected (a "solution found" from any worker), or send an array still being received into as
            // a token whose contents nobody reads; they run as intended on MPJ Express
            // an in-place exchange (Isend, then Recv into the same cells, then the Wait) is what Sendrecv_replace is
            // for; otherwise the Wait moves up, when that adds no deadlock (both are checked, Rendezvous.analyze)
            List<dev.rendezvous.core.model.Fix> fixes = new ArrayList<>(2);
            if (!f.receive() && writes) fixes.add(Fixes.isendRecvToSendrecvReplace(in.program, f.site(), at));
            fixes.add(Fixes.moveWaitBefore(in.program, f.site(), at));
            fixes.removeIf(java.util.Objects::isNull);
            in.assumptions.portabilityDefect(FindingKind.BUFFER_RACE, in.userSite(at), what + why, rank(), fixes);
            return;
        }
    }

    private final List<InFlight> inFlight = new ArrayList<>();

    /**
     * {@link #checkPendingBuffers} for a collective's buffers, as this member uses them: what it sends is read (a
     * Bcast's buffer on the root, every member's send buffer of a reduction, gather or all-to-all, the root's of a
     * Scatter), what it receives is written (a Bcast's buffer on the others, the receive buffer of a reduction on the
     * members that get its result, of a gather on the root or everyone, of a Scatter or all-to-all on everyone). A
     * region counted per member (a gather's receive count, a Scatter's send count) spans all of them. The vector
     * variants, whose blocks lie where their displacements put them, are not compared.
     */
    private void checkCollectiveBuffers(Op op, List<Object> a, CommValue comm, int root, MethodInvocation mi) {
        boolean isRoot = comm.localRank() == root;
        switch (op) {
            case BCAST -> checkPendingBuffers(arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), !isRoot, op, mi);
            case REDUCE, ALLREDUCE, SCAN -> {
                checkPendingBuffers(arg(a, 0), arg(a, 1), arg(a, 4), type(arg(a, 5)), false, op, mi);
                if (op != Op.REDUCE || isRoot) checkPendingBuffers(arg(a, 2), arg(a, 3), arg(a, 4), type(arg(a, 5)), true, op, mi);
            }
            case GATHER, ALLGATHER -> {
                checkPendingBuffers(arg(a, 0), arg(a, 1), arg(a, 2), type(arg(a, 3)), false, op, mi);
                if (op == Op.ALLGATHER || isRoot) {
                    checkPendingBuffers(arg(a, 4), arg(a, 5), perMember(arg(a, 6), comm), type(arg(a, 7)), true, op, mi);
                }
            }
            case SCATTER -> {
                if (isRoot) checkPendingBuffers(arg(a, 0), arg(a, 1), perMember(arg(a, 2), comm), type(arg(a, 3)), false, op, mi);
                checkPendingBuffers(arg(a, 4), arg(a, 5), arg(a, 6), type(arg(a, 7)), true, op, mi);
            }
            case ALLTOALL -> {
                checkPendingBuffers(arg(a, 0), arg(a, 1), perMember(arg(a, 2), comm), type(arg(a, 3)), false, op, mi);
                checkPendingBuffers(arg(a, 4), arg(a, 5), perMember(arg(a, 6), comm), type(arg(a, 7)), true, op, mi);
            }
            default -> { }
        }
    }

    /** A count given per member ({@code count} elements for each of the communicator's members) as one region's length. */
    private static Object perMember(Object count, CommValue comm) {
        return count instanceof Long c && c >= 0 ? (Object) (c * comm.size()) : count;
    }

    /** What this rank's MPJ bookkeeping adds to its state (state caching): open creations, buffers in flight, Finalize. */
    void hashState(dev.rendezvous.core.semantics.StateCache.Hasher h) {
        pruneInFlight();
        h.add(created.size()).add(finalized ? 1 : 0).add(inFlight.size());
        for (InFlight f : inFlight) {
            int n = h.seen(f.buffer());
            h.add(n).add(f.from()).add(f.to()).add(f.receive() ? 1 : 0);
        }
    }

    private RequestValue track(RequestValue rv, Object buf, Object off, Object cnt, String type, boolean receive, Op op,
            SourceRange site) {
        if (buf instanceof ArrayVal a && off instanceof Long o) {
            long to = cnt instanceof Long c ? o + c : Long.MAX_VALUE;
            if (inFlight.size() >= pruneAt) {
                // pruned when the list has doubled, not at every call: a loop that never completes its requests
                // (a request leak) made each call scan all of them (2,000 Isend/Irecv pairs at np=8: 226 ms a run)
                pruneInFlight();
                pruneAt = Math.max(PRUNE_AT_LEAST, 2 * inFlight.size());
            }
            inFlight.add(new InFlight(a, o, to, receive, rv, op, site, type != null && basic(type)));
            a.inFlight++;
        }
        return rv;
    }

    private static final int PRUNE_AT_LEAST = 16;

    /** The size of {@link #inFlight} at which {@link #track} prunes it next. */
    private int pruneAt = PRUNE_AT_LEAST;

    /**
     * Whether no request the program has left uncompleted holds {@code a} as its buffer. The count of requests on a
     * buffer ({@code ArrayVal.inFlight}) is brought down only when the list is pruned, which {@link #checkAccess} does at
     * the first access after the program completed them: a compiled loop asks here instead of leaving that first
     * access, and the statement holding it, to the interpreter ({@code CompiledLoops}).
     */
    boolean noneInFlight(ArrayVal a) {
        for (int i = 0; i < inFlight.size(); i++) {
            InFlight f = inFlight.get(i);
            if (f.buffer() == a && !f.request().completedByProgram && !f.request().freed) return false;
        }
        pruneInFlight();
        return a.inFlight == 0;
    }

    /** Drops the buffers whose requests the program has completed or freed. */
    private void pruneInFlight() {
        if (inFlight.isEmpty()) return;
        inFlight.removeIf(f -> {
            boolean done = f.request().completedByProgram || f.request().freed;
            if (done) f.buffer().inFlight--;
            return done;
        });
    }

    /**
     * MPI's rule for non-blocking calls (local concurrency): until the program completes the request
     * (Wait, a successful Test...) it must not write the buffer of an {@code Isend}, nor read or write
     * the buffer of an {@code Irecv}. Called for each element access the interpreter makes.
     */
    void checkAccess(ArrayVal a, long index, boolean write, org.eclipse.jdt.core.dom.ASTNode access) {
        // called for every element access: completed requests are skipped here; when none of this buffer's is left, the
        // list is pruned, so that the buffer's count is zero again and its next accesses return at once
        if (a.inFlight == 0) return;
        boolean pending = false;
        for (int i = 0; i < inFlight.size(); i++) {
            InFlight f = inFlight.get(i);
            if (f.buffer() != a || f.request().completedByProgram || f.request().freed) continue;
            pending = true;
            if (index < f.from() || index >= f.to() || !write && !f.receive()) continue;
            String message = "Rank " + rank() + (write ? " writes" : " reads") + " element " + index + " of the buffer of the "
                    + f.request().operationName(f.op()) + (f.request().isPersistent() ? " started" : "") + " at line "
                    + f.site().line() + " before that request is completed (Wait/Test): ";
            var fix = Fixes.moveWaitBefore(in.program, f.site(), access);
            if (f.receive()) {
                in.assumptions.defect(FindingKind.BUFFER_RACE, in.userSite(access), message
                        + "the message may arrive before or after this access", rank(), fix);
            } else {
                // MPJ Express packs a send's data when the send starts (checked on the runtime): the message
                // carries the value at that point; MPI leaves it open, so other libraries may send the new one
                in.assumptions.portabilityDefect(FindingKind.BUFFER_RACE, in.userSite(access), message
                        + "MPJ Express copies the data when the send starts, so the message carries the old value, "
                        + "but MPI forbids the write and other libraries may send the new one", rank(), fix);
            }
            return;
        }
        if (!pending) pruneInFlight();
    }

    private static StatusValue status(World.SendOp s, CommValue comm, int index) {
        if (s == null) return new StatusValue(Peer.UNKNOWN, Peer.UNKNOWN, -1, index);
        if (s.src() == Peer.PROC_NULL) return new StatusValue(Peer.PROC_NULL, Peer.ANY, 0, index);
        int count = s.event() == null ? -1 : s.event().count();
        return new StatusValue(comm.local(s.src()), s.tag(), count, index);
    }

    private Object statusOf(RequestValue rv, int index) {
        World.Pending p = rv.current;
        rv.completedByProgram = true;
        if (p instanceof World.RecvOp r) return complete(r, index);
        return new StatusValue(Peer.UNKNOWN, Peer.UNKNOWN, -1, index);
    }

    private Object requestCall(RequestValue rv, String name, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        switch (name) {
            case "Wait" -> {
                if (rv.current == null) return new StatusValue(Peer.PROC_NULL, Peer.ANY, 0, -1);
                world().waitFor(rank(), List.of(rv.current), false, Op.WAIT, rv.id(), site, in.userSite(mi), true);
                return statusOf(rv, -1);
            }
            case "Test" -> {
                world().recordLocal(rank(), Op.TEST, rv.id(), site, in.userSite(mi));
                world().poll(rank(), in.stateKey(mi));
                if (rv.current == null || rv.current.complete()) return rv.current == null ? Null.NULL : statusOf(rv, -1);
                return Null.NULL;
            }
            case "Start" -> {
                start(rv, mi);
                return null;
            }
            case "Free", "Cancel" -> {
                rv.freed = true;
                return null;
            }
            case "Is_null" -> {
                return rv.current == null;
            }
            default -> {
                in.evalArgs(mi.arguments());
                return Unknown.ANY;
            }
        }
    }

    private Object requestStatic(String name, List<Object> args, MethodInvocation mi) {
        SourceRange site = in.program.range(mi);
        List<RequestValue> reqs = new ArrayList<>();
        List<Integer> positions = new ArrayList<>(); // where each request sits in the program's array (nulls skipped)
        boolean unknownArray = false;
        int length = 0; // the length of the program's array: the status array Waitall and Testall return is as long
        boolean blind = false; // an array of unknown length whose requests are known (ArrayVal.requestsAt)
        if (!args.isEmpty() && args.get(0) instanceof ArrayVal a) {
            if (a.elems == null && a.requestsAt != null && (name.equals("Waitall") || name.equals("Testall"))) {
                blind = true;
                for (Object r : a.requestsAt.values()) {
                    if (r instanceof RequestValue rv) {
                        reqs.add(rv);
                        positions.add(-1);
                    }
                }
            } else if (a.elems == null) unknownArray = true;
            else length = a.elems.length;
            if (a.elems != null) for (int i = 0; i < a.elems.length; i++) {
                if (a.elems[i] instanceof RequestValue rv) {
                    reqs.add(rv);
                    positions.add(i);
                }
            }
        } else if (!args.isEmpty() && args.get(0) instanceof ListVal l) {
            length = l.items.size();
            for (int i = 0; i < l.items.size(); i++) {
                if (l.items.get(i) instanceof RequestValue rv) {
                    reqs.add(rv);
                    positions.add(i);
                }
            }
        } else {
            unknownArray = true;
        }
        if (unknownArray) {
            in.assumptions.add(site, "The requests passed to " + name + " could not be determined; the call is skipped");
        }
        if (name.equals("Startall")) {
            for (RequestValue rv : reqs) start(rv, mi);
            return null;
        }
        List<World.Pending> pend = new ArrayList<>(reqs.size());
        List<RequestValue> active = new ArrayList<>(reqs.size());
        for (RequestValue rv : reqs) {
            if (rv.current != null) {
                pend.add(rv.current);
                active.add(rv);
            }
        }
        Op op = switch (name) {
            case "Waitall" -> Op.WAITALL;
            case "Waitany" -> Op.WAITANY;
            case "Waitsome" -> Op.WAITSOME;
            case "Testall" -> Op.TESTALL;
            case "Testany" -> Op.TESTANY;
            case "Testsome" -> Op.TESTSOME;
            default -> null;
        };
        if (op == null) return Unknown.ANY;
        int firstId = active.isEmpty() ? -1 : active.get(0).id();
        if (op.isNonBlocking()) {
            world().recordLocal(rank(), op, firstId, site, in.userSite(mi));
            world().poll(rank(), in.stateKey(mi));
            boolean all = pend.stream().allMatch(World.Pending::complete);
            boolean any = pend.stream().anyMatch(World.Pending::complete);
            if (op == Op.TESTALL) return all ? statusArray(reqs, positions, length) : Null.NULL;
            if (!any) return Null.NULL;
        } else {
            boolean anyMode = op != Op.WAITALL;
            world().waitFor(rank(), pend, anyMode, op, firstId, site, in.userSite(mi), true);
        }
        if (blind) {
            // the statuses come back in an array of the program's unknown length, unknown themselves (each request is
            // completed as a status would complete it: a receive's message taken into its buffer)
            if (op == Op.TESTALL && !pend.stream().allMatch(World.Pending::complete)) return Null.NULL;
            for (RequestValue rv : reqs) if (rv.current != null) statusOf(rv, -1);
            return ArrayVal.unknownLength();
        }
        if (op == Op.WAITALL) return statusArray(reqs, positions, length);
        if (op == Op.WAITANY || op == Op.TESTANY) {
            for (int i = 0; i < reqs.size(); i++) {
                RequestValue rv = reqs.get(i);
                if (rv.current != null && rv.current.complete() && !rv.completedByProgram) return statusOf(rv, positions.get(i));
            }
            for (int i = 0; i < reqs.size(); i++) {
                RequestValue rv = reqs.get(i);
                if (rv.current != null && rv.current.complete()) return statusOf(rv, positions.get(i));
            }
            return Null.NULL;
        }
        List<Object> done = new ArrayList<>();
        for (int i = 0; i < reqs.size(); i++) {
            RequestValue rv = reqs.get(i);
            if (rv.current != null && rv.current.complete() && !rv.completedByProgram) done.add(statusOf(rv, positions.get(i)));
        }
        return new ArrayVal(done.toArray());
    }

    /** One status per element of the program's request array, at the request's own position (null elsewhere). */
    private Object statusArray(List<RequestValue> reqs, List<Integer> positions, int length) {
        Object[] out = new Object[length];
        java.util.Arrays.fill(out, Null.NULL);
        for (int i = 0; i < reqs.size(); i++) {
            int at = positions.get(i);
            out[at] = reqs.get(i).current == null ? Null.NULL : statusOf(reqs.get(i), at);
        }
        return new ArrayVal(out);
    }
}
