package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * The data-dependent path a deadlock message names stays readable however long the path was, and a
 * deadlock shared by several ranks names each of them once.
 */
class DeadlockMessageTest {

    @Test
    void repeatsAreCountedAndALongPathIsCut() {
        List<String> steps = new ArrayList<>();
        steps.add("loop condition at line 69 taken (true)");
        for (int i = 0; i < 5000; i++) steps.add("loop condition at line 70 on rank " + (i % 3 == 0 ? 0 : 1) + " taken (true)");
        steps.add("loop condition at line 70 on rank 1 not taken (false)");
        String path = DeadlockAnalysis.describePath(steps);
        assertTrue(path.length() < 600, path.length() + ": " + path);
        assertTrue(path.startsWith("loop condition at line 69 taken (true), "), path);
        assertTrue(path.endsWith("loop condition at line 70 on rank 1 not taken (false)"), path);
        assertTrue(path.contains(" x 2") && path.contains("more decisions"), path);
    }

    @Test
    void aShortPathIsGivenWhole() {
        List<String> steps = List.of("branch at line 5 taken (true)", "branch at line 5 taken (true)", "branch at line 9 not taken (false)");
        assertEquals("branch at line 5 taken (true) x 2, branch at line 9 not taken (false)", DeadlockAnalysis.describePath(steps));
    }

    /**
     * The commonest real bug of the manifest: a program written for two processes started with four. Ranks 2 and 3
     * wait for rank 0, which sent its message to rank 1 only: the finding says where it went. When rank 0 sends to
     * every worker, nothing is said (the receive that took the message is elsewhere, not a wrong destination).
     */
    @Test
    void anUnmatchedReceiveSaysWhereItsSourcesMessagesWent() {
        String src = """
                import mpi.*;
                public class TwoOnly {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] v = new int[1];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 100);
                        } else {
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 100);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        List<Finding> errors = Repo.analyze("TwoOnly.java", src, 4).findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(FindingKind.UNMATCHED_RECV, errors.get(0).kind());
        assertTrue(errors.get(0).message().endsWith("No send matches this Recv(from 0, tag 100) on rank 2; rank 0 sent tag 100 only to rank 1 (line 8)"),
                errors.get(0).message());

        String twice = src.replace("MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 100);",
                "MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 100); MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 2, 100);")
                .replace("MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 100);", "MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 100); if (rank == 2) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 100);");
        List<Finding> e2 = Repo.analyze("TwoOnly.java", twice, 3).findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertEquals(1, e2.size(), e2.toString());
        assertFalse(e2.get(0).message().contains("only to"), e2.get(0).message());
    }

    /**
     * The MPJ Express test {@code syncbug} (written for two processes) started with four: rank 0 and
     * rank 1 reach the Barrier, ranks 2 and 3 wait for a message from rank 0. Each of ranks 2 and 3
     * forms its own cycle with rank 0; the finding names both, once each.
     */
    @Test
    void aFanInDeadlockNamesEveryWaitingRankOnce() {
        String src = """
                import mpi.*;
                public class FanIn {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (me == 0) {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 5);
                        } else {
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 5);
                        }
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("FanIn.java", src, 4);
        List<Finding> errors = r.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertEquals(1, errors.size(), errors.toString());
        Finding f = errors.get(0);
        assertTrue(f.ranks().containsAll(List.of(0, 2, 3)), f.ranks() + " " + f.message());
        assertEquals(1, f.message().split("the same happens", -1).length - 1, f.message());
        assertTrue(f.message().contains("the same happens on ranks 0, 3"), f.message());
    }

    /**
     * Every rank probes for any message before it sends one: at np=4 the wait-for graph has three cycles through the
     * same probe, one problem to fix. The finding says once where else it happens (each merged group used to add its
     * own note).
     */
    @Test
    void sameCodeOnManyGroupsIsNotedOnce() {
        String src = """
                import mpi.*;
                public class AllProbe {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank(), n = MPI.COMM_WORLD.Size();
                        int[] b = new int[1];
                        Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, st.source, st.tag);
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, (me + 1) % n, 0);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("AllProbe.java", src, 4);
        List<Finding> errors = r.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
        assertEquals(1, errors.size(), errors.toString());
        String m = errors.get(0).message();
        assertTrue(m.split("the same happens", -1).length - 1 <= 1, m);
    }

    /**
     * A farm whose master answers rank 1 specially when rank 3 reported first deadlocks without buffering too (a
     * message race): the message is told from a zero-buffer execution, with no culprit sends (they matter only where
     * buffering is what lets a rank run ahead), and names the master's first wildcard match, not the first posted send. At np=8 it named 42 potential-culprit pairs, 9.7 KB, many alike.
     */
    @Test
    void aMessageRaceNamesNoCulpritSends() {
        String src = """
                import mpi.*;
                public class FarmRace {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] b = new int[1];
                        if (rank == 0) {
                            int firstSource = -1;
                            for (int i = 0; i < 2 * (size - 1); i++) {
                                Status st = MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 7);
                                if (i == 0) firstSource = st.source;
                            }
                            if (firstSource == 3) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 9);
                        } else {
                            for (int k = 0; k < 2; k++) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 7);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String m = message(Repo.analyze("FarmRace.java", src, 8), FindingKind.MESSAGE_RACE);
        assertFalse(m.contains("culprit"), m);
        assertTrue(m.length() < 400, m.length() + " characters: " + m);
        assertTrue(m.contains("can match rank 3's Send"), "the master's first wildcard, which decides the race: " + m);
    }

    /**
     * Buffering only: every worker's send to rank 1 lets its send to the master compete with rank 1's for the
     * master's first wildcard (slack paper Fig. 1(b), six times at np=8). Each potential-culprit sentence is said once,
     * at most three, the rest counted.
     */
    @Test
    void potentialCulpritsAreSaidOnceAndCounted() {
        String src = """
                import mpi.*;
                public class FirstFromOne {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] b = new int[1];
                        if (rank == 0) {
                            Status st = MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 7);
                            if (st.source != 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 99);
                            for (int i = 2; i < size; i++) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 7);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 7);
                            for (int w = 2; w < size; w++) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, w, 5);
                        } else {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 5);
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 7);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String m = message(Repo.analyze("FirstFromOne.java", src, 8), FindingKind.SLACK_INELASTIC);
        String[] sentences = m.split("\\. ");
        assertEquals(java.util.Arrays.stream(sentences).distinct().count(), sentences.length, m);
        assertEquals(3, m.split("Potential culprit", -1).length - 1, m);
        assertTrue(m.contains("And 3 more like these"), m);
    }

    private static String message(RunReport r, FindingKind kind) {
        return r.findings().stream().filter(f -> f.kind() == kind).findFirst().orElseThrow(() -> new AssertionError(r.findings()))
                .message();
    }

    /**
     * A peer the analysis could not compute turns a deadlock it could release into a warning, and
     * leaves one it could not release an error (fixtures {@code UnknownDestination} and
     * {@code UnknownPeerElsewhere}: a send to an unknown rank can feed a blocked receive, not a blocked send).
     */
    @Test
    void anUnknownPeerOnlySoftensTheDeadlocksItCouldRelease() {
        RunReport feeds = Repo.analyze(Repo.fixtures().resolve("UnknownDestination.java"), 2);
        assertTrue(feeds.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR), feeds.findings().toString());
        assertTrue(feeds.findings().stream().anyMatch(f -> f.severity() == Severity.WARNING && f.message().contains("could not be computed")),
                feeds.findings().toString());
        RunReport elsewhere = Repo.analyze(Repo.fixtures().resolve("UnknownPeerElsewhere.java"), 3);
        assertTrue(elsewhere.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.kind().id().equals("send-cycle")
                && !f.message().contains("could not be computed")), elsewhere.findings().toString());
    }

    /**
     * A deadlock that needs a test of main's args[1] to come out one way: under MPJ Express args[1] is
     * the process count. A master that loops up to it is clean with that value and gets only a warning
     * (fixture ProcessCountFromArgs); a rank that waits exactly when args[1] equals the process count hangs
     * with MPJ Express's value, and the second analysis with those values makes it an error again.
     */
    @Test
    void aTestOfMainsRuntimeArgumentsIsAnErrorOnlyWhenMpjsValuesHangToo() {
        RunReport clean = Repo.analyze(Repo.fixtures().resolve("ProcessCountFromArgs.java"), 4);
        Finding possible = clean.findings().stream().filter(f -> f.kind().id().equals("unmatched-send")).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, possible.severity(), possible.message());
        assertTrue(possible.message().contains(DeadlockAnalysis.RUNTIME_ARG_PATH), possible.message());

        String src = """
                import mpi.*;
                public class RecheckCount {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int expected = Integer.parseInt(args[1]);
                        int[] report = new int[1];
                        if (me == 0 && expected == size) {
                            MPI.COMM_WORLD.Recv(report, 0, 1, MPI.INT, 1, 3);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("RecheckCount.java", src, np);
            Finding hang = r.findings().stream().filter(f -> f.kind().id().equals("unmatched-recv")).findFirst().orElseThrow();
            assertEquals(Severity.ERROR, hang.severity(), hang.message());
            assertTrue(hang.message().contains(DeadlockAnalysis.RUNTIME_ARG_CONFIRMED), hang.message());
        }
    }

    private static final String RACE = """
            import mpi.*;
            public class Race {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int[] b = new int[1];
                    if (me == 0) {
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 1);
                    } else if (me == 1) {
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 1);
                    } else if (me == 2 && %s) {
                        MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 1);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * The wildcard receive may take rank 1's message, and the receive from rank 1 then waits forever: a race. When
     * rank 2 sends on data the analysis cannot compute, every deadlocked run went through that branch: possible, a
     * warning naming the path, as for any deadlock on such a path. When rank 2 always sends, the race is certain.
     */
    @Test
    void aRaceFoundOnlyPastABranchOnDataIsAWarning() {
        RunReport onData = Repo.analyze("Race.java", RACE.formatted("Math.random() > 0.5"), 3);
        List<Finding> problems = onData.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
        assertFalse(problems.isEmpty(), onData.findings().toString());
        assertTrue(problems.stream().allMatch(f -> f.severity() == Severity.WARNING
                && f.message().contains("possible: only if data the analysis cannot compute takes this path: branch at line 12 on rank 2")),
                problems.toString());
        RunReport always = Repo.analyze("Race.java", RACE.formatted("true"), 3);
        assertTrue(always.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.kind() == FindingKind.MESSAGE_RACE
                && !f.message().contains("possible")), always.findings().toString());
    }
}
