package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.semantics.World;

/**
 * The ranks of a run take turns on a carrier thread of their own when the JVM lets the engine give them one (the
 * command line, the product and these tests pass {@code --add-opens=java.base/java.lang=ALL-UNNAMED}); otherwise they
 * run on the JDK's shared scheduler. Only the speed may differ: every corpus program and example gets the same verdict
 * and the same findings both ways.
 */
class RankCarrierTest {

    @Test
    void theTestJvmGivesTheRanksACarrierOfTheirOwn() {
        // the surefire configuration passes the flag; without it this test says so rather than the speed going quietly
        assertTrue(World.ranksHaveACarrierOfTheirOwn(), "run the tests with --add-opens=java.base/java.lang=ALL-UNNAMED");
        System.setProperty("rendezvous.sharedScheduler", "true");
        try {
            assertTrue(!World.ranksHaveACarrierOfTheirOwn(), "rendezvous.sharedScheduler=true asks for the shared scheduler");
        } finally {
            System.clearProperty("rendezvous.sharedScheduler");
        }
    }

    static Stream<Path> programs() throws Exception {
        List<Path> out = new ArrayList<>();
        Path corpus = Repo.corpus().resolve("programs");
        Assumptions.assumeTrue(Files.isDirectory(corpus), "shared corpus not found next to the repository");
        try (Stream<Path> s = Stream.concat(Files.list(corpus), Files.list(Repo.examples()))) {
            s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(out::add);
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void theSharedSchedulerAndAnOwnCarrierAgree(Path program) {
        for (int np : new int[] {3, 4}) {
            RunReport own = Repo.analyze(program, np);
            System.setProperty("rendezvous.sharedScheduler", "true");
            RunReport shared;
            try {
                shared = Repo.analyze(program, np);
            } finally {
                System.clearProperty("rendezvous.sharedScheduler");
            }
            assertEquals(shared.verdict(), own.verdict(), () -> program.getFileName() + " np=" + np);
            assertEquals(describe(shared), describe(own), () -> program.getFileName() + " np=" + np);
        }
    }

    private static List<String> describe(RunReport r) {
        List<String> out = new ArrayList<>();
        for (Finding f : r.findings()) out.add(f.severity() + " " + f.kind() + " " + f.range().line() + " " + f.message());
        out.sort(null);
        return out;
    }
}
