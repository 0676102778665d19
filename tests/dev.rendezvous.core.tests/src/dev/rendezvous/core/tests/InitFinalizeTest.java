package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * MPI.Init and MPI.Finalize out of place, as MPJ Express 0.44 runs them (each checked on the multicore device):
 * MPI.COMM_WORLD.Rank() before Init throws a NullPointerException, a second Finalize throws, and a Send/Recv pair
 * after Finalize is still delivered. Each case has a twin in order.
 */
class InitFinalizeTest {

    private static List<Finding> problems(String main, int np) {
        String src = """
                import mpi.*;
                public class Order {
                    static void setUp(String[] args) throws Exception {
                        MPI.Init(args);
                    }
                    public static void main(String[] args) throws Exception {
                %s
                    }
                }
                """.formatted(main);
        RunReport r = Repo.analyze("Order.java", src, np);
        return r.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
    }

    private static void assertOne(List<Finding> found, Severity severity, String text, int line) {
        assertEquals(1, found.size(), found.toString());
        Finding f = found.get(0);
        assertEquals(FindingKind.INIT_FINALIZE, f.kind(), f.toString());
        assertEquals(severity, f.severity(), f.toString());
        assertTrue(f.message().contains(text), f.message());
        assertEquals(line, f.range().line(), f.toString());
    }

    @Test
    void theWorldUsedBeforeInitIsAnError() {
        assertOne(problems("""
                        int rank = MPI.COMM_WORLD.Rank();
                        MPI.Init(args);
                        MPI.Finalize();
                """, 2), Severity.ERROR, "runs before MPI.Init (line 8)", 7);
        // the twin: Init first
        assertEquals(List.of(), problems("""
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        MPI.Finalize();
                """, 2));
    }

    @Test
    void anInitTheEntryDoesNotCallItselfIsTrusted() {
        // Init happens in a helper: nothing is reported, whichever way the helper is reached (an Init the analysis
        // could not see must not turn every call into an error)
        assertEquals(List.of(), problems("""
                        setUp(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        MPI.Finalize();
                """, 2));
    }

    @Test
    void aSecondFinalizeIsAnError() {
        String body = """
                        MPI.Init(args);
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                        %s
                """;
        assertOne(problems(body.formatted("MPI.Finalize();"), 2), Severity.ERROR, "calls MPI.Finalize a second time", 10);
        assertEquals(List.of(), problems(body.formatted("System.out.println(MPI.Finalized());"), 2));
        // MPJ Express starts again after a Finalize (its own test suite loops over Init, Barrier, Finalize)
        assertEquals(List.of(), problems("""
                        for (int round = 0; round < 3; round++) {
                            MPI.Init(args);
                            MPI.COMM_WORLD.Barrier();
                            MPI.Finalize();
                        }
                """, 2));
    }

    @Test
    void communicationAfterFinalizeIsAWarning() {
        String body = """
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] v = new int[1];
                        %s
                        if (rank == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 0);
                        if (rank == 1) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                        %s
                """;
        List<Finding> after = problems(body.formatted("MPI.Finalize();", ""), 2);
        assertEquals(2, after.size(), after.toString());
        assertTrue(after.stream().allMatch(f -> f.kind() == FindingKind.INIT_FINALIZE && f.severity() == Severity.WARNING
                && f.message().contains("after MPI.Finalize")), after.toString());
        assertEquals(List.of(), problems(body.formatted("", "MPI.Finalize();"), 2));
    }
}
