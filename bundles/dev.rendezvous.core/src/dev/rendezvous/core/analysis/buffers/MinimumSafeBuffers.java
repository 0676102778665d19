package dev.rendezvous.core.analysis.buffers;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.RunOutcome;
import dev.rendezvous.core.semantics.World;

/**
 * BSP and BAP of {@code buffer-allocation-complexity.md} §4–5, solved exactly by search.
 * <ul>
 * <li>{@link #sufficient} (BSP, coNP-complete): explores every colouring sequence the explorer can
 * produce under the receive-buffer model with the given pools — each send may or may not take a
 * token when posted, and blocked sends take free tokens when no rank can move — and answers
 * "sufficient" only if none deadlocks and the exploration was complete.</li>
 * <li>{@link #minimum} (BAP, NP-hard): tries assignments in order of their total, only over ranks
 * that receive messages (a token elsewhere is never used), each checked with BSP; returns the first
 * sufficient one. Gives up (null) when a budget runs out: no number is returned unproved.
 * Assignments are pruned with the t-rings of the zero-buffer executions (§4, Lemma 4.2's cycle of
 * blocked sends): each zero-buffer deadlock is a colouring sequence that is still valid under any
 * pools, since taking a token is optional, so it stays a deadlock unless one of the ranks its
 * blocked sends wait on owns a token. An assignment that misses a ring is rejected without a BSP
 * check.</li>
 * </ul>
 * Only for programs whose executions do not depend on wildcard matches or unknown branches. Where the
 * program's graph is made of blocking sends and receives only, each BSP check is the colouring game
 * played on that graph with every colouring remembered ({@link ColouringGame}); elsewhere it is an
 * exploration of the program under {@link dev.rendezvous.core.semantics.BufferPolicy#TOKENS}.
 */
public final class MinimumSafeBuffers {
    /** BSP checks tried at most. */
    static final int MAX_CHECKS = 64;

    private MinimumSafeBuffers() {}

    /** TRUE / FALSE when proved, null when the exploration budget ran out. */
    public static Boolean sufficient(AnalysisContext ctx, int[] pools) {
        return sufficiency(ctx.exploreTokens(pools));
    }

    /** The BSP answer an exploration under token pools proves: a deadlock refutes, a complete search confirms. */
    private static Boolean sufficiency(Explorer.Exploration e) {
        if (e.anyDeadlock()) return false;
        return e.complete() ? Boolean.TRUE : null;
    }

    /** Largest np the BAP search is tried at (each BSP check is an exhaustive exploration). */
    static final int MAX_NP = 16;
    /**
     * Executions the BAP search may explore in all, over its BSP checks (it runs at every np of a
     * sweep). A work bound, not a clock, so the answer does not depend on the machine's load.
     */
    static final int MAX_TOTAL_RUNS = 300;
    /**
     * Distinct colourings the BAP search may visit in all when it plays the colouring game on the
     * graph ({@link ColouringGame}: programs of blocking sends and receives only); also a work bound.
     */
    static final int MAX_COLOURINGS = 400_000;

    public static int[] minimum(AnalysisContext ctx, RunOutcome completed) {
        int np = ctx.np();
        Explorer.Exploration zero = ctx.explore(BufferPolicy.ZERO);
        if (zero.hadChoices() || ctx.explore(BufferPolicy.UNBOUNDED).hadChoices()) return null;
        if (!zero.anyDeadlock()) return new int[np];
        if (np > MAX_NP) {
            ctx.note("Minimum deadlock-free buffers (BAP) are searched only up to np=" + MAX_NP
                    + "; the non-blocking (NBAP) numbers are a safe upper bound");
            return null;
        }
        TreeSet<Integer> receivers = new TreeSet<>();
        for (List<Event> t : completed.traces()) {
            for (Event e : t) {
                if (e.op().kind() == Op.Kind.SEND && e.peer() >= 0 && e.peer() < np) receivers.add(e.peer());
            }
        }
        List<int[]> rings = tRings(zero);
        if (rings == null) return null;
        List<Integer> cand = new ArrayList<>(receivers);
        ColouringGame game = ColouringGame.of(completed);
        int colourings = 0;
        int checks = 0;
        int maxTotal = 4 * Math.max(1, cand.size());
        int runs = 0;
        for (int total = 1; total <= maxTotal; total++) {
            for (int[] split : compositions(total, cand.size())) {
                int[] pools = new int[np];
                for (int i = 0; i < split.length; i++) pools[cand.get(i)] = split[i];
                if (!hitsEveryRing(pools, rings)) continue;
                if (++checks > MAX_CHECKS) return gaveUp(ctx, total, "after " + MAX_CHECKS + " sufficiency checks");
                if (game != null) {
                    ColouringGame.Answer a = game.sufficient(pools, MAX_COLOURINGS - colourings);
                    colourings += a.colourings();
                    if (a.sufficient() == null) return gaveUp(ctx, total, "its budget of " + MAX_COLOURINGS + " colourings ran out");
                    if (a.sufficient()) return pools;
                    continue;
                }
                if (runs > MAX_TOTAL_RUNS) return gaveUp(ctx, total, "its budget of " + MAX_TOTAL_RUNS + " explored executions ran out");
                Explorer.Exploration e = ctx.exploreTokens(pools);
                runs += e.runs().size();
                Boolean ok = sufficiency(e);
                if (ok == null) return gaveUp(ctx, total, "a sufficiency check exceeded the exploration budget");
                if (ok) return pools;
            }
        }
        return gaveUp(ctx, maxTotal + 1, "no assignment of up to " + maxTotal + " buffers was proved sufficient");
    }

    private static int[] gaveUp(AnalysisContext ctx, int total, String why) {
        ctx.note("Minimum deadlock-free buffers (BAP) not proved: " + why + "; fewer than " + total
                + " buffer(s) in total do not suffice, and the non-blocking (NBAP) numbers are a safe upper bound");
        return null;
    }

    /**
     * The t-rings of the zero-buffer deadlocks: cycles of ranks blocked in standard sends, each
     * waiting for the next (strongly connected components of that wait-for graph). A ring is
     * broken only by a token at one of its members, so each is returned as a set one of whose
     * ranks must own a buffer. A deadlock without such a cycle (blocked sends feeding a blocked
     * receive) is still an execution that stays stuck unless some destination of a blocked send
     * owns a token, so it gives that set. Null when a deadlock has no bufferable blocked send,
     * which no buffer can resolve.
     */
    static List<int[]> tRings(Explorer.Exploration zero) {
        List<int[]> rings = new ArrayList<>();
        for (RunOutcome run : zero.runs()) {
            if (!run.deadlocked()) continue;
            Map<Integer, Set<Integer>> waits = new TreeMap<>();
            for (RunOutcome.Blocked b : run.blocked()) {
                for (var p : b.pending()) {
                    if (p instanceof World.SendOp s && !s.complete() && s.mode() != Op.SSEND && s.mode() != Op.ISSEND) {
                        waits.computeIfAbsent(b.rank(), k -> new TreeSet<>()).add(s.dst());
                    }
                }
            }
            if (waits.isEmpty()) return null;
            List<Set<Integer>> cycles = cycles(waits);
            if (cycles.isEmpty()) {
                TreeSet<Integer> targets = new TreeSet<>();
                waits.values().forEach(targets::addAll);
                cycles = List.of(targets);
            }
            for (var c : cycles) rings.add(c.stream().mapToInt(Integer::intValue).toArray());
        }
        return rings;
    }

    /** Strongly connected components with a cycle (Tarjan), iterative over the small wait-for graph. */
    public static List<Set<Integer>> cycles(Map<Integer, Set<Integer>> g) {
        Map<Integer, Integer> index = new HashMap<>(), low = new HashMap<>();
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        Set<Integer> onStack = new HashSet<>();
        List<Set<Integer>> out = new ArrayList<>();
        int[] counter = {0};
        for (Integer root : g.keySet()) {
            if (!index.containsKey(root)) strongConnect(root, g, index, low, stack, onStack, out, counter);
        }
        return out;
    }

    private static void strongConnect(int v, Map<Integer, Set<Integer>> g,
            Map<Integer, Integer> index, Map<Integer, Integer> low, ArrayDeque<Integer> stack,
            Set<Integer> onStack, List<Set<Integer>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (int w : g.getOrDefault(v, Set.of())) {
            if (!g.containsKey(w)) continue; // not blocked in a send: cannot be on a t-ring
            if (!index.containsKey(w)) {
                strongConnect(w, g, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            TreeSet<Integer> comp = new TreeSet<>();
            int w;
            do {
                w = stack.pop();
                onStack.remove(w);
                comp.add(w);
            } while (w != v);
            if (comp.size() > 1 || g.getOrDefault(v, Set.of()).contains(v)) out.add(comp);
        }
    }

    static boolean hitsEveryRing(int[] pools, List<int[]> rings) {
        for (int[] ring : rings) {
            boolean hit = false;
            for (int r : ring) hit |= r >= 0 && r < pools.length && pools[r] > 0;
            if (!hit) return false;
        }
        return true;
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
