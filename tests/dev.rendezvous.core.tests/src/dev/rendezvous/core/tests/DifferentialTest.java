package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.cli.Validation;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.report.JsonParser;

/**
 * Differential testing against the real MPJ Express runtime (Debian libmpj-java, multicore
 * device, which never buffers a standard send): what Rendezvous calls deadlock-free must complete,
 * what it calls deadlock_always or deadlock_zero_buffer must hang. Skipped where the runtime is
 * not installed (.ci/run installs it).
 */
class DifferentialTest {
    @TempDir
    static Path work;

    @SuppressWarnings("unchecked")
    static Stream<Arguments> programs() {
        List<Arguments> out = new ArrayList<>();
        Path labels = Repo.corpus().resolve("labels.json");
        if (Files.exists(labels)) {
            for (Object o : (List<Object>) JsonParser.parse(Repo.read(labels))) {
                Map<String, Object> l = (Map<String, Object>) o;
                for (Object np : (List<Object>) l.get("np")) out.add(Arguments.of(Repo.corpus().resolve((String) l.get("file")), ((Long) np).intValue()));
            }
        }
        for (String ex : List.of("HeadToHead.java", "HeadToHeadSendrecv.java", "Ring.java", "RingShiftUnsafe.java", "Stencil2D.java")) {
            out.add(Arguments.of(Repo.examples().resolve(ex), 4));
        }
        // fixtures written as a user would write these programs, each first run on the runtime at np 2 and 4
        for (String fx : List.of("PollingMasterWorker.java", "GathervUnevenRows.java", "OddEvenTranspositionSort.java",
                "HaloSolverObject.java", "RowColumnCommunicators.java", "IrecvEachWaitany.java", "SsendRingAllFirst.java",
                "BarrierOnlyOnWorkers.java")) {
            for (int np : new int[] {2, 4}) out.add(Arguments.of(Repo.fixtures().resolve(fx), np));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("programs")
    void runtimeAgreesWithVerdict(Path program, int np) throws Exception {
        Assumptions.assumeTrue(Validation.runtimeAvailable(), "MPJ Express runtime not installed");
        RunReport r = Repo.analyze(program, np);
        Validation.Observed observed = Validation.runOnMpj(program, np, work, 10);
        assertTrue(Validation.agrees(r.verdict(), observed),
                program.getFileName() + " np=" + np + ": Rendezvous says " + r.verdict().runId() + ", the runtime " + observed);
    }
}
