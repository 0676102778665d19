package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Severity;

/**
 * A loop that only sums up floating-point numbers into a variable used after it (a worker's quadrature) is forgotten
 * at once when no floating-point value steers the program and nothing that steers depends on the sum; it is computed
 * when something does. The step budget here is too small to compute the long loops, so a loop that was computed
 * would stop the rank with an assumption instead of reaching the communication after it.
 */
class AccumulatorLoopTest {

    private static String program(String worker, int recvTag) {
        return """
                import mpi.*;
                public class Q {
                    static double integrate(int piece, int pieces) {
                        double a = (double) piece / pieces, b = (double) (piece + 1) / pieces, s = 0;
                        int m = 400000;
                        for (int i = 0; i < m; i++) {
                            double x = a + (b - a) * (i + 0.5) / m;
                            s += 4.0 / (1 + x * x);
                        }
                        return s * (b - a) / m;
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        double[] res = new double[1];
                        if (rank == 0) {
                            double pi = 0;
                            for (int w = 1; w < size; w++) {
                                MPI.COMM_WORLD.Recv(res, 0, 1, MPI.DOUBLE, w, %d);
                                pi += res[0];
                            }
                            System.out.println(pi);
                        } else {
                """.formatted(recvTag) + worker + """
                        }
                        MPI.Finalize();
                    }
                }
                """;
    }

    private static RunReport analyze(String source, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxStepsPerRank = 200_000;
        return Rendezvous.analyze(Program.parse("Q.java", source), np, new AnalysisOptions(List.of(np), b), () -> false);
    }

    /**
     * The worker, with {@code classes} (fields, methods, nested classes) added to the program, analysed at {@code np}:
     * ok without any assumption when the master receives with {@code tag}, and not ok, still without any assumption,
     * when it receives with {@code otherTag} (a loop that was cut instead of computed would leave an assumption or an
     * unknown tag).
     */
    private static void okAtTagHangsAtOther(String classes, String worker, int tag, int otherTag, int np) {
        RunReport ok = analyze(program(worker, tag).replace("static double integrate(", classes + "static double integrate("), np);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport hang = analyze(program(worker, otherTag).replace("static double integrate(", classes + "static double integrate("), np);
        assertNotEquals("ok", hang.verdict().runId(), hang.findings().toString());
        assertFalse(assumed(hang), hang.findings().toString());
    }

    private static boolean assumed(RunReport r) {
        return r.findings().stream().anyMatch(f -> f.kind().id().equals("analysis-assumption"));
    }

    @Test
    void aQuadratureIsForgottenAndTheCommunicationAfterItAnalysed() {
        String worker = """
                            res[0] = integrate(rank, size);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, 7);
                """;
        RunReport ok = analyze(program(worker, 7), 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport hang = analyze(program(worker, 5), 3);
        assertNotEquals("ok", hang.verdict().runId());
        assertTrue(hang.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR
                && !f.kind().id().equals("analysis-assumption")), hang.findings().toString());
        assertFalse(assumed(hang), hang.findings().toString());
    }

    /** The integrand is a method of the program without effects: the loop is forgotten all the same. */
    @Test
    void aQuadratureCallingAPureIntegrandIsForgotten() {
        String worker = """
                            res[0] = integrate(rank, size);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, 7);
                """;
        String source = program(worker, 7).replace("s += 4.0 / (1 + x * x);", "s += f(x);")
                .replace("static double integrate(", "static double f(double x) { return 4.0 / (1 + x * x); }\n    static double integrate(");
        RunReport ok = analyze(source, 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport hang = analyze(source.replace("MPI.DOUBLE, 0, 7)", "MPI.DOUBLE, 0, 8)"), 3);
        assertNotEquals("ok", hang.verdict().runId());
        assertFalse(assumed(hang), hang.findings().toString());
    }

    /** An integrand that counts its calls in a field the tag is taken from has an effect: the loop is computed. */
    @Test
    void anIntegrandWithAnEffectIsComputed() {
        String worker = """
                            res[0] = integrate(rank, size);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, calls);
                """;
        String source = program(worker, 4).replace("int m = 400000;", "int m = 4;").replace("s += 4.0 / (1 + x * x);", "s += f(x);")
                .replace("static double integrate(", "static int calls;\n    static double f(double x) { calls++; return 4.0 / (1 + x * x); }\n    static double integrate(");
        RunReport ok = analyze(source, 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
    }

    /** The sum picks the tag (no cast or condition of a floating-point value, so only relevance sees it): computed. */
    @Test
    void aSumThatPicksTheTagIsComputed() {
        String worker = """
                            double s = 0;
                            for (int i = 0; i < 7; i++) s += 1.0;
                            long t = Math.round(s);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, (int) t);
                """;
        String source = program(worker, 7).replace("int m = 400000;", "int m = 4;");
        assertFalse(Program.parse("Q.java", source).floatingControl());
        RunReport ok = analyze(source, 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport hang = analyze(source.replace("i < 7", "i < 6"), 2);
        assertNotEquals("ok", hang.verdict().runId(), hang.findings().toString());
        assertFalse(assumed(hang), hang.findings().toString());
    }

    // Not only floating-point sums: any loop whose results steer nothing (StateRelevance) is forgotten at once, as it
    // would be past the quiet-step budget; one whose results steer a call is computed.

    private static final String PRIME = "static boolean prime(int n) { for (int d = 2; d * d <= n; d++) if (n % d == 0) return false; return n > 1; }\n    ";

    /** A worker counts the primes of a range too long for the step budget, then sends the count: forgotten, not stopped. */
    @Test
    void aPrimeCountThatSteersNothingIsForgotten() {
        String worker = """
                            int[] count = new int[1];
                            for (int n = 2; n < 400000; n++) if (prime(n)) count[0]++;
                            res[0] = count[0];
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, 7);
                """;
        String source = program(worker, 7).replace("static double integrate(", PRIME + "static double integrate(");
        RunReport ok = analyze(source, 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport hang = analyze(program(worker, 5).replace("static double integrate(", PRIME + "static double integrate("), 3);
        assertTrue(hang.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR
                && !f.kind().id().equals("analysis-assumption")), hang.findings().toString());
        assertFalse(assumed(hang), hang.findings().toString());
    }

    /** The same count with the test written inline, leaving an inner loop early: still forgotten. */
    @Test
    void aPrimeCountWithAnInnerBreakIsForgotten() {
        String worker = """
                            long count = 0;
                            for (int n = 2; n < 400000; n++) {
                                boolean p = true;
                                for (int d = 2; d * d <= n; d++) if (n % d == 0) { p = false; break; }
                                if (p) count++;
                            }
                            res[0] = count;
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, 7);
                """;
        RunReport ok = analyze(program(worker, 7), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
    }

    /** A count that picks the tag steers a call: computed, and the tag is exact (8 primes below 20). */
    @Test
    void aCountThatPicksTheTagIsComputed() {
        String worker = """
                            int[] count = new int[1];
                            for (int n = 2; n < 20; n++) if (prime(n)) count[0]++;
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, count[0] + 2);
                """;
        okAtTagHangsAtOther(PRIME, worker, 10, 9, 2);
    }

    private static final String BOX = "static class Box { double x; int k = 0; Box(double x) { this.x = x * 2 + 1; } }\n    ";

    /**
     * A worker fills arrays with fresh objects of a class whose constructor only sets its own fields (JGF's
     * {@code obj_double}), with boxed numbers, and with objects of a class the analysis does not know, too many for the
     * step budget, then sends: forgotten at once, not stopped.
     */
    @Test
    void aLoopFillingAnArrayWithPlainObjectsIsForgotten() {
        String worker = """
                            Box[] boxes = new Box[400000];
                            for (int k = 0; k < boxes.length; k++) boxes[k] = new Box(k);
                            Double[] sums = new Double[400000];
                            for (int k = 0; k < sums.length; k++) sums[k] = new Double(k * 0.5);
                            java.awt.Point[] points = new java.awt.Point[400000];
                            for (int k = 0; k < points.length; k++) points[k] = new java.awt.Point(k, 1);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, 7);
                """;
        okAtTagHangsAtOther(BOX, worker, 7, 5, 3);
    }

    /**
     * A constructor that counts its objects in a static field has an effect the tag reads: the loop is computed, so the
     * tag is exact (20 boxes), and a receive that expects another count hangs without any assumption.
     */
    @Test
    void aConstructorWithAnEffectIsComputed() {
        String counted = "static int made = 0;\n    static class Box { double x; Box(double x) { this.x = x; made = made + 1; } }\n    ";
        String worker = """
                            Box[] boxes = new Box[20];
                            for (int k = 0; k < boxes.length; k++) boxes[k] = new Box(k);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, made);
                """;
        okAtTagHangsAtOther(counted, worker, 20, 19, 2);
    }

    /** Objects whose field later picks the tag steer a call: the loop is computed and the tag exact. */
    @Test
    void objectsWhoseFieldPicksTheTagAreComputed() {
        String worker = """
                            Box[] boxes = new Box[20];
                            for (int k = 0; k < boxes.length; k++) boxes[k] = new Box(k);
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, (int) boxes[3].x);
                """;
        okAtTagHangsAtOther(BOX, worker, 7, 6, 2);
    }

    // Copies between the strips of a simulation: a constructor copying its arguments into this.fields, counting with
    // y != n, and a loop reading a neighbour's strip through getters. Steering nothing, both are forgotten at once.

    private static final String STRIP = """
            static class Strip {
                private float[][] density;
                Strip(float[][] density) {
                    this.density = new float[density.length][];
                    for (int x = 0; x < density.length; ++x) {
                        this.density[x] = new float[density[x].length];
                        for (int y = 0; y != density[x].length; ++y) this.density[x][y] = density[x][y];
                    }
                }
                float[][] getDensity() { return density; }
            }
            """;

    /** Too many elements for the step budget: a loop that were computed would stop the rank with an assumption. */
    @Test
    void copiesIntoFieldsAndThroughGettersAreForgotten() {
        String worker = """
                            float[][] field = new float[2][300000];
                            Strip edge = new Strip(field);
                            float[][] mine = new float[2][300000];
                            for (int j = 0; j < 2; j++)
                                for (int i = 0; i < 300000; i++) mine[j][i] = edge.getDensity()[j][i];
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, 7);
                """;
        okAtTagHangsAtOther(STRIP, worker, 7, 5, 2);
    }

    /** A getter that counts its calls in a field the tag is taken from has an effect: the loop is computed, the tag exact. */
    @Test
    void aGetterWithAnEffectIsComputed() {
        String counted = STRIP.replace("float[][] getDensity() { return density; }",
                "static int reads;\n    float[][] getDensity() { reads++; return density; }");
        String worker = """
                            Strip edge = new Strip(new float[1][3]);
                            float[] mine = new float[3];
                            for (int i = 0; i < 3; i++) mine[i] = edge.getDensity()[0][i];
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, Strip.reads + 4);
                """;
        okAtTagHangsAtOther(counted, worker, 7, 6, 2);
    }

    // A loop cut past the quiet budget gets its counter's exit value only when nothing in it can leave it early.

    private static RunReport defaultBudgets(String body) {
        String src = """
                import mpi.*;
                public class B {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                        double[] res = new double[1];
                        int i;
                %s
                        if (me == 1) MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, i == 300000 ? 7 : 8);
                        if (me == 0) MPI.COMM_WORLD.Recv(res, 0, 1, MPI.DOUBLE, 1, 7);
                        MPI.Finalize();
                    }
                }
                """.formatted(body);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        return Rendezvous.analyze(Program.parse("B.java", src), 2, new AnalysisOptions(List.of(2), b), () -> false);
    }

    /** Stopping at 300,000 of a million, past the quiet budget: the counter is unknown there, not the bound (no deadlock). */
    @Test
    void aLoopThatBreaksPastTheQuietBudgetDoesNotGetTheBoundAsItsExit() {
        RunReport r = defaultBudgets("""
                        for (i = 0; i < 1000000; i++) {
                            if (i == 300000) break;
                        }
                """);
        assertFalse(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), r.findings().toString());
    }

    /** Counting by one up to the bound with {@code !=}: the exit value is the bound, the tag known. */
    @Test
    void aLoopCountingToItsBoundWithNotEqualsKeepsTheExitValue() {
        RunReport r = defaultBudgets("""
                        for (i = 0; i != 300000; i++) {
                            for (int k = 0; k < 2; k++) if (k == 1) break;
                        }
                """);
        assertEquals("ok", r.verdict().runId(), r.findings().toString());
        assertFalse(r.findings().stream().anyMatch(f -> f.message().contains("could not be computed")), r.findings().toString());
    }

    /** Counting by two from 1 with {@code !=} never meets the even bound: no exit value, so the tag is not known. */
    @Test
    void aLoopSteppingOverItsBoundWithNotEqualsHasNoExitValue() {
        RunReport r = defaultBudgets("""
                        for (i = 1; i != 300000; i += 2) {
                            for (int k = 0; k < 2; k++) if (k == 1) break;
                        }
                """);
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("could not be computed")), r.findings().toString());
    }

    /** A break of an inner loop does not leave the outer one: its counter's exit value is exact, the tag known. */
    @Test
    void aBreakOfAnInnerLoopKeepsTheExitValue() {
        RunReport r = defaultBudgets("""
                        for (i = 0; i < 300000; i++) {
                            for (int k = 0; k < 2; k++) if (k == 1) break;
                        }
                """);
        assertEquals("ok", r.verdict().runId(), r.findings().toString());
        assertFalse(r.findings().stream().anyMatch(f -> f.message().contains("could not be computed")), r.findings().toString());
    }

    /**
     * A block copy whose rows start at {@code rowStart}, in a loop too long for the step budget whose copy steers
     * nothing, followed by a ring shift of the block (a Cannon-style multiplication from a real repository had the
     * mistake this twin has: rows counted past the matrix on rank 1).
     */
    private static String blockCopy(String rowStart) {
        return """
                import mpi.*;
                public class Q {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int n = 800, rows = n / size;
                        int[] flat = new int[n * n];
                        int[] block = new int[rows * n];
                        for (int i = 0; i < rows; i++)
                            for (int j = 0; j < n; j++)
                                block[i * n + j] = flat[(%s + i) * n + j];
                        MPI.COMM_WORLD.Sendrecv_replace(block, 0, rows * n, MPI.INT, (rank + 1) %% size, 0, (rank + size - 1) %% size, 0);
                        MPI.Finalize();
                    }
                }
                """.formatted(rowStart);
    }

    /**
     * A copy that steers nothing is still forgotten at once when its indices stay inside the arrays; when they run past
     * the end on a rank, the copy is followed so that Java's index check stops that rank where it would on the real
     * runtime: a crash at the copy, not a deadlock of the rank that then waits for it at the shift.
     */
    @Test
    void aBlockCopyPastTheEndOfTheMatrixCrashesTheRankInsteadOfBeingForgotten() {
        RunReport ok = analyze(blockCopy("rank * rows"), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertTrue(ok.findings().stream().noneMatch(f -> f.severity() != Severity.INFO), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());

        RunReport crash = analyze(blockCopy("rank * n"), 2);
        assertTrue(crash.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR), crash.findings().toString());
        assertTrue(crash.findings().stream().anyMatch(f -> f.kind().id().equals("job-abort") && f.range().line() == 11 && f.ranks().equals(List.of(1))
                && f.message().contains("ArrayIndexOutOfBoundsException (index 640000, length 640000)")), crash.findings().toString());
    }

    /**
     * A for-each over a known matrix that only flattens it into the buffer the root scatters (a real course program
     * flattened a 1000 x 1000 matrix this way): forgotten at once as a counting loop is, where it used to be followed
     * element by element until the rank's step budget ran out. A for-each whose count picks the tag is still computed.
     */
    @Test
    void aForEachFlatteningAMatrixIsForgottenAndOneThatPicksTheTagIsComputed() {
        String flatten = """
                import mpi.*;
                public class Q {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int n = 600;
                        double[][] m = new double[n][n];
                        double[] flat = new double[n * n];
                        int index = 0;
                        for (double[] row : m)
                            for (double v : row)
                                flat[index++] = v;
                        double[] part = new double[n * n / size];
                        MPI.COMM_WORLD.Scatter(flat, 0, n * n / size, MPI.DOUBLE, part, 0, n * n / size, MPI.DOUBLE, 0);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = analyze(flatten, 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());

        String count = """
                            int[] values = new int[40];
                            for (int i = 0; i < values.length; i++) values[i] = i %% 4;
                            int zeros = 0;
                            for (int v : values) if (v == 0) zeros++;
                            MPI.COMM_WORLD.Send(res, 0, 1, MPI.DOUBLE, 0, zeros);
                """.formatted();
        RunReport exact = analyze(program(count, 10), 2);
        assertEquals("ok", exact.verdict().runId(), exact.findings().toString());
        assertFalse(assumed(exact), exact.findings().toString());
        RunReport other = analyze(program(count, 11), 2);
        assertNotEquals("ok", other.verdict().runId(), other.findings().toString());
    }

    /**
     * {@code System.arraycopy} and {@code Arrays.fill} write the elements of the array they are given, as an assignment
     * to an element does: a numerical loop that also copies into an int array (directly, or through a method of the
     * program) is not forgotten as a kernel, so the copied counts that pick the branch below are computed. Before, that
     * write went unseen, the loop was skipped with the counts still 0, and rank 0's send took the branch nobody
     * receives in: a deadlock error on a program that runs (checked on MPJ Express). And a loop that only copies rows
     * of doubles into one flat buffer is forgotten at once like any kernel, not copied element by element until the
     * step budget.
     */
    @Test
    void aLibraryCopyIntoAnArrayInsideAKernelIsAWriteOfThatArray() {
        String copies = """
                import mpi.*;
                import java.util.Arrays;
                public class Q {
                    static int[] table = new int[4];
                    static void load(int[] from) {
                        System.arraycopy(from, 0, table, 0, from.length);
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        double[] w = new double[4];
                        int[] counts = new int[4];
                        int[] marks = new int[4];
                        int[] ones = {1, 1, 1, 1};
                        for (int i = 0; i < 4; i++) {
                            w[i] = 0.5 * i;
                            System.arraycopy(ones, i, counts, i, 1);
                        }
                        for (int k = 0; k < 3; k++) {
                            w[k] += 1.0;
                            Arrays.fill(marks, k);
                        }
                        for (int k = 0; k < 3; k++) {
                            w[k] *= 2.0;
                            load(ones);
                        }
                        int[] buf = new int[1];
                        if (COND) {
                            if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, 0);
                            else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);
                        } else if (rank == 0) {
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        for (String cond : List.of("counts[0] == 1", "marks[3] == 2", "table[3] == 1")) {
            RunReport ok = analyze(copies.replace("COND", cond), 2);
            assertEquals("ok", ok.verdict().runId(), cond + ": " + ok.findings().toString());
            assertFalse(assumed(ok), cond + ": " + ok.findings().toString());
            // the other outcome of the same test leaves rank 0's send unreceived
            RunReport hang = analyze(copies.replace("COND", "!(" + cond + ")"), 2);
            assertNotEquals("ok", hang.verdict().runId(), cond + ": " + hang.findings().toString());
        }

        String flatten = """
                import mpi.*;
                public class Q {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int n = 1000;
                        double[][] m = new double[n][n];
                        double[] flat = new double[n * n];
                        for (int round = 0; round < 3; round++) {
                            for (int i = 0; i < n; i++) System.arraycopy(m[i], 0, flat, i * n, n);
                            MPI.COMM_WORLD.Bcast(flat, 0, n * n, MPI.DOUBLE, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = analyze(flatten, 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
    }

    /**
     * A row copy by {@code System.arraycopy} whose destination offset runs one element past the block on rank 1:
     * Java throws before copying ("arraycopy: last destination index 5001 out of bounds for double[5000]" on MPJ
     * Express with two processes), so that rank stops at the copy. The copy loop is a kernel the interpreter skips;
     * the copy's ranges are checked before the skip as an element access is, and the interpreter's arraycopy throws
     * as Java does, where it used to forget the destination and go on. The in-bounds twin stays silent.
     */
    @Test
    void aRowCopyPastTheBlockCrashesTheRank() {
        String copy = """
                import mpi.*;
                public class Q {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int n = 100;
                        double[][] m = new double[n][n];
                        int rows = n / size;
                        double[] block = new double[rows * n];
                        for (int i = 0; i < rows; i++) System.arraycopy(m[rank * rows + i], 0, block, i * n + SHIFT, n);
                        double[] all = new double[n * n];
                        MPI.COMM_WORLD.Gather(block, 0, rows * n, MPI.DOUBLE, all, 0, rows * n, MPI.DOUBLE, 0);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = analyze(copy.replace("SHIFT", "0"), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertTrue(ok.findings().stream().noneMatch(f -> f.severity() != Severity.INFO), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());

        RunReport crash = analyze(copy.replace("SHIFT", "rank"), 2);
        assertTrue(crash.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR), crash.findings().toString());
        assertTrue(crash.findings().stream().anyMatch(f -> f.kind().id().equals("job-abort") && f.range().line() == 10
                && f.ranks().equals(List.of(1)) && f.message().contains("last destination index 5001 out of bounds for length 5000")),
                crash.findings().toString());

        // main's arguments hold the entries MPJ Express puts first, which the analysis does not list one by one: copying
        // them all (an MPJ Express test program does) is no copy past their end
        String copyArgs = """
                import mpi.*;
                public class Q {
                    public static void main(String[] args) throws Exception {
                        String[] nargs = new String[args.length + 1];
                        System.arraycopy(args, 0, nargs, 0, args.length);
                        MPI.Init(args);
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        RunReport plain = analyze(copyArgs, 2);
        assertEquals("ok", plain.verdict().runId(), plain.findings().toString());
        assertTrue(plain.findings().stream().noneMatch(f -> f.severity() != Severity.INFO), plain.findings().toString());
        assertFalse(assumed(plain), plain.findings().toString());
    }
}
