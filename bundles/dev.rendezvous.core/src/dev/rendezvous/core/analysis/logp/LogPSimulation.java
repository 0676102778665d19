package dev.rendezvous.core.analysis.logp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;

/**
 * Replays the extracted schedule on a LogP(L, o, G, P) machine with δ-stalling
 * ({@code logp-stalling.md} §2, §2.1), and prices it as BSP supersteps (§2: w + g·h + ℓ).
 *
 * <p>One legal execution is chosen deterministically: a processor spends o per submit or receive
 * and keeps G between consecutive ones; a message submitted at t while at most ⌈L/G⌉ messages are
 * in transit to its destination arrives at t + L. If the capacity constraint is violated, the
 * message is delivered G after the oldest message in transit to that destination frees a slot (at
 * least L after submission), and the sender — signalled δ after the submission, released δ after
 * the delivery — stalls for the difference (the worst case the δ-rule allows). Sends do not wait
 * for receives (LogP has no rendezvous); a receive waits for its message. Collectives are
 * synchronisation points that cost L. Local computation is not measured (w = 0): the model prices
 * communication only. Stalls are performance information (severity info), never a deadlock.
 */
public final class LogPSimulation {

    /** LogP and BSP parameters. */
    public record Params(long L, long o, long G, long delta, long g, long l) {
        public static Params defaults() {
            return new Params(16, 1, 4, 16, 4, 16);
        }

        public long capacity() {
            return (L + G - 1) / G;
        }
    }

    /** A send that stalled. */
    public record Stall(Event send, int destination, int inFlight, long capacity, long stalledFor) {}

    /** One BSP superstep: the largest h-relation, its cost. */
    public record Superstep(long w, long h, long cost) {}

    /** The simulation's result. */
    public record Result(Params params, long makespan, long[] stallTime, List<Stall> stalls, List<Superstep> supersteps,
            long bspCost) {}

    private LogPSimulation() {}

    public static Result simulate(CommGraph g, Params p) {
        int n = g.np();
        long[] clock = new long[n], lastComm = new long[n], stall = new long[n];
        java.util.Arrays.fill(lastComm, Long.MIN_VALUE / 4);
        int[] pc = new int[n];
        Map<Event, Long> delivery = new java.util.IdentityHashMap<>(); // the trace's own events, as CommGraph pairs them
        List<ArrayDeque<long[]>> inTransit = new ArrayList<>(); // per destination: (submit, delivery)
        for (int i = 0; i < n; i++) inTransit.add(new ArrayDeque<>());
        List<Stall> stalls = new ArrayList<>();
        long cap = p.capacity();
        // process ranks in order of their clocks; a rank waiting for a message or a collective yields
        PriorityQueue<Integer> ready = new PriorityQueue<>((a, b) -> clock[a] != clock[b] ? Long.compare(clock[a], clock[b]) : a - b);
        for (int i = 0; i < n; i++) ready.add(i);
        Map<String, java.util.LinkedHashSet<Integer>> collArrivals = new HashMap<>();
        // each collective event's instance key (communicator # occurrence) and each instance's member count
        String[][] instanceOf = new String[g.np()][];
        Map<String, Integer> memberCount = new HashMap<>();
        for (int r = 0; r < g.np(); r++) {
            List<Event> tr = g.trace(r);
            instanceOf[r] = new String[tr.size()];
            Map<Integer, Integer> seen = new HashMap<>();
            for (int i = 0; i < tr.size(); i++) {
                Event x = tr.get(i);
                if (x.op().kind() != Op.Kind.COLLECTIVE) continue;
                String key = x.comm() + "#" + (seen.merge(x.comm(), 1, Integer::sum) - 1);
                instanceOf[r][i] = key;
                memberCount.merge(key, 1, Integer::sum);
            }
        }
        Map<Integer, List<Integer>> waitingFor = new HashMap<>();
        int guard = 0;
        while (!ready.isEmpty() && guard++ < 50_000_000) {
            int r = ready.poll();
            List<Event> t = g.trace(r);
            boolean blocked = false;
            while (pc[r] < t.size() && !blocked) {
                Event e = t.get(pc[r]);
                Op.Kind k = e.op().kind();
                if (k == Op.Kind.SEND || k == Op.Kind.SENDRECV) {
                    Event recv = g.receiverOf(e);
                    long at = Math.max(clock[r], lastComm[r] + p.G());
                    clock[r] = at + p.o();
                    lastComm[r] = at;
                    if (recv != null) {
                        int d = recv.rank();
                        ArrayDeque<long[]> q = inTransit.get(d);
                        while (!q.isEmpty() && q.peekFirst()[1] <= at) q.pollFirst();
                        long deliver = at + p.L();
                        if (q.size() + 1 > cap) {
                            long[] oldest = q.peekFirst();
                            deliver = Math.max(deliver, oldest[1] + p.G() * (q.size() + 1 - cap));
                            long stalled = Math.max(0, deliver - at);
                            stall[r] += stalled;
                            clock[r] = Math.max(clock[r], deliver + p.delta());
                            stalls.add(new Stall(e, d, q.size() + 1, cap, stalled));
                        }
                        List<long[]> sorted = new ArrayList<>(q);
                        sorted.add(new long[] {at, deliver});
                        sorted.sort((x, y) -> Long.compare(x[1], y[1]));
                        q.clear();
                        q.addAll(sorted);
                        delivery.put(recv, deliver);
                        List<Integer> w = waitingFor.remove(d);
                        if (w != null) ready.addAll(w);
                    }
                }
                if (k == Op.Kind.RECV || k == Op.Kind.SENDRECV) {
                    Event send = g.senderOf(e);
                    if (send != null) {
                        Long arrives = delivery.get(e);
                        if (arrives == null) {
                            waitingFor.computeIfAbsent(r, x -> new ArrayList<>()).add(r);
                            blocked = true;
                            continue;
                        }
                        long at = Math.max(Math.max(clock[r], arrives), lastComm[r] + p.G());
                        clock[r] = at + p.o();
                        lastComm[r] = at;
                    }
                }
                if (k == Op.Kind.COLLECTIVE) {
                    String key = instanceOf[r][pc[r]];
                    java.util.LinkedHashSet<Integer> arrived = collArrivals.computeIfAbsent(key, x -> new java.util.LinkedHashSet<>());
                    arrived.add(r);
                    int members = memberCount.get(key);
                    if (arrived.size() < members) {
                        blocked = true;
                        continue;
                    }
                    long max = 0;
                    for (int a : arrived) max = Math.max(max, clock[a]);
                    for (int a : arrived) {
                        clock[a] = max + p.L();
                        if (a != r) {
                            pc[a]++;
                            ready.add(a);
                        }
                    }
                }
                pc[r]++;
            }
            if (!blocked && pc[r] < t.size()) ready.add(r);
        }
        long makespan = 0;
        for (long c : clock) makespan = Math.max(makespan, c);
        List<Superstep> steps = supersteps(g, p);
        long bsp = steps.stream().mapToLong(Superstep::cost).sum();
        return new Result(p, makespan, stall, stalls, steps, bsp);
    }

    /** BSP pricing: supersteps end at collectives; h = most messages sent or received by one rank. */
    static List<Superstep> supersteps(CommGraph g, Params p) {
        List<Superstep> out = new ArrayList<>();
        int n = g.np();
        int[] pos = new int[n];
        while (true) {
            long[] sent = new long[n], recvd = new long[n];
            boolean any = false;
            for (int r = 0; r < n; r++) {
                List<Event> t = g.trace(r);
                while (pos[r] < t.size()) {
                    Event e = t.get(pos[r]++);
                    any = true;
                    Op.Kind k = e.op().kind();
                    if (k == Op.Kind.SEND || k == Op.Kind.SENDRECV) sent[r]++;
                    if (k == Op.Kind.RECV || k == Op.Kind.SENDRECV) recvd[r]++;
                    if (k == Op.Kind.COLLECTIVE) break;
                }
            }
            if (!any) break;
            long h = 0;
            for (int r = 0; r < n; r++) h = Math.max(h, Math.max(sent[r], recvd[r]));
            out.add(new Superstep(0, h, p.g() * h + p.l()));
        }
        return out;
    }

    /** {@code logp-stall} findings, one per send site that stalls (with the worst instance). */
    public static List<Finding> findings(Result res) {
        Map<Integer, Stall> worst = new HashMap<>();
        for (Stall s : res.stalls()) worst.merge(s.send().site().start(), s, (a, b) -> a.inFlight() >= b.inFlight() ? a : b);
        List<Finding> out = new ArrayList<>();
        for (Stall s : worst.values()) {
            out.add(new Finding(FindingKind.LOGP_STALL, Severity.INFO, Verdict.NONE, "Under LogP(L=" + res.params().L() + ", o="
                    + res.params().o() + ", G=" + res.params().G() + ") this send from rank " + s.send().rank() + " to rank "
                    + s.destination() + " finds " + s.inFlight() + " messages in flight to it, over the capacity ceil(L/G)="
                    + s.capacity() + ": the sender may stall (up to " + s.stalledFor() + " steps here; predicted makespan "
                    + res.makespan() + ")", s.send().site(), List.of(s.send().rank(), s.destination()), List.of(), List.of(), ""));
        }
        out.sort((a, b) -> Integer.compare(a.range().start(), b.range().start()));
        return out;
    }
}
