package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/**
 * The user's own program arguments ({@link Budgets#programArgs}, {@code --args} on the command line, the project's
 * property in the IDE): without them a loop bounded by an argument runs the program's default count and the read is an
 * assumption; with them it runs the count the user's run has, under MPJ Express's layout of {@code main}'s arguments
 * (rank, process count, device first) and in what {@code MPI.Init} returns.
 */
class ProgramArgumentsTest {

    /** Rank 0 sends {@code rounds} messages to each rank; after more than three, rank 1 waits for one nobody sends. */
    private static final String ROUNDS = """
            import mpi.*;
            public class Rounds {
                public static void main(String[] args) throws Exception {
                    %s
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] buf = new int[1];
                    for (int r = 0; r < rounds; r++) {
                        if (rank == 0) {
                            for (int p = 1; p < size; p++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, p, r);
                        } else {
                            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, r);
                        }
                    }
                    if (rounds > 3 && rank == 1) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, 99);
                    MPI.Finalize();
                }
            }
            """;

    /** The user's arguments from what MPI.Init returns, with a default of 10 rounds. */
    private static final String FROM_INIT = "String[] rest = MPI.Init(args);\n"
            + "int rounds = rest.length > 0 ? Integer.parseInt(rest[0]) : 10;";

    /** The user's first argument from main's own array, where MPJ Express puts it after its three. */
    private static final String FROM_MAIN = "MPI.Init(args);\n int rounds = Integer.parseInt(args[3]);";

    private static RunReport analyze(String head, String[] programArgs, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.programArgs = programArgs;
        return Rendezvous.analyze(Program.parse("Rounds.java", ROUNDS.formatted(head)), np, new AnalysisOptions(List.of(np), b),
                () -> false);
    }

    private static boolean assumed(RunReport r) {
        return r.findings().stream().anyMatch(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION);
    }

    private static long receives(RunReport r, int rank) {
        return r.graph().trace(rank).stream().filter(e -> e.op().mpjName().equals("Recv")).count();
    }

    @Test
    void withoutArgumentsTheDefaultCountRunsAndTheReadIsAnAssumption() {
        RunReport r = analyze(FROM_INIT, null, 3);
        assertTrue(assumed(r), r.findings().toString());
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("taken as empty")), r.findings().toString());
        assertEquals(Verdict.DEADLOCK_ALWAYS, r.verdict()); // ten rounds: the receive of tag 99 follows
    }

    @Test
    void givenArgumentsSetTheCountWithoutAnAssumption() {
        RunReport two = analyze(FROM_INIT, new String[] {"2"}, 3);
        assertEquals(Verdict.NONE, two.verdict(), two.findings().toString());
        assertTrue(!assumed(two), two.findings().toString());
        assertEquals(2, receives(two, 1));
        assertEquals(2, receives(two, 2));
        RunReport five = analyze(FROM_INIT, new String[] {"5"}, 3);
        assertEquals(Verdict.DEADLOCK_ALWAYS, five.verdict());
        assertTrue(five.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.message().contains("tag 99")),
                five.findings().toString());
    }

    @Test
    void mainsOwnArrayHasThemAfterWhatMpjExpressPutsFirst() {
        RunReport r = analyze(FROM_MAIN, new String[] {"3"}, 2);
        assertEquals(Verdict.NONE, r.verdict(), r.findings().toString());
        assertEquals(3, receives(r, 1));
    }

    @Test
    void noArgumentsAtAllIsKnownToo() {
        // run with none: the default, with nothing assumed about them
        RunReport r = analyze(FROM_INIT, new String[0], 2);
        assertTrue(!assumed(r), r.findings().toString());
        assertEquals(Verdict.DEADLOCK_ALWAYS, r.verdict());
    }

    @Test
    void readingPastTheGivenArgumentsCrashesAsJavaDoes() {
        String unguarded = "String[] rest = MPI.Init(args);\n int rounds = Integer.parseInt(rest[0]);";
        RunReport none = analyze(unguarded, new String[0], 2);
        assertTrue(none.findings().stream().anyMatch(f -> f.kind() == FindingKind.JOB_ABORT
                && f.message().contains("ArrayIndexOutOfBoundsException (index 0, length 0)")), none.findings().toString());
        RunReport main = analyze("MPI.Init(args);\n int rounds = Integer.parseInt(args[4]);", new String[] {"2"}, 2);
        assertTrue(main.findings().stream().anyMatch(f -> f.kind() == FindingKind.JOB_ABORT
                && f.message().contains("ArrayIndexOutOfBoundsException (index 4, length 4)")), main.findings().toString());
        RunReport unknown = analyze(unguarded, null, 2); // not given: an unknown argument, no crash
        assertTrue(unknown.findings().stream().noneMatch(f -> f.kind() == FindingKind.JOB_ABORT), unknown.findings().toString());
    }

    @Test
    void argumentsSplitAsAShellSplitsSimpleOnes() {
        assertArrayEquals(new String[] {"100", "a b", "c", ""}, Budgets.splitProgramArgs(" 100  \"a b\" 'c' \"\""));
        assertArrayEquals(new String[0], Budgets.splitProgramArgs("   "));
    }
}
