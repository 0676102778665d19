package dev.rendezvous.core.analysis.deadlock;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.LocalModels;
import dev.rendezvous.core.semantics.LocalModels.Action;
import dev.rendezvous.core.semantics.LocalModels.Kind;
import dev.rendezvous.core.semantics.LocalModels.Node;

/**
 * Slack elasticity of a <em>star</em>, read off the automata of a complete learned zero-buffer exploration
 * ({@link LocalModels}) without deadlock: one rank, the hub, talks with every other, and the others (the workers) talk
 * only with the hub: their sends all go to it and their receives all come from it (named, or from any source, which
 * can only be the hub). The hub sends to and receives from workers; none of the hub's receives that accepts one tag
 * can take a worker's message past an older one of that worker (the worker sends the hub that tag only, or never). A
 * task farm whose master hands out tasks, takes results from any worker and answers the one it heard from is such a
 * program, whatever order its messages take.
 *
 * <p>Buffering adds behaviour only where it lets a send compete for a receive that, without buffering, happens before
 * it ({@code slack-elasticity-poe-mse.md} §2–3: a potential culprit breaks that happens-before path); a deterministic
 * matching that completes without buffering completes with any (§1). Here the argument is by simulation. Take any
 * execution E under some buffering, and let a zero-buffer execution Z make the hub's calls in E's order, taking at
 * each receive the message E took there, with every worker waiting at its oldest message the hub has not yet received
 * (where E's worker may be past it, its send buffered). That message heads the worker's channel in E too, because MPI's
 * non-overtaking keeps a worker's later messages behind it, and the hub's receives cannot reach past it (the tag
 * condition); so the hub's receive in E can take it in Z, and the wildcard's choice in E is one of Z's candidates.
 * A worker's path depends only on what it received, which is the hub's messages in the hub's order in both. Z can fail
 * to follow E only where the hub sends a worker a message the worker cannot take at once in Z: it waits at a send of
 * its own to the hub (buffered in E), or at a receive of another tag. Then the two wait for each other for ever, and Z
 * deadlocks. Likewise, when E deadlocks, its hub waits at a receive no channel head matches, or at a send its worker
 * never takes, or has ended while a worker waits for it; each is a deadlock of Z. So if no zero-buffer execution
 * deadlocks, no buffered one does, and every buffered execution's receive histories are those of a zero-buffer one:
 * the per-send exploration, and all but the first unbounded runs, are spared (as {@link GatherElasticity} spares a
 * gather's).
 *
 * <p>The automata must be those of a complete exploration, and only what they model is judged: blocking sends and
 * receives with known peers and tags, the end (Finalize); a probe or a Sendrecv anywhere, or a worker talking with
 * another worker, is outside the shape.
 */
public final class StarElasticity {
    private StarElasticity() {}

    /** Whether the learned automata of {@code np} ranks have the shape above for some hub. */
    public static boolean holds(LocalModels models, int np) {
        if (np < 2) return false;
        for (int hub = 0; hub < np; hub++) {
            if (holds(models, np, hub)) return true;
        }
        return false;
    }

    private static boolean holds(LocalModels models, int np, int hub) {
        List<Set<Integer>> tagsToHub = new ArrayList<>();
        for (int r = 0; r < np; r++) {
            Set<Integer> tags = new HashSet<>();
            tagsToHub.add(tags);
            if (r == hub) continue;
            for (Node n : models.nodes(r)) {
                Action a = n.action;
                switch (a.kind()) {
                    case SEND -> {
                        if (a.peer() != hub || a.tag() < 0) return false;
                        tags.add(a.tag());
                    }
                    case RECV -> {
                        if (a.peer() != hub && a.peer() != Peer.ANY) return false;
                        if (a.tag() != Peer.ANY && a.tag() < 0) return false;
                    }
                    case END -> { }
                    default -> {
                        return false; // a probe, a Sendrecv, a collective
                    }
                }
            }
        }
        for (Node n : models.nodes(hub)) {
            Action a = n.action;
            switch (a.kind()) {
                case SEND -> {
                    if (a.peer() < 0 || a.peer() >= np || a.peer() == hub || a.tag() < 0) return false;
                }
                case RECV -> {
                    if (a.peer() != Peer.ANY && (a.peer() < 0 || a.peer() >= np || a.peer() == hub)) return false;
                    if (a.tag() == Peer.ANY) continue;
                    if (a.tag() < 0) return false;
                    for (int q = 0; q < np; q++) {
                        if (q == hub || a.peer() != Peer.ANY && a.peer() != q) continue;
                        Set<Integer> tags = tagsToHub.get(q);
                        if (tags.contains(a.tag()) && tags.size() > 1) return false; // could reach past an older message
                    }
                }
                case END -> { }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }
}
