package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/** resource-leak: communicators, groups and datatypes created and not freed before Finalize (information). */
class ResourceLeakTest {
    private static final String PROGRAM = """
            import mpi.*;
            public class Leak {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    Intracomm half = MPI.COMM_WORLD.Split(rank %% 2, rank);
                    Group w = MPI.COMM_WORLD.Group();
                    Group g = w.Incl(new int[] {0, 1});
                    Datatype t = Datatype.Vector(2, 1, 2, MPI.INT);
                    t.Commit();
                    half.Barrier();
                    %s
                    MPI.Finalize();
                }
            }
            """;

    static List<Finding> leaks(String frees) {
        RunReport r = Repo.analyze("Leak.java", PROGRAM.formatted(frees), 4);
        return r.findings().stream().filter(f -> f.kind() == FindingKind.RESOURCE_LEAK).toList();
    }

    @Test
    void everythingLeftUnfreedIsReportedAsInformation() {
        List<Finding> leaks = leaks("");
        // the group of COMM_WORLD made by Group() and the one Incl makes from it are two groups to free
        assertEquals(List.of(6, 7, 8, 9), leaks.stream().map(f -> f.range().line()).toList(), leaks.toString());
        assertTrue(leaks.stream().allMatch(f -> f.severity() == Severity.INFO), "information, not a warning: " + leaks);
    }

    @Test
    void freedResourcesAreNotReported() {
        assertEquals(List.of(), leaks("half.Free(); w.Free(); g.Free(); t.Free();"));
        List<Finding> one = leaks("half.Free(); w.Free(); t.Free();");
        assertEquals(1, one.size(), one.toString());
        assertTrue(one.get(0).message().contains("group created here by Incl"), one.get(0).message());
    }

    @Test
    void eachLeakOffersToFreeItBeforeFinalizeAndTheFixRemovesIt() {
        String src = PROGRAM.formatted("");
        List<Finding> leaks = leaks("");
        String fixed = src;
        for (Finding f : leaks) {
            assertEquals(1, f.fixes().size(), "a fix for " + f.message());
            assertTrue(f.fixes().get(0).label().startsWith("Free "), f.fixes().get(0).label());
        }
        // apply them one after the other, on the text each previous fix produced
        for (int i = 0; i < leaks.size(); i++) {
            List<Finding> now = Repo.analyze("Leak.java", fixed, 4).findings().stream()
                    .filter(f -> f.kind() == FindingKind.RESOURCE_LEAK).toList();
            assertEquals(leaks.size() - i, now.size(), now.toString());
            fixed = now.get(0).fixes().get(0).applyTo(fixed);
        }
        assertTrue(fixed.contains("\n        half.Free();\n") && fixed.contains("t.Free();\n        MPI.Finalize();"),
                "each Free on its own line, indented like Finalize, just before it: " + fixed);
        assertTrue(dev.rendezvous.core.extract.Program.parse("Leak.java", fixed).syntaxErrors().isEmpty(), fixed);
        RunReport after = Repo.analyze("Leak.java", fixed, 4);
        assertEquals(List.of(), after.findings().stream().filter(f -> f.kind() == FindingKind.RESOURCE_LEAK).toList(), fixed);
        assertEquals(src.lines().count() + leaks.size(), fixed.lines().count(), "one line added per leak");
    }

    @Test
    void noFixWhenTheVariableIsNotInScopeAtFinalize() {
        String src = PROGRAM.formatted("").replace("Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);",
                "{ Intracomm inner = MPI.COMM_WORLD.Split(rank % 2, rank); inner.Barrier(); } Intracomm half = MPI.COMM_WORLD;");
        List<Finding> leaks = Repo.analyze("Leak.java", src, 4).findings().stream()
                .filter(f -> f.kind() == FindingKind.RESOURCE_LEAK && f.message().contains("by Split")).toList();
        assertEquals(1, leaks.size(), leaks.toString());
        assertEquals(List.of(), leaks.get(0).fixes(), "inner is out of scope at Finalize: no fix that would not compile");
    }

    @Test
    void aRankThatNeverReachesFinalizeReportsNothing() {
        RunReport r = Repo.analyze("Leak.java", PROGRAM.formatted("if (rank == 0) MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 9);")
                .replace("MPI.Finalize();", "MPI.COMM_WORLD.Barrier(); MPI.Finalize();"), 4);
        assertTrue(r.hasErrors(), "the program deadlocks before Finalize");
        assertEquals(List.of(), r.findings().stream().filter(f -> f.kind() == FindingKind.RESOURCE_LEAK).toList());
    }
}
