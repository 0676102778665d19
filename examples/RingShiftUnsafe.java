import mpi.*;

/**
 * Every rank passes its block to the right neighbour and then takes the one
 * from the left: a t-ring of N sends.  It only works when the runtime
 * buffers the messages; the quick fixes offer Sendrecv or a buffered send.
 */
public class RingShiftUnsafe {
    static final int ROUNDS = 2;

    static void shift(Intracomm comm, double[] out, double[] in, int right, int left) throws MPIException {
        comm.Send(out, 0, out.length, MPI.DOUBLE, right, 3);
        comm.Recv(in, 0, in.length, MPI.DOUBLE, left, 3);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        double[] a = new double[16], b = new double[16];
        for (int r = 0; r < ROUNDS; r++) {
            shift(world, a, b, (rank + 1) % size, (rank + size - 1) % size);
            double[] t = a; a = b; b = t;
        }
        MPI.Finalize();
    }
}
