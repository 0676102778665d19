package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.FindingKind;

/**
 * A matrix forgotten again and again (a branch on the clock skipped inside a loop, which may write it) keeps its rows
 * forgotten between two passes only while none of them was written: here a row is written through a variable of its
 * own after each pass, and the last skipped branch writes the element the send depends on. The correct program (no
 * such branch after the loop) ran to its end on MPJ Express 0.44 (multicore device, np 2); its twin hangs there: the
 * element is 3, rank 0 sends nothing and rank 1 waits. A matrix that took its rows for forgotten after the first
 * pass kept the 7 written through the row, and the twin looked as clean as the correct program (checked).
 */
class ForgottenRowsTest {

    private static final String ROWS = """
            import mpi.*;
            public class Rows {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[][] m = new int[4][100];
                    int[] row = m[1];
                    int[] buf = new int[1];
                    for (int k = 0; k < 3; k++) {
                        if (System.nanoTime() < 0) m[0][0] = 1;
                        row[5] = 7;
                    }
            %s
                    if (rank == 0 && m[1][5] == 7) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, 0);
                    if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);
                    System.out.println("rank " + rank + " done");
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aRowWrittenBetweenTwoForgetsIsForgottenAgain() {
        RunReport ok = Repo.analyze("Rows.java", ROWS.formatted(""), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        RunReport twin = Repo.analyze("Rows.java", ROWS.formatted("        if (System.nanoTime() > 0) m[1][5] = 3;"), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.kind() == FindingKind.UNMATCHED_RECV), twin.findings().toString());
    }
}
