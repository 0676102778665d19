import mpi.*;
import java.util.ArrayList;
import java.util.List;

/**
 * A filtering stream on a diamond of four stages (np = 4), with explicit flow control:
 *
 *        source(0) --> sieve(1) --\
 *            \                     --> merge(3)
 *             ----> scale(2) -----/
 *
 * Each channel k (LINKS[k] = {from, to}) holds at most SLOTS[k] unconsumed tokens: the sender
 * spends a slot per token and waits for an ACK from the receiver when none is left. A token is
 * {index, kind, value}. The source emits indices 0..COUNT-1; the sieve passes only values that are
 * multiples of 20, so the merge stage, which consumes indices in order, waits on the sieve while
 * the scale path fills up. DUMMY_EVERY[k] > 0 makes channel k carry a dummy token whenever nothing
 * was sent on it for that many indices (0 = never); FORWARD_DUMMIES makes a stage that consumed only
 * dummies for an index pass a dummy on. With DUMMY_EVERY all 0 the diamond deadlocks; Rendezvous
 * computes the intervals that prevent it (streaming paper, Algorithms 4 and 6) and offers to fill
 * them in.
 */
public class FilterDiamond {
    static final int[][] LINKS = { {0, 1}, {0, 2}, {1, 3}, {2, 3} };
    static final int[] SLOTS = { 2, 1, 3, 2 };
    static final int[] DUMMY_EVERY = { 0, 0, 0, 0 };
    static final boolean FORWARD_DUMMIES = false;
    static final int COUNT = 120;
    static final int TOKEN = 1, ACK = 2;
    static final int DATA = 0, DUMMY = 1, END = 2;

    static int me;
    static int[] slots, last;
    static final List<Integer> inputs = new ArrayList<>(), outputs = new ArrayList<>();
    static final List<Request> sent = new ArrayList<>();

    static int sample(int i) {
        return (i * 53 + 7) % 101;
    }

    static boolean keeps(int stage, int value) {
        return stage != 1 || value % 20 == 0;
    }

    static void push(int k, int index, int kind, int value) throws MPIException {
        int to = LINKS[k][1];
        if (slots[k] == 0) {
            int[] ack = new int[1];
            MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.INT, to, ACK);
            slots[k]++;
        }
        slots[k]--;
        int[] token = { index, kind, value };
        sent.add(MPI.COMM_WORLD.Isend(token, 0, 3, MPI.INT, to, TOKEN));
        last[k] = index;
    }

    static void emit(int index, boolean data, int value) throws MPIException {
        for (int k : outputs) {
            if (data && keeps(me, value)) push(k, index, DATA, value);
            else if (!data && FORWARD_DUMMIES) push(k, index, DUMMY, 0);
            else if (DUMMY_EVERY[k] > 0 && index - last[k] >= DUMMY_EVERY[k]) push(k, index, DUMMY, 0);
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        me = MPI.COMM_WORLD.Rank();
        for (int k = 0; k < LINKS.length; k++) {
            if (LINKS[k][0] == me) outputs.add(k);
            if (LINKS[k][1] == me) inputs.add(k);
        }
        slots = SLOTS.clone();
        last = new int[LINKS.length];
        java.util.Arrays.fill(last, -1);
        long sum = 0;
        if (me < 4) {
            if (inputs.isEmpty()) {
                for (int i = 0; i < COUNT; i++) emit(i, true, sample(i));
            } else {
                int[][] head = new int[inputs.size()][];
                while (true) {
                    for (int h = 0; h < head.length; h++) {
                        if (head[h] == null) {
                            head[h] = new int[3];
                            MPI.COMM_WORLD.Recv(head[h], 0, 3, MPI.INT, LINKS[inputs.get(h)][0], TOKEN);
                        }
                    }
                    int index = Integer.MAX_VALUE;
                    for (int[] t : head) if (t[1] != END) index = Math.min(index, t[0]);
                    if (index == Integer.MAX_VALUE) break;
                    boolean data = false;
                    int value = 0;
                    for (int h = 0; h < head.length; h++) {
                        if (head[h][1] != END && head[h][0] == index) {
                            if (head[h][1] == DATA) {
                                value += head[h][2];
                                data = true;
                            }
                            int[] ack = { 1 };
                            sent.add(MPI.COMM_WORLD.Isend(ack, 0, 1, MPI.INT, LINKS[inputs.get(h)][0], ACK));
                            head[h] = null;
                        }
                    }
                    if (data) sum += value;
                    emit(index, data, value);
                }
                for (int k : inputs) {
                    int[] ack = { 1 };
                    sent.add(MPI.COMM_WORLD.Isend(ack, 0, 1, MPI.INT, LINKS[k][0], ACK));
                }
            }
            for (int k : outputs) push(k, Integer.MAX_VALUE, END, 0);
            for (int k : outputs) {
                while (slots[k] < SLOTS[k]) {
                    int[] ack = new int[1];
                    MPI.COMM_WORLD.Recv(ack, 0, 1, MPI.INT, LINKS[k][1], ACK);
                    slots[k]++;
                }
            }
            Request.Waitall(sent.toArray(new Request[0]));
        }
        System.out.println("stage " + me + ": sum " + sum);
        MPI.Finalize();
    }
}
