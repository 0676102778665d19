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

    /** The dummy intervals of one channel (null = infinity) for the JSON report. */
    public record Interval(int from, int to, long capacity, Long propagation, Long nonPropagation) {}

    /** Intervals of every channel of a streaming pipeline with an undirected cycle; empty otherwise. */
    public static List<Interval> intervals(CommGraph g, java.util.function.ToLongBiFunction<Integer, Integer> capacity) {
        ChannelGraph cg = ChannelGraph.of(g);
        if (!cg.isStreaming() || cg.undirectedCycle().isEmpty()) return List.of();
        List<DummyIntervals.Edge> edges = new ArrayList<>();
        for (ChannelGraph.Channel c : cg.channels()) edges.add(new DummyIntervals.Edge(c.from(), c.to(), capacity.applyAsLong(c.from(), c.to())));
        java.util.Map<DummyIntervals.Edge, Long> prop = DummyIntervals.propagation(edges);
        java.util.Map<DummyIntervals.Edge, Long> nonProp = DummyIntervals.nonPropagation(edges);
        List<Interval> out = new ArrayList<>();
        for (DummyIntervals.Edge e : edges) {
            long p = prop.get(e), n = nonProp.get(e);
            out.add(new Interval(e.from(), e.to(), e.capacity(), p == DummyIntervals.INF ? null : p, n == DummyIntervals.INF ? null : n));
        }
        return out;
    }

    /** One {@code dummy-interval} finding per channel that needs dummies, at the channel's send. */
    public static List<Finding> intervalFindings(CommGraph g, List<Interval> intervals) {
        List<Finding> out = new ArrayList<>();
        ChannelGraph cg = ChannelGraph.of(g);
        for (Interval iv : intervals) {
            if (iv.propagation() == null && iv.nonPropagation() == null) continue;
            ChannelGraph.Channel c = cg.channels().stream().filter(x -> x.from() == iv.from() && x.to() == iv.to()).findFirst().orElseThrow();
            String prop = iv.propagation() == null ? "no dummies are needed on it when dummies are forwarded (Algorithm 4)"
                    : "send a dummy token at least every " + iv.propagation() + " indices when dummies are forwarded (Algorithm 4)";
            String nonProp = iv.nonPropagation() == null ? "none when they are not (Algorithm 6)"
                    : "every " + iv.nonPropagation() + " indices when they are not (Algorithm 6)";
            out.add(new Finding(FindingKind.DUMMY_INTERVAL, Severity.INFO, Verdict.NONE, "Channel " + c + ": " + prop + ", "
                    + nonProp + ", to rule out filtering deadlocks",
                    c.firstSend().site(), List.of(c.from(), c.to()), List.of(), List.of(), ""));
        }
        return out;
    }

    /**
     * The filtering cycle of {@code g}, if any. With a deadlock ({@code deadlock} not NONE) it is an
     * error. Without one it is a warning about other inputs only when the run shows a stage on the
     * cycle filtering ({@link #filters}): by Theorem 3.1 a pipeline in which no stage filters cannot
     * deadlock, so a stage that sends every token on every output (a row broadcast, a non-filtering
     * DAG) gets nothing. From an exploration cut short by the budget ({@code complete} false) the
     * warning is only information.
     */
    public static List<Finding> find(CommGraph g, Verdict deadlock, boolean complete) {
        ChannelGraph cg = ChannelGraph.of(g);
        if (!cg.isStreaming()) return List.of();
        List<ChannelGraph.Channel> cycle = cg.undirectedCycle();
        if (cycle.isEmpty()) return List.of();
        if (deadlock == Verdict.NONE && !filters(cg, cycle)) return List.of();
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
        return List.of(new Finding(FindingKind.FILTERING_CYCLE, error ? Severity.ERROR : complete ? Severity.WARNING : Severity.INFO,
                error ? deadlock : Verdict.NONE, msg, first.firstSend().site(), ranks.stream().sorted().toList(), related,
                List.of(), ""));
    }

    /**
     * Whether a stage on the cycle dropped tokens in this run (the paper's filtering, Section 2): its
     * output channels on the cycle carried different numbers of messages, or fewer than one of its inputs
     * did. A stage that forwards each token on every output leaves all these counts equal. Outputs off the
     * cycle do not count: a master that talks to one worker more often than to the two on the cycle (a pair
     * exchange of its own) does not starve either path of the cycle, and was warned of filtering.
     */
    static boolean filters(ChannelGraph cg, List<ChannelGraph.Channel> cycle) {
        java.util.Set<Integer> stages = new java.util.TreeSet<>();
        for (ChannelGraph.Channel c : cycle) {
            stages.add(c.from());
            stages.add(c.to());
        }
        for (int v : stages) {
            int outMin = Integer.MAX_VALUE, outMax = -1, inMax = -1;
            for (ChannelGraph.Channel c : cg.channels()) {
                if (c.from() == v && cycle.contains(c)) {
                    outMin = Math.min(outMin, c.messages());
                    outMax = Math.max(outMax, c.messages());
                }
                if (c.to() == v) inMax = Math.max(inMax, c.messages());
            }
            if (outMax >= 0 && (outMin != outMax || outMin < inMax)) return true;
        }
        return false;
    }

    /** The filtering cycle, told with the blocked ranks of the run that deadlocked. */
    public static Finding withWitness(Finding cycle, Finding deadlock) {
        String m = deadlock.message();
        int cut = m.indexOf(". ");
        String witness = cut >= 0 ? m.substring(cut + 2) : m;
        List<Related> related = new ArrayList<>(cycle.related());
        for (Related r : deadlock.related()) if (!related.contains(r)) related.add(r);
        Finding f = cycle.withMessage(cycle.message() + ". With the program's own inputs it deadlocks: " + witness);
        return new Finding(f.kind(), f.severity(), f.verdict(), f.message(), f.range(), f.ranks(), related, f.fixes(),
                f.witness().isEmpty() ? deadlock.witness() : f.witness());
    }

    /**
     * The filtering cycle of a program whose own dummy-interval table already sends a dummy on every
     * channel at least as often as Algorithm 6 asks ({@link #withTableFix} found no fix to make): by
     * Theorem 3.3 it cannot deadlock from filtering, so the finding is only information saying so.
     * A deadlock found with the program's own inputs stays an error.
     */
    public static Finding protectedByTable(Finding cycle, PipelineTables tables) {
        if (cycle.severity() == Severity.ERROR || tables.intervalTable() == null) return cycle;
        return new Finding(cycle.kind(), Severity.INFO, cycle.verdict(), cycle.message() + ". The program's "
                + tables.intervalName() + " table sends a dummy on every channel at least this often, which rules the "
                + "deadlock out (Theorem 3.3)", cycle.range(), cycle.ranks(), cycle.related(), cycle.fixes(), cycle.witness());
    }

    /**
     * The filtering cycle with the fix that fills the program's dummy-interval table, when there is
     * one to make; {@code intervals} are the ones {@link #intervals} computed for this run.
     */
    public static Finding withTableFix(Finding cycle, List<Interval> intervals, PipelineTables tables) {
        java.util.Map<DummyIntervals.Edge, Long> nonPropagation = new java.util.HashMap<>();
        for (Interval iv : intervals) {
            nonPropagation.put(new DummyIntervals.Edge(iv.from(), iv.to(), iv.capacity()),
                    iv.nonPropagation() == null ? DummyIntervals.INF : iv.nonPropagation());
        }
        dev.rendezvous.core.model.Fix fix = tables.dummyIntervalFix(nonPropagation);
        if (fix == null) return cycle;
        List<dev.rendezvous.core.model.Fix> fixes = new ArrayList<>(cycle.fixes());
        fixes.add(fix);
        return cycle.withFixes(fixes);
    }
}
