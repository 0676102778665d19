package dev.rendezvous.core.analysis.streaming;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The channel multigraph of a streaming program ({@code streaming-filtering-dummy-tokens.md} §2):
 * one node per rank, one directed channel per (sender, receiver) pair that carries a stream of
 * messages, with the send and receive sites that implement it.
 */
public final class ChannelGraph {
    /** A channel: its ends, how many messages crossed it, where they are sent and received. */
    public record Channel(int from, int to, int messages, Event firstSend, Event firstRecv) {
        @Override
        public String toString() {
            return from + "->" + to;
        }
    }

    private final Map<Long, Channel> channels = new LinkedHashMap<>();
    private boolean flowControlled;

    /**
     * The channel graph of a run. When all messages together contain a directed cycle, but the
     * messages with the tag the stream starts with (the tag of the first send of a rank that sends
     * before it receives) form a DAG and every other message runs against one of its channels, the
     * other messages are flow control (acknowledgements returning channel slots, as in a
     * credit-based pipeline) and the channel graph is the DAG of the stream.
     */
    public static ChannelGraph of(CommGraph g) {
        ChannelGraph all = build(g, null);
        if (!all.hasDirectedCycle()) return all;
        Integer tag = streamTag(g);
        if (tag == null) return all;
        ChannelGraph data = build(g, tag);
        if (data.channels.size() < 2 || data.hasDirectedCycle()) return all;
        for (RunOutcome.Match m : g.arcs()) {
            if (m.send().tag() == tag) continue;
            long reverse = ((long) m.recv().rank() << 32) | m.send().rank();
            if (!data.channels.containsKey(reverse)) return all;
        }
        data.flowControlled = true;
        return data;
    }

    private static ChannelGraph build(CommGraph g, Integer tag) {
        ChannelGraph cg = new ChannelGraph();
        for (RunOutcome.Match m : g.arcs()) {
            if (tag != null && m.send().tag() != tag) continue;
            int a = m.send().rank(), b = m.recv().rank();
            long k = ((long) a << 32) | b;
            Channel c = cg.channels.get(k);
            cg.channels.put(k, c == null ? new Channel(a, b, 1, m.send(), m.recv())
                    : new Channel(a, b, c.messages() + 1, c.firstSend(), c.firstRecv()));
        }
        return cg;
    }

    private static Integer streamTag(CommGraph g) {
        for (List<Event> t : g.traces()) {
            for (Event e : t) {
                if (e.op().kind() == dev.rendezvous.core.model.Op.Kind.SEND) return e.peer() >= 0 ? e.tag() : null;
                if (e.op().kind() == dev.rendezvous.core.model.Op.Kind.RECV) break;
            }
        }
        return null;
    }

    /** True when reverse messages were recognised as flow control and left out. */
    public boolean flowControlled() {
        return flowControlled;
    }

    public List<Channel> channels() {
        return new ArrayList<>(channels.values());
    }

    /**
     * A streaming pipeline: at least three ranks joined by channels, no directed cycle (data flows
     * one way, as in a DAG of filters) and some channel carries a stream (more than one message).
     */
    public boolean isStreaming() {
        if (channels.size() < 2 || channels.values().stream().noneMatch(c -> c.messages() > 1)) return false;
        return !hasDirectedCycle();
    }

    private boolean hasDirectedCycle() {
        Map<Integer, List<Integer>> succ = new HashMap<>();
        Map<Integer, Integer> indeg = new HashMap<>();
        for (Channel c : channels.values()) {
            if (c.from() == c.to()) return true;
            succ.computeIfAbsent(c.from(), k -> new ArrayList<>()).add(c.to());
            indeg.merge(c.to(), 1, Integer::sum);
            indeg.putIfAbsent(c.from(), 0);
        }
        ArrayDeque<Integer> q = new ArrayDeque<>();
        indeg.forEach((n, d) -> {
            if (d == 0) q.add(n);
        });
        int seen = 0;
        while (!q.isEmpty()) {
            int n = q.poll();
            seen++;
            for (int m : succ.getOrDefault(n, List.of())) {
                if (indeg.merge(m, -1, Integer::sum) == 0) q.add(m);
            }
        }
        return seen < indeg.size();
    }

    /**
     * An undirected cycle (Theorem 2.2: with filtering nodes and finite channels the pipeline can
     * deadlock iff the channel graph has one), as the list of channels along it; empty if none.
     */
    public List<Channel> undirectedCycle() {
        Map<Integer, Integer> parent = new HashMap<>();
        Map<Integer, Channel> via = new HashMap<>();
        Map<Integer, List<Channel>> adj = new HashMap<>();
        for (Channel c : channels.values()) {
            adj.computeIfAbsent(c.from(), k -> new ArrayList<>()).add(c);
            adj.computeIfAbsent(c.to(), k -> new ArrayList<>()).add(c);
        }
        for (int root : adj.keySet()) {
            if (parent.containsKey(root)) continue;
            parent.put(root, root);
            ArrayDeque<Integer> stack = new ArrayDeque<>();
            stack.push(root);
            while (!stack.isEmpty()) {
                int n = stack.pop();
                for (Channel c : adj.get(n)) {
                    if (c == via.get(n)) continue;
                    int m = c.from() == n ? c.to() : c.from();
                    if (!parent.containsKey(m)) {
                        parent.put(m, n);
                        via.put(m, c);
                        stack.push(m);
                    } else if (via.get(m) != c) {
                        return cycle(n, m, c, parent, via);
                    }
                }
            }
        }
        return List.of();
    }

    private static List<Channel> cycle(int a, int b, Channel closing, Map<Integer, Integer> parent, Map<Integer, Channel> via) {
        List<Integer> pa = new ArrayList<>(), pb = new ArrayList<>();
        for (int x = a;; x = parent.get(x)) {
            pa.add(x);
            if (parent.get(x) == x) break;
        }
        for (int x = b;; x = parent.get(x)) {
            pb.add(x);
            if (parent.get(x) == x) break;
        }
        int lca = pa.stream().filter(pb::contains).findFirst().orElse(a);
        List<Channel> out = new ArrayList<>();
        for (int x = a; x != lca; x = parent.get(x)) out.add(via.get(x));
        java.util.Collections.reverse(out);
        out.add(closing);
        List<Channel> tail = new ArrayList<>();
        for (int x = b; x != lca; x = parent.get(x)) tail.add(via.get(x));
        out.addAll(tail);
        return out;
    }
}
