package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * A usage check on {@code main}'s own {@code args.length} that MPJ Express never passes: its {@code main} gets the
 * rank, the process count and the device before the user's arguments, so {@code args.length != 1} is true whatever the
 * user types, and every rank leaves the program there. The analysis used to follow that path, found nothing to say and
 * reported the program clean; a user running it under MPJ Express sees it do nothing.
 */
class MpjArgumentsTest {

    private static final String PROGRAM = """
            import mpi.*;
            public class U {
                public static void main(String[] args) throws Exception {
                    %s
                    int me = MPI.COMM_WORLD.Rank();
                    int[] v = new int[1];
                    if (me == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 0);
                    else if (me == 1) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                    MPI.Finalize();
                }
            }
            """;

    private static List<Finding> warnings(String head) {
        RunReport r = Repo.analyze("U.java", PROGRAM.formatted(head), 2);
        return r.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
    }

    @Test
    void aCheckMpjExpressNeverPassesBeforeInitIsAWarningOnItsLine() {
        List<Finding> w = warnings("if (args.length != 1) { System.out.println(\"usage: U <n>\"); return; }\n MPI.Init(args);");
        assertEquals(1, w.size(), w.toString());
        assertEquals(FindingKind.INIT_FINALIZE, w.get(0).kind());
        assertEquals(Severity.WARNING, w.get(0).severity());
        assertEquals(4, w.get(0).range().line());
        assertTrue(w.get(0).message().contains("without calling MPI.Init"), w.get(0).message());
    }

    @Test
    void aCheckMpjExpressNeverPassesAfterInitEndsTheProgramToo() {
        List<Finding> w = warnings("MPI.Init(args);\n if (args.length > 2) { System.exit(1); }");
        assertEquals(1, w.size(), w.toString());
        assertEquals(FindingKind.INIT_FINALIZE, w.get(0).kind());
        assertTrue(w.get(0).message().contains("ends the program here;"), w.get(0).message());
    }

    @Test
    void aCheckMpjExpressPassesSaysNothing() {
        // args.length is at least 3 under MPJ Express: "fewer than one" never holds, and the program goes on
        assertEquals(List.of(), warnings("if (args.length < 1) { System.out.println(\"usage\"); return; }\n MPI.Init(args);"));
    }

    @Test
    void aCheckOnTheArgumentsInitReturnsIsAUsageCheckNotAWarning() {
        // the user's own arguments: the analysis takes the fewest the check accepts and says so in an assumption
        RunReport r = Repo.analyze("U.java", PROGRAM.formatted(
                "String[] rest = MPI.Init(args);\n if (rest.length != 1) { System.out.println(\"usage\"); MPI.Finalize(); return; }"), 2);
        assertEquals(List.of(), r.findings().stream().filter(f -> f.severity() != Severity.INFO).toList());
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("taken as 1 argument")), r.findings().toString());
    }

    @Test
    void usageChecksOneAfterTheOtherEachRaiseTheCount() {
        // MPJ's layout: the user's first argument is args[3]; an input and an output file are asked for in turn
        // (a real program's pattern: spbu-mm-parallel-programming, ErshovVladislav/Task1). Both checks pass with two
        // arguments, and the communication after them is analysed: here a Recv nobody sends to
        RunReport r = Repo.analyze("U.java", PROGRAM.formatted("""
                if (args.length < 4) throw new IllegalArgumentException("no input file");
                else if (args.length < 5) throw new IllegalArgumentException("no output file");
                String in = args[3], out = args[4];
                MPI.Init(args);
                if (MPI.COMM_WORLD.Rank() == 1) MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 5);
                """), 2);
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("taken as 1 argument")), r.findings().toString());
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("taken as 2 arguments")), r.findings().toString());
        assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.kind() == FindingKind.UNMATCHED_RECV),
                r.findings().toString());
    }
}
