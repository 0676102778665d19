package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;

/** A call on the null communicator Split gives the ranks it leaves out: reported, and fixed by a null guard. */
class NullCommunicatorFixTest {
    private static final String PROGRAM = """
            import mpi.*;
            public class Halves {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] v = {rank}, sum = new int[1];
                    Intracomm low = MPI.COMM_WORLD.Split(rank < 2 ? 0 : MPI.UNDEFINED, rank);
                    low.Allreduce(v, 0, sum, 0, 1, MPI.INT, MPI.SUM);
                    MPI.Finalize();
                }
            }
            """;

    static List<Finding> invalid(String src, int np) {
        return Repo.analyze("Halves.java", src, np).findings().stream().filter(f -> f.kind() == FindingKind.INVALID_ARGUMENT).toList();
    }

    @Test
    void theRanksLeftOutThrowAndTheGuardFixesIt() {
        assertEquals(List.of(), invalid(PROGRAM, 2), "with two processes every rank is in the low half");
        List<Finding> before = invalid(PROGRAM, 4);
        assertEquals(1, before.size(), before.toString());
        assertTrue(before.get(0).message().contains("null communicator") && before.get(0).range().line() == 8, before.toString());
        assertEquals(1, before.get(0).fixes().size(), before.get(0).toString());
        String fixed = before.get(0).fixes().get(0).applyTo(PROGRAM);
        assertTrue(fixed.contains("if (low != null) low.Allreduce("), fixed);
        assertTrue(dev.rendezvous.core.extract.Program.parse("Halves.java", fixed).syntaxErrors().isEmpty());
        assertEquals(List.of(), invalid(fixed, 4), "the fix removes the finding");
        assertEquals("ok", Repo.analyze("Halves.java", fixed, 4).verdict().runId(), "and the fixed program has no deadlock");
    }

    /** A square grid of sqrt(size) x sqrt(size): at a count that is not a square, Create_cart leaves ranks out. */
    private static final String GRID = """
            import mpi.*;
            public class Grid {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int p = (int) Math.sqrt(MPI.COMM_WORLD.Size());
                    Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {p, p}, new boolean[] {true, true}, false);
                    int[] coords = grid.Coords(rank);
                    ShiftParms s = grid.Shift(1, -1);
                    int[] x = {coords[0]};
                    grid.Sendrecv_replace(x, 0, 1, MPI.INT, s.rank_dest, 0, s.rank_source, 0);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aRankTheGridLeavesOutCrashesAtThatProcessCountOnly() {
        dev.rendezvous.core.RunReport square = Repo.analyze("Grid.java", GRID, 4);
        assertEquals("ok", square.verdict().runId(), square.findings().toString());
        assertTrue(square.findings().stream().noneMatch(f -> f.kind() == FindingKind.JOB_ABORT
                || f.kind() == FindingKind.INVALID_ARGUMENT), square.findings().toString());
        // two processes, a 1x1 grid: rank 1 gets null and its Coords throws (MPJ Express 0.44: NullPointerException)
        List<Finding> two = Repo.analyze("Grid.java", GRID, 2).findings();
        List<Finding> aborts = two.stream().filter(f -> f.kind() == FindingKind.JOB_ABORT).toList();
        assertEquals(1, aborts.size(), two.toString());
        assertEquals(dev.rendezvous.core.model.Severity.WARNING, aborts.get(0).severity(), aborts.toString());
        assertEquals(8, aborts.get(0).range().line(), aborts.toString());
        assertTrue(aborts.get(0).message().contains("1x1 grid") && aborts.get(0).message().contains("leaves rank 1 out"),
                aborts.toString());
        assertTrue(two.stream().noneMatch(f -> f.kind() == FindingKind.INVALID_ARGUMENT), "not an error: " + two);
    }

    /** A grid Dims_create fits to the process count, the method imported statically (a course's Cartesian lab). */
    private static final String FITTED = """
            import mpi.*;
            %s
            public class Fitted {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int[] dims = {0, 0};
                    %s(MPI.COMM_WORLD.Size(), dims);
                    Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, true}, true);
                    int[] coords = grid.Coords(grid.Rank());
                    grid.Free();
                    MPI.Finalize();
                }
            }
            """;

    /**
     * Dims_create fills the zero extents, so the grid holds every process: called through a static import it was
     * not followed, the 0x0 grid was taken for one place, and every rank but one was said to crash. An extent
     * still zero at Create_cart (a factorisation the analysis did not see) is now an unknown grid, not a 1x1 one.
     */
    @Test
    void aGridFittedByAStaticallyImportedDimsCreateHoldsEveryProcess() {
        List<String> variants = List.of(FITTED.formatted("import static mpi.Cartcomm.Dims_create;", "Dims_create"),
                FITTED.formatted("import static mpi.Cartcomm.*;", "Dims_create"), FITTED.formatted("", "Cartcomm.Dims_create"),
                FITTED.formatted("", "Factor.fill"));
        for (String src : variants) {
            for (int np : new int[] {2, 3, 4}) {
                List<Finding> f = Repo.analyze("Fitted.java", src, np).findings();
                assertTrue(f.stream().noneMatch(x -> x.kind() == FindingKind.JOB_ABORT || x.kind() == FindingKind.INVALID_ARGUMENT),
                        np + ": " + f + "\n" + src);
            }
        }
    }
}
