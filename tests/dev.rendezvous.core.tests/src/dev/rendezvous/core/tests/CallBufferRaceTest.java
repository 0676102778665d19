package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/**
 * Local concurrency between two calls: a call that receives into the elements of a pending request's buffer, or sends
 * from a pending receive's buffer, is reported (a warning) at the second call, naming the first; calls on other
 * elements of the same array, and two sends from one buffer, are not. A collective's buffers count as its member uses
 * them: what it contributes is sent, what it gets is received.
 */
class CallBufferRaceTest {

    private static String program(String name, String body) {
        return "import mpi.*;\npublic class " + name + " {\n    public static void main(String[] args) throws Exception {\n"
                + "        MPI.Init(args);\n        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();\n"
                + "        int right = (rank + 1) % size, left = (rank + size - 1) % size;\n" + body
                + "        MPI.Finalize();\n    }\n}\n";
    }

    private static List<Finding> races(String name, String src, int np) {
        return Repo.analyze(name + ".java", src, np).findings().stream().filter(f -> f.kind() == FindingKind.BUFFER_RACE).toList();
    }

    private static int lineOf(String src, String text) {
        List<String> lines = src.lines().toList();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) return i + 1;
        throw new AssertionError(text + " not in " + src);
    }

    @Test
    void aReceiveIntoAPendingIsendBufferIsAWarningAtTheReceive() {
        String src = program("InPlaceShift", """
                        int[] x = {rank};
                        Request r = MPI.COMM_WORLD.Isend(x, 0, 1, MPI.INT, right, 0);
                        MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, left, 0);
                        r.Wait();
                """);
        List<Finding> f = races("InPlaceShift", src, 3);
        assertEquals(1, f.size(), f.toString());
        assertEquals(Severity.WARNING, f.get(0).severity());
        assertEquals(lineOf(src, "COMM_WORLD.Recv"), f.get(0).range().line());
        assertTrue(f.get(0).message().contains("Isend at line " + lineOf(src, "Isend")), f.get(0).message());
        assertEquals(Verdict.NONE, Repo.analyze("InPlaceShift.java", src, 3).verdict(), "MPJ Express runs it as meant");
        // the quick fix: one Sendrecv_replace where the Recv was, the Isend and the Wait gone (moving the Wait up would
        // make every rank wait for a send nobody receives yet, so that fix is not offered)
        assertEquals(1, f.get(0).fixes().size(), f.get(0).fixes().toString());
        assertTrue(f.get(0).fixes().get(0).label().contains("Sendrecv_replace"), f.get(0).fixes().get(0).label());
        String fixed = f.get(0).fixes().get(0).applyTo(src);
        assertTrue(fixed.contains("MPI.COMM_WORLD.Sendrecv_replace(x, 0, 1, MPI.INT, right, 0, left, 0);"), fixed);
        assertTrue(!fixed.contains("Isend") && !fixed.contains("Wait"), fixed);
        assertTrue(dev.rendezvous.core.extract.Program.parse("InPlaceShift.java", fixed).syntaxErrors().isEmpty(), fixed);
        assertEquals(List.of(), races("InPlaceShift", fixed, 3), fixed);
        assertEquals(Verdict.NONE, Repo.analyze("InPlaceShift.java", fixed, 3).verdict(), fixed);
        // nor when a call between the Isend and the Recv could send to the same rank first (the messages would swap; here
        // the moved send would also close a zero-buffer cycle, which the deadlock check refuses on its own)
        String between = src.replace("        MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, left, 0);\n",
                "        int[] y = {rank}, z = new int[1];\n        Request q = MPI.COMM_WORLD.Isend(y, 0, 1, MPI.INT, right, 0);\n"
                        + "        MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, left, 0);\n        MPI.COMM_WORLD.Recv(z, 0, 1, MPI.INT, left, 0);\n"
                        + "        q.Wait();\n");
        assertTrue(!between.equals(src), between);
        List<Finding> h = races("InPlaceShift", between, 3);
        assertEquals(1, h.size(), h.toString());
        assertTrue(h.get(0).fixes().stream().noneMatch(x -> x.label().contains("Sendrecv_replace")), h.get(0).fixes().toString());
        // a request the program also tests is not folded into Sendrecv_replace
        String tested = src.replace("        r.Wait();\n", "        if (r.Test() == null) r.Wait();\n");
        assertTrue(!tested.equals(src), tested);
        List<Finding> g = races("InPlaceShift", tested, 3);
        assertEquals(1, g.size(), g.toString());
        assertTrue(g.get(0).fixes().stream().noneMatch(x -> x.label().contains("Sendrecv_replace")), g.get(0).fixes().toString());
    }

    @Test
    void aSendFromAPendingReceiveBufferAndASecondReceiveIntoItAreReported() {
        String send = program("SendWhileReceiving", """
                        int[] buf = {rank};
                        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 1, MPI.INT, left, 0);
                        MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, right, 0);
                        r.Wait();
                """);
        List<Finding> f = races("SendWhileReceiving", send, 2);
        assertEquals(1, f.size(), f.toString());
        assertEquals(lineOf(send, "COMM_WORLD.Send"), f.get(0).range().line());
        assertTrue(f.get(0).message().contains("Irecv at line " + lineOf(send, "Irecv")), f.get(0).message());

        String twice = program("TwoReceivesOneCell", """
                        int[] buf = new int[4];
                        if (rank == 0) {
                            Request a = MPI.COMM_WORLD.Irecv(buf, 0, 2, MPI.INT, 1, 0);
                            Request b = MPI.COMM_WORLD.Irecv(buf, 1, 2, MPI.INT, 2, 0);
                            a.Wait();
                            b.Wait();
                        } else if (rank <= 2) {
                            MPI.COMM_WORLD.Send(buf, 0, 2, MPI.INT, 0, 0);
                        }
                """);
        List<Finding> g = races("TwoReceivesOneCell", twice, 3);
        assertEquals(1, g.size(), g.toString());
        assertEquals(lineOf(twice, "Irecv(buf, 1"), g.get(0).range().line());
        assertTrue(g.get(0).message().contains("element 1 "), "the first element both receive into: " + g.get(0).message());
        // the quick fix moves a.Wait() up before the second Irecv, and the race is gone
        assertEquals(1, g.get(0).fixes().size(), g.get(0).toString());
        String fixed = g.get(0).fixes().get(0).applyTo(twice);
        assertEquals(List.of(), races("TwoReceivesOneCell", fixed, 3), fixed);
    }

    @Test
    void otherElementsOfTheSameArrayTwoSendsAndCompletedRequestsAreNotRaces() {
        String halo = program("HaloCells", """
                        double[] u = new double[6], v = new double[4];
                        Request[] rq = new Request[2];
                        rq[0] = MPI.COMM_WORLD.Irecv(u, 0, 1, MPI.DOUBLE, left, 0);
                        rq[1] = MPI.COMM_WORLD.Irecv(u, 5, 1, MPI.DOUBLE, right, 1);
                        Request s = MPI.COMM_WORLD.Isend(u, 1, 4, MPI.DOUBLE, right, 2);
                        MPI.COMM_WORLD.Send(u, 4, 1, MPI.DOUBLE, right, 0);
                        MPI.COMM_WORLD.Send(u, 1, 1, MPI.DOUBLE, left, 1);
                        Request.Waitall(rq);
                        MPI.COMM_WORLD.Sendrecv(u, 5, 1, MPI.DOUBLE, right, 3, u, 0, 1, MPI.DOUBLE, left, 3);
                        MPI.COMM_WORLD.Recv(v, 0, 4, MPI.DOUBLE, left, 2);
                        s.Wait();
                """);
        var report = Repo.analyze("HaloCells.java", halo, 3);
        assertEquals(Verdict.NONE, report.verdict(), report.findings().toString());
        assertEquals(List.of(), races("HaloCells", halo, 3),
                "other cells of the array, sends from a pending send's cells, a receive into a completed receive's cell");
        // the Sendrecv receiving into a cell the pending Isend sends from is reported: the check sees that overlap
        String early = halo.replace("u, 0, 1, MPI.DOUBLE, left, 3", "u, 2, 1, MPI.DOUBLE, left, 3");
        List<Finding> f = races("HaloCells", early, 3);
        assertEquals(1, f.size(), early);
        assertEquals(lineOf(early, "Sendrecv"), f.get(0).range().line());
        assertTrue(f.get(0).message().contains("element 2 ") && f.get(0).message().contains("Isend at line " + lineOf(early, "Isend")),
                f.get(0).message());
    }

    @Test
    void aCollectiveUsesItsBuffersAsItsMemberDoes() {
        // every rank contributes the buffer an Irecv is still receiving into: a race on each rank
        String reduce = program("ReduceWhileReceiving", """
                        int[] data = new int[4], sum = new int[4];
                        Request r = MPI.COMM_WORLD.Irecv(data, 0, 4, MPI.INT, left, 7);
                        MPI.COMM_WORLD.Send(new int[4], 0, 4, MPI.INT, right, 7);
                        MPI.COMM_WORLD.Allreduce(data, 0, sum, 0, 4, MPI.INT, MPI.SUM);
                        r.Wait();
                """);
        List<Finding> f = races("ReduceWhileReceiving", reduce, 3);
        assertEquals(1, f.size(), f.toString());
        assertEquals(lineOf(reduce, "COMM_WORLD.Allreduce"), f.get(0).range().line());
        assertTrue(f.get(0).message().contains("Allreduce sends") && f.get(0).message().contains("Irecv at line " + lineOf(reduce, "Irecv")),
                f.get(0).message());
        // its fix moves the Wait up, and the race is gone
        String fixed = f.get(0).fixes().get(0).applyTo(reduce);
        assertEquals(List.of(), races("ReduceWhileReceiving", fixed, 3), fixed);

        // a Bcast writes into the buffer on the ranks that are not its root: a pending Isend from it is raced there only
        String bcast = program("BcastOverPendingSend", """
                        int[] x = {rank};
                        Request s = MPI.COMM_WORLD.Isend(x, 0, 1, MPI.INT, right, 0);
                        MPI.COMM_WORLD.Bcast(x, 0, 1, MPI.INT, 0);
                        MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, left, 0);
                        s.Wait();
                """);
        List<Finding> b = races("BcastOverPendingSend", bcast, 3);
        assertEquals(1, b.size(), b.toString());
        assertEquals(lineOf(bcast, "COMM_WORLD.Bcast"), b.get(0).range().line());
        assertTrue(!b.get(0).ranks().contains(0), "the root only reads: " + b.get(0));
        assertTrue(b.get(0).message().contains("Bcast receives into element 0"), b.get(0).message());

        // a Gather's root writes its receive buffer; the other members' receive buffers are not used
        String gather = program("GatherBesidePendingReceive", """
                        int[] all = new int[size], mine = {rank};
                        Request r = MPI.COMM_WORLD.Irecv(all, 0, 1, MPI.INT, left, 3);
                        MPI.COMM_WORLD.Send(mine, 0, 1, MPI.INT, right, 3);
                        MPI.COMM_WORLD.Gather(mine, 0, 1, MPI.INT, all, 0, 1, MPI.INT, 0);
                        r.Wait();
                """);
        List<Finding> g = races("GatherBesidePendingReceive", gather, 3);
        assertEquals(1, g.size(), g.toString());
        assertEquals(List.of(0), g.get(0).ranks(), g.get(0).toString());
        // receiving elsewhere in the array is not a race
        assertEquals(List.of(), races("GatherBesidePendingReceive", gather.replace("Irecv(all, 0, 1", "Irecv(new int[1], 0, 1"), 3));
    }
}
