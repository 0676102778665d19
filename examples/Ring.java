import mpi.*;

/**
 * A token travels once around a ring of N ranks.  Rank 0 starts it; every
 * other rank receives from its left neighbour before sending to its right
 * neighbour, so there is no cycle of blocked sends for any N >= 2.
 */
public class Ring {
    static final int TOKEN = 1;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int size = world.Size();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] token = new int[1];

        if (rank == 0) {
            token[0] = 42;
            world.Send(token, 0, 1, MPI.INT, right, TOKEN);
            world.Recv(token, 0, 1, MPI.INT, left, TOKEN);
            System.out.println("token came back: " + token[0]);
        } else {
            world.Recv(token, 0, 1, MPI.INT, left, TOKEN);
            token[0]++;
            world.Send(token, 0, 1, MPI.INT, right, TOKEN);
        }
        MPI.Finalize();
    }
}
