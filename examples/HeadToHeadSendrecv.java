import mpi.*;

/**
 * The exchange of HeadToHead, written with Sendrecv: the runtime pairs the
 * send and the receive itself, so the exchange cannot deadlock whatever the
 * buffering.  Ranks are paired (0,1), (2,3), ...; with an odd number of
 * processes the last rank has no partner and sits out.
 */
public class HeadToHeadSendrecv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int other = rank ^ 1;
        int[] out = new int[64];
        int[] in = new int[64];
        for (int i = 0; i < out.length; i++) out[i] = rank * 1000 + i;

        if (other < size) {
            MPI.COMM_WORLD.Sendrecv(out, 0, out.length, MPI.INT, other, 0,
                                    in, 0, in.length, MPI.INT, other, 0);
        }
        System.out.println("rank " + rank + " got " + in[0]);
        MPI.Finalize();
    }
}
