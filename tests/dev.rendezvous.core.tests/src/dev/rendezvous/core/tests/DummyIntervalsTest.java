package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.streaming.DummyIntervals;
import dev.rendezvous.core.analysis.streaming.DummyIntervals.Edge;
import dev.rendezvous.core.analysis.streaming.FilteringCycle;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;

/** Dummy intervals (streaming paper §3): the corpus labels, and Algorithm 4 against Algorithm 3. */
class DummyIntervalsTest {

    @Test
    void filterDiamondMatchesTheLabel() {
        AnalysisOptions o = new AnalysisOptions(List.of(4), Budgets.defaults(),
                Map.of("0->1", 2L, "0->2", 1L, "1->3", 3L, "2->3", 2L), 1);
        RunReport r = Rendezvous.analyze(Program.parse("FilterDiamondPlain.java",
                Repo.read(Repo.corpus().resolve("programs/FilterDiamondPlain.java"))), 4, o, () -> false);
        Map<String, FilteringCycle.Interval> byChannel = new java.util.HashMap<>();
        for (FilteringCycle.Interval iv : r.dummyIntervals()) byChannel.put(iv.from() + "->" + iv.to(), iv);
        assertEquals(3L, byChannel.get("0->1").propagation());
        assertEquals(5L, byChannel.get("0->2").propagation());
        assertEquals(null, byChannel.get("1->3").propagation());
        assertEquals(null, byChannel.get("2->3").propagation());
        assertEquals(2L, byChannel.get("0->1").nonPropagation());
        assertEquals(3L, byChannel.get("0->2").nonPropagation());
        assertEquals(2L, byChannel.get("1->3").nonPropagation());
        assertEquals(3L, byChannel.get("2->3").nonPropagation());
    }

    @Test
    void treeNeedsNoDummies() {
        RunReport r = Repo.analyze(Repo.corpus().resolve("programs/FilterFork.java"), 5);
        assertTrue(r.dummyIntervals().isEmpty());
    }

    @Test
    void algorithmFourAgreesWithAlgorithmThreeOnRandomDags() {
        Random rnd = new Random(7);
        int nontrivial = 0;
        for (int trial = 0; trial < 400; trial++) {
            int n = 3 + rnd.nextInt(5);
            List<Edge> edges = new ArrayList<>();
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (rnd.nextInt(100) < 40) edges.add(new Edge(a, b, 1 + rnd.nextInt(5)));
                }
            }
            if (edges.isEmpty()) continue;
            Map<Edge, Long> alg3 = DummyIntervals.propagationByCycles(edges);
            Map<Edge, Long> alg4 = DummyIntervals.propagation(edges);
            assertEquals(alg3, alg4, "graph " + edges);
            if (alg3.values().stream().anyMatch(v -> v != DummyIntervals.INF)) nontrivial++;
        }
        assertTrue(nontrivial > 50, "enough graphs with cycles were tried: " + nontrivial);
    }
}
