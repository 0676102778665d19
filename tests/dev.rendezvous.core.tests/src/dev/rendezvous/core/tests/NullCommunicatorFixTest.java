package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;

/** A call on the null communicator Split gives the ranks it leaves out: reported, and fixed by a null guard. */
class NullCommunicatorFixTest {
    private static final String PROGRAM = """
            import mpi.*;
            public class Halves {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] v = {rank}, sum = new int[1];
                    Intracomm low = MPI.COMM_WORLD.Split(rank < 2 ? 0 : MPI.UNDEFINED, rank);
                    low.Allreduce(v, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                    MPI.Finalize();
                }
            }
            """;

    static List<Finding> invalid(String src, int np) {
        return Repo.analyze("Halves.java", src, np).findings().stream().filter(f -> f.kind() == FindingKind.INVALID_ARGUMENT).toList();
    }

    @Test
    void theRanksLeftOutThrowAndTheGuardFixesIt() {
        assertEquals(List.of(), invalid(PROGRAM, 2), "with two processes every rank is in the low half");
        List<Finding> before = invalid(PROGRAM, 4);
        assertEquals(1, before.size(), before.toString());
        assertTrue(before.get(0).message().contains("null communicator") && before.get(0).range().line() == 8, before.toString());
        assertEquals(1, before.get(0).fixes().size(), before.get(0).toString());
        String fixed = before.get(0).fixes().get(0).applyTo(PROGRAM);
        assertTrue(fixed.contains("if (low != null) low.Allreduce("), fixed);
        assertTrue(dev.rendezvous.core.extract.Program.parse("Halves.java", fixed).syntaxErrors().isEmpty());
        assertEquals(List.of(), invalid(fixed, 4), "the fix removes the finding");
        assertEquals("ok", Repo.analyze("Halves.java", fixed, 4).verdict().runId(), "and the fixed program has no deadlock");
    }
}
