package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Verdict;

/**
 * {@code Math.abs}, {@code sqrt}, {@code max} and {@code min} are computed (without reflection, with
 * the overload Java picks): peers, counts and tags made from them are known, so the analysis needs no
 * assumption, and a wrong value would show as a deadlock.
 */
class MathCallsTest {
    @Test
    void peersCountsAndTagsFromMathAreKnown() {
        String src = """
                import mpi.*;
                public class MathPeers {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[8];
                        int count = (int) Math.sqrt(16.0) + (int) Math.max(1, 2.5) - 2;   // 4
                        int tag = (int) Math.max(2L, 3) + (int) Math.abs(-1.0) - 1;        // 3
                        if (rank == 0) {
                            MPI.COMM_WORLD.Send(buf, 0, count, MPI.INT, Math.abs(rank - 1), tag);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(buf, 0, (int) Math.min(4.0, 9), MPI.INT, Math.min(rank - 1, 5), Math.max(tag, -tag));
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("MathPeers.java", src, 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
        assertTrue(r.findings().stream().noneMatch(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION), r.findings().toString());
    }

    @Test
    void aWrongTagFromMathIsADeadlock() {
        String src = """
                import mpi.*;
                public class MathTag {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        if (rank == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, Math.max(3, 4));
                        else if (rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, Math.min(3, 4));
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("MathTag.java", src, 2);
        assertEquals(Verdict.DEADLOCK_ALWAYS, r.verdict(), r.findings().toString());
    }
}
