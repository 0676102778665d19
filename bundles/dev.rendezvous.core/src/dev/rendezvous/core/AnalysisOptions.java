package dev.rendezvous.core;

import java.util.List;

import dev.rendezvous.core.extract.Budgets;

/** What to analyse: the process counts and the budgets. */
public record AnalysisOptions(List<Integer> nps, Budgets budgets) {
    public AnalysisOptions {
        nps = List.copyOf(nps);
    }

    public static AnalysisOptions of(int... nps) {
        return new AnalysisOptions(java.util.Arrays.stream(nps).boxed().toList(), Budgets.defaults());
    }
}
