package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.report.TraceDump;

/**
 * Golden trace dumps ({@code ./rendezvous trace}): each rank's operations with lines and the
 * matching, pinned in {@code golden/<Program>.np<N>.trace}. Regenerate after an intended change
 * with {@code -Drendezvous.updateGolden=true} and review the diff.
 */
class GoldenTraceTest {
    static Stream<Arguments> cases() {
        Path ex = Repo.examples(), fx = Repo.fixtures();
        return Stream.of(Arguments.of(ex.resolve("Ring.java"), 3), Arguments.of(ex.resolve("HeadToHeadSendrecv.java"), 3),
                Arguments.of(ex.resolve("Stencil2D.java"), 4), Arguments.of(ex.resolve("RingShiftUnsafe.java"), 3),
                Arguments.of(fx.resolve("ProcNullEdges.java"), 3), Arguments.of(fx.resolve("RequestArrayWaitall.java"), 3),
                Arguments.of(fx.resolve("PersistentRequests.java"), 2), Arguments.of(fx.resolve("SplitRowsSafe.java"), 4),
                Arguments.of(fx.resolve("HelperLoopRing.java"), 3), Arguments.of(fx.resolve("ConvergenceLoop.java"), 2));
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("cases")
    void traceMatchesGolden(Path program, int np) throws Exception {
        RunReport r = Repo.analyze(program, np);
        String actual = TraceDump.render(r.graph());
        Path golden = Repo.root().resolve("tests/dev.rendezvous.core.tests/golden")
                .resolve(program.getFileName().toString().replace(".java", "") + ".np" + np + ".trace");
        if (Boolean.getBoolean("rendezvous.updateGolden") || !Files.exists(golden)) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual);
        }
        assertEquals(Files.readString(golden), actual, "trace of " + program.getFileName() + " at np=" + np);
    }
}
