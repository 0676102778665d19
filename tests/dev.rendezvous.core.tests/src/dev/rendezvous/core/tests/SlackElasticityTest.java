package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.deadlock.PotentialCulprits;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.BufferPolicy;

/** POE_MSE's potential culprit sends (slack paper §2–3) on the paper's Fig. 1(b) and Fig. 2(a). */
class SlackElasticityTest {

    static List<PotentialCulprits.Candidate> candidates(Path file) {
        Program p = Program.parse(file.toString(), Repo.read(file));
        AnalysisContext ctx = new AnalysisContext(p, 3, Budgets.defaults(), () -> false);
        ctx.explore(BufferPolicy.UNBOUNDED);
        return PotentialCulprits.find(CommGraph.of(ctx.explore(BufferPolicy.ZERO).first()));
    }

    static Set<Integer> lines(List<dev.rendezvous.core.model.Event> events) {
        return events.stream().map(e -> e.site().line()).collect(Collectors.toSet());
    }

    @Test
    void figureOneBHasTwoPotentialCulpritsForTheWildcard() {
        List<PotentialCulprits.Candidate> c = candidates(Repo.corpus().resolve("programs/SlackFig1b.java"));
        assertEquals(1, c.size(), c.toString());
        assertEquals(40, c.get(0).wildcard().site().line(), "R_{2,0}(*)");
        assertEquals(30, c.get(0).competing().site().line(), "S_{0,2}(2) competes once the HB path is broken");
        assertEquals(Set.of(28, 35), lines(c.get(0).culprits()), "S_{0,0} or S_{1,0}: buffering either breaks the path");
    }

    @Test
    void figureTwoAHasItsCulpritOnlyAtTheFirstWildcard() {
        Path f = Repo.fixtures().resolve("SlackFig2a.java");
        List<PotentialCulprits.Candidate> c = candidates(f);
        assertEquals(1, c.size(), "R_{2,6}(*) gets no competing send (non-overtaking): " + c);
        assertEquals(30, c.get(0).wildcard().site().line());
        assertTrue(lines(c.get(0).culprits()).contains(17), "S_{0,0} is a potential culprit");
        RunReport r = Repo.analyze(f, 3);
        assertEquals(Verdict.DEADLOCK_PARTIAL_BUFFERING, r.verdict());
        Finding s = r.findings().stream().filter(x -> x.kind() == FindingKind.SLACK_INELASTIC).findFirst().orElseThrow();
        assertTrue(s.message().contains("line 17 (buffered in the deadlocking run: an actual culprit)"), s.message());
    }

    @Test
    void aProgramWithoutWildcardsHasNoCandidates() {
        assertTrue(candidates(Repo.corpus().resolve("programs/RingParity.java")).isEmpty());
    }
}
