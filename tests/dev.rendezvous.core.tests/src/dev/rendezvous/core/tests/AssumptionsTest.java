package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;

/**
 * What the analysis reports as assumed on real-program shapes: only what it really had to assume.
 * Each case has a twin where the assumption is due, so that neither direction can pass by accident.
 */
class AssumptionsTest {

    private static List<String> assumptions(String name, String src, int np) {
        RunReport r = Repo.analyze(name, src, np);
        return r.findings().stream().filter(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION).map(Finding::message).toList();
    }

    private static final String LOOP = """
            import mpi.*;
            public class L {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank(), n = MPI.COMM_WORLD.Size();
                    int iters = Integer.parseInt(System.getProperty("ITERATIONS"));
                    double[] times = new double[1000];
                    int[] v = new int[1];
                    for (int i = 0; i < iters; i++) {
                        double t = MPI.Wtime();
                        MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, %s, 0, v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                        times[i] = MPI.Wtime() - t;
                    }
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aLoopOverAnInputWhoseIterationsRepeatNeedsNoAssumption() {
        List<String> a = assumptions("L.java", LOOP.formatted("(me + 1) % n"), 3);
        assertTrue(a.stream().noneMatch(m -> m.contains("Loop bound unknown")), a.toString());
    }

    @Test
    void aLoopWhoseCounterChoosesThePartnerStillSaysItWasCut() {
        List<String> a = assumptions("L.java", LOOP.formatted("(me + 1 + i) % n"), 3);
        assertTrue(a.stream().anyMatch(m -> m.contains("Loop bound unknown")), a.toString());
    }

    private static final String PURE = """
            import mpi.*;
            public class P {
                static int inverse(int x) {
                    if (x <= 1) return x;
                    int y = 65537 %% x;
                    if (y == 1) return 1 - 65537 / x;
                    return y;
                }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int[] key = new int[1];
                    key[0] = (int) (Math.random() * 1000);
                    int k = %s;
                    MPI.COMM_WORLD.Allreduce(key, 0, key, 0, 1, MPI.INT, MPI.SUM);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aPureHelperBranchingOnDataGivesAValueNotAnAssumption() {
        List<String> a = assumptions("P.java", PURE.formatted("inverse(key[0])"), 2);
        assertEquals(List.of(), a, "the helper's branches only decide its value");
        RunReport inMain = Repo.analyze("P.java", PURE.formatted("key[0] > 500 ? 1 : 2;\n        if (key[0] > 7) MPI.COMM_WORLD.Barrier()"), 2);
        assertTrue(inMain.findings().stream().anyMatch(f -> f.kind() == FindingKind.COLLECTIVE_MISMATCH
                && f.message().contains("only if data the analysis cannot compute")), "a branch around communication is "
                + "still explored both ways, and what it finds is said to rest on the data: " + inMain.findings());
    }

    /**
     * A branch on data the analysis cannot compute is explored both ways: every value takes one of them, so an "ok"
     * over both rests on nothing assumed, and a finding on one of them says it is only possible (it names the path).
     * It used to be an assumption at every such branch: a master that receives a second message only when a worker
     * found something (a correct lab program) was "ok with assumptions". The twin: the master receives the second
     * message whatever the worker found, a deadlock the data decides, reported as possible.
     */
    @Test
    void aBranchOnDataExploredBothWaysIsNoAssumption() {
        String found = """
                import mpi.*;
                public class F {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] n = new int[1];
                        if (rank == 1) {
                            n[0] = (int) (Math.random() * 3);
                            MPI.COMM_WORLD.Send(n, 0, 1, MPI.INT, 0, 0);
                            if (n[0] > 0) MPI.COMM_WORLD.Send(new double[n[0]], 0, n[0], MPI.DOUBLE, 0, 1);
                        } else if (rank == 0) {
                            MPI.COMM_WORLD.Recv(n, 0, 1, MPI.INT, 1, 0);
                            if (COND) MPI.COMM_WORLD.Recv(new double[8], 0, 8, MPI.DOUBLE, 1, 1);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = Repo.analyze("F.java", found.replace("COND", "n[0] > 0"), 2);
        assertEquals(List.of(), ok.findings().stream().filter(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO)
                .map(Finding::message).toList());
        assertEquals(List.of(), assumptions("F.java", found.replace("COND", "n[0] > 0"), 2));
        RunReport twin = Repo.analyze("F.java", found.replace("COND", "true"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.kind() == FindingKind.UNMATCHED_RECV
                && f.message().contains("only if data the analysis cannot compute")), twin.findings().toString());
    }

    /** A helper that searches a graph every rank got from rank 0 (after a lab program's eccentricity search). */
    private static final String SEARCH = """
            import mpi.*;
            import java.util.*;
            public class S {
                static final int INF = 1000;
                static int ecc(int s, int n, int[] adj, int[] seen) {
                    int[] d = new int[n];
                    Arrays.fill(d, -1);
                    ArrayDeque<Integer> q = new ArrayDeque<>();
                    d[s] = 0;
                    q.add(s);
                    while (!q.isEmpty()) {
                        int u = q.poll();
                        for (int v = 0; v < n; v++) {
                            if (adj[u * n + v] != 0 && d[v] == -1) {
                                d[v] = d[u] + 1;
                                q.add(v);
                                %s
                            }
                        }
                    }
                    int e = 0;
                    for (int x : d) { if (x == -1) return INF; if (x > e) e = x; }
                    return e;
                }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int n = 6;
                    int[] adj = new int[n * n];
                    if (me == 0) for (int i = 0; i < n * n; i++) adj[i] = (int) (Math.random() * 2);
                    MPI.COMM_WORLD.Bcast(adj, 0, n * n, MPI.INT, 0);
                    int[] seen = new int[1];
                    int[] e = { ecc(me %% n, n, adj, seen) };
                    if (seen[0] > 0 && me == 0) MPI.COMM_WORLD.Send(e, 0, 1, MPI.INT, 1, 9);
                    int[] all = new int[MPI.COMM_WORLD.Size()];
                    MPI.COMM_WORLD.Gather(e, 0, 1, MPI.INT, all, 0, 1, MPI.INT, 0);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aSearchThatWritesOnlyItsOwnArraysGivesAValueNotAnAssumption() {
        RunReport r = Repo.analyze("S.java", SEARCH.formatted(""), 3);
        assertEquals(List.of(), r.findings().stream().map(Finding::message).toList(),
                "the search's tests on received data decide only its result, which rank 0 gathers as data");
    }

    @Test
    void aSearchThatAlsoMarksItsArgumentIsStillExploredAndItsSendFound() {
        RunReport r = Repo.analyze("S.java", SEARCH.formatted("seen[0] = 1;"), 3);
        List<FindingKind> kinds = r.findings().stream().map(Finding::kind).toList();
        assertTrue(kinds.contains(FindingKind.ANALYSIS_ASSUMPTION), kinds.toString());
        assertTrue(kinds.stream().anyMatch(k -> k != FindingKind.ANALYSIS_ASSUMPTION),
                "the mark steers a send rank 1 never receives, which is reported: " + kinds);
    }

    @Test
    void aHelperCallingAMethodOfTheProgramThatWritesAFieldIsStillExplored() {
        // get() reads like a library accessor, but this one counts its calls in a field that later steers a send
        String src = """
                import mpi.*;
                public class G {
                    static class Counter {
                        int n;
                        int get() { n++; return n; }
                    }
                    static int probe(Counter c, int[] data) {
                        if (data[0] > 5) return c.get();
                        return 0;
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                        int[] data = { (int) (Math.random() * 10) };
                        Counter c = new Counter();
                        int r = probe(c, data);
                        if (c.n > 0 && me == 0) MPI.COMM_WORLD.Send(data, 0, 1, MPI.INT, 1, 9);
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        List<FindingKind> kinds = Repo.analyze("G.java", src, 2).findings().stream().map(Finding::kind).toList();
        assertTrue(kinds.stream().anyMatch(k -> k != FindingKind.ANALYSIS_ASSUMPTION),
                "the count steers a send rank 1 never receives, which is reported: " + kinds);
    }

    private static final String ARGS = """
            import mpi.*;
            public class A {
                public static void main(String[] args) throws Exception {
                    String[] rest = MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int n = Integer.parseInt(args[3]);
                    int[] v = new int[1];
                    for (int i = 0; i < n; i++) {
                        if (me < 2) MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, 1 - me, 0, v, 0, 1, MPI.INT, 1 - me, 0);
                    }
                    %s
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void programArgumentsAreTheSameOnEveryRankAndNeedNoAssumption() {
        RunReport r = Repo.analyze("A.java", ARGS.formatted(""), 2);
        assertEquals(List.of(), assumptions("A.java", ARGS.formatted(""), 2));
        assertTrue(r.findings().stream().noneMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), r.findings().toString());
    }

    @Test
    void askingHowManyArgumentsThereAreTakesTheDefaultsAndSaysSo() {
        List<String> a = assumptions("A.java", ARGS.formatted("int k = args.length; if (k > 4) MPI.COMM_WORLD.Barrier();"), 2);
        assertTrue(a.stream().anyMatch(m -> m.contains("taken as empty")), a.toString());
    }

    @Test
    void printingTheArgumentsAssumesNothing() {
        List<String> a = assumptions("A.java", ARGS.formatted(
                "System.out.println(args.length); for (int j = 0; j < args.length; j++) System.out.println(args[j]);"), 2);
        assertEquals(List.of(), a);
    }

    @Test
    void aBranchOnAnArgumentThatAlsoTestsTheRankIsStillADeadlock() {
        RunReport r = Repo.analyze("A.java", ARGS.formatted("if (me == 0 && args[4].equals(\"sync\")) MPI.COMM_WORLD.Barrier();"), 2);
        assertTrue(r.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR
                && f.kind().id().equals("collective-missing")), r.findings().toString());
    }

    @Test
    void anAbortGuardIsAFactAboutTheProcessCountNotAnAssumption() throws Exception {
        java.nio.file.Path f = Repo.fixtures().resolve("AbortGuard.java");
        String src = java.nio.file.Files.readString(f);
        RunReport two = Repo.analyze("AbortGuard.java", src, 2);
        assertEquals(List.of(), assumptions("AbortGuard.java", src, 2));
        Finding abort = two.findings().stream().filter(x -> x.kind() == FindingKind.JOB_ABORT).findFirst().orElseThrow();
        assertEquals(15, abort.range().line());
        assertTrue(abort.message().contains("2 process(es)"), abort.message());
        RunReport four = Repo.analyze("AbortGuard.java", src, 4);
        assertTrue(four.findings().stream().noneMatch(x -> x.kind() == FindingKind.JOB_ABORT), four.findings().toString());
    }

    @Test
    void aPeerThatDoesNotExistSaysHowManyProcessesTheProgramNeeds() {
        String src = """
                import mpi.*;
                public class Three {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                        int[] v = new int[1];
                        if (me == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 2, 0);
                        else if (me == 2) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Three.java", src, 2);
        assertTrue(r.findings().stream().anyMatch(x -> x.kind() == FindingKind.JOB_ABORT && x.message().contains("at least 3")
                && x.range().line() == 7), r.findings().toString());
        assertTrue(r.findings().stream().noneMatch(x -> x.severity() == dev.rendezvous.core.model.Severity.ERROR), r.findings().toString());
    }

    /** The shape of the JGF section 1 timing loops: a rank-uniform stop time and a message count doubled each round. */
    private static final String TIMING = """
            import mpi.*;
            public class T {
                private static final int INITSIZE = 1, MAXSIZE = 1000000;
                private static final double TARGETTIME = 10.0;
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    double[] time = new double[1];
                    int size = INITSIZE;
                    while (time[0] < TARGETTIME && size < MAXSIZE) {
                        for (int k = 0; k < size; k++) {
                            MPI.COMM_WORLD.Barrier();
                        }
                        %s
                        if (rank == 0) time[0] = MPI.Wtime();
                        MPI.COMM_WORLD.Bcast(time, 0, 1, MPI.DOUBLE, 0);
                        size *= 2;
                    }
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aTimingLoopWhoseRoundsDifferOnlyInAUniformSizeIsCoveredWithoutAssumption() {
        RunReport r = Repo.analyze("T.java", TIMING.formatted(""), 2);
        assertEquals(List.of(), assumptions("T.java", TIMING.formatted(""), 2));
        assertEquals("ok", r.verdict().runId());
    }

    @Test
    void aCollectiveOnlyOneRankCallsInLargeRoundsIsStillFound() {
        RunReport r = Repo.analyze("T.java", TIMING.formatted("if (size > 1000 && rank == 0) MPI.COMM_WORLD.Barrier();"), 2);
        assertTrue(r.findings().stream().anyMatch(f -> f.kind() == FindingKind.COLLECTIVE_MISSING
                || f.kind() == FindingKind.COLLECTIVE_MISMATCH), r.findings().toString());
    }

    /**
     * The per-send exploration itself (which the analysis now skips here, SlackElasticityProof): with a worker's last
     * answer buffered its loop head differed from the master's, one rank widened past the iteration budget and the
     * other stopped, and the barrier after the loop deadlocked in no real run.
     */
    @Test
    void ranksLeaveAUniformLoopAtTheSameRoundWhateverIsBuffered() {
        for (String name : List.of("UniformLoopAnySource.java", "InputLoopCStyleArgs.java")) {
            java.nio.file.Path f = Repo.fixtures().resolve(name);
            for (int np = 2; np <= 3; np++) {
                dev.rendezvous.core.extract.Budgets b = dev.rendezvous.core.extract.Budgets.defaults();
                b.maxMillis = 60_000;
                var ctx = new dev.rendezvous.core.analysis.AnalysisContext(
                        dev.rendezvous.core.extract.Program.parse(f.toString(), Repo.read(f)), np, b, () -> false);
                var perSend = ctx.explore(dev.rendezvous.core.semantics.BufferPolicy.PER_SEND);
                assertTrue(perSend.runs().size() > 1, name + " np=" + np + ": buffering choices were explored");
                String where = name + " np=" + np;
                assertTrue(!perSend.anyDeadlock(), () -> where + ", blocked: " + perSend.firstDeadlock().blocked().stream()
                        .map(x -> "rank " + x.rank() + " in " + x.event().describe() + " at line " + x.event().site().line()).toList());
            }
        }
    }

    @Test
    void aSizeThatChoosesThePartnerIsNotWidened() {
        List<String> a = assumptions("T.java", TIMING.formatted("int[] v = new int[1];\n if (rank < 2) MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, (rank + size) % 2, 0, v, 0, 1, MPI.INT, (rank + size) % 2, 0);"), 2);
        assertTrue(a.stream().anyMatch(m -> m.contains("Loop bound unknown")), a.toString());
        assertTrue(a.stream().noneMatch(m -> m.contains("could not be computed")), a.toString());
    }

    /** Gauss elimination's shape: numerical kernels between the messages, long enough to be cut. */
    private static final String KERNEL = """
            import mpi.*;
            public class K {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int n = %s, m = 400;
                    double[][] a = new double[n][m + 1];
                    double[] v = new double[m + 1];
                    int i, j;
                    for (int p = 0; p < size; p++) {
                        for (int k = 0; k < 3; k++) {
                            if (rank == p) {
                                for (int d = p + 1; d < size; d++) MPI.COMM_WORLD.Send(a[k], 0, m + 1, MPI.DOUBLE, d, 1);
                            } else if (rank > p) {
                                MPI.COMM_WORLD.Recv(v, 0, v.length, MPI.DOUBLE, p, 1);
                            }
                            for (i = 0; i < n; i++) {
                                for (j = m; j >= k; j--) a[i][j] = a[i][j] - a[i][k] * v[j];
                            }
                        }
                    }
                    %s
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aLongNumericalKernelIsCutWithoutAssumption() {
        assertEquals(List.of(), assumptions("K.java", KERNEL.formatted("60", ""), 3));
    }

    @Test
    void aKernelSteppingByMoreThanOneIsCutWithoutAssumptionToo() {
        String stepped = KERNEL.formatted("60", "").replace("for (i = 0; i < n; i++)", "for (i = 0; i < n; i += 1)");
        assertEquals(List.of(), assumptions("K.java", stepped, 3));
    }

    @Test
    void anIntegerTheCutKernelLeavesBehindAndTheProgramUsesIsStillSaid() {
        List<String> a = assumptions("K.java", KERNEL.formatted("1200", "if (j > 0) MPI.COMM_WORLD.Barrier();"), 3);
        assertTrue(a.stream().anyMatch(m -> m.contains("Loop without communication stopped")), a.toString());
    }

    /** A prime count over a million numbers per worker: the loop is cut, its count only travels in a Reduce (or steers). */
    private static final String PRIMES = """
            import mpi.*;
            public class Primes {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int from = rank * 1000000, found = 0;
                    for (int x = from + 1; x <= from + 1000000; x++) {
                        int d = 2;
                        boolean composite = false;
                        while (d * d <= x && !composite) {
                            if (x %% d == 0) composite = true;
                            d++;
                        }
                        if (!composite && x > 1) found++;
                    }
                    int[] mine = { found }, total = new int[1];
                    MPI.COMM_WORLD.Reduce(mine, 0, total, 0, 1, MPI.INT, MPI.SUM, 0);
                    %s
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aCutLoopWhoseIntegersOnlyTravelAsMessageContentsNeedsNoAssumption() {
        assertEquals(List.of(), assumptions("Primes.java", PRIMES.formatted(""), 2));
        // counted with ++x: still a plain counting loop, whose counter gets its exit value
        assertEquals(List.of(), assumptions("Primes.java", PRIMES.formatted("").replace("x++)", "++x)"), 2));
    }

    @Test
    void aCutLoopWhoseIntegerLaterSteersACallIsStillSaid() {
        List<String> a = assumptions("Primes.java", PRIMES.formatted("if (found > 7) MPI.COMM_WORLD.Barrier();"), 2);
        assertTrue(a.stream().anyMatch(m -> m.contains("Loop without communication stopped")), a.toString());
    }

    @Test
    void aRankThatThrowsOnAnUnknownValueIsACrashNotADeadlock() {
        String src = """
                import mpi.*;
                public class Th {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        double x = Math.random();
                        if (x > 2.0) throw new IllegalStateException("cannot happen");
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Th.java", src, 2);
        assertTrue(r.findings().stream().noneMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), r.findings().toString());
        assertTrue(assumptions("Th.java", src, 2).stream().anyMatch(m -> m.contains("throws here")));
    }

    /**
     * A worker spinning on {@code Iprobe} for messages from a producer that sends more of them than the step budget
     * lets the analysis follow (a real program sent all 11! permutations of an 11-queens search this way): the budget,
     * not the program, left the worker spinning, so it is not deadlocked. Its twin sends one message too few: the worker
     * and the producer then spin on each other, a real hang.
     */
    private static final String SPIN = """
            import mpi.*;
            public class Spin {
                static final int EXPECTED = %d, SENT = %d;
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int[] v = new int[1];
                    if (me == 0) {
                        for (int i = 0; i < SENT; i++) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 5);
                        while (MPI.COMM_WORLD.Iprobe(1, 6) == null) { }
                        MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 6);
                    } else if (me == 1) {
                        int count = 0;
                        while (count < EXPECTED) {
                            if (MPI.COMM_WORLD.Iprobe(0, 5) != null) {
                                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 5);
                                count++;
                            }
                        }
                        MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 6);
                    }
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aRankSpinningOnIprobeForARankTheBudgetStoppedIsNotDeadlocked() {
        assertStoppedWithoutError(underSmallStepBudget("Spin.java", SPIN.formatted(1_000_000, 1_000_000), 2), "Stopped following rank 0");

        RunReport hang = Repo.analyze("Spin.java", SPIN.formatted(5, 4), 2);
        assertTrue(hang.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR
                && f.ranks().contains(1)), hang.findings().toString());
    }

    /**
     * The same for a rank polling {@code Test} on its Isend: it waits for the send's receiver. That receiver first
     * exchanges more messages with a third rank than the step budget follows: not a deadlock. In the twin it never posts
     * the receive: the Isend is unmatched (said of the send, not as a receive nobody sends to).
     */
    private static final String TEST_SEND = """
            import mpi.*;
            public class TestSend {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int[] v = new int[1];
                    if (me == 0) {
                        Request r = MPI.COMM_WORLD.Isend(v, 0, 1, MPI.INT, 1, 9);
                        while (r.Test() == null) { }
                    } else if (me == 1) {
                        for (int i = 0; i < %1$d; i++) MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, 2, 1, v, 0, 1, MPI.INT, 2, 1);
                        %2$s
                    } else if (me == 2) {
                        for (int i = 0; i < %1$d; i++) MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, 1, 1, v, 0, 1, MPI.INT, 1, 1);
                    }
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aRankPollingItsSendForARankTheBudgetStoppedIsNotDeadlocked() {
        String src = TEST_SEND.formatted(1_000_000, "MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 9);");
        assertStoppedWithoutError(underSmallStepBudget("TestSend.java", src, 3), "Stopped following rank");

        RunReport hang = Repo.analyze("TestSend.java", TEST_SEND.formatted(3, ""), 3);
        assertTrue(hang.findings().stream().anyMatch(f -> f.kind() == FindingKind.UNMATCHED_SEND && f.ranks().contains(0)),
                hang.findings().toString());
    }

    /** {@code src} analysed at {@code np} with 50,000 interpretation steps per rank, so that a long run meets the budget. */
    private static RunReport underSmallStepBudget(String name, String src, int np) {
        dev.rendezvous.core.extract.Budgets b = dev.rendezvous.core.extract.Budgets.defaults();
        b.maxStepsPerRank = 50_000;
        b.maxMillis = 60_000;
        return dev.rendezvous.core.Rendezvous.analyze(dev.rendezvous.core.extract.Program.parse(name, src), np,
                new dev.rendezvous.core.AnalysisOptions(List.of(np), b), () -> false);
    }

    /** No error, and the budget's stop ({@code said}) among the findings. */
    private static void assertStoppedWithoutError(RunReport r, String said) {
        assertTrue(r.findings().stream().noneMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), r.findings().toString());
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains(said)), r.findings().toString());
    }

    private static final String TASKS = """
            import java.util.*;
            import mpi.*;
            public class Tasks {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    Vector tasks = new Vector(10);
                    for (int i = 0; i < 3; i++) tasks.addElement(Integer.valueOf(i));
                    tasks.insertElementAt(Integer.valueOf(9), 0);
                    List<Integer> extra = new ArrayList<>(tasks);
                    int[] v = new int[1];
                    if (rank == 0) {
                        for (Enumeration e = tasks.elements(); e.hasMoreElements(); ) {
                            v[0] = (Integer) e.nextElement();
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 0);
                        }
                        Iterator<Integer> it = extra.iterator();
                        while (it.hasNext()) {
                            v[0] = it.next();
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 1);
                        }
                    } else if (rank == 1) {
                        for (int i = 0; i < %s; i++) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                        for (int i = 0; i < (Integer) tasks.firstElement(); i++) if (i < tasks.size()) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 1);
                    }
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void vectorsAndTheirEnumerationsAreFollowed() {
        // 4 tasks (9, 0, 1, 2) go out twice, once by Enumeration and once by Iterator over a copy
        RunReport ok = Repo.analyze("Tasks.java", TASKS.formatted("tasks.size()"), 2);
        assertEquals(List.of(), assumptions("Tasks.java", TASKS.formatted("tasks.size()"), 2));
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        // the twin: rank 1 waits for one task more than there are
        RunReport bad = Repo.analyze("Tasks.java", TASKS.formatted("tasks.size() + 1"), 2);
        assertTrue(bad.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), bad.findings().toString());
    }

    private static final String READ_ALL = """
            import mpi.*;
            import java.io.*;
            import java.util.*;
            public class ReadAll {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    String file = %s;
                    List<String> lines = new ArrayList<String>();
                    try {
                        BufferedReader in = new BufferedReader(new FileReader(file));
                        while (in.ready()) lines.add(in.readLine());
                        in.close();
                    } catch (IOException e) {
                        MPI.Finalize();
                        System.exit(0);
                    }
                    if (lines.size() == 0) { MPI.Finalize(); System.exit(0); }
                    int[] v = new int[1];
                    if (rank == 0) { for (int r = 1; r < size; r++) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, r, 0); }
                    else MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                    MPI.Finalize();
                }
            }
            """;

    /**
     * Every rank reads the file named on the command line (a K-means program's input): the same name, the same lines,
     * so every rank finds it empty or none does. Named by a literal this held before; named by {@code args[0]} (an
     * input alike on every rank) the reader was taken for one rank's own data, and a rank that found the file empty
     * left the others waiting: a warning on a correct program. The twin reads the standard input, which only one
     * rank's data can be said to come from.
     */
    @Test
    void aFileNamedByAnArgumentReadsAlikeOnEveryRank() {
        for (String name : List.of("\"data.txt\"", "args[0]")) {
            RunReport r = Repo.analyze("ReadAll.java", READ_ALL.formatted(name), 2);
            assertTrue(r.findings().stream().noneMatch(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO), name + ": " + r.findings());
        }
        RunReport own = Repo.analyze("ReadAll.java", READ_ALL.formatted("\"-\"")
                .replace("new FileReader(file)", "new InputStreamReader(System.in)"), 2);
        assertTrue(own.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.WARNING), own.findings().toString());
    }

    /**
     * Rank 0 alone reads a graph, cuts it into blocks and broadcasts the block sizes; every rank then walks the blocks
     * with a counter started at a block's first row (a PageRank program's distribution of its adjacency lists).
     */
    private static final String BLOCKS = """
            import mpi.*;
            import java.io.*;
            import java.util.*;
            public class Blocks {
                static int total, first, rest;
                static int start(int r) { return r == 0 ? 0 : first + (r - 1) * rest; }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] sizes = new int[3];
                    if (rank == 0) {
                        BufferedReader in = new BufferedReader(new FileReader("graph.txt"));
                        List<String> lines = new ArrayList<String>();
                        String line;
                        while ((line = in.readLine()) != null) lines.add(line);
                        in.close();
                        total = lines.size();
                        rest = total / size;
                        first = total - rest * (size - 1);
                        sizes[0] = total; sizes[1] = first; sizes[2] = rest;
                    }
                    MPI.COMM_WORLD.Bcast(sizes, 0, 3, MPI.INT, 0);
                    if (rank != 0) { total = sizes[0]; first = sizes[1]; rest = sizes[2]%s; }
                    int[] row = new int[1];
                    for (int i = 1; i < size; i++) {
                        for (int j = start(i); j < start(i + 1); j++) {
                            if (rank == 0) MPI.COMM_WORLD.Send(row, 0, 1, MPI.INT, i, 1);
                            else if (rank == i) MPI.COMM_WORLD.Recv(row, 0, 1, MPI.INT, 0, 1);
                        }
                    }
                    MPI.COMM_WORLD.Allreduce(row, 0, row, 0, 1, MPI.INT, MPI.SUM);
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The root's block sizes, computed from its file, and the copies the others received are one value, so every rank
     * leaves a block's loop at the same turn. The loop counter's text grows at every turn; past the length a symbol
     * keeps, the value used to become an anonymous unknown, decided apart on each rank, and the root could stop
     * sending while a receiver waited for another row: a warning on a correct program. The twin's receivers make
     * their blocks one row longer than the root's, which is a real mismatch.
     */
    @Test
    void aCounterStartedAtABroadcastBlockBoundStaysOneValuePastItsTextLength() {
        for (int np : new int[] {2, 3, 4}) {
            RunReport r = Repo.analyze("Blocks.java", BLOCKS.formatted(""), np);
            assertTrue(r.findings().stream().noneMatch(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO), np + ": " + r.findings());
        }
        RunReport twin = Repo.analyze("Blocks.java", BLOCKS.formatted(" + 1"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO), twin.findings().toString());
    }

    /** A graph's size read from its file by every rank (a Floyd-Warshall diameter program), then one message per node. */
    private static final String PER_NODE = """
            import mpi.*;
            import java.io.*;
            public class PerNode {
                static int nodes, edges;
                static void load(String name) {
                    BufferedReader reader = null;
                    try {
                        reader = new BufferedReader(new FileReader(new File(name)));
                        nodes = Integer.parseInt(reader.readLine());
                        edges = Integer.parseInt(reader.readLine());
                    } catch (IOException e) {
                        e.printStackTrace();
                    } finally {
                        if (reader != null) { try { reader.close(); } catch (IOException e) { } }
                    }
                }
                public static void main(String[] args) throws Exception {
                    String[] rest = MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    load(%s);
                    int[] row = new int[1];
                    if (rank == 0) {
                        for (int t = 1; t <= nodes; t++) MPI.COMM_WORLD.Send(row, 0, 1, MPI.INT, 1, t);
                    } else if (rank == 1) {
                        for (int t = 1; t <= %s; t++) MPI.COMM_WORLD.Recv(row, 0, 1, MPI.INT, 0, t);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The k-th line of a file every rank names alike is one value on every rank: the master's and the worker's loops
     * over the node count it holds run as often. Before, what a reader read was an anonymous unknown, decided apart in
     * each loop: the master could stop after two nodes and the worker wait for a third, an error on a correct program.
     * The twin bounds the worker's loop by the second line (the edge count): another value, so the mismatch stays.
     */
    @Test
    void theSameLineOfTheSameFileIsOneValueOnEveryRank() {
        for (String name : List.of("\"graph.txt\"", "rest[0]")) {
            RunReport r = Repo.analyze("PerNode.java", PER_NODE.formatted(name, "nodes"), 2);
            assertEquals("ok", r.verdict().runId(), name + ": " + r.findings());
            assertTrue(r.findings().stream().noneMatch(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO), name + ": " + r.findings());
        }
        RunReport twin = Repo.analyze("PerNode.java", PER_NODE.formatted("\"graph.txt\"", "edges"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), twin.findings().toString());
    }

    /** A count rank 0 draws and broadcasts, then one message per unit, sent and received in two different loops. */
    private static final String COUNTED = """
            import mpi.*;
            public class Counted {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] n = new int[1];
                    if (rank == 0) n[0] = (int) (Math.random() * 10);
                    MPI.COMM_WORLD.Bcast(n, 0, 1, MPI.INT, 0);
                    int[] b = new int[1];
                    if (rank == 0) {
                        for (int t = 1; t <= n[0]; t++) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, t);
                    } else if (rank == 1) {
                        for (int t = 1; t <= %s; t++) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, t);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * A broadcast count bounds the sender's and the receiver's loops alike. Tests on what a collective gave were
     * decided per loop (right for a loop that broadcasts a new value at each iteration, a clock or a residual), so
     * the two loops could stop after different numbers of messages: an error on this correct program. Now a value
     * fixed before the loop is decided by what it is; the twin receives one message more than is sent.
     */
    @Test
    void aBroadcastCountBoundsEveryLoopAlike() {
        RunReport ok = Repo.analyze("Counted.java", COUNTED.formatted("n[0]"), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertTrue(ok.findings().stream().noneMatch(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO), ok.findings().toString());
        RunReport twin = Repo.analyze("Counted.java", COUNTED.formatted("n[0] + 1"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), twin.findings().toString());
    }

    /** Rank 0 reads numbers from a file and broadcasts each until a zero (a course's Bcast exercise). */
    private static final String UNTIL_ZERO = """
            import mpi.*;
            import java.io.File;
            import java.util.Scanner;
            public class UntilZero {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    Scanner in = new Scanner(new File("input.txt"));
                    int[] num = new int[1];
                    do {
                        if (MPI.COMM_WORLD.Rank() == 0) num[0] = in.nextInt();
                        MPI.COMM_WORLD.Bcast(num, 0, 1, MPI.INT, 0);
                    } while (num[0] != 0);
                    MPI.Finalize();
                }
            }
            """;

    /** A new number read at each iteration is the loop's next test, as a new broadcast value is: no bound assumed. */
    @Test
    void aLoopOnANewlyReadValueIsFollowedWithoutABound() {
        assertEquals(List.of(), assumptions("UntilZero.java", UNTIL_ZERO, 2));
        assertEquals("ok", Repo.analyze("UntilZero.java", UNTIL_ZERO, 2).verdict().runId());
    }

    /** A master deciding from data whether to go on and broadcasting it; master and workers loop in their own code. */
    private static final String GO_ON = """
            import mpi.*;
            public class GoOn {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    boolean[] more = new boolean[1];
                    int[] b = new int[1];
                    if (rank == 0) {
                        do {
                            more[0] = Math.random() < 0.5;
                            MPI.COMM_WORLD.Bcast(more, 0, 1, MPI.BOOLEAN, 0);
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);
                        } while (more[0]);
                    } else {
                        do {
                            MPI.COMM_WORLD.Bcast(more, 0, 1, MPI.BOOLEAN, 0);
                            if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0);
                        } while (%s);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The k-th broadcast flag is one value in the master's loop and in the workers' other loop: both stop after the
     * same round. Such a loop test was decided per loop, so the workers could wait for a broadcast the master never
     * made: an error on a correct master/worker program. The twin's workers stop one round early, a real mismatch.
     */
    @Test
    void aBroadcastFlagEndsTheMastersAndTheWorkersLoopsAlike() {
        for (int np : new int[] {2, 3}) {
            RunReport ok = Repo.analyze("GoOn.java", GO_ON.formatted("more[0]"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            // (under unbounded buffering the master may run rounds ahead: its loop is explored for 3 rounds, as before)
            assertTrue(ok.findings().stream().noneMatch(f -> f.severity() != dev.rendezvous.core.model.Severity.INFO), ok.findings().toString());
        }
        RunReport twin = Repo.analyze("GoOn.java", GO_ON.formatted("!more[0]"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), twin.findings().toString());
    }

    /** A master iterating while a reduced error is large; the workers leave their own loop by a break on the same test. */
    private static final String CONVERGE = """
            import mpi.*;
            public class Converge {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    double[] local = new double[1], global = new double[1], halo = new double[1];
                    int iter = 0;
                    if (rank == 0) {
                        do {
                            local[0] = Math.random();
                            MPI.COMM_WORLD.Send(halo, 0, 1, MPI.DOUBLE, 1, 0);
                            MPI.COMM_WORLD.Allreduce(local, 0, global, 0, 1, MPI.DOUBLE, MPI.MAX);
                            iter++;
                        } while (global[0] > 1e-3 && iter < 1000);
                    } else {
                        while (true) {
                            local[0] = Math.random();
                            if (rank == 1) MPI.COMM_WORLD.Recv(halo, 0, 1, MPI.DOUBLE, 0, 0);
                            MPI.COMM_WORLD.Allreduce(local, 0, global, 0, 1, MPI.DOUBLE, MPI.MAX);
                            if (%s) break;
                            iter++;
                            if (iter >= 1000) break;
                        }
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The master's "go on while err > eps" and a worker's "break if err <= eps" are one decision with opposite
     * outcomes (before, the two texts were two decisions and the workers could stay for an Allreduce the master
     * never made); the twin's workers break on the master's own condition, a real mismatch.
     */
    @Test
    void aTestAndItsNegationOnOneReducedValueAreOneDecision() {
        for (int np : new int[] {2, 3}) {
            RunReport ok = Repo.analyze("Converge.java", CONVERGE.formatted("global[0] <= 1e-3"), np);
            assertEquals("ok", ok.verdict().runId(), np + ": " + ok.findings());
            ok = Repo.analyze("Converge.java", CONVERGE.formatted("!(global[0] > 1e-3)"), np);
            assertEquals("ok", ok.verdict().runId(), np + ": " + ok.findings());
        }
        RunReport twin = Repo.analyze("Converge.java", CONVERGE.formatted("global[0] > 1e-3"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR), twin.findings().toString());
    }
}
