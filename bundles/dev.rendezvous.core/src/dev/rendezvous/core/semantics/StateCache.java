package dev.rendezvous.core.semantics;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The global states one exploration has already branched from, for state caching in the stateless
 * search of {@link Explorer}: a run that reaches, past the prefix it replays, a state some earlier
 * run has already decided from is cut there, because everything that can happen from that state was
 * or will be explored from its first visit (depth-first order, and the state includes all that
 * steers what follows). This is what lets a master/worker farm, whose wildcard matchings are many
 * but whose states after each matching are few, finish its exploration.
 *
 * <p>A state is hashed to 128 bits ({@link Hasher}); what goes into it is each rank's interpreter
 * state at the point where it waits (its call stack positions and the variables that can steer
 * control or communication) and the runtime's pending messages, receives, requests and collectives.
 * A part the hasher cannot encode canonically makes the state {@linkplain Hasher#opaque() opaque}:
 * it then never equals another, which only costs pruning, never a missed execution.
 */
public final class StateCache {
    private record Key(long a, long b) {}

    private final Set<Key> seen = new HashSet<>();
    private boolean pruned;
    private int revisits, states;

    private int activeRuns;
    private final boolean cutting;
    private final Set<Integer> lateReceivers = new HashSet<>();

    /** A cache that records and cuts states. */
    public StateCache() {
        this(true);
    }

    /**
     * With {@code cutting} false, only what the exploration learns across runs is kept (which ranks get
     * late senders, see {@link #defersAt}): the exhaustive search the tests compare with.
     */
    public StateCache(boolean cutting) {
        this.cutting = cutting;
    }

    /** Hashing starts with the second run: an exploration of one run (most programs) pays nothing. */
    boolean active() {
        return cutting && activeRuns > 0;
    }

    /**
     * Whether a wildcard receive or probe of {@code rank} may wait for another wildcard's match at a
     * fence: only once some run has seen a send reach the rank, after one of its wildcards was matched,
     * from a source that had no candidate for it then. A rank whose messages always come from sources
     * that were already candidates (a ring, a master's workers) gains nothing from waiting, since a
     * source's later messages cannot overtake its earlier one; offering the wait there multiplied runs.
     */
    boolean defersAt(int rank) {
        return lateReceivers.contains(rank);
    }

    /**
     * A run saw a send reach {@code rank} from a source that had no candidate at one of its wildcard matches;
     * {@code missed}: the run matched one of the rank's wildcards at once where it could have waited, so the
     * run's decisions lack that option and the explorer runs the same prefix again to learn them.
     */
    void lateSenderTo(int rank, boolean missed) {
        if (lateReceivers.add(rank) && missed) rerun = true;
    }

    private boolean rerun;

    /** Whether the last run learned a late sender its own decisions did not allow for; resets the flag. */
    boolean takeRerun() {
        boolean r = rerun;
        rerun = false;
        return r;
    }

    private boolean uniformDecisions;

    /** A run of this exploration met a rank-uniform decision (a branch every rank takes alike). */
    void uniformDecisionMet() {
        uniformDecisions = true;
    }

    /** Whether some run met a rank-uniform decision: runs may then differ without a fence to meet again at. */
    boolean uniformDecisions() {
        return uniformDecisions;
    }

    /** Called before each run after the first. */
    void activate() {
        activeRuns++;
    }

    /**
     * Whether the states a run replays still need recording: only in the first recorded run (it
     * replays the unrecorded first run's path); every later run replays a path the run before it recorded.
     */
    boolean recordsReplays() {
        return activeRuns == 1;
    }

    /** Records a state the run replays (it was on the previous run's path); never cuts. */
    boolean record(Hasher h) {
        if (!h.opaque && seen.add(new Key(h.a, h.b))) states++;
        return false;
    }

    /** Records the state; true when an earlier run had already reached it (this run is then cut). */
    boolean visit(Hasher h) {
        if (h.opaque) return false;
        if (!seen.add(new Key(h.a, h.b))) {
            revisits++;
            pruned = true;
            return true;
        }
        states++;
        return false;
    }

    /**
     * Marks the run as one no execution takes: a rank left a loop against a test some rank had found true
     * ({@link World#infeasibleRun}). The exploration keeps it only if it has no other run.
     */
    void infeasible() {
        infeasible = true;
    }

    private boolean infeasible;

    /** Whether the last run was marked {@link #infeasible}; resets the flag. */
    boolean takeInfeasible() {
        boolean i = infeasible;
        infeasible = false;
        return i;
    }

    /** Whether the last run was cut at a known state; resets the flag. */
    boolean takePruned() {
        boolean p = pruned;
        pruned = false;
        return p;
    }

    /** Distinct states recorded. */
    public int states() {
        return states;
    }

    /** Runs cut at a state already explored. */
    public int revisits() {
        return revisits;
    }

    /**
     * A running 128-bit hash of a global state, with canonical numbering of the objects it meets
     * (the same sharing of arrays and objects gives the same numbers in every run, while identity
     * hash codes do not).
     */
    public static final class Hasher {
        private static final AtomicLong UNIQUE = new AtomicLong();
        private long a = 0x9E3779B97F4A7C15L, b = 0xC2B2AE3D27D4EB4FL;
        private boolean opaque;
        // made at the first object met: most hashes (a message of numbers, a rank's scalars) never need them
        private Meetings numbered, shapes;

        public Hasher add(long x) {
            a = mix(a ^ x) * 0x100000001B3L;
            b = Long.rotateLeft(b, 23) * 0xFF51AFD7ED558CCDL + x * 0x9E3779B97F4A7C15L + 1;
            return this;
        }

        /** The first half of the 128-bit hash. */
        public long first() {
            return a;
        }

        /** The second half of the 128-bit hash. */
        public long second() {
            return b;
        }

        /** Adds a string: its length, then its characters four to a word (a word per character cost four times as much). */
        public Hasher add(String s) {
            if (s == null) return add(-7);
            int n = s.length();
            add(n);
            int i = 0;
            for (; i + 4 <= n; i += 4) {
                add((long) s.charAt(i) | (long) s.charAt(i + 1) << 16 | (long) s.charAt(i + 2) << 32 | (long) s.charAt(i + 3) << 48);
            }
            if (i < n) {
                long w = 0;
                for (int k = 0; i < n; i++, k += 16) w |= (long) s.charAt(i) << k;
                add(w);
            }
            return this;
        }

        /**
         * The canonical number of an object met before, or -1 the first time (the caller then adds its
         * contents); the number is its rank in the order of first meeting.
         */
        public int seen(Object o) {
            return seen(o, true);
        }

        /**
         * As {@link #seen(Object)}, counting meetings for the shape only ({@code contents == false})
         * apart: an array met first through a variable whose contents do not matter and then through
         * one whose contents do still has its contents hashed.
         */
        public int seen(Object o, boolean contents) {
            Meetings m;
            if (contents) {
                if (numbered == null) numbered = new Meetings();
                m = numbered;
            } else {
                if (shapes == null) shapes = new Meetings();
                m = shapes;
            }
            return m.meet(o);
        }

        /**
         * Objects in the order of first meeting. A rank's state holds a few arrays and objects: they are compared by
         * identity one after the other (no identity hash is computed, which the first time writes it into the object's
         * header); past {@link #SCANNED} an identity map takes over.
         */
        private static final class Meetings {
            private static final int SCANNED = 16;
            private Object[] met = new Object[4];
            private int count;
            private IdentityHashMap<Object, Integer> index;

            /** The number of {@code o}'s first meeting, or -1 (and {@code o} numbered next) when it is the first. */
            int meet(Object o) {
                if (index == null) {
                    for (int i = 0; i < count; i++) if (met[i] == o) return i;
                    if (count < SCANNED) {
                        if (count == met.length) met = java.util.Arrays.copyOf(met, 2 * count);
                        met[count++] = o;
                        return -1;
                    }
                    index = new IdentityHashMap<>();
                    for (int i = 0; i < count; i++) index.put(met[i], i);
                    met = null;
                }
                Integer n = index.get(o);
                if (n != null) return n;
                index.put(o, count++);
                return -1;
            }
        }

        /** This state cannot be compared with others: it never matches, and is not recorded. */
        public void opaque() {
            opaque = true;
            add(UNIQUE.incrementAndGet());
        }

        public boolean isOpaque() {
            return opaque;
        }

        /**
         * Elements of arrays and messages one state may hash before it is given up as opaque: a program that
         * holds three 3000 x 3000 matrices per rank would otherwise spend seconds on every state it hashes
         * (and hashing does not look at the clock), for states that hardly ever recur anyway.
         */
        public static final long MAX_ELEMENTS = 1 << 18;
        private long elements;

        /** Counts {@code n} more elements about to be hashed; false (and the state opaque) past {@link #MAX_ELEMENTS}. */
        public boolean afford(long n) {
            elements += n;
            if (elements <= MAX_ELEMENTS) return true;
            if (!opaque) opaque();
            return false;
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
            z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
            return z ^ (z >>> 33);
        }

        /** A commutative combination of element hashes, for sets whose iteration order varies. */
        public static long unordered(Iterable<Long> parts) {
            long s = 0;
            for (long p : parts) s += mix(p);
            return s;
        }
    }
}
