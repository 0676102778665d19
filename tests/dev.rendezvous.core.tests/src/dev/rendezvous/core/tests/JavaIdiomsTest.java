package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Deque;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;

/**
 * Java the analysis must follow as Java runs it, in the shapes real MPJ code takes: a template method in an abstract
 * role class calling the subclass's override, a method inherited from a superclass while another class declares one
 * of the same name, communication in a lambda run by {@code forEach}, in an inner class reading the enclosing
 * object's fields and in an anonymous class, MPJ's names imported statically, and a record's components. Each
 * correct program ran to its end on MPJ Express 0.44 (multicore device, np 3 and 4); each twin is a real mismatch of
 * the same shape.
 */
class JavaIdiomsTest {

    private static boolean assumed(RunReport r) {
        return r.findings().stream().anyMatch(f -> f.kind().id().equals("analysis-assumption"));
    }

    private static final String ROLES = """
            import mpi.*;
            public class Roles {
                static abstract class Role {
                    final int rank, size;
                    Role(int rank, int size) { this.rank = rank; this.size = size; }
                    void run() { work(); MPI.COMM_WORLD.Barrier(); }
                    abstract void work();
                }
                static class Sender extends Role {
                    Sender(int r, int s) { super(r, s); }
                    void work() { int[] b = {1}; for (int w = 1; w < size; w++) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 5); }
                }
                static class Receiver extends Role {
                    Receiver(int r, int s) { super(r, s); }
                    void work() { int[] b = new int[1]; MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, %d); }
                }
                static class Logger {
                    void run() { }
                }
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    Role r = rank == 0 ? new Sender(rank, size) : new Receiver(rank, size);
                    new Logger().run();
                    r.run();
                    MPI.Finalize();
                }
            }
            """;

    /**
     * {@code work()} called in {@code Role.run()} runs the receiver's override: each worker receives. It ran the first
     * class's {@code work()} on every rank, so the workers sent to themselves: a false deadlock. {@code r.run()} runs
     * the inherited {@code Role.run}, not {@code Logger.run}. The twin's workers wait for another tag.
     */
    @Test
    void aTemplateMethodRunsTheReceiversOverride() {
        RunReport ok = Repo.analyze("Roles.java", ROLES.formatted(5), 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport twin = Repo.analyze("Roles.java", ROLES.formatted(6), 3);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
        assertFalse(assumed(twin), twin.findings().toString());
    }

    private static final String LAMBDAS = """
            import mpi.*;
            import java.util.*;
            import java.util.stream.IntStream;
            public class Lambdas {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    int[] b = new int[1];
                    List<Integer> workers = new ArrayList<>();
                    for (int i = 1; i < size; i++) workers.add(i);
                    int[] ids = new int[size - 1];
                    for (int i = 0; i < ids.length; i++) ids[i] = i + 1;
                    if (rank == 0) {
                        IntStream.range(1, size).forEach(w -> MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 3));
                        workers.forEach(w -> { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 4); });
                        Arrays.stream(ids).forEach(w -> MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 5));
                    } else {
                        for (int t = 3; t <= %d; t++) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, t);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * A master sends to its workers from lambdas run by {@code forEach} over a range, a list and an array. The lambdas
     * were not run, so no worker got anything: a false deadlock. The twin's workers wait for a fourth message.
     */
    @Test
    void lambdasRunByForEachCommunicate() {
        for (int np : new int[] {2, 4}) {
            RunReport ok = Repo.analyze("Lambdas.java", LAMBDAS.formatted(5), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport twin = Repo.analyze("Lambdas.java", LAMBDAS.formatted(6), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
            assertFalse(assumed(twin), twin.findings().toString());
        }
    }

    private static final String NESTED = """
            import static mpi.MPI.*;
            import mpi.*;
            public class Nested {
                private final Intracomm comm = COMM_WORLD;
                private final int rank, size;
                Nested() { rank = comm.Rank(); size = comm.Size(); }
                class Worker {
                    final int id;
                    Worker(int id) { this.id = id; }
                    void go() {
                        int[] b = new int[1];
                        if (rank == 0) comm.Send(b, 0, 1, INT, id, 4);
                        else if (rank == id) comm.Recv(b, 0, 1, INT, 0, 4);
                    }
                }
                interface Step { default int tag() { return 8; } void apply(int[] b); }
                void run() {
                    for (int w = 1; w < size; w++) new Worker(w).go();
                    final int me = rank;
                    Step s = new Step() {
                        public void apply(int[] b) {
                            if (me == 0) comm.Send(b, 0, 1, INT, 1, tag());
                            else if (me == 1) comm.Recv(b, 0, 1, INT, 0, %s);
                        }
                    };
                    s.apply(new int[1]);
                }
                public static void main(String[] args) throws Exception {
                    Init(args);
                    new Nested().run();
                    Finalize();
                }
            }
            """;

    /**
     * An inner class reads the enclosing object's rank and communicator, an anonymous class implementing an interface
     * of the program communicates in its method (with the interface's default method and a captured local), and
     * {@code COMM_WORLD} and {@code INT} come from {@code import static mpi.MPI.*}. Each was unknown: the inner worker's
     * branches were decided apart and the anonymous object's call skipped (false warnings and deadlocks). The twin's
     * rank 1 expects the anonymous object's message with another tag.
     */
    @Test
    void innerAndAnonymousClassesAndStaticImportsAreFollowed() {
        RunReport ok = Repo.analyze("Nested.java", NESTED.formatted("tag()"), 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport twin = Repo.analyze("Nested.java", NESTED.formatted("tag() + 1"), 3);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
        assertFalse(assumed(twin), twin.findings().toString());
    }

    private static final String RECORDS = """
            import mpi.*;
            import java.util.*;
            public class Records {
                record Task(int id, int owner) implements java.io.Serializable {}
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    if (rank == 0) {
                        List<Task> tasks = new ArrayList<>();
                        for (int w = 1; w < size; w++) tasks.add(new Task(w * 10, w));
                        for (Task t : tasks) {
                            Object[] o = {t};
                            MPI.COMM_WORLD.Send(o, 0, 1, MPI.OBJECT, t.owner(), t.id() %% 7);
                        }
                    } else {
                        Object[] o = new Object[1];
                        MPI.COMM_WORLD.Recv(o, 0, 1, MPI.OBJECT, 0, (rank * 10) %% %d);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /** A record's accessors give its components: the master sends each task to its owner. They were unknown (a warning). */
    @Test
    void recordComponentsAreKnown() {
        RunReport ok = Repo.analyze("Records.java", RECORDS.formatted(7), 4);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport twin = Repo.analyze("Records.java", RECORDS.formatted(6), 4);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
        assertFalse(assumed(twin), twin.findings().toString());
    }

    /** A range whose end the analysis cannot know: the lambda's communication is not followed, and the analysis says so. */
    @Test
    void aForEachOverAnUnknownRangeIsAnAssumption() {
        String src = LAMBDAS.formatted(3).replace("IntStream.range(1, size)", "IntStream.range(1, (int) (Math.random() * size))")
                .replace("workers.forEach(w -> { MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 4); });", "")
                .replace("Arrays.stream(ids).forEach(w -> MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, w, 5));", "");
        RunReport r = Repo.analyze("Lambdas.java", src, 3);
        assertTrue(r.findings().stream().anyMatch(f -> f.message().contains("forEach")), r.findings().toString());
    }

    private static final String STREAMS = """
            import mpi.*;
            import java.util.Arrays;
            import java.util.Random;
            import java.util.stream.IntStream;
            public class Streams {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                    Random rnd = new Random();
                    int[] data = new Random().ints(12, 0, 100).toArray();
                    int[] more = IntStream.range(0, 8).map(i -> rnd.nextInt(50)).toArray();
                    int[] ids = IntStream.rangeClosed(1, 5).toArray();
                    long picked = Arrays.stream(ids).filter(x -> x > 2).count();
                    int chunk = data.length / size;
                    if (rank == 0) {
                        for (int w = 1; w < size; w++) MPI.COMM_WORLD.Send(data, w * chunk, chunk, MPI.INT, w, chunk + more.length + ids[4]);
                    } else {
                        int[] part = new int[chunk];
                        MPI.COMM_WORLD.Recv(part, 0, chunk, MPI.INT, 0, %d);
                    }
                    MPI.Finalize();
                }
            }
            """;

    /**
     * Arrays made by streams have the length the stream has: {@code new Random().ints(12, 0, 100).toArray()} (a real
     * merge-sort program draws its input so), {@code IntStream.range(0, 8).map(...)} and {@code rangeClosed(1, 5)},
     * whose elements are known too. The chunk and tag computed from them are known, so the tag that differs by one
     * (it hangs on MPJ Express with three processes) is a deadlock error; before, the lengths were unknown, the tags
     * were assumed to match anything and the mistake went unreported. A filter's count stays unknown and steers nothing.
     */
    @Test
    void streamArraysHaveTheirLength() {
        RunReport ok = Repo.analyze("Streams.java", STREAMS.formatted(17), 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
        RunReport twin = Repo.analyze("Streams.java", STREAMS.formatted(18), 3);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
        assertFalse(assumed(twin), twin.findings().toString());
    }

    /**
     * A search over one rank's random numbers ({@code contains}: return true at the first equal element) whose answer
     * is only printed, as a real course program compares the vectors it exchanges: the search's answer is unknown
     * rather than explored element by element. With the vectors' length known (a stream's), each element's test used
     * to be a decision, and the analysis ran out of its three explorations per test (an assumption).
     */
    @Test
    void aSearchOverOwnDataAnswersUnknownInsteadOfBranching() {
        String src = """
                import mpi.*;
                import java.util.Random;
                import java.util.stream.IntStream;
                public class Search {
                    static final Random rnd = new Random();
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] mine = IntStream.range(0, 4).map(i -> rnd.nextInt(10)).toArray();
                        Request[] sent = new Request[size];
                        for (int i = 0; i < size; i++) if (i != rank) sent[i] = MPI.COMM_WORLD.Isend(mine, 0, 4, MPI.INT, i, 1);
                        for (int i = 0; i < size; i++) {
                            if (i == rank) continue;
                            int[] other = new int[4];
                            MPI.COMM_WORLD.Recv(other, 0, 4, MPI.INT, i, 1);
                            if (disjoint(mine, other)) System.out.println(rank + ": nothing in common with " + i);
                        }
                        for (int i = 0; i < size; i++) if (i != rank) sent[i].Wait();
                        MPI.Finalize();
                    }
                    static boolean disjoint(int[] a, int[] b) {
                        for (int x : a) if (contains(b, x)) return false;
                        return true;
                    }
                    static boolean contains(int[] v, int x) {
                        for (int e : v) {
                            if (e == x) return true;
                        }
                        return false;
                    }
                }
                """;
        RunReport ok = Repo.analyze("Search.java", src, 3);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        assertFalse(assumed(ok), ok.findings().toString());
    }

    /**
     * A JDK method that throws on the program's (known) arguments throws at the call: {@code Integer.parseInt("x0")}
     * throws {@code NumberFormatException}, which the helper catches to return its default of 4 rounds on every rank.
     * The call used to give an unknown number, different per rank, so the rounds could differ between ranks: two
     * "possible" deadlock warnings on a program that ends on MPJ Express 0.44 (np 4). Uncaught (the twin's rank 1
     * parses "1O"), the same exception crashes that rank, as on MPJ, where the job ends with it.
     */
    @Test
    void aJdkCallThatThrowsThrowsAtTheCall() {
        String src = """
                import mpi.*;
                public class Rounds {
                    static int parse(String s) {
                        try {
                            return Integer.parseInt(s);
                        } catch (NumberFormatException e) {
                            return 4;
                        }
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int rounds = parse("x" + rank);
                        int[] v = new int[1];
                        for (int r = 0; r < rounds; r++) {
                            if (rank == 0) {
                                for (int d = 1; d < size; d++) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, d, r);
                            } else {
                                MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, r);
                            }
                        }
                        int n = Integer.parseInt(%s);
                        MPI.COMM_WORLD.Bcast(new int[] { n }, 0, 1, MPI.INT, 0);
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 4}) {
            RunReport ok = Repo.analyze("Rounds.java", src.formatted("\"10\""), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertTrue(ok.findings().stream().allMatch(f -> f.severity() == Severity.INFO), ok.findings().toString());
            RunReport twin = Repo.analyze("Rounds.java", src.formatted("rank == 1 ? \"1O\" : \"10\""), np);
            assertTrue(twin.findings().stream().anyMatch(f -> f.kind().id().equals("job-abort") && f.range().line() == 22
                    && f.message().contains("NumberFormatException (For input string: \"1O\")")), twin.findings().toString());
            assertFalse(Repo.hasError(twin), twin.findings().toString());
        }
    }

    /**
     * {@code super.step(round)} in an override runs the parent's {@code step} on the same object: the even workers'
     * class extends the odd workers' and adds nothing but the super call. It was not run, so the even workers never sent
     * and the root's wildcard receives waited for them: a false deadlock error on a program that ends on MPJ Express
     * 0.44 (np 4). The twin calls it twice, one send too many per round, and hangs on MPJ (np 3).
     */
    @Test
    void aSuperCallRunsTheParentsMethod() {
        String src = """
                import mpi.*;
                public class Nodes {
                    static abstract class Node {
                        final int rank, size;
                        Node(int rank, int size) { this.rank = rank; this.size = size; }
                        abstract void step(int round) throws MPIException;
                    }
                    static class Root extends Node {
                        Root(int r, int s) { super(r, s); }
                        void step(int round) throws MPIException {
                            int[] b = new int[1];
                            for (int i = 1; i < size; i++) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, round);
                        }
                    }
                    static class Odd extends Node {
                        Odd(int r, int s) { super(r, s); }
                        void step(int round) throws MPIException {
                            MPI.COMM_WORLD.Send(new int[] { rank }, 0, 1, MPI.INT, 0, round);
                        }
                    }
                    static class Even extends Odd {
                        Even(int r, int s) { super(r, s); }
                        @Override
                        void step(int round) throws MPIException {
                            %s
                        }
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        Node me = rank == 0 ? new Root(rank, size) : rank %% 2 == 1 ? new Odd(rank, size) : new Even(rank, size);
                        for (int round = 0; round < 3; round++) {
                            me.step(round);
                            MPI.COMM_WORLD.Barrier();
                        }
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {3, 4}) {
            RunReport ok = Repo.analyze("Nodes.java", src.formatted("super.step(round);"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport twin = Repo.analyze("Nodes.java", src.formatted("super.step(round); super.step(round);"), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
            assertFalse(assumed(twin), twin.findings().toString());
        }
    }

    /**
     * Function values: lambdas kept in variables, fields and lists, passed to a helper, and method references
     * ({@code me::pong}, {@code Worker::report}, {@code this::exchange}), called through {@code accept}, {@code run},
     * {@code applyAsInt} and a functional interface of the program. A lambda was an unknown value and a call of it did
     * nothing, so an exchange written with two {@code IntConsumer}s made no call at all (its head-to-head twin, which
     * hangs on MPJ Express 0.44 at np 2..5, was "ok") and {@code others.forEach(me::pong)} received nothing (a false
     * deadlock on a program that ends on MPJ). Both versions were run on MPJ Express 0.44 at np 2..5: the first ends,
     * the twin (both ranks receive first) hangs.
     */
    @Test
    void aFunctionValueRunsItsCode() {
        String src = """
                import mpi.*;
                import java.util.*;
                import java.util.function.*;
                public class Fns {
                    interface Step { void go(int round) throws MPIException; }
                    static Intracomm W;
                    static int rank, size;
                    static final BiConsumer<int[], Integer> SEND = (b, d) -> W.Send(b, 0, b.length, MPI.INT, d, 0);
                    static final BiConsumer<int[], Integer> RECV = (b, s) -> W.Recv(b, 0, b.length, MPI.INT, s, 0);
                    static void repeat(int n, IntConsumer body) { for (int i = 0; i < n; i++) body.accept(i); }
                    static class Worker {
                        final int id;
                        Worker(int id) { this.id = id; }
                        void report() throws MPIException { W.Send(new int[] { id }, 0, 1, MPI.INT, 0, 9); }
                    }
                    int[] halo = new int[1];
                    void exchange(int peer) throws MPIException { W.Sendrecv(halo, 0, 1, MPI.INT, peer, 3, halo, 0, 1, MPI.INT, peer, 3); }
                    void pong(int peer) throws MPIException { W.Recv(halo, 0, 1, MPI.INT, peer, 4); }
                    void ring() { IntConsumer ex = this::exchange; if ((rank ^ 1) < size) ex.accept(rank ^ 1); }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        W = MPI.COMM_WORLD; rank = W.Rank(); size = W.Size();
                        IntUnaryOperator partner = r -> { if (r %% 2 == 0) return r + 1; return r - 1; };
                        int p = partner.applyAsInt(rank);
                        int[] b = new int[2];
                        repeat(3, i -> {
                            if (p < size) {
                                if (rank < p) { %s } else { RECV.accept(b, p); SEND.accept(b, p); }
                            }
                        });
                        List<Runnable> phases = new ArrayList<>();
                        phases.add(() -> W.Barrier());
                        phases.add(() -> { int[] x = { rank }, y = new int[1]; W.Allreduce(x, 0, y, 0, 1, MPI.INT, MPI.SUM); });
                        for (Runnable r : phases) r.run();
                        Step st = round -> W.Bcast(b, 0, 1, MPI.INT, 0);
                        for (int k = 0; k < 2; k++) st.go(k);
                        List<Worker> ws = new ArrayList<>();
                        if (rank != 0) ws.add(new Worker(rank));
                        ws.forEach(Worker::report);
                        if (rank == 0) for (int i = 1; i < size; i++) W.Recv(new int[1], 0, 1, MPI.INT, i, 9);
                        Fns me = new Fns();
                        List<Integer> others = new ArrayList<>();
                        for (int i = 1; i < size; i++) others.add(i);
                        if (rank == 0) others.forEach(me::pong); else W.Send(me.halo, 0, 1, MPI.INT, 0, 4);
                        me.ring();
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 3, 5}) {
            RunReport ok = Repo.analyze("Fns.java", src.formatted("SEND.accept(b, p); RECV.accept(b, p);"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            List<Event> rank1 = ok.graph().traces().get(1);
            long sends = rank1.stream().filter(e -> e.op().kind() == Op.Kind.SEND || e.op().kind() == Op.Kind.SENDRECV).count();
            assertTrue(sends >= 6, "rank 1 sends 3 exchange messages, its report, its pong and its halo: " + rank1);
            RunReport twin = Repo.analyze("Fns.java", src.formatted("RECV.accept(b, p); SEND.accept(b, p);"), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
        }
    }

    /**
     * Java's 32-bit int arithmetic: shifts of an int use its 32 bits ({@code -16 >>> 28} is 15, {@code 1 << 32} is 1,
     * also in {@code x >>>= 28}) and an int sum or product wraps before a comparison. Numbers are held as longs, so
     * {@code -16 >>> 28} was 2^36 - 1 (and -1 once stored into an int): a hash-based test went the other way and rank 0
     * waited for a message no rank sends, a false deadlock on a program that ends on MPJ Express 0.44 (np 2..5, checked).
     * Long arithmetic keeps its 64 bits. A string's {@code hashCode()} (Java specifies it from the characters; words
     * are sent to {@code Math.abs(word.hashCode()) % size} in word counts) was an unknown value per rank.
     */
    @Test
    void intArithmeticWrapsAsJavaDoes() {
        String src = """
                import mpi.*;
                public class Ints {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int big = Integer.MAX_VALUE, x = -16;
                        x >>>= 28;
                        long wide = 1L << 40;
                        int h = 0;
                        for (char ch : "rendezvous".toCharArray()) h = 31 * h + ch;
                        boolean ok = h == "rendezvous".hashCode() && Integer.hashCode(-5) == -5 && (-16 >>> 28) == 15 && (1 << 32) == 1 && x == 15 && big * 2 == -2 && (long) big * 2 == 4294967294L
                                && wide == 1099511627776L && (-16L >>> 60) == 15 && (-16 >> 2) == -4 && big + 1 < 0;
                        int[] b = new int[1];
                        if (%s) {
                            if (rank == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);
                            else if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0);
                        } else if (rank == 0) {
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = Repo.analyze("Ints.java", src.formatted("ok"), 2);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        RunReport twin = Repo.analyze("Ints.java", src.formatted("!ok"), 2);
        assertTrue(Repo.hasError(twin), twin.findings().toString());
    }

    /**
     * A program whose {@code main} makes the application object, whose constructor calls {@code MPI.Init}, and then
     * runs it: the constructor was taken for the program (the method that calls Init), so nothing after it was
     * analysed and a ring that sends its token to the wrong rank (MPJ Express 0.44 hangs at np 3 and 4) was "ok". Now
     * a {@code main} that reaches Init through the program's own methods is the program.
     */
    @Test
    void aMainThatInitialisesThroughAConstructorIsTheProgram() {
        String src = """
                import mpi.*;

                public class App {
                    private final int rank, size;
                    private App(String[] args) throws MPIException {
                        MPI.Init(args);
                        rank = MPI.COMM_WORLD.Rank();
                        size = MPI.COMM_WORLD.Size();
                    }
                    private void run() throws MPIException {
                        int[] token = { 0 };
                        if (size < 2) return;
                        if (rank == 0) {
                            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 1, 0);
                            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 0);
                            System.out.println("token " + token[0]);
                        } else {
                            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 0);
                            token[0]++;
                            MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) %% %s, 0);
                        }
                    }
                    private void close() throws MPIException { MPI.Finalize(); }
                    public static void main(String[] args) throws Exception {
                        App app = new App(args);
                        try {
                            app.run();
                        } finally {
                            app.close();
                        }
                    }
                }
                """;
        for (int np : new int[] {2, 3, 4}) {
            RunReport ok = Repo.analyze("App.java", src.formatted("size"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertEquals(np * 2L, ok.graph().traces().stream().flatMap(List::stream)
                    .filter(e -> e.op().kind() == Op.Kind.SEND || e.op().kind() == Op.Kind.RECV).count(), ok.graph().traces().toString());
        }
        for (int np : new int[] {3, 4}) {
            RunReport twin = Repo.analyze("App.java", src.formatted("(size - 1)"), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
        }
    }

    /**
     * After {@code MPI.Finalize} nothing a rank does reaches another rank: rank 0 checking the parallel result against
     * a sequential one, on data the analysis does not know (random matrices), made assumptions about its tests and
     * loops ("explored 3 times") that could change no finding. They are not said after Finalize; before it, the same
     * check keeps them.
     */
    @Test
    void localChecksAfterFinalizeNeedNoAssumption() {
        String src = """
                import mpi.*;
                import java.util.Random;
                public class Check {
                    int[][] res = new int[300][300], ref = new int[300][300];
                    int[][] mul(int[][] a, int[][] b) {
                        int[][] c = new int[a.length][b[0].length];
                        for (int i = 0; i < a.length; i++)
                            for (int j = 0; j < b[0].length; j++)
                                for (int k = 0; k < b.length; k++) c[i][j] += a[i][k] * b[k][j];
                        return c;
                    }
                    boolean equalsActual() {
                        int[][] actual = mul(ref, ref);
                        for (int i = 0; i != ref.length; ++i) {
                            for (int j = 0; j != ref[i].length; ++j) {
                                if (actual[i][j] != res[i][j]) return false;
                            }
                        }
                        return true;
                    }
                    void run() throws MPIException {
                        Random r = new Random();
                        for (int i = 0; i < 300; i++) for (int j = 0; j < 300; j++) ref[i][j] = r.nextInt(10);
                        for (int i = 0; i < 300; i++) MPI.COMM_WORLD.Reduce(ref[i], 0, res[i], 0, 300, MPI.INT, MPI.SUM, 0);
                        %s
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Check c = new Check();
                        c.run();
                        if (MPI.COMM_WORLD.Rank() == 0) System.out.println(c.equalsActual() ? "correct" : "wrong");
                        %s
                    }
                }
                """;
        RunReport after = Repo.analyze("Check.java", src.formatted("MPI.Finalize();", ""), 2);
        assertEquals("ok", after.verdict().runId(), after.findings().toString());
        assertFalse(assumed(after), after.findings().toString());
        RunReport before = Repo.analyze("Check.java", src.formatted("", "MPI.Finalize();"), 2);
        assertEquals("ok", before.verdict().runId(), before.findings().toString());
        assertTrue(assumed(before), before.findings().toString());
    }

    /**
     * Ordering a list: {@code list.sort} and {@code Collections.sort} with a lambda, {@code Comparator.reverseOrder()},
     * {@code Collections.reverseOrder()}, {@code Comparator.comparingInt(key)}, and {@code Collections.reverse}; then a
     * stream {@code filter} and {@code collect(Collectors.toList())}. {@code list.sort(cmp)} and the {@code Collections}
     * methods left the list as it was (the leader of a list sorted in descending order was taken for rank 0), and a
     * stream of a list was an unknown value. The first five end on MPJ Express 0.44 at np 3 (checked), the last two
     * (ascending, reversed twice) make rank 0 the leader, which sends to itself first and hangs there. {@code
     * Collections.addAll} adds its elements (it was ignored too).
     */
    @Test
    void orderingAListFollowsItsComparator() {
        String src = """
                import mpi.*;
                import java.util.*;
                import java.util.stream.*;

                public class Leader {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        List<Integer> ranks = new ArrayList<>();
                        for (int i = 0; i < size; i++) ranks.add(i);
                        %s
                        int leader = ranks.get(0);
                        int[] b = new int[1];
                        if (rank == leader) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 5);
                        if (rank == 0) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, size - 1, 5);
                        List<Integer> odd = ranks.stream().filter(x -> x %% 2 == 1).collect(Collectors.toList());
                        if (odd.contains(rank)) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 6);
                        if (rank == 0) for (int i = 0; i < size / 2; i++) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 6);
                        MPI.Finalize();
                    }
                }
                """;
        for (String sort : List.of("ranks.sort((a, b) -> b - a);", "ranks.sort(Comparator.reverseOrder());",
                "Collections.sort(ranks, Collections.reverseOrder());", "ranks.sort(Comparator.comparingInt(x -> -x));",
                "Collections.sort(ranks); Collections.reverse(ranks);",
                "Collections.addAll(ranks, 99); ranks.sort(Comparator.reverseOrder()); ranks.remove(0);")) {
            for (int np : new int[] {2, 3, 4}) {
                RunReport ok = Repo.analyze("Leader.java", src.formatted(sort), np);
                assertEquals("ok", ok.verdict().runId(), sort + " at np " + np + ": " + ok.findings());
                assertFalse(assumed(ok), ok.findings().toString());
            }
        }
        for (String sort : List.of("ranks.sort((a, b) -> a - b);", "ranks.sort(Comparator.reverseOrder()); Collections.reverse(ranks);")) {
            RunReport twin = Repo.analyze("Leader.java", src.formatted(sort), 3);
            assertTrue(Repo.hasError(twin), sort + ": " + twin.findings());
        }
    }

    /**
     * {@code Collections.shuffle(list, new Random(42))} is the permutation Java makes (the same draws, from the end):
     * a ring in shuffled order that the first in the order starts ends on MPJ Express 0.44 at np 2..5, and its twin
     * that nobody starts hangs there. Shuffling was ignored (the ring was analysed in rank order, right by luck), and
     * for a while this session made the order unknown, which lost the twin's deadlock. A map filled with
     * {@code computeIfAbsent(i, k -> new ArrayList<>())} holds the lists the function makes (a neighbour graph built so
     * had unknown peers).
     */
    @Test
    void aSeededShuffleIsJavasPermutation() {
        String src = """
                import mpi.*;
                import java.util.*;

                public class Shuffle {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        List<Integer> order = new ArrayList<>();
                        for (int i = 0; i < size; i++) order.add(i);
                        Collections.shuffle(order, new Random(42));
                        int pos = order.indexOf(rank);
                        int next = order.get((pos + 1) %% size), prev = order.get((pos + size - 1) %% size);
                        int[] a = { rank }, b = new int[1];
                        if (pos == %s) {
                            MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, next, 0);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, prev, 0);
                        } else {
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, prev, 0);
                            MPI.COMM_WORLD.Send(a, 0, 1, MPI.INT, next, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String graph = """
                import mpi.*;
                import java.util.*;

                public class Graph {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        Map<Integer, List<Integer>> adj = new HashMap<>();
                        for (int i = 0; i < size; i++) adj.computeIfAbsent(i, k -> new ArrayList<>());
                        for (int i = 0; i + 1 < size; i++) { adj.get(i).add(i + 1); adj.get(i + 1).add(i); }
                        List<Integer> mine = adj.get(rank);
                        Request[] rs = new Request[2 * mine.size()];
                        int[][] in = new int[mine.size()][1];
                        int[] out = { rank };
                        int k = 0;
                        for (int j = 0; j < mine.size(); j++) {
                            rs[k++] = MPI.COMM_WORLD.Irecv(in[j], 0, 1, MPI.INT, mine.get(j), 0);
                            rs[k++] = MPI.COMM_WORLD.Isend(out, 0, 1, MPI.INT, mine.get(j), 0);
                        }
                        Request.Waitall(rs);
                        Set<Integer> seen = new TreeSet<>();
                        for (int[] x : in) seen.add(x[0]);
                        if (!seen.equals(new TreeSet<>(mine))) System.out.println("bad");
                        MPI.COMM_WORLD.Barrier();
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 3, 5}) {
            RunReport ok = Repo.analyze("Shuffle.java", src.formatted("0"), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport twin = Repo.analyze("Shuffle.java", src.formatted("-1"), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
            RunReport g = Repo.analyze("Graph.java", graph.formatted(), np);
            assertEquals("ok", g.verdict().runId(), g.findings().toString());
            assertFalse(assumed(g), g.findings().toString());
        }
    }

    /**
     * A recursive merge sort that hands halves down a tree: {@code out[i] = b >= right.length || (a < left.length &&
     * left[a] <= right[b]) ? left[a++] : right[b++]} on data the analysis does not know. Both arms of the {@code ?:}
     * used to run, one after the other, so {@code left[a++]} ran past {@code left} once it was used up: a false crash
     * of rank 0 (ArrayIndexOutOfBoundsException) that also hid the program's real mistake at 4 processes (rank 3 asks
     * rank 2 for work that rank 2 never sends; MPJ Express 0.44 hangs there, and ends at 2). Now each arm runs from the
     * state before the test, a throw in an arm is not the program's, and {@code a}, {@code b} become unknown.
     */
    @Test
    void anUndecidedConditionalRunsEachArmAsJavaWouldRunOne() {
        String src = """
                import mpi.*;
                import java.util.Arrays;
                public class RecSort {
                    static int rank, size;
                    static int[] sort(int[] data, int level) throws MPIException {
                        int step = 1 << level;
                        if (rank % (2 * step) != 0 || rank + step >= size || data.length < 2) {
                            Arrays.sort(data);
                            return data;
                        }
                        int half = data.length / 2;
                        int[] len = { data.length - half };
                        MPI.COMM_WORLD.Send(len, 0, 1, MPI.INT, rank + step, 10 + level);
                        MPI.COMM_WORLD.Send(data, half, len[0], MPI.INT, rank + step, 20 + level);
                        int[] left = sort(Arrays.copyOf(data, half), level + 1);
                        int[] right = new int[len[0]];
                        MPI.COMM_WORLD.Recv(right, 0, len[0], MPI.INT, rank + step, 30 + level);
                        int[] out = new int[data.length];
                        for (int i = 0, a = 0, b = 0; i < out.length; i++)
                            out[i] = b >= right.length || (a < left.length && left[a] <= right[b]) ? left[a++] : right[b++];
                        return out;
                    }
                    static void serve(int level) throws MPIException {
                        int parent = rank - (1 << level);
                        int[] len = new int[1];
                        MPI.COMM_WORLD.Recv(len, 0, 1, MPI.INT, parent, 10 + level);
                        int[] part = new int[len[0]];
                        MPI.COMM_WORLD.Recv(part, 0, len[0], MPI.INT, parent, 20 + level);
                        int[] sorted = sort(part, level + 1);
                        MPI.COMM_WORLD.Send(sorted, 0, sorted.length, MPI.INT, parent, 30 + level);
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        rank = MPI.COMM_WORLD.Rank();
                        size = MPI.COMM_WORLD.Size();
                        if (rank == 0) {
                            int[] data = new java.util.Random().ints(32, 0, 100).toArray();
                            System.out.println(Arrays.toString(sort(data, 0)));
                        } else {
                            serve(Integer.numberOfTrailingZeros(rank));
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport two = Repo.analyze("RecSort.java", src, 2);
        assertEquals("ok", two.verdict().runId(), two.findings().toString());
        assertTrue(two.findings().stream().allMatch(f -> f.severity() == Severity.INFO), two.findings().toString());
        RunReport four = Repo.analyze("RecSort.java", src, 4);
        assertTrue(four.findings().stream().anyMatch(f -> f.kind().id().equals("unmatched-recv") && f.severity() == Severity.ERROR
                && f.ranks().contains(3)), four.findings().toString());
        assertTrue(four.findings().stream().noneMatch(f -> f.kind().id().equals("job-abort")), four.findings().toString());
    }

    /**
     * {@code Arrays.sort} of known numbers sorts them: a ring over a sorted permutation of the ranks ({@code (3i + 1) %
     * size}) is a ring at 4 processes (MPJ Express 0.44 ends) and every rank sending to rank 1 at 3 (it hangs). The sort
     * used to forget the elements: two assumptions (peers not computed) and the deadlock at 3 missed.
     */
    @Test
    void sortingKnownNumbersKeepsThemKnown() {
        String src = """
                import mpi.*;
                import java.util.Arrays;
                public class SortK {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] order = new int[size];
                        for (int i = 0; i < size; i++) order[i] = (i * 3 + 1) % size;
                        Arrays.sort(order);
                        int next = order[(rank + 1) % size], prev = order[(rank + size - 1) % size];
                        int[] v = { rank }, w = new int[1];
                        MPI.COMM_WORLD.Sendrecv(v, 0, 1, MPI.INT, next, 0, w, 0, 1, MPI.INT, prev, 0);
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ring = Repo.analyze("SortK.java", src, 4);
        assertEquals("ok", ring.verdict().runId(), ring.findings().toString());
        assertFalse(assumed(ring), ring.findings().toString());
        RunReport star = Repo.analyze("SortK.java", src, 3);
        assertTrue(Repo.hasError(star), star.findings().toString());
        assertFalse(assumed(star), star.findings().toString());
    }

    /**
     * {@code app.new Collector()}: an inner class created through a qualified {@code new} reads the fields of the object
     * named before {@code .new}. It had no enclosing object, so {@code rank == 0} in its {@code run()} was unknown: a
     * "possible" wait cycle warning on a program that ends on MPJ Express 0.44 (np 4). The twin's collector waits for
     * one message too many (it hangs on MPJ at np 3).
     */
    @Test
    void aQualifiedInnerCreationSeesItsOuterObject() {
        String src = """
                import mpi.*;
                public class Inner {
                    private final int rank, size;
                    private int total;
                    Inner(int rank, int size) { this.rank = rank; this.size = size; }
                    class Collector implements Runnable {
                        public void run() {
                            try {
                                int[] b = new int[1];
                                if (rank == 0) {
                                    for (int i = %d; i < size; i++) {
                                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                                        total += b[0];
                                    }
                                } else {
                                    b[0] = rank * 2;
                                    MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 1);
                                }
                            } catch (MPIException e) {
                                throw new RuntimeException(e);
                            }
                        }
                    }
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Inner app = new Inner(MPI.COMM_WORLD.Rank(), MPI.COMM_WORLD.Size());
                        Runnable job = app.new Collector();
                        job.run();
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {3, 4}) {
            RunReport ok = Repo.analyze("Inner.java", src.formatted(1), np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertTrue(ok.findings().stream().allMatch(f -> f.severity() == Severity.INFO), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport twin = Repo.analyze("Inner.java", src.formatted(0), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
        }
    }

    /**
     * A map's entries ({@code for (Map.Entry<Integer, Integer> e : owed.entrySet())}, an explicit
     * {@code entrySet().iterator()}), {@code counts.merge(word, 1, Integer::sum)} and {@code counts.forEach((k, v) -> ...)}
     * are followed as Java runs them. {@code entrySet()} was an unknown value: a program that receives from every other
     * rank before sending to it (MPJ Express 0.44 hangs at np 2..5) was "ok", and its correct twin with Isends got a
     * wait-cycle warning. A word count whose ranks send one message per distinct word ends on MPJ at np 2..4; its twin
     * that receives one message more hangs. The JDK's method references ({@code Integer::sum}) are the JDK's methods.
     */
    @Test
    void mapEntriesMergeAndForEachAreFollowed() {
        String iterBad = """
                import mpi.*;
                import java.util.*;

                public class IterBad {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        Map<Integer, Integer> owed = new TreeMap<>();
                        for (int p = 0; p < size; p++) if (p != rank) owed.put(p, p + rank);
                        Iterator<Map.Entry<Integer, Integer>> it = owed.entrySet().iterator();
                        int[] b = new int[1];
                        while (it.hasNext()) {
                            Map.Entry<Integer, Integer> e = it.next();
                            w.Recv(b, 0, 1, MPI.INT, e.getKey(), 0);
                            w.Send(new int[] {e.getValue()}, 0, 1, MPI.INT, e.getKey(), 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String iterOk = iterBad.replace("class IterBad", "class IterOk")
                .replace("w.Recv(b, 0, 1, MPI.INT, e.getKey(), 0);", "Request s = w.Isend(new int[] {e.getValue()}, 0, 1, MPI.INT,"
                        + " e.getKey(), 0); w.Recv(b, 0, 1, MPI.INT, e.getKey(), 0); s.Wait();")
                .replace("w.Send(new int[] {e.getValue()}, 0, 1, MPI.INT, e.getKey(), 0);", "");
        String merge = """
                import mpi.*;
                import java.util.*;

                public class Merge {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        String[] words = {"alpha", "beta", "gamma", "alpha", "delta", "beta", "alpha"};
                        Map<String, Integer> counts = new TreeMap<>();
                        for (int i = rank; i < words.length; i += size) counts.merge(words[i], 1, Integer::sum);
                        // every rank tells rank 0 how many distinct words it saw, then sends one message per word
                        int[] n = {counts.size()};
                        if (rank != 0) {
                            w.Send(n, 0, 1, MPI.INT, 0, 1);
                            counts.forEach((word, c) -> {
                                try {
                                    w.Send(new int[] {c}, 0, 1, MPI.INT, 0, 2);
                                } catch (MPIException e) { throw new RuntimeException(e); }
                            });
                        } else {
                            int[] m = new int[1], c = new int[1];
                            for (int p = 1; p < size; p++) {
                                w.Recv(m, 0, 1, MPI.INT, p, 1);
                                for (int k = 0; k < m[0]; k++) w.Recv(c, 0, 1, MPI.INT, p, 2);
                            }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String mergeBad = merge.replace("k < m[0]; k++", "k <= m[0]; k++");
        for (int np : new int[] {2, 3, 4}) {
            RunReport bad = Repo.analyze("IterBad.java", iterBad, np);
            assertTrue(Repo.hasError(bad), bad.findings().toString());
            RunReport ok = Repo.analyze("IterOk.java", iterOk, np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport m = Repo.analyze("Merge.java", merge, np);
            assertEquals("ok", m.verdict().runId(), m.findings().toString());
            assertFalse(assumed(m), m.findings().toString());
            RunReport mb = Repo.analyze("Merge.java", mergeBad, np);
            assertTrue(Repo.hasError(mb), mb.findings().toString());
        }
    }

    /**
     * {@code IntStream.of(...).distinct().sorted().toArray()} and {@code Arrays.parallelSort} compute what Java computes
     * (they left the elements unknown, and a ring in that order got assumptions); and {@code rank + big + big < 0} of
     * ints wraps at the second addition too, as Java's does (only the first pair of a chain wrapped, so the test of the
     * sign went the other way: a false deadlock error on a program that ends on MPJ Express 0.44 at np 2..4). The ring's
     * twin that nobody starts hangs there.
     */
    @Test
    void streamOrderingAndIntChainsAreJavas() {
        String ring = """
                import mpi.*;
                import java.util.stream.IntStream;

                public class Distinct {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        // the ring's order: every rank listed (some twice), sorted, duplicates dropped
                        int[] order = IntStream.of(3 % size, 0, 2 % size, 1, 0, (size - 1)).distinct().sorted().toArray();
                        int[] ids = order.clone();
                        java.util.Arrays.parallelSort(ids);
                        int pos = -1;
                        for (int i = 0; i < ids.length; i++) if (ids[i] == rank) pos = i;
                        int[] b = {rank};
                        if (pos >= 0 && ids.length == size) {
                            int next = ids[(pos + 1) % ids.length], prev = ids[(pos + ids.length - 1) % ids.length];
                            if (pos == 0) { w.Send(b, 0, 1, MPI.INT, next, 0); w.Recv(b, 0, 1, MPI.INT, prev, 0); }
                            else { w.Recv(b, 0, 1, MPI.INT, prev, 0); w.Send(b, 0, 1, MPI.INT, next, 0); }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String wrap = """
                import mpi.*;

                public class Wrap3 {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        int big = 2_000_000_000;
                        int[] b = new int[1];
                        if (rank + big + big < 0) { // wraps to a negative number on every rank
                            if (rank == 0) for (int p = 1; p < size; p++) w.Recv(b, 0, 1, MPI.INT, p, 0);
                            else w.Send(b, 0, 1, MPI.INT, 0, 0);
                        } else {
                            if (rank == 0) for (int p = 1; p < size; p++) w.Send(b, 0, 1, MPI.INT, p, 0);
                            else w.Send(b, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        for (int np : new int[] {2, 3, 4}) {
            RunReport ok = Repo.analyze("Distinct.java", ring, np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport twin = Repo.analyze("Distinct.java", ring.replace("if (pos == 0) {", "if (pos == ids.length) {"), np);
            assertTrue(Repo.hasError(twin), twin.findings().toString());
            RunReport w = Repo.analyze("Wrap3.java", wrap, np);
            assertEquals("ok", w.verdict().runId(), w.findings().toString());
        }
    }

    /**
     * A role table {@code Map.of(true, Dispatch::produce, false, Dispatch::consume)} and a leader found with
     * {@code stream().filter(...).findFirst().orElse(0)} and {@code max(Integer::compare).get()}: {@code Map.of} and the
     * stream's Optional were unknown values (no role ran; the leader was unknown). Each program ends on MPJ Express
     * 0.44 at np 2..4; the table with the roles swapped hangs at np 2..4, and the leader's receive with the wrong tag
     * hangs at np 3 and 4.
     */
    @Test
    void roleTablesAndOptionalsAreFollowed() {
        String dispatch = """
                import mpi.*;
                import java.util.*;

                public class Dispatch {
                    interface Role { void run(Intracomm w, int rank, int size) throws MPIException; }

                    static void produce(Intracomm w, int rank, int size) throws MPIException {
                        for (int d = 1; d < size; d++) w.Send(new int[] {d * 10}, 0, 1, MPI.INT, d, 0);
                    }

                    static void consume(Intracomm w, int rank, int size) throws MPIException {
                        int[] b = new int[1];
                        w.Recv(b, 0, 1, MPI.INT, 0, 0);
                    }

                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        Map<Boolean, Role> roles = Map.of(true, Dispatch::produce, false, Dispatch::consume);
                        roles.get(rank == 0).run(w, rank, size);
                        List<Integer> peers = List.of(0, 1);
                        Set<String> names = Set.of("a", "b");
                        if (peers.contains(rank) && size > 1 && names.size() == 2) {
                            int other = 1 - rank;
                            int[] b = {rank};
                            if (rank == 0) { w.Send(b, 0, 1, MPI.INT, other, 1); w.Recv(b, 0, 1, MPI.INT, other, 1); }
                            else { w.Recv(b, 0, 1, MPI.INT, other, 1); w.Send(b, 0, 1, MPI.INT, other, 1); }
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String optional = """
                import mpi.*;
                import java.util.*;

                public class Optional1 {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Intracomm w = MPI.COMM_WORLD;
                        int rank = w.Rank(), size = w.Size();
                        List<Integer> all = new ArrayList<>();
                        for (int i = 0; i < size; i++) all.add(i);
                        int leader = all.stream().filter(r -> r % 2 == 1).findFirst().orElse(0);
                        int last = all.stream().max(Integer::compare).get();
                        int[] b = {rank};
                        if (rank == leader) {
                            for (int r : all) if (r != leader) w.Recv(b, 0, 1, MPI.INT, r, 0);
                        } else {
                            w.Send(b, 0, 1, MPI.INT, leader, 0);
                        }
                        if (rank == last && last != leader) w.Send(b, 0, 1, MPI.INT, leader, 1);
                        if (rank == leader && last != leader) w.Recv(b, 0, 1, MPI.INT, last, 1);
                        MPI.Finalize();
                    }
                }
                """;
        String swapped = dispatch.replace("Dispatch::produce, false, Dispatch::consume", "Dispatch::consume, false, Dispatch::produce");
        String wrongTag = optional.replace("w.Recv(b, 0, 1, MPI.INT, last, 1);", "w.Recv(b, 0, 1, MPI.INT, last, 2);");
        for (int np : new int[] {2, 3, 4}) {
            RunReport ok = Repo.analyze("Dispatch.java", dispatch, np);
            assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
            assertFalse(assumed(ok), ok.findings().toString());
            RunReport bad = Repo.analyze("Dispatch.java", swapped, np);
            assertTrue(Repo.hasError(bad), bad.findings().toString());
            RunReport o = Repo.analyze("Optional1.java", optional, np);
            assertEquals("ok", o.verdict().runId(), o.findings().toString());
            assertFalse(assumed(o), o.findings().toString());
            RunReport ob = Repo.analyze("Optional1.java", wrongTag, np);
            assertEquals(np > 2, Repo.hasError(ob), ob.findings().toString());
        }
    }

    /**
     * {@code list.remove(x)} removes the element at index x for an int and the element equal to x for an Integer (Java
     * picks the overload from the argument's type): a work list of the ranks, last first, from which the master takes
     * out itself by value, then the first entry by index, and serves the ranks left. Taken as an index, the first
     * removal took out rank 5 instead, and the master waited for a message from itself (a false deadlock; MPJ Express
     * 0.44 runs the program, and the variants below, to their end at np=6).
     */
    @Test
    void listRemoveTakesAnIntegerAsTheElementAndAnIntAsTheIndex() {
        String src = """
                import mpi.*;
                import java.util.*;
                public class Pool {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        List<Integer> ranks = new ArrayList<>();
                        for (int r = size - 1; r >= 0; r--) ranks.add(r);
                        ranks.remove(Integer.valueOf(0));
                        ranks.remove(0);
                        int[] b = {rank};
                        if (rank == 0) {
                            for (int r : ranks) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, r, 0);
                        } else if (ranks.contains(rank)) {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        RunReport ok = Repo.analyze("Pool.java", src, 6);
        assertEquals("ok", ok.verdict().runId(), ok.findings().toString());
        RunReport byIndex = Repo.analyze("Pool.java", src.replace("ranks.remove(Integer.valueOf(0));", "ranks.remove(5);"), 6);
        assertEquals("ok", byIndex.verdict().runId(), byIndex.findings().toString());
        RunReport cast = Repo.analyze("Pool.java", src.replace("ranks.remove(Integer.valueOf(0));", "ranks.remove((Integer) 0);"), 6);
        assertEquals("ok", cast.verdict().runId(), cast.findings().toString());
    }

    /**
     * A deque's {@code push} and {@code pop} work at its front, a {@code Stack}'s at its end: either way {@code pop}
     * gives what was pushed last, and a Stack keeps its elements in the order pushed. The tag is computed both ways here
     * and by Java below (push had added at the end and pop taken from the front, so the deque gave its first element).
     */
    @Test
    void pushAndPopAreLastInFirstOutOnDequesAndStacks() {
        String src = """
                import mpi.*;
                import java.util.*;
                public class Lifo {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        Deque<Integer> d = new ArrayDeque<>();
                        Stack<Integer> s = new Stack<>();
                        for (int r = 1; r < size; r++) {
                            d.push(r);
                            s.push(r * 10);
                        }
                        int tag = d.pop() * 1000 + d.peek() * 100 + s.pop() / 10 + s.peek() + s.get(0);
                        int[] b = {0};
                        if (rank == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, tag);
                        else if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, %d);
                        MPI.Finalize();
                    }
                }
                """;
        Deque<Integer> d = new java.util.ArrayDeque<>();
        java.util.Stack<Integer> s = new java.util.Stack<>();
        for (int r = 1; r < 4; r++) {
            d.push(r);
            s.push(r * 10);
        }
        int tag = d.pop() * 1000 + d.peek() * 100 + s.pop() / 10 + s.peek() + s.get(0);
        RunReport r = Repo.analyze("Lifo.java", src.formatted(tag), 4);
        assertEquals("ok", r.verdict().runId(), r.findings().toString());
    }
}
