import mpi.*;

/**
 * Two ranks exchange a block: both send first, then receive.
 * Under a runtime that does not buffer the message (MPJ's multicore device,
 * or any MPI with a large enough message), both Sends wait forever for a
 * matching Recv: a send cycle.  Run with 2 processes.
 */
public class HeadToHead {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] out = new int[64];
        int[] in = new int[64];
        for (int i = 0; i < out.length; i++) out[i] = rank * 1000 + i;

        if (rank == 0) {
            MPI.COMM_WORLD.Send(out, 0, out.length, MPI.INT, 1, 0);
            MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.INT, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.Send(out, 0, out.length, MPI.INT, 0, 0);
            MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.INT, 0, 0);
        }
        System.out.println("rank " + rank + " got " + in[0]);
        MPI.Finalize();
    }
}
