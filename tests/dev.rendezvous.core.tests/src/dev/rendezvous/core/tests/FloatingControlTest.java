package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Program;

/**
 * Whether a floating-point value can steer a program ({@link Program#floatingControl}): when none
 * can, numerical kernels are forgotten at once instead of computed. A convergence test, a cast of a
 * floating-point expression to an integer, or a floating literal in a condition each steer.
 */
class FloatingControlTest {

    private static String program(String body) {
        return """
                import mpi.*;
                public class P {
                    static double norm(double[] v) { return v[0]; }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        double[] a = new double[64];
                        for (int i = 0; i < 64; i++) a[i] = i * 0.5;
                """ + body + """
                        MPI.Finalize();
                    }
                }
                """;
    }

    private static boolean steers(String body) {
        return Program.parse("P.java", program(body)).floatingControl();
    }

    @Test
    void integerConditionsOnly() {
        assertFalse(steers("if (rank == 0) MPI.COMM_WORLD.Send(a, 0, 64, MPI.DOUBLE, 1, 0);\n"));
    }

    @Test
    void convergenceTestSteers() {
        assertTrue(steers("double diff = 1; while (diff > 1e-6) diff = diff / 2;\n"));
    }

    @Test
    void floatingLiteralOrMethodInAConditionSteers() {
        assertTrue(steers("if (a[3] > 0.5) MPI.COMM_WORLD.Barrier();\n"));
        assertTrue(steers("if (norm(a) > 1) MPI.COMM_WORLD.Barrier();\n"));
    }

    @Test
    void castToIntegerSteers() {
        assertTrue(steers("int q = (int) Math.sqrt(size); if (rank < q) MPI.COMM_WORLD.Barrier();\n"));
    }

    /** The kernel is forgotten, not computed: the verdict and findings are those of the computed run. */
    @Test
    void forgettingAKernelKeepsTheVerdict() {
        String body = """
                double[] c = new double[64];
                for (int i = 0; i < 8; i++)
                    for (int j = 0; j < 8; j++) {
                        double s = 0;
                        for (int k = 0; k < 8; k++) s += a[i * 8 + k] * a[k * 8 + j];
                        c[i * 8 + j] = s;
                    }
                if (rank == 0) MPI.COMM_WORLD.Send(c, 0, 64, MPI.DOUBLE, 1, 0);
                else if (rank == 1) MPI.COMM_WORLD.Recv(c, 0, 64, MPI.DOUBLE, 0, 0);
                """;
        assertFalse(steers(body));
        RunReport r = Repo.analyze("P.java", program(body), 2);
        assertEquals("ok", r.verdict().runId());
        assertTrue(r.findings().stream().noneMatch(f -> f.kind().id().equals("analysis-assumption")), r.findings().toString());
    }
}
