package dev.rendezvous.core.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Stateless depth-first search over the decisions of executions (wildcard matches, buffering
 * choices, unknown branches): each run replays a prefix and reports the decisions it met; the next
 * prefix bumps the deepest decision that still has an untried option. Only decisions made at
 * fences are enumerated, which is the partial-order reduction of POE: independent operations are
 * never interleaved in different orders.
 */
public final class Explorer {
    /** The runs explored; {@code complete} when every decision sequence was tried within budget. */
    public record Exploration(BufferPolicy policy, List<RunOutcome> runs, boolean complete) {
        public boolean anyDeadlock() {
            return runs.stream().anyMatch(RunOutcome::deadlocked);
        }

        public boolean allDeadlock() {
            return !runs.isEmpty() && runs.stream().allMatch(RunOutcome::deadlocked);
        }

        public boolean hadChoices() {
            return runs.stream().anyMatch(r -> !r.decisions().isEmpty());
        }

        public RunOutcome first() {
            return runs.get(0);
        }

        public RunOutcome firstDeadlock() {
            return runs.stream().filter(RunOutcome::deadlocked).findFirst().orElse(null);
        }
    }

    private Explorer() {}

    public static Exploration explore(BufferPolicy policy, int maxRuns, long deadlineNanos,
            Function<int[], RunOutcome> runner) {
        return explore(policy, maxRuns, deadlineNanos, runner, false);
    }

    /** As above; with {@code stopAtDeadlock} the search ends at the first deadlocked run (enough to refute BSP). */
    public static Exploration explore(BufferPolicy policy, int maxRuns, long deadlineNanos,
            Function<int[], RunOutcome> runner, boolean stopAtDeadlock) {
        List<RunOutcome> runs = new ArrayList<>();
        int[] prefix = new int[0];
        while (true) {
            RunOutcome o = runner.apply(prefix);
            runs.add(o);
            if (stopAtDeadlock && o.deadlocked()) return new Exploration(policy, runs, false);
            List<ChoiceSource.Decision> d = o.decisions();
            int i = d.size() - 1;
            while (i >= 0 && d.get(i).chosen() + 1 >= d.get(i).options()) i--;
            if (i < 0) return new Exploration(policy, runs, true);
            if (runs.size() >= maxRuns || System.nanoTime() > deadlineNanos || o.timedOut()) {
                return new Exploration(policy, runs, false);
            }
            prefix = new int[i + 1];
            for (int k = 0; k < i; k++) prefix[k] = d.get(k).chosen();
            prefix[i] = d.get(i).chosen() + 1;
        }
    }
}
