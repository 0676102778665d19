package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/** The bundled examples a new user opens first. */
class ExamplesTest {

    @Test
    void headToHeadIsASendCycleOnBothSends() {
        RunReport r = Repo.analyze(Repo.examples().resolve("HeadToHead.java"), 2);
        List<Finding> cycles = r.findings().stream().filter(f -> f.kind() == FindingKind.SEND_CYCLE).toList();
        assertEquals(1, cycles.size(), CorpusTest.describe(r));
        Finding f = cycles.get(0);
        assertEquals(Verdict.DEADLOCK_ZERO_BUFFER, f.verdict());
        assertEquals(List.of(0, 1), f.ranks());
        assertEquals(18, f.range().line());
        assertTrue(f.related().stream().anyMatch(x -> x.partner() && x.range().line() == 21), "the other Send is related");
        assertTrue(f.witness().contains("rank 0 blocks in Send(to 1, tag 0) at line 18"), f.witness());
        assertEquals(Verdict.DEADLOCK_ZERO_BUFFER, r.verdict());
    }

    @Test
    void sendrecvExchangeIsClean() {
        RunReport r = Repo.analyze(Repo.examples().resolve("HeadToHeadSendrecv.java"), 2);
        assertEquals(Verdict.NONE, r.verdict());
        assertFalse(r.hasErrors(), CorpusTest.describe(r));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 8, 16})
    void tokenRingIsCleanForAnySize(int np) {
        RunReport r = Repo.analyze(Repo.examples().resolve("Ring.java"), np);
        assertEquals(Verdict.NONE, r.verdict(), CorpusTest.describe(r));
        assertEquals(np, r.graph().arcs().size(), "one message per ring hop");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 7})
    void shiftRingIsATRingOfAllRanks(int np) {
        RunReport r = Repo.analyze(Repo.examples().resolve("RingShiftUnsafe.java"), np);
        Finding f = r.findings().stream().filter(x -> x.kind() == FindingKind.SEND_CYCLE).findFirst().orElseThrow();
        assertEquals(np, f.ranks().size());
        assertTrue(f.related().stream().anyMatch(x -> !x.partner() && x.range().line() == 22), "call site of the helper is related");
        assertTrue(r.findings().stream().noneMatch(x -> x.severity() == Severity.ERROR && x != f));
    }
}
