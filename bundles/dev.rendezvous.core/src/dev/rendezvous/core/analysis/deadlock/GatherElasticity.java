package dev.rendezvous.core.analysis.deadlock;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.LocalModels;
import dev.rendezvous.core.semantics.LocalModels.Action;
import dev.rendezvous.core.semantics.LocalModels.Kind;
import dev.rendezvous.core.semantics.LocalModels.Node;
import dev.rendezvous.core.semantics.LocalModels.Outcome;
import dev.rendezvous.core.semantics.LocalModels.Step;

/**
 * Slack elasticity of a <em>gather</em>, read off the automata of a complete learned zero-buffer
 * exploration ({@link LocalModels}): every rank either only sends, all its messages to one rank and
 * along one fixed path (no receive, probe or branch between its sends), or never sends; and no receive
 * or probe can take a sender's message while an earlier one of the same sender waits in its channel.
 * A master that probes {@code ANY_SOURCE, ANY_TAG} and then receives exactly what the probe saw, from
 * workers that each send it a batch, is such a program.
 *
 * <p>POE_MSE ({@code slack-elasticity-poe-mse.md} §2, Fig. 2(b)) finds a potential culprit send where
 * buffering it breaks a happens-before path that keeps a later send of its rank from competing for a
 * wildcard receive: buffering {@code S_{0,0}(1)} lets {@code S_{0,2}(2)} compete for {@code R_{2,0}(*)}.
 * Here no send has that power. A sender's later sends all go to the same rank as the buffered one, and
 * MPI's non-overtaking keeps them behind it in that channel; the second condition says that no receive
 * reaches past the channel's oldest message (it accepts any tag; or every message the sender has for it
 * carries its tag, or none does; or it receives the source and tag of the probe just before it, which
 * saw that oldest message). So whatever the buffering, each receiving rank sees from each sender only
 * the message a zero-buffer sender would be blocked at, and (induction on the receives) every buffered
 * execution's receive histories are those of a zero-buffer execution in which each sender waits at its
 * oldest unreceived message. When a buffered execution deadlocks, that zero-buffer execution is stuck
 * too: a blocked receive had no accepted message at any channel head, and a sender whose message nobody
 * takes is stuck at it. Hence a complete zero-buffer exploration without deadlock proves that no per-send
 * buffering (unbounded buffering included) deadlocks: the per-send exploration, and all but the first
 * unbounded runs, are spared.
 *
 * <p>The automata must be those of a complete exploration (every node and edge any zero-buffer
 * execution takes); a rank's behaviour after a receive is then among its recorded edges, and a
 * sender's one path is recorded to its end.
 */
public final class GatherElasticity {
    private GatherElasticity() {}

    /** Whether the learned automata of {@code np} ranks have the shape above. */
    public static boolean holds(LocalModels models, int np) {
        int[] dest = new int[np];
        List<Set<Integer>> sendTags = new java.util.ArrayList<>();
        boolean[] receives = new boolean[np];
        for (int r = 0; r < np; r++) {
            dest[r] = Peer.UNKNOWN;
            Set<Integer> tags = new HashSet<>();
            sendTags.add(tags);
            List<Node> nodes = models.nodes(r);
            boolean sends = false;
            for (Node n : nodes) {
                Action a = n.action;
                switch (a.kind()) {
                    case SEND -> {
                        if (a.peer() < 0 || a.peer() >= np || a.peer() == r || a.tag() < 0) return false;
                        if (sends && dest[r] != a.peer()) return false;
                        sends = true;
                        dest[r] = a.peer();
                        tags.add(a.tag());
                    }
                    case RECV, PROBE -> {
                        if (a.peer() != Peer.ANY && (a.peer() < 0 || a.peer() >= np)) return false;
                        if (a.tag() != Peer.ANY && a.tag() < 0) return false;
                        receives[r] = true;
                    }
                    case END -> { }
                    default -> {
                        return false; // Sendrecv sends and receives in one call; collectives are outside the learned subset
                    }
                }
            }
            if (sends && receives[r]) return false;
            if (sends && !onePath(models, r)) return false;
        }
        for (int r = 0; r < np; r++) {
            if (!receives[r]) continue;
            Map<Node, List<Edge>> into = edgesInto(models, r);
            for (Node n : models.nodes(r)) {
                Action a = n.action;
                if (a.kind() != Kind.RECV && a.kind() != Kind.PROBE || a.tag() == Peer.ANY) continue;
                if (neverSkips(a, r, dest, sendTags)) continue;
                if (a.kind() == Kind.RECV && receivesWhatWasProbed(n, into.getOrDefault(n, List.of()))) continue;
                return false;
            }
        }
        return true;
    }

    /** Every node of sender {@code r} leads on by one step only, and it starts at one node. */
    private static boolean onePath(LocalModels models, int r) {
        if (models.starts(r).size() > 1) return false;
        for (Node n : models.nodes(r)) {
            for (Map.Entry<Outcome, Set<Step>> e : n.next.entrySet()) {
                if (!e.getKey().equals(Outcome.NONE) || e.getValue().size() > 1) return false;
            }
        }
        return true;
    }

    /**
     * A receive or probe accepting one tag never takes a sender's message past an older one: every sender it can take
     * from sends {@code r} only that tag, or never that tag.
     */
    private static boolean neverSkips(Action a, int r, int[] dest, List<Set<Integer>> sendTags) {
        for (int q = 0; q < dest.length; q++) {
            if (dest[q] != r || a.peer() != Peer.ANY && a.peer() != q) continue;
            Set<Integer> tags = sendTags.get(q);
            if (tags.contains(a.tag()) && tags.size() > 1) return false;
        }
        return true;
    }

    /**
     * A receive from a named source and tag that every recorded edge into reaches straight from a probe that returned
     * that source and tag: the probe saw the channel's oldest message (it accepts any tag, or was judged above), and
     * only this rank takes from that channel, so the receive takes that same message.
     */
    private static boolean receivesWhatWasProbed(Node n, List<Edge> into) {
        Action a = n.action;
        if (a.peer() < 0 || into.isEmpty()) return false;
        for (Edge e : into) {
            if (e.from() == null || e.from().action.kind() != Kind.PROBE || e.outcome().source() != a.peer() || e.outcome().tag() != a.tag()) return false;
        }
        return true;
    }

    /** An edge into a node: from the node before it by what that returned; both null for the rank's start. */
    private record Edge(Node from, Outcome outcome) {}

    /** The recorded edges into each node of rank {@code r}, its starts included. */
    private static Map<Node, List<Edge>> edgesInto(LocalModels models, int r) {
        Map<Node, List<Edge>> into = new java.util.IdentityHashMap<>();
        for (Step s : models.starts(r)) into.computeIfAbsent(s.node(), k -> new java.util.ArrayList<>()).add(new Edge(null, null));
        for (Node n : models.nodes(r)) {
            for (Map.Entry<Outcome, Set<Step>> e : n.next.entrySet()) {
                for (Step s : e.getValue()) into.computeIfAbsent(s.node(), k -> new java.util.ArrayList<>()).add(new Edge(n, e.getKey()));
            }
        }
        return into;
    }
}
