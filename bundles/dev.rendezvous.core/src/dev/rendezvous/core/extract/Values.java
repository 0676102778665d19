package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.PrimitiveType;
import org.eclipse.jdt.core.dom.Type;

/**
 * The abstract values of the interpreter. Integers of every width are {@link Long}, floating point
 * is {@link Double}; booleans, strings and the MPJ handles are themselves. What the analysis cannot
 * know is {@link Unknown}: {@code ANY} may differ between ranks, {@code UNIFORM} is the same on
 * every rank (results of collectives and what is computed from them and constants).
 */
final class Values {
    private Values() {}

    enum Unknown { ANY, UNIFORM }

    /** Java's null. */
    enum Null { NULL }

    /** A mutable variable, field or array slot holder. */
    static final class Cell {
        Object value;
        /**
         * For a variable declared {@code int}, {@code short}, {@code byte} or {@code char}: what {@link #set} wraps a
         * number to (numbers are kept as {@code long}, so {@code h = h * 31 + c} would otherwise grow past Java's
         * 32 bits); for one declared {@code double}, {@link Narrow#FLOATING} (an integer stored becomes a double); for a
         * {@code float}, {@link Narrow#FLOAT} (rounded to a float's precision as well); {@link Narrow#NONE} for any other.
         */
        Narrow narrow = Narrow.NONE;

        Cell(Object value) {
            this.value = value;
        }

        /** Stores {@code v} as an assignment to the variable does in Java (wrapped to its declared width). */
        void set(Object v) {
            value = narrow.apply(v);
        }
    }

    /**
     * What an assignment to a variable of a primitive type converts a number to: the integral types narrower than
     * {@code long} wrap, as Java's two's complement does; {@code double} and {@code float} ({@link #FLOATING}) make an
     * integer a floating-point number, as Java's assignment conversion does ({@code x = 7} holds 7.0, so {@code x / 2}
     * is 3.5, not an integer division).
     */
    enum Narrow {
        NONE, INT, SHORT, BYTE, CHAR, FLOATING, FLOAT;

        /**
         * The conversion of {@code type}: a primitive {@code int}, {@code short}, {@code byte}, {@code char},
         * {@code double} or {@code float}, not an array; {@link #NONE} for any other.
         */
        static Narrow of(Type type, int extraDimensions) {
            if (extraDimensions != 0 || !(type instanceof PrimitiveType p)) return NONE;
            PrimitiveType.Code c = p.getPrimitiveTypeCode();
            return c == PrimitiveType.INT ? INT : c == PrimitiveType.SHORT ? SHORT : c == PrimitiveType.BYTE ? BYTE
                    : c == PrimitiveType.CHAR ? CHAR : c == PrimitiveType.DOUBLE ? FLOATING : c == PrimitiveType.FLOAT ? FLOAT : NONE;
        }

        /** Whether a variable of this kind holds an integer of at most 32 bits ({@code int}, {@code short}, {@code byte}, {@code char}). */
        boolean integral() {
            return this != NONE && this != FLOATING && this != FLOAT;
        }

        /** Whether a variable of this kind holds a floating-point number ({@code double} or {@code float}). */
        boolean floating() {
            return this == FLOATING || this == FLOAT;
        }

        /** {@code v} as a {@code float} holds it (numbers are held as doubles): rounded to the float nearest. */
        static Object toFloat(Object v) {
            if (v instanceof Long x) return (double) (float) (long) x;
            if (v instanceof Double d) return (double) (float) (double) d;
            return v;
        }

        /**
         * A known number wrapped (a double, as a compound assignment {@code i += 0.5} leaves it, cut to an int first,
         * as Java narrows it). MPI.UNDEFINED's sentinel ({@link MpjCalls#UNDEFINED}) is no number and passes as it is.
         */
        Object apply(Object v) {
            if (this == NONE) return v;
            if (this == FLOATING) return v instanceof Long x ? (Object) (double) (long) x : v;
            if (this == FLOAT) return toFloat(v);
            long l;
            if (v instanceof Long x) l = x;
            else if (v instanceof Double d) l = (int) (double) d;
            else return v;
            if (l == MpjCalls.UNDEFINED) return v;
            long w = switch (this) {
                case INT -> (int) l;
                case SHORT -> (short) l;
                case BYTE -> (byte) l;
                case CHAR -> (char) l;
                case NONE, FLOATING, FLOAT -> l;
            };
            return w == l && v instanceof Long ? v : (Object) w;
        }
    }

    /** An array; {@code elems == null} when its length is unknown. */
    static class ArrayVal {
        Object[] elems;
        final Object fill;
        /**
         * The Java type of its elements as the program wrote it ({@code "int"}, {@code "double[]"} for the rows of a
         * matrix, {@code "String"}), or null when the analysis did not see it made ({@link MpjCalls}: a buffer whose
         * type its datatype does not name makes MPJ Express throw).
         */
        String component;
        /** How many buffers of non-blocking operations not yet seen completed lie in this array (MpjCalls.checkAccess). */
        int inFlight;
        /**
         * Whether {@link #elems} may also be held elsewhere: a message's payload taken from this array without a copy
         * ({@link #share}), or a payload this array took as its contents ({@link #adopt}). The first write then
         * copies it ({@link #writable}), so a big broadcast costs one copy per array written afterwards, not one per
         * sender and receiver.
         */
        private boolean shared;

        ArrayVal(int n, Object fill) {
            this.elems = new Object[n];
            this.fill = fill;
            Arrays.fill(elems, fill);
        }

        /**
         * A new array of {@code n} elements, all {@code fill}. A long one holds a shared {@linkplain #template
         * template} until its first write copies it ({@link #writable}), as a shared payload does: a matrix the
         * program allocates and then forgets, sends whole or overwrites by a receive costs no pass over its elements.
         */
        static ArrayVal filled(int n, Object fill) {
            Object[] t = template(n, fill);
            if (t == null) return new ArrayVal(n, fill);
            return new ArrayVal(t, fill);
        }

        /** An array holding the shared {@code template} (copied on its first write), of element default {@code fill}. */
        private ArrayVal(Object[] template, Object fill) {
            this.elems = template;
            this.fill = fill;
            this.shared = true;
        }

        ArrayVal(Object[] elems) {
            this.elems = elems;
            this.fill = Unknown.ANY;
        }

        static ArrayVal unknownLength() {
            ArrayVal a = new ArrayVal(0, Unknown.ANY);
            a.elems = null;
            return a;
        }

        /**
         * For an array of unknown length made as {@code new int[n]} with {@code n} a symbol: that symbol, which is
         * what its {@code length} gives (a loop to {@code buf.length} and one to {@code n} test the same value); null
         * otherwise.
         */
        Object lengthValue;

        /**
         * Set by {@link #forget}, cleared by every write ({@link #writable}): a kernel storing through an unknown index
         * on every step ({@code p_y[row[i]] += ...}) then costs one pass, not one per step. For an array with rows it
         * holds only while no row anywhere was written since ({@link #rowsForgottenAt}).
         */
        private boolean forgotten;

        /**
         * For an array with rows, {@link #UNFORGETS} when {@link #forget} last forgot them all; -1 for an array without
         * rows. Its rows are written through their own {@link #writable} (a row may be held by several arrays, or by a
         * variable of its own), so a changed count is the only word that one of them may hold something again. A
         * 1024 x 1024 adjacency matrix filled under a random test ({@code if (rnd.nextDouble() < p) m[i][j] = 1}), forgotten
         * on each of its half a million steps, spent two thirds of a real program's analysis passing over its rows.
         */
        private long rowsForgottenAt = -1;

        /**
         * How many times any array forgotten was written again (its {@link #forgotten} cleared), in every analysis of
         * this JVM: counted only on that change, so a forgotten array written element by element counts once.
         */
        private static final java.util.concurrent.atomic.AtomicLong UNFORGETS = new java.util.concurrent.atomic.AtomicLong();

        /** Clears {@link #forgotten}, counting the change ({@link #UNFORGETS}). */
        private void remembered() {
            if (forgotten) {
                forgotten = false;
                UNFORGETS.incrementAndGet();
            }
        }

        /**
         * For a new array of requests of unknown length ({@code new Request[counts[prev]]}, its length a value the
         * analysis cannot compute): the requests stored in it, in the order stored, by index (the last one at each
         * known index; one stored by an index the analysis cannot compute, such as a loop counter past its widening, is
         * kept apart, as if at an index of its own). A {@code Waitall} on the array waits for these, which is all the
         * array holds besides nulls. Null for any other array.
         */
        java.util.LinkedHashMap<Object, Object> requestsAt;

        /** Records {@code request} stored at {@code index} (a Long, or anything else when unknown) of this unknown-length array. */
        void storeRequest(Object index, Object request) {
            if (requestsAt == null) return;
            requestsAt.put(index instanceof Long ? index : new Object(), request);
        }

        /** Forgets the contents; rows of a multi-dimensional array stay (their contents are forgotten). */
        void forget() {
            if (elems == null || forgotten && (rowsForgottenAt < 0 || rowsForgottenAt == UNFORGETS.get())) return;
            Object[] unknown = hasRows() ? null : template(elems.length, Unknown.ANY);
            if (unknown != null) { // a long array without rows: every element unknown, shared until written
                elems = unknown;
                shared = true;
                forgotten = true;
                rowsForgottenAt = -1;
                return;
            }
            forgotten = false; // forgotten again, not written: no count (a row with rows of its own would otherwise void ours)
            writable();
            // counted before the rows are passed: a row written while they are (another rank's) makes the next pass again;
            // set before the pass, so that a row holding this array again does not come back here
            long at = UNFORGETS.get();
            forgotten = true;
            rowsForgottenAt = at;
            boolean rows = false;
            for (int i = 0; i < elems.length; i++) {
                if (elems[i] instanceof ArrayVal row && row != this) {
                    row.forget();
                    rows = true;
                } else {
                    elems[i] = Unknown.ANY;
                }
            }
            if (!rows) rowsForgottenAt = -1;
        }

        /**
         * Whether an element is another array (a row of this one). Answered without a pass when the elements cannot be
         * arrays: the program made it with a primitive element type, or it still holds a template (whose fill is never an
         * array). A benchmark forgetting a fresh 2-million-element receive buffer after each of its collectives, in each
         * execution explored, spent most of its time in that pass (JGF {@code JGFAlltoallBench}).
         */
        private boolean hasRows() {
            if (component != null && PRIMITIVES.contains(component)) return false;
            if (elems.length >= TEMPLATE_MIN && isTemplate(elems, elems[0])) return false;
            for (Object x : elems) if (x instanceof ArrayVal row && row != this) return true;
            return false;
        }

        private static final java.util.Set<String> PRIMITIVES = java.util.Set.of("int", "long", "short", "byte", "char",
                "float", "double", "boolean");

        /** Arrays at least this long start from (and are forgotten into) a shared template. */
        static final int TEMPLATE_MIN = 64;

        /** The fill values templates are kept for: the defaults of Java's element types, and the unknown. */
        private static final java.util.Set<Object> TEMPLATE_FILLS = java.util.Set.of(0L, 0.0, Boolean.FALSE, Null.NULL,
                Unknown.ANY, Unknown.UNIFORM);

        /**
         * Elements all templates may hold together (all are dropped when one more would pass it): 4 million, 16 MB
         * with compressed references; a program uses a few array lengths.
         */
        private static final long MAX_TEMPLATE_ELEMENTS = 1L << 22;

        private record TemplateKey(int n, Object fill) {}

        private static final Map<TemplateKey, Object[]> TEMPLATES = new java.util.concurrent.ConcurrentHashMap<>();
        private static final java.util.concurrent.atomic.AtomicLong TEMPLATE_ELEMENTS = new java.util.concurrent.atomic.AtomicLong();

        /**
         * Every template made, by its length and fill, as long as something still holds it: also those {@link #TEMPLATES}
         * has dropped. A program whose arrays together pass {@link #MAX_TEMPLATE_ELEMENTS} (a benchmark gathering five
         * million doubles into a buffer of ten million, at each of 25 message sizes) had its templates drop each other
         * in turn: every new array of those lengths, in every execution explored, made and filled a new template, and a
         * collective could no longer tell that its parts held one value, so it copied them element by element. Weak: an
         * analysis that no longer holds a long array does not keep its memory here.
         */
        private static final Map<TemplateKey, java.lang.ref.WeakReference<Object[]>> HELD = new java.util.concurrent.ConcurrentHashMap<>();

        /** The templates of {@link #HELD}, by identity (an array's {@code equals} is its identity). */
        private static final Map<Object[], Boolean> MADE = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

        /** Past this many lengths and fills in {@link #HELD}, those no longer held are dropped from it. */
        private static final int MAX_HELD_KEYS = 1024;

        /** Whether {@code elems} is a template (never written) of {@code fill} (looked up, never made). */
        static boolean isTemplate(Object[] elems, Object fill) {
            if (elems.length < TEMPLATE_MIN) return false;
            if (TEMPLATES.get(new TemplateKey(elems.length, fill)) == elems) return true;
            return java.util.Objects.equals(elems[0], fill) && MADE.containsKey(elems);
        }

        /** Whether {@link #template}{@code (n, fill)} would be found rather than made (a pass over {@code n} elements). */
        static boolean hasTemplate(int n, Object fill) {
            return existing(new TemplateKey(n, fill)) != null;
        }

        /** The template of {@code k} in the bounded map, or dropped from it but still held ({@link #HELD}); else null. */
        private static Object[] existing(TemplateKey k) {
            Object[] t = TEMPLATES.get(k);
            if (t != null) return t;
            java.lang.ref.WeakReference<Object[]> held = HELD.get(k);
            return held == null ? null : held.get();
        }

        /**
         * An array of {@code n} elements all {@code fill}, shared by every array that holds it: never written (every
         * write goes through {@link #writable}, which copies a shared array first). Null when {@code n} is short or
         * {@code fill} is not one of {@link #TEMPLATE_FILLS} (equal values there are interchangeable: the boxed zero
         * is compared by value everywhere).
         */
        static Object[] template(int n, Object fill) {
            if (n < TEMPLATE_MIN || !TEMPLATE_FILLS.contains(fill)) return null;
            TemplateKey k = new TemplateKey(n, fill);
            Object[] t = existing(k);
            if (t != null) return t;
            if (TEMPLATE_ELEMENTS.addAndGet(n) > MAX_TEMPLATE_ELEMENTS) {
                TEMPLATES.clear(); // arrays holding a dropped template keep it (and HELD finds it while they do)
                TEMPLATE_ELEMENTS.set(n);
                if (HELD.size() > MAX_HELD_KEYS) HELD.values().removeIf(r -> r.get() == null);
            }
            t = new Object[n];
            Arrays.fill(t, fill);
            Object[] raced = TEMPLATES.putIfAbsent(k, t);
            if (raced != null) return raced;
            HELD.put(k, new java.lang.ref.WeakReference<>(t));
            MADE.put(t, Boolean.TRUE);
            return t;
        }

        /** To be called before writing into {@link #elems}: makes them this array's own (copied if shared). */
        /**
         * {@code v} as an element of this array: an integer stored into an array made as {@code double[]} or
         * {@code float[]} becomes the floating-point number Java's assignment conversion makes of it ({@code diff[0] = 0}
         * holds 0.0), so that the array's elements are all of one kind; anything else as it is.
         */
        Object asElement(Object v) {
            if (component == null) return v;
            if (component.equals("float")) return Narrow.toFloat(v); // an element of a float[] has a float's precision
            return v instanceof Long l && component.equals("double") ? (Object) (double) (long) l : v;
        }

        ArrayVal writable() {
            remembered();
            if (shared) {
                elems = elems.clone();
                shared = false;
            }
            return this;
        }

        /**
         * A copy of this array (Java's {@code clone()}, {@code Arrays.copyOf(a, a.length)}): both hold the same
         * elements until one of them is written ({@link #writable}), so copying a long array costs nothing until then.
         * Rows are shared, as Java's shallow copy shares them.
         */
        ArrayVal copy() {
            ArrayVal c = new ArrayVal(share(), fill);
            c.component = component;
            return c;
        }

        /**
         * The value every element holds when this array is known to hold one value without looking at each
         * (a shared template: made and never written, or forgotten), else null.
         */
        Object uniformValue() {
            return elems == null ? null : uniformValue(elems);
        }

        /** The one value of {@code elems} when they are a template ({@link #isTemplate}), else null. */
        static Object uniformValue(Object[] elems) {
            if (elems.length < TEMPLATE_MIN) return null;
            Object first = elems[0];
            return isTemplate(elems, first) ? first : null;
        }

        /** The elements, to be held by a message without a copy: this array copies them before its next write. */
        Object[] share() {
            shared = true;
            return elems;
        }

        /** Takes {@code contents} (a message's elements, exactly as many as this array has) without a copy. */
        void adopt(Object[] contents) {
            elems = contents;
            shared = true;
            remembered();
        }
    }

    /**
     * The program's arguments. The analysis takes the program's defaults: the user gave no
     * arguments (as the corpus labels assume), which the analysis says when the program asks. An
     * element read anyway is unknown but the same on every rank (mpjrun starts every process with the
     * same command line): a symbol ({@link Sym}), whose branches all ranks take alike with both
     * outcomes explored.
     *
     * <p>{@code raw} is {@code main}'s own parameter. MPJ Express (0.44, both devices; checked on the
     * multicore runtime) calls {@code main} with three entries before the user's arguments: the
     * rank, the process count (the configuration file on niodev) and the device name
     * ({@code smpdev} on multicore); {@code MPI.Init(args)} returns the user's arguments alone. So
     * {@code main}'s {@code args.length} counts three more, and {@code args[3]} is the user's first
     * argument, the same symbol as element 0 of what {@code MPI.Init} returned. The first three
     * stay rank-uniform symbols all the same: the same source also runs under mpiJava and Open MPI's
     * Java binding, where {@code args[0]} is the user's first argument (real k-means and matrix
     * programs are written that way), and the source cannot tell which runtime it is for. The
     * interpreter says in a note when such an entry steers the program.
     */
    static final class ArgsVal extends ArrayVal {
        /** Entries MPJ Express puts before the user's arguments in {@code main}'s parameter. */
        static final int MPJ_PREFIX = 3;

        final boolean raw;
        /** With raw: what MPJ Express puts first (rank, process count, device), or null to leave them unknown. */
        final String[] runtime;
        /** The user's arguments when the analysis was given them ({@link Budgets#programArgs}), else null: unknown. */
        final String[] given;

        ArgsVal(boolean raw, String[] given) {
            this(raw, null, given);
        }

        ArgsVal(boolean raw, String[] runtime, String[] given) {
            super(0, Null.NULL);
            this.raw = raw;
            this.runtime = runtime;
            this.given = given;
        }

        /**
         * Element {@code i}: the user's argument when given, else unknown, the same on every rank (the runtime's value of
         * the first ones when given). With the user's arguments given, the interpreter throws for an index past them
         * before asking here.
         */
        Object element(long i) {
            if (raw && i >= 0 && i < MPJ_PREFIX && runtime != null) return runtime[(int) i];
            if (raw && i < MPJ_PREFIX) return Sym.of(dev.rendezvous.core.semantics.ChoiceSource.RUNTIME_ARG + i + "]");
            long user = raw ? i - MPJ_PREFIX : i;
            if (given != null && user >= 0 && user < given.length) return given[(int) user];
            return Sym.of("args[" + user + "]");
        }

        /** The array's length: with {@code taken} user arguments when none were given, else with those given. */
        long length(long taken) {
            long user = given != null ? given.length : taken;
            return raw ? MPJ_PREFIX + user : user;
        }
    }

    /** An instance of a class of the analysed file. */
    static final class ObjVal {
        final AbstractTypeDeclaration type;
        final Map<String, Cell> fields = new HashMap<>();
        /** For an object of an inner (non-static member) class, the object of the enclosing class it was made in. */
        ObjVal outer;
        /**
         * For an object of an anonymous class: its body (whose methods are looked up first), and the scopes of the
         * activation it was made in (the locals its methods read). {@link #type} is then the class or interface it
         * extends when the program declares one, else the class it was made in, whose methods it does not have.
         */
        org.eclipse.jdt.core.dom.AnonymousClassDeclaration anon;
        java.util.List<?> captured;
        boolean libraryBase;

        ObjVal(AbstractTypeDeclaration type) {
            this.type = type;
        }
    }

    /** {@code ArrayList}, {@code LinkedList}, {@code ArrayDeque}... as far as requests and ranks go. */
    static final class ListVal {
        final List<Object> items = new ArrayList<>();
        boolean unknownSize;
        /**
         * A {@code java.util.Stack}, whose {@code push}, {@code pop} and {@code peek} work at the end of its elements;
         * a deque's ({@code ArrayDeque}, {@code LinkedList}) work at the front.
         */
        boolean stack;
        /**
         * With {@code unknownSize}: the symbol text for the rest of the list when every rank whose inputs agree
         * filled it alike (RankInterpreter.havocAlike); null when the rest is simply unknown.
         */
        String alike;
        /**
         * With {@code unknownSize}: the symbol standing for its size until it next changes, made at the first
         * {@code size()} (MpjCalls.sizeDatum). Sent in a message, the receiver's tests on it are the sender's: a
         * worker that sends a count and then data only when the count is positive, to a master that receives the
         * data only when the count it got is positive, takes the same branch on both sides.
         */
        Object sizeDatum;
        /**
         * For the copy a map's {@code keySet()}, {@code values()} or {@code entrySet()} gives: the map and which view
         * ("keySet", "values", "entrySet"), so that an iterator's {@code remove()} removes the entry from the map.
         */
        MapVal viewOf;
        String view;
    }

    /**
     * An {@code Iterator} or {@code Enumeration} over a list's elements as they were when it was
     * made (changing a list while iterating throws in Java, so a snapshot is what a correct program sees).
     */
    static final class IterVal {
        private final List<Object> items;
        private final boolean unknownSize;
        private int next;
        /**
         * For a list of unknown size, what its {@code size()} gave when the iterator was made, and how many elements
         * {@code next()} has taken: past the known ones, {@code hasNext()} is the test {@code taken < size}, the test a
         * rank that received the size makes in its own loop over it.
         */
        private final Object size;
        private int taken;

        /** The list (or a map's view) iterated, which {@code remove()} changes; and how many it has removed. */
        private final ListVal source;
        private int removed;

        IterVal(ListVal of, Object size) {
            items = new ArrayList<>(of.items);
            unknownSize = of.unknownSize;
            this.size = size;
            source = of;
        }

        /**
         * {@code remove()}: takes the element the last {@code next()} returned out of the list, or its entry out of the
         * map whose view was iterated. The iterator goes on over the elements after it, as Java's does.
         */
        private Object remove() {
            if (next == 0 || next > items.size()) return Unknown.ANY;
            Object gone = items.get(next - 1);
            if (source.viewOf != null) {
                Map<Object, Object> entries = source.viewOf.entries;
                switch (source.view) {
                    case "keySet" -> entries.remove(gone);
                    case "entrySet" -> {
                        if (gone instanceof Entry e) entries.remove(e.key());
                    }
                    default -> entries.values().remove(gone);
                }
            }
            List<Object> from = source.items;
            int at = next - 1 - removed;
            if (at >= 0 && at < from.size() && from.get(at) == gone) from.remove(at);
            else {
                at = from.indexOf(gone);
                if (at >= 0) from.remove(at);
            }
            removed++;
            return null;
        }

        List<Object> items() {
            return items;
        }

        int position() {
            return next;
        }

        boolean unknownSize() {
            return unknownSize;
        }

        /** The iterator's method {@code name}, or {@code Unknown.ANY} past what is known. */
        Object call(String name) {
            return switch (name) {
                case "hasNext", "hasMoreElements" -> unknownSize && next >= items.size()
                        ? (size == Unknown.ANY ? Unknown.ANY : Operators.binary("<", (long) taken, size)) : (Object) (next < items.size());
                case "next", "nextElement" -> {
                    taken++;
                    yield next < items.size() ? items.get(next++) : Unknown.ANY;
                }
                case "remove" -> remove();
                default -> Unknown.ANY;
            };
        }
    }

    /**
     * {@code HashMap}, {@code TreeMap}...: keys and values as far as they are known. A key the
     * analysis cannot compute makes every later lookup unknown.
     */
    static final class MapVal {
        final Map<Object, Object> entries;
        boolean unknownKeys;
        /**
         * A {@code java.util.HashMap}: its keys, values and entries come in the order of its table's buckets (the
         * key's hash spread, {@code h ^ h >>> 16}, masked by the table's size), keys of one bucket in the order they were
         * put; {@link #capacity} follows the table's size as HashMap grows it. Otherwise the order is insertion's
         * ({@code LinkedHashMap}, and maps whose order is not modelled) or the keys' ({@code TreeMap}).
         */
        private final boolean hashed;
        /** The HashMap's table size (0 before its first entry) and the size its first table gets (0: the default, 16). */
        private int capacity, initialCapacity;

        MapVal(boolean sorted) {
            this(sorted, false, -1);
        }

        /**
         * A map; {@code hashed} for a HashMap made with {@code initialCapacity} (negative: none given) as its
         * constructor's argument.
         */
        MapVal(boolean sorted, boolean hashed, long initialCapacity) {
            this.hashed = hashed && !sorted;
            if (initialCapacity >= 0) this.initialCapacity = tableSizeFor(initialCapacity);
            entries = sorted ? new java.util.TreeMap<>(MapVal::compareKeys) : new java.util.LinkedHashMap<>() {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                    grown(size()); // called after every new key, whichever method put it
                    return false;
                }
            };
        }

        /** HashMap's table size for a requested capacity: the least power of two at least {@code c}, at least 1. */
        private static int tableSizeFor(long c) {
            int n = 1;
            while (n < c && n < 1 << 30) n <<= 1;
            return n;
        }

        /** A copy constructor's table (HashMap.putMapEntries): sized for the {@code n} entries it is given. */
        void sizeFor(int n) {
            if (hashed && capacity == 0 && n > 0) initialCapacity = Math.max(initialCapacity, tableSizeFor((long) (n / 0.75f + 1.0f)));
        }

        /** HashMap.putVal's growth: the first entry makes the table, a size past three quarters of it doubles it. */
        private void grown(int size) {
            if (!hashed) return;
            if (capacity == 0) capacity = initialCapacity > 0 ? initialCapacity : 16;
            while (size > (int) (capacity * 0.75f) && capacity < 1 << 30) capacity <<= 1;
        }

        /** Methods that change a map, besides those {@link #call} models. */
        private static final java.util.Set<String> MUTATORS = java.util.Set.of("replace", "replaceAll", "compute", "computeIfPresent",
                "computeIfAbsent", "merge", "pollFirstEntry", "pollLastEntry");

        /** The keys in the order the map's iteration gives them. */
        List<Object> keys() {
            List<Object> keys = new ArrayList<>(entries.keySet());
            if (!hashed || capacity == 0) return keys;
            int mask = capacity - 1;
            // a stable sort: within a bucket, the order the keys were put (which the table's growth keeps)
            keys.sort(java.util.Comparator.comparingInt(k -> { int h = javaHash(k); return (h ^ h >>> 16) & mask; }));
            return keys;
        }

        /**
         * The {@code hashCode()} Java gives the key. Integers are held as longs whatever their declared type: one in
         * the range of an int is taken as an {@code Integer} (the usual {@code Map<Integer, ...>}).
         */
        private static int javaHash(Object k) {
            if (k instanceof Long l) return l == (int) (long) l ? Integer.hashCode((int) (long) l) : Long.hashCode(l);
            return k.hashCode(); // String, Boolean, Double: the JDK's own
        }

        private static int compareKeys(Object a, Object b) {
            if (a instanceof Long x && b instanceof Long y) return Long.compare(x, y);
            if (a instanceof String x && b instanceof String y) return x.compareTo(y);
            return String.valueOf(a).compareTo(String.valueOf(b));
        }

        private static boolean knownKey(Object k) {
            return k instanceof Long || k instanceof String || k instanceof Boolean || k instanceof Double;
        }

        Object call(String name, List<Object> args) {
            Object k = args.isEmpty() ? null : args.get(0);
            switch (name) {
                case "put", "putIfAbsent" -> {
                    if (args.size() != 2 || !knownKey(k)) {
                        unknownKeys = true;
                        return Unknown.ANY;
                    }
                    Object old = name.equals("put") ? entries.put(k, args.get(1)) : entries.putIfAbsent(k, args.get(1));
                    return old == null ? Null.NULL : old;
                }
                case "get", "getOrDefault" -> {
                    if (!knownKey(k) || unknownKeys) return Unknown.ANY;
                    Object v = entries.get(k);
                    if (v != null) return v;
                    return name.equals("get") ? Null.NULL : args.get(1);
                }
                case "containsKey" -> {
                    if (!knownKey(k) || unknownKeys) return Unknown.ANY;
                    return entries.containsKey(k);
                }
                case "remove" -> {
                    if (!knownKey(k) || args.size() == 2 && isUnknown(args.get(1))) {
                        unknownKeys = true;
                        return Unknown.ANY;
                    }
                    if (args.size() == 2) { // remove(key, value): only while the key holds that value
                        boolean holds = entries.containsKey(k) && java.util.Objects.equals(entries.get(k), args.get(1));
                        if (holds) entries.remove(k);
                        return unknownKeys && !holds ? Unknown.ANY : (Object) holds;
                    }
                    Object v = entries.remove(k);
                    return v == null ? Null.NULL : v;
                }
                case "size" -> {
                    return unknownKeys ? Unknown.ANY : (Object) (long) entries.size();
                }
                case "isEmpty" -> {
                    return unknownKeys ? Unknown.ANY : (Object) entries.isEmpty();
                }
                case "clear" -> {
                    entries.clear();
                    unknownKeys = false;
                    return null;
                }
                case "putAll" -> { // the other map's entries, in its order of iteration
                    if (args.size() == 1 && args.get(0) instanceof MapVal src && !src.unknownKeys) {
                        for (Object key : src.keys()) entries.put(key, src.entries.get(key));
                    } else {
                        unknownKeys = true;
                    }
                    return null;
                }
                case "keySet", "values", "entrySet" -> {
                    ListVal l = new ListVal();
                    for (Object key : keys()) l.items.add(name.equals("entrySet") ? new Entry(key, this) : name.equals("keySet") ? key : entries.get(key));
                    l.unknownSize = unknownKeys;
                    l.viewOf = this;
                    l.view = name;
                    return l;
                }
                case "containsValue" -> {
                    if (unknownKeys || args.size() != 1 || isUnknown(args.get(0)) || entries.values().stream().anyMatch(Values::isUnknown)) {
                        return Unknown.ANY;
                    }
                    return entries.containsValue(args.get(0));
                }
                default -> {
                    // a change this model does not make (replace, compute, pollFirstEntry...): what the map holds is unknown
                    if (MUTATORS.contains(name)) unknownKeys = true;
                    return Unknown.ANY;
                }
            }
        }
    }

    /**
     * One entry of a map the analysis holds, as {@code map.entrySet()} gives it: its value is the map's at the time it is
     * read, and {@code setValue} writes the map, as Java's entries of a HashMap or TreeMap do.
     */
    record Entry(Object key, MapVal map) {
        Object call(String name, List<Object> args) {
            return switch (name) {
                case "getKey" -> key;
                case "getValue" -> map.entries.getOrDefault(key, Null.NULL);
                case "setValue" -> {
                    Object old = args.size() == 1 ? map.entries.put(key, args.get(0)) : null;
                    yield old == null ? Null.NULL : old;
                }
                default -> Unknown.ANY;
            };
        }
    }

    /**
     * An {@code Optional} (or {@code OptionalInt}...) a stream of known elements gave ({@code findFirst()},
     * {@code max(Integer::compare)}): its value, or null when empty.
     */
    record Opt(Object value) {
        Object call(String name, List<Object> args) {
            return switch (name) {
                case "get", "getAsInt", "getAsLong", "getAsDouble", "orElseThrow" -> value != null ? value : Unknown.ANY;
                case "orElse" -> value != null ? value : args.size() == 1 ? args.get(0) : Unknown.ANY;
                case "isPresent" -> value != null;
                case "isEmpty" -> value == null;
                default -> Unknown.ANY;
            };
        }
    }

    /** A class name used as a receiver ({@code MPI}, {@code Request}, {@code Math}, a class of the file). */
    record ClassRef(String name) {}

    /** An MPJ datatype and its element size in bytes. */
    record Datatype(String name, int size) {}

    /** An MPJ reduction operator (only its identity matters). */
    record ReduceOp(String name) {}

    /** {@code ByteBuffer.allocate(n)}; n &lt; 0 when unknown. */
    record Buffer(long size) {}

    /**
     * A comparator the JDK makes ({@code Comparator.reverseOrder()}, {@code Comparator.comparingInt(w -> w.load)}): the
     * natural order of {@code key}'s results (of the elements themselves when null), reversed or not.
     */
    record Cmp(Fn key, boolean reversed) {}

    /**
     * A lambda or a method reference as a value ({@code IntConsumer sendTo = d -> comm.Send(..., d, ...)},
     * {@code me::pong}): its code, the scopes of the activation it was made in (the locals it captures, effectively
     * final as Java requires), the object and type of that activation, and for {@code expr::name} the object
     * {@code expr} evaluated to when the reference was made, as Java evaluates it then. A call of its functional
     * method runs the code (RankInterpreter.applyFn); a lambda used to be an unknown value and its sends were
     * never made.
     */
    record Fn(org.eclipse.jdt.core.dom.ASTNode code, java.util.List<?> captured, ObjVal self,
            org.eclipse.jdt.core.dom.AbstractTypeDeclaration type, Object target) {}


    /**
     * A reader of a file every rank names alike (a literal name, {@code args[0]}): every rank that opens it reads the
     * same items in the same order, so the k-th item read is one symbol for all ranks ({@code Read#1["graph.txt".readLine]}),
     * and a loop bounded by a count read from it runs as often on every rank. Each {@code new} starts at the file's
     * beginning; a reader wrapping another ({@code new BufferedReader(new FileReader(f))}) goes on from where it is.
     */
    static final class Input {
        /** Calls that take the next item of the input. */
        private static final java.util.Set<String> READS = java.util.Set.of("readLine", "read", "next", "nextLine", "nextInt",
                "nextDouble", "nextLong", "nextFloat", "nextShort", "nextByte", "nextBoolean", "nextBigInteger",
                "nextBigDecimal", "readInt", "readDouble", "readLong", "readFloat", "readShort", "readByte", "readChar",
                "readBoolean", "readUTF", "readObject");
        /** Calls that look at the next item without taking it. */
        private static final java.util.Set<String> PEEKS = java.util.Set.of("hasNext", "hasNextLine", "hasNextInt",
                "hasNextDouble", "hasNextLong", "hasNextFloat", "hasNextBoolean", "ready", "available");

        /** What the symbols of its items start with (renamed when code that may read from it is skipped). */
        String name;
        /** How many items this reader has taken. */
        int reads;

        Input(String name, int reads) {
            this.name = name;
            this.reads = reads;
        }

        /** What {@code method(args)} gives on this reader; null when it is none of the reads, looks or closes modelled. */
        Object call(String method, List<Object> args) {
            // named as a collective instance's element (Sym.ofInstance): a loop reading a new item at every
            // iteration tests a new value each time, as one that broadcasts a new value does
            if (READS.contains(method) && args.isEmpty()) return Sym.ofInstance("Read", "#" + ++reads, name + "." + method);
            if (PEEKS.contains(method) && args.isEmpty()) return Sym.ofInstance("Peek", "#" + (reads + 1), name + "." + method);
            if (method.equals("close")) return Null.NULL;
            if (method.equals("useDelimiter")) return this;
            return null;
        }

        @Override
        public String toString() {
            return "reader of " + name;
        }
    }

    /**
     * A {@code java.util.stream} pipeline whose length is known: what {@code toArray()} makes of it is an array of that
     * length, the elements unknown unless the source named them ({@code IntStream.range(0, n)}, {@code Arrays.stream(a)})
     * and no step changed them. {@code length} is -1 once a step may drop elements ({@code filter}); {@code elems} is
     * null when they are not known. Made for {@code random.ints(n, lo, hi).toArray()}, a common way of filling the
     * array a program then scatters or sorts in parts: its length decides counts, offsets and tags.
     */
    record StreamVal(long length, Object[] elems) {}

    /**
     * A {@code java.util.Random} made with a seed the analysis knows ({@code new Random(42)}, {@code new Random(7 * rank)}).
     * Java specifies its algorithm, so a generator made with that seed gives the same numbers on every rank and in every
     * run, and the analysis draws them too: a matrix or a task count drawn from a shared seed is then the same on every
     * rank, as it is when the program runs. Only the draws whose algorithm {@code Random}'s documentation fixes are
     * taken; a call it does not model, a bound it cannot compute, or code the interpreter skips (which may draw) leaves
     * the generator at a position the analysis does not know, and what it gives afterwards is unknown ({@link #lost}).
     * So does drawing more than {@link #MAX_DRAWS} numbers: a generator that fills arrays gives data, and data known
     * number by number is computed through every kernel that reads it (a sparse matrix product whose row indices were
     * drawn took twice as long with them known), where the counts and sizes that steer a program are drawn first.
     * <p>
     * A seed the analysis cannot compute but that has a name ({@link Sym}: a clock the root read and broadcast) gives
     * numbers it cannot compute either, but each has a name too: the seed's, the draw's position and the call
     * ({@code rnd(Bcast#1[0])#1.nextInt(3)}). Ranks that seed with the same value then draw the same named numbers and
     * decide their tests alike; seeded with their own values ({@code seed + rank}), their numbers are other names.
     */
    static final class Seeded {
        static final int MAX_DRAWS = 64;
        private final java.util.Random random;
        /** The name of the seed where it is not known (then {@link #random} is null). */
        private String seedText;
        private int draws;
        /** The seed and a digest of the calls made since: the generator's position, for the state cache. */
        long position;
        boolean lost;

        Seeded(long seed) {
            random = new java.util.Random(seed);
            position = seed;
        }

        /** A generator seeded with the value {@code seed} names ({@link Sym#text}). */
        Seeded(String seed) {
            random = null;
            seedText = seed;
            position = seed.hashCode();
        }

        /** What {@code method(args)} gives; null when the method is not one of the draws (the position is then lost). */
        Object call(String method, List<Object> args) {
            if (method.equals("setSeed") && args.size() == 1) {
                if (args.get(0) instanceof Long seed && random != null) {
                    random.setSeed(seed);
                    position = seed;
                    draws = 0;
                    lost = false;
                } else if (args.get(0) instanceof Sym seed && random == null) {
                    seedText = seed.expr();
                    position = seedText.hashCode();
                    draws = 0;
                    lost = false;
                } else {
                    lost = true;
                }
                return Null.NULL;
            }
            Object v = lost || ++draws > MAX_DRAWS ? null : draw(method, args);
            if (v == null) {
                lost = true;
                return null;
            }
            position = position * 0x100000001B3L + method.hashCode() * 31L + args.hashCode();
            return v;
        }

        private Object draw(String method, List<Object> args) {
            if (random == null) return named(method, args);
            if (args.isEmpty()) {
                return switch (method) {
                    case "nextInt" -> (long) random.nextInt();
                    case "nextLong" -> random.nextLong();
                    case "nextDouble" -> random.nextDouble();
                    case "nextFloat" -> (double) random.nextFloat();
                    case "nextBoolean" -> random.nextBoolean();
                    case "nextGaussian" -> random.nextGaussian();
                    default -> null;
                };
            }
            if (method.equals("nextInt") && args.size() == 1 && args.get(0) instanceof Long bound && bound > 0 && bound <= Integer.MAX_VALUE) {
                return (long) random.nextInt((int) (long) bound);
            }
            return null;
        }

        /** The name of this draw from a generator with a named seed; null for a call that is not a draw. */
        private Object named(String method, List<Object> args) {
            boolean known = switch (method) {
                case "nextLong", "nextDouble", "nextFloat", "nextBoolean", "nextGaussian" -> args.isEmpty();
                case "nextInt" -> args.size() <= 1;
                default -> false;
            };
            String bound = args.isEmpty() ? "" : Sym.text(args.get(0));
            if (!known || bound == null) return null;
            return Sym.of("rnd(" + seedText + ")#" + draws + "." + method + "(" + bound + ")");
        }

        @Override
        public String toString() {
            return "seeded generator";
        }
    }

    /**
     * A rank-uniform unknown with an identity: an input ({@code System.getProperty("N")},
     * {@code args[0]}) or an expression over inputs and constants ({@code (prop:N < 3)}). Every rank
     * holds the same value, and the same expression is the same value wherever it is computed, so a
     * branch on it is decided once per expression for all ranks: rank 0's {@code for (i = 0; i < n; i++)}
     * and rank 1's loop at another line over the same {@code n} run the same number of times.
     */
    record Sym(String expr) {
        private static final int MAX_TEXT = 160;

        /**
         * The symbol for {@code text}. When the text grows too long, a value computed from data the analysis skipped
         * keeps its identity as a digest of the whole text (see {@link #digested}); any other becomes the anonymous
         * uniform unknown.
         */
        static Object of(String text) {
            if (text.length() <= MAX_TEXT) return new Sym(text);
            return localText(text) ? digested(text) : Unknown.UNIFORM;
        }

        /**
         * A symbol standing for the too long {@code text} of a value computed from skipped data: that text's first data
         * marker (one of a rank's own data if it holds any, so that {@link #ownData(Sym)} and {@link #dataLine} read
         * the same), then {@code h} and a 64-bit digest of the whole text. A loop counter started at such a value
         * ({@code for (j = start(i); j < start(i + 1); j++)}) grows its text at every turn; the ranks that hold the
         * same start (the root that computed it from a file and the ranks it broadcast it to) must still decide its
         * tests together, where an anonymous unknown would let each rank leave the loop at another turn. A text
         * without a complete marker stays the anonymous unknown that may differ between ranks.
         */
        private static Object digested(String text) {
            String marker = null; // the first complete marker, or the first of a rank's own data
            for (int i = text.indexOf(DATA); i >= 0; i = text.indexOf(DATA, i + 1)) {
                int end = text.indexOf('.', i);
                if (end < 0) continue;
                String m = text.substring(i, end + 1);
                boolean own = ownData(new Sym(m));
                if (marker == null || own) marker = m;
                if (own) break;
            }
            if (marker == null) return Unknown.ANY;
            long h = 0xcbf29ce484222325L;
            for (int i = 0; i < text.length(); i++) {
                h = (h ^ text.charAt(i)) * 0x100000001b3L;
            }
            h ^= h >>> 31;
            return new Sym(marker + "h" + Long.toHexString(h));
        }

        /*
         * Symbols for values computed from data the interpreter skipped start with DATA, the line of the code that
         * computed them and ':'. A rank's own data (RankInterpreter.havocAlike when inputs may differ, MpjCalls
         * sizeDatum) goes on with 'd', the rank and the visit; what ranks computed alike, with the inputs' digest.
         */
        private static final char DATA = '~';

        /** The symbol for {@code what} computed at {@code line} from data only rank {@code rank} has, at its {@code visit}-th pass. */
        static Object ownData(int line, int rank, int visit, String what) {
            return of(DATA + Integer.toString(line) + ":d" + rank + "#" + visit + "." + what);
        }

        /**
         * The symbol {@link RankInterpreter} gives an unknown value of rank {@code rank} when it is copied ({@code what}:
         * the place copied from) at {@code line}, on its {@code visit}-th pass: a value of the rank's own data.
         */
        static Object copied(int line, int rank, int visit, String what) {
            return ownData(line, rank, visit, COPIED + what);
        }

        /** What the element of a {@link #copied} symbol starts with. */
        private static final char COPIED = '=';

        /** Whether {@code v} is a symbol {@link #copied} made (itself, not an expression over one). */
        static boolean copied(Object v) {
            if (!(v instanceof Sym s) || s.expr.isEmpty() || s.expr.charAt(0) != DATA) return false;
            int dot = s.expr.indexOf('.');
            return dot > 0 && dot + 1 < s.expr.length() && s.expr.charAt(dot + 1) == COPIED && s.expr.indexOf(' ') < 0;
        }

        /** The prefix of the symbols for what ranks whose inputs have digest {@code digest} computed alike at {@code line}. */
        static String alikePrefix(int line, long digest) {
            return DATA + Integer.toString(line) + ":" + Long.toHexString(digest) + ".";
        }

        /** A collective instance's element: the call or operator, {@code #}, the instance's number, and the element. */
        private static final java.util.regex.Pattern INSTANCE = java.util.regex.Pattern.compile("\\b[A-Z][A-Za-z_]*#\\d+(@c\\d+)?\\[");

        /**
         * The symbol for element {@code index} of what collective instance {@code instance} ({@link
         * dev.rendezvous.core.semantics.World.CollResult#instance}) gave every member alike, where the analysis cannot
         * compute it: a broadcast value, a part of an Allgather, a reduction ({@code what} is Bcast, Allgather or the
         * reduction's operator). The text is what a user reads in a decision's description: {@code Bcast#3[0]} is
         * element 0 of what the third collective call on the communicator broadcast.
         */
        static Object ofInstance(String what, String instance, int index) {
            return ofInstance(what, instance, Integer.toString(index));
        }

        /** As above, with any text for the element ({@link Input}'s items: the reader and the call). */
        static Object ofInstance(String what, String instance, String element) {
            return of(what + instance + "[" + element + "]");
        }

        /**
         * A test of {@code s} (computed from collective instances or reads, {@link #fromInstance}) as the turn of a
         * place: the place is its text with each instance's number written relative to the highest one, the turn that
         * highest number. Every rank testing the same value gets the same place and turn, and the k-th broadcast flag
         * of a loop is the same place at turn k whichever loop of whichever rank tests it.
         */
        static Object[] instancePlace(Sym s) {
            java.util.regex.Matcher m = INSTANCE_NUMBER.matcher(s.expr);
            long max = -1;
            while (m.find()) max = Math.max(max, Long.parseLong(m.group(1)));
            if (max < 0 || max > Integer.MAX_VALUE) return null;
            StringBuilder place = new StringBuilder();
            m.reset();
            int last = 0;
            while (m.find()) {
                place.append(s.expr, last, m.start(1)).append('-').append(max - Long.parseLong(m.group(1)));
                last = m.end(1);
            }
            place.append(s.expr, last, s.expr.length());
            return new Object[] {place.toString(), (int) max};
        }

        /**
         * The test {@code expr} written with {@code <}, {@code <=} or {@code ==} at its top and no leading {@code !},
         * and whether that is its negation ({@code !(a == b)}, {@code (a > b)} is the negation of {@code (a <= b)}),
         * or null when {@code expr} is already so written or is no comparison.
         */
        static Object[] canonicalTest(String expr) {
            boolean negated = false;
            String e = expr;
            while (e.startsWith("!")) {
                negated = !negated;
                e = e.substring(1);
            }
            int[] top = topOperator(e);
            if (top != null) {
                String flipped = switch (e.substring(top[0], top[1])) {
                    case ">" -> "<=";
                    case ">=" -> "<";
                    case "!=" -> "==";
                    default -> null;
                };
                if (flipped != null) {
                    e = e.substring(0, top[0]) + flipped + e.substring(top[1]);
                    negated = !negated;
                }
            }
            return e.equals(expr) ? null : new Object[] {e, negated};
        }

        /**
         * Where the operator of the parenthesized binary expression {@code e} ({@code (a op b)}, as {@link #combine}
         * writes it) starts and ends in its text, or null when {@code e} is not one. The operator is the first token
         * between spaces at the top level: a string's text and bracketed parts are skipped.
         */
        private static int[] topOperator(String e) {
            if (e.length() <= 2 || e.charAt(0) != '(' || e.charAt(e.length() - 1) != ')') return null;
            int depth = 0;
            for (int i = 1; i < e.length() - 1; i++) {
                char c = e.charAt(i);
                if (c == '(' || c == '[') depth++;
                else if (c == ')' || c == ']') depth--;
                else if (c == '"') i = Math.max(i, e.indexOf('"', i + 1)); // a string's text, not operators
                else if (depth == 0 && c == ' ') {
                    int end = e.indexOf(' ', i + 1);
                    return end < 0 ? null : new int[] {i + 1, end};
                }
            }
            return null;
        }

        /**
         * The test {@code expr}, written as {@link #canonicalTest} writes it, when it compares one value with an integer
         * constant for equality ({@code (Bcast#1[0] == 2)}, {@code (0 == best)}): that value's text and the constant;
         * else null. Every such test of one value is about the same number (World.uniformEqualityChoice): rank 0's
         * {@code rank == leader} and rank 1's cannot both hold.
         */
        static Object[] equalityTest(String expr) {
            int[] top = topOperator(expr);
            if (top == null || !expr.startsWith("==", top[0]) || top[1] - top[0] != 2) return null;
            String left = expr.substring(1, top[0] - 1), right = expr.substring(top[1] + 1, expr.length() - 1);
            Long l = integer(left), r = integer(right);
            if ((l == null) == (r == null)) return null; // two unknowns, or two constants
            return l != null ? new Object[] {right, l} : new Object[] {left, r};
        }

        /**
         * The value of the symbol text {@code expr} ({@link #combine}'s {@code (a op b)}, a leading {@code -} or {@code !}),
         * its values written by {@code known} (an integer, or null for one not known); null when some value it needs is
         * not known, or the result is no integer or boolean. A peer {@code (leader + 1) % size} after a test found the
         * broadcast leader equal to 0 is 1.
         */
        static Object evaluate(String expr, java.util.function.Function<String, Long> known) {
            Long n = integer(expr);
            if (n != null) return n;
            if (expr.length() > 1 && (expr.charAt(0) == '-' || expr.charAt(0) == '!') && expr.charAt(1) == '(') {
                Object v = evaluate(expr.substring(1), known);
                if (expr.charAt(0) == '-') return v instanceof Long l ? (Object) (-l) : null;
                return v instanceof Boolean b ? (Object) !b : null;
            }
            int[] top = topOperator(expr);
            if (top == null) return known.apply(expr);
            Object l = evaluate(expr.substring(1, top[0] - 1), known);
            String op = expr.substring(top[0], top[1]);
            if (l instanceof Boolean b && (op.equals("&&") && !b || op.equals("||") && b)) return b;
            Object r = evaluate(expr.substring(top[1] + 1, expr.length() - 1), known); // asked even when l is not known
            if (l == null || r == null) return null;
            Object v = op.equals("&&") || op.equals("||") ? Operators.logic(op.equals("&&"), l, r) : Operators.binary(op, l, r);
            return v instanceof Long || v instanceof Boolean ? v : null;
        }

        /** Each value the symbol text {@code expr} is computed from ({@link #evaluate}'s unknowns), once per place. */
        static void values(String expr, java.util.function.Consumer<String> out) {
            evaluate(expr, a -> {
                out.accept(a);
                return null;
            });
        }

        /** The integer {@code text} writes ({@link #text} of a Long), or null. */
        private static Long integer(String text) {
            int i = text.startsWith("-") ? 1 : 0;
            if (i == text.length() || text.length() - i > 18) return null;
            for (int k = i; k < text.length(); k++) if (!Character.isDigit(text.charAt(k))) return null;
            return Long.parseLong(text);
        }

        /** An instance's number in a symbol's text (group 1), where {@link #INSTANCE} finds one. */
        private static final java.util.regex.Pattern INSTANCE_NUMBER = java.util.regex.Pattern.compile("\\b[A-Z][A-Za-z_]*#(\\d{1,9})(?=(@c\\d+)?\\[)");


        /**
         * Whether {@code v} is, or is computed from, a value a collective instance gave ({@link #ofInstance}): a new
         * one at each instance, so in a loop each iteration's is another (see RankInterpreter.decide).
         */
        static boolean fromInstance(Object v) {
            return v instanceof Sym s && s.expr.indexOf('#') >= 0 && INSTANCE.matcher(s.expr).find();
        }

        /** The line that computed the data {@code s} stems from (the first, when it combines several), or -1. */
        static int dataLine(Sym s) {
            String e = s.expr;
            for (int i = e.indexOf(DATA); i >= 0; i = e.indexOf(DATA, i + 1)) {
                int end = digitsEnd(e, i + 1);
                if (end > i + 1 && end < e.length() && e.charAt(end) == ':') return Integer.parseInt(e, i + 1, end, 10);
            }
            return -1;
        }

        /** The index after the run of decimal digits starting at {@code from}. */
        private static int digitsEnd(String e, int from) {
            int j = from;
            while (j < e.length() && j - from < 9 && Character.isDigit(e.charAt(j)) && e.charAt(j) < 128) j++;
            return j;
        }

        /** Whether {@code s} stems from data only one rank has (not only from data ranks computed alike). */
        static boolean ownData(Sym s) {
            String e = s.expr;
            for (int i = e.indexOf(DATA); i >= 0; i = e.indexOf(DATA, i + 1)) {
                int end = digitsEnd(e, i + 1);
                if (end == i + 1 || end + 1 >= e.length() || e.charAt(end) != ':' || e.charAt(end + 1) != 'd') continue;
                int rankEnd = digitsEnd(e, end + 2);
                // a digest is hexadecimal and never has '#'
                if (rankEnd > end + 2 && rankEnd < e.length() && e.charAt(rankEnd) == '#') return true;
            }
            return false;
        }

        private static boolean localText(String text) {
            return text.indexOf(DATA) >= 0;
        }

        /** A concrete value as text inside a symbol, or null when it has no stable text. */
        static String text(Object v) {
            if (v instanceof Sym s) return s.expr;
            if (v instanceof Long l) return Long.toString(l);
            if (v instanceof Double d) return d + "d";
            if (v instanceof Boolean b) return b.toString();
            if (v instanceof String str) return '"' + str + '"';
            if (v == Null.NULL) return "null";
            return null;
        }

        /**
         * {@code callee(args)} over inputs: a symbol when every argument has a text ({@code parseInt(args[0])},
         * {@code getProperty(N)}), else the anonymous uniform unknown.
         */
        static Object call(String callee, List<Object> args) {
            List<String> texts = new ArrayList<>();
            for (Object a : args) {
                String t = text(a);
                if (t == null) return localText(callee) || args.stream().anyMatch(Sym::local) ? Unknown.ANY : Unknown.UNIFORM;
                texts.add(t);
            }
            return of(callee + "(" + String.join(", ", texts) + ")");
        }

        /** {@code a op b} when one side is a symbol; ANY or UNIFORM when the other side has no text. */
        static Object combine(String op, Object a, Object b) {
            if (a == Unknown.ANY || b == Unknown.ANY) return Unknown.ANY;
            String x = text(a), y = text(b);
            if (x == null || y == null) return local(a) || local(b) ? Unknown.ANY : Unknown.UNIFORM;
            return of("(" + x + " " + op + " " + y + ")");
        }

        /**
         * Whether {@code v} is a symbol for a value that need not be the same on every rank: one computed from data a
         * rank skipped (RankInterpreter.havocAlike and MpjCalls.sizeDatum). It names one value wherever it goes (a
         * message carries it), but an anonymous unknown made from it is not rank-uniform.
         */
        static boolean local(Object v) {
            return v instanceof Sym s && localText(s.expr);
        }

        @Override
        public String toString() {
            return expr;
        }
    }

    static boolean isUnknown(Object v) {
        return v instanceof Unknown || v instanceof Sym;
    }

    /** Joins unknowns: ANY wins over UNIFORM; a symbol joined with anything loses its identity. */
    static Unknown join(Object a, Object b) {
        if (Sym.local(a) || Sym.local(b)) return Unknown.ANY;
        boolean ua = a instanceof Unknown || a instanceof Sym, ub = b instanceof Unknown || b instanceof Sym;
        return a == Unknown.ANY || b == Unknown.ANY || !(ua || ub) ? Unknown.ANY : Unknown.UNIFORM;
    }

    static int typeSize(String name) {
        return switch (name) {
            case "BYTE", "BOOLEAN", "PACKED" -> 1;
            case "CHAR", "SHORT" -> 2;
            case "INT", "FLOAT" -> 4;
            case "LONG", "DOUBLE" -> 8;
            default -> 8;
        };
    }

    static String describe(Object v) {
        if (v instanceof Unknown) return "unknown";
        if (v instanceof Sym sym) return "unknown input " + sym.expr();
        if (v == Null.NULL) return "null";
        return String.valueOf(v);
    }
}
