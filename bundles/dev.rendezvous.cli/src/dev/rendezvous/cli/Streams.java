package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.streaming.ChannelGraph;
import dev.rendezvous.core.analysis.streaming.ChannelSimulator;
import dev.rendezvous.core.analysis.streaming.ChannelSimulator.Scheme;
import dev.rendezvous.core.analysis.streaming.DummyIntervals;
import dev.rendezvous.core.analysis.streaming.DummyIntervals.Edge;
import dev.rendezvous.core.extract.Program;

/**
 * {@code rendezvous simulate}: runs a program's channel graph under random filtering (streaming
 * paper, Algorithms 1, 2 and 5) without dummies and with the intervals of Algorithms 4 and 6, and
 * prints how many runs deadlocked and how many dummies each scheme sent.
 */
final class Streams {
    static final int TRIALS = 500, LENGTH = 200;

    private Streams() {}

    static Main.ExitCode simulate(List<Path> files, AnalysisOptions options, PrintStream out) throws Main.UsageException {
        boolean anyDeadlock = false;
        for (Path f : files) {
            String src;
            try {
                src = SourceText.read(f);
            } catch (IOException e) {
                throw new Main.UsageException("cannot read " + f + ": " + e.getMessage());
            }
            Program p = Program.parse(f.toString(), src);
            for (int np : options.nps()) {
                RunReport r = Rendezvous.analyze(p, np, options, () -> false);
                ChannelGraph cg = r.graph() == null ? null : ChannelGraph.of(r.graph());
                if (cg == null || !cg.isStreaming()) {
                    out.println(f + " np=" + np + ": not a streaming pipeline (no rank loops over indexed tokens)");
                    continue;
                }
                List<Edge> edges = new ArrayList<>();
                for (ChannelGraph.Channel c : cg.channels()) edges.add(new Edge(c.from(), c.to(), options.capacity(c.from(), c.to())));
                out.println(f + " np=" + np + ": channels " + edges + ", " + TRIALS + " runs of " + LENGTH
                        + " indices each, random filtering per node");
                anyDeadlock |= report(out, "no dummies (Algorithm 1)", edges, Map.of(), Scheme.NONE);
                report(out, "propagation, Algorithm 4 intervals " + shown(DummyIntervals.propagation(edges)), edges,
                        DummyIntervals.propagation(edges), Scheme.PROPAGATION);
                report(out, "non-propagation, Algorithm 6 intervals " + shown(DummyIntervals.nonPropagation(edges)), edges,
                        DummyIntervals.nonPropagation(edges), Scheme.NON_PROPAGATION);
            }
        }
        return anyDeadlock ? Main.ExitCode.FINDINGS : Main.ExitCode.OK;
    }

    private static boolean report(PrintStream out, String label, List<Edge> edges, Map<Edge, Long> iv, Scheme scheme) {
        ChannelSimulator sim = new ChannelSimulator(edges, iv);
        Random rnd = new Random(42);
        int n = 1 + edges.stream().mapToInt(e -> Math.max(e.from(), e.to())).max().orElse(0);
        int dead = 0;
        long dummies = 0, data = 0;
        String example = null;
        for (int t = 0; t < TRIALS; t++) {
            double[] pass = new double[n];
            for (int i = 0; i < n; i++) pass[i] = rnd.nextInt(3) == 0 ? 0 : rnd.nextDouble();
            ChannelSimulator.Result res = sim.run(scheme, LENGTH, pass, rnd, 10_000_000L);
            if (res.deadlocked()) {
                dead++;
                if (example == null) example = res.state();
            }
            dummies += res.dummies();
            data += res.dataTokens();
        }
        out.printf("  %-60s deadlocked %d/%d runs, %.1f dummies and %.1f data tokens per run%n", label, dead, TRIALS,
                dummies / (double) TRIALS, data / (double) TRIALS);
        if (example != null) out.println("    e.g. " + example);
        return dead > 0;
    }

    private static String shown(Map<Edge, Long> iv) {
        StringBuilder sb = new StringBuilder("{");
        iv.forEach((e, v) -> {
            if (v != DummyIntervals.INF) sb.append(sb.length() > 1 ? ", " : "").append(e.from()).append("->").append(e.to()).append('=').append(v);
        });
        return sb.append('}').toString();
    }
}
