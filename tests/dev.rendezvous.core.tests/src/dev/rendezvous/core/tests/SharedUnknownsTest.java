package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Severity;

/**
 * Values the analysis cannot compute but that ranks share: a count the root draws and hands on (broadcast or sent),
 * numbers drawn from a {@code java.util.Random} with the same seed on every rank, the size of a list or array made from
 * such a value. The correct programs were run to their end on MPJ Express 0.44 (multicore device, np 2 or 3; those that
 * read the standard input in a variant reading a file, since its starter gives the ranks no input). Each test names its
 * twin, a real mismatch of the same shape, which must still be reported.
 */
class SharedUnknownsTest {

    /**
     * Rank 0 draws a count, keeps it in its own variable, hands a copy on (%s: broadcast, sent, or sent in an array
     * made from it), and every rank loops over its count.
     */
    private static final String DRAWN = """
            import mpi.*;
            public class Drawn {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] n = new int[1];
                    int count = 0;
                    if (rank == 0) {
                        count = (int) (Math.random() * 10) + 1;
                        n[0] = count;
                    }
                    %s
                    int[] buf = new int[1];
                    for (int k = 0; k < count; k++) {
                        if (rank == 0) { for (int r = 1; r < size; r++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, r, 0); }
                        else MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 0);
                    }
                    MPI.Finalize();
                }
            }
            """;

    private static final String BY_BCAST = "MPI.COMM_WORLD.Bcast(n, 0, 1, MPI.INT, 0); if (rank != 0) count = n[0]%s;";
    private static final String BY_SEND = "if (rank == 0) { for (int r = 1; r < size; r++) MPI.COMM_WORLD.Send(n, 0, 1, MPI.INT, r, 9); }"
            + " else { MPI.COMM_WORLD.Recv(n, 0, 1, MPI.INT, 0, 9); count = n[0]%s; }";
    private static final String BY_INITIALIZER = "if (rank == 0) { int[] c = {count}; for (int r = 1; r < size; r++)"
            + " MPI.COMM_WORLD.Send(c, 0, 1, MPI.INT, r, 9); } else { MPI.COMM_WORLD.Recv(n, 0, 1, MPI.INT, 0, 9); count = n[0]%s; }";

    private static boolean quiet(RunReport r) {
        return r.findings().stream().noneMatch(f -> f.severity() != Severity.INFO);
    }

    /**
     * The root's own variable and the copy the others received are one value. The root's was an anonymous unknown
     * and the received copy a symbol, so each loop was decided apart and the root could stop sending while the others
     * waited: a warning on a correct program. The twins' receivers loop once more than the root sends.
     */
    @Test
    void aDrawnCountHandedOnIsTheSameValueOnTheRootAndTheReceivers() {
        for (String handOn : new String[] {BY_BCAST, BY_SEND, BY_INITIALIZER}) {
            for (int np : new int[] {2, 3}) {
                RunReport r = Repo.analyze("Drawn.java", DRAWN.formatted(handOn.formatted("")), np);
                assertTrue(quiet(r), handOn + " np=" + np + ": " + r.findings());
            }
            RunReport twin = Repo.analyze("Drawn.java", DRAWN.formatted(handOn.formatted(" + 1")), 2);
            assertTrue(!quiet(twin), handOn + " with one more turn: " + twin.findings());
        }
    }

    /** A timing loop: each turn's elapsed time is copied into a buffer and reduced, for as many turns as a property says. */
    private static final String TIMING = """
            import mpi.*;
            public class Timing {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int iterations = Integer.parseInt(System.getProperty("ITERATIONS", "10"));
                    double[] t = new double[1], max = new double[1];
                    for (int k = 0; k < iterations; k++) {
                        double start = MPI.Wtime();
                        MPI.COMM_WORLD.Barrier();
                        double elapsed = MPI.Wtime() - start;
                        t[0] = elapsed;
                        double[] mine = {elapsed};
                        MPI.COMM_WORLD.Reduce(mine, 0, max, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
                        if (rank == 0) System.out.println(max[0]);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * Naming a copied timing gives each turn's timing a name of its own; the loop's turns must still be seen to repeat
     * (the bound, an input, is then covered by the turns explored), as when the timings were anonymous. Without that,
     * the loop got an assumption that its bound was cut.
     */
    @Test
    void aNamedCopyDoesNotKeepALoopsTurnsFromRepeating() {
        RunReport r = Repo.analyze("Timing.java", TIMING, 2);
        assertTrue(r.findings().stream().noneMatch(f -> f.message().startsWith("Loop bound unknown")),
                r.findings().toString());
        assertTrue(quiet(r), r.findings().toString());
    }

    /**
     * Each rank draws how many messages it sends to the next rank and tells everyone by an Allgather; each posts as many
     * receives from the previous rank, keeping their requests in an array as long as that count, and waits for all.
     */
    private static final String RING_COUNTS = """
            import mpi.*;
            public class RingCounts {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int mine = (int) (Math.random() * 4);
                    int[] counts = new int[size];
                    MPI.COMM_WORLD.Allgather(new int[] {mine}, 0, 1, MPI.INT, counts, 0, 1, MPI.INT);
                    int[] x = new int[1];
                    int next = (rank + 1) %% size, prev = (rank + size - 1) %% size;
                    Request[] rq = new Request[counts[prev]];
                    for (int i = 0; i < counts[prev]; i++) rq[i] = MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, prev, 7);
                    for (int i = 0; i < mine; i++) MPI.COMM_WORLD.Send(x, 0, 1, MPI.INT, next, 7);
                    %s
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The receive counts are the senders' drawn counts (one value each, handed on by the Allgather), and the request
     * array, whose length is such a count, holds the requests stored in it: its {@code Waitall} completes them. The
     * array's requests used to be dropped and the {@code Waitall} skipped, so every receive was a request-leak warning
     * on a correct program. The twin never waits: its requests do leak.
     */
    @Test
    void aWaitallOnARequestArrayOfUnknownLengthWaitsForTheRequestsStoredInIt() {
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("RingCounts.java", RING_COUNTS.formatted("Request.Waitall(rq);"), np);
            assertTrue(quiet(r), "np=" + np + ": " + r.findings());
            assertTrue(r.findings().stream().noneMatch(f -> f.message().contains("could not be determined")), r.findings().toString());
        }
        RunReport twin = Repo.analyze("RingCounts.java", RING_COUNTS.formatted(""), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.kind() == dev.rendezvous.core.model.FindingKind.REQUEST_LEAK),
                twin.findings().toString());
    }

    /** Rank 0 reads words from the standard input, sends their number and then each word; the others receive that many. */
    private static final String WORDS = """
            import mpi.*;
            import java.util.*;
            public class Words {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    if (rank == 0) {
                        List<String> words = new ArrayList<>();
                        Scanner sc = new Scanner(System.in);
                        while (sc.hasNext()) words.add(sc.next());
                        for (int r = 1; r < size; r++) {
                            int[] n = {words.size()};
                            MPI.COMM_WORLD.Send(n, 0, 1, MPI.INT, r, 0);
                            %s
                        }
                    } else {
                        int[] n = new int[1];
                        MPI.COMM_WORLD.Recv(n, 0, 1, MPI.INT, 0, 0);
                        for (int i = 0; i < n[0]%s; i++) MPI.COMM_WORLD.Recv(new Object[1], 0, 1, MPI.OBJECT, 0, 1);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * A loop over the elements of a list of unknown size (a for-each, or an iterator's {@code hasNext}) goes on as long
     * as the list's size allows, the same value the receivers got: rank 0 stops sending where they stop receiving. A
     * for-each used to run its body a fixed three times and {@code hasNext} was an unknown of rank 0's own,
     * while the receivers decided their loop on the size, and a receiver could stop after two words: a warning on a
     * correct program. The twin's receivers wait for one word more than there are.
     */
    @Test
    void aLoopOverAListOfUnknownSizeStopsWhereItsSizeSays() {
        for (String loop : new String[] {"for (String w : words) MPI.COMM_WORLD.Send(new Object[] {w}, 0, 1, MPI.OBJECT, r, 1);",
                "Iterator<String> it = words.iterator();"
                        + " while (it.hasNext()) MPI.COMM_WORLD.Send(new Object[] {it.next()}, 0, 1, MPI.OBJECT, r, 1);"}) {
            for (int np : new int[] {2, 3}) {
                RunReport r = Repo.analyze("Words.java", WORDS.formatted(loop, ""), np);
                assertTrue(quiet(r), loop + " np=" + np + ": " + r.findings());
            }
            RunReport twin = Repo.analyze("Words.java", WORDS.formatted(loop, " + 1"), 2);
            assertTrue(!quiet(twin), loop + ": " + twin.findings());
        }
    }

    /** A broadcast size; each worker sends back one message per element of an array that long, the root takes that many. */
    private static final String LENGTH = """
            import mpi.*;
            public class Length {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] nb = new int[1];
                    if (rank == 0) nb[0] = 1 + (int) (Math.random() * 100);
                    MPI.COMM_WORLD.Bcast(nb, 0, 1, MPI.INT, 0);
                    int n = nb[0];
                    if (rank == 0) {
                        for (int r = 1; r < size; r++)
                            for (int i = 0; i < n; i++) MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, r, 2);
                    } else {
                        int[] buf = new int[n%s];
                        for (int i = 0; i < buf.length; i++) MPI.COMM_WORLD.Send(new int[] {i}, 0, 1, MPI.INT, 0, 2);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The length of an array made as {@code new int[n]} is {@code n}, even when the analysis cannot compute {@code n}: a
     * loop to {@code buf.length} and one to {@code n} end together. The length was an unknown of its own, and the
     * worker could send more than the root took: a warning on a correct program. The twin's array is one longer.
     */
    @Test
    void theLengthOfAnArrayMadeWithAnUnknownSizeIsThatSize() {
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("Length.java", LENGTH.formatted(""), np);
            assertTrue(quiet(r), "np=" + np + ": " + r.findings());
        }
        RunReport twin = Repo.analyze("Length.java", LENGTH.formatted(" + 1"), 2);
        assertTrue(!quiet(twin), twin.findings().toString());
    }

    /** Rank 0 splits a line of the standard input, sends how many numbers it holds, then each number. */
    private static final String SPLIT = """
            import mpi.*;
            import java.io.*;
            public class Split {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    if (rank == 0) {
                        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
                        String[] parts = in.readLine().split(" ");
                        int[] n = {parts.length};
                        for (int r = 1; r < size; r++) {
                            MPI.COMM_WORLD.Send(n, 0, 1, MPI.INT, r, 0);
                            for (int i = 0; i < parts.length; i++)
                                MPI.COMM_WORLD.Send(new int[] {Integer.parseInt(parts[i])}, 0, 1, MPI.INT, r, 1);
                        }
                    } else {
                        int[] n = new int[1];
                        MPI.COMM_WORLD.Recv(n, 0, 1, MPI.INT, 0, 0);
                        for (int i = 0; i < n[0]%s; i++) MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 1);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * Copying the length of an array the analysis knows nothing of ({@code {parts.length}}) names that length, and
     * the array's own loop tests it: rank 0 sends as many numbers as the receivers expect. The twin's receivers expect
     * one more.
     */
    @Test
    void theCopiedLengthOfAnUnknownArrayIsItsLength() {
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("Split.java", SPLIT.formatted(""), np);
            assertTrue(quiet(r), "np=" + np + ": " + r.findings());
        }
        RunReport twin = Repo.analyze("Split.java", SPLIT.formatted(" + 1"), 2);
        assertTrue(!quiet(twin), twin.findings().toString());
    }

    /** Every rank draws its message count from a generator seeded with %s. */
    private static final String SEEDED = """
            import mpi.*;
            import java.util.Random;
            public class Seeded {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    Random rnd = new Random(%s);
                    int n = 1 + rnd.nextInt(5);
                    int[] buf = new int[1];
                    for (int k = 0; k < n; k++) {
                        if (rank == 0) { for (int r = 1; r < size; r++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, r, k); }
                        else MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, k);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The same seed gives every rank the same draws (Java fixes {@code Random}'s algorithm), so the counts agree; a
     * draw used to be an unknown of each rank, decided apart, and the program got a warning. With the seed
     * {@code rank + 1} rank 0 draws 1 and rank 1 draws 4: rank 1 waits for messages never sent, an error.
     */
    @Test
    void aGeneratorSeededAlikeDrawsTheSameNumbersOnEveryRank() {
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("Seeded.java", SEEDED.formatted("12345"), np);
            assertTrue(quiet(r), "np=" + np + ": " + r.findings());
        }
        RunReport own = Repo.analyze("Seeded.java", SEEDED.formatted("rank + 1"), 2);
        assertTrue(own.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), own.findings().toString());
    }

    /**
     * A seed the analysis cannot compute, read from the clock by rank 0 and broadcast: every rank seeds with the same
     * value and draws the same (named) numbers, so the counts agree, where each draw used to be an unknown of its own
     * rank and the program got a warning. Seeded with {@code seed * 7919 + rank * 104729} the ranks draw apart: the
     * twin hung in each of four runs on MPJ Express at np=3, and it is an error here.
     */
    @Test
    void aGeneratorSeededWithABroadcastClockDrawsTheSameNumbersOnEveryRank() {
        String clock = SEEDED.replace("Random rnd", "long[] seed = new long[1]; if (rank == 0) seed[0] = System.nanoTime();\n"
                + "MPI.COMM_WORLD.Bcast(seed, 0, 1, MPI.LONG, 0);\nRandom rnd");
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("Seeded.java", clock.formatted("seed[0]"), np);
            assertTrue(quiet(r), "np=" + np + ": " + r.findings());
        }
        RunReport own = Repo.analyze("Seeded.java", clock.formatted("seed[0] * 7919 + rank * 104729"), 3);
        assertTrue(own.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), own.findings().toString());
    }

    /**
     * A loop the interpreter does not follow to its end (a long one without communication) may draw any number of
     * times: afterwards the generator's draws are unknown, not the ones a fresh generator would give. Here the ranks
     * seed alike, then rank 0 alone draws a million times, so the counts differ on a real run (5 and 2); the analysis must not
     * take rank 0's next draw for the second number of the sequence.
     */
    @Test
    void aGeneratorAfterCodeTheAnalysisSkippedDrawsUnknownNumbers() {
        String skipped = SEEDED.formatted("12345").replace("int n = 1 + rnd.nextInt(5);",
                "long sum = 0; if (rank == 0) for (int i = 0; i < 1000000; i++) sum += rnd.nextInt(7);\n"
                        + "int n = 1 + rnd.nextInt(5);");
        RunReport r = Repo.analyze("Seeded.java", skipped, 2);
        assertTrue(!quiet(r), r.findings().toString());
    }
    /**
     * A leader the program picks from data every rank shares (%1$s sets {@code leader}): the leader sends to each
     * other rank, which receives from the leader (%2$s: the source the receivers name).
     */
    private static final String LEADER = """
            import mpi.*;
            public class Leader {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int leader = 0;
                    %1$s
                    int[] msg = new int[1];
                    if (rank == leader) {
                        for (int p = 0; p < size; p++) if (p != leader) MPI.COMM_WORLD.Send(msg, 0, 1, MPI.INT, p, 0);
                    } else {
                        MPI.COMM_WORLD.Recv(msg, 0, 1, MPI.INT, %2$s, 0);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /** Rank 0 draws the leader and broadcasts it. */
    private static final String DRAWN_LEADER = "int[] l = new int[1]; if (rank == 0) l[0] = (int) (Math.random() * size);"
            + " MPI.COMM_WORLD.Bcast(l, 0, 1, MPI.INT, 0); leader = l[0];";
    /** Every rank gathers everyone's draw and takes the rank of the largest, in a loop the interpreter does not follow. */
    private static final String ARGMAX_LEADER = "int[] v = new int[1]; v[0] = (int) (Math.random() * 100); int[] all = new int[size];"
            + " MPI.COMM_WORLD.Allgather(v, 0, 1, MPI.INT, all, 0, 1, MPI.INT);"
            + " for (int p = 1; p < size; p++) if (all[p] > all[leader]) leader = p;";

    /**
     * Each rank's {@code rank == leader} is a test of the same value against another number: once rank 0 found it
     * equal, rank 1's test is false, and the receivers know whom they wait for. Decided apart, two ranks could both
     * lead (each sending, nobody receiving), or a receiver name a source the analysis did not know: warnings on
     * correct programs. The twins: a receiver waits for the rank after the leader, which is itself at np=2 and does
     * not send at any np, or for rank 0, which does not send when another rank leads.
     */
    @Test
    void aLeaderPickedFromSharedDataIsOneRankOnEveryRank() {
        for (String pick : new String[] {DRAWN_LEADER, ARGMAX_LEADER}) {
            for (int np : new int[] {2, 3, 4}) {
                RunReport r = Repo.analyze("Leader.java", LEADER.formatted(pick, "leader"), np);
                assertTrue(quiet(r), pick + " np=" + np + ": " + r.findings());
            }
            for (String wrong : new String[] {"(leader + 1) % size", "0"}) {
                RunReport twin = Repo.analyze("Leader.java", LEADER.formatted(pick, wrong), 3);
                assertTrue(!quiet(twin), pick + " receiving from " + wrong + ": " + twin.findings());
            }
        }
    }

    /**
     * A drawn leader sends to the rank after it; BODY is the two tests in some order, the receiver naming SRC.
     */
    private static final String NEXT_OF_LEADER = """
            import mpi.*;
            public class Next {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] l = new int[1];
                    if (rank == 0) l[0] = (int) (Math.random() * size);
                    MPI.COMM_WORLD.Bcast(l, 0, 1, MPI.INT, 0);
                    int leader = l[0];
                    int[] msg = new int[1];
                    BODY
                    MPI.Finalize();
                }
            }
            """;

    /**
     * A peer computed from the leader ({@code (leader + 1) % size}) was unknown even where a test had found the leader,
     * and a receiver's test {@code rank == (leader + 1) % size} was decided apart from the leader's {@code rank == leader}:
     * the send matched no one, a warning on a program that ran to its end on MPJ Express at np 2 and 3 (either order of
     * the tests). A test that finds a value now puts it into the values computed from it, and a fact about
     * {@code (leader + 1) % size} rules leaders out. The twins receive from {@code (leader + 2) % size}: the leader itself
     * at np=2 (no finding), another rank at np=3, where MPJ hangs (an error).
     */
    @Test
    void aPeerComputedFromADrawnLeaderIsKnownOnceATestFoundTheLeader() {
        String receiverFirst = "if (rank == (leader + 1) % size) MPI.COMM_WORLD.Recv(msg, 0, 1, MPI.INT, SRC, 0);"
                + " else if (rank == leader) MPI.COMM_WORLD.Send(msg, 0, 1, MPI.INT, (leader + 1) % size, 0);";
        String leaderFirst = "if (rank == leader) MPI.COMM_WORLD.Send(msg, 0, 1, MPI.INT, (leader + 1) % size, 0);"
                + " else if (rank == (leader + 1) % size) MPI.COMM_WORLD.Recv(msg, 0, 1, MPI.INT, SRC, 0);";
        for (String order : new String[] {receiverFirst, leaderFirst}) {
            for (int np : new int[] {2, 3, 4}) {
                RunReport r = Repo.analyze("Next.java", NEXT_OF_LEADER.replace("BODY", order.replace("SRC", "leader")), np);
                assertTrue(quiet(r), order + " np=" + np + ": " + r.findings());
            }
            String twin = NEXT_OF_LEADER.replace("BODY", order.replace("SRC", "(leader + 2) % size"));
            RunReport two = Repo.analyze("Next.java", twin, 2);
            assertTrue(quiet(two), order + " twin np=2: " + two.findings());
            RunReport three = Repo.analyze("Next.java", twin, 3);
            assertTrue(three.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), order + " twin np=3: " + three.findings());
        }
    }

    /**
     * A worker draws its error straight into the buffer it sends, and both it and the master test that value: the
     * master answers only when the error is large, and the worker waits for the answer only then (TEST: the master's
     * test). The element sent was an anonymous unknown, tested apart on each side, so the worker could wait for an
     * answer the master never sent: a warning on a program that ran to its end on MPJ Express at np 2 (each outcome).
     * The twin's master answers when the error is small, which MPJ hangs on whatever the draw.
     */
    @Test
    void aDrawnNumberSentAndTestedOnBothSidesIsOneValue() {
        String program = """
                import mpi.*;
                public class Err {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        double[] e = new double[1];
                        if (rank == 1) {
                            e[0] = Math.random();
                            MPI.COMM_WORLD.Send(e, 0, 1, MPI.DOUBLE, 0, 0);
                            if (e[0] > 0.5) MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 1);
                        } else if (rank == 0) {
                            MPI.COMM_WORLD.Recv(e, 0, 1, MPI.DOUBLE, 1, 0);
                            if (TEST) MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 1, 1);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Err.java", program.replace("TEST", "e[0] > 0.5"), 2);
        assertTrue(quiet(r), r.findings().toString());
        RunReport twin = Repo.analyze("Err.java", program.replace("TEST", "e[0] <= 0.5"), 2);
        assertTrue(!quiet(twin), twin.findings().toString());
    }

    /** As above with the tag of the receivers wrong: an error whichever rank leads. */
    @Test
    void aReceiverOfADrawnLeaderWithTheWrongTagIsStillAnError() {
        String wrongTag = LEADER.formatted(DRAWN_LEADER, "leader").replace("MPI.INT, leader, 0);", "MPI.INT, leader, 1);");
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("Leader.java", wrongTag, np);
            assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), "np=" + np + ": " + r.findings());
        }
    }

    /**
     * A master hands out as many tasks as a file says (read by rank 0, broadcast), one at a time to whichever worker
     * returns a result, then tells every worker to stop (%s: the loop that collects the results; %s: the workers
     * told to stop).
     */
    private static final String FARM = """
            import mpi.*;
            public class Farm {
                static final int WORK = 1, DIE = 2;
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] t = new int[1];
                    if (rank == 0) t[0] = new java.util.Scanner(new java.io.File("tasks.txt")).nextInt();
                    MPI.COMM_WORLD.Bcast(t, 0, 1, MPI.INT, 0);
                    int tasks = t[0];
                    int[] buf = new int[1];
                    if (rank == 0) {
                        int sent = 0, done = 0;
                        for (int w = 1; w < size && sent < tasks; w++) { buf[0] = sent++; MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, w, WORK); }
                        %s {
                            Status st = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                            done++;
                            if (sent < tasks) { buf[0] = sent++; MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, st.source, WORK); }
                        }
                        for (int w = 1; w < %s; w++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, w, DIE);
                    } else {
                        while (true) {
                            Status st = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                            if (st.tag == DIE) break;
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);
                        }
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The master's "sent < tasks" decides, turn by turn, the same tests as its "done < tasks" one turn later. When the
     * collecting loop reached its budget of unknown turns it used to stop even where "sent < tasks" had held at that
     * count: the master told a worker to stop while the worker returned a result it had sent it, an error on a correct
     * program (it ran to its end on MPJ Express at np 2, 3 and 4, with 7 tasks and with 1). A loop at its budget now
     * follows such a test, and a run that must still leave against it is dropped as one no execution takes. The
     * twins: one result not collected, one worker never told to stop.
     */
    @Test
    void aTaskFarmOverACountFromAFileCollectsEveryResultItHandedOut() {
        for (int np : new int[] {2, 3, 4}) {
            RunReport r = Repo.analyze("Farm.java", FARM.formatted("while (done < tasks)", "size"), np);
            assertTrue(quiet(r), "np=" + np + ": " + r.findings());
        }
        for (String[] twin : new String[][] {{"while (done < tasks - 1)", "size"}, {"while (done < tasks)", "size - 1"}}) {
            RunReport r = Repo.analyze("Farm.java", FARM.formatted((Object[]) twin), 3);
            assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), String.join(", ", twin) + ": " + r.findings());
        }
    }

    /**
     * A destination rank 0 draws for itself (a copy of it, so that it has a name): the analysis explores each rank it can be and names the one a path took.
     * At np=2 the only path that deadlocks sends to rank 0 itself, which the draw ({@code 1 + ...}) never gives: a
     * warning, on data. At np=3 one of ranks 1 and 2 waits in every run, whichever is drawn: an error.
     */
    @Test
    void aDestinationDrawnByOneRankIsEachRankItCanBe() {
        String drawn = """
                import mpi.*;
                public class Drawn {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] msg = new int[1];
                        if (rank == 0) {
                            int d = 1 + (int) (Math.random() * (size - 1));
                            int[] copy = {d};
                            MPI.COMM_WORLD.Send(msg, 0, 1, MPI.INT, copy[0], 0);
                        } else {
                            MPI.COMM_WORLD.Recv(msg, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport two = Repo.analyze("Drawn.java", drawn, 2);
        assertTrue(two.findings().stream().anyMatch(f -> f.severity() == Severity.WARNING && f.message().contains("= rank 0")),
                two.findings().toString());
        assertTrue(two.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR), two.findings().toString());
        RunReport three = Repo.analyze("Drawn.java", drawn, 3);
        assertTrue(three.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), three.findings().toString());
    }

    /**
     * A neighbour table read from a file in a loop the analysis skips, then iterated to send to each neighbour (a
     * Bellman-Ford from the code index does this): the table's keys are unknown after the loop. It used to stay the
     * empty map it was before, the sends vanished, and the analysis said nothing about them.
     */
    private static final String NEIGHBOURS = """
            import java.io.*;
            import java.util.*;
            import mpi.*;
            public class Neighbours {
                public static void main(String[] args) throws IOException {
                    MPI.Init(args);
                    int size = MPI.COMM_WORLD.Size();
                    Map<Integer, Integer> weights = new HashMap<>();
                    BufferedReader file = new BufferedReader(new FileReader("graph.txt"));
                    for (String w : file.readLine().split(" ")) {
                        String[] info = w.split(":");
                        if (info.length == 2) weights.put(Integer.parseInt(info[0]), Integer.parseInt(info[1]));
                    }%s
                    int[] d = new int[size];
                    for (int v : weights.keySet()) {
                        MPI.COMM_WORLD.Send(d, 0, size, MPI.INT, v, 0);
                    }
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aMapFilledInASkippedLoopHasUnknownKeys() {
        RunReport r = Repo.analyze("Neighbours.java", NEIGHBOURS.formatted(""), 3);
        assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.INFO && f.range().line() == 15
                && f.message().contains("collection of unknown size")), r.findings().toString());
        // the twin empties the map after the loop: nothing is sent, and nothing needs saying
        RunReport twin = Repo.analyze("Neighbours.java", NEIGHBOURS.formatted("\n        weights.clear();"), 3);
        assertTrue(twin.findings().stream().noneMatch(f -> f.range().line() >= 15), twin.findings().toString());
    }
}
