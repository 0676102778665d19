package dev.rendezvous.core.analysis.streaming;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.rendezvous.core.analysis.streaming.DummyIntervals.Edge;

/**
 * An executable model of the streaming paper's channel system (§1, Algorithms 1, 2 and 5) with
 * random filtering, used to check Theorems 3.2 and 3.3 on concrete graphs and to count dummies.
 * <p>
 * Nodes are the graph's vertices; a node without inputs is a source that emits indices
 * 1..{@code length} and then end-of-stream (index ∞). A non-source waits until every input
 * channel has a pending token, consumes all pending tokens with the minimum index T, and emits
 * tokens with index T on the outputs it chooses (filtering: each output independently receives a
 * data token with the node's pass probability; a node that consumed only dummies computes
 * nothing). Channels are FIFO with the capacity of their {@link Edge}; a node blocks until each of
 * its scheduled tokens fits. Which enabled node moves next is chosen at random. A state where no
 * node can move and some node is unfinished is a deadlock (Definition 3).
 * <p>
 * Dummy behaviour: {@link Scheme#NONE} is Algorithm 1; {@link Scheme#PROPAGATION} is Algorithm 2
 * (a dummy on q when T − LastOutputIndex_q ≥ [q], or when some consumed token is a dummy;
 * LastOutputIndex_q moves only with dummies, since the paper notes a dummy cannot be suppressed by a
 * recent data token); {@link Scheme#NON_PROPAGATION} is Algorithm 5 (any token on q resets
 * LastOutputIndex_q and dummies are never forwarded). A dummy scheduled together with a data token
 * travels with it and is not counted as a separate dummy message.
 */
public final class ChannelSimulator {

    /** Which node behaviour the nodes follow. */
    public enum Scheme { NONE, PROPAGATION, NON_PROPAGATION }

    /** What one simulated run did. */
    public record Result(boolean deadlocked, long dummies, long dataTokens, long steps, String state) {}

    private static final long EOS = Long.MAX_VALUE;

    private record Token(long index, boolean data, boolean dummy) {}

    private final int n;
    private final List<Edge> edges;
    private final long[] intervals; // per edge, INF when none
    private final List<List<Integer>> ins = new ArrayList<>(), outs = new ArrayList<>();

    /**
     * @param edges     the channel DAG (vertices 0..max); capacities are the edges' own
     * @param intervals dummy interval per edge (absent or {@link DummyIntervals#INF}: none)
     */
    public ChannelSimulator(List<Edge> edges, Map<Edge, Long> intervals) {
        this.edges = List.copyOf(edges);
        int max = -1;
        for (Edge e : edges) max = Math.max(max, Math.max(e.from(), e.to()));
        this.n = max + 1;
        for (int i = 0; i < n; i++) {
            ins.add(new ArrayList<>());
            outs.add(new ArrayList<>());
        }
        this.intervals = new long[edges.size()];
        for (int i = 0; i < edges.size(); i++) {
            Edge e = edges.get(i);
            if (e.capacity() < 1) throw new IllegalArgumentException("channel " + e + " needs a capacity of at least 1");
            outs.get(e.from()).add(i);
            ins.get(e.to()).add(i);
            Long iv = intervals == null ? null : intervals.get(e);
            this.intervals[i] = iv == null ? DummyIntervals.INF : iv;
        }
    }

    /**
     * Runs the system once.
     *
     * @param length   indices each source emits before end-of-stream
     * @param pass     per node, the probability that a computation emits data on a given output
     * @param maxSteps a bound on node moves (the run reports no deadlock if it is reached)
     */
    public Result run(Scheme scheme, int length, double[] pass, Random rnd, long maxSteps) {
        List<ArrayDeque<Token>> chan = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) chan.add(new ArrayDeque<>());
        long[] computeIndex = new long[n];
        long[][] lastOut = new long[n][];
        List<ArrayDeque<int[]>> pendingOut = new ArrayList<>(); // per node: (edge, token id) still to emit
        List<ArrayDeque<Token>> pendingTok = new ArrayList<>();
        boolean[] done = new boolean[n];
        for (int v = 0; v < n; v++) {
            lastOut[v] = new long[outs.get(v).size()];
            pendingOut.add(new ArrayDeque<>());
            pendingTok.add(new ArrayDeque<>());
        }
        long dummies = 0, data = 0, steps = 0;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        while (steps < maxSteps) {
            shuffle(order, rnd);
            boolean moved = false;
            for (int v : order) {
                if (done[v] && pendingOut.get(v).isEmpty()) continue;
                if (!pendingOut.get(v).isEmpty()) {
                    // blocked on output until the next scheduled token fits
                    int e = pendingOut.get(v).peek()[0];
                    if (chan.get(e).size() < edges.get(e).capacity()) {
                        pendingOut.get(v).poll();
                        chan.get(e).add(pendingTok.get(v).poll());
                        moved = true;
                        break;
                    }
                    continue;
                }
                long t;
                boolean anyData = false, anyDummy = false;
                if (ins.get(v).isEmpty()) {
                    t = computeIndex[v] >= length ? EOS : computeIndex[v] + 1;
                    anyData = true;
                } else {
                    t = EOS;
                    boolean ready = true;
                    for (int e : ins.get(v)) {
                        Token head = chan.get(e).peek();
                        if (head == null) {
                            ready = false;
                            break;
                        }
                        t = Math.min(t, head.index());
                    }
                    if (!ready) continue;
                    for (int e : ins.get(v)) {
                        Token head = chan.get(e).peek();
                        if (head.index() == t && t != EOS) {
                            chan.get(e).poll();
                            anyData |= head.data();
                            anyDummy |= head.dummy();
                        }
                    }
                }
                computeIndex[v] = t;
                List<Integer> out = outs.get(v);
                for (int k = 0; k < out.size(); k++) {
                    int e = out.get(k);
                    Token tok;
                    if (t == EOS) {
                        tok = new Token(EOS, false, false);
                    } else {
                        boolean emitData = anyData && rnd.nextDouble() < pass[v];
                        boolean dummy = switch (scheme) {
                            case NONE -> false;
                            case PROPAGATION -> anyDummy || due(t, lastOut[v][k], intervals[e]);
                            case NON_PROPAGATION -> !emitData && due(t, lastOut[v][k], intervals[e]);
                        };
                        if (dummy && scheme == Scheme.PROPAGATION) lastOut[v][k] = t;
                        if (scheme == Scheme.NON_PROPAGATION && (emitData || dummy)) lastOut[v][k] = t;
                        if (!emitData && !dummy) continue;
                        tok = new Token(t, emitData, dummy);
                        if (emitData) data++;
                        else dummies++;
                    }
                    pendingOut.get(v).add(new int[] {e});
                    pendingTok.get(v).add(tok);
                }
                if (t == EOS) done[v] = true;
                moved = true;
                steps++;
                break;
            }
            if (!moved) {
                boolean finished = true;
                for (int v = 0; v < n; v++) finished &= done[v] && pendingOut.get(v).isEmpty();
                return new Result(!finished, dummies, data, steps, finished ? "finished" : describe(chan, computeIndex, pendingOut));
            }
        }
        return new Result(false, dummies, data, steps, "step bound reached");
    }

    private static boolean due(long t, long last, long interval) {
        return interval != DummyIntervals.INF && t - last >= interval;
    }

    private String describe(List<ArrayDeque<Token>> chan, long[] computeIndex, List<ArrayDeque<int[]>> pendingOut) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < edges.size(); i++) {
            Edge e = edges.get(i);
            sb.append(e.from()).append("->").append(e.to()).append(' ').append(chan.get(i).size()).append('/')
                    .append(e.capacity()).append("; ");
        }
        for (int v = 0; v < n; v++) {
            sb.append("node ").append(v).append(" at ").append(computeIndex[v] == EOS ? "EOS" : computeIndex[v])
                    .append(pendingOut.get(v).isEmpty() ? " waiting for input" : " blocked on output").append("; ");
        }
        return sb.toString();
    }

    private static void shuffle(int[] a, Random rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
    }
}
