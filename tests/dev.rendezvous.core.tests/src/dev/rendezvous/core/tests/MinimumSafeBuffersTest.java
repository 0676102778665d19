package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.buffers.MinimumSafeBuffers;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;

/** BSP and BAP (buffer paper §4–5) by search, on programs whose answers are known. */
class MinimumSafeBuffersTest {

    static AnalysisContext ctx(String path, int np) {
        return new AnalysisContext(Program.parse(path, Repo.read(java.nio.file.Path.of(path))), np, Budgets.defaults(), () -> false);
    }

    @Test
    void aRingOfSendsNeedsExactlyOneBufferSomewhere() {
        RunReport r = Repo.analyze(Repo.corpus().resolve("programs/RingShift.java"), 4);
        assertEquals(1, Arrays.stream(r.buffers().minimumSafe()).sum(), "t-ring lemma: one token breaks the ring");
        String file = Repo.corpus().resolve("programs/RingShift.java").toString();
        assertEquals(false, MinimumSafeBuffers.sufficient(ctx(file, 4), new int[4]), "no buffers: unsafe");
        assertEquals(true, MinimumSafeBuffers.sufficient(ctx(file, 4), new int[] {0, 0, 1, 0}), "one buffer on any rank suffices");
    }

    @Test
    void producerConsumerIsSafeWithoutBuffersButNeedsNToNeverBlock() {
        RunReport r = Repo.analyze(Repo.corpus().resolve("programs/ProducerConsumer.java"), 2);
        assertArrayEquals(new int[] {0, 0}, r.buffers().minimumSafe(), "§6.3: zero buffers are safe");
        assertArrayEquals(new int[] {0, 8}, r.buffers().receiveModel(), "§6.3: n buffers to never block");
    }

    @Test
    void headToHeadNeedsOneBuffer() {
        RunReport r = Repo.analyze(Repo.examples().resolve("HeadToHead.java"), 2);
        assertEquals(1, Arrays.stream(r.buffers().minimumSafe()).sum());
    }

    @Test
    void pipeAndRollNeedsOneBufferPerColumnRing() {
        RunReport r = Repo.analyze(Repo.examples().resolve("PipeAndRoll.java"), 5);
        int[] min = r.buffers().minimumSafe();
        assertEquals(2, Arrays.stream(min).sum(), "two worker columns, each a t-ring of rolls: " + Arrays.toString(min));
        assertEquals(1, min[1] + min[3], "column 0 (ranks 1 and 3) holds one buffer: " + Arrays.toString(min));
        assertEquals(1, min[2] + min[4], "column 1 (ranks 2 and 4) holds one buffer: " + Arrays.toString(min));
    }

    @Test
    void separateTRingsAreFoundAsSeparateConstraints() {
        java.util.Map<Integer, java.util.Set<Integer>> g = new java.util.TreeMap<>();
        g.put(1, java.util.Set.of(7));
        g.put(4, java.util.Set.of(1));
        g.put(7, java.util.Set.of(4));
        g.put(2, java.util.Set.of(5));
        g.put(5, java.util.Set.of(2));
        g.put(3, java.util.Set.of(2)); // waits on a ring, but is not on one
        var rings = MinimumSafeBuffers.cycles(g);
        assertEquals(2, rings.size(), rings.toString());
        assertEquals(java.util.Set.of(1, 4, 7), rings.get(0));
        assertEquals(java.util.Set.of(2, 5), rings.get(1));
    }

    @Test
    void aBudgetThatRunsOutGivesNoNumberButSaysSo() {
        RunReport r = Repo.analyze(Repo.examples().resolve("PipeAndRoll.java"), 17);
        assertEquals(null, r.buffers().minimumSafe());
        org.junit.jupiter.api.Assertions.assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("(BAP)")),
                "the missing number is explained");
    }
}
