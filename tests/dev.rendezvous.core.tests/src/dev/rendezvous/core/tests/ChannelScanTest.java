package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;

/**
 * A wildcard receive that waits while its channel fills with messages of another tag: rank 1 queues forty
 * requests for rank 0 one by one (rank 2's ticks make the ranks wait for each other between them, so the wildcard is
 * looked at again and again), with the two messages the wildcards wait for after the twentieth and the fortieth.
 * A receive remembers how far its scans of a channel found nothing it accepts and reads only what was queued after
 * that; the tag of rank 0's last send says which message each wildcard got. The correct program ran to its end on
 * MPJ Express 0.44 (multicore device, np 3); its twin, which expects the two the other way round, hangs there.
 * A scan that resumed one send too late missed the first of the two, and the correct program had a deadlock (checked).
 */
class ChannelScanTest {

    private static final String FLOOD = """
            import mpi.*;
            public class Flood {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] b = new int[1];
                    if (rank == 0) {
                        Request first = MPI.COMM_WORLD.Irecv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 2);
                        while (first.Test() == null) { }
                        int[] c = new int[1];
                        Request second = MPI.COMM_WORLD.Irecv(c, 0, 1, MPI.INT, MPI.ANY_SOURCE, 2);
                        while (second.Test() == null) { }
                        int[] a = new int[1];
                        for (int i = 0; i < 40; i++) MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 1, 1);
                        MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, 1, b[0] * 10 + c[0]);
                    } else if (rank == 1) {
                        Request[] rq = new Request[40];
                        int[] t = new int[1];
                        for (int i = 0; i < 40; i++) {
                            rq[i] = MPI.COMM_WORLD.Isend(new int[] {i}, 0, 1, MPI.INT, 0, 1);
                            Request tick = MPI.COMM_WORLD.Irecv(t, 0, 1, MPI.INT, 2, 5);
                            while (tick.Test() == null) { }
                            if (i == 19) MPI.COMM_WORLD.Send(new int[] {7}, 0, 1, MPI.INT, 0, 2);
                        }
                        MPI.COMM_WORLD.Send(new int[] {8}, 0, 1, MPI.INT, 0, 2);
                        Request.Waitall(rq);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, %d);
                    } else if (rank == 2) {
                        for (int i = 0; i < 40; i++) MPI.COMM_WORLD.Send(new int[] {i}, 0, 1, MPI.INT, 1, 5);
                    }
                    System.out.println("rank " + rank + " done");
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aWildcardLookedAtAgainStillTakesTheFirstMessageItAccepts() {
        RunReport ok = Repo.analyze("Flood.java", FLOOD.formatted(78), 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        RunReport twin = Repo.analyze("Flood.java", FLOOD.formatted(87), 3);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
    }
}
