package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Verdict;

/** The quick fix of a buffer race: the Wait moves up before the access, unless that would deadlock. */
class BufferRaceFixTest {

    static List<Finding> races(String name, String src) {
        return Repo.analyze(name, src, 2).findings().stream().filter(f -> f.kind() == FindingKind.BUFFER_RACE).toList();
    }

    @Test
    void theWaitMovesBeforeTheAccessAndTheRaceIsGone() {
        String src = Repo.read(Repo.fixtures().resolve("BufferRace.java"));
        List<Finding> before = races("BufferRace.java", src);
        assertEquals(2, before.size(), before.toString());
        for (Finding f : before) {
            assertEquals(1, f.fixes().size(), f.toString());
            String fixed = f.fixes().get(0).applyTo(src);
            assertEquals(src.lines().count(), fixed.lines().count(), "the Wait is moved, not added: " + fixed);
            assertTrue(dev.rendezvous.core.extract.Program.parse("BufferRace.java", fixed).syntaxErrors().isEmpty(), fixed);
            List<Finding> after = races("BufferRace.java", fixed);
            assertTrue(after.stream().noneMatch(x -> x.range().line() == f.range().line() + 1 || x.range().line() == f.range().line()),
                    "the race at line " + f.range().line() + " is gone: " + after);
            assertEquals(1, after.size(), "the other race is still there: " + after);
            RunReport r = Repo.analyze("BufferRace.java", fixed, 2);
            assertEquals(Verdict.NONE, r.verdict());
        }
    }

    @Test
    void noFixWhenMovingTheWaitWouldDeadlock() {
        // each rank reads its Irecv buffer early, then sends what the other rank's Irecv waits for: a Wait moved
        // before the read would make both ranks wait before sending
        String src = """
                import mpi.*;
                public class Swap {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), peer = 1 - rank;
                        int[] in = new int[1], out = {rank};
                        Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, peer, 0);
                        int early = in[0];
                        MPI.COMM_WORLD.Send(out, 0, 1, MPI.INT, peer, 0);
                        r.Wait();
                        MPI.Finalize();
                    }
                }
                """;
        List<Finding> f = races("Swap.java", src);
        assertEquals(1, f.size(), f.toString());
        assertEquals(List.of(), f.get(0).fixes(), "moving the Wait up would deadlock both ranks: not offered");
    }
}
