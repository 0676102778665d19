package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.deadlock.TagInventory;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Severity;

/**
 * A receive waiting for a tag no send of the program uses is a mistyped tag (unmatched), and one whose message the
 * partner sends later, behind its own blocked operation, is a wait cycle. The message the partner did send with
 * another tag does not tell the two apart on its own; the program's tags, and which of its sends the partner has yet
 * to make, do ({@link TagInventory}).
 */
class TagMismatchTest {

    private static List<Finding> errors(String name, String body, int np) {
        String src = "import mpi.*;\npublic class " + name + " {\n" + body + "\n}\n";
        RunReport r = Repo.analyze(name + ".java", src, np);
        return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
    }

    private static List<FindingKind> kinds(List<Finding> fs) {
        return fs.stream().map(Finding::kind).toList();
    }

    /**
     * Rank 0's synchronous send of tag 0 waits for rank 1, which first waits for tag 1, sent by rank 0 only next: the
     * tags are right and the order is wrong. Before, the message of tag 0 waiting at rank 1 made this a receive "no
     * send matches (tags differ)", which sends the user to change a tag that is right.
     */
    @Test
    void aTagSentLaterMakesAWaitCycleNotATagMismatch() {
        List<Finding> e = errors("Order", """
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] a = new int[1], b = new int[1];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Ssend(a, 0, 1, MPI.INT, 1, 0);
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 1);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 1);
                            MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                """, 2);
        assertEquals(List.of(FindingKind.WAIT_CYCLE), kinds(e), e.toString());
        assertFalse(e.get(0).message().contains("tags differ"), e.get(0).message());
        assertTrue(e.get(0).message().contains("has tag 0"), e.get(0).message()); // the hint of what did arrive
    }

    /**
     * The shape of rmnstepaniuk/edu-java-mpi's Main at np=4: rank 1 sends tag 213 to rank 3 once, which rank 3
     * receives, then sends tag 313 where rank 3 waits for 213 again. Tag 213 is in the text, but the only send of it
     * has been made: the near miss stands, and rank 1, waiting for rank 3's reply, is behind it, not in a cycle.
     */
    @Test
    void aTagWhoseOnlySendIsDoneLeavesTheNearMissStanding() {
        List<Finding> e = errors("Consumed", """
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] v = new int[1];
                        if (rank == 1) {
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 3, 213);
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 3, 313);
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 3, 231);
                        } else if (rank == 3) {
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 213);
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 213);
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 231);
                        }
                        MPI.Finalize();
                    }
                """, 4);
        assertEquals(List.of(FindingKind.UNMATCHED_RECV), kinds(e), e.toString());
        assertTrue(e.get(0).message().contains("with tag 313 instead of 213 (tags differ)"), e.get(0).message());
        assertEquals(13, e.get(0).range().line());
    }

    /** The same pair with a mistyped tag: each side is unmatched, none is in a cycle. */
    @Test
    void aTagNoSendUsesIsUnmatchedOnBothSides() {
        List<Finding> e = errors("Typo", """
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] a = new int[1];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Ssend(a, 0, 1, MPI.INT, 1, 0);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 1);
                        }
                        MPI.Finalize();
                    }
                """, 2);
        assertEquals(List.of(FindingKind.UNMATCHED_SEND, FindingKind.UNMATCHED_RECV), kinds(e), e.toString());
        assertTrue(e.get(0).message().contains("no receive in the program takes tag 0"), e.get(0).message());
        assertTrue(e.get(1).message().contains("tags differ"), e.get(1).message());
    }

    /**
     * A request-reply exchange whose worker waits for tag 9 where the master sends {@code DATA} (7): the fix receives
     * {@code DATA}, written as the master writes it, and the fixed program is free of errors. Both sides of a pair with
     * literal tags get a fix of their own, and either one removes both errors.
     */
    @Test
    void aMistypedTagIsFixedWithThePartnersTag() {
        String src = """
                import mpi.*;
                public class Reply {
                    static final int DATA = 7, REPLY = 8;
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] a = new int[1];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, 1, DATA);
                            MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 1, REPLY);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 9);
                            MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, 0, REPLY);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        List<Finding> e = Repo.analyze("Reply.java", src, 2).findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertEquals(List.of(FindingKind.UNMATCHED_RECV), kinds(e), e.toString());
        assertEquals(List.of("Receive with tag DATA, the tag of rank 0's Send at line 9"), e.get(0).fixes().stream().map(Fix::label).toList());
        String fixed = e.get(0).fixes().get(0).applyTo(src);
        assertTrue(fixed.contains("Recv(a, 0, 1, MPI.INT, 0, DATA)"), fixed);
        assertFalse(Repo.hasError(Repo.analyze("Reply.java", fixed, 2)), fixed);

        String pair = src.replace("MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 1, REPLY);", "").replace("MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, 0, REPLY);", "")
                .replace("Send(a, 0, 1, MPI.INT, 1, DATA)", "Ssend(a, 0, 1, MPI.INT, 1, 3)");
        List<Finding> both = Repo.analyze("Reply.java", pair, 2).findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertEquals(List.of(FindingKind.UNMATCHED_SEND, FindingKind.UNMATCHED_RECV), kinds(both), both.toString());
        assertEquals("Send with tag 9, the tag rank 1's Recv at line 12 waits for", both.get(0).fixes().get(0).label());
        assertEquals("Receive with tag 3, the tag of rank 0's Ssend at line 9", both.get(1).fixes().get(0).label());
        for (Finding f : both) {
            String one = f.fixes().get(0).applyTo(pair);
            assertFalse(Repo.hasError(Repo.analyze("Reply.java", one, 2)), one);
        }
    }

    /**
     * The shape of a student's matrix-vector product (carloscl2001/PCTR, prodMatrizVector): the workers wait for tag
     * 100, which nobody sends, and the root waits for their replies. One cause, reported once, with the tag: not a wait
     * cycle of the root with the first worker.
     */
    @Test
    void aRankWaitingBehindAnUnmatchedReceiveIsNotACycle() {
        List<Finding> e = errors("Workers", """
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int id = MPI.COMM_WORLD.Rank();
                        int tag = 100;
                        int tag1 = 101;
                        int[] v = new int[1];
                        if (id == 0) {
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, tag1);
                        } else if (id == 1) {
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, tag);
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, tag1);
                        }
                        MPI.Finalize();
                    }
                """, 2);
        assertEquals(List.of(FindingKind.UNMATCHED_RECV), kinds(e), e.toString());
        assertTrue(e.get(0).message().contains("no send in the program uses tag 100"), e.get(0).message());
    }

    /**
     * Tags made at run time (the loop's counter) are not known from the text: the head-to-head receives stay a wait
     * cycle, and nothing claims a tag is never sent.
     */
    @Test
    void tagsMadeAtRunTimeRuleNothingOut() {
        List<Finding> e = errors("Rounds", """
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] v = new int[1];
                        int other = 1 - rank;
                        for (int k = 0; k < 2; k++) {
                            if (rank < 2) {
                                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, other, 40 + k);
                                MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, other, 40 + k);
                            }
                        }
                        MPI.Finalize();
                    }
                """, 2);
        assertEquals(List.of(FindingKind.WAIT_CYCLE), kinds(e), e.toString());
        assertFalse(e.get(0).message().contains("no send in the program"), e.get(0).message());
    }

    /**
     * The shape of MPJ Express's {@code SeqMatrix} test started with four processes: every rank receives from any
     * source, ranks 2 and 3 send only to rank 0, and nobody sends to them. The two wait for any rank's message, not
     * for each other's: the witness says so instead of "rank 2 waiting for rank 3".
     */
    @Test
    void aWildcardReceiveInACycleWaitsForAnyRankStillRunning() {
        List<Finding> e = errors("Partner", """
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int partner = rank == 0 ? 1 : 0;
                        byte[] in = new byte[1], out = new byte[1];
                        Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.BYTE, MPI.ANY_SOURCE, 5);
                        MPI.COMM_WORLD.Send(out, 0, 1, MPI.BYTE, partner, 5);
                        r.Wait();
                        MPI.Finalize();
                    }
                """, 4);
        assertEquals(1, e.size(), e.toString());
        String m = e.get(0).message();
        assertTrue(m.contains("rank 2 blocks in Wait at line 10 waiting for a message from any rank (rank 3 is the only one still running)"), m);
        assertFalse(m.contains("waiting for rank 3"), m);
    }

    private static TagInventory inventory(String body) {
        return TagInventory.of(Program.parse("T.java", "import mpi.*;\npublic class T {\n" + body + "\n}\n"));
    }

    @Test
    void literalsConstantsAndEveryAssignmentOfALocalAreTheSentTags() {
        TagInventory t = inventory("""
                    static final int DATA = 7, BASE = 10;
                    static final int REPLY = BASE * 2 + 1;
                    static void f(int[] b, int rank) {
                        int tag = 3;
                        if (rank > 0) tag = 4;
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, tag);
                        MPI.COMM_WORLD.Isend(b, 0, 1, MPI.INT, 1, DATA);
                        MPI.COMM_WORLD.Sendrecv(b, 0, 1, MPI.INT, 1, rank > 0 ? REPLY : 'A', b, 0, 1, MPI.INT, 1, 5);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, -(2));
                    }
                """);
        for (int sent : new int[] {3, 4, 7, 21, 65}) assertFalse(t.neverSent(sent), "tag " + sent);
        for (int never : new int[] {0, 5, 2, 10, 22}) assertTrue(t.neverSent(never), "tag " + never);
        assertFalse(t.neverReceived(5));
        assertFalse(t.neverReceived(-2));
        assertTrue(t.neverReceived(3));
    }

    @Test
    void aTagTheTextDoesNotFixOpensItsSide() {
        // a counter, a parameter, a field changed by ++, an array element: each opens the send side on its own
        for (String tag : new String[] {"k", "p", "count", "tags[0]"}) {
            TagInventory t = inventory("""
                        static int count = 1;
                        static int[] tags = {1};
                        static void f(int[] b, int p) {
                            count++;
                            for (int k = 0; k < 3; k++) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, %s);
                        }
                    """.formatted(tag));
            assertFalse(t.neverSent(99), tag);
        }
        TagInventory any = inventory("""
                    static void f(int[] b) {
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 1);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                    }
                """);
        assertFalse(any.neverReceived(1234)); // a receive of any tag takes every message
        assertTrue(any.neverSent(2));
    }

    @Test
    void aParameterTakesWhatEveryCallerPasses() {
        String helper = """
                    static final int DATA = 7;
                    static void put(int[] b, int dest, int tag) { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, dest, tag); }
                    static void run(int[] b) { put(b, 1, 5); put(b, 2, DATA); %s }
                """;
        TagInventory t = inventory(helper.formatted(""));
        assertFalse(t.neverSent(5));
        assertFalse(t.neverSent(7));
        assertTrue(t.neverSent(1)); // the destination's values are not the tag's
        // a caller the text does not show opens the side: a method reference, a counter passed, the parameter reassigned
        for (String more : new String[] {"java.util.function.IntConsumer c = k -> put(b, 1, k);",
                "for (int k = 0; k < 3; k++) put(b, 1, k);", "Runnable r = T::put;"}) {
            assertFalse(inventory(helper.formatted(more)).neverSent(1), more);
        }
        assertFalse(inventory("""
                    static void put(int[] b, int tag) { tag++; MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, tag); }
                    static void run(int[] b) { put(b, 5); }
                """).neverSent(9));
    }

    @Test
    void aFieldTakesEveryValueAssignedToItAnywhere() {
        TagInventory t = inventory("""
                    int tag; // 0 until set
                    void setUp(boolean big) { if (big) this.tag = 8; else tag = 9; }
                    void f(int[] b) { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, tag); }
                """);
        for (int sent : new int[] {0, 8, 9}) assertFalse(t.neverSent(sent), "tag " + sent);
        assertTrue(t.neverSent(1));
    }
}
