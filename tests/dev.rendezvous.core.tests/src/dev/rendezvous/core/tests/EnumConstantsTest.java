package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Severity;

/**
 * Constants of the program's enums are values: a mode chosen by a {@code static final} enum field and switched on,
 * message tags kept in an enum with a field and a method, {@code values()}, {@code ordinal()}, {@code name()}. They
 * were unknown, so a switch over the mode was decided apart on each rank (two ranks in different cases: a false
 * warning) and a tag from an enum matched any tag. The correct programs ran to their end on MPJ Express 0.44 (multicore
 * device, np 2 and 3); each twin hung there.
 */
class EnumConstantsTest {

    private static final String MODE = """
            public enum Mode { COUNT, SOLVE }
            """;

    private static final String SWITCHED = """
            import mpi.*;
            public final class Switched {
                private static final Mode CURRENT_MODE = Mode.%s;
                public static void main(String[] args) {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] b = new int[1];
                    switch (CURRENT_MODE) {
                        case COUNT:
                            if (rank == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);
                            else if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0);
                            break;
                        case SOLVE:
                            if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0);
                            break;
                        default:
                            throw new IllegalArgumentException("Unsupported mode");
                    }
                    MPI.Finalize();
                }
            }
            """;

    private static RunReport analyze(String name, String source, Map<String, String> companions, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        return Rendezvous.analyze(Program.parse(name, source, companions), np, new AnalysisOptions(List.of(np), b), () -> false);
    }

    private static boolean assumed(RunReport r) {
        return r.findings().stream().anyMatch(f -> f.kind().id().equals("analysis-assumption"));
    }

    private static boolean error(RunReport r, String kind) {
        return r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.kind().id().equals(kind));
    }

    /** The enum in a file of its own, the mode in a static final field: the switch takes the mode's case on every rank. */
    @Test
    void aSwitchOverAnEnumModeTakesItsCase() {
        RunReport ok = analyze("Switched.java", SWITCHED.formatted("COUNT"), Map.of("Mode.java", MODE), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertTrue(ok.findings().stream().allMatch(f -> f.severity() == Severity.INFO), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        // the twin: in SOLVE mode rank 1 waits for a message rank 0 never sends
        RunReport twin = analyze("Switched.java", SWITCHED.formatted("SOLVE"), Map.of("Mode.java", MODE), 2);
        assertTrue(error(twin, "unmatched-recv"), twin.findings().toString());
        assertFalse(assumed(twin), twin.findings().toString());
    }

    private static final String TAGGED = """
            import mpi.*;
            public class Tagged {
                enum Tags {
                    WORK(1), RESULT(2), STOP(3);
                    private final int tag;
                    Tags(int tag) { this.tag = tag; }
                    int tag() { return tag; }
                    static Tags of(int t) {
                        for (Tags x : values()) if (x.tag == t) return x;
                        throw new IllegalArgumentException("tag " + t);
                    }
                }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] buf = new int[1];
                    if (rank == 0) {
                        for (int w = 1; w < size; w++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, w, Tags.WORK.tag());
                        for (int w = 1; w < size; w++) MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, Tags.%s.tag());
                        for (int w = 1; w < size; w++) MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, w, Tags.STOP.tag());
                    } else {
                        while (true) {
                            Status st = MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                            Tags t = Tags.of(st.tag);
                            if (t == Tags.STOP) break;
                            switch (t) {
                                case WORK:
                                    buf[0] += t.ordinal();
                                    MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 0, Tags.valueOf("RESULT").tag());
                                    break;
                                default:
                                    throw new IllegalStateException(t.name());
                            }
                        }
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * Tags kept in an enum (a field each, a method reading it, a lookup over {@code values()}): the workers find the
     * stop tag and leave. The twin's master collects the results with the work tag: a wait cycle on every worker.
     */
    @Test
    void tagsKeptInAnEnumAreExact() {
        for (int np : new int[] {2, 3}) {
            RunReport ok = analyze("Tagged.java", TAGGED.formatted("RESULT"), Map.of(), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport twin = analyze("Tagged.java", TAGGED.formatted("WORK"), Map.of(), np);
            assertTrue(error(twin, "wait-cycle"), twin.findings().toString());
            assertFalse(assumed(twin), twin.findings().toString());
        }
    }

    /** {@code compareTo} orders by declaration, {@code name()} is the constant's name: the tag is exact. */
    @Test
    void ordinalsNamesAndComparisonsAreComputed() {
        String src = """
                import mpi.*;
                public class Ordered {
                    enum Phase { INIT, RUN, DONE }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        Phase p = Phase.values()[2];
                        int tag = p.compareTo(Phase.INIT) * 10 + p.name().length() + p.ordinal();
                        if (rank == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, tag);
                        if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, %d);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = analyze("Ordered.java", src.formatted(26), Map.of(), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport twin = analyze("Ordered.java", src.formatted(25), Map.of(), 2);
        assertTrue(twin.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR), twin.findings().toString());
        assertFalse(assumed(twin), twin.findings().toString());
    }
}
