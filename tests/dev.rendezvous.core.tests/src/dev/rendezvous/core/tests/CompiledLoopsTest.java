package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
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
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Loops without communication run from their compiled form ({@code extract/CompiledLoops}); the interpreter
 * following the syntax tree is the oracle. The claim is stronger than the same verdict: the same runs. On every corpus
 * program, example and fixture, and on random programs whose loops compute integers, longs and doubles (wrapping ints,
 * divisions by zero, indices past the end, {@code Math} calls, ternaries, casts, {@code break} and {@code continue},
 * nested loops) and then send what they computed as tags and peers, the traces of a run and every finding (its text
 * included) are the same with and without the compiled loops.
 */
class CompiledLoopsTest {
    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(2, 3, 4);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void sameRunsAndFindingsOnEveryProgram(Path file, int np) {
        assertSame(file.toString(), Repo.read(file), np);
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, 120).mapToObj(seed -> Arguments.of(seed, 2 + seed % 3));
    }

    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("seeds")
    void sameRunsAndFindingsOnRandomKernels(int seed, int np) {
        assertSame("Kernel" + seed + ".java", kernel(seed), np);
    }

    /**
     * The compiled loops are used where they should be: a stencil's kernel runs compiled, and switched off the same loop
     * computes the same numbers, which the program sends as its tag.
     */
    @Test
    void aStencilKernelSendsTheSameTagEitherWay() {
        String src = """
                import mpi.*;
                public class Stencil {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        double[] u = new double[66], next = new double[66];
                        u[0] = 100.0 * (rank + 1);
                        double[] diff = new double[1];
                        for (int it = 0; it < 50; it++) {
                            for (int i = 1; i <= 64; i++) {
                                next[i] = 0.5 * (u[i - 1] + u[i + 1]);
                                diff[0] = Math.max(diff[0], Math.abs(next[i] - u[i]));
                            }
                            System.arraycopy(next, 1, u, 1, 64);
                        }
                        int tag = (int) (diff[0] * 1000) % 97;
                        int[] buf = {tag};
                        if (rank == 0) w.Send(buf, 0, 1, MPI.INT, 1, tag);
                        else if (rank == 1) w.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                        MPI.Finalize();
                    }
                }
                """;
        String compiled = traces("Stencil.java", src, 2, true);
        assertEquals(traces("Stencil.java", src, 2, false), compiled);
        assertTrue(compiled.contains("0 SEND>1 tag=" + stencilTag() + " "), compiled);
    }

    /**
     * A kernel over the buffers of a halo exchange: after the program completed its requests, the loop reads the halo
     * cells compiled from its first iteration on (the count of requests on the array is brought down there, not left
     * to the interpreter's first access); while a receive into the array is still pending, reading its halo cell is
     * reported as a buffer race, compiled or not, and the runs are the same either way.
     */
    @Test
    void aKernelAfterAHaloExchangeRunsTheSameAndAPendingReceiveIsStillARace() {
        String template = """
                import mpi.*;
                public class Halo {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        int left = (rank + size - 1) % size, right = (rank + 1) % size;
                        double[] u = new double[10], next = new double[10];
                        u[1] = 10.0 * (rank + 1);
                        double[] diff = new double[1];
                        for (int it = 0; it < 20; it++) {
                            Request[] r = {
                                w.Irecv(u, 0, 1, MPI.DOUBLE, left, 0),
                                w.Irecv(u, 9, 1, MPI.DOUBLE, right, 1),
                                w.Isend(u, 8, 1, MPI.DOUBLE, right, 0),
                                w.Isend(u, 1, 1, MPI.DOUBLE, left, 1) };
                            WAIT_BEFORE
                            for (int i = 1; i <= 8; i++) {
                                next[i] = 0.5 * (u[i - 1] + u[i + 1]);
                                diff[0] = Math.max(diff[0], Math.abs(next[i] - u[i]));
                            }
                            WAIT_AFTER
                            System.arraycopy(next, 1, u, 1, 8);
                        }
                        int tag = (int) (diff[0] * 100) % 89;
                        int[] buf = {tag};
                        if (rank == 0) w.Send(buf, 0, 1, MPI.INT, 1, tag);
                        else if (rank == 1) w.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                        MPI.Finalize();
                    }
                }
                """;
        String waited = template.replace("WAIT_BEFORE", "Request.Waitall(r);").replace("WAIT_AFTER", "");
        String racing = template.replace("WAIT_BEFORE", "").replace("WAIT_AFTER", "Request.Waitall(r);");
        for (int np : new int[] {2, 3}) {
            assertSame("Halo.java", waited, np);
            assertSame("Halo.java", racing, np);
        }
        List<String> clean = findings("Halo.java", waited, 3, true), race = findings("Halo.java", racing, 3, true);
        assertTrue(clean.stream().noneMatch(f -> f.startsWith("buffer-race")), clean::toString);
        assertTrue(race.stream().anyMatch(f -> f.startsWith("buffer-race") && f.contains("reads element 0")), race::toString);
    }

    /** What rank 0 of the stencil above computes, computed by Java. */
    private static int stencilTag() {
        double[] u = new double[66], next = new double[66];
        u[0] = 100.0;
        double[] diff = new double[1];
        for (int it = 0; it < 50; it++) {
            for (int i = 1; i <= 64; i++) {
                next[i] = 0.5 * (u[i - 1] + u[i + 1]);
                diff[0] = Math.max(diff[0], Math.abs(next[i] - u[i]));
            }
            System.arraycopy(next, 1, u, 1, 64);
        }
        return (int) (diff[0] * 1000) % 97;
    }

    /**
     * The operators the compiled loops compute on two numbers themselves (doubles; ints whose sum, difference or product
     * stays an int) at their edges: NaN compared every way, signed zeros, an int product, sum and difference past the int range (Java
     * wraps them), a long product, the comparisons of doubles steering a count. The loop's result is sent as the tag; compiled and
     * interpreted give the same runs, and the tag is the one Java computes ({@link #edgeTag}).
     */
    @Test
    void numbersAtTheirEdgesGiveJavasResultCompiledOrNot() {
        String src = """
                import mpi.*;
                public class Edges {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank();
                        double nan = 0.0 / 0.0, negZero = -0.0;
                        int big = 80000 + rank, half = 1500000000 + rank, count = 0;
                        long wide = 3000000000L, q;
                        double x;
                        int p;
                        for (int i = 0; i < 40; i++) {
                            x = i - 20.5;
                            if (nan < x || nan > x || nan == nan || nan <= x || nan >= x) count += 7;
                            if (nan != nan) count++;
                            if (negZero == 0.0) count++;
                            if (x * x >= 100.0 && x / 2.0 < 0.0) count++;
                            if (Math.max(negZero, 0.0) == 0.0 && Math.abs(x) > Math.sqrt(x * x) - 1.0) count++;
                            p = big * (i + 30000);
                            if (p < 0 && big * (i + 30000) < 0) count += 3;
                            q = wide * (i + 1) - wide;
                            if (q > 2147483647L) count += 5;
                            if (i - 25 < -1 && i + 7 != 12) count++;
                            if (half + half < 0 && half - (-half) < 0) count += 11;
                        }
                        int tag = count % 30000;
                        int[] buf = {tag};
                        if (rank == 0) w.Send(buf, 0, 1, MPI.INT, 1, tag);
                        else if (rank == 1) w.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                        MPI.Finalize();
                    }
                }
                """;
        String compiled = traces("Edges.java", src, 2, true);
        assertEquals(traces("Edges.java", src, 2, false), compiled);
        assertTrue(compiled.contains("0 SEND>1 tag=" + edgeTag(0) + " "), compiled);
    }

    /**
     * Loops over {@code float[]} arrays run compiled and round as Java does: an element stored from an int takes a
     * float's precision (16,777,217 + i is not a float for odd i, so the sum read back, weighted by position, counts
     * the rounding), float arithmetic rounds at every step, and an int compared with a float becomes a float first
     * (16,777,217 equals the float 16,777,216). The tag it sends is Java's own.
     */
    @Test
    void aLoopFillingFloatArraysRoundsAsJavaDoesCompiledOrNot() {
        String src = """
                import mpi.*;
                public class FloatFill {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank();
                        float[] fa = new float[64];
                        float fb[] = new float[64];
                        int[] ia = new int[64];
                        for (int i = 0; i < fa.length; i++) {
                            fa[i] = 16777217 + i + rank;
                            fb[i] = 's';
                            ia[i] = i * 3;
                        }
                        float f = 0.1f;
                        int hits = 0;
                        for (int i = 0; i < 64; i++) {
                            f = f * 1.01f + fa[i] / 7;
                            if (fa[i] == 16777217 + rank) hits++;
                            fb[i] = fa[i] - 16777216 + f;
                        }
                        long sum = hits * 1000L + (long) f;
                        for (int i = 0; i < 64; i++) sum += ((long) fa[i] - 16777216L) * (i + 1) + (long) fb[i] + ia[i];
                        int tag = (int) (sum % 30000);
                        int[] buf = {tag};
                        if (rank == 0) w.Send(buf, 0, 1, MPI.INT, 1, tag);
                        else if (rank == 1) w.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                        MPI.Finalize();
                    }
                }
                """;
        String compiled = traces("FloatFill.java", src, 2, true);
        assertEquals(traces("FloatFill.java", src, 2, false), compiled);
        assertTrue(compiled.contains("0 SEND>1 tag=" + floatFillTag(0) + " "), compiled);
    }

    /** What rank {@code rank} of the program above sends as its tag, computed by Java. */
    private static int floatFillTag(int rank) {
        float[] fa = new float[64];
        float[] fb = new float[64];
        int[] ia = new int[64];
        for (int i = 0; i < fa.length; i++) {
            fa[i] = 16777217 + i + rank;
            fb[i] = 's';
            ia[i] = i * 3;
        }
        float f = 0.1f;
        int hits = 0;
        for (int i = 0; i < 64; i++) {
            f = f * 1.01f + fa[i] / 7;
            if (fa[i] == 16777217 + rank) hits++;
            fb[i] = fa[i] - 16777216 + f;
        }
        long sum = hits * 1000L + (long) f;
        for (int i = 0; i < 64; i++) sum += ((long) fa[i] - 16777216L) * (i + 1) + (long) fb[i] + ia[i];
        return (int) (sum % 30000);
    }

    /** What rank {@code rank} of the program above computes, computed by Java. */
    private static int edgeTag(int rank) {
        double nan = 0.0 / 0.0, negZero = -0.0;
        int big = 80000 + rank, half = 1500000000 + rank, count = 0;
        long wide = 3000000000L, q;
        double x;
        int p;
        for (int i = 0; i < 40; i++) {
            x = i - 20.5;
            if (nan < x || nan > x || nan == nan || nan <= x || nan >= x) count += 7;
            if (nan != nan) count++;
            if (negZero == 0.0) count++;
            if (x * x >= 100.0 && x / 2.0 < 0.0) count++;
            if (Math.max(negZero, 0.0) == 0.0 && Math.abs(x) > Math.sqrt(x * x) - 1.0) count++;
            p = big * (i + 30000);
            if (p < 0 && big * (i + 30000) < 0) count += 3;
            q = wide * (i + 1) - wide;
            if (q > 2147483647L) count += 5;
            if (i - 25 < -1 && i + 7 != 12) count++;
            if (half + half < 0 && half - (-half) < 0) count += 11;
        }
        return count % 30000;
    }

    private static void assertSame(String name, String source, int np) {
        String what = name + " np=" + np + "\n" + source;
        assertEquals(traces(name, source, np, false), traces(name, source, np, true), what);
        assertEquals(findings(name, source, np, false), findings(name, source, np, true), what);
    }

    private static Budgets budgets(boolean compiled) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 600_000; // never the clock: a run cut by time could differ
        b.compiledLoops = compiled;
        return b;
    }

    /** Every rank's trace of one zero-buffer run: operation, peer, tag, count and line of each event. */
    private static String traces(String name, String source, int np, boolean compiled) {
        RunOutcome run = Extractor.run(Program.parse(name, source), np, BufferPolicy.ZERO, new int[0], budgets(compiled),
                new Assumptions(), 600_000);
        StringBuilder out = new StringBuilder();
        for (List<Event> t : run.traces()) {
            for (Event e : t) {
                out.append(e.rank()).append(' ').append(e.op()).append('>').append(e.peer()).append(" tag=").append(e.tag())
                        .append(" n=").append(e.count()).append(" @").append(e.site() == null ? -1 : e.site().line()).append('\n');
            }
            out.append("--\n");
        }
        return out.toString();
    }

    /** Every finding of the whole analysis, its message included. */
    private static List<String> findings(String name, String source, int np, boolean compiled) {
        RunReport r = Rendezvous.analyze(Program.parse(name, source), np, new AnalysisOptions(List.of(np), budgets(compiled)),
                () -> false);
        List<String> out = new ArrayList<>();
        out.add(String.valueOf(r.verdict()));
        for (Finding f : r.findings()) out.add(f.kind().id() + " " + f.severity() + " @" + f.range().line() + " " + f.message());
        return out;
    }

    /**
     * A random program: each rank runs a few loops without communication ({@code for}, {@code while}, {@code do}) over
     * ints (wrapping), longs, doubles and arrays, with compound assignments, {@code ++}/{@code --} (of elements too, and
     * {@code a[k++] = v}), ternaries, casts, {@code Math} calls, tests that break or continue, now and then a division
     * that may be by zero or an index that may pass the end, and floats (arithmetic, comparisons with ints, a
     * {@code float[]} filled near 2^24 where a float rounds); then it sends what it computed around a ring, as the tag
     * and as the value, and the next rank takes its peer from it.
     */
    static String kernel(long seed) {
        Random r = new Random(seed);
        StringBuilder s = new StringBuilder("import mpi.*;\npublic class Kernel" + seed + " {\n"
                + "    public static void main(String[] args) throws Exception {\n"
                + "        MPI.Init(args);\n"
                + "        Intracomm w = MPI.COMM_WORLD;\n"
                + "        int rank = w.Rank(), size = w.Size();\n"
                + "        int a = rank + 3, x = 0, k = 0;\n        long b = 7L * (rank + 1);\n        double d = 0.5 + rank;\n"
                + "        int[] arr = new int[8];\n        double[] da = new double[8];\n        long[][] grid = new long[4][4];\n"
                + "        double[] dd = new double[48];\n        dd[1] = rank + 0.25;\n"
                + "        float[] fa = new float[8];\n"
                + "        float f = 0.1f + rank;\n");
        int loops = 1 + r.nextInt(3);
        for (int l = 0; l < loops; l++) {
            String i = "i" + l;
            int shape = r.nextInt(5); // 0: while, 1: do-while, else for
            if (shape == 0) {
                s.append("        int ").append(i).append(" = ").append(r.nextInt(3)).append(";\n        while (").append(i)
                        .append(" < ").append(5 + r.nextInt(40)).append(") {\n            ").append(i).append("++;\n");
            } else if (shape == 1) {
                s.append("        int ").append(i).append(" = ").append(r.nextInt(3)).append(";\n        do {\n            ")
                        .append(i).append("++;\n");
            } else {
                s.append("        for (int ").append(i).append(" = ").append(r.nextInt(3)).append("; ").append(i)
                        .append(r.nextBoolean() ? " < " : " <= ").append(5 + r.nextInt(40)).append("; ")
                        .append(r.nextInt(4) == 0 ? i + " += 2" : r.nextBoolean() ? i + "++" : "++" + i).append(") {\n");
            }
            int statements = 1 + r.nextInt(5);
            for (int k = 0; k < statements; k++) s.append("            ").append(statement(r, i)).append('\n');
            if (r.nextInt(3) == 0) {
                String j = "j" + l;
                s.append("            for (int ").append(j).append(" = 0; ").append(j).append(" < ").append(1 + r.nextInt(5))
                        .append("; ").append(j).append("++) ").append(statement(r, j)).append('\n');
            }
            s.append(shape == 1 ? "        } while (" + i + " < " + r.nextInt(45) + ");\n" : "        }\n"); // a do runs once whatever its test
        }
        s.append("        int tag = (int) (Math.abs((long) a + b + x + arr[3] + (long) da[5] + grid[1][2] + (long) d + (long) (dd[2] * 4096) + (long) (dd[7] * 4096) + (long) (d * 4096) % 1000 + ((long) fa[3] - 16777216L) * 3 + (long) fa[6] + (long) (f * 1024)) % 50);\n"
                + "        int[] out = {tag}, in = new int[1];\n"
                + "        w.Sendrecv(out, 0, 1, MPI.INT, (rank + 1) % size, tag, in, 0, 1, MPI.INT, (rank + size - 1) % size, MPI.ANY_TAG);\n"
                + "        int peer = Math.abs(in[0]) % size;\n"
                + "        if (peer != rank) w.Send(out, 0, 1, MPI.INT, peer, 1);\n"
                + "        MPI.Finalize();\n    }\n}\n");
        return s.toString();
    }

    private static String statement(Random r, String i) {
        String[] ints = {"a", "x", "arr[" + i + " % 8]", "arr[(" + i + " + a) & 7]"};
        String[] longs = {"b", "grid[" + i + " % 4][(" + i + " + 1) % 4]"};
        String[] doubles = {"d", "da[" + i + " % 8]"};
        return switch (r.nextInt(25)) {
            case 0 -> pick(r, ints) + " = " + pick(r, ints) + " * 31 + " + i + ";"; // wraps past 2^31
            case 1 -> pick(r, ints) + " += " + i + " * " + (1 + r.nextInt(9)) + " - a;";
            case 2 -> pick(r, longs) + " = " + pick(r, longs) + " * 1000003L + " + pick(r, ints) + ";";
            case 3 -> pick(r, doubles) + " = 0.5 * (" + pick(r, doubles) + " + " + pick(r, ints) + ") - Math.sqrt(Math.abs(d));";
            case 4 -> pick(r, doubles) + " = Math.max(" + pick(r, doubles) + ", Math.abs(" + pick(r, doubles) + " - " + i + "));";
            case 5 -> "x = (" + i + " % 3 == 0) ? x + 1 : x - (int) d;";
            case 6 -> "if (" + pick(r, ints) + " > " + r.nextInt(100) + ") x++; else --x;";
            case 7 -> "if (" + i + " == " + (3 + r.nextInt(20)) + ") break;";
            case 8 -> "if ((" + i + " & 1) == 1) continue;";
            case 9 -> "x += " + (r.nextInt(4) == 0 ? "100 / (" + i + " - " + r.nextInt(12) + ")" : "100 / (" + i + " + 1)") + ";";
            case 10 -> "arr[" + i + " % " + (r.nextInt(5) == 0 ? "9" : "8") + "] = (int) (b % 1000) + a;"; // 9: past the end
            case 11 -> "b -= Math.min(b, " + pick(r, longs) + ") / 3 + " + i + ";";
            case 12 -> "da[" + i + " % da.length] += (double) a / (" + i + " + 2) + b % 7;";
            case 13 -> "a = Math.abs(a) % 1000 + " + i + " * " + i + " - x;";
            case 14 -> "d = d * 1.0001 + (" + pick(r, ints) + " < 0 ? -1 : 1) * (d > 1e6 ? 0 : " + i + ");";
            case 15 -> r.nextBoolean() ? "arr[(" + i + " + x) & 7]++;" : "--da[" + i + " % 8];";
            case 16 -> "{ if (k > " + (5 + r.nextInt(4)) + ") k = 0; arr[k++] = a + " + i + "; }"; // 8: k passes the end
            // an int stored into a float array, near 2^24 where a float rounds it (fa.length: an int)
            case 17 -> switch (r.nextInt(6)) {
                // float arithmetic rounds at every step, an int beside a float becomes a float, a float[] element and
                // a float variable hold a float's precision; beside a double, a float is computed as a double
                case 0 -> "f = f * 1.0001f + fa[" + i + " % 8] / 3 + " + i + ";";
                case 1 -> "fa[" + i + " % 8] += f * " + i + " - 16777217;";
                case 2 -> "if (f + " + i + " > 16777217 || fa[" + i + " % 8] == 16777217) x++;";
                case 3 -> "fa[(" + i + " + 1) % 8]++;";
                case 4 -> "d = d + f * 0.5 + (f < " + i + " ? 1 : 0);";
                default -> "fa[(" + i + " + a) % fa.length & 7] = " + pick(r, ints) + " % 5 + 16777215 + " + i + ";";
            };
            // a stencil's shapes: named elements at the counter, one off it, at a literal; an integer stored into a double
            // array; doubles combined into a variable and an element (an index past either end throws, as in Java)
            case 18 -> "dd[" + i + "] = 0.5 * (dd[" + i + " - 1] + dd[" + i + " + 1]) + (" + i + " == 3 ? d : 0.0);";
            case 19 -> "d = Math.min(d + dd[" + i + " + 1] * 0.25, Math.sqrt(dd[1] + " + r.nextInt(3) + "));";
            case 20 -> r.nextBoolean() ? "dd[" + i + "] = " + r.nextInt(5) + ";" : "d = " + r.nextInt(5) + ";";
            case 21 -> "dd[" + i + " + 2] " + pick(r, new String[] {"+=", "-=", "*=", "/="}) + " dd[" + i + "] - 0.125;";
            case 22 -> "d " + pick(r, new String[] {"+=", "-=", "*="}) + " Math.max(dd[0], dd[" + i + "]) + (double) " + i + ";";
            case 23 -> pick(r, doubles) + " = (" + i + " % 3 == 0 ? " + i + " : " + pick(r, doubles) + ") / 4;"; // an int arm promoted
            default -> "x = x ^ (a << 3) | " + i + ";";
        };
    }

    private static String pick(Random r, String[] options) {
        return options[r.nextInt(options.length)];
    }
}
