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
}
