package dev.rendezvous.core.analysis.streaming;

import java.util.ArrayList;
import java.util.List;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/**
 * A streaming pipeline whose channel graph has an undirected cycle: by Theorem 2.2 of
 * {@code streaming-filtering-dummy-tokens.md}, when nodes filter (drop some tokens) and channels
 * are finite, such a pipeline can deadlock — a node waits on the channel of one path while the
 * channels of the other path are full — unless dummy tokens are sent. Reported at the send of the
 * first channel of the cycle. When the deadlock analysis already found a deadlock in this program
 * it is reported with that verdict (an error); otherwise it is a warning about other inputs.
 * Programs whose channel graph is a tree (or has directed cycles: not a pipeline) get nothing.
 */
public final class FilteringCycle {
    private FilteringCycle() {}

    public static List<Finding> find(CommGraph g, Verdict deadlock) {
        ChannelGraph cg = ChannelGraph.of(g);
        if (!cg.isStreaming()) return List.of();
        List<ChannelGraph.Channel> cycle = cg.undirectedCycle();
        if (cycle.isEmpty()) return List.of();
        ChannelGraph.Channel first = cycle.get(0);
        List<Related> related = new ArrayList<>();
        List<Integer> ranks = new ArrayList<>();
        for (ChannelGraph.Channel c : cycle) {
            if (!ranks.contains(c.from())) ranks.add(c.from());
            if (!ranks.contains(c.to())) ranks.add(c.to());
            if (c != first) related.add(new Related(c.firstSend().site(), c.from(), "channel " + c + " sent here", false));
            related.add(new Related(c.firstRecv().site(), c.to(), "channel " + c + " received here", false));
        }
        boolean error = deadlock != Verdict.NONE;
        String msg = "Streaming channel graph has an undirected cycle " + cycle
                + ": when stages filter tokens and channels are finite, a stage can wait on one path while the other path's"
                + " channels are full (Theorem 2.2); send dummy tokens or give the channels enough capacity"
                + (error ? "" : " (no deadlock with the program's own inputs)");
        return List.of(new Finding(FindingKind.FILTERING_CYCLE, error ? Severity.ERROR : Severity.WARNING,
                error ? deadlock : Verdict.NONE, msg, first.firstSend().site(), ranks.stream().sorted().toList(), related,
                List.of(), ""));
    }
}
