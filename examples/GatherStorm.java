import mpi.*;

/**
 * Every worker sends its partial result to rank 0 at the same moment, several
 * times: deadlock-free, but on a LogP machine more messages head for rank 0
 * than the network's capacity ceil(L/G) allows, so the senders stall.
 */
public class GatherStorm {
    static final int ROUNDS = 3;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        double[] part = new double[8];
        for (int round = 0; round < ROUNDS; round++) {
            if (rank == 0) {
                for (int w = 1; w < size; w++) {
                    MPI.COMM_WORLD.Recv(part, 0, part.length, MPI.DOUBLE, w, round);
                }
            } else {
                MPI.COMM_WORLD.Send(part, 0, part.length, MPI.DOUBLE, 0, round);
            }
            MPI.COMM_WORLD.Barrier();
        }
        MPI.Finalize();
    }
}
