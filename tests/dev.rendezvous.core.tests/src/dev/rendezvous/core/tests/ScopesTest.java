package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;

/**
 * Local variables as the interpreter keeps them (one small map per block entry and call, searched in order, indexed
 * once it holds more than eight names): a dozen locals in one scope, names declared afresh at every iteration of a
 * loop body, and a method of ten parameters and more locals called at every iteration, whose results are the tags
 * of a message. A variable read from the wrong place changes a tag, and the receive then waits for a message nobody
 * sends. The correct program ran to its end on MPJ Express 0.44 (multicore device, np 2); its twin, whose receive
 * names another tag, hangs there.
 */
class ScopesTest {

    private static final String SCOPES = """
            import mpi.*;
            public class Scopes {
                static int tagOf(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j) {
                    int s0 = a + b, s1 = c + d, s2 = e + f, s3 = g + h, s4 = i + j;
                    int unused = s0 * 0 + s1 * 0 + s2 * 0;
                    return s4 - s3 + s3 + unused;
                }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int v0 = 0, v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9, v10 = 10, v11 = %d;
                    int[] buf = new int[1];
                    for (int k = 0; k < 3; k++) {
                        int peer = rank == 0 ? v1 : v0;
                        int tag = tagOf(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9) + k;
                        int theirs = tagOf(v0, v1, v2, v3, v4, v5, v6, v7, v8, v11) + k + v10 - 10;
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, peer, tag);
                        else MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, peer, theirs);
                    }
                    System.out.println("rank " + rank + " done");
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void manyLocalsFreshLoopScopesAndRepeatedCallsKeepTheirValues() {
        RunReport ok = Repo.analyze("Scopes.java", SCOPES.formatted(9), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        RunReport twin = Repo.analyze("Scopes.java", SCOPES.formatted(10), 2);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
    }
}
