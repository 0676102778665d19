package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.cli.Validation;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Severity;

/**
 * Every offered fix, applied: the finding is gone, no new error appears, the file compiles against
 * mpj.jar, and (where the runtime is installed) the fixed program completes on MPJ Express's
 * multicore device — for Bsend, without "No space left in buffer".
 */
class FixTest {
    @TempDir
    Path work;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of(Repo.examples().resolve("HeadToHead.java"), 2));
        out.add(Arguments.of(Repo.examples().resolve("RingShiftUnsafe.java"), 3));
        out.add(Arguments.of(Repo.corpus().resolve("programs/RingShift.java"), 4));
        out.add(Arguments.of(Repo.corpus().resolve("programs/PairSwapSync.java"), 2));
        out.add(Arguments.of(Repo.examples().resolve("PipeAndRoll.java"), 5));
        out.add(Arguments.of(Repo.examples().resolve("FilterDiamond.java"), 4));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("cases")
    void everyFixRemovesTheProblem(Path program, int np) throws Exception {
        String source = Repo.read(program);
        RunReport before = Repo.analyze(program.toString(), source, np);
        List<Fix> fixes = new ArrayList<>();
        for (Finding f : before.findings()) if (f.severity() == Severity.ERROR) fixes.addAll(f.fixes());
        assertFalse(fixes.isEmpty(), "a fix is offered: " + CorpusTest.describe(before));
        for (Fix fix : fixes) {
            String fixed = fix.applyTo(source);
            RunReport after = Repo.analyze(program.toString(), fixed, np);
            assertFalse(after.hasErrors(), fix.label() + " leaves: " + CorpusTest.describe(after) + "\n" + fixed);
            Path dir = work.resolve(fix.label().replaceAll("\\W+", "_"));
            Files.createDirectories(dir);
            Path file = dir.resolve(program.getFileName());
            Files.writeString(file, fixed);
            if (Files.exists(Path.of("/usr/share/java/mpj.jar"))) {
                Process javac = new ProcessBuilder(System.getProperty("java.home") + "/bin/javac", "-nowarn", "-cp",
                        "/usr/share/java/mpj.jar", "-d", dir.toString(), file.toString()).redirectErrorStream(true).start();
                String out = new String(javac.getInputStream().readAllBytes());
                assertEquals(0, javac.waitFor(), fix.label() + " does not compile:\n" + out + "\n" + fixed);
            }
            if (Validation.runtimeAvailable()) {
                Validation.Observed o = Validation.runOnMpj(file, np, dir, 15);
                assertEquals(Validation.Observed.COMPLETED, o, fix.label() + " on the real runtime; log in " + dir);
            }
        }
        assertTrue(fixes.size() >= 1);
    }

    @org.junit.jupiter.api.Test
    void aSendAndReceiveOnTheSameBufferGetSendrecvReplaceAndNoReorder() {
        RunReport r = Repo.analyze(Repo.examples().resolve("PipeAndRoll.java"), 5);
        List<String> labels = r.findings().stream().flatMap(f -> f.fixes().stream()).map(Fix::label).toList();
        assertTrue(labels.stream().anyMatch(l -> l.contains("Sendrecv_replace")), labels.toString());
        assertTrue(labels.stream().noneMatch(l -> l.endsWith("by Sendrecv") || l.contains("parity") || l.contains("Isend")),
                "Sendrecv, Isend+Wait and a reorder would all alias the rolled block: " + labels);
    }

    /**
     * The editor's markers come from an analysis that does not confirm fixes ({@code Budgets.checkFixes} off): its
     * findings carry the candidates, and only the confirmed ones are offered (from an analysis with the checks). At np=3
     * PairSwapSync's odd rank has no partner, so Sendrecv and Isend leave the deadlock: confirmed, neither is offered;
     * unconfirmed, both are there, on the same findings.
     */
    @org.junit.jupiter.api.Test
    void withoutTheChecksAFindingCarriesItsCandidateFixesAndWithThemOnlyThoseThatWork() {
        Path p = Repo.corpus().resolve("programs/PairSwapSync.java");
        String source = Repo.read(p);
        dev.rendezvous.core.AnalysisOptions checked = dev.rendezvous.core.AnalysisOptions.of(3);
        dev.rendezvous.core.AnalysisOptions candidates = dev.rendezvous.core.AnalysisOptions.of(3);
        candidates.budgets().checkFixes = false;
        RunReport c = dev.rendezvous.core.Rendezvous.analyze(p.toString(), source, checked, () -> false).runs().get(0);
        RunReport u = dev.rendezvous.core.Rendezvous.analyze(p.toString(), source, candidates, () -> false).runs().get(0);
        assertTrue(c.hasErrors() && u.hasErrors(), CorpusTest.describe(c));
        assertEquals(c.findings().stream().map(Finding::message).toList(), u.findings().stream().map(Finding::message).toList(),
                "the same findings either way");
        List<String> confirmed = c.findings().stream().flatMap(f -> f.fixes().stream()).map(Fix::label).toList();
        List<String> offered = u.findings().stream().flatMap(f -> f.fixes().stream()).map(Fix::label).toList();
        assertEquals(List.of(), confirmed, "neither fix removes the deadlock of the rank without a partner");
        assertTrue(offered.stream().anyMatch(l -> l.contains("Sendrecv")) && offered.stream().anyMatch(l -> l.contains("Isend")),
                offered.toString());
        // at np=2 both work, and the checks keep them
        dev.rendezvous.core.AnalysisOptions two = dev.rendezvous.core.AnalysisOptions.of(2);
        RunReport even = dev.rendezvous.core.Rendezvous.analyze(p.toString(), source, two, () -> false).runs().get(0);
        assertTrue(even.findings().stream().flatMap(f -> f.fixes().stream()).count() >= 2, CorpusTest.describe(even));
    }

    @org.junit.jupiter.api.Test
    void theDummyIntervalFixUsesAlgorithmSixEvenWhenTheProgramForwardsDummies() {
        Path p = Repo.examples().resolve("FilterDiamond.java");
        String forwarding = Repo.read(p).replace("FORWARD_DUMMIES = false", "FORWARD_DUMMIES = true");
        RunReport r = Repo.analyze(p.toString(), forwarding, 4);
        List<Fix> fixes = r.findings().stream().flatMap(f -> f.fixes().stream()).toList();
        assertEquals(1, fixes.size(), fixes.toString());
        String fixed = fixes.get(0).applyTo(forwarding);
        assertTrue(fixed.contains("DUMMY_EVERY = { 2, 3, 2, 3 }"), "Algorithm 6 on the diamond with SLOTS {2,1,3,2}");
        RunReport after = Repo.analyze(p.toString(), fixed, 4);
        assertFalse(after.hasErrors());
        // and nothing left to warn about: the table now rules the filtering deadlock out (Theorem 3.3)
        assertTrue(after.findings().stream().filter(f -> f.kind() == dev.rendezvous.core.model.FindingKind.FILTERING_CYCLE)
                .allMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.INFO), after.findings().toString());
        // why not Algorithm 4's {3, 5, -, -}: this program lets data reset the dummy clock, which Algorithm 2 forbids
        String alg4 = forwarding.replace("DUMMY_EVERY = { 0, 0, 0, 0 }", "DUMMY_EVERY = { 3, 5, 0, 0 }");
        assertTrue(Repo.analyze(p.toString(), alg4, 4).hasErrors(), "Algorithm 4's intervals need Algorithm 2 nodes");
    }

    /**
     * MPI makes a call with MPI.PROC_NULL as its peer do nothing, but MPJ Express rejects it (MPIException "requested
     * negative message destination: -3"): Stencil2D's non-periodic edges and a chain's ends (a Send and a Recv to
     * PROC_NULL, each the then-branch of an if with an else, which the guard must not take over) get an
     * invalid-argument warning per call, each with a fix. With every fix applied the warnings are gone,
     * no error appears, and on the runtime the program ends without that exception, which the original throws.
     */
    @org.junit.jupiter.api.Test
    void aProcNullPeerIsSkippedAsMpjExpressNeeds() throws Exception {
        String chain = """
                import mpi.*;
                public class Chain {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int me = MPI.COMM_WORLD.Rank(), n = MPI.COMM_WORLD.Size();
                        int up = me + 1 < n ? me + 1 : MPI.PROC_NULL, down = me > 0 ? me - 1 : MPI.PROC_NULL;
                        int[] v = { me }, w = new int[1];
                        MPI.COMM_WORLD.Sendrecv_replace(v, 0, 1, MPI.INT, up, 1, down, 1);
                        if (me % 2 == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, down, 2);
                        else MPI.COMM_WORLD.Recv(w, 0, 1, MPI.INT, up, 2);
                        if (me % 2 == 0) MPI.COMM_WORLD.Recv(w, 0, 1, MPI.INT, up, 2);
                        else MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, down, 2);
                        MPI.Finalize();
                    }
                }
                """;
        Path stencil = Repo.examples().resolve("Stencil2D.java");
        record Case(String file, String source, int np, int calls) {}
        for (Case c : List.of(new Case("Stencil2D.java", Repo.read(stencil), 4, 4), new Case("Stencil2D.java", Repo.read(stencil), 2, 4),
                new Case("Chain.java", chain, 3, 3))) {
            RunReport before = Repo.analyze(c.file(), c.source(), c.np());
            List<Finding> procNull = before.findings().stream()
                    .filter(f -> f.kind().id().equals("invalid-argument") && f.message().contains("MPI.PROC_NULL")).toList();
            assertEquals(c.calls(), procNull.size(), CorpusTest.describe(before));
            Validation.Observed original = fixesRemoveAnMpjRejection(c.file(), c.source(), c.np(), procNull, "MPI.PROC_NULL",
                    "requested negative message destination");
            if (original != null) assertEquals(Validation.Observed.COMPLETED, original, "the original ends, with the exception");
        }
    }

    /**
     * A C-style Reduce and Gather that pass null as the receive buffer off the root: MPI ignores it there, MPJ Express
     * throws NullPointerException (the job stops). One invalid-argument warning each, with a fix that allocates the
     * buffer on every rank (once in the argument, once in the local variable's initializer); applied, the warnings are
     * gone and on the runtime the program ends without the exception, which the original throws.
     */
    @org.junit.jupiter.api.Test
    void aNullBufferOffTheRootIsAllocatedAsMpjExpressNeeds() throws Exception {
        String src = """
                import mpi.*;
                public class NullRoot {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int n = 4;
                        int[] send = new int[n];
                        for (int i = 0; i < n; i++) send[i] = rank + i;
                        MPI.COMM_WORLD.Reduce(send, 0, rank == 0 ? new int[n] : null, 0, n, MPI.INT, MPI.SUM, 0);
                        int[] all = rank == 0 ? new int[n * size] : null;
                        MPI.COMM_WORLD.Gather(send, 0, n, MPI.INT, all, 0, n, MPI.INT, 0);
                        if (rank == 0) System.out.println(all[n * size - 1]);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport before = Repo.analyze("NullRoot.java", src, 3);
        List<Finding> nulls = before.findings().stream()
                .filter(f -> f.kind().id().equals("invalid-argument") && f.message().contains("is null on rank")).toList();
        assertEquals(List.of(9, 11), nulls.stream().map(f -> f.range().line()).toList(), CorpusTest.describe(before));
        fixesRemoveAnMpjRejection("NullRoot.java", src, 3, nulls, "is null on rank", "NullPointerException");
    }

    /**
     * The warnings {@code found} (each a warning with one fix) for a call MPJ Express rejects, fixed all at once: the
     * fixed program has no error and no finding whose message holds {@code marker}; where the runtime is installed, the
     * original's log holds {@code thrown} and the fixed program's does not, and the fixed program ends. Returns how the
     * original ended (null without the runtime).
     */
    private Validation.Observed fixesRemoveAnMpjRejection(String name, String source, int np, List<Finding> found, String marker,
            String thrown) throws Exception {
        assertTrue(found.stream().allMatch(f -> f.severity() == Severity.WARNING && f.fixes().size() == 1), found.toString());
        List<dev.rendezvous.core.model.TextEdit> edits = new ArrayList<>();
        for (Finding f : found) edits.addAll(f.fixes().get(0).edits());
        String fixed = new Fix("all", edits).applyTo(source);
        RunReport after = Repo.analyze(name, fixed, np);
        assertFalse(after.hasErrors(), CorpusTest.describe(after) + "\n" + fixed);
        assertTrue(after.findings().stream().noneMatch(f -> f.message().contains(marker)), CorpusTest.describe(after));
        if (!Validation.runtimeAvailable()) return null;
        Validation.Observed original = null;
        for (String version : List.of("original", "fixed")) {
            Path d = work.resolve(name.replace(".java", "") + np).resolve(version);
            Files.createDirectories(d);
            Path file = d.resolve(name);
            Files.writeString(file, version.equals("fixed") ? fixed : source);
            Validation.Observed o = Validation.runOnMpj(file, np, d, 20);
            String log = Files.readString(d.resolve(name.replace(".java", "") + "-np" + np + ".log"));
            assertEquals(version.equals("original"), log.contains(thrown), version + " (" + o + "): " + log);
            if (version.equals("fixed")) assertEquals(Validation.Observed.COMPLETED, o, log);
            else original = o;
        }
        return original;
    }
}
