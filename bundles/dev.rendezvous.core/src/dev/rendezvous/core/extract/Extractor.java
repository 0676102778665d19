package dev.rendezvous.core.extract;

import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Executor;
import dev.rendezvous.core.semantics.RunOutcome;

/** Runs the SPMD body of a program for every rank of one process count: the extraction phase. */
public final class Extractor {
    private Extractor() {}

    public static RunOutcome run(Program program, int np, BufferPolicy policy, int[] prefix, Budgets budgets,
            Assumptions assumptions, long wallMillis) {
        return run(program, np, policy, null, prefix, budgets, assumptions, wallMillis);
    }

    /** One execution under the receive-buffer model with the given token pools. */
    public static RunOutcome run(Program program, int np, BufferPolicy policy, int[] tokens, int[] prefix, Budgets budgets,
            Assumptions assumptions, long wallMillis) {
        return run(program, np, policy, tokens, prefix, null, budgets, assumptions, wallMillis);
    }

    /** As above, cut at a global state {@code cache} (may be null) already holds from an earlier run. */
    public static RunOutcome run(Program program, int np, BufferPolicy policy, int[] tokens, int[] prefix,
            dev.rendezvous.core.semantics.StateCache cache, Budgets budgets, Assumptions assumptions, long wallMillis) {
        return run(program, np, policy, tokens, prefix, cache, null, budgets, assumptions, wallMillis);
    }

    /** As above, recording each rank's calls into {@code models} (may be null) for the Promela export. */
    public static RunOutcome run(Program program, int np, BufferPolicy policy, int[] tokens, int[] prefix,
            dev.rendezvous.core.semantics.StateCache cache, dev.rendezvous.core.semantics.LocalModels models,
            Budgets budgets, Assumptions assumptions, long wallMillis) {
        return run(program, np, policy, tokens, new dev.rendezvous.core.semantics.ChoiceSource(prefix), cache, models, budgets,
                assumptions, wallMillis);
    }

    /** As above, with the decisions taken from {@code choices} (a prefix, or a script of wildcard matches). */
    public static RunOutcome run(Program program, int np, BufferPolicy policy, int[] tokens,
            dev.rendezvous.core.semantics.ChoiceSource choices, dev.rendezvous.core.semantics.StateCache cache,
            dev.rendezvous.core.semantics.LocalModels models, Budgets budgets, Assumptions assumptions, long wallMillis) {
        if (program.entry() == null) throw new IllegalStateException("no SPMD entry point");
        if (!budgets.lateBuffering) choices.bufferingAtPost();
        return Executor.execute(np, policy, tokens, choices, cache, models, wallMillis,
                (world, rank) -> new RankInterpreter(program, world, rank, budgets, assumptions).run());
    }
}
