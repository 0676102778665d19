package dev.rendezvous.core.semantics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Semaphore;
import java.util.function.IntConsumer;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.SourceRange;

/**
 * The executable semantics of MPJ communication: all ranks of one execution, the messages in
 * flight, posted receives, requests and collective instances, under one {@link BufferPolicy}.
 *
 * <p>This is the colouring game of the buffer-allocation paper (§3.2, rules 1–6) run forward on
 * the program instead of on a finished graph: a send vertex turns yellow when the rank posts it,
 * a receive turns yellow when it is posted or a buffer is taken for its message (rule 2b), and an
 * operation turns green when its completion rule holds. Generalised to non-blocking calls (a
 * request completes when its operation would turn green; {@code Wait} blocks on that), send modes
 * (Ssend never buffered, Bsend always), {@code Probe} (blocks until a matching message exists,
 * consumes nothing) and collectives (synchronising under {@link BufferPolicy#ZERO}; root-to-all
 * and all-to-root collectives complete early on the side that only gives under eager policies).
 *
 * <p>Each rank is interpreted on its own virtual thread, but only one runs at a time: a rank runs
 * until it blocks, then the scheduler picks the next runnable rank, so a run is deterministic
 * given the {@link ChoiceSource}. Wildcard receives and probes are matched only at a fence (no
 * rank can move), which is when the set of candidate sends is complete, as in POE
 * ({@code slack-elasticity-poe-mse.md} §3); each candidate is one option of the explorer.
 */
public final class World {

    /** Where a rank stands. */
    public enum RankStatus { NEW, RUNNABLE, RUNNING, BLOCKED, YIELDED, DONE, ABORTED }

    /** Thrown inside rank threads when the run is over; unwinds the interpreter. */
    public static final class Killed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Killed() {
            super(null, null, false, false);
        }
    }

    /** A posted point-to-point operation. */
    public abstract static sealed class Pending permits SendOp, RecvOp {
        Event ev;

        public Event event() {
            return ev;
        }

        public abstract boolean complete();
    }

    /** A message: posted by its sender, possibly buffered, matched at most once. */
    public static final class SendOp extends Pending {
        int src, dst, comm, tag, bytes;
        /** Its place among the sends queued in channels, counted from 1 as they are queued ({@link World#firstAcceptedIn}). */
        long seq;
        Op mode;
        boolean buffered;
        /**
         * Per-send buffering has not yet decided whether this standard send is buffered: it is taken at the first
         * fence the send is still unmatched at, or when its completion is asked first ({@link World#decideHeldSends}).
         */
        boolean undecided;
        RecvOp match;
        /** The message contents as the interpreter saw them at the send (for data flow), or null. */
        public Object payload;
        /**
         * The message's id in the learned automata ({@link LocalModels#payloadId}) when a run records them and the send
         * is a plain one, else -1: a learning run tells a message it has not seen a receiver get from one it has.
         */
        public int modelPayload = -1;

        public int src() {
            return src;
        }

        public int dst() {
            return dst;
        }

        public int tag() {
            return tag;
        }

        public Op mode() {
            return mode;
        }

        public int bytes() {
            return bytes;
        }

        @Override
        public boolean complete() {
            return match != null || buffered;
        }

        public boolean buffered() {
            return buffered;
        }

        public RecvOp match() {
            return match;
        }
    }

    /** A posted receive (or a probe, which is never entered in the posted list). */
    public static final class RecvOp extends Pending {
        int rank, src, comm, tag;
        /**
         * Per source rank, the {@link SendOp#seq} up to which no send queued from it is one this receive accepts
         * (null until a scan passed {@link World#SCAN_MEMO_FROM} sends): what it accepts never changes, and a channel
         * only loses sends or gains later ones, so a scan of that channel again starts past there
         * ({@link World#firstAcceptedIn}).
         */
        long[] noneUpTo;
        CommValue commValue;
        boolean probe;
        SendOp match;
        /** Where the interpreter wants the message delivered (array, offset), and whether it was. */
        public Object target;
        public int targetOffset;
        public boolean delivered;

        public CommValue commValue() {
            return commValue;
        }

        @Override
        public boolean complete() {
            return match != null;
        }

        boolean accepts(SendOp s) {
            return s.comm == comm && (src == Peer.ANY || src == s.src)
                    && (tag == Peer.ANY || tag == s.tag || tag == Peer.UNKNOWN || s.tag == Peer.UNKNOWN);
        }

        public SendOp match() {
            return match;
        }
    }

    /** What a persistent request posts each time it is started. */
    public record Template(Op op, CommValue comm, int peer, int tag, int count, String type, int bytes) {}

    /** One collective call instance: the k-th collective of every member of a communicator. */
    static final class CollInstance {
        final CommValue comm;
        final int seq;
        final Op[] ops;
        final int[] roots;
        final Event[] events;
        final long[] colors, keys;
        final Object[] payloads;
        final Map<String, Object> combined = new HashMap<>(2);
        int arrived;
        /** Members that have read their results ({@link World#collectiveRead}). */
        int read;
        Op firstOp;
        int firstRoot;
        boolean complete, mismatch;
        CommValue[] results;

        CollInstance(CommValue comm, int seq) {
            this.comm = comm;
            this.seq = seq;
            int n = comm.size();
            ops = new Op[n];
            roots = new int[n];
            events = new Event[n];
            colors = new long[n];
            keys = new long[n];
            payloads = new Object[n];
        }

        boolean rootArrived(int root) {
            return root >= 0 && root < ops.length && ops[root] != null;
        }
    }

    /** Why a rank is blocked; {@link #satisfied()} says when it may run again. */
    abstract sealed static class Blocker permits WaitBlocker, CollBlocker, ProbeBlocker {
        Event ev;

        abstract boolean satisfied();
    }

    static final class WaitBlocker extends Blocker {
        final List<Pending> ops;
        final boolean any;
        /** {@code Buffer_detach}: the sends must be received, not just buffered. */
        boolean untilReceived;

        WaitBlocker(List<Pending> ops, boolean any) {
            this.ops = ops;
            this.any = any;
        }

        boolean done(Pending p) {
            return untilReceived ? ((SendOp) p).match != null : p.complete();
        }

        @Override
        boolean satisfied() {
            if (ops.isEmpty()) return true;
            for (Pending p : ops) {
                if (done(p) == any) return any;
            }
            return !any;
        }
    }

    static final class CollBlocker extends Blocker {
        final CollInstance inst;
        final int local;
        final boolean eager;

        CollBlocker(CollInstance inst, int local, boolean eager) {
            this.inst = inst;
            this.local = local;
            this.eager = eager;
        }

        @Override
        boolean satisfied() {
            if (inst.complete) return true;
            if (inst.mismatch || !eager) return false;
            Op op = inst.ops[local];
            int root = inst.roots[local];
            if (op.isRootToAll()) return local == root || inst.rootArrived(root);
            if (op.isAllToRoot()) return local != root;
            return false;
        }
    }

    static final class ProbeBlocker extends Blocker {
        final RecvOp probe;
        SendOp found;

        ProbeBlocker(RecvOp probe) {
            this.probe = probe;
        }

        @Override
        boolean satisfied() {
            return found != null;
        }
    }

    /** Per-rank bookkeeping. */
    static final class RankState {
        final int rank;
        final Semaphore go = new Semaphore(0);
        Thread thread;
        RankStatus status = RankStatus.NEW;
        Blocker blocker;
        final ArrayList<Event> trace = new ArrayList<>();
        final Map<Integer, Integer> collSeq = new HashMap<>(4);
        /** The collective instance this rank joined last (whose payloads it reads when it returns). */
        CollInstance lastCollective;
        final List<RequestValue> requests = new ArrayList<>();
        long attachedBytes = -1, usedBytes;
        String abortReason;
        int spinsWithoutProgress;
        /** Finished or aborted: it asks for nothing and waits for nothing any more. */
        boolean ended() {
            return status == RankStatus.DONE || status == RankStatus.ABORTED;
        }

        /** Polling while no other rank can move: Test answers at once, and a repeated state is a livelock. */
        boolean stalled, livelocked;
        /**
         * The Iprobe this rank asked last, while it has not blocked or polled a request since: a rank that spins on
         * {@code Iprobe} waits for the ranks that could send what it probes for, as one in a blocking Probe does.
         */
        RecvOp probing;
        final java.util.Set<Object> stallStates = new java.util.HashSet<>();

        RankState(int rank) {
            this.rank = rank;
        }
    }

    // ---- configuration
    final int np;
    final BufferPolicy policy;
    final ChoiceSource choices;
    private final long deadlineNanos;

    // ---- state
    private final RankState[] ranks;
    private final Semaphore sched = new Semaphore(0);
    private final ArrayDeque<RankState> runnable = new ArrayDeque<>();
    private final ArrayDeque<RankState> yielded = new ArrayDeque<>();
    private final ChannelTable channels = new ChannelTable();
    private final ArrayList<RecvOp>[] posted;
    private final LinkedHashSet<Integer> wildcardRanks = new LinkedHashSet<>();
    /** Standard-mode sends each rank has posted (a scripted run's buffering choices are by this number). */
    private final int[] standardSends;
    /** Per rank, the sources that had a candidate at every wildcard match of the rank in this run (null: none yet). */
    private final java.util.BitSet[] matchedSources;
    /** Ranks one of whose wildcards was matched at once at a fence where it could have waited for another's match. */
    private final java.util.BitSet missedWait = new java.util.BitSet();
    private final List<ProbeBlocker> wildcardProbes = new ArrayList<>();
    private final HashMap<Long, CollInstance> collectives = new HashMap<>();
    private final List<SendOp> allSends = new ArrayList<>();
    /** Per rank, its sends in {@link #allSends} not matched yet (what {@link #outstanding} counts). */
    private int[] unmatchedSends;
    private final List<CollInstance> allCollectives = new ArrayList<>();
    private final BitSet toCheck = new BitSet();
    private final Map<Object, Integer> uniformDecisions = new HashMap<>();
    /**
     * What the equality tests among {@link #uniformDecisions} found ({@link #uniformEqualityChoice}): the number a
     * value (by its text) was found equal to, and the numbers it was found unequal to.
     */
    private final Map<String, Long> equalTo = new HashMap<>();
    private final Map<String, java.util.Set<Long>> notEqualTo = new HashMap<>();
    private final List<String> wildcardDecisions = new ArrayList<>();
    private int nextRequestId, nextCommId = 2;
    private long progress;
    private volatile boolean over;
    private boolean timedOut;
    /** Set when a rank ends the whole job ({@code Abort}): the other ranks stop wherever they are. */
    private volatile String jobEnd;

    /** Free receive-buffer tokens per rank under {@link BufferPolicy#TOKENS}. */
    private int[] tokens;

    /** Sets the token pools for {@link BufferPolicy#TOKENS} (before {@link #run}). */
    public void setTokens(int[] perRank) {
        this.tokens = perRank.clone();
    }

    @SuppressWarnings("unchecked")
    public World(int np, BufferPolicy policy, ChoiceSource choices, long wallMillis) {
        this.np = np;
        this.policy = policy;
        this.choices = choices;
        this.deadlineNanos = System.nanoTime() + wallMillis * 1_000_000L;
        ranks = new RankState[np];
        standardSends = new int[np];
        matchedSources = new java.util.BitSet[np];
        posted = new ArrayList[np];
        for (int i = 0; i < np; i++) {
            ranks[i] = new RankState(i);
            posted[i] = new ArrayList<>(2);
        }
    }

    public int np() {
        return np;
    }

    public CommValue world(int rank) {
        int[] members = worldMembers;
        return new CommValue(0, members, rank);
    }

    private int[] worldMembers;

    // ===================================================================== state caching

    private StateCache cache;
    private RankView[] views;

    /** How a rank's interpreter shows its state to the state cache. */
    public interface RankView {
        /** Whether the rank's state cannot be hashed as it stands (then no global state is hashed, which saves the work). */
        boolean opaque();

        /** Adds the rank's state where it waits (without its {@link Turn} counts). */
        void hashState(StateCache.Hasher h);

        /**
         * Adds a message's contents as this rank sees them: those of a point-to-point message ({@code op} null) or of
         * a contribution to collective {@code op}.
         */
        void hashPayload(StateCache.Hasher h, Object payload, Op op);

        /** Tells each place of {@link Turn} decisions with the number of turns the rank has taken there. */
        void turns(java.util.function.ObjIntConsumer<Object> out);
    }

    /**
     * The key of a rank-uniform decision that every rank asks in turn at one place: the {@code turn}-th
     * time a rank comes to it (the k-th test of a communicating loop, the k-th time a loop reaches its
     * iteration budget). The first rank to ask decides, the others follow. Only the ranks' turns relative
     * to each other matter for what happens next, so the state cache hashes them relative to the fewest
     * turns a running rank has taken there, and leaves out decisions every running rank has passed: runs
     * that left a loop after different numbers of iterations meet again in one state.
     */
    public interface Turn {
        Object place();

        int turn();
    }

    /** Cuts this run at any fence whose state {@code cache} already holds from an earlier run (before {@link #run}). */
    public void useStateCache(StateCache cache) {
        this.cache = cache;
    }

    /** Registers how rank {@code rank}'s interpreter shows its state (called by the interpreter before it runs). */
    public synchronized void describeRank(int rank, RankView view) {
        if (views == null) views = new RankView[np];
        views[rank] = view;
    }

    /**
     * At a fence: records the global state in the cache, and when the run is past the decisions it
     * replays and an earlier run has already been in this state, ends the run (the cache marks it
     * pruned). Replayed fences are only recorded: they are the same nodes as in the run before.
     */
    private boolean revisited() {
        if (!hashing()) return false;
        boolean live = false;
        for (RankState rs : ranks) live |= !rs.ended();
        if (!live) return false; // the run's end: nothing left to cut
        StateCache.Hasher h = new StateCache.Hasher();
        hashState(h);
        return seenBefore(h);
    }

    /**
     * Whether this run hashes its states now: the cache records (from the second run on), the ranks describe
     * their states, and the run is past the prefix it replays or is the first to record (it replays the
     * unrecorded first run's path).
     */
    private boolean hashing() {
        return cache != null && cache.active() && views != null && (!choices.replaying() || cache.recordsReplays());
    }

    /** Records the state {@code h}; past the replayed prefix, whether an earlier run was already there. */
    private boolean seenBefore(StateCache.Hasher h) {
        return choices.replaying() ? cache.record(h) : cache.visit(h);
    }

    /** Ends the run from inside the running rank, at a state an earlier run was already in. */
    private void cutHere() {
        cutShort = true;
        over = true; // anything the rank still does on its way out (a finally block) stops at its next wait
        throw new Killed();
    }

    /**
     * Before a buffering decision for {@code s}, taken inside rank {@code rank}'s send: as
     * {@link #revisited()}, for the state with this rank in its send and {@code s} not yet posted.
     * A run cut here ends at once (the rank stops with {@link Killed}, the scheduler returns).
     */
    private void cutIfRevisited(int rank, SendOp s) {
        if (!hashing()) return;
        StateCache.Hasher h = new StateCache.Hasher();
        h.add(-100).add(rank).add(s.dst).add(s.comm).add(s.tag).add(s.bytes).add(s.mode.ordinal());
        hashState(h);
        if (seenBefore(h)) cutHere();
    }

    /**
     * When the last member arrives at a collective: as {@link #revisited()}, for the state with every member
     * in the call and the instance complete (its payloads are what the members read next). Programs whose
     * runs differ only in rank-uniform decisions (a timing loop's trip count) have no fence to meet at;
     * their collectives are where they meet again. Only in explorations that have met such a decision: elsewhere
     * the fences suffice, and hashing at every collective would only cost. A run cut here ends at once, as in
     * {@link #cutIfRevisited(int, SendOp)}.
     */
    private void cutIfRevisited(CollInstance inst, SourceRange site) {
        if (!hashing() || !cache.uniformDecisions()) return;
        // once per call site between two decisions: a loop of collectives between them goes through states that
        // differ in its counter, and each run meets the same sites in the same order after a decision, so the
        // first visit of a site is where two runs can meet (hashing large arrays at every iteration cost most of a run)
        Integer at = collectiveCheckpoints.put(site, choices.taken().size());
        if (at != null && at == choices.taken().size()) return;
        StateCache.Hasher h = new StateCache.Hasher();
        h.add(-200);
        Map<Integer, Integer> seqBase = hashState(h);
        if (h.isOpaque()) return;
        hashInstance(h, inst, seqBase);
        if (seenBefore(h)) cutHere();
    }

    /** Per collective call site, the number of decisions taken when the run last hashed its state there. */
    private final Map<SourceRange, Integer> collectiveCheckpoints = new HashMap<>();

    private LocalModels models;

    /** Records each rank's calls into {@code models} (for the Promela export; before {@link #run}). */
    public void useModels(LocalModels models) {
        this.models = models;
        if (models != null) models.beginRun();
    }

    /** The automata this run records into, or null. */
    public LocalModels models() {
        return models;
    }

    /** Set when a run is cut inside a rank ({@link #cutIfRevisited}). */
    private volatile boolean cutShort;

    /**
     * Per communicator, the fewest collectives any rank has called on it: collective instances are
     * hashed by their number past it, so runs that called a different number of collectives before
     * (a timing loop left after more rounds) can meet in one state.
     */
    private Map<Integer, Integer> seqBases() {
        Map<Integer, Integer> base = new HashMap<>();
        for (RankState rs : ranks) for (Integer c : rs.collSeq.keySet()) base.put(c, Integer.MAX_VALUE);
        for (Map.Entry<Integer, Integer> b : base.entrySet()) {
            for (RankState rs : ranks) b.setValue(Math.min(b.getValue(), rs.collSeq.getOrDefault(b.getKey(), 0)));
        }
        return base;
    }

    /**
     * Requests, posted receives and queued messages past which a state is not hashed but taken as {@linkplain
     * StateCache.Hasher#opaque opaque} (never cut, as a state too large to hash): such a state hardly ever recurs, and
     * a worker that keeps posting requests to a master which polls for another tag had each fence hash every one of
     * them again (three quarters of a real program's run: MLauper's {@code PancakeFlipper}, np=2).
     */
    static final int MAX_PENDING_HASHED = 4096;

    /** Hashes the global state into {@code h}; returns the collective numbers it counted from ({@link #seqBases}), null if opaque. */
    private Map<Integer, Integer> hashState(StateCache.Hasher h) {
        long pending = 0;
        for (RankState rs : ranks) {
            // before any hashing: a state that cannot be compared is not worth hashing (large arrays cost)
            if (!rs.stallStates.isEmpty() // poll fingerprints are identity-based
                    || !rs.ended() && (views[rs.rank] == null || views[rs.rank].opaque())) {
                h.opaque();
                return null;
            }
            pending += rs.requests.size() + posted[rs.rank].size();
        }
        for (ArrayDeque<SendOp> ch : channels.slots()) if (ch != null) pending += ch.size();
        if (pending > MAX_PENDING_HASHED) {
            h.opaque();
            return null;
        }
        h.add(np);
        Map<Integer, Integer> seqBase = seqBases();
        for (RankState rs : ranks) {
            h.add(rs.status.ordinal()).add(rs.abortReason == null ? 0 : 1).add(rs.spinsWithoutProgress)
                    .add(rs.stalled ? 1 : 0).add(rs.livelocked ? 1 : 0).add(rs.attachedBytes).add(rs.usedBytes);
            hashBlocker(h, rs.blocker, seqBase);
            for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(rs.collSeq).entrySet()) {
                h.add(e.getKey()).add(e.getValue() - seqBase.get(e.getKey()));
            }
            h.add(rs.requests.size());
            for (RequestValue r : rs.requests) hashRequest(h, r);
            if (!rs.ended()) views[rs.rank].hashState(h);
            if (h.isOpaque()) return null;
        }
        for (long key : channels.sortedKeys()) {
            ArrayDeque<SendOp> ch = channels.get(key);
            if (ch.isEmpty()) continue;
            h.add(key).add(ch.size());
            for (SendOp s : ch) hashPending(h, s);
        }
        for (int r = 0; r < np; r++) {
            h.add(posted[r].size());
            for (RecvOp op : posted[r]) hashPending(h, op);
        }
        for (Integer r : wildcardRanks) h.add(r);
        h.add(wildcardProbes.size());
        for (ProbeBlocker pb : wildcardProbes) hashPending(h, pb.probe);
        for (Map.Entry<Long, CollInstance> c : new java.util.TreeMap<>(collectives).entrySet()) {
            if (!c.getValue().complete) hashInstance(h, c.getValue(), seqBase);
        }
        if (tokens != null) for (int t : tokens) h.add(t);
        for (RankState r : runnable) h.add(r.rank);
        h.add(toCheck.hashCode());
        hashUniformDecisions(h);
        for (RankState y : yielded) h.add(y.rank);
        return seqBase;
    }

    /** A collective instance: its communicator, number (relative to {@code seqBase}), arrivals and the members' arguments. */
    private void hashInstance(StateCache.Hasher h, CollInstance inst, Map<Integer, Integer> seqBase) {
        h.add(inst.comm.id()).add(inst.seq - seqBase.getOrDefault(inst.comm.id(), 0)).add(inst.arrived)
                .add(inst.mismatch ? 1 : 0).add(inst.combined.size());
        for (int i = 0; i < inst.ops.length; i++) {
            h.add(inst.ops[i] == null ? -1 : inst.ops[i].ordinal()).add(inst.roots[i]).add(inst.colors[i]).add(inst.keys[i]);
            if (inst.ops[i] != null) views[inst.comm.members()[i]].hashPayload(h, inst.payloads[i], inst.ops[i]);
        }
    }

    /**
     * The rank-uniform decisions taken so far that a running rank may still ask for. {@link Turn} decisions
     * go in relative to the fewest turns a running rank has taken at their place (those at or below it
     * every running rank has passed and are left out), together with each running rank's turns there
     * relative to the same base; other decisions go in as they are.
     */
    private void hashUniformDecisions(StateCache.Hasher h) {
        Map<Object, int[]> turns = new HashMap<>(); // place -> turns of each rank (0: never came there, or ended)
        for (RankState rs : ranks) {
            int r = rs.rank;
            if (!rs.ended()) views[r].turns((place, n) -> turns.computeIfAbsent(place, x -> new int[np])[r] = n);
        }
        Map<Object, Integer> base = new HashMap<>();
        List<Long> parts = new ArrayList<>(uniformDecisions.size() + turns.size());
        for (Map.Entry<Object, int[]> t : turns.entrySet()) {
            int min = Integer.MAX_VALUE;
            for (RankState rs : ranks) if (!rs.ended()) min = Math.min(min, t.getValue()[rs.rank]);
            base.put(t.getKey(), min);
            long p = t.getKey().hashCode() * 0x9E3779B97F4A7C15L;
            for (RankState rs : ranks) if (!rs.ended()) parts.add(p + rs.rank * 1_000_003L + t.getValue()[rs.rank] - min);
        }
        for (Map.Entry<Object, Integer> e : uniformDecisions.entrySet()) {
            if (e.getKey() instanceof Turn turn) {
                int b = base.getOrDefault(turn.place(), 0);
                if (turn.turn() <= b) continue; // every running rank has passed it
                parts.add(((turn.place().hashCode() * 31L + turn.turn() - b) * 31 + e.getValue() + 0x5bd1e995L) * 31
                        + turn.getClass().hashCode());
            } else {
                parts.add(e.getKey().hashCode() * 31L + e.getValue());
            }
        }
        h.add(StateCache.Hasher.unordered(parts));
    }

    private void hashBlocker(StateCache.Hasher h, Blocker b, Map<Integer, Integer> seqBase) {
        switch (b) {
            case null -> h.add(0);
            case WaitBlocker w -> {
                h.add(1).add(w.any ? 1 : 0).add(w.untilReceived ? 1 : 0).add(w.ops.size());
                for (Pending p : w.ops) hashPending(h, p);
            }
            case CollBlocker c -> h.add(2).add(c.inst.comm.id()).add(c.inst.seq - seqBase.getOrDefault(c.inst.comm.id(), 0))
                    .add(c.local).add(c.eager ? 1 : 0);
            case ProbeBlocker p -> {
                h.add(3);
                hashPending(h, p.probe);
                if (p.found != null) hashPending(h, p.found);
            }
        }
    }

    private void hashPending(StateCache.Hasher h, Pending p) {
        int n = h.seen(p);
        if (n >= 0) {
            h.add(-2).add(n);
            return;
        }
        if (p instanceof SendOp s) {
            h.add(-3).add(s.src).add(s.dst).add(s.comm).add(s.tag).add(s.bytes).add(s.mode == null ? -1 : s.mode.ordinal())
                    .add(s.buffered ? 1 : 0).add(s.match != null ? 1 : 0).add(s.undecided ? 1 : 0);
            if (s.src >= 0 && s.src < np && s.match == null) views[s.src].hashPayload(h, s.payload, null);
        } else if (p instanceof RecvOp r) {
            h.add(-4).add(r.rank).add(r.src).add(r.comm).add(r.tag).add(r.probe ? 1 : 0).add(r.match != null ? 1 : 0)
                    .add(r.delivered ? 1 : 0).add(r.targetOffset);
            if (r.rank >= 0 && r.rank < np) views[r.rank].hashPayload(h, r.target, null);
            if (r.match != null && !r.delivered) {
                h.add(r.match.src);
                if (r.match.src >= 0 && r.match.src < np) views[r.match.src].hashPayload(h, r.match.payload, null);
            }
        }
    }

    /** A request's state for state caching: its owner, template, flags and the operation it stands for now. */
    public void hashRequest(StateCache.Hasher h, RequestValue r) {
        int n = h.seen(r);
        if (n >= 0) {
            h.add(-5).add(n);
            return;
        }
        h.add(-6).add(r.owner).add(r.completedByProgram ? 1 : 0).add(r.freed ? 1 : 0);
        if (r.template != null) {
            Template t = r.template;
            h.add(t.op().ordinal()).add(t.comm().id()).add(t.peer()).add(t.tag()).add(t.count()).add(t.type()).add(t.bytes());
        }
        if (r.current == null) h.add(-7);
        else hashPending(h, r.current);
    }

    // ===================================================================== scheduling

    /**
     * Runs the program: {@code body} is called once per rank, on that rank's thread, with the rank.
     * Returns when every rank is done, or no rank can move (deadlock), or the wall budget is spent.
     */
    public void run(IntConsumer body) {
        worldMembers = new int[np];
        for (int i = 0; i < np; i++) worldMembers[i] = i;
        RankCarrier carrier = RankCarrier.open();
        Thread.Builder builder = carrier.builder().name("rendezvous-rank-", 0);
        for (RankState rs : ranks) {
            rs.thread = builder.start(() -> rankMain(rs, body));
            rs.status = RankStatus.RUNNABLE;
            runnable.add(rs);
        }
        Thread scheduler = null;
        try {
            // the scheduler is itself a virtual thread (on one carrier, RankCarrier): it wakes the first rank and waits
            // until the run is over; the ranks hand the processor to each other meanwhile (handOff)
            Throwable[] failure = {null};
            scheduler = carrier.builder().name("rendezvous-scheduler").start(() -> {
                try {
                    RankState first = nextToRun();
                    if (first != null) {
                        first.go.release();
                        sched.acquireUninterruptibly();
                    }
                    if (schedulingFailure != null) failure[0] = schedulingFailure;
                } catch (RuntimeException | Error e) {
                    failure[0] = e;
                }
            });
            scheduler.join();
            if (failure[0] instanceof RuntimeException re) throw re;
            if (failure[0] instanceof Error er) throw er;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            over = true;
            for (RankState rs : ranks) {
                if (rs.thread.isAlive()) {
                    rs.go.release();
                }
            }
            for (RankState rs : ranks) {
                try {
                    rs.thread.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            boolean allEnded = true;
            for (RankState rs : ranks) allEnded &= !rs.thread.isAlive();
            carrier.close(allEnded && (scheduler == null || !scheduler.isAlive()));
        }
    }

    private void rankMain(RankState rs, IntConsumer body) {
        rs.go.acquireUninterruptibly();
        if (over) return;
        try {
            body.accept(rs.rank);
            rs.status = RankStatus.DONE;
            if (models != null) models.end(rs.rank);
        } catch (Killed k) {
            if (cutShort) sched.release(); // this rank cut the run: hand back to the scheduler, which ends it
            return;
        } catch (StackOverflowError e) {
            rs.status = RankStatus.ABORTED;
            rs.abortReason = "the interpreter ran out of stack (very deep recursion)";
        } catch (RuntimeException | Error e) {
            rs.status = RankStatus.ABORTED;
            rs.abortReason = e.getMessage() == null ? e.toString() : e.getMessage();
        }
        wake(afterTurn(rs));
    }

    /**
     * The scheduler's turn after rank {@code me} stopped running (it blocked, polled, ended or aborted): the rank to run
     * next, or null when the run is over. It runs on the thread of the rank that stopped, which wakes the next rank
     * itself ({@link #handOff}): one switch between virtual threads per blocking call instead of two (to a scheduler
     * thread and from it). Only one thread of the run runs at a time, so the order of turns is what a scheduler thread
     * would take. A failure of the scheduling itself ends the run and is rethrown by {@link #run}.
     */
    private RankState afterTurn(RankState me) {
        try {
            if (jobEnd != null || cutShort) return null;
            if (me.status == RankStatus.BLOCKED && me.blocker.satisfied()) {
                me.status = RankStatus.RUNNABLE;
                runnable.addFirst(me);
            }
            wakeChecked();
            return nextToRun();
        } catch (RuntimeException | Error e) {
            schedulingFailure = e;
            return null;
        }
    }

    /** A failure of the scheduling inside a rank's turn ({@link #afterTurn}), rethrown by {@link #run}. */
    private Throwable schedulingFailure;
    private int turns;

    /** The next runnable rank, marked running (deciding at a fence when none is); null when the run is over. */
    private RankState nextToRun() {
        while (true) {
            RankState next = runnable.poll();
            if (next == null) {
                if (fence()) continue;
                return null;
            }
            if ((++turns & 63) == 0 && System.nanoTime() > deadlineNanos) {
                timedOut = true;
                return null;
            }
            next.status = RankStatus.RUNNING;
            return next;
        }
    }

    /**
     * Rank side, after it set its status: gives the processor to the next rank and parks until its own turn comes
     * again (at once, without parking, when it is itself the next); the run's end wakes the scheduler thread instead.
     */
    private void handOff(RankState me) {
        RankState next = afterTurn(me);
        if (next == me) return;
        wake(next);
        me.go.acquireUninterruptibly();
    }

    /** Wakes the rank {@link #afterTurn} chose, or the scheduler thread when it chose none (the run is over). */
    private void wake(RankState next) {
        if (next == null) sched.release();
        else next.go.release();
    }

    /** Called when nothing is runnable: decides one wildcard, or lets polling ranks look again. */
    private boolean fence() {
        if (revisited()) return false;
        if (decideHeldSends(null)) {
            wakeChecked();
            return true;
        }
        if (decideWildcard()) {
            wakeChecked();
            return true;
        }
        if (bufferAtFence()) {
            wakeChecked();
            return true;
        }
        if (!yielded.isEmpty()) {
            boolean any = false;
            for (RankState rs : yielded) {
                if (!rs.livelocked && rs.spinsWithoutProgress++ < 3) any = true;
            }
            if (!any) {
                // nobody else can move: the pollers go on with "not yet" answers and decide for themselves
                // (a time-out, a counter, an unknown condition); one that comes back to a poll in a state
                // it has already been in polls forever (a livelock)
                boolean resumed = false;
                for (RankState rs : yielded) {
                    if (!rs.livelocked) {
                        resumed |= !rs.stalled;
                        rs.stalled = true;
                        stalledRanks.add(rs);
                    }
                }
                if (!resumed) return false;
            }
            List<RankState> parked = new ArrayList<>();
            while (!yielded.isEmpty()) {
                RankState rs = yielded.poll();
                if (rs.livelocked) {
                    parked.add(rs);
                    continue;
                }
                rs.status = RankStatus.RUNNABLE;
                runnable.add(rs);
            }
            yielded.addAll(parked);
            return !runnable.isEmpty();
        }
        return false;
    }

    private void wakeChecked() {
        for (int r = toCheck.nextSetBit(0); r >= 0; r = toCheck.nextSetBit(r + 1)) {
            RankState rs = ranks[r];
            if (rs.status == RankStatus.BLOCKED && rs.blocker.satisfied()) {
                rs.status = RankStatus.RUNNABLE;
                runnable.add(rs);
            }
        }
        toCheck.clear();
    }

    /** Rank side: park until the blocker is satisfied. */
    private void block(int rank, Blocker b) {
        RankState rs = ranks[rank];
        rs.probing = null;
        if (b.satisfied()) return;
        rs.blocker = b;
        rs.status = RankStatus.BLOCKED;
        handOff(rs);
        if (over) throw new Killed();
        rs.blocker = null;
    }

    /** Rank side: let every other rank move before this (polling) rank continues. */
    private void yieldToOthers(int rank) {
        RankState rs = ranks[rank];
        rs.status = RankStatus.YIELDED;
        yielded.add(rs);
        handOff(rs);
        if (over) throw new Killed();
    }

    private final List<RankState> stalledRanks = new ArrayList<>();

    /**
     * Something moved that ranks {@code a} and {@code b} (each -1 for none) may have waited for: they are checked at the
     * next turn, and pollers look again. Two parameters, not an array of ranks: it is called for every message matched.
     */
    private void progressed(int a, int b) {
        progress++;
        if (!stalledRanks.isEmpty()) {
            for (RankState st : stalledRanks) {
                // something moved: a poller parked as livelocked may now see its message
                st.stalled = false;
                st.livelocked = false;
                st.spinsWithoutProgress = 0;
                st.stallStates.clear();
            }
            stalledRanks.clear();
        }
        if (a >= 0 && a < np) toCheck.set(a);
        if (b >= 0 && b < np) toCheck.set(b);
        if (!yielded.isEmpty()) for (RankState y : yielded) y.spinsWithoutProgress = 0;
    }

    private void progressed(int r) {
        progressed(r, -1);
    }

    /**
     * Whether the ranks of a run take turns on a carrier thread of their own ({@link RankCarrier}: the JVM was started
     * with {@code --add-opens=java.base/java.lang=ALL-UNNAMED}) rather than on the JDK's shared scheduler, which gives the
     * same results more slowly.
     */
    public static boolean ranksHaveACarrierOfTheirOwn() {
        return RankCarrier.available();
    }

    public boolean timedOut() {
        return timedOut;
    }

    /** Whether the run's wall-clock budget is spent (ranks check this while they compute). */
    public boolean deadlinePassed() {
        return System.nanoTime() > deadlineNanos;
    }

    /**
     * {@code Abort} (MPI §8.7: the job ends on every process of the communicator's group; MPJ Express
     * ends the whole job): no rank goes on after this, so nobody waiting is deadlocked.
     */
    public void abortJob(int rank, String why) {
        if (jobEnd == null) jobEnd = "rank " + rank + " " + why;
    }

    /**
     * {@code System.exit} before {@code MPI.Finalize}: on MPJ Express's multicore device the ranks are
     * threads of one JVM, so the exit ends the job as {@code Abort} does, but it is not a failure
     * unless its status says so ({@link #failed}).
     */
    public void exitJob(int rank, String why) {
        if (jobEnd == null) {
            jobEnd = "rank " + rank + " " + why;
            jobEndByExit = true;
        }
    }

    private volatile boolean jobEndByExit;

    private final List<String> failures = new ArrayList<>();

    /** A rank ends itself with an error status ({@code System.exit(1)}): its own end, not the job's. */
    public synchronized void failed(int rank, String why) {
        failures.add("rank " + rank + " " + why);
    }

    /**
     * What of this rank's communication is still open: requests not completed and sends not yet
     * received. Equal at two loop heads (with equal local state), the rank's next iteration
     * repeats the last one.
     */
    public int outstanding(int rank) {
        int n = 0;
        for (RequestValue rv : ranks[rank].requests) {
            if (rv.current != null && !rv.current.complete() && !rv.freed) n++;
        }
        if (unmatchedSends != null) n += 1000 * unmatchedSends[rank];
        return n;
    }

    /** Why the job ended early by the program's own decision, or null. */
    public String jobEnd() {
        return jobEnd;
    }

    /** A decision every rank must see the same way (a branch on a rank-uniform value). */
    public int uniformChoice(int rank, Object key, int options, String what) {
        Integer d = uniformDecisions.get(key);
        if (d == null) {
            if (cache != null) cache.uniformDecisionMet();
            d = choices.choose(options, what);
            uniformDecisions.put(key, d);
        }
        if (models != null) models.uniform(rank, key, d);
        return d;
    }

    /**
     * As {@link #uniformChoice}, for a test whether one value, {@code subject} (its text: the same value wherever it is
     * held), equals the integer {@code constant}; outcome 0 means it does. Such tests of one value are not independent
     * decisions: once a test found it equal to a number, every other test of it is decided by that number (rank 0's
     * {@code rank == leader} true makes rank 1's false), and a number it was found unequal to stays excluded. Only a
     * test the facts gathered so far do not decide is a decision of the explorer. {@code impossible} says which numbers
     * the facts about other values rule out for {@code subject} (rank 1 found {@code (leader + 1) % size} equal to 1,
     * so at two processes the leader is not 1): a test of such a number is false without a decision.
     */
    public int uniformEqualityChoice(int rank, Object key, String subject, long constant, String what,
            java.util.function.LongPredicate impossible) {
        Integer d = uniformDecisions.get(key);
        if (d == null) {
            Long value = equalTo.get(subject);
            java.util.Set<Long> excluded = notEqualTo.get(subject);
            if (value != null) d = value == constant ? 0 : 1;
            else if (excluded != null && excluded.contains(constant) || impossible.test(constant)) d = 1;
            else {
                if (cache != null) cache.uniformDecisionMet();
                d = choices.choose(2, what);
            }
            uniformDecisions.put(key, d);
            if (d == 0) equalTo.put(subject, constant);
            else notEqualTo.computeIfAbsent(subject, k -> new java.util.HashSet<>()).add(constant);
        }
        if (models != null) models.uniform(rank, key, d);
        return d;
    }

    /** The most values {@link #uniformValueChoice} branches over. */
    public static final int MAX_VALUE_CHOICES = 8;

    /**
     * The rank that the value written {@code subject} (one value wherever it is held) stands for, where a call needs
     * it as its peer in a communicator of {@code size} ranks: the number a test found it equal to; else each rank of
     * {@code 0..size-1} that no test excluded nor {@code impossible} rules out (facts about values computed from it), as
     * a decision of the explorer under {@code key} taken alike by every rank (a broadcast leader that rank 1 found
     * unequal to itself before it waits for a message from the leader); null when none or more than
     * {@link #MAX_VALUE_CHOICES} remain (the peer stays unknown).
     */
    public Long uniformValueChoice(int rank, Object key, String subject, int size, String what,
            java.util.function.LongPredicate impossible) {
        Long known = equalTo.get(subject);
        if (known != null) return known;
        java.util.Set<Long> excluded = notEqualTo.getOrDefault(subject, java.util.Set.of());
        List<Long> candidates = new ArrayList<>();
        for (long r = 0; r < size && candidates.size() <= MAX_VALUE_CHOICES; r++) {
            if (!excluded.contains(r) && !impossible.test(r)) candidates.add(r);
        }
        if (candidates.isEmpty() || candidates.size() > MAX_VALUE_CHOICES) return null;
        Integer d = uniformDecisions.get(key);
        if (d == null || d >= candidates.size()) {
            if (candidates.size() == 1) d = 0;
            else {
                if (cache != null) cache.uniformDecisionMet();
                d = choices.choose(candidates.size(), what + ChoiceSource.VALUE_CHOICE + candidates);
            }
            uniformDecisions.put(key, d);
        }
        if (models != null) models.uniform(rank, key, d);
        long value = candidates.get(d);
        equalTo.put(subject, value);
        return value;
    }

    /**
     * This run takes a path no execution takes (a rank had to leave a loop whose test another rank, or its own branch,
     * had found true: the loop's unknown-iteration budget ran out): an exploration does not keep it, unless it is its
     * only run ({@link Explorer#explore}). Outside an exploration nothing is marked.
     */
    public void infeasibleRun() {
        if (cache != null) cache.infeasible();
    }

    /** The number a test of this run found the value written {@code subject} equal to ({@link #uniformEqualityChoice}), or null. */
    public Long knownEqual(String subject) {
        return equalTo.get(subject);
    }

    /** Whether a test of this run found some value equal to a number ({@link #knownEqual}). */
    public boolean anyKnownEqual() {
        return !equalTo.isEmpty();
    }

    /**
     * Gives {@code out} every value (by its text) a test of this run found equal to a number, with that number, and
     * every number one was found unequal to: the facts a value's other tests must agree with.
     */
    public void equalityFacts(EqualityFact out) {
        equalTo.forEach((s, v) -> out.fact(s, v, true));
        notEqualTo.forEach((s, set) -> set.forEach(v -> out.fact(s, v, false)));
    }

    /** One fact of {@link #equalityFacts}: the value written {@code subject} is ({@code equal}) or is not {@code number}. */
    @FunctionalInterface
    public interface EqualityFact {
        void fact(String subject, long number, boolean equal);
    }

    /** The outcome some rank already took for {@code key} in this run ({@link #uniformChoice}), or null. */
    public Integer uniformDecided(Object key) {
        return uniformDecisions.get(key);
    }

    /** Fixes the outcome for {@code key} without a decision of the explorer (a budget chose it); later ranks follow it. */
    public void fixUniform(int rank, Object key, int outcome) {
        uniformDecisions.putIfAbsent(key, outcome);
        if (models != null) models.uniform(rank, key, uniformDecisions.get(key));
    }

    /** A decision local to one rank (a branch on a value the analysis cannot know). */
    public int localChoice(int options, String what) {
        return choices.choose(options, what);
    }

    // ===================================================================== events

    private Event record(int rank, Op op, int comm, int peer, int tag, int count, String type, int request,
            SourceRange site, SourceRange userSite, int recvPeer, int recvTag) {
        RankState rs = ranks[rank];
        Event e = new Event(rank, rs.trace.size(), op, comm, peer, tag, count, type, request, site,
                userSite == null ? site : userSite, recvPeer, recvTag);
        rs.trace.add(e);
        return e;
    }

    private static long channelKey(int comm, int src, int dst) {
        return ((long) comm << 42) ^ ((long) src << 21) ^ dst;
    }

    // ===================================================================== point to point

    /** Translates a local peer of {@code comm} to a COMM_WORLD rank, keeping ANY/PROC_NULL/UNKNOWN. */
    private static int toWorld(CommValue comm, int peer) {
        if (peer == Peer.ANY || peer == Peer.PROC_NULL || peer == Peer.UNKNOWN) return peer;
        int w = comm.world(peer);
        return w < 0 ? Peer.UNKNOWN : w;
    }

    /** Posts a send; returns its pending operation (already complete for PROC_NULL). */
    public SendOp postSend(int rank, Op op, CommValue comm, int dest, int tag, int count, String type, int bytes,
            int requestId, SourceRange site, SourceRange userSite) {
        return postSend(rank, op, comm, dest, tag, count, type, bytes, requestId, site, userSite, true);
    }

    private SendOp postSend(int rank, Op op, CommValue comm, int dest, int tag, int count, String type, int bytes,
            int requestId, SourceRange site, SourceRange userSite, boolean recordEvent) {
        int wdest = toWorld(comm, dest);
        SendOp s = new SendOp();
        s.src = rank;
        s.dst = wdest;
        s.comm = comm.id();
        s.tag = tag;
        s.mode = op;
        s.bytes = bytes;
        if (recordEvent) s.ev = record(rank, op, comm.id(), wdest, tag, count, type, requestId, site, userSite, 0, 0);
        if (wdest == Peer.PROC_NULL || wdest == Peer.UNKNOWN || wdest == Peer.ANY) {
            s.buffered = true; // no message: completes at once (unknown peers are reported by the interpreter)
            return s;
        }
        allSends.add(s);
        if (unmatchedSends == null) unmatchedSends = new int[ranks.length];
        unmatchedSends[rank]++;
        if (cache != null && wdest >= 0 && wdest < np && matchedSources[wdest] != null && !matchedSources[wdest].get(rank)) {
            cache.lateSenderTo(wdest, missedWait.get(wdest));
        }
        if (!s.mode.isSynchronous() && !s.mode.isBuffered()) standardSends[rank]++;
        if (!matchSend(s)) {
            decideBuffering(rank, s);
            s.seq = ++queuedSends;
            channels.getOrCreate(channelKey(s.comm, s.src, s.dst)).add(s);
        }
        progressed(wdest);
        notifyProbes(s);
        return s;
    }

    private void decideBuffering(int rank, SendOp s) {
        if (s.mode.isSynchronous()) return;
        if (s.mode.isBuffered()) {
            RankState rs = ranks[rank];
            if (rs.attachedBytes < 0 || rs.usedBytes + s.bytes <= rs.attachedBytes || s.bytes < 0) {
                s.buffered = true;
                rs.usedBytes += Math.max(0, s.bytes);
            }
            return;
        }
        s.buffered = switch (policy) {
            case ZERO -> false;
            case UNBOUNDED -> true;
            case PER_SEND -> {
                if (choices.scripted()) yield choices.buffers(rank, standardSends[rank] - 1, "buffer send at " + where(s));
                if (choices.decidesBufferingAtPost()) {
                    cutIfRevisited(rank, s);
                    yield choices.choose(2, "buffer send at " + where(s)) == 1;
                }
                s.undecided = true; // decided when it matters (decideHeldSends)
                heldSends.add(s);
                yield false;
            }
            case TOKENS -> takeToken(s, false);
        };
    }

    /** Where a send was posted, for a decision's label (a Sendrecv's send gets its event after posting). */
    private static String where(SendOp s) {
        return s.ev != null ? s.ev.site().toString() : "rank " + s.src + "'s send to " + s.dst;
    }

    /**
     * Per-send buffering, decided late: a standard send's choice (buffered, or waiting for its receive) is taken at the
     * first fence it is still unmatched at, or when its rank asks first whether it completed among others (Waitany,
     * Waitsome: {@code only} holds the operations asked about; null at a fence). A send matched before then needs no
     * choice: until its match only its sender's own progress differs, and nothing another rank sees depends on when a
     * rank moves between two fences (wildcards are matched at fences, the moves of polling ranks are taken there too).
     * So each execution eager choices give is one of these (in another order of local moves), with far fewer
     * decisions: a head-to-head exchange whose receive is posted before the next fence has none. Returns whether one
     * was buffered (its sender may run on).
     */
    private boolean decideHeldSends(List<Pending> only) {
        if (heldSends.isEmpty()) return false;
        boolean any = false;
        for (java.util.Iterator<SendOp> it = heldSends.iterator(); it.hasNext();) {
            SendOp s = it.next();
            if (!s.undecided || s.match != null || ranks[s.src].ended()) {
                if (only == null) it.remove();
                continue;
            }
            if (only != null && !only.contains(s)) continue;
            s.undecided = false;
            it.remove();
            if (choices.choose(2, "buffer send at " + where(s)) == 1) {
                s.buffered = true;
                progressed(s.src);
                any = true;
            }
        }
        return any;
    }

    /** Sends whose per-send buffering is still to be decided ({@link #decideHeldSends}), in the order posted. */
    private final List<SendOp> heldSends = new ArrayList<>();

    /** Rule 2b: the send may take a token of its destination's pool (a choice, unless forced at a fence). */
    private boolean takeToken(SendOp s, boolean atFence) {
        if (tokens == null || s.dst < 0 || s.dst >= np || tokens[s.dst] <= 0) return false;
        if (!atFence) {
            cutIfRevisited(s.src, s);
            if (choices.choose(2, "buffer at " + where(s)) == 0) return false;
        }
        tokens[s.dst]--;
        return true;
    }

    /** At a fence under TOKENS: some blocked standard send may still take a token (rule 2b). */
    private boolean bufferAtFence() {
        if (policy != BufferPolicy.TOKENS || tokens == null) return false;
        List<SendOp> waiting = new ArrayList<>();
        for (SendOp s : allSends) {
            if (s.match == null && !s.buffered && !s.mode.isSynchronous() && s.dst >= 0 && tokens[s.dst] > 0) waiting.add(s);
        }
        if (waiting.isEmpty()) return false;
        SendOp s = waiting.get(choices.choose(waiting.size(), "which blocked send takes a token"));
        takeToken(s, true);
        s.buffered = true;
        progressed(s.src);
        return true;
    }

    /** Tries to give a newly posted send to the earliest posted receive that takes it. */
    private boolean matchSend(SendOp s) {
        List<RecvOp> list = posted[s.dst];
        for (RecvOp r : list) {
            if (!r.accepts(s)) continue;
            if (r.src == Peer.ANY) return false; // a wildcard comes first: decided at the fence
            ArrayDeque<SendOp> ch = channels.get(channelKey(s.comm, s.src, s.dst));
            if (ch != null && firstAcceptedIn(r, s.src, ch) != null) return false; // non-overtaking: the earlier one goes first
            pair(s, r);
            return true;
        }
        return false;
    }

    /** Posts a receive (blocking or not); matched at once when a specific source has a message. */
    public RecvOp postRecv(int rank, Op op, CommValue comm, int source, int tag, int count, String type,
            int requestId, SourceRange site, SourceRange userSite) {
        RecvOp r = newRecv(rank, comm, source, tag);
        r.ev = record(rank, op, comm.id(), r.src, tag, count, type, requestId, site, userSite, 0, 0);
        enterRecv(r);
        return r;
    }

    private RecvOp newRecv(int rank, CommValue comm, int source, int tag) {
        RecvOp r = new RecvOp();
        r.rank = rank;
        r.src = toWorld(comm, source);
        r.comm = comm.id();
        r.commValue = comm;
        r.tag = tag;
        return r;
    }

    private void enterRecv(RecvOp r) {
        if (r.src == Peer.PROC_NULL || r.src == Peer.UNKNOWN) {
            r.match = PROC_NULL_SEND;
            return;
        }
        if (r.src == Peer.ANY) {
            posted[r.rank].add(r);
            wildcardRanks.add(r.rank);
            return;
        }
        SendOp first = firstAccepted(r);
        if (first != null && !earlierWildcardTakes(r, first)) {
            pair(first, r);
        } else {
            posted[r.rank].add(r);
        }
    }

    private static final SendOp PROC_NULL_SEND = new SendOp();
    static {
        PROC_NULL_SEND.src = Peer.PROC_NULL;
        PROC_NULL_SEND.tag = Peer.ANY;
    }

    private SendOp firstAccepted(RecvOp r) {
        ArrayDeque<SendOp> ch = channels.get(channelKey(r.comm, r.src, r.rank));
        return ch == null ? null : firstAcceptedIn(r, r.src, ch);
    }

    /** Sends queued in channels so far (their {@link SendOp#seq}). */
    private long queuedSends;

    /** A receive remembers where its scans of a channel stopped once one passes this many sends it does not accept. */
    static final int SCAN_MEMO_FROM = 16;

    /** Receives remember their scans (one number per source rank) up to this many processes. */
    static final int SCAN_MEMO_MAX_NP = 4096;

    /**
     * The first send of {@code ch} (the channel from world rank {@code src} to {@code r}'s rank) that {@code r} accepts,
     * or null: MPI's non-overtaking order. A channel holds its sends in the order queued; a receive that has scanned it
     * once is asked again from the sends queued after where it stopped ({@link RecvOp#noneUpTo}), read from the tail.
     * A worker that floods its master with requests of one tag while the master's wildcard receive waits for another
     * had every fence pass over every request queued so far: 1.8 billion sends read in one run of a real program
     * (MLauper's {@code PancakeFlipper}, np=2), which then ran out of time.
     */
    private SendOp firstAcceptedIn(RecvOp r, int src, ArrayDeque<SendOp> ch) {
        boolean memo = src >= 0 && src < np && np <= SCAN_MEMO_MAX_NP;
        long none = memo && r.noneUpTo != null ? r.noneUpTo[src] : 0;
        SendOp first = null;
        int passed = 0;
        if (none == 0) {
            for (SendOp s : ch) {
                if (r.accepts(s)) {
                    first = s;
                    break;
                }
                passed++;
            }
        } else {
            for (java.util.Iterator<SendOp> it = ch.descendingIterator(); it.hasNext();) {
                SendOp s = it.next();
                if (s.seq <= none) break; // none accepted from here to the head
                if (r.accepts(s)) first = s; // the earliest one read so far
            }
        }
        long upTo = first != null ? first.seq - 1 : ch.isEmpty() ? none : ch.peekLast().seq;
        if (memo && upTo > none && (r.noneUpTo != null || passed >= SCAN_MEMO_FROM)) {
            if (r.noneUpTo == null) r.noneUpTo = new long[np];
            r.noneUpTo[src] = upTo;
        }
        return first;
    }

    private boolean earlierWildcardTakes(RecvOp r, SendOp s) {
        for (RecvOp p : posted[r.rank]) {
            if (p == r) break;
            if (p.src == Peer.ANY && p.accepts(s)) return true;
        }
        return false;
    }

    private void pair(SendOp s, RecvOp r) {
        s.undecided = false; // matched: buffered or not, the same from here on
        if (s.match == null && unmatchedSends != null && s.src >= 0 && s.src < unmatchedSends.length) unmatchedSends[s.src]--;
        s.match = r;
        r.match = s;
        ArrayDeque<SendOp> ch = channels.get(channelKey(s.comm, s.src, s.dst));
        if (ch != null) ch.remove(s);
        posted[r.rank].remove(r);
        if (s.buffered && s.mode.isBuffered()) ranks[s.src].usedBytes -= Math.max(0, s.bytes);
        else if (s.buffered && policy == BufferPolicy.TOKENS && tokens != null) tokens[s.dst]++; // rule 4: token returned
        progressed(s.src, r.rank);
    }

    /** Candidate sends for a wildcard receive or probe: the first acceptable message of each source. */
    private List<SendOp> candidates(RecvOp r) {
        List<SendOp> out = new ArrayList<>();
        for (int src : r.commValue.members()) {
            if (r.src != Peer.ANY && r.src != src) continue;
            ArrayDeque<SendOp> ch = channels.get(channelKey(r.comm, src, r.rank));
            if (ch == null) continue;
            SendOp s = firstAcceptedIn(r, src, ch);
            if (s != null && (r.probe || !claimedByEarlier(r, s))) out.add(s);
        }
        return out;
    }

    private boolean claimedByEarlier(RecvOp r, SendOp s) {
        for (RecvOp p : posted[r.rank]) {
            if (p == r) return false;
            if (p.accepts(s)) return true;
        }
        return false;
    }

    private boolean decideWildcard() {
        // what can be matched at this fence: each wildcard probe, and each rank's first wildcard receive, with candidates
        List<Pending> items = new ArrayList<>(2);
        List<List<SendOp>> options = new ArrayList<>(2);
        for (ProbeBlocker pb : wildcardProbes) {
            List<SendOp> cands = candidates(pb.probe);
            if (cands.isEmpty()) continue;
            items.add(pb.probe);
            options.add(cands);
        }
        for (Integer rank : new ArrayList<>(wildcardRanks)) {
            boolean any = false;
            for (RecvOp r : posted[rank]) {
                if (r.src != Peer.ANY) continue;
                any = true;
                List<SendOp> cands = candidates(r);
                if (cands.isEmpty()) continue;
                items.add(r);
                options.add(cands);
                break;
            }
            if (!any) wildcardRanks.remove(rank);
        }
        if (choices.scripted()) return decideScripted(items, options);
        // Matching one of them may let a rank post a send that another could take: the match of that other may
        // then wait past this one (one more option, "later", while another operation remains, at ranks where the
        // exploration has seen such a late sender: StateCache.defersAt). Without it a wildcard would only ever
        // take the sends posted when it was first decided, and some orders of arrival that the real runtime
        // allows would never be explored.
        for (int i = 0; i < items.size(); i++) {
            List<SendOp> cands = options.get(i);
            RecvOp r = (RecvOp) items.get(i);
            boolean later = i + 1 < items.size() && cache != null && cache.defersAt(r.rank);
            if (i + 1 < items.size() && !later) missedWait.set(r.rank);
            int c = choices.choose(cands.size() + (later ? 1 : 0), wildcardLabel(r));
            if (c == cands.size()) continue;
            matchWildcard(r, cands.get(c), cands);
            return true;
        }
        return false;
    }

    /**
     * A fence of a run directed by a script ({@link ChoiceSource#ChoiceSource(int[][], int[][])}): the first wildcard whose
     * script names a source that has a candidate here takes it; failing that, a wildcard whose script is used up
     * takes its first candidate (in a {@linkplain ChoiceSource#curious() learning run}, first one whose source no run
     * has shown it getting at its state). When wildcards wait but none can do either, the run has left its script.
     */
    private boolean decideScripted(List<Pending> items, List<List<SendOp>> options) {
        int pick = -1, c = -1;
        for (int i = 0; i < items.size() && pick < 0; i++) {
            int want = choices.nextSource(((RecvOp) items.get(i)).rank);
            List<SendOp> cands = options.get(i);
            for (int k = 0; k < cands.size() && want >= 0; k++) {
                if (cands.get(k).src == want) {
                    pick = i;
                    c = k;
                    break;
                }
            }
        }
        // past the script: the first wildcard whose script is used up takes its first candidate, unless (curious)
        // some such wildcard has a candidate no run has shown its rank getting here: then that one
        boolean curious = choices.isCurious() && models != null;
        int usedUp = -1;
        for (int i = 0; i < items.size() && pick < 0; i++) {
            int rank = ((RecvOp) items.get(i)).rank;
            if (choices.nextSource(rank) >= 0) continue;
            if (usedUp < 0) usedUp = i;
            if (!curious) break;
            List<SendOp> cands = options.get(i);
            for (int k = 0; k < cands.size(); k++) {
                if (!models.seenFrom(rank, cands.get(k).src, cands.get(k).tag, cands.get(k).modelPayload)) {
                    pick = i;
                    c = k;
                    break;
                }
            }
        }
        if (pick < 0 && usedUp >= 0) {
            pick = usedUp;
            c = 0;
        }
        if (pick < 0) {
            if (!items.isEmpty()) choices.diverge("no wildcard at a fence could match the source its script names");
            return false;
        }
        RecvOp r = (RecvOp) items.get(pick);
        List<SendOp> cands = options.get(pick);
        choices.matched(r.rank, c, cands.size(), wildcardLabel(r));
        matchWildcard(r, cands.get(c), cands);
        return true;
    }

    /** How a wildcard's decision reads (its kind and place): the explorer's and a script's alike. */
    private static String wildcardLabel(RecvOp r) {
        return (r.probe ? "wildcard probe at " : "wildcard receive at ") + r.ev.site();
    }

    /** Wildcard {@code r} takes {@code s}, one of the candidates {@code cands} it had at this fence. */
    private void matchWildcard(RecvOp r, SendOp s, List<SendOp> cands) {
        wildcardDecisions.add(describeDecision(r, s, cands.size()));
        // the sources that had a candidate at every match of this rank's wildcards so far (see lateSenderTo)
        java.util.BitSet srcs = new java.util.BitSet();
        for (SendOp x : cands) if (x.src >= 0) srcs.set(x.src);
        if (matchedSources[r.rank] == null) matchedSources[r.rank] = srcs;
        else matchedSources[r.rank].and(srcs);
        if (r.probe) {
            for (ProbeBlocker pb : wildcardProbes) {
                if (pb.probe != r) continue;
                pb.found = s;
                wildcardProbes.remove(pb);
                break;
            }
            progressed(r.rank);
        } else {
            pair(s, r);
            retrySpecific(r.rank);
        }
    }

    private static String describeDecision(RecvOp r, SendOp s, int options) {
        return "rank " + r.rank + " " + r.ev.op().mpjName() + " at line " + r.ev.site().line() + " matched rank "
                + s.src + "'s " + s.mode.mpjName() + (s.ev != null ? " at line " + s.ev.site().line() : "")
                + (options > 1 ? " (1 of " + options + " candidates)" : "");
    }

    /** After a wildcard decision, specific receives that waited behind it may match now. */
    private void retrySpecific(int rank) {
        for (RecvOp r : new ArrayList<>(posted[rank])) {
            if (r.src == Peer.ANY || r.match != null) continue;
            SendOp first = firstAccepted(r);
            if (first != null && !earlierWildcardTakes(r, first)) pair(first, r);
        }
    }

    /** Blocks until every (or any) operation completes; returns the index of one completed op. */
    public int waitFor(int rank, List<Pending> ops, boolean any, Op op, int requestId, SourceRange site,
            SourceRange userSite, boolean recordEvent) {
        if (any) decideHeldSends(ops); // which completes first may depend on a send being buffered
        WaitBlocker b = new WaitBlocker(ops, any);
        if (recordEvent) b.ev = record(rank, op, 0, Peer.UNKNOWN, Peer.UNKNOWN, -1, null, requestId, site, userSite, 0, 0);
        else b.ev = ops.isEmpty() ? null : ops.get(0).ev;
        block(rank, b);
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).complete()) return i;
        }
        return -1;
    }

    /** Marks a blocking call's own operation as the blocker's event (Send, Recv: no separate Wait event). */
    public void waitOwn(int rank, Pending p) {
        WaitBlocker b = new WaitBlocker(List.of(p), false);
        b.ev = p.ev;
        block(rank, b);
    }

    /** {@code Sendrecv}: posts both halves as one event and waits for both. */
    public RecvOp sendrecv(int rank, Op op, CommValue comm, int dest, int stag, int scount, String stype, int sbytes,
            int source, int rtag, SourceRange site, SourceRange userSite, Object payload) {
        Event ev = record(rank, op, comm.id(), toWorld(comm, dest), stag, scount, stype, -1, site, userSite,
                toWorld(comm, source), rtag);
        SendOp s = postSend(rank, Op.SEND, comm, dest, stag, scount, stype, sbytes, -1, site, userSite, false);
        s.ev = ev;
        s.mode = Op.SEND;
        s.payload = payload;
        RecvOp r = newRecv(rank, comm, source, rtag);
        r.ev = ev;
        enterRecv(r);
        WaitBlocker b = new WaitBlocker(List.of(s, r), false);
        b.ev = ev;
        block(rank, b);
        return r;
    }

    /** Blocking or polling probe; returns the message found, or null (Iprobe found nothing). */
    public SendOp probe(int rank, Op op, CommValue comm, int source, int tag, SourceRange site, SourceRange userSite) {
        RecvOp p = newRecv(rank, comm, source, tag);
        p.probe = true;
        p.ev = record(rank, op, comm.id(), p.src, tag, -1, null, -1, site, userSite, 0, 0);
        if (p.src == Peer.PROC_NULL || p.src == Peer.UNKNOWN) return PROC_NULL_SEND;
        if (op == Op.IPROBE) {
            ranks[rank].probing = p;
            yieldToOthers(rank);
            List<SendOp> c = candidates(p);
            return c.isEmpty() ? null : c.get(0);
        }
        ProbeBlocker pb = new ProbeBlocker(p);
        pb.ev = p.ev;
        if (p.src != Peer.ANY) {
            pb.found = firstAccepted(p);
        } else {
            wildcardProbes.add(pb);
        }
        block(rank, pb);
        return pb.found;
    }

    private void notifyProbes(SendOp s) {
        RankState rs = ranks[s.dst];
        if (rs.status == RankStatus.BLOCKED && rs.blocker instanceof ProbeBlocker pb && pb.found == null
                && pb.probe.src != Peer.ANY && pb.probe.accepts(s) && firstAccepted(pb.probe) == s) {
            pb.found = s;
            toCheck.set(s.dst);
        }
    }

    /** {@code Test}-style polling: lets others run first. */
    public void poll(int rank) {
        poll(rank, null);
    }

    /**
     * As above; {@code state} fingerprints the polling rank (where it is, its variables, the
     * decisions it took). While no other rank can move, the poll returns at once; coming back to a
     * state already seen means the rank would poll forever, and it stays parked as livelocked.
     */
    public void poll(int rank, Object state) {
        RankState rs = ranks[rank];
        rs.probing = null;
        if (rs.stalled && state != null) {
            if (rs.stallStates.add(state)) return;
            rs.livelocked = true;
        } else if (rs.stalled) {
            rs.livelocked = true;
        }
        yieldToOthers(rank);
    }

    /** Records an operation that does not block (Test*, Start, Buffer_attach...). */
    public Event recordLocal(int rank, Op op, int requestId, SourceRange site, SourceRange userSite) {
        return record(rank, op, 0, Peer.UNKNOWN, Peer.UNKNOWN, -1, null, requestId, site, userSite, 0, 0);
    }

    // ===================================================================== requests

    public RequestValue newRequest(int rank, Pending p, Template template) {
        RequestValue rv = new RequestValue(nextRequestId++, rank, p, template);
        ranks[rank].requests.add(rv);
        return rv;
    }

    public int nextRequestId() {
        return nextRequestId;
    }

    public void bufferAttach(int rank, long bytes) {
        ranks[rank].attachedBytes = bytes < 0 ? Long.MAX_VALUE : bytes;
    }

    /**
     * {@code Buffer_detach} returns only when the messages in the attached buffer have been
     * transmitted (MPI 3.6.1; MPJ Express waits until they are received): the rank blocks until every
     * buffered-mode send it posted is matched. A Bsend nobody receives hangs the rank here.
     */
    public void bufferDetach(int rank, Event ev) {
        List<Pending> out = new ArrayList<>();
        for (ArrayDeque<SendOp> ch : channels.slots()) {
            if (ch == null) continue;
            for (SendOp s : ch) if (s.src == rank && s.mode.isBuffered() && s.match == null) out.add(s);
        }
        if (!out.isEmpty()) {
            WaitBlocker b = new WaitBlocker(out, false);
            b.untilReceived = true;
            b.ev = ev;
            block(rank, b);
        }
        ranks[rank].attachedBytes = -1;
    }

    // ===================================================================== collectives

    /**
     * Enters the next collective of {@code comm}; returns, for communicator constructors, the new
     * communicator of this rank (null for a rank whose colour is undefined), else null.
     */
    /**
     * What a rank gets from a collective: the new communicator (Split, Create...), every member's
     * payload, whether all members arrived, and {@code combined}: the instance's combined values
     * (a reduction, a concatenation) by what was combined, computed by the first member that asks and
     * shared by the others, so that a collective costs O(np) in all instead of O(np) per member; {@code seq} and
     * {@code commId} number the instance among the collective calls on its communicator (from 0) and name that
     * communicator, the same for every member.
     */
    public record CollResult(CommValue comm, Object[] payloads, boolean complete, Map<String, Object> combined, int seq, int commId) {
        /**
         * The instance's name: {@code #} and its number counted from 1, then {@code @c} and the communicator's id unless
         * it is COMM_WORLD. Built when asked (a value the analysis cannot compute is named after it), not at every call.
         */
        public String instance() {
            return "#" + (seq + 1) + (commId == 0 ? "" : "@c" + commId);
        }
    }

    /**
     * The shared scratch map of the collective instance this rank's next collective on {@code comm}
     * joins (the one {@link #collective} will use), for checks made on arrival, before the rank blocks.
     */
    public Map<String, Object> nextCollectiveScratch(int rank, CommValue comm) {
        return instance(comm, ranks[rank].collSeq.getOrDefault(comm.id(), 0)).combined;
    }

    /** The {@code seq}-th collective instance of {@code comm}, made when its first member arrives. */
    private CollInstance instance(CommValue comm, int seq) {
        long k = ((long) comm.id() << 32) | seq;
        CollInstance inst = collectives.get(k);
        if (inst == null) {
            inst = new CollInstance(comm, seq);
            collectives.put(k, inst);
            allCollectives.add(inst);
        }
        return inst;
    }

    public CollResult collective(int rank, Op op, CommValue comm, int root, long color, long key, Object payload,
            SourceRange site, SourceRange userSite) {
        int seq = ranks[rank].collSeq.merge(comm.id(), 1, Integer::sum) - 1;
        CollInstance inst = instance(comm, seq);
        ranks[rank].lastCollective = inst;
        int local = comm.localRank();
        int wroot = op.hasRoot() ? toWorld(comm, root) : -1;
        Event ev = record(rank, op, comm.id(), wroot, -1, -1, null, -1, site, userSite, 0, 0);
        inst.ops[local] = op;
        inst.roots[local] = op.hasRoot() ? root : -1;
        inst.events[local] = ev;
        inst.colors[local] = color;
        inst.keys[local] = key;
        inst.payloads[local] = payload;
        inst.arrived++;
        if (inst.firstOp == null) {
            inst.firstOp = op;
            inst.firstRoot = inst.roots[local];
        } else if (inst.firstOp != op || inst.firstRoot != inst.roots[local]) {
            inst.mismatch = true;
        }
        if (inst.arrived == comm.size() && !inst.mismatch) {
            inst.complete = true;
            if (op == Op.SPLIT || op == Op.DUP || op == Op.CREATE) makeCommunicators(inst);
            cutIfRevisited(inst, site);
        }
        // members blocked in this instance can move only when it completes or its root arrives
        if (inst.complete || (op.isRootToAll() && local == inst.roots[local])) {
            for (int m : comm.members()) toCheck.set(m);
        }
        progress++;
        CollBlocker b = new CollBlocker(inst, local,
                policy.eagerCollectives() && op != Op.SPLIT && op != Op.DUP && op != Op.CREATE);
        b.ev = ev;
        block(rank, b);
        return new CollResult(inst.results == null ? null : inst.results[local], inst.payloads, inst.complete, inst.combined,
                inst.seq, inst.comm.id());
    }

    /**
     * {@code rank} has read its result of the collective it joined last. When every member has, the instance lets go
     * of the members' buffers and its combined values: a run keeps its collectives to the end (for their events), and
     * a benchmark broadcasting arrays of millions of elements in a loop would otherwise keep every one of them alive.
     */
    public void collectiveRead(int rank) {
        CollInstance inst = ranks[rank].lastCollective;
        if (inst == null || ++inst.read < inst.comm.size()) return;
        Arrays.fill(inst.payloads, null);
        inst.combined.clear();
    }

    private void makeCommunicators(CollInstance inst) {
        int n = inst.ops.length;
        inst.results = new CommValue[n];
        Map<Long, List<Integer>> groups = new HashMap<>();
        for (int i = 0; i < n; i++) {
            long c = inst.ops[i] == Op.SPLIT || inst.ops[i] == Op.CREATE ? inst.colors[i] : 0;
            if (c == Long.MIN_VALUE) continue; // MPI.UNDEFINED colour: no new communicator
            groups.computeIfAbsent(c, x -> new ArrayList<>()).add(i);
        }
        for (Long color : new TreeSet<>(groups.keySet())) {
            List<Integer> g = groups.get(color);
            g.sort((a, b) -> inst.keys[a] != inst.keys[b] ? Long.compare(inst.keys[a], inst.keys[b]) : Integer.compare(a, b));
            int[] members = new int[g.size()];
            for (int i = 0; i < members.length; i++) members[i] = inst.comm.world(g.get(i));
            int[] inverse = CommValue.inverseOf(members, np);
            int id = nextCommId++;
            for (int i = 0; i < members.length; i++) inst.results[g.get(i)] = new CommValue(id, members, i, inverse);
        }
    }

    // ===================================================================== results

    /** The state of the run once {@link #run} returned. */
    public RunOutcome outcome() {
        List<List<Event>> traces = new ArrayList<>(np);
        List<RunOutcome.Blocked> blocked = new ArrayList<>();
        List<String> aborted = new ArrayList<>();
        for (RankState rs : ranks) {
            traces.add(List.copyOf(rs.trace));
            if (rs.status == RankStatus.ABORTED) aborted.add("rank " + rs.rank + ": " + rs.abortReason);
        }
        for (RankState rs : ranks) {
            if (rs.status == RankStatus.BLOCKED || rs.status == RankStatus.YIELDED) {
                blocked.add(describeBlocked(rs));
            }
        }
        List<RunOutcome.Match> matches = new ArrayList<>();
        List<SendOp> orphans = new ArrayList<>();
        for (SendOp s : allSends) {
            if (s.match != null && s.match.ev != null && s.ev != null) {
                matches.add(new RunOutcome.Match(s.ev, s.match.ev, s.buffered));
            } else if (s.match == null && s.ev != null) {
                orphans.add(s);
            }
        }
        List<RunOutcome.Collective> colls = new ArrayList<>();
        for (CollInstance ci : allCollectives) {
            colls.add(new RunOutcome.Collective(ci.comm.id(), ci.seq, Arrays.asList(ci.events.clone()), ci.complete,
                    ci.mismatch, ci.comm.members()));
        }
        List<RequestValue> leaks = new ArrayList<>();
        for (RankState rs : ranks) {
            if (rs.status != RankStatus.DONE || jobEnd != null) continue; // an aborted job leaks nothing it could have completed
            for (RequestValue rv : rs.requests) {
                if (!rv.completedByProgram && !rv.freed && rv.current != null) leaks.add(rv);
            }
        }
        boolean[] done = new boolean[np];
        for (RankState rs : ranks) done[rs.rank] = rs.status == RankStatus.DONE;
        return new RunOutcome(policy, traces, matches, blocked, orphans, colls, leaks, aborted, done,
                List.copyOf(choices.taken()), List.copyOf(wildcardDecisions), timedOut, jobEnd, jobEndByExit, List.copyOf(failures));
    }

    private RunOutcome.Blocked describeBlocked(RankState rs) {
        Set<Integer> waitsFor = new LinkedHashSet<>();
        RunOutcome.WaitKind kind;
        Event ev;
        Blocker b = rs.blocker;
        if (rs.status == RankStatus.YIELDED || b == null) {
            // a rank polling forever waits for whatever its outstanding requests wait for (a receive for its senders, a
            // send for its receiver), and one spinning on Iprobe for the ranks that could send what it probes for (when
            // those stopped being followed, a budget and not the program left it spinning)
            List<Pending> polled = new ArrayList<>();
            for (RequestValue rv : rs.requests) {
                if (rv.freed || rv.current == null || rv.current.complete()) continue;
                if (rv.current instanceof RecvOp r) {
                    polled.add(r);
                    addSources(r, waitsFor);
                } else if (rv.current instanceof SendOp s) {
                    polled.add(s);
                    waitsFor.add(s.dst);
                }
            }
            if (rs.probing != null) {
                polled.add(rs.probing);
                addSources(rs.probing, waitsFor);
            }
            waitsFor.remove(rs.rank);
            return new RunOutcome.Blocked(rs.rank, RunOutcome.WaitKind.POLL, rs.trace.isEmpty() ? null
                    : rs.trace.get(rs.trace.size() - 1), waitsFor, polled);
        }
        ev = b.ev;
        List<Pending> pendings = new ArrayList<>();
        switch (b) {
            case CollBlocker cb -> {
                kind = RunOutcome.WaitKind.COLLECTIVE;
                for (int i = 0; i < cb.inst.ops.length; i++) {
                    if (cb.inst.ops[i] == null) waitsFor.add(cb.inst.comm.world(i));
                }
                if (waitsFor.isEmpty()) {
                    for (int i = 0; i < cb.inst.ops.length; i++) if (i != cb.local) waitsFor.add(cb.inst.comm.world(i));
                }
            }
            case ProbeBlocker pb -> {
                kind = RunOutcome.WaitKind.PROBE;
                addSources(pb.probe, waitsFor);
                pendings.add(pb.probe);
            }
            case WaitBlocker wb -> {
                boolean allSends = true;
                for (Pending p : wb.ops) {
                    if (wb.done(p)) continue;
                    pendings.add(p);
                    if (p instanceof SendOp s) waitsFor.add(s.dst);
                    else {
                        allSends = false;
                        addSources((RecvOp) p, waitsFor);
                    }
                }
                Op op = ev == null ? Op.WAIT : ev.op();
                kind = op.kind() == Op.Kind.WAIT ? RunOutcome.WaitKind.WAIT
                        : allSends ? RunOutcome.WaitKind.SEND : RunOutcome.WaitKind.RECV;
            }
        }
        waitsFor.remove(rs.rank);
        return new RunOutcome.Blocked(rs.rank, kind, ev, waitsFor, pendings);
    }

    private void addSources(RecvOp r, Set<Integer> out) {
        if (r.src == Peer.ANY) {
            for (int m : r.commValue.members()) out.add(m);
        } else {
            out.add(r.src);
        }
    }
}
