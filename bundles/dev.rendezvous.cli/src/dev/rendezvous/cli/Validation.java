package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.report.JsonParser;

/**
 * The two validations of issue #4: {@code score} compares Rendezvous with the corpus labels, and
 * {@code differential} compares it with the real MPJ Express runtime (multicore device, which
 * never buffers a standard send: programs called deadlock-free must complete, programs called
 * {@code deadlock_always} / {@code deadlock_zero_buffer} must hang).
 */
public final class Validation {
    private Validation() {}

    /** One labelled case and what Rendezvous said. */
    public record Scored(String file, int np, String expectedVerdict, String expectedKind, String verdict, List<String> kinds,
            boolean verdictOk, boolean kindOk, boolean lineOk) {
        public boolean ok() {
            return verdictOk && kindOk && lineOk;
        }
    }

    static RunReport analyze(Path file, int np) throws IOException {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        return Rendezvous.analyze(Program.parse(file.toString(), SourceText.read(file)), np,
                new AnalysisOptions(List.of(np), b), () -> false);
    }

    @SuppressWarnings("unchecked")
    public static List<Scored> score(Path corpus) throws IOException {
        List<Scored> out = new ArrayList<>();
        for (Object o : (List<Object>) JsonParser.parse(Files.readString(corpus.resolve("labels.json")))) {
            Map<String, Object> l = (Map<String, Object>) o;
            Path file = corpus.resolve((String) l.get("file"));
            for (Object npo : (List<Object>) l.get("np")) {
                int np = ((Long) npo).intValue();
                RunReport r = analyze(file, np);
                List<Finding> real = r.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
                List<String> kinds = real.stream().map(f -> f.kind().id()).distinct().toList();
                String kind = (String) l.get("kind");
                List<Long> lines = ((List<Object>) l.get("culprit_lines")).stream()
                        .map(c -> (Long) ((Map<String, Object>) c).get("line")).toList();
                boolean kindOk = kind.equals("none") ? real.isEmpty() : kinds.contains(kind);
                boolean lineOk = kind.equals("none") || real.stream().filter(f -> f.kind().id().equals(kind))
                        .anyMatch(f -> lines.contains((long) f.range().line())
                                || f.related().stream().anyMatch(x -> lines.contains((long) x.range().line())));
                out.add(new Scored((String) l.get("file"), np, (String) l.get("verdict"), kind, r.verdict().runId(), kinds,
                        r.verdict().runId().equals(l.get("verdict")), kindOk, lineOk));
            }
        }
        return out;
    }

    static int scoreMain(Path corpus, PrintStream out) throws IOException {
        List<Scored> s = score(corpus);
        out.printf("%-28s %3s  %-26s %-26s  %-26s %s%n", "file", "np", "expected verdict", "expected kind", "actual verdict", "actual kinds");
        for (Scored x : s) {
            out.printf("%-28s %3d  %-26s %-26s  %-26s %s %s%n", Path.of(x.file()).getFileName(), x.np(), x.expectedVerdict(),
                    x.expectedKind(), x.verdict(), x.kinds(), x.ok() ? "OK" : "MISS" + (x.verdictOk() ? "" : " verdict")
                            + (x.kindOk() ? "" : " kind") + (x.lineOk() ? "" : " line"));
        }
        long ok = s.stream().filter(Scored::ok).count();
        long v = s.stream().filter(Scored::verdictOk).count();
        out.printf("accuracy: %d/%d cases fully right (verdict, kind and line); verdicts right: %d/%d%n", ok, s.size(), v, s.size());
        return ok == s.size() ? 0 : 1;
    }

    // ------------------------------------------------------------------ the real runtime

    /** What the program did on the real runtime. */
    public enum Observed { COMPLETED, HUNG, FAILED }

    /** A private MPJ home (copies of the jars plus log4j, conf pointing at /etc/mpj), see BUILD-NOTES. */
    public static Path mpjHome(Path dir) throws IOException {
        Path lib = dir.resolve("lib");
        Files.createDirectories(lib);
        try (Stream<Path> jars = Files.list(Path.of("/usr/share/mpj/lib"))) {
            for (Path j : jars.toList()) Files.copy(j, lib.resolve(j.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        Files.copy(Path.of("/usr/share/java/log4j-1.2.jar"), lib.resolve("log4j-1.2.jar"), StandardCopyOption.REPLACE_EXISTING);
        Path conf = dir.resolve("conf");
        if (!Files.exists(conf)) Files.createSymbolicLink(conf, Path.of("/etc/mpj"));
        return dir;
    }

    public static boolean runtimeAvailable() {
        return Files.exists(Path.of("/usr/share/java/mpj.jar")) && Files.isDirectory(Path.of("/usr/share/mpj/lib"))
                && Files.exists(Path.of("/usr/share/java/log4j-1.2.jar"));
    }

    /** Compiles {@code file} against mpj.jar and runs it with {@code np} processes on the multicore device. */
    public static Observed runOnMpj(Path file, int np, Path work, long timeoutSeconds) throws IOException, InterruptedException {
        Path home = mpjHome(work.resolve("mpj-home"));
        Path classes = work.resolve("classes-" + file.getFileName().toString().replace(".java", ""));
        Files.createDirectories(classes);
        String javaHome = System.getProperty("java.home");
        Process javac = new ProcessBuilder(javaHome + "/bin/javac", "--release", "17", "-nowarn", "-cp", "/usr/share/java/mpj.jar",
                "-d", classes.toString(), file.toString()).redirectErrorStream(true).start();
        String jout = new String(javac.getInputStream().readAllBytes());
        if (javac.waitFor() != 0) throw new IOException("javac failed on " + file + ": " + jout);
        String main = file.getFileName().toString().replace(".java", "");
        ProcessBuilder pb = new ProcessBuilder(javaHome + "/bin/java", "-jar", home.resolve("lib/starter.jar").toString(),
                "-np", Integer.toString(np), "-dev", "multicore", main).directory(classes.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve(main + "-np" + np + ".log").toFile());
        pb.environment().put("MPJ_HOME", home.toString());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(5, TimeUnit.SECONDS);
            return Observed.HUNG;
        }
        return p.exitValue() == 0 ? Observed.COMPLETED : Observed.FAILED;
    }

    /** Whether the runtime's behaviour agrees with the verdict (multicore = zero buffering). */
    public static boolean agrees(Verdict v, Observed o) {
        return switch (v) {
            case NONE -> o == Observed.COMPLETED;
            case DEADLOCK_ALWAYS, DEADLOCK_ZERO_BUFFER -> o == Observed.HUNG;
            default -> true; // depends on timing or on partial buffering: either outcome is possible
        };
    }

    @SuppressWarnings("unchecked")
    static int differentialMain(Path corpus, PrintStream out, long timeoutSeconds) throws IOException, InterruptedException {
        if (!runtimeAvailable()) {
            out.println("MPJ Express runtime not installed (apt install libmpj-java)");
            return 2;
        }
        Path work = Files.createTempDirectory("rendezvous-mpj");
        int agree = 0, total = 0;
        out.printf("%-28s %3s  %-26s %-10s %s%n", "program", "np", "rendezvous", "runtime", "agreement");
        for (Object o : (List<Object>) JsonParser.parse(Files.readString(corpus.resolve("labels.json")))) {
            Map<String, Object> l = (Map<String, Object>) o;
            Path file = corpus.resolve((String) l.get("file"));
            for (Object npo : (List<Object>) l.get("np")) {
                int np = ((Long) npo).intValue();
                Verdict v = analyze(file, np).verdict();
                Observed obs = runOnMpj(file, np, work, timeoutSeconds);
                boolean a = agrees(v, obs);
                total++;
                if (a) agree++;
                out.printf("%-28s %3d  %-26s %-10s %s%n", file.getFileName(), np, v.runId(), obs, a ? "agree" : "DISAGREE");
            }
        }
        out.printf("agreement: %d/%d%n", agree, total);
        return agree == total ? 0 : 1;
    }
}
