package dev.rendezvous.core.semantics;

import java.util.function.IntConsumer;

/** Runs one execution of a program under a policy and a decision prefix. */
public final class Executor {
    private Executor() {}

    /**
     * @param body called on each rank's thread with (world, rank); it interprets the SPMD body
     */
    public static RunOutcome execute(int np, BufferPolicy policy, int[] prefix, long wallMillis,
            java.util.function.BiConsumer<World, Integer> body) {
        return execute(np, policy, null, prefix, wallMillis, body);
    }

    /** As above, with receive-buffer token pools for {@link BufferPolicy#TOKENS}. */
    public static RunOutcome execute(int np, BufferPolicy policy, int[] tokens, int[] prefix, long wallMillis,
            java.util.function.BiConsumer<World, Integer> body) {
        return execute(np, policy, tokens, prefix, null, wallMillis, body);
    }

    /** As above, cutting the run at a state {@code cache} (may be null) already holds. */
    public static RunOutcome execute(int np, BufferPolicy policy, int[] tokens, int[] prefix, StateCache cache,
            long wallMillis, java.util.function.BiConsumer<World, Integer> body) {
        return execute(np, policy, tokens, prefix, cache, null, wallMillis, body);
    }

    /** As above, recording each rank's calls into {@code models} (may be null). */
    public static RunOutcome execute(int np, BufferPolicy policy, int[] tokens, int[] prefix, StateCache cache,
            LocalModels models, long wallMillis, java.util.function.BiConsumer<World, Integer> body) {
        return execute(np, policy, tokens, new ChoiceSource(prefix), cache, models, wallMillis, body);
    }

    /** As above, with the decisions taken from {@code choices} (a prefix, or a script of wildcard matches). */
    public static RunOutcome execute(int np, BufferPolicy policy, int[] tokens, ChoiceSource choices, StateCache cache,
            LocalModels models, long wallMillis, java.util.function.BiConsumer<World, Integer> body) {
        World world = new World(np, policy, choices, wallMillis);
        if (tokens != null) world.setTokens(tokens);
        world.useStateCache(cache);
        world.useModels(models);
        IntConsumer perRank = r -> body.accept(world, r);
        world.run(perRank);
        return world.outcome();
    }
}
