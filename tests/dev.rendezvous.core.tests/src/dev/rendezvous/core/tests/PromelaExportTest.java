package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.report.PromelaExport;

/**
 * The Promela export is checked by SPIN itself: on every corpus program, example and fixture the
 * export covers, and on random wildcard programs (with probes and barriers too) whose later messages carry what earlier receives got,
 * SPIN finds a deadlock (an invalid end state) exactly when Rendezvous's zero-buffer exploration did,
 * and never reaches an {@code assert(false)}, which the model puts wherever a call returns something
 * no explored run saw: the local automata are faithful to the program. Needs {@code spin} and
 * {@code gcc} (CI installs the Debian package spin); without them those tests are skipped.
 */
class PromelaExportTest {

    static Stream<Arguments> programs() throws IOException {
        return Repo.programsAt(3);
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void spinAgreesWithTheExploration(Path file, int np) throws Exception {
        check(file.getFileName().toString(), Repo.read(file), np);
    }

    static Stream<Arguments> randomPrograms() {
        return IntStream.range(0, 30).mapToObj(seed -> Arguments.of(seed, 3 + seed % 2));
    }

    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomPrograms")
    void spinAgreesOnRandomWildcardPrograms(int seed, int np) throws Exception {
        String name = "Gen" + seed + ".java";
        PromelaExport.Result r = check(name, StateCachingTest.RandomPrograms.wildcards(seed, np), np);
        assertNotNull(r.model(), name + ": blocking sends and receives are all exported, but: " + r.unsupported());
    }

    @ParameterizedTest(name = "seed {0} np={1}")
    @MethodSource("randomPrograms")
    void spinAgreesOnRandomProbeAndBarrierPrograms(int seed, int np) throws Exception {
        String name = "P" + seed + ".java";
        PromelaExport.Result r = check(name, probesAndBarriers(seed, np), np);
        assertNotNull(r.model(), name + ": " + r.unsupported());
    }

    /**
     * Random programs with probes (any source or tag, then a receive of what was probed), receives that
     * read the matched source and value into a variable that picks later tags, and sometimes one barrier
     * per rank placed anywhere; sends and receives in random order, so most of them deadlock somewhere.
     */
    static String probesAndBarriers(long seed, int np) {
        java.util.Random r = new java.util.Random(seed);
        List<List<String>> sends = new java.util.ArrayList<>(), recvs = new java.util.ArrayList<>();
        for (int k = 0; k < np; k++) {
            sends.add(new java.util.ArrayList<>());
            recvs.add(new java.util.ArrayList<>());
        }
        int messages = np + r.nextInt(2 * np);
        for (int m = 0; m < messages; m++) {
            int src = r.nextInt(np), dst = (src + 1 + r.nextInt(np - 1)) % np;
            String tag = List.of("0", "1", "(x % 2)").get(r.nextInt(3));
            sends.get(src).add("buf[0] = x; MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, " + dst + ", " + tag + ");");
            String from = r.nextBoolean() ? "MPI.ANY_SOURCE" : String.valueOf(src);
            String t = r.nextBoolean() || tag.startsWith("(") ? "MPI.ANY_TAG" : tag;
            recvs.get(dst).add(r.nextInt(10) < 3
                    ? "{ Status st = MPI.COMM_WORLD.Probe(" + from + ", " + t + "); MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, st.source, st.tag); x += st.source * 3 + got[0] + st.tag; }"
                    : "{ Status st = MPI.COMM_WORLD.Recv(got, 0, 1, MPI.INT, " + from + ", " + t + "); x += st.source * 3 + got[0]; }");
        }
        boolean barrier = r.nextBoolean();
        StringBuilder b = new StringBuilder("import mpi.*;\npublic class P").append(seed).append(" {\n")
                .append("    public static void main(String[] args) throws Exception {\n        MPI.Init(args);\n")
                .append("        int rank = MPI.COMM_WORLD.Rank();\n        int[] buf = new int[1], got = new int[1];\n        int x = rank;\n");
        for (int k = 0; k < np; k++) {
            List<String> mine = new java.util.ArrayList<>(sends.get(k));
            for (String rc : recvs.get(k)) mine.add(r.nextInt(mine.size() + 1), rc);
            if (barrier) mine.add(r.nextInt(mine.size() + 1), "MPI.COMM_WORLD.Barrier();");
            b.append("        if (rank == ").append(k).append(") {\n");
            for (String o : mine) b.append("            ").append(o).append("\n");
            b.append("        }\n");
        }
        return b.append("        MPI.Finalize();\n    }\n}\n").toString();
    }

    @Test
    void aMasterWorkerLoopIsACycleNotATreeOfMatchings() {
        PromelaExport.Result r = export("WorkQueueAny.java", Repo.read(Repo.corpus().resolve("programs/WorkQueueAny.java")), 5);
        assertNotNull(r.model(), String.valueOf(r.unsupported()));
        assertTrue(r.complete());
        // each worker: its receive, its send, its end, and a second receive state (the result buffer holds a known 0.0
        // before the first task and a forgotten sum after it: the quadrature is payload and not computed), not one
        // node per task; the master one receive and one send per task and worker count
        String worker = r.model().substring(r.model().indexOf("active proctype rank3()"));
        worker = worker.substring(0, worker.indexOf("}\n"));
        int nodes = worker.split("/\\* (Recv|Send|end)").length - 1;
        assertTrue(nodes >= 3 && nodes <= 4, worker);
        assertTrue(r.nodes() < 400, "nodes: " + r.nodes());
    }

    @Test
    void callsOutsideTheSubsetAreNamedWithTheirLine() {
        String src = """
                import mpi.*;
                public class Nb {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 0) {
                            Request q = MPI.COMM_WORLD.Isend(b, 0, 1, MPI.INT, 1, 0);
                            q.Wait();
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        PromelaExport.Result r = export("Nb.java", src, 2);
        assertNull(r.model());
        assertTrue(r.unsupported().startsWith("Isend at line 8"), r.unsupported());
    }

    @Test
    void mismatchedCollectivesDeadlockInTheModel() throws Exception {
        PromelaExport.Result r = check("MixedCollectives.java", Repo.read(Repo.corpus().resolve("programs/MixedCollectives.java")), 3);
        assertTrue(r.deadlock());
        assertTrue(r.model().contains("mismatch[ci] = 1"));
    }

    // ------------------------------------------------------------------ helpers

    private static PromelaExport.Result export(String name, String source, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        b.maxRuns = 2_000;
        return PromelaExport.export(Program.parse(name, source), np, b);
    }

    /** Exports and, where there is a complete model and SPIN is installed, compares SPIN's verdict. */
    private static PromelaExport.Result check(String name, String source, int np) throws Exception {
        PromelaExport.Result r = export(name, source, np);
        if (r.model() == null) {
            assertTrue(r.unsupported() != null && !r.unsupported().isBlank(), name + ": no model and no reason");
            return r;
        }
        if (!r.complete()) return r;
        assumeTrue(Spin.available(), "spin and gcc are not installed");
        Spin.Verdict v = Spin.verify(r.model());
        assertEquals(0, v.assertions(), name + " np=" + np + ": SPIN reached an outcome no explored run met\n" + v.output());
        assertEquals(r.deadlock(), v.invalidEnd(), name + " np=" + np + ": deadlock per SPIN " + v.invalidEnd()
                + ", per Rendezvous " + r.deadlock() + "\n" + v.output());
        return r;
    }

    /** SPIN run on a model in a temporary folder: generate the verifier, compile it, run it. */
    static final class Spin {
        record Verdict(boolean invalidEnd, int assertions, long states, String output) {}

        private static Boolean available;

        static synchronized boolean available() {
            if (available == null) available = runs("spin", "-V") && runs("gcc", "--version");
            return available;
        }

        private static boolean runs(String... cmd) {
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        static Verdict verify(String model) throws IOException, InterruptedException {
            Path dir = Files.createTempDirectory("rendezvous-spin");
            try {
                Files.writeString(dir.resolve("model.pml"), model);
                run(dir, "spin", "-a", "model.pml");
                run(dir, "gcc", "-O0", "-DSAFETY", "-o", "pan", "pan.c");
                String out = run(dir, "./pan", "-m1000000");
                int assertions = out.split("assertion violated", -1).length - 1;
                boolean invalid = out.contains("invalid end state (at depth");
                long states = -1;
                for (String line : out.split("\n")) {
                    if (line.contains("states, stored")) states = Long.parseLong(line.trim().split("\\s+")[0]);
                }
                return new Verdict(invalid, assertions, states, out);
            } finally {
                try (Stream<Path> s = Files.walk(dir)) {
                    for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
                }
            }
        }

        private static String run(Path dir, String... cmd) throws IOException, InterruptedException {
            Process p = new ProcessBuilder(List.of(cmd)).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish");
            }
            // pan exits non-zero when it finds an error; only the generator and the compiler must succeed
            if (p.exitValue() != 0 && !cmd[0].equals("./pan")) throw new IOException(String.join(" ", cmd) + " failed:\n" + out);
            return out;
        }
    }
}
