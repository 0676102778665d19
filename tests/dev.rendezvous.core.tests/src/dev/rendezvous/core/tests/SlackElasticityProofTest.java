package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis;
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.Explorer.Exploration;

/**
 * The zero-buffer proof that no buffering adds a wildcard match ({@code SlackElasticityProof}), which lets the
 * deadlock analysis skip the per-send buffering exploration, against that exploration itself: wherever the proof
 * holds, the per-send exploration (exhaustive, without state caching) must find no deadlock.
 */
class SlackElasticityProofTest {

    private record Outcome(boolean applicable, boolean proved, Exploration perSend) {}

    /**
     * Explores as the deadlock analysis does (unbounded, then zero buffering, with state caching) and, where the
     * analysis would add the per-send exploration (neither deadlocks, both complete, a wildcard or buffering choice
     * was met), whether the proof holds and what the per-send exploration without state caching finds (it may stop at
     * its budget: a deadlock it finds is still one).
     */
    private static Outcome run(String name, String source, int np) {
        Program p = Program.parse(name, source);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 2000;
        b.learnedModel = false; // the proof judges the stateless search's executions
        AnalysisContext ctx = new AnalysisContext(p, np, b, () -> false);
        Exploration unbounded = ctx.explore(BufferPolicy.UNBOUNDED), zero = ctx.explore(BufferPolicy.ZERO);
        if (!unbounded.complete() || !zero.complete() || !DeadlockAnalysis.exploresPerSend(unbounded, zero, false)) {
            return new Outcome(false, false, null);
        }
        Budgets exhaustive = b.copy();
        exhaustive.stateCaching = false;
        Exploration perSend = new AnalysisContext(p, np, exhaustive, () -> false).explore(BufferPolicy.PER_SEND);
        return new Outcome(true, ctx.zeroBufferShowsEveryBuffering(), perSend);
    }

    /** The unbounded exploration itself, run in full (state caching on), whatever the proof says. */
    private static Exploration fullUnbounded(Program p, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 2000;
        return Explorer.explore(BufferPolicy.UNBOUNDED, b.maxRuns, System.nanoTime() + 60_000_000_000L,
                (prefix, cache) -> Extractor.run(p, np, BufferPolicy.UNBOUNDED, null, prefix, cache, b, new Assumptions(), 60_000),
                false, true);
    }

    /**
     * Where the zero-buffer runs stand for the unbounded exploration (only its first run or two are kept), the full
     * unbounded exploration finds no deadlock either, and ends in the same ways (completing, or failing by Abort).
     */
    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void unboundedShownByZeroAgreesWithTheFullExploration(Path file, int np) {
        unboundedAgrees(file.toString(), Repo.read(file), np);
    }

    /**
     * The same on random programs: the state-caching tests' wildcard programs (matchings steer values and tags; few
     * of them get this far, most deadlock) and the blocking programs below, with and without collectives (39 of the
     * 1200 at the last count).
     */
    @Test
    void unboundedShownByZeroAgreesOnRandomPrograms() {
        int shown = 0;
        for (int seed = 0; seed < 600; seed++) {
            int np = 3 + seed % 2;
            if (unboundedAgrees("Gen" + seed + ".java", StateCachingTest.RandomPrograms.wildcards(seed, np), np)) shown++;
            if (unboundedAgrees("Gen" + seed + ".java", randomProgram(seed, np, seed % 3 == 0), np)) shown++;
        }
        assertTrue(shown >= 25, "programs whose unbounded exploration the zero-buffer runs stood for: " + shown);
    }

    /** Checks one program; true when its unbounded exploration was shown by the zero-buffer one. */
    private static boolean unboundedAgrees(String name, String source, int np) {
        Path file = Path.of(name);
        Program p = Program.parse(name, source);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        AnalysisContext ctx = new AnalysisContext(p, np, b, () -> false);
        Exploration shown = ctx.explore(BufferPolicy.UNBOUNDED);
        if (!ctx.unboundedShownByZero()) return false;
        assertTrue(shown.runs().size() <= 2, shown.runs().size() + " runs");
        Exploration full = fullUnbounded(p, np);
        assertFalse(full.anyDeadlock(), file + " np=" + np + "\n" + source);
        assertEquals(outcomes(ctx.explore(BufferPolicy.ZERO)), outcomes(full), file + " np=" + np + "\n" + source);
        return true;
    }

    private static java.util.Set<String> outcomes(Exploration e) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (var r : e.runs()) out.add(r.completed() ? "completed" : r.failed() ? "failed" : r.deadlocked() ? "deadlock" : "other");
        return out;
    }

    @Test
    void workQueueUnboundedIsShownByZero() {
        Path f = Repo.corpus().resolve("programs/WorkQueueAny.java");
        Program p = Program.parse(f.toString(), Repo.read(f));
        Budgets stateless = Budgets.defaults();
        stateless.learnedModel = false; // the analysis itself turns to the learned model after two runs
        AnalysisContext ctx = new AnalysisContext(p, 6, stateless, () -> false);
        Exploration u = ctx.explore(BufferPolicy.UNBOUNDED);
        assertTrue(ctx.unboundedShownByZero() && u.complete() && u.runs().size() <= 2, u.runs().size() + " runs");
        Exploration full = fullUnbounded(p, 6);
        assertTrue(full.complete() && full.runs().size() + full.cut() > 1, "the full exploration has more to do");
        assertFalse(full.anyDeadlock());
    }

    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(2, 3, 4);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void noPerSendDeadlockWhereTheProofHolds(Path file, int np) {
        Outcome o = run(file.toString(), Repo.read(file), np);
        if (o.applicable() && o.proved()) assertFalse(o.perSend().anyDeadlock(), file + " np=" + np);
    }

    @Test
    void workQueueIsProvedAndItsAnalysisReportsNoPerSendDeadlock() {
        Path f = Repo.corpus().resolve("programs/WorkQueueAny.java");
        for (int np = 3; np <= 5; np++) {
            Outcome o = run(f.toString(), Repo.read(f), np);
            assertTrue(o.applicable() && o.proved(), "np=" + np);
            assertFalse(o.perSend().anyDeadlock(), "np=" + np);
        }
        RunReport r = Repo.analyze(f, 8);
        assertEquals(Verdict.NONE, r.verdict());
        assertTrue(r.findings().stream().noneMatch(x -> x.message().contains("per-send buffering")), r.findings().toString());
    }

    @Test
    void blockingFigureTwoAIsNotProvedAndStillReported() {
        Path f = Repo.fixtures().resolve("SlackFig2aBlocking.java");
        Outcome o = run(f.toString(), Repo.read(f), 3);
        assertTrue(o.applicable());
        assertFalse(o.proved(), "rank 0's first send is a culprit");
        assertTrue(o.perSend().anyDeadlock());
        assertEquals(Verdict.DEADLOCK_PARTIAL_BUFFERING, Repo.analyze(f, 3).verdict());
    }

    /**
     * Random blocking programs whose messages follow one global order (so some matching completes without
     * buffering), with most receives made wildcards and, in the second set, collectives of all ranks (Barrier,
     * Bcast, Reduce) between messages: a few are slack-inelastic (at the last count 9 and 12 of 400). The proof
     * must never hold where per-send buffering deadlocks, and it must hold often enough to matter.
     */
    @ParameterizedTest(name = "collectives {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void randomBlockingProgramsNeverProvedWherePerSendBufferingDeadlocks(boolean collectives) {
        int proved = 0, refuted = 0, inelastic = 0;
        for (int seed = 0; seed < 400; seed++) {
            int np = 3 + seed % 2;
            String src = randomProgram(seed, np, collectives);
            Outcome o = run("Gen" + seed + ".java", src, np);
            if (!o.applicable()) continue;
            if (o.proved()) {
                proved++;
                assertFalse(o.perSend().anyDeadlock(), "seed " + seed + " np=" + np + "\n" + src);
            } else {
                refuted++;
                if (o.perSend().anyDeadlock()) inelastic++;
            }
        }
        assertTrue(proved >= 30, "proved " + proved);
        assertTrue(inelastic >= 5, "the generator must make slack-inelastic programs for this test to mean anything: " + inelastic
                + " of " + refuted + " not proved");
    }

    static String randomProgram(long seed, int np, boolean collectives) {
        Random r = new Random(seed);
        int messages = 5 + r.nextInt(6);
        List<List<String>> ops = new ArrayList<>();
        for (int k = 0; k < np; k++) ops.add(new ArrayList<>());
        for (int m = 0; m < messages; m++) {
            if (collectives && r.nextInt(4) == 0) { // a collective of all ranks at this point of the order
                int kind = r.nextInt(3), root = r.nextInt(np);
                String call = kind == 0 ? "MPI.COMM_WORLD.Barrier();" : kind == 1 ? "MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.INT, " + root + ");"
                        : "MPI.COMM_WORLD.Reduce(buf, 0, got, 0, 1, MPI.INT, MPI.SUM, " + root + ");";
                for (int k = 0; k < np; k++) ops.get(k).add("            " + call + "\n");
                continue;
            }
            int src = r.nextInt(np), dst = (src + 1 + r.nextInt(np - 1)) % np;
            ops.get(src).add("            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, " + dst + ", 0);\n");
            String from = r.nextDouble() < 0.8 ? "MPI.ANY_SOURCE" : String.valueOf(src);
            ops.get(dst).add("            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, " + from + ", 0);\n");
        }
        StringBuilder b = new StringBuilder("import mpi.*;\npublic class Gen").append(seed).append(" {\n")
                .append("    public static void main(String[] args) throws Exception {\n")
                .append("        MPI.Init(args);\n        int rank = MPI.COMM_WORLD.Rank();\n")
                .append("        int[] buf = new int[1], got = new int[1];\n");
        for (int k = 0; k < np; k++) {
            b.append("        if (rank == ").append(k).append(") {\n");
            for (String o : ops.get(k)) b.append(o);
            b.append("        }\n");
        }
        return b.append("        MPI.Finalize();\n    }\n}\n").toString();
    }
}
