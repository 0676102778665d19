package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

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
 * {@code GatherElasticity}: a complete learned zero-buffer exploration of a gather (ranks that only send, each to one
 * rank; ranks that only receive, never past a sender's oldest message) spares the unbounded and per-send explorations.
 * Checked against the exhaustive stateless search under all three policies on random gathers, some of which have
 * receives that reach past an older message, where buffering adds matches.
 */
class GatherElasticityTest {

    static AnalysisContext context(Program p, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        return new AnalysisContext(p, np, b, () -> false);
    }

    /**
     * The corpus's {@code ProbeDispatch} at np=8: its per-send exploration was the stateless one, cut by the run budget
     * (7 runs and 772 cut ones, with a note that the exploration was incomplete); now no buffered exploration is needed.
     */
    @Test
    void probeDispatchNeedsNoBufferedExploration() {
        assertNoBufferedExplorationNeeded("ProbeDispatch.java");
    }

    /**
     * The corpus program {@code name} at np=8: its zero-buffer exploration is complete without deadlock and shows every
     * buffering, so the unbounded exploration keeps its first run or two and the per-send one is not made; the verdict
     * is "no deadlock", without a note that a search stopped at its budget. Returns the zero-buffer exploration.
     */
    static Exploration assertNoBufferedExplorationNeeded(String name) {
        Program p = Program.parse(name, Repo.read(Repo.corpus().resolve("programs/" + name)));
        AnalysisContext ctx = context(p, 8);
        Exploration unbounded = ctx.explore(BufferPolicy.UNBOUNDED);
        Exploration zero = ctx.explore(BufferPolicy.ZERO);
        assertTrue(zero.complete() && !zero.anyDeadlock());
        assertTrue(unbounded.complete() && unbounded.runs().size() <= 2, unbounded.runs().size() + " unbounded runs");
        assertTrue(ctx.zeroBufferShowsEveryBuffering() && ctx.unboundedShownByZero());
        DeadlockAnalysis.Result r = DeadlockAnalysis.analyze(ctx);
        assertEquals(Verdict.NONE, r.verdict());
        assertTrue(r.findings().stream().noneMatch(f -> f.message().contains("before the budget ran out")), r.findings().toString());
        return zero;
    }

    /**
     * Rank 1 sends tags 1 then 2, rank 2 tag 2; the master's first receive takes tag 2 from any source. Without
     * buffering only rank 2's message can match it; with rank 1's first send buffered, rank 1's second can, and the
     * master then waits for a message nobody sends. The receive reaches past rank 1's older message: not elastic.
     */
    @Test
    void aReceiveReachingPastAnOlderMessageIsNotElastic() {
        String src = """
                import mpi.*;
                public class PastOlder {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 0) {
                            Status st = MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 2);
                            if (st.source == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 2, 7);
                            Status s2 = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, s2.source, s2.tag);
                            Status s3 = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, s3.source, s3.tag);
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 1);
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 2);
                        } else {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 2);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        AnalysisContext ctx = context(Program.parse("PastOlder.java", src), 3);
        ctx.explore(BufferPolicy.UNBOUNDED);
        Exploration zero = ctx.explore(BufferPolicy.ZERO);
        assertTrue(zero.complete() && !zero.anyDeadlock(), "without buffering only rank 2's message matches first");
        assertFalse(ctx.zeroBufferShowsEveryBuffering());
        assertNotEquals(Verdict.NONE, DeadlockAnalysis.analyze(ctx).verdict(), "buffering rank 1's first send deadlocks");
        // rank 1 sending tag 2 twice: the wildcard can take only the oldest message of each sender
        AnalysisContext same = context(Program.parse("PastOlder.java", src.replace("MPI.INT, 0, 1);", "MPI.INT, 0, 2);")
                .replace("if (st.source == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 2, 7);", "")), 3);
        same.explore(BufferPolicy.UNBOUNDED);
        same.explore(BufferPolicy.ZERO);
        assertTrue(same.zeroBufferShowsEveryBuffering());
        assertEquals(Verdict.NONE, DeadlockAnalysis.analyze(same).verdict());
    }

    /**
     * Random gathers at np=3 and 4: whether the analysis finds a deadlock is whether the exhaustive search finds one
     * under some policy, and wherever the elasticity of the gather was claimed, no buffered execution deadlocks. Both
     * outcomes of the check occur among the seeds, and gathers that only deadlock when buffered (else the generator tests
     * nothing).
     */
    @Test
    void randomGathersAgreeWithTheExhaustiveSearch() {
        int claimed = 0, refuted = 0, bufferingOnly = 0, compared = 0;
        for (int seed = 0; seed < 300; seed++) {
            int np = 3 + seed % 2;
            String src = gather(seed, np);
            Program p = Program.parse("Gen.java", src);
            Exploration[] oracle = new Exploration[3];
            BufferPolicy[] policies = {BufferPolicy.ZERO, BufferPolicy.UNBOUNDED, BufferPolicy.PER_SEND};
            boolean complete = true, deadlock = false;
            for (int i = 0; i < 3; i++) {
                oracle[i] = exhaustive(p, np, policies[i]);
                complete &= oracle[i].complete();
                deadlock |= oracle[i].anyDeadlock();
            }
            if (!complete) continue;
            compared++;
            AnalysisContext ctx = context(p, np);
            Verdict v = DeadlockAnalysis.analyze(ctx).verdict();
            assertEquals(deadlock, v != Verdict.NONE, "some execution deadlocks (" + v + "):\n" + src);
            if (ctx.unboundedShownByZero()) {
                claimed++;
                assertFalse(oracle[1].anyDeadlock() || oracle[2].anyDeadlock(), "claimed elastic, but buffering deadlocks:\n" + src);
            } else if (!oracle[0].anyDeadlock()) {
                refuted++;
                if (oracle[1].anyDeadlock() || oracle[2].anyDeadlock()) bufferingOnly++;
            }
        }
        String counts = compared + " compared, " + claimed + " claimed elastic, " + refuted + " deadlock-free without buffering not, "
                + bufferingOnly + " of them deadlocking with buffering";
        assertTrue(compared >= 250 && claimed >= 20 && bufferingOnly >= 5, counts);
    }

    static Exploration exhaustive(Program p, int np, BufferPolicy policy) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Assumptions assumptions = new Assumptions();
        return Explorer.explore(policy, 20_000, System.nanoTime() + 60_000_000_000L,
                (prefix, cache) -> Extractor.run(p, np, policy, null, prefix, cache, b, assumptions, 60_000), false, false);
    }

    /**
     * Workers send rank 0 one to three messages, tags 0 or 1, some synchronous; sometimes one worker sends its last
     * message to another worker instead, which receives it first. Rank 0 takes as many messages as were sent to it,
     * each by a probe for any source (any tag or one) and a receive of what it saw, a wildcard receive (any tag or
     * one), or a receive from a named worker. Some masters wait for one more message when the first came from rank
     * 1 (a deadlock some orders reach); some start with a wildcard receive of one tag and wait for one more message
     * when it came from a worker whose older message has the other tag (a deadlock only buffering reaches), and take the
     * other messages by probe and receive.
     */
    static String gather(long seed, int np) {
        Random r = new Random(seed * 7919 + 13);
        int toMaster = 0;
        boolean relay = r.nextInt(5) == 0;
        java.util.List<java.util.List<Integer>> tags = new java.util.ArrayList<>();
        StringBuilder workers = new StringBuilder();
        tags.add(java.util.List.of());
        for (int w = 1; w < np; w++) {
            int count = 1 + r.nextInt(3);
            boolean oneTag = r.nextInt(3) > 0;
            int tag0 = r.nextInt(2);
            java.util.List<Integer> mine = new java.util.ArrayList<>();
            workers.append("        if (rank == ").append(w).append(") {\n");
            if (relay && w == np - 1) workers.append("            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 1, 3);\n");
            for (int i = 0; i < count; i++) {
                boolean toOther = relay && w == 1 && i == count - 1;
                int tag = toOther ? 3 : oneTag ? tag0 : r.nextInt(2);
                workers.append("            MPI.COMM_WORLD.").append(r.nextInt(3) == 0 ? "Ssend" : "Send").append("(buf, 0, 1, MPI.INT, ")
                        .append(toOther ? np - 1 : 0).append(", ").append(tag).append(");\n");
                if (!toOther) {
                    toMaster++;
                    mine.add(tag);
                }
            }
            tags.add(mine);
            workers.append("        }\n");
        }
        StringBuilder b = new StringBuilder();
        b.append(Repo.generatedProgramStart("Gather" + seed))
                .append("        if (rank == 0) {\n            int first = -1;\n            Status st;\n");
        int lateTag = r.nextInt(3) == 0 ? r.nextInt(2) : -1, latecomer = -1;
        for (int w = 1; w < np && lateTag >= 0; w++) {
            java.util.List<Integer> t = tags.get(w);
            if (!t.isEmpty() && t.get(0) != lateTag && t.contains(lateTag)) latecomer = w;
        }
        for (int k = 0; k < toMaster; k++) {
            String tag = r.nextInt(3) == 0 && latecomer < 0 ? String.valueOf(r.nextInt(2)) : "MPI.ANY_TAG";
            if (k == 0 && latecomer > 0) {
                b.append("            st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, ").append(lateTag).append(");\n");
            } else {
                switch (k == 0 || latecomer > 0 ? 0 : r.nextInt(6)) {
                    case 0, 1, 2 -> b.append("            st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, ").append(tag).append(");\n")
                            .append("            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, st.source, st.tag);\n");
                    case 3, 4 -> b.append("            st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, ").append(tag).append(");\n");
                    default -> b.append("            st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, ").append(1 + r.nextInt(np - 1)).append(", ")
                            .append(tag).append(");\n");
                }
            }
            b.append("            if (first < 0) first = st.source;\n");
        }
        if (latecomer > 0) {
            b.append("            if (first == ").append(latecomer).append(") MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 1, 9);\n");
        } else if (r.nextInt(4) == 0) {
            b.append("            if (first == 1) MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, ").append(np - 1).append(", 0);\n");
        }
        b.append("        }\n").append(workers).append("        MPI.Finalize();\n    }\n}\n");
        return b.toString();
    }
}
