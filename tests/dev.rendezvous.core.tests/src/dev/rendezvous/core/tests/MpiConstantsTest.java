package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/**
 * The integer constants of MPJ Express's {@code MPI} class have the values the runtime gives them (MPJ Express 0.44,
 * printed on the multicore device: HOST=0, IO=0, SIMILAR=1, UNEQUAL=2, CONGRUENT=3, THREAD_SINGLE..MULTIPLE=1..4), not
 * the datatype an upper-case name of that class usually is.
 */
class MpiConstantsTest {

    /** A program that takes {@code MPI.HOST} as its root: it completes on the runtime at np 2 and 3 (checked). */
    private static final String HOST_ROOT = """
            import mpi.*;
            public class HostRoot {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int[] a = new int[4];
                    if (MPI.COMM_WORLD.Rank() == MPI.HOST) a[0] = 7;
                    MPI.COMM_WORLD.Bcast(a, 0, 4, MPI.INT, MPI.HOST);
                    if (a[0] != 7) MPI.COMM_WORLD.Recv(a, 0, 1, MPI.INT, 0, 99);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void hostIsRankZero() {
        for (int np : new int[] {2, 3}) {
            RunReport r = Repo.analyze("HostRoot.java", HOST_ROOT, np);
            assertEquals(Verdict.NONE, r.verdict(), "np=" + np + ": " + r.findings());
            assertTrue(r.findings().stream().noneMatch(f -> f.severity() == Severity.ERROR), r.findings().toString());
        }
    }

    /** Each constant steers a send's tag: the receive names the runtime's value, so any other value leaves it unmatched. */
    @Test
    void integerConstantsHaveTheRuntimesValues() {
        String[][] cases = {{"HOST", "0"}, {"IO", "0"}, {"SIMILAR", "1"}, {"UNEQUAL", "2"}, {"CONGRUENT", "3"},
                {"THREAD_SINGLE", "1"}, {"THREAD_FUNNELED", "2"}, {"THREAD_SERIALIZED", "3"}, {"THREAD_MULTIPLE", "4"}};
        for (String[] c : cases) {
            String src = """
                    import mpi.*;
                    public class Tagged {
                        public static void main(String[] args) throws Exception {
                            MPI.Init(args);
                            int[] b = new int[1];
                            if (MPI.COMM_WORLD.Rank() == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 10 + MPI.%s);
                            else if (MPI.COMM_WORLD.Rank() == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 10 + %s);
                            MPI.Finalize();
                        }
                    }
                    """.formatted(c[0], c[1]);
            RunReport r = Repo.analyze("Tagged.java", src, 2);
            assertEquals(Verdict.NONE, r.verdict(), c[0] + ": " + r.findings());
            String wrong = src.replace("10 + " + c[1] + ")", "10 + " + c[1] + " + 1)");
            assertEquals(Verdict.DEADLOCK_ALWAYS, Repo.analyze("Tagged.java", wrong, 2).verdict(), c[0] + " with another value must not match");
        }
    }
}
