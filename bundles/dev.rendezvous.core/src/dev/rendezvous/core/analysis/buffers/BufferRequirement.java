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
    public record Buffers(int[] receiveModel, int[] sendModel, int[] minimumSafe, List<List<int[]>> receiveIntervals,
            List<int[]> vertexEvents) {

        /** Trace index of the event that ends/starts at vertex c of a rank's intervals (-1: the start). */
        public int eventAt(int rank, int c) {
            int[] v = vertexEvents.get(rank);
            return c >= 0 && c < v.length ? v[c] : -1;
        }
    }

    private BufferRequirement() {}

    public static Buffers compute(CommGraph g, int[] minimumSafe) {
        NonblockingBufferAllocation.Result[] both = NonblockingBufferAllocation.computeBoth(g);
        NonblockingBufferAllocation.Result recv = both[0];
        return new Buffers(recv.perRank(), both[1].perRank(), minimumSafe, recv.intervals(), recv.vertexEvents());
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
            List<int[]> iv = b.receiveIntervals().get(r);
            // the point where the most intervals overlap, and the receives whose messages can all be waiting there
            int peak = peak(iv);
            java.util.Map<Integer, Integer> waitingAt = new java.util.TreeMap<>();
            for (int[] y : iv) {
                if (y[0] <= peak && peak <= y[1]) {
                    int e = b.eventAt(r, y[1]);
                    if (e >= 0) waitingAt.merge(g.trace(r).get(e).site().line(), 1, Integer::sum);
                }
            }
            List<String> recvs = new ArrayList<>();
            waitingAt.forEach((line, n) -> recvs.add("line " + line + (n > 1 ? " (" + n + " times)" : "")));
            int pe = b.eventAt(r, peak);
            String where = pe < 0 ? "before its first operation" : "at its " + g.trace(r).get(pe).op().mpjName() + " on line "
                    + g.trace(r).get(pe).site().line();
            int firstRecvEvent = iv.isEmpty() ? -1 : b.eventAt(r, iv.get(0)[1]);
            SourceRange at = firstRecvEvent < 0 ? fallback : g.trace(r).get(firstRecvEvent).site();
            out.add(new Finding(FindingKind.BUFFER_REQUIREMENT, Severity.INFO, Verdict.NONE,
                    "Rank " + r + " needs " + need + " receive buffer(s) so that no send to it ever blocks (NBAP; "
                            + b.sendModel()[r] + " in the send-buffer model"
                            + (b.minimumSafe() == null ? "" : "; " + b.minimumSafe()[r] + " in a minimum deadlock-free assignment")
                            + "): " + where + ", the messages for its receives at " + String.join(", ", recvs)
                            + " can all have arrived and be waiting (receive intervals overlap " + need + " deep)",
                    at, List.of(r), List.of(), List.of(), ""));
        }
        return out;
    }

    /**
     * The start of the first interval (in list order) at which the most of the closed intervals {@code iv} overlap:
     * they overlap most at some interval's start, and the count at p is the starts at or before p less the ends
     * before p (two binary searches over the sorted end points, not a scan of every pair: a loop of a few thousand
     * iterations has that many receives).
     */
    public static int peak(List<int[]> iv) {
        int n = iv.size();
        int[] starts = new int[n], ends = new int[n];
        for (int k = 0; k < n; k++) {
            starts[k] = iv.get(k)[0];
            ends[k] = iv.get(k)[1];
        }
        java.util.Arrays.sort(starts);
        java.util.Arrays.sort(ends);
        int peak = 0, best = -1;
        for (int[] x : iv) {
            int p = x[0];
            int count = upTo(starts, p) - upTo(ends, p - 1);
            if (count > best) {
                best = count;
                peak = p;
            }
        }
        return peak;
    }

    /** How many elements of the sorted {@code a} are at most {@code v}. */
    private static int upTo(int[] a, int v) {
        int lo = 0, hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= v) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
