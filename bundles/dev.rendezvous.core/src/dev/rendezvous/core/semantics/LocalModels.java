package dev.rendezvous.core.semantics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.model.Op;

/**
 * Each rank's behaviour as a finite automaton, read off the runs of an exploration: a node is a rank
 * at one communication call in one local state (the interpreter's state hash of {@link StateCache},
 * plus the call's resolved arguments), an edge is what the call returned (the matched source, tag and
 * message for a receive or probe) leading to the node of the rank's next call. Local states that hash
 * alike are one node, so a master that loops over any-source receives is a small cycle, not a tree
 * of every matching order.
 *
 * <p>Once the exploration is complete, every edge any execution can take is recorded, and the
 * automata together are a closed model of the program's communication at this process count; this
 * is what {@code report/PromelaExport} writes out for SPIN. Calls outside the modelled subset
 * (non-blocking calls, sub-communicators, buffered sends) make the model {@linkplain #unsupported()
 * unsupported} with the first reason.
 */
public final class LocalModels {

    /** What a node does; {@code payload} is a message id from {@link #payloadId}, -1 where none. */
    public record Action(Kind kind, Op op, int peer, int tag, int payload, int peer2, int tag2, int root, int line) {}

    /** The kinds of node: communication calls, and the rank's end. */
    public enum Kind { SEND, RECV, SENDRECV, PROBE, COLLECTIVE, END }

    /**
     * What a call returned: the matched source, tag and message id; for a collective, the
     * {@linkplain #contributionsId contributions} id in {@code payload}; {@link #NONE} for calls that return nothing.
     */
    public record Outcome(int source, int tag, int payload) {
        public static final Outcome NONE = new Outcome(-1, -1, -1);
    }

    /**
     * A move to {@code node}, with the decisions on values every rank sees alike (a clock read broadcast by
     * the root, say) that the rank made on the way: pairs of key id and option, flattened. Such a decision is
     * taken once per key for all ranks, so the model must take it once too.
     */
    public record Step(Node node, List<Integer> uniform) {}

    /** One node: its action and, per outcome, the steps that follow (more than one when a decision steers). */
    public static final class Node {
        public final int id;
        public final Action action;
        public final Map<Outcome, Set<Step>> next = new LinkedHashMap<>();

        Node(int id, Action action) {
            this.id = id;
            this.action = action;
        }
    }

    private record Key(long a, long b, Action action) {}

    private final List<Map<Key, Node>> nodes = new ArrayList<>();
    private final List<Set<Step>> starts = new ArrayList<>();
    private final Map<Object, Integer> uniformKeys = new HashMap<>();
    private final List<List<Integer>> pendingUniform = new ArrayList<>();
    private final Map<List<Long>, Integer> payloads = new HashMap<>();
    private final Map<List<Integer>, Integer> contributions = new HashMap<>();
    private final List<List<Integer>> contributionList = new ArrayList<>();
    private final Node[] current;
    private final Outcome[] outcome;
    private final int[] collectives;
    private int maxCollectives;
    private String unsupported;

    public LocalModels(int np) {
        current = new Node[np];
        outcome = new Outcome[np];
        collectives = new int[np];
        for (int r = 0; r < np; r++) {
            nodes.add(new LinkedHashMap<>());
            starts.add(new LinkedHashSet<>());
            pendingUniform.add(new ArrayList<>());
        }
    }

    /** Called before each run: every rank starts before its first call. */
    synchronized void beginRun() {
        java.util.Arrays.fill(current, null);
        java.util.Arrays.fill(outcome, null);
        java.util.Arrays.fill(collectives, 0);
        for (List<Integer> u : pendingUniform) u.clear();
    }

    /**
     * Rank {@code rank} enters a call in the local state hashed by {@code state}: links the node it
     * left with the outcome it got there to this node, which becomes current.
     */
    public synchronized void enter(int rank, StateCache.Hasher state, Action action) {
        if (state.isOpaque() && unsupported == null) {
            unsupported = "rank " + rank + "'s state at line " + action.line() + " cannot be hashed";
        }
        Key k = new Key(state.first(), state.second(), action);
        Node n = nodes.get(rank).computeIfAbsent(k, x -> new Node(nodes.get(rank).size(), action));
        Step step = new Step(n, List.copyOf(pendingUniform.get(rank)));
        pendingUniform.get(rank).clear();
        if (current[rank] == null) starts.get(rank).add(step);
        else current[rank].next.computeIfAbsent(outcome[rank] == null ? Outcome.NONE : outcome[rank], o -> new LinkedHashSet<>()).add(step);
        current[rank] = n;
        outcome[rank] = null;
        if (action.kind() == Kind.COLLECTIVE) maxCollectives = Math.max(maxCollectives, ++collectives[rank]);
    }

    /**
     * Whether some run has shown rank {@code rank}, at the call it is in now, getting a message from {@code source}
     * with tag {@code tag} and, unless {@code payload} is -1, the contents of id {@code payload} ({@link #payloadId})
     * (true when it is in no call). What a probe or receive does next may depend on the contents (a probed count
     * sizes the receive that follows), so a message of new contents is a new edge as much as a new source is.
     */
    public synchronized boolean seenFrom(int rank, int source, int tag, int payload) {
        Node n = current[rank];
        if (n == null) return true;
        for (Outcome o : n.next.keySet()) {
            if (o.source() == source && o.tag() == tag && (payload < 0 || o.payload() == payload)) return true;
        }
        return false;
    }

    /** What the current call of {@code rank} returned. */
    public synchronized void returned(int rank, Outcome o) {
        outcome[rank] = o;
    }

    /** Rank {@code rank} took option {@code choice} of the decision every rank takes alike under {@code key}. */
    synchronized void uniform(int rank, Object key, int choice) {
        int id = uniformKeys.computeIfAbsent(key, k -> uniformKeys.size());
        pendingUniform.get(rank).add(id);
        pendingUniform.get(rank).add(choice);
    }

    /** How many keys of decisions taken alike by all ranks were met. */
    public synchronized int uniformKeys() {
        return uniformKeys.size();
    }

    /** The rank finished its body. */
    synchronized void end(int rank) {
        enter(rank, new StateCache.Hasher(), new Action(Kind.END, null, -1, -1, -1, -1, -1, -1, -1));
    }

    /** A call outside the modelled subset: the model is not exported. Only the first reason is kept. */
    public synchronized void unsupported(String why) {
        if (unsupported == null) unsupported = why;
    }

    /** A small id for a message's contents, as hashed by its sender's interpreter. */
    public synchronized int payloadId(StateCache.Hasher h) {
        return payloads.computeIfAbsent(List.of(h.first(), h.second()), x -> payloads.size());
    }

    /**
     * A small id for what every member contributed to one collective instance (their message ids in
     * member order): what a collective returns is a function of it.
     */
    public synchronized int contributionsId(List<Integer> messageIds) {
        Integer id = contributions.get(messageIds);
        if (id == null) {
            id = contributionList.size();
            contributions.put(List.copyOf(messageIds), id);
            contributionList.add(List.copyOf(messageIds));
        }
        return id;
    }

    /** The contributions behind an id of {@link #contributionsId}. */
    public synchronized List<Integer> contributions(int id) {
        return contributionList.get(id);
    }

    public synchronized String unsupported() {
        return unsupported;
    }

    /** The nodes of one rank in creation order (ids are indices). */
    public synchronized List<Node> nodes(int rank) {
        return new ArrayList<>(nodes.get(rank).values());
    }

    /** The steps a rank can start with. */
    public synchronized Set<Step> starts(int rank) {
        return starts.get(rank);
    }

    /** The most collective calls one rank made in one run. */
    public synchronized int maxCollectives() {
        return maxCollectives;
    }
}
