package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.logp.LogPSimulation;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;

/** LogP δ-stalling and BSP pricing (logp-stalling.md §2). */
class LogPTest {
    static RunReport run(String example, int np, LogPSimulation.Params p) {
        return Rendezvous.analyze(Program.parse(example, Repo.read(Repo.examples().resolve(example))), np,
                new AnalysisOptions(List.of(np), Budgets.defaults(), Map.of(), 1, p), () -> false);
    }

    @Test
    void manySendersToOneRankStallBeyondTheCapacity() {
        RunReport r = run("GatherStorm.java", 8, LogPSimulation.Params.defaults()); // capacity ceil(16/4) = 4
        List<Finding> stalls = r.findings().stream().filter(f -> f.kind() == FindingKind.LOGP_STALL).toList();
        assertEquals(1, stalls.size(), "one send site stalls: " + CorpusTest.describe(r));
        assertEquals(21, stalls.get(0).range().line());
        assertTrue(r.logp().stalls().stream().allMatch(s -> s.inFlight() > s.capacity() && s.destination() == 0));
        assertTrue(r.logp().stallTime()[0] == 0 && r.logp().stallTime()[7] > 0, "the receiver never stalls, the last sender does");
        assertEquals(3 + 1, r.logp().supersteps().size(), "a superstep per barrier, plus the tail");
        assertEquals(7, r.logp().supersteps().get(0).h(), "rank 0 receives a 7-relation");
    }

    @Test
    void withinTheCapacityNothingStalls() {
        assertTrue(run("GatherStorm.java", 4, LogPSimulation.Params.defaults()).logp().stalls().isEmpty(), "3 senders <= capacity 4");
        assertTrue(run("Ring.java", 16, LogPSimulation.Params.defaults()).logp().stalls().isEmpty());
        RunReport wide = run("GatherStorm.java", 8, new LogPSimulation.Params(64, 1, 4, 64, 4, 64)); // capacity 16
        assertTrue(wide.logp().stalls().isEmpty());
    }

    @Test
    void makespanGrowsWithLatency() {
        long a = run("Ring.java", 8, new LogPSimulation.Params(8, 1, 2, 8, 2, 8)).logp().makespan();
        long b = run("Ring.java", 8, new LogPSimulation.Params(32, 1, 2, 32, 2, 32)).logp().makespan();
        assertTrue(b > a, a + " < " + b);
    }
}
