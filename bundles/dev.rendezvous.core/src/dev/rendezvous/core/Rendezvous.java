package dev.rendezvous.core;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.buffers.BufferRequirement;
import dev.rendezvous.core.analysis.buffers.MinimumSafeBuffers;
import dev.rendezvous.core.analysis.streaming.PipelineTables;
import dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis;
import dev.rendezvous.core.analysis.logp.LogPSimulation;
import dev.rendezvous.core.analysis.streaming.FilteringCycle;
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.core.model.Verdict;

/**
 * The engine's front door, shared by the CLI and the IDE: source text in, findings out. Never
 * throws for bad input; failures become {@code analysis-assumption} findings and the other
 * process counts and files go on.
 */
public final class Rendezvous {
    public static final String VERSION = "0.1.0";

    private Rendezvous() {}

    public static FileReport analyze(String file, String source, AnalysisOptions options, BooleanSupplier cancelled) {
        return analyze(file, source, java.util.Map.of(), options, cancelled);
    }

    /** As above, for a program whose entry file uses classes of other files ({@code companions}: name to text). */
    public static FileReport analyze(String file, String source, java.util.Map<String, String> companions,
            AnalysisOptions options, BooleanSupplier cancelled) {
        Program program;
        try {
            program = Program.parse(file, source, companions);
        } catch (RuntimeException | StackOverflowError e) {
            List<RunReport> runs = new ArrayList<>();
            for (int np : options.nps()) {
                runs.add(new RunReport(file, np, List.of(info(new SourceRange(file, 0, 0, 1),
                        "The file could not be parsed: " + e)), Verdict.NONE, null, 0, null, List.of(), null));
            }
            return new FileReport(file, runs);
        }
        List<Integer> nps = options.nps();
        int threads = Math.min(nps.size(), Math.min(4, Runtime.getRuntime().availableProcessors()));
        if (threads <= 1) {
            List<RunReport> runs = new ArrayList<>();
            for (int np : nps) {
                if (cancelled.getAsBoolean()) break;
                runs.add(analyze(program, np, options, cancelled));
            }
            return new FileReport(file, runs);
        }
        return new FileReport(file, sweep(program, file, source, companions, options, cancelled, threads));
    }

    /**
     * The process counts of a sweep analysed side by side on {@code threads} threads. Each thread works on
     * its own parse of the file (the interpreter keeps caches in the program, which must not be shared);
     * the reports come back in the order of the process counts, and a cancelled sweep keeps those finished.
     */
    private static List<RunReport> sweep(Program first, String file, String source, java.util.Map<String, String> companions,
            AnalysisOptions options, BooleanSupplier cancelled, int threads) {
        List<Integer> nps = options.nps();
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        RunReport[] out = new RunReport[nps.size()];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final Program own = t == 0 ? first : Program.parse(file, source, companions);
            workers.add(Thread.ofPlatform().name("rendezvous-np-" + t).start(() -> {
                for (int i = next.getAndIncrement(); i < nps.size() && !cancelled.getAsBoolean(); i = next.getAndIncrement()) {
                    try {
                        out[i] = analyze(own, nps.get(i), options, cancelled);
                    } catch (RuntimeException | StackOverflowError e) { // said in the report; the other counts go on
                        out[i] = new RunReport(file, nps.get(i), List.of(info(new SourceRange(file, 0, 0, 1), "The analysis failed at np="
                                + nps.get(i) + " (" + e + "); other process counts are unaffected")), Verdict.NONE, null, 0, null, List.of(), null);
                    }
                }
            }));
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<RunReport> runs = new ArrayList<>();
        for (RunReport r : out) {
            if (r == null) break; // cancelled: the finished prefix
            runs.add(r);
        }
        return runs;
    }

    /**
     * Whether the program with {@code fix} applied deadlocks no more than it does now (a fix that moves a
     * Wait earlier can make a rank wait before it sends what its peer waits for): the deadlock analysis of
     * the fixed text at the same process count finds no error when the program has none.
     */
    private static boolean addsNoDeadlock(AnalysisContext ctx, Verdict now, dev.rendezvous.core.model.Fix fix) {
        if (now != Verdict.NONE) return false; // a deadlocking program: fix the deadlock first
        try {
            Program fixed = ctx.program().withSource(fix.applyTo(ctx.program().source()));
            if (!fixed.syntaxErrors().isEmpty() || fixed.entry() == null) return false;
            return DeadlockAnalysis.analyze(ctx.forFixedProgram(fixed)).verdict() == Verdict.NONE;
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
    }

    public static RunReport analyze(Program program, int np, AnalysisOptions options, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        String file = program.file();
        List<Finding> findings = new ArrayList<>();
        SourceRange top = program.entry() != null ? program.range(program.entry().getName()) : new SourceRange(file, 0, 0, 1);
        if (!program.syntaxErrors().isEmpty() && program.entry() != null) {
            findings.add(info(top, "The file has compile errors (" + program.syntaxErrors().get(0)
                    + (program.syntaxErrors().size() > 1 ? ", ..." : "") + "); the analysis follows what could be parsed"));
        }
        if (program.entry() == null) {
            return new RunReport(file, np, findings, Verdict.NONE, null, millis(t0), null, List.of(), null);
        }
        if (np < 1 || np > options.budgets().maxProcesses) {
            findings.add(info(top, "Process count " + np + " is outside 1.." + options.budgets().maxProcesses + "; not analysed"));
            return new RunReport(file, np, findings, Verdict.NONE, null, millis(t0), null, List.of(), null);
        }
        AnalysisContext ctx = new AnalysisContext(program, np, options.budgets(), cancelled);
        Verdict verdict = Verdict.NONE;
        CommGraph graph = null;
        BufferRequirement.Buffers buffers = null;
        List<FilteringCycle.Interval> dummies = List.of();
        LogPSimulation.Result logp = null;
        try {
            DeadlockAnalysis.Result r = DeadlockAnalysis.analyze(ctx);
            verdict = r.verdict();
            graph = CommGraph.of(r.representative());
            List<Finding> streaming = FilteringCycle.find(graph, verdict,
                    ctx.explore(dev.rendezvous.core.semantics.BufferPolicy.UNBOUNDED).complete());
            PipelineTables tables = streaming.isEmpty() ? null : PipelineTables.find(program);
            java.util.function.ToLongBiFunction<Integer, Integer> capacity = (a, b) -> {
                if (options.capacities().containsKey(a + "->" + b) || tables == null || tables.capacity(a, b) < 1) {
                    return options.capacity(a, b);
                }
                return tables.capacity(a, b);
            };
            if (!streaming.isEmpty() && verdict != Verdict.NONE) {
                // the deadlock is the pipeline's: report it once, as the filtering cycle it is, with the run's witness
                List<Finding> errors = r.findings().stream().filter(f -> f.severity() == Severity.ERROR).toList();
                findings.addAll(r.findings().stream().filter(f -> f.severity() != Severity.ERROR).toList());
                if (!errors.isEmpty()) streaming = List.of(FilteringCycle.withWitness(streaming.get(0), errors.get(0)));
            } else {
                findings.addAll(r.findings());
            }
            if (!streaming.isEmpty()) {
                dummies = FilteringCycle.intervals(graph, capacity);
                if (tables != null) {
                    Finding cycle = streaming.get(0), fixed = FilteringCycle.withTableFix(cycle, dummies, tables);
                    streaming = List.of(fixed != cycle ? fixed : FilteringCycle.protectedByTable(cycle, tables));
                }
                findings.addAll(streaming);
                findings.addAll(FilteringCycle.intervalFindings(graph, dummies));
            }
            if (verdict == Verdict.NONE) {
                findings.addAll(dev.rendezvous.core.analysis.races.OutcomeRace.find(
                        ctx.explore(dev.rendezvous.core.semantics.BufferPolicy.UNBOUNDED)));
            }
            if (r.representative().completed()) {
                int[] minimum = MinimumSafeBuffers.minimum(ctx, r.representative());
                buffers = BufferRequirement.compute(graph, minimum);
                findings.addAll(BufferRequirement.findings(graph, buffers, top));
                logp = LogPSimulation.simulate(graph, options.logp());
                findings.addAll(LogPSimulation.findings(logp));
            }
        } catch (RuntimeException | StackOverflowError e) {
            findings.add(info(top, "The analysis failed at np=" + np + " (" + e + "); other results are unaffected"));
        }
        for (Assumptions.Assumption a : ctx.assumptions().all()) findings.add(info(a.range(), a.message()));
        for (Assumptions.Assumption a : ctx.assumptions().aborts()) {
            findings.add(new Finding(FindingKind.JOB_ABORT, Severity.INFO, Verdict.NONE, a.message(), a.range(), List.of(),
                    List.of(), List.of(), ""));
        }
        final Verdict verdictNow = verdict;
        for (Assumptions.Defect d : ctx.assumptions().defects()) {
            Severity severity = d.kind() == FindingKind.RESOURCE_LEAK ? Severity.INFO : Severity.ERROR; // see MpjCalls.reportLeaks
            List<dev.rendezvous.core.model.Fix> fixes = d.kind() == FindingKind.BUFFER_RACE
                    ? d.fixes().stream().filter(x -> addsNoDeadlock(ctx, verdictNow, x)).toList() : d.fixes();
            findings.add(new Finding(d.kind(), severity, Verdict.NONE, d.message(), d.range(), List.of(d.rank()),
                    List.of(), fixes, ""));
        }
        for (String n : ctx.notes()) findings.add(info(top, n));
        List<Finding> shown = new ArrayList<>();
        List<Suppressions.Suppressed> silenced = new ArrayList<>();
        Suppressions suppressions = Suppressions.of(program);
        for (Finding f : dedupe(findings)) {
            String how = suppressions.match(f);
            if (how == null) shown.add(f);
            else silenced.add(new Suppressions.Suppressed(f, how));
        }
        return new RunReport(file, np, shown, verdict, graph, millis(t0), buffers, dummies, logp, silenced);
    }

    private static long millis(long t0) {
        return (System.nanoTime() - t0) / 1_000_000L;
    }

    private static List<Finding> dedupe(List<Finding> in) {
        java.util.LinkedHashMap<String, Finding> out = new java.util.LinkedHashMap<>();
        for (Finding f : in) out.putIfAbsent(f.key() + f.message(), f);
        return new ArrayList<>(out.values());
    }

    static Finding info(SourceRange at, String message) {
        return new Finding(FindingKind.ANALYSIS_ASSUMPTION, Severity.INFO, Verdict.NONE, message, at, List.of(), List.of(),
                List.of(), "");
    }
}
