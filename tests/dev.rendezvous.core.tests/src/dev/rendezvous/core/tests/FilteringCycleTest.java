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
