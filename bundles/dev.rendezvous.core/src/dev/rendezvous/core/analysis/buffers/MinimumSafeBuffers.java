package dev.rendezvous.core.analysis.buffers;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * BSP and BAP of {@code buffer-allocation-complexity.md} §4–5, solved exactly by search.
 * <ul>
 * <li>{@link #sufficient} (BSP, coNP-complete): explores every colouring sequence the explorer can
 * produce under the receive-buffer model with the given pools — each send may or may not take a
 * token when posted, and blocked sends take free tokens when no rank can move — and answers
 * "sufficient" only if none deadlocks and the exploration was complete.</li>
 * <li>{@link #minimum} (BAP, NP-hard): tries assignments in order of their total, only over ranks
 * that receive messages (a token elsewhere is never used), each checked with BSP; returns the first
 * sufficient one. Gives up (null) when a budget runs out: no number is returned unproved.</li>
 * </ul>
 * Only for programs whose executions do not depend on wildcard matches or unknown branches.
 */
public final class MinimumSafeBuffers {
    /** BSP checks tried at most. */
    static final int MAX_CHECKS = 64;

    private MinimumSafeBuffers() {}

    /** TRUE / FALSE when proved, null when the exploration budget ran out. */
    public static Boolean sufficient(AnalysisContext ctx, int[] pools) {
        Explorer.Exploration e = ctx.exploreTokens(pools);
        if (e.anyDeadlock()) return false;
        return e.complete() ? Boolean.TRUE : null;
    }

    public static int[] minimum(AnalysisContext ctx, RunOutcome completed) {
        int np = ctx.np();
        Explorer.Exploration zero = ctx.explore(BufferPolicy.ZERO);
        if (zero.hadChoices() || ctx.explore(BufferPolicy.UNBOUNDED).hadChoices()) return null;
        if (!zero.anyDeadlock()) return new int[np];
        TreeSet<Integer> receivers = new TreeSet<>();
        for (List<Event> t : completed.traces()) {
            for (Event e : t) {
                if (e.op().kind() == Op.Kind.SEND && e.peer() >= 0 && e.peer() < np) receivers.add(e.peer());
            }
        }
        List<Integer> cand = new ArrayList<>(receivers);
        int checks = 0;
        int maxTotal = 4 * Math.max(1, cand.size());
        for (int total = 1; total <= maxTotal; total++) {
            for (int[] split : compositions(total, cand.size())) {
                if (++checks > MAX_CHECKS) return null;
                int[] pools = new int[np];
                for (int i = 0; i < split.length; i++) pools[cand.get(i)] = split[i];
                Boolean ok = sufficient(ctx, pools);
                if (ok == null) return null;
                if (ok) return pools;
            }
        }
        return null;
    }

    /** All ways to write total as an ordered sum of m non-negative parts. */
    static List<int[]> compositions(int total, int m) {
        List<int[]> out = new ArrayList<>();
        if (m == 0) return out;
        compose(total, m, 0, new int[m], out);
        return out;
    }

    private static void compose(int left, int m, int i, int[] cur, List<int[]> out) {
        if (out.size() > 10_000) return;
        if (i == m - 1) {
            cur[i] = left;
            out.add(cur.clone());
            return;
        }
        for (int v = left; v >= 0; v--) {
            cur[i] = v;
            compose(left - v, m, i + 1, cur, out);
        }
    }
}
