package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer.Exploration;

/**
 * A wildcard receive may be matched after another wildcard's match has let a new sender post: at a
 * fence where two wildcards can be matched, matching the first one at once is not the only order the
 * runtime allows. Found by SPIN on the Promela export (a random program); these programs pin it down
 * under zero buffering, with and without the state cache.
 */
class WildcardDeferralTest {

    /**
     * Rank 1's first wildcard can only get rank 3's message at first; rank 0 sends to rank 1 only after
     * rank 2's wildcard took rank 0's first message. If rank 1 waits and gets rank 0's message first, it
     * then waits for rank 2, which never sends: a zero-buffer deadlock the real runtime can reach.
     */
    static final String LATE_SENDER = """
            import mpi.*;
            public class LateSender {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int[] b = new int[1];
                    if (me == 0) {
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 2, 0);
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);
                    } else if (me == 1) {
                        Status st = MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                        if (st.source == 0) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 2, 0);
                        else MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                    } else if (me == 2) {
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                    } else if (me == 3) {
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);
                    }
                    MPI.Finalize();
                }
            }
            """;

    @ParameterizedTest(name = "state cache {0}")
    @ValueSource(booleans = {true, false})
    void aWildcardMayWaitForASenderAnotherMatchReleases(boolean cache) {
        Exploration e = zero(LATE_SENDER, 4, cache);
        assertTrue(e.complete());
        assertTrue(e.anyDeadlock(), "the order where rank 1 waits for rank 0 was not explored");
        assertFalse(e.allDeadlock(), "rank 1 taking rank 3's message first completes");
    }

    /** A ring of wildcard Sendrecvs: every rank's messages come from one neighbour, so waiting gains nothing and costs no runs. */
    @ParameterizedTest(name = "np={0}")
    @ValueSource(ints = {3, 4, 5})
    void aRingOfWildcardsDoesNotMultiplyRuns(int np) {
        String ring = """
                import mpi.*;
                public class R {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank(), n = MPI.COMM_WORLD.Size();
                        int[] v = new int[1];
                        for (int i = 0; i < 4; i++) {
                            MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, (me + 1) % n, 0, v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Exploration e = zero(ring, np, false);
        assertTrue(e.complete() && e.runs().size() <= 2, "runs: " + e.runs().size());
    }

    private static Exploration zero(String source, int np, boolean cache) {
        Budgets b = Budgets.defaults();
        b.stateCaching = cache;
        return new AnalysisContext(Program.parse("P.java", source), np, b, () -> false).explore(BufferPolicy.ZERO);
    }
}
