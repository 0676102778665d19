package dev.rendezvous.core;

import java.util.List;

import dev.rendezvous.core.analysis.buffers.BufferRequirement;
import dev.rendezvous.core.analysis.streaming.FilteringCycle;
import dev.rendezvous.core.analysis.logp.LogPSimulation;
import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/** The result of analysing one file at one process count. {@code graph} is null when nothing ran. */
public record RunReport(String file, int np, List<Finding> findings, Verdict verdict, CommGraph graph, long millis,
        BufferRequirement.Buffers buffers, List<FilteringCycle.Interval> dummyIntervals, LogPSimulation.Result logp,
        List<Suppressions.Suppressed> suppressed) {

    /** A report with nothing suppressed. */
    public RunReport(String file, int np, List<Finding> findings, Verdict verdict, CommGraph graph, long millis,
            BufferRequirement.Buffers buffers, List<FilteringCycle.Interval> dummyIntervals, LogPSimulation.Result logp) {
        this(file, np, findings, verdict, graph, millis, buffers, dummyIntervals, logp, List.of());
    }

    public boolean hasErrors() {
        return findings.stream().anyMatch(f -> f.severity() == Severity.ERROR);
    }
}
