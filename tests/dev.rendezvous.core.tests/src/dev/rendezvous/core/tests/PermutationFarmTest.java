package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * A farm shaped like one found in a public repository (an N-queens search): rank 0 deals every ordering of four
 * numbers, made by a recursive generator, to the workers in turn with blocking sends; each worker polls with
 * {@code Iprobe} until it has taken 4!/(np-1) of them (a share computed by a recursive factorial, rounded down), then
 * reports to rank 0, which polls a wildcard for the reports. When np-1 divides 24 every ordering is taken; when it does
 * not, rank 0 still holds orderings for workers that stopped taking them, and its next blocking send waits on a worker
 * that waits to report: a deadlock without buffering. On MPJ Express 0.44 (multicore device) the program printed its
 * total at np 4, 5 and 7 and hung at np 6 and 8 (stopped after 20 s), as asserted here. (At np 4, 5 and 7 the
 * zero-buffer and unbounded explorations are complete; the per-send one runs out of its run budget, which the report
 * says as an assumption.)
 */
class PermutationFarmTest {

    private static final String FARM = """
            import mpi.*;

            public class PermutationFarm {
                static final int K = 4, DEAL = 3, RESULT = 4;
                static int next = 1; // the worker that gets the next ordering

                static int count(int n) {
                    return n <= 1 ? 1 : n * count(n - 1);
                }

                /** Deals every ordering of p[from..] to the workers in turn. */
                static void deal(int[] p, int from) throws MPIException {
                    if (from == p.length) {
                        MPI.COMM_WORLD.Send(p, 0, p.length, MPI.INT, next, DEAL);
                        next = next % (MPI.COMM_WORLD.Size() - 1) + 1;
                        return;
                    }
                    for (int i = from; i < p.length; i++) {
                        int t = p[from]; p[from] = p[i]; p[i] = t;
                        deal(p, from + 1);
                        t = p[from]; p[from] = p[i]; p[i] = t;
                    }
                }

                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    if (rank == 0) {
                        int[] p = new int[K];
                        for (int i = 0; i < K; i++) p[i] = i;
                        deal(p, 0);
                        int reported = 0, total = 0;
                        int[] r = new int[1];
                        while (reported < size - 1) {
                            if (MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, RESULT) != null) {
                                MPI.COMM_WORLD.Recv(r, 0, 1, MPI.INT, MPI.ANY_SOURCE, RESULT);
                                total += r[0];
                                reported++;
                            }
                        }
                        System.out.println("fixed points " + total);
                    } else {
                        int share = count(K) / (size - 1), got = 0, fixed = 0;
                        int[] p = new int[K];
                        while (got < share) {
                            if (MPI.COMM_WORLD.Iprobe(0, DEAL) != null) {
                                MPI.COMM_WORLD.Recv(p, 0, K, MPI.INT, 0, DEAL);
                                for (int i = 0; i < K; i++) if (p[i] == i) fixed++;
                                got++;
                            }
                        }
                        MPI.COMM_WORLD.Send(new int[] {fixed}, 0, 1, MPI.INT, 0, RESULT);
                    }
                    MPI.Finalize();
                }
            }
            """;

    @ParameterizedTest
    @ValueSource(ints = {4, 5, 7})
    void everyOrderingTakenWhenTheWorkersDivideThem(int np) {
        RunReport r = Repo.analyze("PermutationFarm.java", FARM, np);
        assertEquals("ok", r.verdict().runId(), r.findings().toString());
        assertFalse(Repo.hasError(r), r.findings().toString());
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 8})
    void anOrderingLeftOverBlocksTheDealerAgainstAReport(int np) {
        RunReport r = Repo.analyze("PermutationFarm.java", FARM, np);
        assertTrue(r.findings().stream().anyMatch(f -> f.kind() == FindingKind.SEND_CYCLE && f.severity() == Severity.ERROR
                && f.range().line() == 14), r.findings().toString());
    }
}
