import mpi.*;

/**
 * Neighbours exchange in pairs: even ranks send right then receive, odd
 * ranks receive left then send.  With an even number of ranks every rank has
 * a partner; with an odd number the last rank picks rank 0 as its partner,
 * but rank 0 only talks to rank 1: the last rank waits forever for an answer
 * (try ./rendezvous check examples/RingOddEven.java --np 2..7).
 */
public class RingOddEven {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] mine = {rank}, theirs = new int[1];
        if (rank % 2 == 0) {
            int partner = rank + 1 < size ? rank + 1 : 0;
            MPI.COMM_WORLD.Send(mine, 0, 1, MPI.INT, partner, 0);
            MPI.COMM_WORLD.Recv(theirs, 0, 1, MPI.INT, partner, 0);
        } else {
            MPI.COMM_WORLD.Recv(theirs, 0, 1, MPI.INT, rank - 1, 0);
            MPI.COMM_WORLD.Send(mine, 0, 1, MPI.INT, rank - 1, 0);
        }
        MPI.Finalize();
    }
}
