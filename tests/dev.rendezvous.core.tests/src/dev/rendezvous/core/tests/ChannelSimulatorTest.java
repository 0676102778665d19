package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.analysis.streaming.ChannelSimulator;
import dev.rendezvous.core.analysis.streaming.ChannelSimulator.Result;
import dev.rendezvous.core.analysis.streaming.ChannelSimulator.Scheme;
import dev.rendezvous.core.analysis.streaming.DummyIntervals;
import dev.rendezvous.core.analysis.streaming.DummyIntervals.Edge;

/**
 * Theorems 2.2, 3.2 and 3.3 of the streaming paper checked by simulation with random filtering:
 * cyclic graphs deadlock without dummies, trees never do, and with the intervals of Algorithm 4
 * (propagating) or Algorithm 6 (non-propagating) no run deadlocks.
 */
class ChannelSimulatorTest {

    static final List<Edge> DIAMOND = List.of(new Edge(0, 1, 2), new Edge(0, 2, 1), new Edge(1, 3, 3), new Edge(2, 3, 2));

    /** Pass probabilities that make some nodes filter almost everything and others almost nothing. */
    static double[] pass(int n, Random rnd) {
        double[] p = new double[n];
        for (int i = 0; i < n; i++) p[i] = switch (rnd.nextInt(4)) {
            case 0 -> 0.0;
            case 1 -> 1.0;
            default -> rnd.nextDouble();
        };
        return p;
    }

    static int deadlocks(List<Edge> g, Map<Edge, Long> iv, Scheme s, int trials, long seed) {
        ChannelSimulator sim = new ChannelSimulator(g, iv);
        Random rnd = new Random(seed);
        int n = 1 + g.stream().mapToInt(e -> Math.max(e.from(), e.to())).max().orElse(0);
        int dead = 0;
        for (int t = 0; t < trials; t++) {
            Result r = sim.run(s, 40, pass(n, rnd), rnd, 1_000_000);
            assertFalse(r.state().equals("step bound reached"), "runs end");
            if (r.deadlocked()) dead++;
        }
        return dead;
    }

    @Test
    void theFigureOneDiamondDeadlocksWhenOneSideFilters() {
        ChannelSimulator sim = new ChannelSimulator(DIAMOND, Map.of());
        // node 2 filters everything, node 1 passes everything: 0->1->3 fills while 3 waits on 2->3
        Result r = sim.run(Scheme.NONE, 20, new double[] {1, 1, 0, 1}, new Random(1), 100_000);
        assertTrue(r.deadlocked(), r.state());
        Result ok = sim.run(Scheme.NONE, 20, new double[] {1, 1, 1, 1}, new Random(1), 100_000);
        assertFalse(ok.deadlocked(), "Theorem 3.1: without filtering no deadlock; " + ok.state());
        assertEquals(20 * 4, ok.dataTokens(), "every computation emitted on every channel");
    }

    @Test
    void theComputedIntervalsPreventItOnTheDiamond() {
        assertTrue(deadlocks(DIAMOND, Map.of(), Scheme.NONE, 300, 3) > 0);
        assertEquals(0, deadlocks(DIAMOND, DummyIntervals.propagation(DIAMOND), Scheme.PROPAGATION, 300, 3));
        assertEquals(0, deadlocks(DIAMOND, DummyIntervals.nonPropagation(DIAMOND), Scheme.NON_PROPAGATION, 300, 3));
    }

    @Test
    void randomDagsNeverDeadlockWithTheirIntervals() {
        Random rnd = new Random(11);
        int cyclicThatDeadlocked = 0, graphs = 0;
        for (int trial = 0; trial < 150; trial++) {
            List<Edge> g = randomConnectedDag(rnd);
            graphs++;
            long seed = rnd.nextLong();
            if (deadlocks(g, Map.of(), Scheme.NONE, 30, seed) > 0) {
                cyclicThatDeadlocked++;
                assertTrue(hasUndirectedCycle(g), "Theorem 2.2: a deadlock needs an undirected cycle: " + g);
            }
            assertEquals(0, deadlocks(g, DummyIntervals.propagation(g), Scheme.PROPAGATION, 30, seed),
                    "Theorem 3.2 with Algorithm 4's intervals on " + g);
            assertEquals(0, deadlocks(g, DummyIntervals.nonPropagation(g), Scheme.NON_PROPAGATION, 30, seed),
                    "Theorem 3.3 with Algorithm 6's intervals on " + g);
        }
        assertTrue(cyclicThatDeadlocked > 20, "the property is not vacuous: " + cyclicThatDeadlocked + " of " + graphs
                + " graphs deadlock without dummies");
    }

    @Test
    void intervalsThatAreTooLongCanDeadlock() {
        // the diamond's computed intervals are 3 and 5; an interval larger than the opposite path's buffers is not enough
        Map<Edge, Long> tooLong = Map.of(DIAMOND.get(0), 100L, DIAMOND.get(1), 100L);
        assertTrue(deadlocks(DIAMOND, tooLong, Scheme.PROPAGATION, 300, 5) > 0, "the simulator can fail a bad interval");
    }

    @Test
    void propagatingIntervalsAreNotEnoughForNodesThatDoNotPropagate() {
        // Algorithm 6 exists because Algorithm 4's intervals assume forwarding (§3.3); the simulator must see that
        Random rnd = new Random(11);
        int dead = 0;
        for (int trial = 0; trial < 60; trial++) {
            List<Edge> g = randomConnectedDag(rnd);
            dead += deadlocks(g, DummyIntervals.propagation(g), Scheme.NON_PROPAGATION, 20, rnd.nextLong());
        }
        assertTrue(dead > 0, "Algorithm 4 intervals under Algorithm 5 behaviour deadlock somewhere");
    }

    @Test
    void propagationSendsFewerDummiesWhenAlmostEverythingIsFiltered() {
        // §3.4: a path u1..u(k+1) where u1 filters everything; propagation sends ~k*m/q, non-propagation ~k*m/ceil(q/k)
        List<Edge> g = List.of(new Edge(0, 1, 4), new Edge(1, 2, 4), new Edge(2, 3, 4), new Edge(0, 3, 4));
        double[] pass = {0, 1, 1, 1};
        long prop = new ChannelSimulator(g, DummyIntervals.propagation(g)).run(Scheme.PROPAGATION, 200, pass,
                new Random(2), 1_000_000).dummies();
        long nonProp = new ChannelSimulator(g, DummyIntervals.nonPropagation(g)).run(Scheme.NON_PROPAGATION, 200, pass,
                new Random(2), 1_000_000).dummies();
        assertTrue(prop > 0 && nonProp > prop, "propagation " + prop + " vs non-propagation " + nonProp);
    }

    static List<Edge> randomConnectedDag(Random rnd) {
        int n = 3 + rnd.nextInt(5);
        List<Edge> edges = new ArrayList<>();
        for (int b = 1; b < n; b++) edges.add(new Edge(rnd.nextInt(b), b, 1 + rnd.nextInt(4))); // a spanning tree
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                final int fa = a, fb = b;
                if (rnd.nextInt(100) < 25 && edges.stream().noneMatch(e -> e.from() == fa && e.to() == fb)) {
                    edges.add(new Edge(a, b, 1 + rnd.nextInt(4)));
                }
            }
        }
        return edges;
    }

    static boolean hasUndirectedCycle(List<Edge> g) {
        int n = 1 + g.stream().mapToInt(e -> Math.max(e.from(), e.to())).max().orElse(0);
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        for (Edge e : g) {
            int a = find(parent, e.from()), b = find(parent, e.to());
            if (a == b) return true;
            parent[a] = b;
        }
        return false;
    }

    private static int find(int[] p, int x) {
        while (p[x] != x) x = p[x] = p[p[x]];
        return x;
    }
}
