import mpi.*;

/**
 * A 2-D Jacobi halo exchange on a q x q process grid (np must be a square; other ranks idle).
 * Sendrecv with the four neighbours, PROC_NULL at non-periodic edges, a global residual reduced each
 * iteration. Deadlock-free for any np, but MPJ Express rejects PROC_NULL peers (MPIException), which
 * Rendezvous reports as a warning at each Sendrecv, with a fix. */
public class Stencil2D {
    static final int ITERATIONS = 2;
    static final int N = 16;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank(), size = world.Size();
        int q = 1;
        while ((q + 1) * (q + 1) <= size) q++;
        Intracomm grid = world.Split(rank < q * q ? 0 : 1, rank);
        if (rank < q * q) {
            int row = rank / q, col = rank % q;
            int north = row > 0 ? rank - q : MPI.PROC_NULL;
            int south = row < q - 1 ? rank + q : MPI.PROC_NULL;
            int west = col > 0 ? rank - 1 : MPI.PROC_NULL;
            int east = col < q - 1 ? rank + 1 : MPI.PROC_NULL;
            double[] edge = new double[N], halo = new double[N];
            double[] res = new double[1], total = new double[1];
            for (int it = 0; it < ITERATIONS; it++) {
                grid.Sendrecv(edge, 0, N, MPI.DOUBLE, north, 1, halo, 0, N, MPI.DOUBLE, south, 1);
                grid.Sendrecv(edge, 0, N, MPI.DOUBLE, south, 2, halo, 0, N, MPI.DOUBLE, north, 2);
                grid.Sendrecv(edge, 0, N, MPI.DOUBLE, west, 3, halo, 0, N, MPI.DOUBLE, east, 3);
                grid.Sendrecv(edge, 0, N, MPI.DOUBLE, east, 4, halo, 0, N, MPI.DOUBLE, west, 4);
                grid.Allreduce(res, 0, total, 0, 1, MPI.DOUBLE, MPI.SUM);
            }
        }
        MPI.Finalize();
    }
}
