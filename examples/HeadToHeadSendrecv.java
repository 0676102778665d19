import mpi.*;

/**
 * The exchange of HeadToHead, written with Sendrecv: the runtime pairs the
 * send and the receive itself, so the exchange cannot deadlock whatever the
 * buffering.  Run with 2 processes.
 */
public class HeadToHeadSendrecv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int other = 1 - rank;
        int[] out = new int[64];
        int[] in = new int[64];
        for (int i = 0; i < out.length; i++) out[i] = rank * 1000 + i;

        MPI.COMM_WORLD.Sendrecv(out, 0, out.length, MPI.INT, other, 0,
                                in, 0, in.length, MPI.INT, other, 0);
        System.out.println("rank " + rank + " got " + in[0]);
        MPI.Finalize();
    }
}
