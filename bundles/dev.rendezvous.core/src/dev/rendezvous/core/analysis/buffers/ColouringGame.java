package dev.rendezvous.core.analysis.buffers;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The colouring game of {@code buffer-allocation-complexity.md} §3.2 played on a finished
 * communication graph G(S), with every colouring reached remembered: the Buffer Sufficiency Problem
 * (§4, "is every colouring sequence under pools B complete?") answered by an explicit-state search
 * instead of re-running the program once per colouring sequence.
 *
 * <p>Vertices are the blocking point-to-point sends and receives of each rank in program order; the
 * arcs are the matches of the run the graph comes from. That is G(S) itself only when the program's
 * communication does not depend on the order of events (no wildcard, no data-dependent branch on a
 * received value), which is the precondition of {@link MinimumSafeBuffers#minimum}; {@link #of}
 * refuses graphs with any other operation (non-blocking calls, collectives, Sendrecv, buffered
 * sends), and the caller falls back to the explorer there.
 *
 * <p>A colouring is kept as: per rank, the position of its first non-green vertex (every vertex
 * before it is green, rules 3 and 4 colour in program order); which vertices are yellow (the
 * current vertex, or a receive further on that took a token by rule 2b); and which yellow receives
 * hold a token. Rules 1, 3, 4 (and 5, 6 for the end vertex, implicit here) only ever enable other
 * rules and stay enabled until applied, so they are applied at once after every move (a persistent
 * set in the sense of partial-order reduction: no deadlock is lost); the search branches only on
 * rule 2a and 2b, the moves the paper's adversary chooses. A synchronous send ({@code Ssend}) never
 * lets its receive take a token.
 */
public final class ColouringGame {
    private final int np;
    /** first global vertex id of each rank, and one past the last of the last rank */
    private final int[] offset;
    /** per global vertex: true for a send */
    private final boolean[] send;
    /** per global vertex: the matched vertex (global id) */
    private final int[] partner;
    /** per global vertex: its rank */
    private final int[] rankOf;
    /** per global vertex (sends): synchronous mode */
    private final boolean[] synchronous;
    private final int words;

    private ColouringGame(int np, int[] offset, boolean[] send, int[] partner, int[] rankOf, boolean[] synchronous) {
        this.np = np;
        this.offset = offset;
        this.send = send;
        this.partner = partner;
        this.rankOf = rankOf;
        this.synchronous = synchronous;
        this.words = (offset[np] + 63) / 64;
    }

    /**
     * The game on the graph of a completed run, or null when the run uses an operation outside the
     * game (anything but blocking Send, Ssend and Recv between ranks, PROC_NULL transfers and
     * Finalize) or leaves a message unmatched.
     */
    public static ColouringGame of(RunOutcome run) {
        if (run == null || !run.completed()) return null;
        List<List<Event>> traces = run.traces();
        int np = traces.size();
        Map<Event, Event> match = new IdentityHashMap<>();
        for (RunOutcome.Match m : run.matches()) {
            match.put(m.send(), m.recv());
            match.put(m.recv(), m.send());
        }
        Map<Event, Integer> id = new IdentityHashMap<>();
        int[] offset = new int[np + 1];
        int n = 0;
        for (int r = 0; r < np; r++) {
            offset[r] = n;
            for (Event e : traces.get(r)) {
                if (e.op() == Op.FINALIZE) continue;
                if (e.op() != Op.SEND && e.op() != Op.SSEND && e.op() != Op.RECV) return null;
                if (e.peer() == Peer.PROC_NULL) continue; // completes at once, touches nobody
                if (!match.containsKey(e)) return null;
                id.put(e, n++);
            }
        }
        offset[np] = n;
        boolean[] send = new boolean[n], sync = new boolean[n];
        int[] partner = new int[n], rankOf = new int[n];
        for (Map.Entry<Event, Integer> e : id.entrySet()) {
            int v = e.getValue();
            Integer p = id.get(match.get(e.getKey()));
            if (p == null) return null;
            send[v] = e.getKey().op().kind() == Op.Kind.SEND;
            sync[v] = e.getKey().op() == Op.SSEND;
            partner[v] = p;
            rankOf[v] = e.getKey().rank();
        }
        return new ColouringGame(np, offset, send, partner, rankOf, sync);
    }

    /** Vertices of the graph (sends and receives). */
    public int vertices() {
        return offset[np];
    }

    /** The answer of one search, with the number of distinct colourings it visited. */
    public record Answer(Boolean sufficient, int colourings) {}

    /**
     * BSP for the receive-buffer pools {@code pools} (tokens per receiving rank): TRUE when every
     * colouring sequence completes, FALSE when one deadlocks, null when more than {@code maxColourings}
     * distinct colourings would have to be visited.
     */
    public Answer sufficient(int[] pools, int maxColourings) {
        Set<State> seen = new HashSet<>();
        ArrayDeque<State> todo = new ArrayDeque<>();
        State start = close(new State(new int[np], new long[words], new long[words]));
        seen.add(start);
        todo.push(start);
        while (!todo.isEmpty()) {
            State s = todo.pop();
            boolean done = true, moved = false;
            int[] used = tokensUsed(s);
            for (int i = 0; i < np; i++) {
                if (s.pos[i] < len(i)) done = false;
                for (int v = offset[i] + s.pos[i]; v < offset[i + 1]; v++) {
                    if (send[v] || yellow(s.yellow, v)) continue;
                    int sv = partner[v];
                    if (!sendYellow(s, sv)) continue;
                    boolean atPosition = v == offset[i] + s.pos[i];
                    if (atPosition) {
                        visit(s, v, false, seen, todo); // rule 2a
                        moved = true;
                    }
                    if (!synchronous[sv] && used[i] < (i < pools.length ? pools[i] : 0)) {
                        visit(s, v, true, seen, todo); // rule 2b
                        moved = true;
                    }
                    if (seen.size() > maxColourings) return new Answer(null, seen.size());
                }
            }
            if (!done && !moved) return new Answer(Boolean.FALSE, seen.size());
        }
        return new Answer(Boolean.TRUE, seen.size());
    }

    /** The colouring after colouring receive {@code v} yellow (with a token: rule 2b), queued unless seen. */
    private void visit(State s, int v, boolean token, Set<State> seen, ArrayDeque<State> todo) {
        long[] y = s.yellow.clone(), t = s.token.clone();
        set(y, v);
        if (token) set(t, v);
        State next = close(new State(s.pos.clone(), y, t));
        if (seen.add(next)) todo.push(next);
    }

    private int len(int i) {
        return offset[i + 1] - offset[i];
    }

    /** A send vertex is yellow when its rank stands on it and has coloured it (rule 1). */
    private boolean sendYellow(State s, int sv) {
        int r = rankOf[sv];
        return offset[r] + s.pos[r] == sv && yellow(s.yellow, sv);
    }

    private boolean green(State s, int v) {
        int r = rankOf[v];
        return v < offset[r] + s.pos[r];
    }

    /** Rules 1, 3 and 4 applied until none applies (they never disable a move). */
    private State close(State s) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < np; i++) {
                while (s.pos[i] < len(i)) {
                    int v = offset[i] + s.pos[i];
                    if (send[v]) {
                        if (!yellow(s.yellow, v)) {
                            set(s.yellow, v); // rule 1: the preceding vertex is green
                            changed = true;
                        }
                        if (!yellow(s.yellow, partner[v])) break;
                        clear(s.yellow, v); // rule 3: its receive is yellow; green = behind the position
                        s.pos[i]++;
                        changed = true;
                    } else {
                        if (!yellow(s.yellow, v) || !green(s, partner[v])) break;
                        clear(s.yellow, v); // rule 4: both predecessors green; the token goes back
                        clear(s.token, v);
                        s.pos[i]++;
                        changed = true;
                    }
                }
            }
        }
        return s;
    }

    private int[] tokensUsed(State s) {
        int[] used = new int[np];
        for (int w = 0; w < words; w++) {
            long bits = s.token[w];
            while (bits != 0) {
                int v = w * 64 + Long.numberOfTrailingZeros(bits);
                used[rankOf[v]]++;
                bits &= bits - 1;
            }
        }
        return used;
    }

    private static boolean yellow(long[] bits, int v) {
        return (bits[v >>> 6] & (1L << v)) != 0;
    }

    private static void set(long[] bits, int v) {
        bits[v >>> 6] |= 1L << v;
    }

    private static void clear(long[] bits, int v) {
        bits[v >>> 6] &= ~(1L << v);
    }

    /** One colouring: positions, yellow vertices, token-holding receives. */
    private record State(int[] pos, long[] yellow, long[] token) {
        @Override
        public boolean equals(Object o) {
            return o instanceof State x && Arrays.equals(pos, x.pos) && Arrays.equals(yellow, x.yellow)
                    && Arrays.equals(token, x.token);
        }

        @Override
        public int hashCode() {
            return (Arrays.hashCode(pos) * 31 + Arrays.hashCode(yellow)) * 31 + Arrays.hashCode(token);
        }
    }
}
