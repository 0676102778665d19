package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * The filtering-cycle warning needs a stage that filters (Theorem 3.1 of the streaming paper: without
 * filtering a pipeline cannot deadlock), not just an undirected cycle in the channel graph.
 */
class FilteringCycleTest {

    private static final String DIAMOND = """
            import mpi.*;
            public class Diamond {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int[] t = new int[1];
                    final int N = 12;
                    for (int i = 0; i < N; i++) {
                        t[0] = i;
                        if (me == 0) {
                            MPI.COMM_WORLD.Send(t, 0, 1, MPI.INT, 1, 0);
                            MPI.COMM_WORLD.Send(t, 0, 1, MPI.INT, 2, 0);
                        } else if (me == 1 || me == 2) {
                            MPI.COMM_WORLD.Recv(t, 0, 1, MPI.INT, 0, 0);
                            if (%s) MPI.COMM_WORLD.Send(t, 0, 1, MPI.INT, 3, 0);
                        } else if (me == 3) {
                            if (%s) MPI.COMM_WORLD.Recv(t, 0, 1, MPI.INT, 1, 0);
                            MPI.COMM_WORLD.Recv(t, 0, 1, MPI.INT, 2, 0);
                        }
                    }
                    MPI.Finalize();
                }
            }
            """;

    private static List<Finding> cycles(String keep, String expect) {
        RunReport r = Repo.analyze("Diamond.java", DIAMOND.formatted(keep, expect), 4);
        assertEquals("ok", r.verdict().runId(), r.findings().toString());
        return r.findings().stream().filter(f -> f.kind() == FindingKind.FILTERING_CYCLE).toList();
    }

    @Test
    void aDiamondWhoseStagesForwardEveryTokenGetsNoWarning() {
        assertEquals(List.of(), cycles("true", "true"));
    }

    /**
     * No stage drops tokens on the cycle 0->2->3, 0->3: rank 0 sends twice to each worker and three more times to
     * rank 1 (its partner in a pair exchange off the cycle), rank 2 three times to rank 3. Counting rank 0's messages
     * to rank 1 made it a filtering stage: a warning on a program that ran to its end on MPJ Express (np 4).
     */
    @Test
    void messagesOffTheCycleAreNotFiltering() {
        String src = """
                import mpi.*;
                public class Pairs {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] b = new int[1];
                        int p = rank ^ 1;
                        for (int k = 0; k < 3; k++) {
                            if (rank < p) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, p, k);
                            else MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, p, k);
                        }
                        for (int round = 0; round < 2; round++) {
                            for (int w = 1; w < size; w++) {
                                if (rank == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 7);
                                else if (rank == w) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 7);
                            }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Pairs.java", src, 4);
        assertEquals("ok", r.verdict().runId(), r.findings().toString());
        assertEquals(List.of(), r.findings().stream().filter(f -> f.kind() == FindingKind.FILTERING_CYCLE).toList());
    }

    @Test
    void aDiamondWithAStageThatDropsTokensIsWarned() {
        // rank 1 forwards one token in three; rank 3 knows which, so this input does not deadlock,
        // but with finite channels and other filtering it can (Theorem 2.2)
        List<Finding> f = cycles("me == 2 || i % 3 == 0", "i % 3 == 0");
        assertEquals(1, f.size(), f.toString());
        assertEquals(Severity.WARNING, f.get(0).severity());
        assertTrue(f.get(0).message().contains("undirected cycle"));
    }
}
