package dev.rendezvous.core;

import java.util.List;
import java.util.Map;

import dev.rendezvous.core.analysis.logp.LogPSimulation;
import dev.rendezvous.core.extract.Budgets;

/**
 * What to analyse: the process counts, the budgets, and the channel capacities of streaming
 * pipelines ({@code "0->1"} to messages; channels not listed get {@code defaultCapacity}), and the
 * LogP/BSP machine parameters.
 */
public record AnalysisOptions(List<Integer> nps, Budgets budgets, Map<String, Long> capacities, long defaultCapacity,
        LogPSimulation.Params logp) {
    public AnalysisOptions {
        nps = List.copyOf(nps);
        capacities = Map.copyOf(capacities);
    }

    public AnalysisOptions(List<Integer> nps, Budgets budgets) {
        this(nps, budgets, Map.of(), 1);
    }

    public AnalysisOptions(List<Integer> nps, Budgets budgets, Map<String, Long> capacities, long defaultCapacity) {
        this(nps, budgets, capacities, defaultCapacity, LogPSimulation.Params.defaults());
    }

    public static AnalysisOptions of(int... nps) {
        return new AnalysisOptions(java.util.Arrays.stream(nps).boxed().toList(), Budgets.defaults());
    }

    public long capacity(int from, int to) {
        return capacities.getOrDefault(from + "->" + to, defaultCapacity);
    }
}
