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
                        java.util.Arrays.sort(a);
                        java.util.Arrays.sort(b);
                        a[3] = 0;
                        if (me == 1 && b[3] == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 5);
                """;
        // b[3] is unknown after the sort: rank 1 may skip its send, and rank 0 then waits for it
        assertEquals(1, problems("ForgottenLongArrays", write, 2).size());
        // and a known b[3] (the write going into b itself) settles it: the finding above has no other cause
        assertEquals(List.of(), problems("ForgottenThenWritten", write.replace("a[3] = 0;", "b[3] = 0;"), 2));
    }

    @Test
    void aWriteAfterReceivingAForgottenLongArrayLeavesTheOtherReceiversArrayUnknown() {
        String bcast = """
                        int[] v = new int[100];
                        if (me == 0) java.util.Arrays.sort(v);
                        MPI.COMM_WORLD.Bcast(v, 0, 100, MPI.INT, 0);
                        if (me == 1) v[3] = 0;
                        MPI.COMM_WORLD.Barrier();
                        if (me == 2 && v[3] == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 5);
                        if (me == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 2, 5);
                """;
        assertEquals(1, problems("BcastForgotten", bcast, 3).size());
        assertEquals(List.of(), problems("BcastForgottenWritten", bcast.replace("if (me == 1) v[3] = 0;", "v[3] = 0;"), 3));
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
}
