package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer.Exploration;

/**
 * Per-send buffering decides a standard send only when it matters (World#decideHeldSends: still unmatched at a
 * fence, or asked about among others by Waitany). Deciding every send when it is posted is the oracle: on every
 * corpus program, example and fixture, on random wildcard programs and on random programs of blocking and
 * non-blocking calls with Waitany, both give the same verdict and the same warnings and errors (kind, severity,
 * line), wherever the oracle's exploration finishes.
 */
class LateBufferingTest {
    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(2, 3, 4);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void sameFindingsAsDecidingAtEachSend(Path file, int np) {
        compare(file.toString(), Repo.read(file), np);
    }

    static Stream<Arguments> randomWildcards() {
        return IntStream.range(0, 60).mapToObj(seed -> Arguments.of(seed, 3 + seed % 2));
    }

    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomWildcards")
    void randomWildcardProgramsSameFindings(int seed, int np) {
        String src = StateCachingTest.RandomPrograms.wildcards(seed, np);
        compare("Gen" + seed + ".java", src, np);
        compareDeadlocks("Gen" + seed + ".java", src, np);
    }

    static Stream<Arguments> randomNonblocking() {
        return IntStream.range(0, 80).mapToObj(seed -> Arguments.of(seed, 2 + seed % 3));
    }

    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomNonblocking")
    void randomNonblockingProgramsSameFindings(int seed, int np) {
        String src = nonblocking(seed, np);
        compare("Nb" + seed + ".java", src, np);
        compareDeadlocks("Nb" + seed + ".java", src, np);
    }

    /**
     * Head-to-head exchanges (the lower rank sends first), then workers reporting to a master's wildcard receives and
     * then to its receives in rank order. The exchanges' sends are matched before any fence: deciding late, they need no
     * decision; deciding at each send, all 12 of them had one in every run.
     */
    @Test
    void exchangesWhoseReceivesArePostedNeedNoDecision() {
        String src = """
                import mpi.*;
                public class Exchanges {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        int p = rank % 2 == 0 ? rank + 1 : rank - 1;
                        int[] b = new int[1];
                        for (int i = 0; i < 3; i++) {
                            if (p < size) {
                                if (rank < p) { w.Send(b, 0, 1, MPI.INT, p, 0); w.Recv(b, 0, 1, MPI.INT, p, 0); }
                                else { w.Recv(b, 0, 1, MPI.INT, p, 0); w.Send(b, 0, 1, MPI.INT, p, 0); }
                            }
                        }
                        w.Barrier();
                        if (rank != 0) w.Send(new int[] {rank}, 0, 1, MPI.INT, 0, 9);
                        else for (int i = 1; i < size; i++) w.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 9);
                        if (rank == 0) for (int i = 1; i < size; i++) w.Recv(b, 0, 1, MPI.INT, i, 4);
                        else w.Send(b, 0, 1, MPI.INT, 0, 4);
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("Exchanges.java", src);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Exploration late = new AnalysisContext(p, 4, b, () -> false).explore(BufferPolicy.PER_SEND);
        b.lateBuffering = false;
        Exploration atPost = new AnalysisContext(p, 4, b, () -> false).explore(BufferPolicy.PER_SEND);
        assertEquals(0, exchangeDecisions(late), late.first().decisions().toString());
        assertEquals(12, exchangeDecisions(atPost), atPost.first().decisions().toString());
        assertFalse(late.anyDeadlock());
        compare("Exchanges.java", src, 4);
    }

    /**
     * A ring shift (send right, then receive from the left, three rounds) at np=5: every send waits at a fence, but
     * the runs that buffer some of a round's sends meet again at the next round's fence, where deciding at each send
     * gives every order of posting its own states. Measured: 34 runs and 60 cut late, 711 runs and 549 cut at each send;
     * the default budget of 200 runs covers the first and not the second. Both find the send cycle.
     */
    @Test
    void aRingShiftFitsTheBudgetDecidedLate() {
        String src = """
                import mpi.*;
                public class Shift {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        int[] out = {rank}, in = new int[1];
                        for (int round = 0; round < 3; round++) {
                            w.Send(out, 0, 1, MPI.INT, (rank + 1) % size, 7);
                            w.Recv(in, 0, 1, MPI.INT, (rank + size - 1) % size, 7);
                            out[0] = in[0];
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("Shift.java", src);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.learnedModel = false;
        Exploration late = new AnalysisContext(p, 5, b, () -> false).explore(BufferPolicy.PER_SEND);
        b.lateBuffering = false;
        Exploration atPost = new AnalysisContext(p, 5, b, () -> false).explore(BufferPolicy.PER_SEND);
        assertTrue(late.complete(), "late: " + late.runs().size() + " runs, " + late.cut() + " cut");
        assertFalse(atPost.complete(), "at each send: " + atPost.runs().size() + " runs, " + atPost.cut() + " cut");
        assertTrue(late.anyDeadlock() && atPost.anyDeadlock());
        compare("Shift.java", src, 4);
    }

    /**
     * The oracle must see what a late decision could hide: rank 0's Isend, if buffered, completes before the receive
     * beside it, and Waitany then returns its index, after which rank 0 waits for a message nobody sends. Deciding
     * only at a fence, the receive would always complete first (its sender runs before any fence).
     */
    @Test
    void waitanyDecidesTheSendsItAsksAbout() {
        String src = """
                import mpi.*;
                public class FirstDone {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank();
                        int[] a = new int[1], c = new int[1];
                        if (rank == 0) {
                            Request s = w.Isend(a, 0, 1, MPI.INT, 1, 0);
                            Request r = w.Irecv(c, 0, 1, MPI.INT, 2, 0);
                            Status first = Request.Waitany(new Request[] {s, r});
                            if (first.index == 0) w.Recv(c, 0, 1, MPI.INT, 1, 5);
                            r.Wait();
                            s.Wait();
                        } else if (rank == 1) {
                            w.Recv(a, 0, 1, MPI.INT, 2, 0);
                            w.Recv(a, 0, 1, MPI.INT, 0, 0);
                        } else {
                            w.Send(c, 0, 1, MPI.INT, 0, 0);
                            w.Send(c, 0, 1, MPI.INT, 1, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("FirstDone.java", src);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Exploration late = new AnalysisContext(p, 3, b, () -> false).explore(BufferPolicy.PER_SEND);
        assertTrue(late.complete() && late.anyDeadlock(), "buffered, the Isend completes first: " + late.runs().size());
        assertFalse(late.allDeadlock(), "unbuffered, the receive completes first");
        compare("FirstDone.java", src, 3);
    }

    /**
     * The per-send exploration itself, which the analysis runs only when neither extreme deadlocks (rarely, in random
     * programs): deciding late and cutting covered runs, it must reach the same deadlocks — the same ranks stuck at the
     * same lines — as deciding at each send without those cuts.
     */
    private static void compareDeadlocks(String name, String source, int np) {
        Program p = Program.parse(name, source);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 1000;
        b.learnedModel = false;
        b.lateBuffering = false;
        Exploration atPost = new AnalysisContext(p, np, b, () -> false).explore(BufferPolicy.PER_SEND);
        if (!atPost.complete()) return;
        b.lateBuffering = true;
        Exploration late = new AnalysisContext(p, np, b, () -> false).explore(BufferPolicy.PER_SEND);
        assertTrue(late.complete(), name + " np=" + np);
        assertEquals(deadlocks(atPost), deadlocks(late), name + " np=" + np + "\n" + source);
    }

    /** Each deadlocked run's stuck ranks and lines. */
    private static java.util.Set<String> deadlocks(Exploration e) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (var run : e.runs()) {
            if (!run.deadlocked()) continue;
            out.add(run.blocked().stream().map(x -> x.rank() + "@" + (x.event() == null ? -1 : x.event().site().line()))
                    .sorted().toList().toString());
        }
        return out;
    }

    /** Buffering decisions of the first run at the exchanges' sends (lines 11 and 12). */
    private static long exchangeDecisions(Exploration e) {
        return e.first().decisions().stream()
                .filter(d -> d.what().startsWith("buffer") && (d.what().endsWith(":11") || d.what().endsWith(":12"))).count();
    }

    private static void compare(String name, String source, int np) {
        StateCachingTest.assertSameFindings(StateCachingTest.analyze(name, source, np, b -> b.lateBuffering = false),
                () -> StateCachingTest.analyze(name, source, np, b -> b.lateBuffering = true), name + " np=" + np + "\n" + source);
    }

    /**
     * A random program of messages between {@code np} ranks: each is sent with Send or Isend and received with Recv or
     * Irecv, from its source or from ANY_SOURCE, with any tag or its own; what a receive gets steers the tags of later
     * sends; now and then a rank asks Waitany which of its last two requests completed first, adds the index to its
     * state and waits for the other. Mostly sends first, so that some of them wait at a fence and some do not.
     */
    static String nonblocking(long seed, int np) {
        Random r = new Random(seed);
        int messages = np + r.nextInt(2 * np);
        List<List<String>> sends = new ArrayList<>(), recvs = new ArrayList<>();
        for (int k = 0; k < np; k++) {
            sends.add(new ArrayList<>());
            recvs.add(new ArrayList<>());
        }
        for (int m = 0; m < messages; m++) {
            int src = r.nextInt(np), dst = np == 1 ? 0 : (src + 1 + r.nextInt(np - 1)) % np;
            boolean anyTag = r.nextBoolean();
            String tag = anyTag && r.nextBoolean() ? "(x % 2)" : "0";
            sends.get(src).add(r.nextBoolean()
                    ? "            buf[0] = x; w.Send(buf, 0, 1, MPI.INT, " + dst + ", " + tag + ");\n"
                    : "            rq[nr++] = w.Isend(new int[] {x}, 0, 1, MPI.INT, " + dst + ", " + tag + ");\n");
            String from = r.nextBoolean() ? "MPI.ANY_SOURCE" : String.valueOf(src);
            String t = anyTag ? "MPI.ANY_TAG" : "0";
            recvs.get(dst).add(r.nextBoolean()
                    ? "            { Status st = w.Recv(got, 0, 1, MPI.INT, " + from + ", " + t + "); x += st.source * 3 + got[0]; }\n"
                    : "            rq[nr++] = w.Irecv(new int[1], 0, 1, MPI.INT, " + from + ", " + t + ");\n");
        }
        String waitany = "            if (nr >= 2) { Request a = rq[nr - 2], c = rq[nr - 1];"
                + " Status f = Request.Waitany(new Request[] {a, c}); x += f.index; (f.index == 0 ? c : a).Wait(); nr -= 2; }\n";
        StringBuilder b = new StringBuilder();
        b.append("import mpi.*;\npublic class Nb").append(seed).append(" {\n")
                .append("    public static void main(String[] args) throws Exception {\n")
                .append("        MPI.Init(args);\n")
                .append("        Intracomm w = MPI.COMM_WORLD;\n")
                .append("        int rank = w.Rank();\n")
                .append("        int[] buf = new int[1];\n        int[] got = new int[1];\n        int x = rank;\n")
                .append("        Request[] rq = new Request[32];\n        int nr = 0;\n");
        for (int k = 0; k < np; k++) {
            List<String> mine = new ArrayList<>(sends.get(k));
            if (r.nextInt(10) < 7) mine.addAll(recvs.get(k));
            else for (String rc : recvs.get(k)) mine.add(r.nextInt(mine.size() + 1), rc);
            for (int i = 0, n = r.nextInt(3); i < n && !mine.isEmpty(); i++) mine.add(1 + r.nextInt(mine.size()), waitany);
            b.append("        if (rank == ").append(k).append(") {\n");
            for (String o : mine) b.append(o);
            b.append("        }\n");
        }
        b.append("        for (int i = 0; i < nr; i++) rq[i].Wait();\n");
        b.append("        MPI.Finalize();\n    }\n}\n");
        return b.toString();
    }
}
