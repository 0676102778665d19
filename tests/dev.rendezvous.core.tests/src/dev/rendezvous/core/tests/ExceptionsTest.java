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
 * Exceptions as Java runs them: a {@code throw} goes to the innermost catch clause that takes its
 * class (program superclasses, then the JDK's), {@code finally} runs on the way, and only an exception
 * nothing catches ends the rank. Each case has a twin where the outcome changes.
 */
class ExceptionsTest {

    private static final String PROGRAM = """
            import mpi.*;
            public class Ex {
                static class DataError extends Exception {
                    DataError(String m) { super(m); }
                }
                static class BadRow extends DataError {
                    BadRow() { super("bad row"); }
                }
                static void load(int rank) throws DataError {
                    if (rank == 1) %s;
                }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] v = new int[1];
                    try {
                        load(rank);
                        %s
                    } catch (%s e) {
                        System.out.println("rank " + rank + ": " + e.getMessage());
                    }
                    %s
                    MPI.Finalize();
                }
            }
            """;

    private static RunReport run(String thrown, String inTry, String caught, String after) {
        return Repo.analyze("Ex.java", PROGRAM.formatted(thrown, inTry, caught, after), 2);
    }

    private static List<Finding> errors(RunReport r) {
        return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
    }

    private static List<String> assumptions(RunReport r) {
        return r.findings().stream().filter(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION).map(Finding::message).toList();
    }

    @Test
    void aCaughtExceptionLetsTheRankGoOn() {
        RunReport r = run("throw new BadRow()", "", "DataError", "MPI.COMM_WORLD.Barrier();");
        assertEquals(List.of(), errors(r));
        assertEquals(List.of(), assumptions(r));
    }

    @Test
    void anExceptionNothingCatchesEndsTheRankAndSaysSo() {
        // the twin: the catch clause takes another class, so rank 1 crashes before the Barrier
        RunReport r = run("throw new BadRow()", "", "java.io.IOException", "MPI.COMM_WORLD.Barrier();");
        assertEquals(List.of(), errors(r), "a crash is not a deadlock");
        assertTrue(assumptions(r).stream().anyMatch(m -> m.contains("nothing catches it")), assumptions(r).toString());
    }

    @Test
    void aCatchThatSkipsASendIsADeadlock() {
        // rank 1 leaves the try before its Send; rank 0 waits for it forever
        String inTry = "if (rank == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0); else MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 0);";
        RunReport r = run("throw new BadRow()", inTry, "Exception", "");
        assertTrue(errors(r).stream().anyMatch(f -> f.kind() == FindingKind.UNMATCHED_RECV), r.findings().toString());
        // the twin: load does not throw, the message is delivered
        RunReport fine = run("System.out.println()", inTry, "Exception", "");
        assertEquals(List.of(), errors(fine));
    }

    @Test
    void jdkExceptionsAreCaughtByTheirParents() {
        String cls = "IllegalStateException | IllegalArgumentException";
        assertEquals(List.of(), assumptions(run("throw new NumberFormatException(\"x\")", "", cls, "MPI.COMM_WORLD.Barrier();")));
        // ArithmeticException is neither of the two
        assertTrue(assumptions(run("throw new ArithmeticException(\"x\")", "", cls, "MPI.COMM_WORLD.Barrier();")).stream()
                .anyMatch(m -> m.contains("nothing catches it")));
    }

    @Test
    void finallyRunsWhenTheExceptionPassesThrough() {
        String src = """
                import mpi.*;
                public class Fin {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        try {
                            try {
                                if (rank == 1) throw new IllegalStateException("x");
                            } %s {
                                MPI.COMM_WORLD.Barrier();
                            }
                        } catch (RuntimeException e) {
                            System.out.println(e);
                        }
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        RunReport r = Repo.analyze("Fin.java", src.formatted("finally"), 2);
        assertEquals(List.of(), errors(r));
        assertEquals(List.of(), assumptions(r));
        // the twin: the first Barrier is a plain block after the inner try; rank 1's exception jumps
        // over it, so rank 1 calls one Barrier and rank 0 two
        RunReport broken = Repo.analyze("Fin.java", src.formatted("catch (ArithmeticException a) { }"), 2);
        assertTrue(!errors(broken).isEmpty(), broken.findings().toString());
    }

    private static final String SIZED = """
            import mpi.*;
            public class Sized {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] v = new int[1];
                    try {
                        int[] numbers = new int[size - 3];
                    } catch (%s e) {
                        System.out.println("too few processes");
                    }
                    if (rank == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 0);
                    if (rank == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aNegativeArrayLengthThrowsAsJavaDoes() {
        // a program written for four or more processes run with two: new int[-1] crashes every rank, which ends
        // the job (said as a job-abort, not an unknown-length array the analysis goes on with)
        RunReport r = Repo.analyze("Sized.java", SIZED.formatted("ArithmeticException"), 2);
        assertEquals(List.of(), errors(r));
        assertTrue(r.findings().stream().anyMatch(f -> f.kind() == FindingKind.JOB_ABORT
                && f.message().contains("NegativeArraySizeException (length -1)")), r.findings().toString());
        // the twins: caught, the ranks go on and the message is delivered; with enough processes nothing throws
        RunReport caught = Repo.analyze("Sized.java", SIZED.formatted("NegativeArraySizeException"), 2);
        assertEquals(List.of(), errors(caught));
        assertTrue(caught.findings().stream().noneMatch(f -> f.kind() == FindingKind.JOB_ABORT
                || f.kind() == FindingKind.ANALYSIS_ASSUMPTION), caught.findings().toString());
        RunReport four = Repo.analyze("Sized.java", SIZED.formatted("ArithmeticException"), 4);
        assertTrue(four.findings().stream().noneMatch(f -> f.kind() == FindingKind.JOB_ABORT), four.findings().toString());
    }

    private static final String DIVIDED = """
            import mpi.*;
            public class Divided {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] v = new int[1];
                    %s
                    if (rank == 0) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 0);
                    if (rank == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void anIntegerDividedByZeroThrowsAsJavaDoes() {
        // a master sharing nine elements among size - 2 helpers, run with two processes: Java throws
        // ArithmeticException on every rank (checked on MPJ Express: "/ by zero", the job ends)
        RunReport r = Repo.analyze("Divided.java", DIVIDED.formatted("int step = 9 / (size - 2);"), 2);
        assertEquals(List.of(), errors(r));
        assertTrue(r.findings().stream().anyMatch(f -> f.kind() == FindingKind.JOB_ABORT
                && f.message().contains("ArithmeticException (/ by zero)")), r.findings().toString());
        RunReport rem = Repo.analyze("Divided.java", DIVIDED.formatted("int left = v.length % (size - 2);"), 2);
        assertTrue(rem.findings().stream().anyMatch(f -> f.kind() == FindingKind.JOB_ABORT), rem.findings().toString());
        // the twins: a floating-point division gives an infinity, a caught exception lets the ranks go on, and
        // with three processes nothing is divided by zero
        for (String twin : List.of("double step = 9.0 / (size - 2);", "double d = size - 2; double q = rank / d;",
                "try { int step = 9 / (size - 2); } catch (ArithmeticException e) { }")) {
            RunReport t = Repo.analyze("Divided.java", DIVIDED.formatted(twin), 2);
            assertTrue(t.findings().stream().noneMatch(f -> f.kind() == FindingKind.JOB_ABORT
                    || f.kind() == FindingKind.ANALYSIS_ASSUMPTION || f.severity() == Severity.ERROR), twin + ": " + t.findings());
        }
        RunReport three = Repo.analyze("Divided.java", DIVIDED.formatted("int step = 9 / (size - 2);"), 3);
        assertTrue(three.findings().stream().noneMatch(f -> f.kind() == FindingKind.JOB_ABORT), three.findings().toString());
    }
}
