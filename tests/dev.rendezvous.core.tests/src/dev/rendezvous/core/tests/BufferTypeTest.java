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
 * A buffer whose Java type its datatype does not name: MPJ Express casts the buffer to the datatype's array type and
 * throws (checked on the runtime with an {@code int[][]} sent with MPI.INT and a {@code double[]} received with
 * MPI.INT: ClassCastException inside an MPIException, and the job ends). Each case has a twin that runs.
 */
class BufferTypeTest {

    /** The errors of {@code body} run as main between Init and Finalize, with {@code rank} in scope. */
    private static List<Finding> errors(String body, int np) {
        String src = """
                import mpi.*;
                public class Typed {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                %s
                        MPI.Finalize();
                    }
                }
                """.formatted(body);
        RunReport r = Repo.analyze("Typed.java", src, np);
        return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
    }

    private static void assertMistyped(List<Finding> errors, String text, int line) {
        assertEquals(1, errors.size(), errors.toString());
        Finding f = errors.get(0);
        assertEquals(FindingKind.DATATYPE_MISMATCH, f.kind(), f.toString());
        assertTrue(f.message().contains(text), f.message());
        assertEquals(line, f.range().line(), f.toString());
    }

    @Test
    void aMatrixSentWithItsElementsDatatypeIsAnError() {
        String body = """
                        int[][] m = new int[2][2];
                        if (rank == 0) MPI.COMM_WORLD.Send(m, 0, 2, MPI.%s, 1, 0);
                        if (rank == 1) MPI.COMM_WORLD.Recv(m, 0, 2, MPI.%s, 0, 0);
                """;
        assertMistyped(errors(body.formatted("INT", "INT"), 2), "is an int[][] but its datatype is MPI.INT", 7);
        // the twin: rows are objects, and MPI.OBJECT sends them as such
        assertEquals(List.of(), errors(body.formatted("OBJECT", "OBJECT"), 2));
    }

    @Test
    void aReceiveIntoAnArrayOfAnotherTypeIsAnError() {
        String body = """
                        int[] i = {1, 2};
                        double[] d = new double[2];
                        if (rank == 0) MPI.COMM_WORLD.Send(i, 0, 2, MPI.INT, 1, 0);
                        if (rank == 1) MPI.COMM_WORLD.Recv(%s, 0, 2, MPI.INT, 0, 0);
                """;
        assertMistyped(errors(body.formatted("d"), 2), "is a double[] but its datatype is MPI.INT", 9);
        assertEquals(List.of(), errors(body.formatted("i"), 2));
    }

    @Test
    void anArrayOfPrimitivesSentAsObjectsIsAnError() {
        String body = """
                        Object[] o = new Object[1];
                        long[] l = new long[1];
                        if (rank == 0) MPI.COMM_WORLD.Send(%s, 0, 1, MPI.OBJECT, 1, 0);
                        if (rank == 1) MPI.COMM_WORLD.Recv(o, 0, 1, MPI.OBJECT, 0, 0);
                """;
        assertMistyped(errors(body.formatted("l"), 2), "is a long[] but its datatype is MPI.OBJECT", 8);
        assertEquals(List.of(), errors(body.formatted("o"), 2));
    }

    @Test
    void onlyTheRootsReceiveBufferOfAGatherIsRead() {
        // ranks other than the root pass any receive buffer: MPJ does not touch it. The root's must fit
        String body = """
                        int[] mine = {rank};
                        int[] all = new int[2];
                        double[] ignored = new double[2];
                        MPI.COMM_WORLD.Gather(mine, 0, 1, MPI.INT, rank == %d ? all : ignored, 0, 1, MPI.INT, 0);
                """;
        assertEquals(List.of(), errors(body.formatted(0), 2));
        assertMistyped(errors(body.formatted(1), 2), "receive buffer of this Gather is a double[]", 9);
    }

    @Test
    void aCopyKeepsItsTypeAndAnArrayOfUnseenTypeIsNotJudged() {
        String body = """
                        double[] d = new double[4];
                        double[] half = java.util.Arrays.copyOfRange(d, 0, 2);
                        var unseen = java.util.stream.IntStream.range(0, 2).asDoubleStream().toArray();
                        if (rank == 0) MPI.COMM_WORLD.Send(%s, 0, 2, MPI.FLOAT, 1, 0);
                        if (rank == 1) MPI.COMM_WORLD.Recv(new float[2], 0, 2, MPI.FLOAT, 0, 0);
                """;
        assertMistyped(errors(body.formatted("half"), 2), "is a double[] but its datatype is MPI.FLOAT", 9);
        assertEquals(List.of(), errors(body.formatted("unseen"), 2));
    }

    @Test
    void theQuickFixNamesTheBuffersOwnDatatype() {
        // a real program's first failure: rows of doubles broadcast as MPI.INT (MPJ throws even for a count of 0)
        String src = """
                import mpi.*;
                public class Rows {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        double[][] m = new double[2][3];
                        for (int i = 0; i < m.length; i++) MPI.COMM_WORLD.Bcast(m[i], 0, 3, MPI.INT, 0);
                        MPI.Finalize();
                    }
                }
                """;
        List<Finding> before = Repo.analyze("Rows.java", src, 2).findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertMistyped(before, "is a double[] but its datatype is MPI.INT", 6);
        assertEquals(1, before.get(0).fixes().size(), before.get(0).toString());
        String fixed = before.get(0).fixes().get(0).applyTo(src);
        assertTrue(fixed.contains("Bcast(m[i], 0, 3, MPI.DOUBLE, 0)"), fixed);
        assertEquals(List.of(), Repo.analyze("Rows.java", fixed, 2).findings().stream().filter(f -> f.severity() == Severity.ERROR).toList());
    }

    /**
     * A collective reads its own part from this member's buffer as a send does: an Alltoall of 3 elements for each
     * of 2 members from an {@code int[4]} (a Floyd-Warshall course program) throws ArrayIndexOutOfBoundsException
     * ("Out of bounds in source array", checked on MPJ Express). So do a Scatter's root and a Bcast's root with too
     * short an array; the members that only receive are not judged here, and the twins that fit run.
     */
    @Test
    void aCollectiveReadingPastItsOwnArrayIsAnError() {
        List<Finding> alltoall = errors("""
                        int[] row = new int[4], got = new int[8];
                        MPI.COMM_WORLD.Alltoall(row, 0, %d, MPI.INT, got, 0, %d, MPI.INT);
                """.formatted(3, 3), 2);
        assertEquals(1, alltoall.stream().filter(f -> f.kind() == FindingKind.INVALID_ARGUMENT
                && f.message().contains("names elements 0..5 (3 for each of the 2 members) of an array of length 4")).count(),
                alltoall.toString());
        assertEquals(List.of(), errors("""
                        int[] row = new int[4], got = new int[8];
                        MPI.COMM_WORLD.Alltoall(row, 0, 2, MPI.INT, got, 0, 2, MPI.INT);
                """, 2));
        List<Finding> scatter = errors("""
                        int[] all = new int[rank == 0 ? 5 : 0], mine = new int[3];
                        MPI.COMM_WORLD.Scatter(all, 0, 3, MPI.INT, mine, 0, 3, MPI.INT, 0);
                """, 2);
        assertTrue(scatter.size() == 1 && scatter.get(0).ranks().equals(List.of(0)), scatter.toString());
        List<Finding> bcast = errors("""
                        int[] v = new int[rank == 0 ? 2 : 5];
                        MPI.COMM_WORLD.Bcast(v, 1, 2, MPI.INT, 0);
                """, 2);
        assertTrue(bcast.size() == 1 && bcast.get(0).message().contains("names elements 1..2 of an array of length 2"), bcast.toString());
        assertEquals(List.of(), errors("""
                        int[] v = new int[rank == 0 ? 3 : 5];
                        MPI.COMM_WORLD.Bcast(v, 1, 2, MPI.INT, 0);
                """, 2));
    }
}
