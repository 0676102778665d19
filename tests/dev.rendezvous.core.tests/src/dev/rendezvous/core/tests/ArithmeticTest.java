package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Verdict;

/**
 * The interpreter's operators against Java's own: each expression is written twice, once as text that rank 0 of a
 * generated program evaluates for the tag of its send, once as code the Java compiler evaluates for the tag rank 1
 * receives with. A value the interpreter gets wrong (its fast path for two numbers, the general one, int division,
 * long and double mixed, comparisons, chained operands) is a tag mismatch, so a deadlock.
 */
class ArithmeticTest {
    /**
     * Variables both sides see: {@code int a = 7, b = -3; long l = 5_000_000_000L; double d = 1.5, e = -0.25}, and
     * two arrays of doubles given integers, which Java stores as doubles: {@code h[0] = 7}, {@code g = {5, 2}}.
     */
    static Stream<Arguments> expressions() {
        int a = 7, b = -3;
        long l = 5_000_000_000L;
        double d = 1.5, e = -0.25;
        double[] h = new double[2], g = {5, 2};
        h[0] = 7;
        return Stream.of(
                Arguments.of("a + b", a + b),
                Arguments.of("a - b * 2", a - b * 2),
                Arguments.of("a / 2 * 3 - 1", a / 2 * 3 - 1),
                Arguments.of("b / 2", b / 2),
                Arguments.of("a % 3 + b % 2", a % 3 + b % 2),
                Arguments.of("(int) (l / a % 1000)", (int) (l / a % 1000)),
                Arguments.of("(int) (l * 3 - l * 2 - 4_999_999_000L)", (int) (l * 3 - l * 2 - 4_999_999_000L)),
                Arguments.of("(int) (d * 2 + 1)", (int) (d * 2 + 1)),
                Arguments.of("(int) (a / 2.0 * 10)", (int) (a / 2.0 * 10)),
                Arguments.of("(int) (a * d - e)", (int) (a * d - e)),
                Arguments.of("(int) ((d + e) / (d - e) * 100)", (int) ((d + e) / (d - e) * 100)),
                Arguments.of("(int) (1 + 2 + 3.5 + a)", (int) (1 + 2 + 3.5 + a)),
                Arguments.of("(int) (a - 1 - 2 - d)", (int) (a - 1 - 2 - d)),
                Arguments.of("(int) (d * 1e10)", (int) (d * 1e10)),
                Arguments.of("(short) (a * 10000.5)", (short) (a * 10000.5)),
                Arguments.of("(char) (b * 1.0)", (char) (b * 1.0)),
                Arguments.of("(byte) (l / 3)", (byte) (l / 3)),
                Arguments.of("a < 8 ? 1 : 2", a < 8 ? 1 : 2),
                Arguments.of("b > -3 ? 1 : 2", b > -3 ? 1 : 2),
                Arguments.of("a <= 7 && b >= -3 ? 3 : 4", a <= 7 && b >= -3 ? 3 : 4),
                Arguments.of("d < a && e > b ? 5 : 6", d < a && e > b ? 5 : 6),
                Arguments.of("d >= 1.5 ? 7 : 8", d >= 1.5 ? 7 : 8),
                Arguments.of("a == 7 ? 9 : 10", a == 7 ? 9 : 10),
                Arguments.of("a != 7 || b == -3 ? 11 : 12", a != 7 || b == -3 ? 11 : 12),
                Arguments.of("d * 2 == 3 ? 13 : 14", d * 2 == 3 ? 13 : 14),
                Arguments.of("l > a ? 15 : 16", l > a ? 15 : 16),
                Arguments.of("(a & 3) + (a | 8) + (a ^ 2)", (a & 3) + (a | 8) + (a ^ 2)),
                Arguments.of("(a << 2) + (a >> 1) + (a >>> 1) + (b >> 1)", (a << 2) + (a >> 1) + (a >>> 1) + (b >> 1)),
                Arguments.of("(int) (h[0] / 2 * 10)", (int) (h[0] / 2 * 10)),
                Arguments.of("h[0] / 2 > 3 ? 17 : 18", h[0] / 2 > 3 ? 17 : 18),
                Arguments.of("(int) (g[0] / g[1] * 10)", (int) (g[0] / g[1] * 10)),
                // a conditional's int arm beside a double one is a double (JLS 15.25)
                Arguments.of("(int) ((d > 1 ? 7 : 2.5) / 2 * 10)", (int) ((d > 1 ? 7 : 2.5) / 2 * 10)),
                Arguments.of("(int) ((a > 100 ? d : 7) / 2 * 10)", (int) ((a > 100 ? d : 7) / 2 * 10)),
                Arguments.of("(int) ((a > 1 ? a : h[1]) / 2 * 10)", (int) ((a > 1 ? a : h[1]) / 2 * 10)),
                Arguments.of("(int) ((a > 1 ? a : Math.sqrt(a)) / 2 * 10)", (int) ((a > 1 ? a : Math.sqrt(a)) / 2 * 10)),
                Arguments.of("(a > 1 ? a : b) / 2 * 10", (a > 1 ? a : b) / 2 * 10),
                Arguments.of("Integer.MAX_VALUE + a == Integer.MIN_VALUE + 6 ? 1 : 2", Integer.MAX_VALUE + a == Integer.MIN_VALUE + 6 ? 1 : 2),
                Arguments.of("(Short.MAX_VALUE + 1) / 1000", (Short.MAX_VALUE + 1) / 1000),
                // the absolute value of an int is an int: of MIN_VALUE, MIN_VALUE again
                Arguments.of("Math.abs(Integer.MIN_VALUE + a - 7) < 0 ? 19 : 20", Math.abs(Integer.MIN_VALUE + a - 7) < 0 ? 19 : 20),
                Arguments.of("(int) (Math.abs(l * -1) / 1000000)", (int) (Math.abs(l * -1) / 1000000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("expressions")
    void theInterpreterComputesWhatJavaDoes(String expression, int expected) {
        String src = """
                import mpi.*;
                public class Arith {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        int a = 7, b = -3;
                        long l = 5_000_000_000L;
                        double d = 1.5, e = -0.25;
                        double[] h = new double[2], g = {5, 2};
                        h[0] = 7;
                        if (rank == 0) {
                            int tag = EXPR;
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, Math.abs(tag) %% 1000);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        }
                        MPI.Finalize();
                    }
                }
                """.formatted(Math.abs(expected) % 1000).replace("EXPR", expression);
        RunReport r = Repo.analyze("Arith.java", src, 2);
        assertEquals(Verdict.NONE, r.verdict(), expression + " should be " + expected + ": " + r.findings());
    }

    /**
     * Variables declared {@code int}, {@code short}, {@code byte} or {@code char} wrap as Java's do when an assignment
     * overflows them (numbers are kept as longs): a hash, a linear congruential generator, a static field, a method
     * parameter, compound assignments with doubles. Each value's tag is received with the value Java computes below.
     */
    @Test
    void narrowVariablesWrapLikeJava() {
        String src = """
                import mpi.*;
                public class Wrap {
                    static int acc = 2_000_000_000;
                    static int mix(int x) { x = x * 1_000_000_007; return x; }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        int h = 7;
                        for (int i = 0; i < 12; i++) h = h * 31 + 1_000_003;
                        int seed = 12345;
                        seed = seed * 1103515245 + 12345;
                        short s = 32767; s++;
                        byte b = (byte) 200; b += 100;
                        char c = 65535; c++;
                        int k = 10; k += 2.7; k *= 1.5;
                        acc += acc;
                        long wide = 3_000_000_000L * 3;
                        int[] tags = { h, seed, s, b, c, k, acc, mix(123_456), (int) (wide % 1_000_000_007) };
                        for (int t : tags) {
                            int tag = (t & 0x7fffffff) % 1000;
                            if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, tag);
                        }
                        if (rank == 1) {
                            EXPECTED
                        }
                        MPI.Finalize();
                    }
                }
                """;
        StringBuilder recvs = new StringBuilder();
        for (int t : wrapped()) recvs.append("MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, ").append((t & 0x7fffffff) % 1000).append(");\n");
        RunReport r = Repo.analyze("Wrap.java", src.replace("EXPECTED", recvs), 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
    }

    /**
     * An integer given to a {@code double} becomes a double, as Java's assignment conversion makes it: a local assigned
     * after its declaration, a static field, an instance field, an element, a method's {@code return 7}. Kept as an
     * integer, {@code x / 2} was an integer division here, so the program sent tag 30 where Java sends 35 and its
     * receive was reported as a deadlock (MPJ Express 0.44 runs this program to its end at np=2).
     */
    @Test
    void integersGivenToDoublesAreDoubles() {
        String src = """
                import mpi.*;
                public class Halves {
                    static double field;
                    double inst;
                    static double seven() { return 7; }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        double x = 0;
                        x = 7;
                        field = 3 + 4;
                        Halves o = new Halves();
                        o.inst = 7;
                        double[] e = new double[1];
                        e[0] = 7;
                        double[] values = { x, field, o.inst, e[0], seven() };
                        for (double v : values) {
                            if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, (int) (v / 2 * 10));
                            else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 35);
                        }
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, (int) (x / 2 * 10) + (int) (seven() / 2));
                        else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 38);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Halves.java", src, 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
    }

    /**
     * A compound assignment reads its variable before its right-hand side runs (JLS 15.26.2): {@code y += y++ + ++y}
     * with y = 5 gives 5 + (5 + 7) = 17. Read after it, the interpreter gave 7 + 12 = 19 and reported a deadlock. An
     * element's array and index are evaluated once and before the right-hand side (JLS 15.26.1): {@code e[i] = i++ + 5}
     * stores into e[0], and {@code e[k++] += 2} moves k once (it had moved twice, the sum stored into e[1]).
     */
    @Test
    void aCompoundAssignmentReadsItsVariableFirst() {
        String src = """
                import mpi.*;
                public class Compound {
                    static int calls;
                    static int bump() { calls += 10; return 1; }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        int y = 5;
                        y += y++ + ++y;
                        calls += bump();
                        int[] e = new int[3];
                        int i = 0, k = 0;
                        e[i] = i++ + 5;
                        e[k++] += 2;
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, y * 100 + calls);
                        else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, e[0] * 100 + e[1] * 10 + k);
                        else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        MPI.Finalize();
                    }
                }
                """;
        int y = 5;
        y += y++ + ++y;
        int calls = 0;
        calls += 1; // bump() adds 10 to calls, but the compound assignment had read calls (0) before the call
        int[] e = new int[3];
        int i = 0, k = 0;
        e[i] = i++ + 5; // into e[0]: the index is evaluated before the right-hand side (JLS 15.26.1)
        e[k++] += 2; // k moves once
        RunReport r = Repo.analyze("Compound.java", src.formatted(y * 100 + calls, e[0] * 100 + e[1] * 10 + k), 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
    }

    /**
     * {@code ++} and {@code --} on an element evaluate its array and index once (JLS 15.14.2, 15.15.1): {@code a[k++]++}
     * moves k once. Straight-line and in a loop (which runs compiled), and {@code Math.abs} of an int's MIN_VALUE in a
     * loop, which is MIN_VALUE.
     */
    @Test
    void anIncrementedElementEvaluatesItsIndexOnce() {
        String src = """
                import mpi.*;
                public class Incr {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        int[] c = new int[32];
                        int k = 0;
                        c[k++]++;
                        ++c[k++];
                        int old = c[k++]--;
                        int neg = 0, m = Integer.MIN_VALUE;
                        for (int i = 0; i < 3; i++) c[k++]++;
                        for (int i = 0; i < 3; i++) {
                            if (Math.abs(m + i) < 0) neg++;
                        }
                        int tag = k * 1000 + c[0] * 100 + c[1] * 10 + (c[2] + 1) + neg * 20 + c[3] + c[5] + c[6] + old;
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, tag);
                        else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        MPI.Finalize();
                    }
                }
                """;
        int[] c = new int[32];
        int k = 0;
        c[k++]++;
        ++c[k++];
        int old = c[k++]--;
        int neg = 0, m = Integer.MIN_VALUE;
        for (int i = 0; i < 3; i++) c[k++]++;
        for (int i = 0; i < 3; i++) {
            if (Math.abs(m + i) < 0) neg++;
        }
        int tag = k * 1000 + c[0] * 100 + c[1] * 10 + (c[2] + 1) + neg * 20 + c[3] + c[5] + c[6] + old;
        RunReport r = Repo.analyze("Incr.java", src.formatted(tag), 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
    }

    /**
     * A {@code float} has a float's precision (numbers are held as doubles): a float literal, a variable and an array
     * element declared float, a cast to float, float arithmetic at each step (in a loop too), a compound assignment,
     * and a float widened to a double. {@code 0.1f == 0.1} is false in Java; it had been true.
     */
    @Test
    void floatsHaveAFloatsPrecision() {
        String src = """
                import mpi.*;
                public class Floats {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        float f = 1f / 3;
                        double d = f;
                        float[] fa = new float[3];
                        fa[0] = 0.7f * 3;
                        float acc = 0;
                        for (int i = 0; i < 10; i++) acc += 0.1f;
                        float g = 16777216;
                        g += 1;
                        String text = "" + 0.1f + (f * 2);
                        int tag = (d == 1.0 / 3 ? 1 : 0) + (0.1f == 0.1 ? 10 : 0) + ((float) 0.1 == 0.1f ? 100 : 0)
                                + (acc == 1.0f ? 1000 : 0) + (int) ((fa[0] - 2.1) * 1e9) %% 97 * 3 + (g == 16777217 ? 5000 : 0)
                                + (int) ((f * 3 - 1) * 1e9) %% 89 + text.hashCode() %% 3 * 10000;
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, Math.floorMod(tag, 30000));
                        else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        MPI.Finalize();
                    }
                }
                """;
        float f = 1f / 3;
        double d = f;
        float[] fa = new float[3];
        fa[0] = 0.7f * 3;
        float acc = 0;
        for (int i = 0; i < 10; i++) acc += 0.1f;
        float g = 16777216;
        g += 1;
        String text = "" + 0.1f + (f * 2);
        int tag = (d == 1.0 / 3 ? 1 : 0) + (0.1f == 0.1 ? 10 : 0) + ((float) 0.1 == 0.1f ? 100 : 0)
                + (acc == 1.0f ? 1000 : 0) + (int) ((fa[0] - 2.1) * 1e9) % 97 * 3 + (g == 16777217 ? 5000 : 0)
                + (int) ((f * 3 - 1) * 1e9) % 89 + text.hashCode() % 3 * 10000;
        RunReport r = Repo.analyze("Floats.java", src.formatted(Math.floorMod(tag, 30000)), 2);
        assertEquals(Verdict.NONE, r.verdict(), "tag " + Math.floorMod(tag, 30000) + ": " + r.findings());
        assertEquals(List.of(), r.findings().stream().filter(x -> x.kind().id().equals("analysis-assumption")).toList()); // computed
    }

    /** MPI.UNDEFINED kept in an int variable still leaves a rank out of Split (its sentinel is not wrapped to 0). */
    @Test
    void undefinedInAnIntVariableStillLeavesARankOut() {
        String src = """
                import mpi.*;
                public class Undefined {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int color = rank == 0 ? 0 : MPI.UNDEFINED;
                        Intracomm sub = MPI.COMM_WORLD.Split(color, rank);
                        if (rank == 0) {
                            sub.Barrier();
                            sub.Free();
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Undefined.java", src, 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
    }

    private static int mix(int x) {
        x = x * 1_000_000_007;
        return x;
    }

    /** The values the program above sends, computed here by Java. */
    private static int[] wrapped() {
        int h = 7;
        for (int i = 0; i < 12; i++) h = h * 31 + 1_000_003;
        int seed = 12345;
        seed = seed * 1103515245 + 12345;
        short s = 32767; s++;
        byte b = (byte) 200; b += 100;
        char c = 65535; c++;
        int k = 10; k += 2.7; k *= 1.5;
        int acc = 2_000_000_000; // the program's static field
        acc += acc;
        long wide = 3_000_000_000L * 3;
        return new int[] {h, seed, s, b, c, k, acc, mix(123_456), (int) (wide % 1_000_000_007)};
    }

    /**
     * Blocks that declare nothing open no scope of their own; names declared in sibling blocks, in loop bodies that
     * do declare, and in the enclosing blocks must still resolve to the right variable on every iteration, and a
     * block's local must be gone after it (the static field it shadowed is meant again).
     */
    @Test
    void namesResolveThroughBlocksThatDeclareNothing() {
        String src = """
                import mpi.*;
                public class Blocks {
                    static int x = 5;
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        int sum = 0;
                        { int x = 1; sum += x; }
                        { int x = 10; sum += x; }
                        sum += x * 10000;
                        for (int i = 0; i < 4; i++) {
                            { sum += i; }
                            if (i %% 2 == 0) { sum += 100; } else { int y = i * 1000; sum += y; }
                        }
                        for (int i = 0; i < 3; i++) {
                            int k = i + 1;
                            { { sum += k; } }
                        }
                        if (rank == 0) {
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, sum);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        }
                        MPI.Finalize();
                    }
                }
                """.formatted(blocksSum());
        RunReport r = Repo.analyze("Blocks.java", src, 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
    }

    private static final int X = 5;

    /** The value the program above computes, computed here by Java (its static field x is X here). */
    private static int blocksSum() {
        int sum = 0;
        { int x = 1; sum += x; }
        { int x = 10; sum += x; }
        sum += X * 10000;
        for (int i = 0; i < 4; i++) {
            { sum += i; }
            if (i % 2 == 0) { sum += 100; } else { int y = i * 1000; sum += y; }
        }
        for (int i = 0; i < 3; i++) {
            int k = i + 1;
            { { sum += k; } }
        }
        return sum;
    }
}
