package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.buffers.BufferRequirement;
import dev.rendezvous.core.analysis.buffers.NonblockingBufferAllocation;
import dev.rendezvous.core.analysis.buffers.NonblockingBufferAllocation.Model;

/** NBAP (buffer paper §6): labelled numbers, and the production algorithm against the paper's dense vectors. */
class NonblockingBufferAllocationTest {

    @Test
    void ringShiftNeedsThreeBuffersPerRank() {
        RunReport r = Repo.analyze(Repo.corpus().resolve("programs/RingShift.java"), 4);
        assertArrayEquals(new int[] {3, 3, 3, 3}, r.buffers().receiveModel());
    }

    @Test
    void producerConsumerNeedsEightAtTheConsumerAndEightSendBuffersAtTheProducer() {
        RunReport r = Repo.analyze(Repo.corpus().resolve("programs/ProducerConsumer.java"), 2);
        assertArrayEquals(new int[] {0, 8}, r.buffers().receiveModel());
        assertArrayEquals(new int[] {8, 0}, r.buffers().sendModel(), "send-buffer model: the producer holds them (§6.2)");
    }

    /**
     * An Irecv pending across a loop of Isend/Wait pairs completes at its own Wait: all 40 messages to rank 1 can wait
     * there at once, by the paper's vector method and by the production algorithm alike (placed at the first Wait of
     * another request, the receive closed a cycle and the two said 6 and 40).
     */
    @Test
    void anIrecvCompletesAtItsOwnWaitNotAtAnothersWait() {
        RunReport r = Repo.analyze(Repo.fixtures().resolve("IrecvPendingAcrossSends.java"), 2);
        assertEquals(40, r.buffers().receiveModel()[1]);
        for (Model m : Model.values()) {
            assertArrayEquals(NonblockingBufferAllocation.vectorOracle(r.graph(), m).perRank(),
                    NonblockingBufferAllocation.compute(r.graph(), m).perRank(), m + " model");
        }
    }

    @Test
    void barriersSeparateRoundsSoTheRootNeedsOneRoundOfBuffers() {
        RunReport r = Repo.analyze(Repo.examples().resolve("GatherStorm.java"), 4);
        assertArrayEquals(new int[] {3, 0, 0, 0}, r.buffers().receiveModel(),
                "3 workers per round; the barrier between rounds is a synchronisation the graph must know");
    }

    /**
     * Table 1 and §6.4 of the buffer paper: pipe-and-roll matrix multiplication, one control
     * process and a q x q worker mesh. The paper: 2x2 control 4, workers 3; 3x3 control 9,
     * workers 4-5; 4x4 control 16, workers 5-7.
     */
    @ParameterizedTest(name = "q={0}")
    @org.junit.jupiter.params.provider.CsvSource({"2,4,3,3", "3,9,4,5", "4,16,5,7"})
    void pipeAndRollReproducesTable1(int q, int control, int workerMin, int workerMax) {
        RunReport r = Repo.analyze(Repo.examples().resolve("PipeAndRoll.java"), 1 + q * q);
        int[] b = r.buffers().receiveModel();
        assertEquals(control, b[0], "control process");
        int min = Integer.MAX_VALUE, max = 0;
        for (int i = 1; i < b.length; i++) {
            min = Math.min(min, b[i]);
            max = Math.max(max, b[i]);
        }
        assertEquals(workerMin, min, "fewest buffers on a worker: " + java.util.Arrays.toString(b));
        assertEquals(workerMax, max, "most buffers on a worker: " + java.util.Arrays.toString(b));
    }

    @ParameterizedTest(name = "{0} np={1}")
    @org.junit.jupiter.params.provider.CsvSource({"Ring.java,200", "Stencil2D.java,64", "Stencil2D.java,400", "GatherStorm.java,100", "PipeAndRoll.java,26"})
    void productionAgreesWithVectorOracleAtLargerNp(String example, int np) {
        // at these np collectives have hubs with more inputs than HUB_FANIN, which the sparse vectors merge densely;
        // the graphs are small enough for compute's dense rows, so the sparse form is asked for by its default limit
        RunReport r = Repo.analyze(Repo.examples().resolve(example), np);
        for (Model m : Model.values()) {
            var oracle = NonblockingBufferAllocation.vectorOracle(r.graph(), m);
            for (var production : List.of(NonblockingBufferAllocation.compute(r.graph(), m),
                    NonblockingBufferAllocation.compute(r.graph(), m, -1))) {
                assertArrayEquals(oracle.perRank(), production.perRank(), m + " model");
                for (int i = 0; i < oracle.intervals().size(); i++) {
                    assertEquals(oracle.intervals().get(i).size(), production.intervals().get(i).size());
                    for (int k = 0; k < oracle.intervals().get(i).size(); k++) {
                        assertArrayEquals(oracle.intervals().get(i).get(k), production.intervals().get(i).get(k),
                                "interval " + k + " of rank " + i + ", " + m + " model");
                    }
                }
            }
        }
    }

    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(2, 4, 5);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void productionAgreesWithVectorOracle(Path program, int np) {
        RunReport r = Repo.analyze(program, np);
        if (r.graph() == null) return;
        var both = NonblockingBufferAllocation.computeBoth(r.graph()); // as the analysis computes them, from one reading
        for (Model m : Model.values()) {
            var oracle = NonblockingBufferAllocation.vectorOracle(r.graph(), m);
            assertArrayEquals(oracle.perRank(), NonblockingBufferAllocation.compute(r.graph(), m).perRank(),
                    m + " model on " + program.getFileName());
            assertArrayEquals(oracle.perRank(), both[m.ordinal()].perRank(), m + " model of computeBoth on " + program.getFileName());
            if (r.buffers() != null) {
                assertArrayEquals(oracle.perRank(), m == Model.RECEIVE ? r.buffers().receiveModel() : r.buffers().sendModel(),
                        m + " model of the report on " + program.getFileName());
            }
            for (int limit : new int[] {0, 1, 3, -1}) { // dense bases, joins at hubs and freezes on every path; the default
                var dense = NonblockingBufferAllocation.compute(r.graph(), m, limit);
                assertArrayEquals(oracle.perRank(), dense.perRank(), m + " model, delta limit " + limit);
                for (int i = 0; i < oracle.intervals().size(); i++) {
                    for (int k = 0; k < oracle.intervals().get(i).size(); k++) {
                        assertArrayEquals(oracle.intervals().get(i).get(k), dense.intervals().get(i).get(k),
                                "interval " + k + " of rank " + i + ", " + m + " model, delta limit " + limit);
                    }
                }
            }
        }
        assertNotNull(r.graph());
    }

    @Test
    void peakOfIntervalsIsTheFirstStartWhereMostOverlapAsCountedPairwise() {
        java.util.Random rnd = new java.util.Random(7);
        for (int round = 0; round < 500; round++) {
            int n = 1 + rnd.nextInt(round < 250 ? 6 : 60);
            List<int[]> iv = new java.util.ArrayList<>();
            for (int k = 0; k < n; k++) {
                int t = rnd.nextInt(2 * n), c = t + rnd.nextInt(n + 1); // t <= c, as NBAP's [t, c] intervals
                iv.add(new int[] {t, c});
            }
            // the definition: for each interval's start in list order, how many intervals contain it; the first best
            int expected = 0, best = -1;
            for (int[] x : iv) {
                int count = 0;
                for (int[] y : iv) if (y[0] <= x[0] && x[0] <= y[1]) count++;
                if (count > best) {
                    best = count;
                    expected = x[0];
                }
            }
            assertEquals(expected, BufferRequirement.peak(iv), "round " + round);
        }
        assertEquals(4, BufferRequirement.peak(List.of(new int[] {0, 2}, new int[] {4, 9}, new int[] {3, 5}, new int[] {4, 4})));
    }

    @ParameterizedTest(name = "{0} np={1}")
    @org.junit.jupiter.params.provider.CsvSource({"Stencil2D.java,4", "GatherStorm.java,5", "PipeAndRoll.java,6", "RingShiftUnsafe.java,3"})
    void eventsWhoseIndexIsNotTheirTracePositionGiveTheSameRequirement(String example, int np) {
        // the graph is built by trace position; a trace whose events carry other indices (a trace cut or copied)
        // must be read by identity instead, with the same result
        RunReport r = Repo.analyze(Repo.examples().resolve(example), np);
        var g = r.graph();
        java.util.Map<dev.rendezvous.core.model.Event, dev.rendezvous.core.model.Event> moved = new java.util.IdentityHashMap<>();
        List<List<dev.rendezvous.core.model.Event>> traces = new java.util.ArrayList<>();
        for (List<dev.rendezvous.core.model.Event> t : g.traces()) {
            List<dev.rendezvous.core.model.Event> copy = new java.util.ArrayList<>();
            for (var e : t) {
                var m = new dev.rendezvous.core.model.Event(e.rank(), e.index() + 7, e.op(), e.comm(), e.peer(), e.tag(), e.count(),
                        e.datatype(), e.request(), e.site(), e.userSite(), e.recvPeer(), e.recvTag());
                moved.put(e, m);
                copy.add(m);
            }
            traces.add(copy);
        }
        List<dev.rendezvous.core.semantics.RunOutcome.Match> arcs = new java.util.ArrayList<>();
        for (var m : g.arcs()) arcs.add(new dev.rendezvous.core.semantics.RunOutcome.Match(moved.get(m.send()), moved.get(m.recv()), m.buffered()));
        var shifted = new dev.rendezvous.core.graph.CommGraph(g.np(), traces, arcs);
        for (Model m : Model.values()) {
            var before = NonblockingBufferAllocation.compute(g, m);
            var after = NonblockingBufferAllocation.compute(shifted, m);
            assertArrayEquals(before.perRank(), after.perRank(), m + " model");
            for (int i = 0; i < before.intervals().size(); i++) {
                assertEquals(before.intervals().get(i).size(), after.intervals().get(i).size());
                for (int k = 0; k < before.intervals().get(i).size(); k++) {
                    assertArrayEquals(before.intervals().get(i).get(k), after.intervals().get(i).get(k));
                }
            }
            assertTrue(java.util.Arrays.stream(before.perRank()).sum() > 0, "the example needs buffers: " + m);
        }
    }
}
