import mpi.*;

/**
 * Pipe-and-roll (broadcast-multiply-roll, Fox's algorithm) matrix multiplication with one control
 * process and a q x q worker mesh, q = floor(sqrt(np - 1)); ranks beyond 1 + q*q idle. This is the
 * program behind Table 1 of the buffer-allocation paper (section 6.4): np = 5, 10 and 17 give the
 * 2x2, 3x3 and 4x4 meshes.
 *
 * The control process sends each worker its blocks of A and B in one message and then collects
 * the C blocks. In step k every worker row pipes the A block of column (row + k) mod q to the right
 * through the row, each worker multiplies, and the B blocks roll one row up the column. The roll is
 * a plain Send followed by a Recv, as on a system that buffers standard sends: without buffering
 * every column is a send cycle, and the NBAP numbers say how many receive buffers make every send
 * non-blocking.
 */
public class PipeAndRoll {
    static final int TAG_DATA = 1, TAG_PIPE = 2, TAG_ROLL = 3, TAG_RESULT = 4;
    static final int B = 8; // edge length of one block

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int q = 0;
        while ((q + 1) * (q + 1) <= size - 1) q++;
        int n = B * B;
        if (rank == 0) {
            double[] ab = new double[2 * n];
            for (int w = 1; w <= q * q; w++) {
                for (int i = 0; i < 2 * n; i++) ab[i] = w + i;
                MPI.COMM_WORLD.Send(ab, 0, 2 * n, MPI.DOUBLE, w, TAG_DATA);
            }
            double[] c = new double[n];
            double trace = 0;
            for (int w = 1; w <= q * q; w++) {
                MPI.COMM_WORLD.Recv(c, 0, n, MPI.DOUBLE, w, TAG_RESULT);
                trace += c[0];
            }
            System.out.println("control: collected " + (q * q) + " blocks, trace " + trace);
        } else if (rank <= q * q) {
            int row = (rank - 1) / q, col = (rank - 1) % q;
            int right = 1 + row * q + (col + 1) % q;
            int left = 1 + row * q + (col + q - 1) % q;
            int up = 1 + ((row + q - 1) % q) * q + col;
            int down = 1 + ((row + 1) % q) * q + col;
            double[] ab = new double[2 * n];
            MPI.COMM_WORLD.Recv(ab, 0, 2 * n, MPI.DOUBLE, 0, TAG_DATA);
            double[] a = new double[n], b = new double[n], c = new double[n], t = new double[n];
            System.arraycopy(ab, 0, a, 0, n);
            System.arraycopy(ab, n, b, 0, n);
            for (int k = 0; k < q; k++) {
                int root = (row + k) % q;
                // pipe: the root's A block travels right along the row
                if (col == root) {
                    System.arraycopy(a, 0, t, 0, n);
                    if (q > 1) MPI.COMM_WORLD.Send(t, 0, n, MPI.DOUBLE, right, TAG_PIPE);
                } else {
                    MPI.COMM_WORLD.Recv(t, 0, n, MPI.DOUBLE, left, TAG_PIPE);
                    if ((col + 1) % q != root) MPI.COMM_WORLD.Send(t, 0, n, MPI.DOUBLE, right, TAG_PIPE);
                }
                multiplyAdd(t, b, c);
                // roll: B moves one row up the column
                if (q > 1) {
                    MPI.COMM_WORLD.Send(b, 0, n, MPI.DOUBLE, up, TAG_ROLL);
                    MPI.COMM_WORLD.Recv(b, 0, n, MPI.DOUBLE, down, TAG_ROLL);
                }
            }
            MPI.COMM_WORLD.Send(c, 0, n, MPI.DOUBLE, 0, TAG_RESULT);
        }
        MPI.Finalize();
    }

    static void multiplyAdd(double[] a, double[] b, double[] c) {
        for (int i = 0; i < B; i++)
            for (int j = 0; j < B; j++) {
                double s = 0;
                for (int k = 0; k < B; k++) s += a[i * B + k] * b[k * B + j];
                c[i * B + j] += s;
            }
    }
}
