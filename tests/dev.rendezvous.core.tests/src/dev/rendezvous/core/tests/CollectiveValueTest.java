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
}
