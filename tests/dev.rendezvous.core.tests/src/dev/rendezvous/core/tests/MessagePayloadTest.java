package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * A message whose elements fill a whole buffer is not copied: the sender's array and every receiver's hold the same
 * elements until one of them writes (then that array takes a copy of its own). These programs write into one of the
 * arrays after the message and then branch on another: a rank that saw somebody else's write would skip the send
 * its partner waits for, and the analysis would report a deadlock that the program does not have. The same holds for
 * a member of a Scatter that got another member's part, or none.
 */
class MessagePayloadTest {

    private static List<String> errors(String name, String body, int np) {
        return report(name, body, np).findings().stream().filter(f -> f.severity() == Severity.ERROR).map(Finding::message).toList();
    }

    /** Errors and warnings: a deadlock that only data the analysis cannot compute leads to is a warning. */
    private static List<String> problems(String name, String body, int np) {
        return report(name, body, np).findings().stream()
                .filter(f -> f.severity() == Severity.ERROR || f.severity() == Severity.WARNING)
                .filter(f -> f.kind() != FindingKind.ANALYSIS_ASSUMPTION).map(Finding::message).toList();
    }

    /** The analysis of {@code body} as the main method of class {@code name}, between Init and Finalize. */
    private static RunReport report(String name, String body, int np) {
        String src = """
                import mpi.*;
                public class %s {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                %s
                        MPI.Finalize();
                    }
                }
                """.formatted(name, body);
        return Repo.analyze(name + ".java", src, np);
    }

    @Test
    void theRootWritingAfterABroadcastDoesNotChangeWhatTheOthersReceived() {
        List<String> e = errors("RootWrites", """
                        int[] v = new int[2];
                        if (me == 0) v[0] = 1;
                        MPI.COMM_WORLD.Bcast(v, 0, 2, MPI.INT, 0);
                        if (me == 0) v[0] = 7;
                        MPI.COMM_WORLD.Barrier();
                        if (me == 1 && v[0] == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 5);
                """, 2);
        assertEquals(List.of(), e);
    }

    @Test
    void oneReceiverWritingAfterABroadcastDoesNotChangeAnotherReceiversArray() {
        List<String> e = errors("ReceiverWrites", """
                        int[] v = new int[1];
                        if (me == 0) v[0] = 1;
                        MPI.COMM_WORLD.Bcast(v, 0, 1, MPI.INT, 0);
                        if (me == 1) v[0] = 9;
                        MPI.COMM_WORLD.Barrier();
                        if (me == 2 && v[0] == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 2, 5);
                """, 3);
        assertEquals(List.of(), e);
    }

    @Test
    void theSenderWritingAfterASendDoesNotChangeWhatTheReceiverGot() {
        List<String> e = errors("SenderWrites", """
                        int[] v = new int[3];
                        if (me == 0) {
                            v[2] = 4;
                            MPI.COMM_WORLD.Send(v, 0, 3, MPI.INT, 1, 0);
                            v[2] = 0;
                        } else if (me == 1) {
                            MPI.COMM_WORLD.Recv(v, 0, 3, MPI.INT, 0, 0);
                        }
                        MPI.COMM_WORLD.Barrier();
                        if (me == 1 && v[2] == 4) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 5);
                """, 2);
        assertEquals(List.of(), e);
    }

    @Test
    void membersOfAnAllgatherKeepTheirOwnResults() {
        List<String> e = errors("GatherWrites", """
                        int[] mine = { me };
                        int[] all = new int[3];
                        MPI.COMM_WORLD.Allgather(mine, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
                        if (me == 1) all[2] = 99;
                        MPI.COMM_WORLD.Barrier();
                        if (me == 2 && all[2] == 2) MPI.COMM_WORLD.Send(all, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(all, 0, 1, MPI.INT, 2, 5);
                """, 3);
        assertEquals(List.of(), e);
    }

    /** Each member of a Scatter gets its own part of the root's buffer, not only the first member. */
    @Test
    void aScatteredValueSteersTheSendItGuards() {
        RunReport r = report("ScatterSteer", """
                        int[] all = { 5, 1, 2 };
                        int[] mine = new int[1];
                        MPI.COMM_WORLD.Scatter(all, 0, 1, MPI.INT, mine, 0, 1, MPI.INT, 0);
                        if (me == 2 && mine[0] == 2) MPI.COMM_WORLD.Send(mine, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(mine, 0, 1, MPI.INT, 2, 5);
                """, 3);
        assertEquals(List.of(), r.findings().stream().filter(f -> f.severity() != Severity.INFO).map(Finding::message).toList());
        assertEquals(List.of(), r.findings().stream().filter(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION)
                .map(Finding::message).toList());
    }

    /** The other side of the same programs: a write before the message is seen by the receivers. */
    @Test
    void aWriteBeforeTheBroadcastIsWhatTheReceiversSee() {
        List<String> e = errors("WriteBefore", """
                        int[] v = new int[1];
                        if (me == 0) v[0] = 7;
                        MPI.COMM_WORLD.Bcast(v, 0, 1, MPI.INT, 0);
                        if (me == 1 && v[0] == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 5);
                """, 2);
        assertEquals(1, e.size(), e.toString());
    }

    // Long arrays (Values.ArrayVal.TEMPLATE_MIN elements or more) start as one shared all-zero (or, once forgotten,
    // all-unknown) template, copied by the first write: a write must never reach the template another array holds.

    @Test
    void aWriteIntoOneNewLongArrayLeavesAnotherOfTheSameLengthAsItWas() {
        List<String> e = errors("FreshLongArrays", """
                        int[] a = new int[100];
                        int[] b = new int[100];
                        a[3] = 1;
                        if (me == 1 && b[3] == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 5);
                        int[] c = new int[100];
                        if (me == 1 && c[3] == 0) MPI.COMM_WORLD.Send(c, 0, 1, MPI.INT, 0, 6);
                        if (me == 0) MPI.COMM_WORLD.Recv(c, 0, 1, MPI.INT, 1, 6);
                """, 2);
        assertEquals(List.of(), e);
    }

    @Test
    void aWriteIntoOneForgottenLongArrayLeavesAnotherOneUnknown() {
        String write = """
                        int[] a = new int[100];
                        int[] b = new int[100];
                        java.util.Arrays.setAll(a, i -> (int) System.nanoTime());
                        java.util.Arrays.setAll(b, i -> (int) System.nanoTime());
                        a[3] = 0;
                        if (me == 1 && b[3] == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 5);
                """;
        // b[3] is unknown after setAll (the clock's readings): rank 1 may skip its send, and rank 0 then waits for it
        assertEquals(1, problems("ForgottenLongArrays", write, 2).size());
        // and a known b[3] (the write going into b itself) settles it: the finding above has no other cause
        assertEquals(List.of(), problems("ForgottenThenWritten", write.replace("a[3] = 0;", "b[3] = 0;"), 2));
    }

    @Test
    void aWriteAfterReceivingAForgottenLongArrayLeavesTheOtherReceiversArrayUnknown() {
        String bcast = """
                        int[] v = new int[100];
                        if (me == 0) java.util.Arrays.setAll(v, i -> (int) System.nanoTime());
                        MPI.COMM_WORLD.Bcast(v, 0, 100, MPI.INT, 0);
                        if (me == 1) v[3] = 0;
                        MPI.COMM_WORLD.Barrier();
                        if (me == 2 && v[3] == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 2, 5);
                """;
        assertEquals(1, problems("BcastForgotten", bcast, 3).size());
        assertEquals(List.of(), problems("BcastForgottenWritten", bcast.replace("if (me == 1) v[3] = 0;", "v[3] = 0;"), 3));
    }

    // A collective whose parts are all one value's template (arrays made and never written) delivers that template
    // (MpjCalls.uniformConcat, MpjCalls.part): shared, never written through.

    @Test
    void aWriteIntoAGatheredLongArrayLeavesOthersOfItsLengthAsTheyWere() {
        List<String> e = errors("GatherFresh", """
                        double[] s = new double[100];
                        double[] r = new double[200];
                        MPI.COMM_WORLD.Gather(s, 0, 100, MPI.DOUBLE, r, 0, 100, MPI.DOUBLE, 0);
                        if (me == 0) r[5] = 1;
                        double[] other = new double[200];
                        double[] part = new double[100];
                        if (me == 0 && other[5] == 0 && part[5] == 0 && r[5] == 1) MPI.COMM_WORLD.Send(r, 0, 1, MPI.DOUBLE, 1, 5);
                        if (me == 1) MPI.COMM_WORLD.Recv(s, 0, 1, MPI.DOUBLE, 0, 5);
                """, 2);
        assertEquals(List.of(), e);
    }

    @Test
    void aGatheredPartThatWasWrittenArrivesWithItsValue() {
        // rank 1's part holds one 7 among zeros: the gather is not uniform, and the root sees the 7 where rank 1 put it
        String body = """
                        double[] s = new double[100];
                        double[] r = new double[200];
                        if (me == 1) s[3] = 7;
                        MPI.COMM_WORLD.Gather(s, 0, 100, MPI.DOUBLE, r, 0, 100, MPI.DOUBLE, 0);
                        if (me == 0 && r[INDEX] == 7) MPI.COMM_WORLD.Send(r, 0, 1, MPI.DOUBLE, 1, 5);
                        if (me == 1) MPI.COMM_WORLD.Recv(s, 0, 1, MPI.DOUBLE, 0, 5);
                """;
        assertEquals(List.of(), errors("GatherWritten", body.replace("INDEX", "103"), 2));
        assertEquals(1, errors("GatherWrittenElsewhere", body.replace("INDEX", "3"), 2).size());
    }

    @Test
    void scatteredAndExchangedPartsOfAFreshArrayAreZerosOfTheirOwn() {
        List<String> e = errors("ScatterFresh", """
                        int[] all = new int[256];
                        int[] mine = new int[128];
                        MPI.COMM_WORLD.Scatter(all, 0, 128, MPI.INT, mine, 0, 128, MPI.INT, 0);
                        mine[7] = 1;
                        int[] swapped = new int[256];
                        MPI.COMM_WORLD.Alltoall(all, 0, 128, MPI.INT, swapped, 0, 128, MPI.INT);
                        swapped[9] = 2;
                        int[] fresh = new int[128];
                        int[] fresh2 = new int[256];
                        if (me == 0 && fresh[7] == 0 && fresh2[9] == 0 && all[7] == 0 && all[9] == 0 && mine[7] == 1
                                && swapped[9] == 2 && swapped[200] == 0) MPI.COMM_WORLD.Send(mine, 0, 1, MPI.INT, 1, 5);
                        if (me == 1) MPI.COMM_WORLD.Recv(mine, 0, 1, MPI.INT, 0, 5);
                """, 2);
        assertEquals(List.of(), e);
    }

    @Test
    void aLoopCutInsideOneRowForgetsThatRowOnly() {
        // the inner loop runs past the quiet budget and is cut: it wrote only row r of m (r does not change in it),
        // so row 0 keeps its 7 and rank 0 sends; forgetting all of m would leave the send to an unknown test
        String body = """
                        int[][] m = new int[3][200];
                        m[0][5] = 7;
                        for (int r = 1; r < 3; r++) {
                            for (int j = 0; j < 300000; j++) m[r][j % 200] += 1;
                        }
                        if (me == 0 && m[0][5] == 7) MPI.COMM_WORLD.Send(m[0], 0, 1, MPI.INT, 1, 5);
                        if (me == 1) MPI.COMM_WORLD.Recv(m[1], 0, 1, MPI.INT, 0, 5);
                """;
        assertEquals(List.of(), problems("RowLoopCut", body, 2));
        // the twin: the cut loop writes row 0 too (r from 0), and its 7 is then unknown: the send may not happen
        assertEquals(1, problems("RowLoopCutRowZero", body.replace("int r = 1;", "int r = 0;"), 2).size());
    }

    @Test
    void aCutLoopFillingAFieldLeavesTheParameterOfItsNameAsItWas() {
        // a constructor copies its parameter into the field of the same name in a loop cut past the quiet budget: the
        // field is what the loop wrote, the parameter keeps its 7, and rank 0 sends
        String src = """
                import mpi.*;
                public class FieldCopy {
                    int[][] data;
                    FieldCopy(int[][] data, int me) throws Exception {
                        this.data = new int[2][200];
                        for (int r = 0; r < 2; r++) {
                            for (int j = 0; j < 300000; j++) this.data[r][j % 200] = data[r][j % 200] + 1;
                        }
                        if (me == 0 && data[0][5] == 7) MPI.COMM_WORLD.Send(data[0], 0, 1, MPI.INT, 1, 5);
                        if (me == 1) MPI.COMM_WORLD.Recv(data[1], 0, 1, MPI.INT, 0, 5);
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                        int[][] d = new int[2][200];
                        d[0][5] = 7;
                        new FieldCopy(d, me);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("FieldCopy.java", src, 2);
        assertEquals(List.of(), r.findings().stream().filter(f -> f.severity() == Severity.ERROR || f.severity() == Severity.WARNING)
                .filter(f -> f.kind() != FindingKind.ANALYSIS_ASSUMPTION).map(Finding::message).toList());
        // the twin: the loop writes the parameter itself, whose 7 is then unknown
        RunReport twin = Repo.analyze("FieldCopy.java", src.replace("this.data[r][j % 200] = data", "data[r][j % 200] = data"), 2);
        assertEquals(1, twin.findings().stream().filter(f -> f.severity() == Severity.ERROR || f.severity() == Severity.WARNING)
                .filter(f -> f.kind() != FindingKind.ANALYSIS_ASSUMPTION).count(), twin.findings().toString());
    }

    @Test
    void aReducedForgottenVectorIsUnknownEverywhereAndAWriteIntoItStaysThere() {
        // the sum of a forgotten 100-element vector is one unknown per element (MpjCalls.reduce: a shared template of
        // the unknown); a write into one result must not reach another
        String body = """
                        double[] p = new double[100];
                        java.util.Arrays.setAll(p, i -> Math.random());
                        double[] y = new double[100];
                        MPI.COMM_WORLD.Allreduce(p, 0, y, 0, 100, MPI.DOUBLE, MPI.SUM);
                        y[3] = 1;
                        double[] w = new double[100];
                        MPI.COMM_WORLD.Allreduce(p, 0, w, 0, 100, MPI.DOUBLE, MPI.SUM);
                        if (me == 0 && y[3] == 1 && TEST) MPI.COMM_WORLD.Send(y, 0, 1, MPI.DOUBLE, 1, 5);
                        if (me == 1) MPI.COMM_WORLD.Recv(y, 0, 1, MPI.DOUBLE, 0, 5);
                """;
        assertEquals(List.of(), problems("ReducedWritten", body.replace("TEST", "true"), 2));
        // w[3] is the unknown sum, not the 1 written into y: rank 0 may skip its send
        assertEquals(1, problems("ReducedOther", body.replace("TEST", "w[3] == 1"), 2).size());
    }

    @Test
    void aCopyOfARangeHasTheRangesLengthWhateverItHolds() {
        // the shape of a real sort: an array of random numbers, half of it copied and sent one element per message;
        // the half's length steers the sender's loop although its elements are unknown
        String body = """
                        int[] data = new int[10];
                        for (int i = 0; i < data.length; i++) data[i] = (int) (Math.random() * 100);
                        int[] half = java.util.Arrays.copyOfRange(data, data.length / 2, data.length);
                        if (me == 0) for (int i = 0; i < half.length; i++) MPI.COMM_WORLD.Send(half, i, 1, MPI.INT, 1, i);
                        if (me == 1) for (int i = 0; i < %d; i++) MPI.COMM_WORLD.Recv(data, i, 1, MPI.INT, 0, i);
                """;
        RunReport r = report("Halves", body.formatted(5), 2);
        assertEquals(List.of(), r.findings().stream().filter(f -> f.severity() != Severity.INFO
                || f.kind() == FindingKind.ANALYSIS_ASSUMPTION).map(Finding::message).toList());
        // the twin: one receive more than the half holds hangs rank 1, on every path
        assertEquals(1, errors("Halves", body.formatted(6), 2).size());
    }

    @Test
    void aCopyOfAWholeArrayAndItsSourceDoNotSeeEachOthersWrites() {
        // clone() and copyOf(a, a.length) share their elements until a write: each write must stay in its own array.
        // A rank that saw the other array's write would skip the send its partner waits for.
        String body = """
                        int[] a = new int[100];
                        a[3] = 4;
                        int[] b = %s;
                        b[3] = 9;
                        int[] c = b.clone();
                        c[3] = 1;
                        a[5] = 2;
                        if (me == 0 && a[3] == 4 && b[3] == 9 && c[3] == 1 && b[5] == 0 && c[5] == 0)
                            MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, 1, 0);
                        if (me == 1) MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 0);
                """;
        assertEquals(List.of(), problems("CloneWrites", body.formatted("a.clone()"), 2));
        assertEquals(List.of(), problems("CopyOfWrites", body.formatted("java.util.Arrays.copyOf(a, a.length)"), 2));
        // the twin: the receive waits for a send only a rank reading its own array's write would skip
        assertEquals(1, errors("CloneWritesTwin", body.formatted("a.clone()").replace("c[3] == 1", "c[3] == 9"), 2).size());
    }

    @Test
    void copyingAMillionElementRowOnEveryIterationEndsOnTheStepBudget() {
        // a real Cannon multiplication copies the rest of a 1000x1000 row-major matrix on each of 1000 iterations:
        // little interpretation, much copying; the copies are charged to the step budget, so the rank is given up
        // with an assumption instead of copying a billion elements (before: half a minute per process count)
        RunReport r = report("RowCopies", """
                        int n = 1000;
                        int[] row = new int[n * n];
                        for (int i = 0; i < n * n; i += n) row[i] = i;
                        for (int i = 0; i < n; i++) {
                            int[] sub = java.util.Arrays.copyOfRange(row, i * n, row.length);
                            MPI.COMM_WORLD.Bcast(sub, 0, 1, MPI.INT, 0);
                        }
                """, 2);
        assertEquals(List.of(), r.findings().stream().filter(f -> f.severity() == Severity.ERROR).map(Finding::message).toList());
        assertEquals(true, r.findings().stream().anyMatch(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION
                && f.message().contains("interpretation steps")), r.findings().toString());
    }

    @Test
    void aVerdictComputedFromDataAndSentToEveryWorkerIsOneValueForAll() {
        // a master decides from data whether the workers go on and sends each its verdict; the workers test what
        // they received, the master its own copy: one value, so all stop or all go on (before: a worker could go
        // on alone and wait for work nobody sends, a warning on a correct program)
        String body = """
                        int size = MPI.COMM_WORLD.Size();
                        int[] work = new int[1];
                        for (int round = 0; round < 3; round++) {
                            if (me == 0) {
                                for (int r = 1; r < size; r++) MPI.COMM_WORLD.Send(work, 0, 1, MPI.INT, r, 1);
                                boolean[] done = new boolean[1];
                                done[0] = Math.random() > 0.5;
                                for (int r = 1; r < size; r++) MPI.COMM_WORLD.Send(done, 0, 1, MPI.BOOLEAN, r, 2);
                                if (done[0]) break;
                            } else {
                                MPI.COMM_WORLD.Recv(work, 0, 1, MPI.INT, 0, 1);
                                boolean[] done = new boolean[1];
                                MPI.COMM_WORLD.Recv(done, 0, 1, MPI.BOOLEAN, 0, 2);
                                if (%s) break;
                            }
                        }
                """;
        assertEquals(List.of(), problems("Verdict", body.formatted("done[0]"), 3));
        // the twin: a worker that tests a value of its own instead may go on alone
        assertEquals(false, problems("Verdict", body.formatted("Math.random() > 0.5"), 3).isEmpty());
    }
}
