package dev.rendezvous.core.analysis.buffers;

import java.util.ArrayList;
import java.util.List;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.core.model.Verdict;

/**
 * {@code buffer-requirement}: how many buffers each rank needs so that no send ever blocks (NBAP,
 * receive-buffer model, with the send-buffer model alongside), with the reason — the receive
 * intervals that overlap. Informational; one finding per rank that needs any buffer, located at
 * the receive where the overlap peaks (a summary finding instead when np &gt; 64).
 */
public final class BufferRequirement {
    /**
     * Both models' NBAP numbers for a run, the proved minimum safe assignment (null if unproved), and
     * the receive-model intervals that explain the numbers.
     */
    public record Buffers(int[] receiveModel, int[] sendModel, int[] minimumSafe, List<List<int[]>> receiveIntervals) {}

    private BufferRequirement() {}

    public static Buffers compute(CommGraph g, int[] minimumSafe) {
        NonblockingBufferAllocation.Result recv = NonblockingBufferAllocation.compute(g, NonblockingBufferAllocation.Model.RECEIVE);
        return new Buffers(recv.perRank(), NonblockingBufferAllocation.compute(g, NonblockingBufferAllocation.Model.SEND).perRank(),
                minimumSafe, recv.intervals());
    }

    public static List<Finding> findings(CommGraph g, Buffers b, SourceRange fallback) {
        List<Finding> out = new ArrayList<>();
        if (g.np() > 64) {
            int max = 0, at = 0;
            for (int r = 0; r < g.np(); r++) if (b.receiveModel()[r] > max) {
                max = b.receiveModel()[r];
                at = r;
            }
            if (max > 0) {
                out.add(new Finding(FindingKind.BUFFER_REQUIREMENT, Severity.INFO, Verdict.NONE, "Nonblocking sends need up to "
                        + max + " receive buffer(s) per rank (rank " + at + "); see the JSON 'buffers' for every rank",
                        fallback, List.of(at), List.of(), List.of(), ""));
            }
            return out;
        }
        for (int r = 0; r < g.np(); r++) {
            int need = b.receiveModel()[r];
            if (need == 0) continue;
            List<Event> receives = new ArrayList<>();
            for (Event e : g.trace(r)) {
                Op.Kind k = e.op().kind();
                if (k == Op.Kind.RECV || k == Op.Kind.SENDRECV) receives.add(e);
            }
            List<int[]> iv = b.receiveIntervals().get(r);
            StringBuilder why = new StringBuilder();
            for (int[] x : iv) {
                if (why.length() > 0) why.append(", ");
                why.append('[').append(x[0]).append(',').append(x[1]).append(']');
            }
            SourceRange at = receives.isEmpty() ? fallback : receives.get(0).site();
            out.add(new Finding(FindingKind.BUFFER_REQUIREMENT, Severity.INFO, Verdict.NONE,
                    "Rank " + r + " needs " + need + " receive buffer(s) so that no send to it ever blocks (NBAP; "
                            + b.sendModel()[r] + " in the send-buffer model"
                            + (b.minimumSafe() == null ? "" : "; " + b.minimumSafe()[r] + " in a minimum deadlock-free assignment")
                            + "). Receive intervals " + why
                            + " over its communication events overlap " + need + " deep",
                    at, List.of(r), List.of(), List.of(), ""));
        }
        return out;
    }
}
