package dev.rendezvous.core.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Stateless depth-first search over the decisions of executions (wildcard matches, buffering
 * choices, unknown branches): each run replays a prefix and reports the decisions it met; the next
 * prefix bumps the deepest decision that still has an untried option. Only decisions made at
 * fences are enumerated, which is the partial-order reduction of POE: independent operations are
 * never interleaved in different orders.
 *
 * <p>With a {@link StateCache} (from the second run on) a run that reaches a global state an
 * earlier run has already branched from is cut there: its continuations are those of the earlier
 * visit. Cut runs are counted, not kept: {@link Exploration#runs()} holds the runs that ended
 * (completed, deadlocked or stopped by a budget), and every outcome a cut run could have reached is
 * among them.
 */
public final class Explorer {
    /**
     * The runs explored; {@code complete} when every decision sequence was tried within budget;
     * {@code cut} runs ended at a state already explored, {@code states} distinct states recorded.
     */
    public record Exploration(BufferPolicy policy, List<RunOutcome> runs, boolean complete, int cut, int states) {
        public Exploration(BufferPolicy policy, List<RunOutcome> runs, boolean complete) {
            this(policy, runs, complete, 0, 0);
        }

        public boolean anyDeadlock() {
            return runs.stream().anyMatch(RunOutcome::deadlocked);
        }

        public boolean allDeadlock() {
            return !runs.isEmpty() && runs.stream().allMatch(RunOutcome::deadlocked);
        }

        public boolean hadChoices() {
            return cut > 0 || runs.stream().anyMatch(r -> !r.decisions().isEmpty());
        }

        public RunOutcome first() {
            return runs.get(0);
        }

        public RunOutcome firstDeadlock() {
            return runs.stream().filter(RunOutcome::deadlocked).findFirst().orElse(null);
        }
    }

    /**
     * Cut runs stop at the first known state but replay their prefix first: measured, one costs a quarter to
     * all of a full run (WorkQueueAny about half, ProbeDispatch about all); this many count as one run of the budget.
     */
    static final int CUT_RUNS_PER_RUN = 4;

    /**
     * Sees every run of an exploration once: the kept ones and those cut at a state already explored
     * ({@code cut}; their traces end at that state). Replays that only repeat a run to learn its options are not shown.
     */
    public interface RunObserver {
        void ran(RunOutcome run, boolean cut);
    }

    private Explorer() {}

    public static Exploration explore(BufferPolicy policy, int maxRuns, long deadlineNanos,
            Function<int[], RunOutcome> runner) {
        return explore(policy, maxRuns, deadlineNanos, (prefix, cache) -> runner.apply(prefix), false, false);
    }

    /**
     * As above, with state caching when {@code cached} (the runner then hands the cache to its
     * world); with {@code stopAtDeadlock} the search ends at the first deadlocked run (enough to refute BSP).
     */
    public static Exploration explore(BufferPolicy policy, int maxRuns, long deadlineNanos,
            BiFunction<int[], StateCache, RunOutcome> runner, boolean stopAtDeadlock, boolean cached) {
        return explore(policy, maxRuns, deadlineNanos, runner, stopAtDeadlock, cached, null);
    }

    /** The runs an exploration kept, or the last infeasible one when it kept none (an exploration has a run). */
    private static List<RunOutcome> kept(List<RunOutcome> runs, RunOutcome infeasible) {
        if (runs.isEmpty() && infeasible != null) runs.add(infeasible);
        return runs;
    }

    /** As above, showing every run to {@code observer} (may be null). */
    public static Exploration explore(BufferPolicy policy, int maxRuns, long deadlineNanos,
            BiFunction<int[], StateCache, RunOutcome> runner, boolean stopAtDeadlock, boolean cached, RunObserver observer) {
        List<RunOutcome> runs = new ArrayList<>();
        StateCache cache = new StateCache(cached);
        int cut = 0;
        int[] prefix = new int[0];
        boolean replaying = false;
        RunOutcome infeasible = null; // the last run along a path no execution takes: kept only if no other run is
        while (true) {
            RunOutcome o = runner.apply(prefix, cache);
            boolean pruned = cache.takePruned();
            if (cache.takeInfeasible() && !pruned) {
                pruned = true; // counted as cut: nothing to report from it
                infeasible = o;
            }
            if (observer != null && !replaying) observer.ran(o, pruned);
            if (pruned) cut++;
            else if (!replaying) runs.add(o); // a replay to learn options repeats an execution already kept
            replaying = false;
            if (cache.takeRerun() && runs.size() + cut / CUT_RUNS_PER_RUN < maxRuns) {
                // the run learned that a wildcard could have waited for a later sender: the same decisions again,
                // now with that option, so that the search below backtracks into it
                prefix = new int[o.decisions().size()];
                for (int k = 0; k < prefix.length; k++) prefix[k] = o.decisions().get(k).chosen();
                replaying = true;
                cache.activate();
                continue;
            }
            int states = cache.states();
            if (stopAtDeadlock && !pruned && o.deadlocked()) return new Exploration(policy, kept(runs, infeasible), false, cut, states);
            List<ChoiceSource.Decision> d = o.decisions();
            int i = d.size() - 1;
            while (i >= 0 && d.get(i).chosen() + 1 >= d.get(i).options()) i--;
            if (i < 0) return new Exploration(policy, kept(runs, infeasible), true, cut, states);
            if (runs.size() + cut / CUT_RUNS_PER_RUN >= maxRuns || System.nanoTime() > deadlineNanos || o.timedOut()) {
                return new Exploration(policy, kept(runs, infeasible), false, cut, states);
            }
            cache.activate(); // a second run follows: from now on states are worth recording
            prefix = new int[i + 1];
            for (int k = 0; k < i; k++) prefix[k] = d.get(k).chosen();
            prefix[i] = d.get(i).chosen() + 1;
        }
    }
}
