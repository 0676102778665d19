package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.Explorer.Exploration;
import dev.rendezvous.core.semantics.LearnedModelSearch;
import dev.rendezvous.core.semantics.LocalModels;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Explorations by the product of learned automata ({@link LearnedModelSearch}) against the exhaustive stateless
 * search (no state cache), the oracle, under zero, unbounded and per-send buffering: on random programs of wildcard
 * receives, probes followed by a receive from the probed source, and Sendrecv exchanges, both must agree on whether
 * some execution deadlocks, whether every one does, and on every distinct deadlock (which ranks block, at which
 * lines), wherever the exhaustive search finishes. Whole-analysis findings with the learned model are compared in {@link StateCachingTest}, which runs it for
 * every program with a probe or Sendrecv.
 */
class LearnedModelSearchTest {

    static Stream<Arguments> randomPrograms() {
        return underEachPolicy(80, seed -> 3 + seed % 2);
    }

    /** Each seed with its process count, under each of the three buffering policies. */
    private static Stream<Arguments> underEachPolicy(int seeds, java.util.function.IntUnaryOperator np) {
        return IntStream.range(0, seeds).boxed()
                .flatMap(seed -> Stream.of(BufferPolicy.ZERO, BufferPolicy.UNBOUNDED, BufferPolicy.PER_SEND)
                        .map(policy -> Arguments.of(seed, np.applyAsInt(seed), policy)));
    }

    @ParameterizedTest(name = "seed {0} np={1} {2}")
    @MethodSource("randomPrograms")
    void sameDeadlocksAsExhaustive(int seed, int np, BufferPolicy policy) {
        compare(probes(seed, np), np, policy);
    }

    static Stream<Arguments> randomFarms() {
        return underEachPolicy(60, seed -> 3 + seed % 3);
    }

    /** As above on master/worker farms whose deadlocks, where they have one, only some orders of arrival reach. */
    @ParameterizedTest(name = "seed {0} np={1} {2}")
    @MethodSource("randomFarms")
    void farmsSameDeadlocksAsExhaustive(int seed, int np, BufferPolicy policy) {
        compare(farm(seed, np), np, policy);
    }

    static Stream<Arguments> symmetricFarms() {
        return underEachPolicy(60, seed -> 3 + seed % 3);
    }

    /**
     * As above on farms whose workers run the same code (symmetry reduction, {@code RankSymmetry}): the reduced search
     * stores one state per orbit and replays one deadlock per orbit, so deadlocks are compared up to renaming the
     * workers; every deadlock it shows must still be one the exhaustive search meets. Some farms break the symmetry
     * late (the last worker sends once more after a reply that only some orders of arrival give it): the reduction
     * must notice and search the whole product.
     */
    @ParameterizedTest(name = "seed {0} np={1} {2}")
    @MethodSource("symmetricFarms")
    void symmetricFarmsSameDeadlocksUpToRenaming(int seed, int np, BufferPolicy policy) {
        String src = symmetricFarm(seed, np);
        Deadlocks d = agreeWithExhaustive(src, np, policy);
        if (d == null) return; // no oracle
        assertEquals(upToRenaming(d.all()), upToRenaming(d.shown()), "the distinct deadlocks up to renaming workers:\n" + src);
    }

    /**
     * Workers alike but one: rank 3 waits for one more message when it is the last to report (the reply names the order
     * of arrival). The symmetry-reduced search stores each state as the representative where the workers that reported
     * are the highest ranks, so rank 3 is never last in a stored state, and no learning run happens to make it last; only
     * the check that every edge taken has its renamed images learned (a run to the renamed state shows rank 3 doing
     * another call) finds the workers are not interchangeable, and the whole product then has the deadlock. Without
     * that check the search ended complete and without deadlock.
     */
    @Test
    void aWorkerThatDiffersOnlyWhereTheReducedSearchNeverPutsItIsNotTakenAsInterchangeable() {
        String src = """
                import mpi.*;
                public class LastToReport {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] buf = new int[1];
                        int[] got = new int[1];
                        if (rank == 0) {
                            for (int k = 0; k < size - 1; k++) {
                                Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 0);
                                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, st.source, 0);
                                buf[0] = k;
                                MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, st.source, 2);
                            }
                        } else {
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);
                            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 2);
                            if (rank == 3 && got[0] == 4) MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 3);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("LastToReport.java", src);
        LearnedModelSearch.Attempt a = attempt(p, 6);
        Exploration learned = a.exploration();
        assertNotNull(learned);
        assertNull(a.symmetric(), "rank 3 is not interchangeable with the other workers");
        assertTrue(learned.complete() && learned.anyDeadlock() && !learned.allDeadlock());
        assertEquals(Set.of("3@18"), deadlocks(learned));
        assertEquals(deadlocks(exhaustive(p, 6, BufferPolicy.ZERO)), deadlocks(learned));
    }

    /** The symmetry reduction at work: ProbeDispatch's seven workers are one class, and the product one state per orbit. */
    @Test
    void probeDispatchWorkersAreInterchangeable() {
        Program p = Program.parse("ProbeDispatch.java", Repo.read(Repo.corpus().resolve("programs/ProbeDispatch.java")));
        LearnedModelSearch.Attempt a = attempt(p, 10);
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), a.symmetric());
        Exploration learned = a.exploration();
        assertTrue(learned.complete() && !learned.anyDeadlock());
        // multisets of nine workers over five points: C(13, 4) = 715 orbits of the 5^9 = 1,953,125 states
        assertTrue(learned.states() < 2_000, learned.states() + " states");
    }

    /** Deadlock signatures with the workers' ranks (all but rank 0) left out: what a renaming of workers keeps. */
    private static Set<String> upToRenaming(Set<String> deadlocks) {
        Set<String> out = new TreeSet<>();
        for (String d : deadlocks) {
            out.add(Stream.of(d.split(",")).map(x -> x.startsWith("0@") ? x : "w" + x.substring(x.indexOf('@')))
                    .sorted().collect(Collectors.joining(",")));
        }
        return out;
    }

    private static Exploration exhaustive(Program p, int np, BufferPolicy policy) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Assumptions assumptions = new Assumptions();
        return Explorer.explore(policy, 20_000, System.nanoTime() + 60_000_000_000L,
                (prefix, cache) -> Extractor.run(p, np, policy, null, prefix, cache, b, assumptions, 60_000), false, false);
    }

    private static void compare(String src, int np, BufferPolicy policy) {
        Deadlocks d = agreeWithExhaustive(src, np, policy);
        if (d == null) return; // no oracle
        Set<String> all = d.all(), shown = d.shown();
        // the product replays up to 16 distinct deadlocks as runs; the learning runs may show more
        if (all.size() <= 16) assertEquals(all, shown, "the distinct deadlocks:\n" + src);
        else assertTrue(shown.size() >= 16, shown.size() + " of " + all.size() + " distinct deadlocks shown:\n" + src);
    }

    /** The distinct deadlocks the exhaustive search meets and those the learned exploration shows. */
    private record Deadlocks(Set<String> all, Set<String> shown) {}

    /**
     * Checks what the learned exploration and the exhaustive search must agree on whatever the program (complete, some
     * and every execution deadlocking, every deadlock shown one the exhaustive search meets) and returns both sets of
     * deadlocks; null when the exhaustive search does not finish (no oracle).
     */
    private static Deadlocks agreeWithExhaustive(String src, int np, BufferPolicy policy) {
        Program p = Program.parse("Gen.java", src);
        Exploration learned = learned(p, np, policy);
        assertNotNull(learned, "the program is inside the modelled subset:\n" + src);
        Exploration exhaustive = exhaustive(p, np, policy);
        if (!exhaustive.complete()) return null;
        assertTrue(learned.complete());
        assertEquals(exhaustive.anyDeadlock(), learned.anyDeadlock(), "some execution deadlocks:\n" + src);
        assertEquals(exhaustive.allDeadlock(), learned.allDeadlock(), "every execution deadlocks:\n" + src);
        Set<String> all = deadlocks(exhaustive), shown = deadlocks(learned);
        assertTrue(all.containsAll(shown), "every deadlock shown is one the exhaustive search meets:\n" + src);
        return new Deadlocks(all, shown);
    }

    /**
     * A master probes for any message and receives it from the probed source; seven workers send three batches and
     * an end marker (the corpus's ProbeDispatch at np=8): 5^7 = 78,125 global states, which the stateless search does
     * not finish within its run budget, and the learned model does. A probe's outcome names the batch's contents, and
     * the receive it sizes is a node of its own per batch: learning runs seek a batch no run has shown the master
     * probing at its state, not only a worker (62 runs when they told workers apart but not batches, 29 since). The
     * workers are interchangeable (their batches differ in size and contents, which the renaming maps): the product
     * keeps one state per orbit, which worker is where not counted (357 states, 15 runs when written).
     */
    @Test
    void probeDispatchAtEightProcessesFinishes() {
        Program p = Program.parse("ProbeDispatch.java", Repo.read(Repo.corpus().resolve("programs/ProbeDispatch.java")));
        Exploration learned = learned(p, 8);
        assertNotNull(learned);
        assertTrue(learned.complete());
        assertTrue(learned.states() < 1_000, learned.states() + " states: 78,125 without the symmetry reduction");
        assertTrue(learned.runs().size() <= 40, learned.runs().size() + " runs (62 when runs told sources apart but not contents)");
        assertFalse(learned.anyDeadlock());
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        Exploration stateless = explore(p, 8, b, false);
        assertFalse(stateless.complete(), "the stateless search runs out of runs");
        Exploration analysed = explore(p, 8, b, true);
        assertTrue(analysed.complete(), "the analysis uses the learned model for a program with probes");
    }

    /**
     * Learning runs past their script take matches no run has shown from the rank's state ({@code ChoiceSource.curious}):
     * a run then shows many new edges instead of one. {@code WorkQueueAny} at np=6 needed 77 runs when they took the
     * first candidate; its automata and product are the same either way.
     */
    @Test
    void learningRunsSeekMatchesNotSeenYet() {
        Program p = Program.parse("WorkQueueAny.java", Repo.read(Repo.corpus().resolve("programs/WorkQueueAny.java")));
        Exploration learned = learned(p, 6);
        assertNotNull(learned);
        assertTrue(learned.complete());
        assertEquals(48, learned.states());
        assertTrue(learned.runs().size() <= 20, learned.runs().size() + " runs");
    }

    /**
     * A program with wildcard receives (no probe) in the modelled subset explores statelessly first: two runs, enough
     * for one wildcard with two candidates, after which the slack-elasticity proof spares the per-send exploration;
     * a farm whose stateless search needs more (WorkQueueAny: 4 runs and 36 cut ones at np=4, 8 and 392 at np=8)
     * turns to the learned model under every policy, per-send buffering included as the zero-buffer product is small
     * (the analysis does not ask for it: the farm is a star, {@code StarElasticityTest}, but it is still searched here).
     */
    @Test
    void aWildcardFarmTurnsToTheLearnedModelWhenTheStatelessSearchGrows() {
        String twoSenders = """
                import mpi.*;
                public class TwoSenders {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                        } else {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        AnalysisContext small = new AnalysisContext(Program.parse("TwoSenders.java", twoSenders), 3, Budgets.defaults(), () -> false);
        Exploration two = small.explore(BufferPolicy.ZERO);
        assertTrue(two.complete() && two.runs().size() == 2, two.runs().size() + " runs");
        assertTrue(small.zeroBufferShowsEveryBuffering(), "stateless within the early runs: the proof holds");

        Program p = Program.parse("WorkQueueAny.java", Repo.read(Repo.corpus().resolve("programs/WorkQueueAny.java")));
        for (int np : new int[] {4, 8}) {
            AnalysisContext ctx = new AnalysisContext(p, np, Budgets.defaults(), () -> false);
            Exploration zero = ctx.explore(BufferPolicy.ZERO);
            assertTrue(zero.complete());
            assertEquals(0, zero.cut(), "the learned model's runs, none cut at a known state");
            assertTrue(zero.runs().size() <= 20, zero.runs().size() + " runs");
            assertTrue(ctx.zeroBufferShowsEveryBuffering(), "a star (StarElasticity) on the learned automata");
            Exploration unbounded = ctx.explore(BufferPolicy.UNBOUNDED);
            assertTrue(unbounded.complete());
            assertEquals(0, unbounded.cut());
            Exploration perSend = ctx.explore(BufferPolicy.PER_SEND);
            assertTrue(perSend.complete(), "the per-send product of the learned automata");
            assertFalse(perSend.anyDeadlock());
            assertTrue(perSend.states() > zero.states(), "buffering choices add states");
        }
    }

    /**
     * A deadlock only one order of arrival reaches: the master takes two messages from any source, and when rank 3's
     * came first and rank 1's second, it waits for another message from rank 1, which sends only one. The learned
     * model finds it and replays it as a run, so the finding has a real execution behind it.
     */
    @Test
    void aDeadlockOfOneOrderIsReplayed() {
        String src = """
                import mpi.*;
                public class LateOrder {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 0) {
                            Status first = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, first.source, first.tag);
                            Status second = MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                            if (first.source == 3) {
                                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 0);
                            } else {
                                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            }
                        } else {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("LateOrder.java", src);
        Exploration learned = learned(p, 4);
        assertNotNull(learned);
        assertTrue(learned.complete() && learned.anyDeadlock() && !learned.allDeadlock());
        RunOutcome d = learned.firstDeadlock();
        assertEquals(Set.of(0, 2), d.deadlockedRanks(), "rank 0 waits for a second message of rank 1, rank 2 for rank 0");
        assertEquals(12, d.blocked().stream().filter(x -> x.rank() == 0).findFirst().orElseThrow().event().site().line());
        assertTrue(String.join("; ", d.wildcardDecisions()).contains("matched rank 3"), d.wildcardDecisions().toString());
    }

    /**
     * A deadlock made of two choices that no learning run makes together: ranks 0 and 1 each take a first message from
     * any of two senders; after the second sender's message a rank receives from the other before it sends, else it
     * exchanges with Sendrecv. One such rank is served by the other's Sendrecv; both block. Each choice is learned in
     * its own run, so only the product meets the deadlock, which must then be replayed as a run of its own.
     */
    @Test
    void aDeadlockOfTwoChoicesNoRunMadeIsReplayed() {
        String src = """
                import mpi.*;
                public class TwoChoices {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1], c = new int[1];
                        if (rank < 2) {
                            Status a = MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                            int other = 1 - rank;
                            if (a.source == 3 + 2 * rank) {
                                MPI.COMM_WORLD.Recv(c, 0, 1, MPI.INT, other, 7);
                                MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, other, 7);
                            } else {
                                MPI.COMM_WORLD.Sendrecv(b, 0, 1, MPI.INT, other, 7, c, 0, 1, MPI.INT, other, 7);
                            }
                        } else {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, rank < 4 ? 0 : 1, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        Program p = Program.parse("TwoChoices.java", src);
        Exploration learned = learned(p, 6);
        assertNotNull(learned);
        assertTrue(learned.complete() && learned.anyDeadlock() && !learned.allDeadlock());
        RunOutcome d = learned.firstDeadlock();
        assertEquals(Set.of(0, 1), d.deadlockedRanks());
        String decisions = String.join("; ", d.wildcardDecisions());
        assertTrue(decisions.contains("rank 0 Recv at line 8 matched rank 3") && decisions.contains("rank 1 Recv at line 8 matched rank 5"),
                decisions);
        assertEquals(Set.of("0@12,1@12"), deadlocks(learned));
    }

    /**
     * A farm without probes is explored statelessly first; when that runs out of runs, the learned model finishes
     * the zero-buffer exploration, but the slack-elasticity proof, which must see every execution, is not claimed
     * from the few runs either search made: the unbounded and per-send explorations are not spared by it. The
     * stateless search alone (the learned model switched off) finishes with runs enough, and there the proof holds.
     * The farm is WorkQueueAny with worker 1 greeting worker 2 before the work starts, so that it is no star either
     * ({@code StarElasticity} would claim WorkQueueAny itself from the learned automata).
     */
    @Test
    void theElasticityProofIsNotClaimedFromALearnedExploration() {
        String greeting = Repo.read(Repo.corpus().resolve("programs/WorkQueueAny.java")).replace("        double[] res = new double[1];\n",
                "        double[] res = new double[1];\n        if (rank == 1 && size > 2) world.Send(task, 0, 1, MPI.INT, 2, 9);\n"
                        + "        if (rank == 2) world.Recv(task, 0, 1, MPI.INT, 1, 9);\n");
        assertTrue(greeting.contains("MPI.INT, 1, 9)"));
        Program p = Program.parse("WorkQueueAny.java", greeting);
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 12; // the stateless search needs 4 runs and 36 cut ones (13 of the budget); the learned one 39 of 48
        AnalysisContext ctx = new AnalysisContext(p, 4, b, () -> false);
        Exploration zero = ctx.explore(BufferPolicy.ZERO);
        assertTrue(zero.complete() && zero.cut() == 0, "the learned model finished what 12 runs could not: " + zero.runs().size());
        assertFalse(ctx.zeroBufferShowsEveryBuffering());
        b.maxRuns = 400;
        b.learnedModel = false; // the analysis would turn to the learned model after two runs
        AnalysisContext stateless = new AnalysisContext(p, 4, b, () -> false);
        assertTrue(stateless.explore(BufferPolicy.ZERO).cut() > 0 && stateless.zeroBufferShowsEveryBuffering(),
                "with runs enough the stateless search finishes and the proof holds");
    }

    /** A program outside the subset (a collective, an unknown branch) is left to the stateless search, saying why. */
    @Test
    void outsideTheSubsetGivesUp() {
        String collective = """
                import mpi.*;
                public class WithBarrier {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 0) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                        else if (rank == 1) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 0);
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        assertEquals("a collective", attempt(Program.parse("WithBarrier.java", collective), 3).gaveUp());
        String unknown = """
                import mpi.*;
                public class Coin {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 1 && Math.random() < 0.5) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 0);
                        if (rank == 0) MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, 0);
                        MPI.Finalize();
                    }
                }
                """;
        LearnedModelSearch.Attempt coin = attempt(Program.parse("Coin.java", unknown), 2);
        assertNull(coin.exploration());
        assertTrue(coin.gaveUp().startsWith("a directed run left its script: a decision outside the script"), coin.gaveUp());
    }

    static Exploration learned(Program p, int np) {
        return learned(p, np, BufferPolicy.ZERO);
    }

    static Exploration learned(Program p, int np, BufferPolicy policy) {
        return attempt(p, np, policy).exploration();
    }

    static LearnedModelSearch.Attempt attempt(Program p, int np) {
        return attempt(p, np, BufferPolicy.ZERO);
    }

    static LearnedModelSearch.Attempt attempt(Program p, int np, BufferPolicy policy) {
        return attempt(p, np, policy, Long.MAX_VALUE);
    }

    /** As above, with a soft deadline ({@code Long.MAX_VALUE}: none) before the minute's hard one. */
    static LearnedModelSearch.Attempt attempt(Program p, int np, BufferPolicy policy, long softDeadline) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        LocalModels models = new LocalModels(np);
        Assumptions assumptions = new Assumptions();
        long deadline = System.nanoTime() + b.maxMillis * 1_000_000L;
        return LearnedModelSearch.attempt(policy, np, models, choices -> Extractor.run(p, np, policy, null, choices, null,
                models, b, assumptions, 60_000), 2_000, LearnedModelSearch.MAX_STATES, softDeadline, deadline);
    }

    /**
     * Past its soft deadline a search goes on while its product is small (it is still learning the automata by runs, and
     * the stateless search it would hand over to needs far more of them) and gives up once the product is large: a soft
     * deadline that has passed before the search starts leaves WorkQueueAny at np=6 (48 states) complete, and stops
     * ProbeDispatch at np=8 with worker r sending r batches (no two workers alike: 3 x 4 x ... x 9 = 181,440 states),
     * which finishes with the same hard deadline and no soft one.
     */
    @Test
    void pastTheSoftDeadlineOnlyASmallProductGoesOn() {
        Program farm = Program.parse("WorkQueueAny.java", Repo.read(Repo.corpus().resolve("programs/WorkQueueAny.java")));
        Exploration small = withSoftDeadlinePassed(farm, 6);
        assertNotNull(small, "a product of 48 states goes on past the soft deadline");
        assertTrue(small.complete());
        assertEquals(48, small.states());
        String uneven = Repo.read(Repo.corpus().resolve("programs/ProbeDispatch.java")).replace("batch <= 3", "batch <= rank");
        Program probes = Program.parse("ProbeDispatch.java", uneven);
        assertTrue(LearnedModelSearch.SMALL_PRODUCT < 181_440);
        assertNull(withSoftDeadlinePassed(probes, 8), "a product past " + LearnedModelSearch.SMALL_PRODUCT + " states stops");
        assertNotNull(learned(probes, 8), "without a soft deadline the same search finishes");
    }

    private static Exploration withSoftDeadlinePassed(Program p, int np) {
        return attempt(p, np, BufferPolicy.ZERO, System.nanoTime() - 1).exploration();
    }

    static Exploration explore(Program p, int np, Budgets b, boolean caching) {
        Budgets c = b.copy();
        c.stateCaching = caching;
        return new AnalysisContext(p, np, c, () -> false).explore(BufferPolicy.ZERO);
    }

    /** Each deadlocked run's blocked ranks and the lines they wait at. */
    static Set<String> deadlocks(Exploration e) {
        Set<String> out = new TreeSet<>();
        for (RunOutcome o : e.runs()) {
            if (!o.deadlocked()) continue;
            out.add(o.blocked().stream().map(b -> b.rank() + "@" + b.event().site().line()).sorted()
                    .collect(Collectors.joining(",")));
        }
        return out;
    }

    /**
     * A master takes every worker's messages from any source (by probe and receive from the probed source, or by a
     * wildcard receive) and answers the one message that asks for a reply; in some programs it answers only when the
     * sources it has seen so far add up to an even number, or waits for one more message from the last rank when rank
     * 1's came first: deadlocks only some orders of arrival reach. Some farms start with a Sendrecv between two
     * workers.
     */
    static String farm(long seed, int np) {
        Random r = new Random(seed * 131 + 3);
        int[] count = new int[np];
        int total = 0;
        for (int w = 1; w < np; w++) total += count[w] = 1 + r.nextInt(3);
        int asker = 1 + r.nextInt(np - 1), askAt = r.nextInt(count[asker]);
        int bug = r.nextInt(3);
        boolean probe = r.nextBoolean();
        StringBuilder b = new StringBuilder();
        b.append(Repo.generatedProgramStart("Farm" + seed));
        if (np > 3 && r.nextBoolean()) {
            String ex = "        if (rank == %d) MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, %d, 5, got, 0, 1, MPI.INT, %s, 5);\n";
            b.append(String.format(ex, 1, 2, r.nextBoolean() ? "MPI.ANY_SOURCE" : "2")).append(String.format(ex, 2, 1, "1"));
        }
        b.append("        if (rank == 0) {\n            int x = 0, first = -1;\n")
                .append("            for (int k = 0; k < ").append(total).append("; k++) {\n");
        b.append(masterTakesAny(probe));
        b.append("                if (first < 0) first = st.source;\n                x += st.source * (k + 1);\n")
                .append("                if (st.tag == 1").append(bug == 1 ? " && x % 2 == 0" : "")
                .append(") MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, st.source, 2);\n            }\n");
        if (bug == 2) b.append("            if (first == 1) MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, ").append(np - 1).append(", 0);\n");
        b.append("        }\n");
        for (int w = 1; w < np; w++) {
            b.append("        if (rank == ").append(w).append(") {\n");
            for (int i = 0; i < count[w]; i++) {
                boolean ask = w == asker && i == askAt;
                b.append("            MPI.COMM_WORLD.").append(r.nextInt(3) == 0 ? "Ssend" : "Send")
                        .append("(buf, 0, 1, MPI.INT, 0, ").append(ask ? 1 : 0).append(");\n");
                if (ask) b.append("            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 2);\n");
            }
            b.append("        }\n");
        }
        b.append("        MPI.Finalize();\n    }\n}\n");
        return b.toString();
    }

    /** A farm master's statement taking a message from any source: a receive, or a probe and a receive from the probed source. */
    private static String masterTakesAny(boolean probe) {
        return probe ? "                Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);\n"
                + "                MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, st.source, st.tag);\n"
                : "                Status st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);\n";
    }

    /**
     * A master/worker farm whose workers all run the same code: each sends a few messages to the master (standard or
     * synchronous, contents its rank or the round), and waits for a reply after one of them; the master takes every
     * message from any source (by a receive, or a probe and a receive from the probed source) and replies to
     * asking workers, sometimes only when the sum of what it got is even (a deadlock some orders reach), sometimes
     * expecting one message more than are sent (a deadlock every order reaches). Some farms break the symmetry late:
     * the last worker sends once more when the reply it got says it asked first.
     */
    static String symmetricFarm(long seed, int np) {
        Random r = new Random(seed * 977 + 5);
        int rounds = 1 + r.nextInt(3), askAt = r.nextInt(rounds);
        int bug = r.nextInt(3);
        boolean probe = r.nextBoolean(), rankContents = r.nextBoolean(), late = r.nextInt(3) == 0;
        int total = (np - 1) * rounds + (bug == 2 ? 1 : 0);
        StringBuilder b = new StringBuilder();
        b.append(Repo.generatedProgramStart("Sym" + seed))
                .append("        if (rank == 0) {\n            int x = 0, replies = 0;\n")
                .append("            for (int k = 0; k < ").append(total).append("; k++) {\n");
        b.append(masterTakesAny(probe));
        b.append("                x += got[0];\n")
                .append("                if (st.tag == 1").append(bug == 1 ? " && x % 2 == 0" : "")
                .append(") { buf[0] = replies++; MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, st.source, 2); }\n")
                .append("            }\n        } else {\n");
        for (int i = 0; i < rounds; i++) {
            b.append("            buf[0] = ").append(rankContents ? "rank" : String.valueOf(i)).append(";\n")
                    .append("            MPI.COMM_WORLD.").append(r.nextInt(3) == 0 ? "Ssend" : "Send")
                    .append("(buf, 0, 1, MPI.INT, 0, ").append(i == askAt ? 1 : 0).append(");\n");
            if (i == askAt) {
                b.append("            MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, 0, 2);\n");
                if (late) b.append("            if (rank == ").append(np - 1).append(" && got[0] == 0) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, 0);\n");
            }
        }
        b.append("        }\n        MPI.Finalize();\n    }\n}\n");
        return b.toString();
    }

    /**
     * Random messages between ranks; a receiver takes each with a receive from its source or any source, or with a
     * probe for any message and a receive from the probed source and tag; some pairs of ranks exchange with Sendrecv.
     * Received sources and values flow into later tags, so orders of arrival can change what is sent.
     */
    static String probes(long seed, int np) {
        Random r = new Random(seed * 31 + 7);
        int messages = np + r.nextInt(2 * np);
        List<List<String>> ops = new ArrayList<>();
        List<List<String>> recvs = new ArrayList<>();
        for (int k = 0; k < np; k++) {
            ops.add(new ArrayList<>());
            recvs.add(new ArrayList<>());
        }
        for (int m = 0; m < messages; m++) {
            int src = r.nextInt(np), dst = (src + 1 + r.nextInt(np - 1)) % np;
            boolean anyTag = r.nextBoolean();
            String tag = anyTag && r.nextBoolean() ? "(x % 2)" : "0";
            String send = r.nextInt(4) == 0 ? "Ssend" : "Send";
            ops.get(src).add("            buf[0] = x; MPI.COMM_WORLD." + send + "(buf, 0, 1, MPI.INT, " + dst + ", " + tag + ");\n");
            String t = anyTag ? "MPI.ANY_TAG" : "0";
            switch (r.nextInt(3)) {
                case 0 -> recvs.get(dst).add("            { Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, " + t + ");\n"
                        + "              MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, st.source, st.tag); x += st.source * 3 + got[0]; }\n");
                case 1 -> recvs.get(dst).add("            { Status st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, MPI.ANY_SOURCE, " + t
                        + "); x += st.source * 3 + got[0]; }\n");
                default -> recvs.get(dst).add("            { Status st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, " + src + ", " + t
                        + "); x += got[0]; }\n");
            }
        }
        if (r.nextBoolean()) {
            int a = r.nextInt(np), c = (a + 1 + r.nextInt(np - 1)) % np;
            String ex = "            { buf[0] = x; MPI.COMM_WORLD.Sendrecv(buf, 0, 1, MPI.INT, %d, 5, got, 0, 1, MPI.INT, %s, 5); x += got[0]; }\n";
            ops.get(a).add(r.nextInt(ops.get(a).size() + 1), String.format(ex, c, r.nextBoolean() ? "MPI.ANY_SOURCE" : String.valueOf(c)));
            ops.get(c).add(r.nextInt(ops.get(c).size() + 1), String.format(ex, a, String.valueOf(a)));
        }
        StringBuilder b = new StringBuilder();
        b.append(Repo.generatedProgramStart("Probes" + seed))
                .append("        int x = rank;\n");
        for (int k = 0; k < np; k++) {
            List<String> mine = new ArrayList<>(ops.get(k));
            if (r.nextInt(10) < 6) mine.addAll(recvs.get(k));
            else for (String rc : recvs.get(k)) mine.add(r.nextInt(mine.size() + 1), rc);
            b.append("        if (rank == ").append(k).append(") {\n");
            for (String o : mine) b.append(o);
            b.append("        }\n");
        }
        b.append("        MPI.Finalize();\n    }\n}\n");
        return b.toString();
    }
}
