package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;

/**
 * A reduction of values the analysis cannot compute (counts from random draws or from a loop it stopped), a value
 * the root of a broadcast could not compute, or such a part of an Allgather, is the same on every member, and one value: tested at two places, on two
 * ranks, it gives the same answer at both. These programs reduce such counts or broadcast such a draw, and let rank 1
 * send to rank 0 exactly when the value is large, each rank testing it at its own line. Taking each test as its own
 * decision would report the path where rank 0 waits and rank 1 does not send, a deadlock no execution has.
 */
class CollectiveValueTest {

    /** The analysis of {@code body} as the main method of class {@code name}, between Init and Finalize. */
    private static RunReport report(String name, String body, int np) {
        String src = """
                import mpi.*;
                public class %s {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                        int[] mine = {new java.util.Random().nextInt(1000)}, total = new int[1];
                %s
                        MPI.Finalize();
                    }
                }
                """.formatted(name, body);
        return Repo.analyze(name + ".java", src, np);
    }

    private static List<String> errors(RunReport r) {
        return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).map(Finding::message).toList();
    }

    @Test
    void aReducedTotalBroadcastAndTestedOnTwoRanksDecidesAlike() {
        RunReport r = report("ReduceBcast", """
                        MPI.COMM_WORLD.Reduce(mine, 0, total, 0, 1, MPI.INT, MPI.SUM, 0);
                        MPI.COMM_WORLD.Bcast(total, 0, 1, MPI.INT, 0);
                        if (me == 1 && total[0] > 1000) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 0, 7);
                        if (me == 0 && total[0] > 1000) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 1, 7);
                """, 3);
        assertEquals(List.of(), errors(r));
    }

    @Test
    void anAllreducedMaximumTestedOnTwoRanksDecidesAlike() {
        RunReport r = report("AllreduceMax", """
                        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.INT, MPI.MAX);
                        if (me == 0) {
                            if (total[0] % 2 == 0) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 1, 7);
                        } else if (me == 1) {
                            if (total[0] % 2 == 0) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 0, 7);
                        }
                """, 2);
        assertEquals(List.of(), errors(r));
    }

    @Test
    void aBroadcastDrawTestedOnTwoRanksDecidesAlike() {
        RunReport r = report("BcastDraw", """
                        if (me != 0) mine[0] = 0;
                        MPI.COMM_WORLD.Bcast(mine, 0, 1, MPI.INT, 0);
                        if (me == 1 && mine[0] > 500) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 0, 7);
                        if (me == 0 && mine[0] > 500) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 1, 7);
                """, 3);
        assertEquals(List.of(), errors(r));
    }

    @Test
    void anAllgatheredDrawTestedOnTwoRanksDecidesAlike() {
        RunReport r = report("AllgatherDraw", """
                        int[] all = new int[MPI.COMM_WORLD.Size()];
                        MPI.COMM_WORLD.Allgather(mine, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
                        if (me == 1 && all[0] > 500) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 0, 7);
                        if (me == 0 && all[0] > 500) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 1, 7);
                """, 3);
        assertEquals(List.of(), errors(r));
    }

    /**
     * A loop that runs until a broadcast draw says stop, with a message whose direction another test of the same draw
     * picks: each iteration's draw is another value (the loop is explored for up to its budget of iterations), and
     * within an iteration both tests agree.
     */
    @Test
    void eachIterationsBroadcastIsItsOwnValue() {
        RunReport r = report("BcastLoop", """
                        int[] go = {1};
                        while (go[0] != 0) {
                            if (me == 0) go[0] = new java.util.Random().nextInt(3);
                            MPI.COMM_WORLD.Bcast(go, 0, 1, MPI.INT, 0);
                            if (go[0] == 2 && me == 0) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 1, 3);
                            if (go[0] == 2 && me == 1) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 0, 3);
                        }
                """, 2);
        assertEquals(List.of(), errors(r));
    }

    /** Two different tests of the same total are two decisions: the path where they disagree is a real deadlock. */
    @Test
    void differentTestsOfTheSameTotalStillFindTheDeadlock() {
        RunReport r = report("TwoThresholds", """
                        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.INT, MPI.SUM);
                        if (me == 1 && total[0] > 1000) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 0, 7);
                        if (me == 0 && total[0] > 2000) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 1, 7);
                """, 2);
        List<String> e = errors(r);
        assertFalse(e.isEmpty(), "rank 0 waits when the total is above 2000 and rank 1 sent only above 1000: " + r.findings());
        assertTrue(e.stream().anyMatch(m -> m.contains("Recv") || m.contains("Send")), e.toString());
    }

    /** Each instance is its own value: the totals of two reductions are tested independently. */
    @Test
    void totalsOfTwoReductionsAreTwoValues() {
        RunReport r = report("TwoReductions", """
                        int[] other = new int[1];
                        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.INT, MPI.SUM);
                        mine[0] = new java.util.Random().nextInt(1000);
                        MPI.COMM_WORLD.Allreduce(mine, 0, other, 0, 1, MPI.INT, MPI.SUM);
                        if (me == 1 && total[0] > 1000) MPI.COMM_WORLD.Send(total, 0, 1, MPI.INT, 0, 7);
                        if (me == 0 && other[0] > 1000) MPI.COMM_WORLD.Recv(total, 0, 1, MPI.INT, 1, 7);
                """, 2);
        assertFalse(errors(r).isEmpty(), "the two totals may differ: " + r.findings());
    }

    /**
     * Alltoall, Alltoallv, Allgatherv, Gatherv, Scatterv and Scan deliver the data they carry, as Allreduce and Bcast
     * do: a count exchanged with {@code Alltoall} before an {@code Alltoallv} (a word count sending each word to
     * {@code hash % size}) steers which ranks post receives. They used to forget their receive buffers, so every such
     * test was a data decision and the word count got two "possible" deadlock warnings while it ends on MPJ Express.
     * The program checks every element it receives ({@code expect} waits forever on a message nobody sends when a
     * check fails; it ends on MPJ Express 0.44 at np 2..5); with one check's expectation off by one, that check fails
     * on every rank, a certain deadlock.
     */
    @Test
    void vectorCollectivesDeliverTheirData() {
        String src = """
                import mpi.*;

                public class VectorColl {
                    static final int[] E = { %s };
                    static void expect(boolean ok) throws MPIException {
                        if (!ok) MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.COMM_WORLD.Rank(), 99); // never sent: hangs
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] s = new int[size], r = new int[size];
                        for (int j = 0; j < size; j++) s[j] = rank * 10 + j;
                        MPI.COMM_WORLD.Alltoall(s, 0, 1, MPI.INT, r, 0, 1, MPI.INT);
                        for (int j = 0; j < size; j++) expect(r[j] == j * 10 + rank + E[0]);
                        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
                        int st = 0, rt = 0;
                        for (int j = 0; j < size; j++) { sc[j] = j + 1; sd[j] = st; st += sc[j]; rc[j] = rank + 1; rd[j] = rt; rt += rc[j]; }
                        int[] sb = new int[st], rb = new int[rt];
                        for (int j = 0; j < size; j++) for (int k = 0; k < sc[j]; k++) sb[sd[j] + k] = rank * 100 + j;
                        MPI.COMM_WORLD.Alltoallv(sb, 0, sc, sd, MPI.INT, rb, 0, rc, rd, MPI.INT);
                        for (int j = 0; j < size; j++) for (int k = 0; k < rc[j]; k++) expect(rb[rd[j] + k] == j * 100 + rank + E[1]);
                        int[] counts = new int[size], displs = new int[size];
                        for (int j = 0; j < size; j++) { counts[j] = j + 1; displs[j] = j * (j + 1) / 2; }
                        int total = size * (size + 1) / 2;
                        int[] mine = new int[rank + 1], all = new int[total];
                        for (int k = 0; k <= rank; k++) mine[k] = rank;
                        MPI.COMM_WORLD.Allgatherv(mine, 0, rank + 1, MPI.INT, all, 0, counts, displs, MPI.INT);
                        for (int j = 0; j < size; j++) expect(all[displs[j]] == j + E[2]);
                        int[] g = new int[total];
                        MPI.COMM_WORLD.Gatherv(mine, 0, rank + 1, MPI.INT, g, 0, counts, displs, MPI.INT, 0);
                        if (rank == 0) for (int j = 0; j < size; j++) expect(g[displs[j] + j] == j + E[3]);
                        int[] part = new int[rank + 1];
                        MPI.COMM_WORLD.Scatterv(all, 0, counts, displs, MPI.INT, part, 0, rank + 1, MPI.INT, 0);
                        expect(part[rank] == rank + E[4]);
                        int[] one = { rank + 1 }, pre = new int[1];
                        MPI.COMM_WORLD.Scan(one, 0, pre, 0, 1, MPI.INT, MPI.SUM);
                        expect(pre[0] == (rank + 1) * (rank + 2) / 2 + E[5]);
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 3}) {
            RunReport ok = Repo.analyze("VectorColl.java", src.formatted("0, 0, 0, 0, 0, 0"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertTrue(ok.findings().stream().noneMatch(f -> f.severity() != Severity.INFO), ok.findings().toString());
            for (int k = 0; k < 6; k++) {
                int[] e = new int[6];
                e[k] = 1;
                String offsets = java.util.Arrays.toString(e).replace("[", "").replace("]", "");
                RunReport off = Repo.analyze("VectorColl.java", src.formatted(offsets), np);
                assertFalse(errors(off).isEmpty(), "check " + k + " fails at np " + np + ": " + off.findings());
            }
        }
    }

    /**
     * A bucket sort's counts, computed from random data and exchanged with {@code Alltoall}: each rank sends to a peer
     * only when its count for it is positive, and receives from a peer only when the count it got is positive. The
     * count is one value, the sender's: its unknown elements are named before they go, as a point-to-point message's
     * are, so both tests agree (the program ends on MPJ Express 0.44 at np 2..5). Tested apart, the receiver could post
     * a receive the sender never matches: a "possible" deadlock warning on a correct program. The twin that always
     * receives is a real possible deadlock (MPJ hangs at np 3 and 5 on some draws) and keeps its warning.
     */
    @Test
    void anExchangedBucketCountIsTheSendersValue() {
        String src = """
                import mpi.*;
                import java.util.*;

                public class Bucket {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        Random rnd = new Random();
                        int n = 5;
                        int[] data = new int[n];
                        for (int i = 0; i < n; i++) data[i] = rnd.nextInt(100);
                        int[] sendCounts = new int[size];
                        for (int x : data) sendCounts[x * size / 100]++;
                        int[] recvCounts = new int[size];
                        MPI.COMM_WORLD.Alltoall(sendCounts, 0, 1, MPI.INT, recvCounts, 0, 1, MPI.INT);
                        List<Request> reqs = new ArrayList<>();
                        for (int p = 0; p < size; p++) {
                            if (p == rank) continue;
                            if (sendCounts[p] > 0) reqs.add(MPI.COMM_WORLD.Isend(data, 0, sendCounts[p], MPI.INT, p, 0));
                            %s(MPI.COMM_WORLD.Irecv(new int[recvCounts[p]], 0, recvCounts[p], MPI.INT, p, 0));
                        }
                        Request.Waitall(reqs.toArray(new Request[0]));
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 3}) {
            RunReport ok = Repo.analyze("Bucket.java", src.formatted("if (recvCounts[p] > 0) reqs.add"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertTrue(ok.findings().stream().noneMatch(f -> f.severity() != Severity.INFO), ok.findings().toString());
            RunReport twin = Repo.analyze("Bucket.java", src.formatted("reqs.add"), np);
            assertTrue(twin.findings().stream().anyMatch(f -> f.severity() == Severity.WARNING && f.message().contains("possible")),
                    twin.findings().toString());
        }
    }
}
