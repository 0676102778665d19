package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.Suppressions;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Severity;

/** The "suppress" quick fixes: each silences exactly the finding it is offered on and leaves Java that parses. */
class SuppressionsTest {
    private static final String HEAD_TO_HEAD = """
            import mpi.*;

            public class H {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int me = MPI.COMM_WORLD.Rank();
                    int[] a = new int[1], b = new int[1];
                    swap(1 - me, a, b);
                    MPI.Finalize();
                }

                %s
                static void swap(int other, int[] a, int[] b) throws MPIException {
                    MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, other, 1);
                    MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, other, 1);
                }
            }
            """;

    private static Finding cycle(RunReport r) {
        return r.findings().stream().filter(f -> f.kind().id().equals("send-cycle")).findFirst().orElse(null);
    }

    private static void check(String annotation, String expectedFixPart) {
        String src = HEAD_TO_HEAD.formatted(annotation);
        RunReport before = Repo.analyze("H.java", src, 2);
        Finding f = cycle(before);
        assertTrue(f != null && f.severity() == Severity.ERROR, "the cycle is found first: " + before.findings());
        List<Fix> fixes = Suppressions.fixes("H.java", src, f);
        assertEquals(2, fixes.size(), fixes.toString());
        for (Fix fix : fixes) {
            String fixed = fix.applyTo(src);
            assertTrue(Program.parse("H.java", fixed).syntaxErrors().isEmpty(), fix.label() + " leaves broken Java:\n" + fixed);
            RunReport after = Repo.analyze("H.java", fixed, 2);
            assertTrue(cycle(after) == null, fix.label() + " did not silence the cycle:\n" + fixed);
            assertEquals(1, after.suppressed().size(), fix.label());
            assertEquals(before.verdict(), after.verdict(), "suppressing changes what is shown, not the verdict");
        }
        assertTrue(fixes.get(1).applyTo(src).contains(expectedFixPart), fixes.get(1).applyTo(src));
    }

    @Test
    void bothFixesSilenceTheCycle() {
        check("", "@SuppressWarnings(\"rendezvous:send-cycle\")\n    static void swap");
    }

    @Test
    void anExistingSuppressWarningsIsExtendedNotRepeated() {
        check("@SuppressWarnings(\"unchecked\")", "@SuppressWarnings({\"unchecked\", \"rendezvous:send-cycle\"})");
        check("@SuppressWarnings({\"unused\"})", "@SuppressWarnings({\"unused\", \"rendezvous:send-cycle\"})");
    }

    @Test
    void anotherKindOrAnotherToolIsNotSilenced() {
        String src = HEAD_TO_HEAD.formatted("@SuppressWarnings({\"rendezvous:unmatched-recv\", \"rendezvousx\"})");
        assertTrue(cycle(Repo.analyze("H.java", src, 2)) != null);
        String line = HEAD_TO_HEAD.formatted("").replace("MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, other, 1);",
                "MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, other, 1); // rendezvous:ignore unmatched-send");
        assertTrue(cycle(Repo.analyze("H.java", line, 2)) != null);
    }
}
