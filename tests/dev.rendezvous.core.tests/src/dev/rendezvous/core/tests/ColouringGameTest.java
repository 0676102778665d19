package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.buffers.ColouringGame;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The colouring game on a finished graph (buffer paper §3.2) against the explorer, which runs the
 * program itself under token pools: wherever both give an answer, they give the same one.
 */
class ColouringGameTest {

    static AnalysisContext ctx(Path file, int np) {
        return ctx(file.toString(), Repo.read(file), np);
    }

    static AnalysisContext ctx(String name, String source, int np) {
        Budgets b = Budgets.defaults();
        b.maxRuns = 5000;
        b.maxMillis = 20_000;
        return new AnalysisContext(Program.parse(name, source), np, b, () -> false);
    }

    static ColouringGame game(AnalysisContext ctx) {
        Explorer.Exploration u = ctx.explore(BufferPolicy.UNBOUNDED);
        if (u.hadChoices() || !u.complete()) return null;
        return ColouringGame.of(u.first());
    }

    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(2, 3, 4, 5);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void gameAgreesWithTheExplorer(Path program, int np) {
        AnalysisContext ctx = ctx(program, np);
        ColouringGame g = game(ctx);
        if (g == null || ctx.explore(BufferPolicy.ZERO).hadChoices()) return; // outside the game: the explorer alone
        List<int[]> pools = new ArrayList<>();
        pools.add(new int[np]);
        for (int r = 0; r < np; r++) {
            int[] one = new int[np];
            one[r] = 1;
            pools.add(one);
        }
        int[] all = new int[np];
        Arrays.fill(all, 1);
        pools.add(all);
        for (int[] p : pools) {
            Explorer.Exploration e = ctx.exploreTokens(p);
            Boolean explored = e.anyDeadlock() ? Boolean.FALSE : e.complete() ? Boolean.TRUE : null;
            ColouringGame.Answer a = g.sufficient(p, 1_000_000);
            assertNotNull(a.sufficient(), "the game finishes on " + program.getFileName());
            if (explored != null) {
                assertEquals(explored, a.sufficient(), "pools " + Arrays.toString(p) + " on " + program.getFileName());
            }
        }
    }

    @Test
    void aRingOfThreeSendsNeedsOneTokenAnywhereOnIt() {
        AnalysisContext ctx = ctx(Repo.corpus().resolve("programs/RingShift.java"), 3);
        ColouringGame g = game(ctx);
        assertNotNull(g, "blocking sends and receives only");
        assertEquals(Boolean.FALSE, g.sufficient(new int[3], 1000).sufficient(), "t-ring lemma (Lemma 4.1)");
        for (int r = 0; r < 3; r++) {
            int[] p = new int[3];
            p[r] = 1;
            assertEquals(Boolean.TRUE, g.sufficient(p, 1000).sufficient(), "a token at rank " + r);
        }
    }

    @Test
    void aTokenTheAdversaryCanWasteDoesNotCount() {
        // rank 1 receives a message from rank 2 that is sent early but received late, then takes part in a
        // send cycle with rank 0; one token at rank 1 can be spent on rank 2's message first (rule 2b is
        // the adversary's choice), so rank 1 needs two
        String src = """
                import mpi.*;
                public class Waste {
                    public static void main(String[] a) throws Exception {
                        MPI.Init(a);
                        int r = MPI.COMM_WORLD.Rank();
                        int[] x = new int[1];
                        if (r == 0) {
                            MPI.COMM_WORLD.Send(x, 0, 1, MPI.INT, 1, 0);
                            MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, 1, 0);
                        } else if (r == 1) {
                            MPI.COMM_WORLD.Send(x, 0, 1, MPI.INT, 0, 0);
                            MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, 0, 0);
                            MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, 2, 0);
                        } else if (r == 2) {
                            MPI.COMM_WORLD.Send(x, 0, 1, MPI.INT, 1, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        AnalysisContext ctx = ctx("Waste.java", src, 3);
        ColouringGame g = game(ctx);
        assertNotNull(g);
        assertEquals(Boolean.FALSE, g.sufficient(new int[] {0, 1, 0}, 1000).sufficient());
        assertEquals(Boolean.TRUE, g.sufficient(new int[] {0, 2, 0}, 1000).sufficient());
        assertEquals(Boolean.TRUE, g.sufficient(new int[] {1, 0, 0}, 1000).sufficient(), "rank 0's token cannot be wasted");
    }

    @Test
    void nonBlockingProgramsAreLeftToTheExplorer() {
        AnalysisContext ctx = ctx(Repo.corpus().resolve("programs/IrecvRing.java"), 3);
        assertNull(game(ctx));
    }

    @Test
    void aBudgetThatRunsOutGivesNoAnswer() {
        AnalysisContext ctx = ctx(Repo.examples().resolve("PipeAndRoll.java"), 10);
        ColouringGame g = game(ctx);
        assertNotNull(g);
        int[] plenty = new int[10];
        Arrays.fill(plenty, 20); // more than any rank receives: sufficient, but proving it visits many colourings
        ColouringGame.Answer a = g.sufficient(plenty, 3);
        assertNull(a.sufficient());
        assertTrue(a.colourings() > 3);
    }
}
