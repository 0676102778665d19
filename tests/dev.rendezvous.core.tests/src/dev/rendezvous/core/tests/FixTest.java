package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.cli.Validation;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Severity;

/**
 * Every offered fix, applied: the finding is gone, no new error appears, the file compiles against
 * mpj.jar, and (where the runtime is installed) the fixed program completes on MPJ Express's
 * multicore device — for Bsend, without "No space left in buffer".
 */
class FixTest {
    @TempDir
    Path work;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of(Repo.examples().resolve("HeadToHead.java"), 2));
        out.add(Arguments.of(Repo.examples().resolve("RingShiftUnsafe.java"), 3));
        out.add(Arguments.of(Repo.corpus().resolve("programs/RingShift.java"), 4));
        out.add(Arguments.of(Repo.corpus().resolve("programs/PairSwapSync.java"), 2));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("cases")
    void everyFixRemovesTheProblem(Path program, int np) throws Exception {
        String source = Repo.read(program);
        RunReport before = Repo.analyze(program.toString(), source, np);
        List<Fix> fixes = new ArrayList<>();
        for (Finding f : before.findings()) if (f.severity() == Severity.ERROR) fixes.addAll(f.fixes());
        assertFalse(fixes.isEmpty(), "a fix is offered: " + CorpusTest.describe(before));
        for (Fix fix : fixes) {
            String fixed = fix.applyTo(source);
            RunReport after = Repo.analyze(program.toString(), fixed, np);
            assertFalse(after.hasErrors(), fix.label() + " leaves: " + CorpusTest.describe(after) + "\n" + fixed);
            Path dir = work.resolve(fix.label().replaceAll("\\W+", "_"));
            Files.createDirectories(dir);
            Path file = dir.resolve(program.getFileName());
            Files.writeString(file, fixed);
            if (Files.exists(Path.of("/usr/share/java/mpj.jar"))) {
                Process javac = new ProcessBuilder(System.getProperty("java.home") + "/bin/javac", "-nowarn", "-cp",
                        "/usr/share/java/mpj.jar", "-d", dir.toString(), file.toString()).redirectErrorStream(true).start();
                String out = new String(javac.getInputStream().readAllBytes());
                assertEquals(0, javac.waitFor(), fix.label() + " does not compile:\n" + out + "\n" + fixed);
            }
            if (Validation.runtimeAvailable()) {
                Validation.Observed o = Validation.runOnMpj(file, np, dir, 15);
                assertEquals(Validation.Observed.COMPLETED, o, fix.label() + " on the real runtime; log in " + dir);
            }
        }
        assertTrue(fixes.size() >= 1);
    }
}
