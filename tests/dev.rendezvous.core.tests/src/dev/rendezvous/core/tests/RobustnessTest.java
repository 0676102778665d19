package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import dev.rendezvous.cli.Robustness;
import dev.rendezvous.core.RunReport;

/**
 * Bad input never crashes or hangs the engine: a sample of the JDK's own sources (every Java
 * construct, no MPJ), mutated corpus programs (lines deleted, swapped, truncated), garbage, an
 * empty file, a huge one, extreme process counts. The whole src.zip is run by
 * {@code ./rendezvous robustness /usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip}.
 */
class RobustnessTest {
    static final Path SRC_ZIP = Path.of(System.getProperty("java.home"), "lib", "src.zip");

    /**
     * The workbench cancels through a monitor that throws from {@code isCanceled} (JFace's code-mining monitor): a sweep
     * over several process counts ends without an exception escaping its threads (before, each sweep thread died with an
     * uncaught {@code CancellationException}), and the caller gets the reports finished before the cancel.
     */
    @Test
    void aCancelMonitorThatThrowsEndsTheSweepQuietly() throws Exception {
        List<Throwable> uncaught = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        dev.rendezvous.core.FileReport r;
        try {
            java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
            r = dev.rendezvous.core.Rendezvous.analyze("Ring.java", Repo.read(Repo.examples().resolve("Ring.java")),
                    new dev.rendezvous.core.AnalysisOptions(List.of(2, 3, 4, 5, 6, 7), dev.rendezvous.core.extract.Budgets.defaults()),
                    () -> {
                        if (asked.incrementAndGet() > 3) throw new java.util.concurrent.CancellationException();
                        return false;
                    });
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
        assertTrue(uncaught.isEmpty(), uncaught.toString());
        assertTrue(r.runs().size() < 6, "the sweep stopped at the cancel: " + r.runs().size() + " reports");
    }

    @Test
    void jdkSourceSample() throws Exception {
        Assumptions.assumeTrue(Files.exists(SRC_ZIP), "no src.zip in this JDK");
        Robustness.Tally t = Robustness.run(Robustness.sources(SRC_ZIP, 97, 160));
        assertTrue(t.interpreted() > 100, "most sample files were interpreted: " + t);
        assertEquals(0, t.internalErrors(), "internal errors: " + t.errors());
    }

    /**
     * A statement half typed inside {@code if (rank == 0)} makes JDT's repair drop the {@code if}: every rank then
     * probes, and the repaired code deadlocks. While the method does not compile, that is a warning that says so, not
     * an error; the same program typed out reports its own deadlock at np=4 (the master takes two of three messages) as
     * an error, and a compile error outside any method (a stray character before the imports) leaves errors as they
     * are.
     */
    @Test
    void halfTypedCodeGivesWarningsNotErrors() {
        String typed = """
                import mpi.*;
                public class HalfTyped {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] b = new int[1];
                        if (rank == 0) {
                            Status first = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                            MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, first.source, first.tag);
                            if (first.source == 3) {
                                MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1, 0);
                            }
                        } else {
                            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """;
        String half = typed.replace("MPI.INT, 1, 0);", "MPI.INT, MPI.ANY_SOURCE, 0;)");
        RunReport broken = Repo.analyze("HalfTyped.java", half, 2);
        assertTrue(broken.findings().stream().noneMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR),
                CorpusTest.describe(broken));
        assertTrue(broken.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.WARNING
                && f.message().endsWith(dev.rendezvous.core.Rendezvous.REPAIRED)), CorpusTest.describe(broken));
        RunReport whole = Repo.analyze("HalfTyped.java", typed, 4);
        assertTrue(whole.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR),
                "the master takes two of three messages: " + CorpusTest.describe(whole));
        RunReport stray = Repo.analyze("HalfTyped.java", "`" + typed, 4);
        assertTrue(stray.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR),
                CorpusTest.describe(stray));
    }

    @Test
    void mutatedCorpusPrograms() throws Exception {
        Random rnd = new Random(42);
        List<String[]> mutants = new ArrayList<>();
        try (var s = Files.list(Repo.corpus().resolve("programs"))) {
            for (Path p : s.sorted().toList()) {
                List<String> lines = new ArrayList<>(Files.readAllLines(p));
                for (int k = 0; k < 4; k++) {
                    List<String> m = new ArrayList<>(lines);
                    switch (k) {
                        case 0 -> m.remove(rnd.nextInt(m.size()));
                        case 1 -> java.util.Collections.swap(m, rnd.nextInt(m.size()), rnd.nextInt(m.size()));
                        case 2 -> m = m.subList(0, rnd.nextInt(m.size()));
                        default -> m.set(rnd.nextInt(m.size()), m.get(rnd.nextInt(m.size())).replace("Recv", "Send").replace("rank", "1"));
                    }
                    mutants.add(new String[] {p.getFileName() + "#" + k, String.join("\n", m)});
                }
            }
        }
        for (String[] m : mutants) {
            RunReport r = Repo.analyze(m[0], m[1], 4);
            assertTrue(r.findings().stream().noneMatch(f -> f.message().contains("analysis failed")), m[0] + ": " + CorpusTest.describe(r));
        }
    }

    @Test
    void garbageEmptyHugeAndExtremeProcessCounts() {
        assertTrue(Repo.analyze("Empty.java", "", 2).findings().isEmpty());
        assertTrue(Repo.analyze("Garbage.java", "}}}{{{ class ( MPI.Init", 2).findings().stream().noneMatch(f -> f.message().contains("failed")));
        StringBuilder huge = new StringBuilder("import mpi.*; public class Huge { public static void main(String[] a) throws Exception {\n MPI.Init(a);\n");
        for (int i = 0; i < 20_000; i++) huge.append(" int x").append(i).append(" = ").append(i).append(" * 3 % 7;\n");
        huge.append(" MPI.COMM_WORLD.Barrier(); MPI.Finalize(); } }");
        RunReport r = Repo.analyze("Huge.java", huge.toString(), 2);
        assertEquals("ok", r.verdict().runId(), CorpusTest.describe(r));
        RunReport zero = Repo.analyze(Repo.examples().resolve("Ring.java"), 0);
        assertTrue(zero.findings().stream().anyMatch(f -> f.message().contains("outside")), CorpusTest.describe(zero));
        RunReport big = Repo.analyze(Repo.examples().resolve("Ring.java"), 100_000);
        assertTrue(big.findings().stream().anyMatch(f -> f.message().contains("outside")), CorpusTest.describe(big));
    }

    @Test
    void unboundedLoopIsCutNotHung() {
        String src = """
                import mpi.*;
                public class Spin { public static void main(String[] a) throws Exception {
                  MPI.Init(a);
                  int me = MPI.COMM_WORLD.Rank();
                  while (true) { me = me + 1; }
                } }""";
        RunReport r = Repo.analyze("Spin.java", src, 2);
        assertTrue(r.findings().stream().anyMatch(f -> f.kind().id().equals("analysis-assumption")), CorpusTest.describe(r));
    }
}
