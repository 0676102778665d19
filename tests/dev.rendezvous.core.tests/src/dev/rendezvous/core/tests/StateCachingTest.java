package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer.Exploration;

/**
 * State caching must not change what the analysis finds: the exhaustive exploration (no cache) is
 * the oracle. On every corpus program, example and fixture, on random small wildcard programs whose
 * branches read received sources and values, and on random programs of timing loops with collectives,
 * both give the same verdict and the same warnings and errors (kind, severity, line), wherever the
 * exhaustive exploration finishes.
 */
class StateCachingTest {
    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(2, 3, 4);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void sameFindingsAsExhaustive(Path file, int np) {
        compare(file.toString(), Repo.read(file), np);
    }

    static Stream<Arguments> randomPrograms() {
        return IntStream.range(0, 60).mapToObj(seed -> Arguments.of(seed, 3 + seed % 2));
    }

    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomPrograms")
    void randomProgramsSameFindings(int seed, int np) {
        compare("Gen" + seed + ".java", RandomPrograms.wildcards(seed, np), np);
    }

    @Test
    void masterWorkerFarmFinishesOnlyWithTheCache() {
        Program p = Program.parse("WorkQueueAny.java", Repo.read(Repo.corpus().resolve("programs/WorkQueueAny.java")));
        Exploration cached = explore(p, 6, true);
        Exploration exhaustive = explore(p, 6, false);
        assertTrue(cached.complete(), "with the cache the farm's matchings are all covered");
        assertTrue(cached.cut() > 0 && cached.states() > 0, "runs were cut at known states");
        assertFalse(exhaustive.complete(), "without it the same run budget is not enough");
        assertEquals(exhaustive.anyDeadlock(), cached.anyDeadlock());
    }

    static Stream<Arguments> randomTimingLoops() {
        return IntStream.range(0, 80).mapToObj(seed -> Arguments.of(seed, 2 + seed % 3));
    }

    /**
     * Loops whose trip count is a broadcast clock reading (a decision every rank takes alike), with
     * collectives and messages in their bodies and, in some, a rank that skips or adds a collective at one
     * count of iterations: the cache, which lets runs meet again at collectives whatever their trip
     * counts were, must find what the exhaustive search finds.
     */
    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomTimingLoops")
    void randomTimingLoopsSameFindings(int seed, int np) {
        compare("Loops" + seed + ".java", RandomPrograms.timingLoops(seed), np);
    }

    /**
     * A benchmark's timing loops (trip count from a broadcast clock) in three rounds: every run is a choice
     * of trip counts, 4^3 of them, and the runs meet again at the Barrier that starts each round. The
     * zero-buffer exploration finishes with the cache and not without it under the same run budget.
     */
    @Test
    void timingLoopsMeetAgainAtCollectives() {
        String src = """
                import mpi.*;
                public class TimingRounds {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        double[] time = new double[1];
                        int[] v = new int[1];
                        for (int round = 0; round < 3; round++) {
                            time[0] = 0.0;
                            MPI.COMM_WORLD.Barrier();
                            while (time[0] < 10.0) {
                                double start = MPI.Wtime();
                                MPI.COMM_WORLD.Allreduce(v, 0, v, 0, 1, MPI.INT, MPI.SUM);
                                if (rank == 0) time[0] = MPI.Wtime() - start;
                                MPI.COMM_WORLD.Bcast(time, 0, 1, MPI.DOUBLE, 0);
                            }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("TimingRounds.java", src);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 40;
        b.stateCaching = true;
        Exploration cached = new AnalysisContext(p, 3, b, () -> false).explore(BufferPolicy.ZERO);
        b.stateCaching = false;
        Exploration exhaustive = new AnalysisContext(p, 3, b, () -> false).explore(BufferPolicy.ZERO);
        assertTrue(cached.complete() && cached.cut() > 0, "runs meet again at each round's Barrier: " + cached.runs().size()
                + " runs, " + cached.cut() + " cut");
        assertFalse(exhaustive.complete(), "without the cache 40 runs do not cover 64 choices of trip counts");
        assertFalse(cached.anyDeadlock());
        compare("TimingRounds.java", src, 3);
    }

    static Stream<Arguments> randomFamilies() {
        return IntStream.range(0, 60).mapToObj(seed -> Arguments.of(seed, 3 + seed % 2));
    }

    /**
     * Values that cross from point-to-point messages into collectives and back (a wildcard receive's value
     * broadcast, reduced or gathered, then sent again or tested before a Barrier only some ranks reach): buffers
     * are relevant by family of calls ({@code StateRelevance.payloads}), and the cache must still find what the
     * exhaustive search finds. A regression oracle, not a proof of the rule: measured, neither leaving message
     * contents out of the state nor dropping the families' closure makes these 60 programs (or 600) disagree, since
     * what is in flight is also in the senders' or receivers' variables here; {@link
     * #aValueOnlyAMessageInFlightHoldsKeepsStatesApart} is the program that fails without the contents.
     */
    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomFamilies")
    void randomFamiliesSameFindings(int seed, int np) {
        compare("Fam" + seed + ".java", RandomPrograms.families(seed), np);
    }

    /**
     * The only trace of which worker the master heard first is a message in flight: the master sends the value it
     * got first in a new array and forgets it before its Wait, and the runs of both orders then meet at rank 1's
     * wildcard receive with every rank in the same state. The message's contents must be in the state (the
     * point-to-point buffers are relevant: rank 1 tests what it received), or the second order is cut there and its
     * deadlock (a Barrier only rank 1 calls, for one of the two sums) is missed.
     */
    @ParameterizedTest(name = "sum {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {8, 9})
    void aValueOnlyAMessageInFlightHoldsKeepsStatesApart(int sum) {
        String src = """
                import mpi.*;
                public class InFlight {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] q = new int[1], r = new int[1];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Recv(q, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            int first = q[0];
                            MPI.COMM_WORLD.Recv(q, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            Request w = MPI.COMM_WORLD.Isend(new int[] {first}, 0, 1, MPI.INT, 1, 1);
                            first = 0;
                            q[0] = 0;
                            w.Wait();
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, 0, 0);
                            int total = 0;
                            for (int i = 0; i < 2; i++) {
                                MPI.COMM_WORLD.Recv(r, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                                total += r[0];
                            }
                            if (total == %d) MPI.COMM_WORLD.Barrier();
                        } else {
                            MPI.COMM_WORLD.Send(new int[] {2}, 0, 1, MPI.INT, 0, 0);
                            MPI.COMM_WORLD.Send(new int[] {7}, 0, 1, MPI.INT, 1, 1);
                        }
                        MPI.Finalize();
                    }
                }
                """.formatted(sum);
        RunReport exhaustive = analyze("InFlight.java", src, 3, false);
        assertTrue(exhaustive.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), summary(exhaustive).toString());
        compare("InFlight.java", src, 3);
    }

    /**
     * A benchmark's timing loop (a broadcast clock) around gathers of an array nothing reads, after a master took
     * its workers' messages in any order: the gathered contents differ with that order, but only the broadcast
     * family steers the program, so the orders meet again at the loop and runs are cut; the exploration finishes
     * where, with the gathered contents in the state (every buffer relevant once one is), it does not within the same budget.
     */
    @Test
    void gatheredContentsNothingReadsDoNotKeepStatesApart() {
        String src = """
                import mpi.*;
                public class GatherRounds {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        double[] time = new double[1];
                        int[] mine = new int[2], all = new int[2 * size], got = new int[1];
                        if (rank == 0) {
                            for (int i = 1; i < size; i++) {
                                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                                mine[i % 2] += got[0] * i;
                            }
                        } else {
                            got[0] = rank;
                            MPI.COMM_WORLD.Send(got, 0, 1, MPI.INT, 0, 0);
                        }
                        for (int round = 0; round < 3; round++) {
                            time[0] = 0.0;
                            while (time[0] < 10.0) {
                                double start = MPI.Wtime();
                                MPI.COMM_WORLD.Gather(mine, 0, 2, MPI.INT, all, 0, 2, MPI.INT, 0);
                                if (rank == 0) time[0] = MPI.Wtime() - start;
                                MPI.COMM_WORLD.Bcast(time, 0, 1, MPI.DOUBLE, 0);
                            }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("GatherRounds.java", src);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 60; // measured: 48 runs and 21 cut; 96 and 36 with the gathered contents in the state
        Exploration e = new AnalysisContext(p, 4, b, () -> false).explore(BufferPolicy.ZERO);
        assertTrue(e.complete() && e.cut() > 0, "the receive orders meet again: " + e.runs().size() + " runs, " + e.cut() + " cut");
        assertFalse(e.anyDeadlock());
        compare("GatherRounds.java", src, 4);
    }

    /**
     * A count written {@code got.length} reads the buffer's shape, which the state keeps anyway, not its contents: the
     * exploration is the one with the count written as a number (the master's buffer holds the last sender's value
     * after each round, so with its contents in the state the rounds' orders would not meet again at the Barrier).
     */
    @Test
    void aCountThatIsTheBuffersLengthDoesNotPutItsContentsInTheState() {
        String src = """
                import mpi.*;
                public class LengthCount {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] got = new int[1];
                        for (int round = 0; round < 3; round++) {
                            if (rank == 0) {
                                for (int i = 1; i < size; i++) MPI.COMM_WORLD.Recv(got, 0, COUNT, MPI.INT, MPI.ANY_SOURCE, 0);
                            } else {
                                got[0] = rank * 10 + round;
                                MPI.COMM_WORLD.Send(got, 0, COUNT, MPI.INT, 0, 0);
                            }
                            MPI.COMM_WORLD.Barrier();
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Exploration length = new AnalysisContext(Program.parse("LengthCount.java", src.replace("COUNT", "got.length")), 4, b,
                () -> false).explore(BufferPolicy.ZERO);
        Exploration literal = new AnalysisContext(Program.parse("LengthCount.java", src.replace("COUNT", "1")), 4, b,
                () -> false).explore(BufferPolicy.ZERO);
        String sizes = "got.length: " + length.runs().size() + " runs, " + length.cut() + " cut, " + length.states()
                + " states; 1: " + literal.runs().size() + " runs, " + literal.cut() + " cut, " + literal.states() + " states";
        assertTrue(length.complete() && literal.complete(), sizes);
        assertEquals(literal.runs().size(), length.runs().size(), sizes);
        assertEquals(literal.cut(), length.cut(), sizes);
        assertEquals(literal.states(), length.states(), sizes);
        compare("LengthCount.java", src.replace("COUNT", "got.length"), 4);
    }

    /** Workers whose messages a master takes in any order, each rank holding a matrix a branch reads. */
    private static final String MATRIX_FARM = """
            import mpi.*;
            public class MatrixFarm {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[][] grid = new int[%d][%d];
                    grid[0][0] = rank;
                    int[] buf = new int[1];
                    if (rank == 0) {
                        for (int i = 0; i < 2 * (size - 1); i++) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                    } else {
                        for (int i = 0; i < 2; i++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);
                    }
                    if (grid[0][0] > 100) MPI.COMM_WORLD.Barrier();
                    MPI.Finalize();
                }
            }
            """;

    /**
     * A state is hashed up to {@link dev.rendezvous.core.semantics.StateCache.Hasher#MAX_ELEMENTS} array elements, then
     * given up as opaque: with a 600 x 600 matrix a branch reads on every rank no state is recorded and nothing is cut
     * (the exploration is the exhaustive one, and finds the same), with a 60 x 60 matrix runs meet again and are cut.
     */
    @Test
    void statesHoldingMoreElementsThanTheBudgetAreNotHashed() {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Exploration big = new AnalysisContext(Program.parse("MatrixFarm.java", MATRIX_FARM.formatted(600, 600)), 3, b, () -> false)
                .explore(BufferPolicy.ZERO);
        Exploration small = new AnalysisContext(Program.parse("MatrixFarm.java", MATRIX_FARM.formatted(60, 60)), 3, b, () -> false)
                .explore(BufferPolicy.ZERO);
        assertTrue(small.complete() && small.cut() > 0 && small.states() > 0, "small matrices: " + small.runs().size() + " runs, "
                + small.cut() + " cut, " + small.states() + " states");
        assertTrue(big.complete() && big.cut() == 0 && big.states() == 0, "large matrices: " + big.runs().size() + " runs, "
                + big.cut() + " cut, " + big.states() + " states");
        assertFalse(big.anyDeadlock() || small.anyDeadlock());
        compare("MatrixFarm.java", MATRIX_FARM.formatted(600, 600), 3);

        dev.rendezvous.core.semantics.StateCache.Hasher h = new dev.rendezvous.core.semantics.StateCache.Hasher();
        assertTrue(h.afford(dev.rendezvous.core.semantics.StateCache.Hasher.MAX_ELEMENTS) && !h.isOpaque());
        assertFalse(h.afford(1));
        assertTrue(h.isOpaque());
    }

    /**
     * Two matchings that leave the same messages waiting but a different value in {@code x}, which
     * later picks a tag: the states differ only in a variable a branch reads, so they must not be merged.
     */
    @Test
    void orderRecordedInAVariableKeepsStatesApart() {
        String src = """
                import mpi.*;
                public class OrderInVariable {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        if (rank == 0) {
                            int x = 0;
                            for (int i = 0; i < 2; i++) {
                                Status st = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                                x = x * 10 + st.source;
                            }
                            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, x == 21 ? 1 : 0);
                        } else {
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);
                            if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport cached = analyze("OrderInVariable.java", src, 3, true);
        assertTrue(cached.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.kind().id().equals("message-race")),
                "the matching that receives from rank 2 first sends tag 1, which rank 1 never receives: " + cached.findings());
        compare("OrderInVariable.java", src, 3);
    }

    /** A long chain of objects is not followed to its end when a state is hashed (the state is then opaque). */
    @Test
    void longLinkedStructureKeepsTheAnalysisAlive() {
        String src = """
                import mpi.*;
                public class Chain {
                    static class Node { Node next; int v; }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        Node head = null;
                        for (int i = 0; i < 50000; i++) { Node n = new Node(); n.next = head; n.v = i; head = n; }
                        int[] buf = new int[1];
                        if (rank == 0) {
                            for (int i = 0; i < 2; i++) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                        } else {
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = analyze("Chain.java", src, 3, true);
        assertTrue(r.findings().stream().noneMatch(f -> f.message().contains("analysis failed")), r.findings().toString());
        assertEquals(dev.rendezvous.core.model.Verdict.NONE, r.verdict(), r.findings().toString());
    }

    private static Exploration explore(Program p, int np, boolean cache) {
        Budgets b = Budgets.defaults();
        b.stateCaching = cache;
        b.learnedModel = false; // the stateless search's cache, not the learned automata
        b.maxMillis = 60_000;
        // zero buffering: the unbounded exploration of this farm is shown by it (AnalysisContext.unboundedByProof)
        return new AnalysisContext(p, np, b, () -> false).explore(BufferPolicy.ZERO);
    }

    /**
     * A master hands out ten tasks from a queue it tests for emptiness ({@code Send(new int[] {tasks.poll()}, ...)}),
     * workers send back squares that the master only adds up. The queue made every point-to-point message relevant
     * (the names inside a new array sent were taken for a buffer), so the states told apart which worker held which
     * task: at np=4 the learned model needed 564 runs and the per-send search ran out of its budget, an assumption on
     * a correct farm. The squares are not relevant: the farm is now explored completely at np 4 and 8 (5 learning runs
     * at np=4). Its twin that stops all workers but the last hangs on MPJ Express 0.44, and is an error.
     */
    @Test
    void aNewArraySentDoesNotMakeEveryMessageRelevant() {
        String src = """
                import mpi.*;
                import java.util.*;

                public class TaskQueue {
                    static final int TASK = 1, RESULT = 2, STOP = 3;

                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        if (rank == 0) {
                            Deque<Integer> tasks = new ArrayDeque<>();
                            for (int k = 0; k < 10; k++) tasks.add(k * 3);
                            int active = 0;
                            for (int p = 1; p < size && !tasks.isEmpty(); p++) {
                                w.Send(new int[] {tasks.poll()}, 0, 1, MPI.INT, p, TASK);
                                active++;
                            }
                            long sum = 0;
                            int[] res = new int[1];
                            while (active > 0) {
                                Status st = w.Recv(res, 0, 1, MPI.INT, MPI.ANY_SOURCE, RESULT);
                                sum += res[0];
                                active--;
                                if (!tasks.isEmpty()) {
                                    w.Send(new int[] {tasks.poll()}, 0, 1, MPI.INT, st.source, TASK);
                                    active++;
                                }
                            }
                            for (int p = 1; p < size; p++) w.Send(new int[0], 0, 0, MPI.INT, p, STOP);
                            System.out.println("sum " + sum);
                        } else {
                            int[] t = new int[1];
                            while (true) {
                                Status st = w.Recv(t, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                                if (st.tag == STOP) break;
                                w.Send(new int[] {t[0] * t[0]}, 0, 1, MPI.INT, 0, RESULT);
                            }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {4, 8}) {
            RunReport ok = Repo.analyze("TaskQueue.java", src, np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(ok.findings().stream().anyMatch(f -> f.kind().id().equals("analysis-assumption")), ok.findings().toString());
            RunReport bad = Repo.analyze("TaskQueue.java", src.replace("for (int p = 1; p < size; p++) w.Send(new int[0]",
                    "for (int p = 1; p < size - 1; p++) w.Send(new int[0]"), np);
            assertTrue(bad.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), bad.findings().toString());
        }
    }

    private static void compare(String name, String source, int np) {
        assertSameFindings(analyze(name, source, np, false), () -> analyze(name, source, np, true), name + " np=" + np + "\n" + source);
    }

    private static RunReport analyze(String name, String source, int np, boolean cache) {
        return analyze(name, source, np, b -> b.stateCaching = cache);
    }

    /** The analysis at {@code np} with a generous budget (60 s, 1,000 runs), as {@code setup} changes it. */
    static RunReport analyze(String name, String source, int np, java.util.function.Consumer<Budgets> setup) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 1000;
        setup.accept(b);
        return Rendezvous.analyze(Program.parse(name, source), np, new AnalysisOptions(List.of(np), b), () -> false);
    }

    /**
     * The other analysis finds what the oracle finds: the same verdict, and the same warnings and errors (kind, severity,
     * line); nothing is compared when the oracle's search stopped early.
     */
    static void assertSameFindings(RunReport oracle, java.util.function.Supplier<RunReport> other, String what) {
        if (incomplete(oracle)) return;
        RunReport r = other.get();
        assertEquals(oracle.verdict(), r.verdict(), what);
        assertEquals(summary(oracle), summary(r), what);
    }

    private static boolean incomplete(RunReport r) {
        return r.findings().stream().anyMatch(f -> f.message().contains("before the budget ran out")
                || f.message().contains("time budget ran out"));
    }

    private static List<String> summary(RunReport r) {
        return r.findings().stream().filter(f -> f.severity() != Severity.INFO)
                .map(f -> f.kind().id() + " " + f.severity() + " @" + f.range().line()).sorted().toList();
    }

    /**
     * Small random MPJ programs built from a random set of messages: each rank sends its messages and
     * receives its own, in a random order (mostly sends first), receiving from a named source or from
     * {@code ANY_SOURCE}; what a wildcard receive gets (its source, the value) goes into a variable that
     * later messages carry and that picks the tag of later sends, so different matchings lead to
     * different states, some of them to deadlocks.
     */
    static final class RandomPrograms {
        static String wildcards(long seed, int np) {
            Random r = new Random(seed);
            int messages = np + r.nextInt(2 * np);
            List<List<String>> ops = new java.util.ArrayList<>();
            List<List<String>> recvs = new java.util.ArrayList<>();
            for (int k = 0; k < np; k++) {
                ops.add(new java.util.ArrayList<>());
                recvs.add(new java.util.ArrayList<>());
            }
            for (int m = 0; m < messages; m++) {
                int src = r.nextInt(np), dst = (src + 1 + r.nextInt(np - 1)) % np;
                boolean anyTag = r.nextBoolean();
                String tag = anyTag && r.nextBoolean() ? "(x % 2)" : "0";
                ops.get(src).add("            buf[0] = x; MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, " + dst + ", " + tag + ");\n");
                String from = r.nextBoolean() ? "MPI.ANY_SOURCE" : String.valueOf(src);
                String t = anyTag ? "MPI.ANY_TAG" : "0";
                recvs.get(dst).add("            { Status st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, " + from + ", " + t
                        + "); x += st.source * 3 + got[0]; }\n");
            }
            StringBuilder b = new StringBuilder();
            b.append(Repo.generatedProgramStart("Gen" + seed))
                    .append("        int x = rank;\n");
            for (int k = 0; k < np; k++) {
                List<String> mine = new java.util.ArrayList<>(ops.get(k));
                if (r.nextInt(10) < 7) mine.addAll(recvs.get(k)); // sends first
                else for (String rc : recvs.get(k)) mine.add(r.nextInt(mine.size() + 1), rc);
                b.append("        if (rank == ").append(k).append(") {\n");
                for (String o : mine) b.append(o);
                b.append("        }\n");
            }
            b.append("        MPI.Finalize();\n    }\n}\n");
            return b.toString();
        }

        /**
         * One to three rounds, each a loop whose test is a clock reading rank 0 broadcasts (so every rank
         * leaves it after the same, unknown, number of iterations) or a loop up to a broadcast bound, with
         * a random body of collectives (Barrier, Allreduce, Bcast from rank 0), an exchange between
         * neighbours and a counter of iterations; in some programs one rank skips or adds a Barrier when
         * the counter reaches a value, a deadlock only some trip counts reach. Half of them start with a
         * non-blocking exchange, which keeps the buffered explorations from being shown by the zero-buffer one.
         */
        static String timingLoops(long seed) {
            Random r = new Random(seed * 7919 + 13);
            StringBuilder b = new StringBuilder();
            b.append("import mpi.*;\npublic class Loops").append(seed).append(" {\n")
                    .append("    public static void main(String[] args) throws Exception {\n")
                    .append("        MPI.Init(args);\n")
                    .append("        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();\n")
                    .append("        double[] t = new double[1];\n        int[] v = new int[1];\n        int[] n = new int[1];\n")
                    .append("        int c = 0;\n");
            if (r.nextBoolean()) {
                // a non-blocking exchange: outside the zero-buffer proof, so buffered runs are explored for themselves
                // (and Bcast's root runs ahead of the others into the next iterations)
                b.append("        Request q = MPI.COMM_WORLD.Isend(v, 0, 1, MPI.INT, (rank + 1) % size, 9);\n")
                        .append("        MPI.COMM_WORLD.Recv(n, 0, 1, MPI.INT, (rank + size - 1) % size, 9);\n")
                        .append("        q.Wait();\n");
            }
            int rounds = 1 + r.nextInt(3);
            for (int k = 0; k < rounds; k++) {
                b.append("        t[0] = 0.0;\n");
                if (r.nextBoolean()) b.append("        MPI.COMM_WORLD.Barrier();\n");
                String body = "            " + String.join("\n            ", bodyOf(r)) + "\n";
                if (r.nextInt(3) == 0) {
                    b.append("        if (rank == 0) n[0] = (int) MPI.Wtime();\n")
                            .append("        MPI.COMM_WORLD.Bcast(n, 0, 1, MPI.INT, 0);\n")
                            .append("        for (int i = 0; i < n[0]; i++) {\n").append(body).append("        }\n");
                } else {
                    b.append("        while (t[0] < 10.0) {\n").append(body)
                            .append("            if (rank == 0) t[0] = MPI.Wtime();\n")
                            .append("            MPI.COMM_WORLD.Bcast(t, 0, 1, MPI.DOUBLE, 0);\n")
                            .append("        }\n");
                }
            }
            b.append("        MPI.COMM_WORLD.Barrier();\n        MPI.Finalize();\n    }\n}\n");
            return b.toString();
        }

        /**
         * A random sequence of steps over a rank-local value {@code x} that every step mixes in: a master's
         * wildcard receives of its workers' {@code x} (so the order they arrive in changes the master's {@code x}; a
         * worker may send it in a new array with {@code Isend} and forget it before the {@code Wait}: only the message
         * in flight still holds it),
         * a broadcast of the master's {@code x}, an Allreduce, a Gather whose result the root adds to {@code x} or
         * not, a ring exchange of {@code x}, a step that keeps only its parity (so that runs which differed meet
         * again, while a message in flight may still carry the difference), and a test of {@code x} before a Barrier
         * that one rank skips for some values (a deadlock only some matchings reach).
         */
        static String families(long seed) {
            Random r = new Random(seed * 104_729 + 7);
            StringBuilder b = new StringBuilder();
            b.append("import mpi.*;\npublic class Fam").append(seed).append(" {\n")
                    .append("    public static void main(String[] args) throws Exception {\n")
                    .append("        MPI.Init(args);\n")
                    .append("        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();\n")
                    .append("        int[] p = new int[1], q = new int[1], c = new int[1], s = new int[1], g = new int[size];\n")
                    .append("        int x = rank;\n");
            int steps = 3 + r.nextInt(4);
            boolean tested = false;
            for (int k = 0; k < steps; k++) {
                int kind = k == steps - 1 && !tested ? 5 : r.nextInt(7);
                switch (kind) {
                    case 0 -> b.append("        if (rank == 0) {\n")
                            .append("            for (int i = 1; i < size; i++) { MPI.COMM_WORLD.Recv(q, 0, 1, MPI.INT, MPI.ANY_SOURCE, ")
                            .append(k).append("); x = x * 3 + q[0]; }\n")
                            .append("        } else {\n            p[0] = x + rank; ").append(r.nextBoolean()
                                    ? "MPI.COMM_WORLD.Send(p, 0, 1, MPI.INT, 0, " + k + ");\n"
                                    : "Request w = MPI.COMM_WORLD.Isend(new int[] {x + rank}, 0, 1, MPI.INT, 0, " + k
                                            + "); x = rank; w.Wait();\n")
                            .append("        }\n");
                    case 1 -> b.append("        if (rank == 0) c[0] = x % 5;\n        MPI.COMM_WORLD.Bcast(c, 0, 1, MPI.INT, 0);\n")
                            .append("        x += c[0];\n");
                    case 2 -> b.append("        p[0] = x % 3;\n        MPI.COMM_WORLD.Allreduce(p, 0, s, 0, 1, MPI.INT, MPI.")
                            .append(r.nextBoolean() ? "SUM" : "MAX").append(");\n        x += s[0];\n");
                    case 3 -> {
                        b.append("        p[0] = x;\n        MPI.COMM_WORLD.Gather(p, 0, 1, MPI.INT, g, 0, 1, MPI.INT, 0);\n");
                        if (r.nextBoolean()) b.append("        if (rank == 0) x += g[size - 1];\n");
                    }
                    case 4 -> b.append("        p[0] = x;\n        MPI.COMM_WORLD.Sendrecv(p, 0, 1, MPI.INT, (rank + 1) % size, 50, ")
                            .append("q, 0, 1, MPI.INT, (rank + size - 1) % size, 50);\n        x = x + q[0];\n");
                    case 6 -> b.append("        x = x % 2;\n"); // histories that differed meet again
                    default -> {
                        tested = true;
                        int m = 2 + r.nextInt(3);
                        b.append("        if (x % ").append(m).append(" == 0 && rank == size - 1) { } else { MPI.COMM_WORLD.Barrier(); }\n");
                    }
                }
            }
            b.append("        MPI.Finalize();\n    }\n}\n");
            return b.toString();
        }

        private static List<String> bodyOf(Random r) {
            List<String> body = new java.util.ArrayList<>();
            int ops = 1 + r.nextInt(3);
            for (int i = 0; i < ops; i++) {
                switch (r.nextInt(5)) {
                    case 0 -> body.add("MPI.COMM_WORLD.Barrier();");
                    case 1 -> body.add("MPI.COMM_WORLD.Allreduce(v, 0, v, 0, 1, MPI.INT, MPI.SUM);");
                    case 2 -> body.add("MPI.COMM_WORLD.Bcast(v, 0, 1, MPI.INT, 0);");
                    case 3 -> body.add("if (rank % 2 == 0) { MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, (rank + 1) % size, 0); "
                            + "MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, (rank + size - 1) % size, 0); } else { "
                            + "MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, (rank + size - 1) % size, 0); "
                            + "MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, (rank + 1) % size, 0); }");
                    default -> body.add("c++;");
                }
            }
            if (r.nextInt(3) == 0) {
                int at = 1 + r.nextInt(4);
                body.add(r.nextBoolean() ? "c++; if (c == " + at + " && rank == size - 1) { } else { MPI.COMM_WORLD.Barrier(); }"
                        : "c++; if (c == " + at + " && rank == 0) MPI.COMM_WORLD.Barrier();");
            }
            return body;
        }
    }
}
