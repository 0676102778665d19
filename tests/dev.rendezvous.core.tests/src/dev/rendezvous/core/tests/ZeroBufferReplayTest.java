package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.RunOutcome;
import dev.rendezvous.core.semantics.ZeroBufferReplay;

/**
 * The polynomial zero-buffer path against the exhaustive one: whenever the replay of the buffered
 * run says every rank completes without buffering, the full zero-buffer exploration must find no
 * deadlock; and on the deterministic programs that do deadlock, the replay must not claim otherwise.
 */
class ZeroBufferReplayTest {

    static List<Path> programs() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path dir : List.of(Repo.corpus().resolve("programs"), Repo.examples(), Repo.fixtures())) {
            try (Stream<Path> s = Files.list(dir)) {
                out.addAll(s.filter(x -> x.toString().endsWith(".java")).sorted().toList());
            }
        }
        return out;
    }

    static Explorer.Exploration explore(Program p, int np, BufferPolicy policy) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 30_000;
        long deadline = System.nanoTime() + b.maxMillis * 1_000_000L;
        return Explorer.explore(policy, b.maxRuns, deadline,
                prefix -> Extractor.run(p, np, policy, null, prefix, b, new dev.rendezvous.core.extract.Assumptions(), 30_000));
    }

    @Test
    void replayAgreesWithTheExhaustiveZeroBufferExploration() throws IOException {
        int confirmed = 0, deadlocksSeen = 0;
        StringBuilder report = new StringBuilder();
        for (Path f : programs()) {
            Program p = Program.parse(f.toString(), Repo.read(f));
            if (p.entry() == null) continue;
            for (int np : new int[] {2, 3, 4, 5, 8}) {
                Explorer.Exploration u = explore(p, np, BufferPolicy.UNBOUNDED);
                if (!u.complete() || u.runs().size() != 1 || u.hadChoices()) continue;
                RunOutcome run = u.first();
                boolean replay = ZeroBufferReplay.completes(run);
                boolean zeroDeadlocks = explore(p, np, BufferPolicy.ZERO).anyDeadlock();
                if (replay) {
                    confirmed++;
                    assertFalse(zeroDeadlocks, f.getFileName() + " np=" + np + ": the replay completed but zero buffering deadlocks");
                }
                if (zeroDeadlocks && run.completed()) {
                    deadlocksSeen++;
                    assertFalse(replay, f.getFileName() + " np=" + np);
                }
                if (!replay && !zeroDeadlocks && run.completed()) report.append(f.getFileName()).append(" np=").append(np).append("; ");
            }
        }
        assertTrue(confirmed > 60, "the fast path is taken on most deterministic programs: " + confirmed);
        assertTrue(deadlocksSeen > 10, "and the replay was tried on zero-buffer deadlocks: " + deadlocksSeen);
        System.out.println("replay fell back without need on: " + report);
    }
}
