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
 * A rank past the communicator's end stops the job under MPJ Express. Written as a constant (rank 3 at np=2), it is a
 * program written for more processes: information; so is a master's loop over a constant 8 workers (written for np=9),
 * which is past the end again at np=3, 4, ... 8. Computed past the end (a ring's {@code rank + 1} without the
 * wrap-around), it is past the end again in a larger job (24 processes), and a warning: the program crashes at every
 * count.
 */
class RankPastTheEndTest {

    private static final String PROGRAM = """
            import mpi.*;
            public class P {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] v = {rank};
                    %s
                    MPI.Finalize();
                }
            }
            """;

    private static List<Finding> jobAborts(String body, int np) {
        RunReport r = Repo.analyze("P.java", PROGRAM.formatted(body), np);
        return r.findings().stream().filter(f -> f.kind() == FindingKind.JOB_ABORT).toList();
    }

    @Test
    void aRingWithoutTheWrapAroundIsAWarningAtEveryCount() {
        String ring = "if (rank > 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, rank - 1, 0);\n"
                + "MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, rank + 1, 0);";
        for (int np : new int[] {2, 5}) {
            List<Finding> a = jobAborts(ring, np);
            assertEquals(1, a.size(), a.toString());
            assertEquals(Severity.WARNING, a.get(0).severity(), a.toString());
            assertEquals(8, a.get(0).range().line());
            assertTrue(a.get(0).message().contains("computed past the communicator's end"), a.get(0).message());
        }
    }

    @Test
    void aConstantRankOfALargerJobStaysInformation() {
        List<Finding> a = jobAborts("if (rank == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 3, 0);\n"
                + "if (rank == 3) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);", 2);
        assertEquals(1, a.size(), a.toString());
        assertEquals(Severity.INFO, a.get(0).severity(), a.toString());
        assertTrue(a.get(0).message().contains("needs at least 4"), a.get(0).message());
    }

    @Test
    void aRankThatComesFromTheProcessCountButFitsInALargerJobStaysInformation() {
        // rank 0 sends to rank 3 while there are fewer than 6 processes: at np=24 it sends to rank 1
        List<Finding> a = jobAborts("int to = size < 6 ? 3 : 1;\n if (rank == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, to, 0);\n"
                + "if (rank == to) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);", 2);
        assertEquals(1, a.size(), a.toString());
        assertEquals(Severity.INFO, a.get(0).severity(), a.toString());
    }

    @Test
    void aMastersLoopOverAConstantNumberOfWorkersStaysInformation() {
        // written for np=9 (a course's "mpjrun -np 9"): at np=2 the master's second Send is to rank 2, at np=3 to rank 3...
        List<Finding> a = jobAborts("int workers = 8;\n if (rank == 0) { for (int i = 0; i < workers; i++) "
                + "MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, i + 1, 0); for (int i = 0; i < workers; i++) "
                + "MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, i + 1, 0); }\n else { MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0); "
                + "MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0); }", 2);
        assertEquals(1, a.size(), a.toString());
        assertEquals(Severity.INFO, a.get(0).severity(), a.toString());
        assertTrue(a.get(0).message().contains("needs at least 3"), a.get(0).message());
    }

    @Test
    void aRingWithTheWrapAroundSaysNothing() {
        assertEquals(List.of(), jobAborts("MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, (rank + 1) % size, 0, v, 0, 1, MPI.INT,"
                + " (rank + size - 1) % size, 0);", 3));
    }
}
