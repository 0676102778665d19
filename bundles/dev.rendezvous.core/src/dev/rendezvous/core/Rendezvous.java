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
import dev.rendezvous.core.analysis.races.CrossCollectiveRace;
import dev.rendezvous.core.analysis.races.OutcomeRace;
import dev.rendezvous.core.analysis.streaming.FilteringCycle;
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
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
            for (int np : options.nps()) runs.add(failedRun(file, np, "The file could not be parsed: " + e));
            return new FileReport(file, runs);
        }
        return new FileReport(file, sweep(program, file, source, companions, options, quiet(cancelled)));
    }

    /**
     * {@code cancelled} as a plain question: a monitor that throws when asked after a cancel (JFace's code-mining
     * monitor throws {@code CancellationException} from {@code isCanceled}) answers yes instead, so that a sweep thread
     * asking it ends quietly rather than dying with an uncaught exception in the workbench's log.
     */
    private static BooleanSupplier quiet(BooleanSupplier cancelled) {
        return () -> {
            try {
                return cancelled.getAsBoolean();
            } catch (RuntimeException e) {
                return true;
            }
        };
    }

    /** A report that holds only the message why the analysis at {@code np} could not be made. */
    private static RunReport failedRun(String file, int np, String why) {
        return new RunReport(file, np, List.of(info(new SourceRange(file, 0, 0, 1), why)), Verdict.NONE, null, 0, null, List.of(), null);
    }

    /**
     * The process counts of {@code options}, analysed side by side on up to four threads when there are
     * several. Each extra thread works on its own parse of the file (the interpreter keeps caches in the
     * program, which must not be shared); one count is analysed on the caller's thread. The reports come
     * back in the order of the process counts, and a cancelled sweep keeps those finished.
     */
    private static List<RunReport> sweep(Program first, String file, String source, java.util.Map<String, String> companions,
            AnalysisOptions options, BooleanSupplier cancelled) {
        List<Integer> nps = options.nps();
        int threads = Math.min(nps.size(), Math.min(4, Runtime.getRuntime().availableProcessors()));
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        RunReport[] out = new RunReport[nps.size()];
        java.util.function.Consumer<Program> work = own -> {
            for (int i = next.getAndIncrement(); i < nps.size() && !cancelled.getAsBoolean(); i = next.getAndIncrement()) {
                try {
                    out[i] = analyze(own, nps.get(i), options, cancelled);
                } catch (RuntimeException | StackOverflowError e) { // said in the report; the other counts go on
                    out[i] = failedRun(file, nps.get(i), "The analysis failed at np=" + nps.get(i) + " (" + e
                            + "); other process counts are unaffected");
                }
            }
        };
        List<Thread> workers = new ArrayList<>();
        if (threads <= 1) {
            work.accept(first);
        } else {
            for (int t = 0; t < threads; t++) {
                Program own = t == 0 ? first : Program.parse(file, source, companions);
                workers.add(Thread.ofPlatform().name("rendezvous-np-" + t).start(() -> work.accept(own)));
            }
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
     * Every analysis at one process count: {@link #analyzeWithRuntimeArgs}, then {@link #pastTheEndInALargerJob}.
     */
    public static RunReport analyze(Program program, int np, AnalysisOptions options, BooleanSupplier cancelled) {
        return pastTheEndInALargerJob(program, analyzeWithRuntimeArgs(program, np, options, cancelled), options, cancelled);
    }

    /** The process count a rank past the end is checked again at: more than the fixed counts programs are written for. */
    static final int LARGER_JOB = 24;

    /**
     * A rank past the communicator's end is a {@code job-abort} information at first: MPJ Express stops the job there, but
     * a program written for more processes than the count analysed does that too (a literal rank 3 at np=2, or a master
     * sending to ranks 1..8 in a loop of a constant 8: written for np=9), and that is no defect. The program is then
     * analysed once more at {@link #LARGER_JOB} processes (at least the count the message asks for); if it addresses a
     * rank past the end on the same line there too, the rank is computed past the end (a ring's {@code rank + 1} on the
     * last rank, a shift giving rank n of n) and the information becomes a warning. (At the count the message asks for
     * alone, the master's loop would be past the end again at every count up to 9.) The second analysis gets a fifth of
     * the time budget; when it does not reach the line, the information stays.
     */
    private static RunReport pastTheEndInALargerJob(Program program, RunReport r, AnalysisOptions options,
            BooleanSupplier cancelled) {
        Finding absent = null;
        int needed = -1;
        for (Finding f : r.findings()) {
            if (f.kind() != FindingKind.JOB_ABORT || f.severity() != Severity.INFO) continue;
            needed = Assumptions.processesNeeded(f.message());
            if (needed > r.np()) {
                absent = f;
                break;
            }
        }
        if (absent == null || cancelled.getAsBoolean()) return r;
        needed = Math.max(needed, LARGER_JOB);
        if (needed > options.budgets().maxProcesses) return r;
        Budgets again = options.budgets().copy();
        again.maxMillis = Math.max(1, options.budgets().maxMillis / 5);
        again.checkFixes = false;
        RunReport there = analyzeWithRuntimeArgs(program, needed,
                new AnalysisOptions(List.of(needed), again, options.capacities(), options.defaultCapacity(), options.logp()), cancelled);
        final Finding first = absent;
        final int count = needed;
        boolean pastAgain = there.findings().stream().anyMatch(g -> g.kind() == FindingKind.JOB_ABORT
                && g.range().file().equals(first.range().file()) && g.range().line() == first.range().line()
                && Assumptions.processesNeeded(g.message()) > count);
        if (!pastAgain) return r;
        List<Finding> findings = new ArrayList<>();
        for (Finding f : r.findings()) {
            findings.add(f != first ? f : new Finding(f.kind(), Severity.WARNING, f.verdict(), f.message() + "; at np=" + count
                    + " too, the rank on this line is past the end: it is computed past the communicator's end, not written "
                    + "for a larger job", f.range(), f.ranks(), f.related(), f.fixes(), f.witness()));
        }
        return new RunReport(r.file(), r.np(), findings, r.verdict(), r.graph(), r.millis() + there.millis(), r.buffers(),
                r.dummyIntervals(), r.logp(), r.suppressed());
    }

    /**
     * The analysis at one process count. A deadlock that needs a test of {@code main}'s first arguments to come out
     * one way is only possible at first, since MPJ Express fills them with the rank, the process count and the device
     * while mpiJava passes the user's arguments there; the program is then analysed again with MPJ Express's values,
     * and a finding that analysis also reports as an error is an error again (a master that loops until
     * {@code Integer.parseInt(args[1])}, the process count under MPJ Express, is clean under MPJ Express and stays a
     * warning; one that hangs with that value too is an error). Both analyses together keep to the time budget, but for
     * a fifth of it that the second always gets.
     */
    private static RunReport analyzeWithRuntimeArgs(Program program, int np, AnalysisOptions options, BooleanSupplier cancelled) {
        RunReport r = analyzeOnce(program, np, options, cancelled);
        if (options.budgets().mpjRuntimeArgs || r.findings().stream().noneMatch(Rendezvous::restsOnRuntimeArgs)) return r;
        Budgets mpjArgs = options.budgets().copy();
        mpjArgs.mpjRuntimeArgs = true;
        // the second analysis has what the first left of the time budget (at least a fifth of it, for a chance to
        // confirm): a program that used its whole budget the first time took twice the editor's limit otherwise
        mpjArgs.maxMillis = Math.max(options.budgets().maxMillis / 5, options.budgets().maxMillis - r.millis());
        RunReport mpj = analyzeOnce(program, np,
                new AnalysisOptions(options.nps(), mpjArgs, options.capacities(), options.defaultCapacity(), options.logp()), cancelled);
        List<Finding> findings = new ArrayList<>();
        for (Finding f : r.findings()) {
            boolean confirmed = restsOnRuntimeArgs(f) && mpj.findings().stream()
                    .anyMatch(g -> g.severity() == Severity.ERROR && g.kind() == f.kind() && g.range().equals(f.range()));
            findings.add(!confirmed ? f
                    : new Finding(f.kind(), Severity.ERROR, f.verdict(),
                            f.message().replace(DeadlockAnalysis.RUNTIME_ARG_PATH, DeadlockAnalysis.RUNTIME_ARG_CONFIRMED), f.range(),
                            f.ranks(), f.related(), f.fixes(), f.witness()));
        }
        return new RunReport(r.file(), np, findings, r.verdict(), r.graph(), r.millis() + mpj.millis(), r.buffers(),
                r.dummyIntervals(), r.logp(), r.suppressed());
    }

    private static boolean restsOnRuntimeArgs(Finding f) {
        return f.severity() == Severity.WARNING && f.message().contains(DeadlockAnalysis.RUNTIME_ARG_PATH);
    }

    private static RunReport analyzeOnce(Program program, int np, AnalysisOptions options, BooleanSupplier cancelled) {
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
                var unbounded = ctx.explore(dev.rendezvous.core.semantics.BufferPolicy.UNBOUNDED);
                if (ctx.unboundedShownByZero()) {
                    // the zero-buffer runs have every matching; no message crosses a collective without buffering
                    findings.addAll(OutcomeRace.find(ctx.explore(dev.rendezvous.core.semantics.BufferPolicy.ZERO)));
                } else {
                    findings.addAll(OutcomeRace.find(unbounded));
                    findings.addAll(CrossCollectiveRace.find(unbounded));
                }
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
            Severity severity = d.kind() == FindingKind.RESOURCE_LEAK ? Severity.INFO : d.warning() ? Severity.WARNING : Severity.ERROR; // see MpjCalls.reportLeaks
            List<dev.rendezvous.core.model.Fix> fixes = d.kind() == FindingKind.BUFFER_RACE && options.budgets().checkFixes
                    ? dev.rendezvous.core.fix.Fixes.keepDeadlockFree(ctx, verdictNow, d.fixes()) : d.fixes();
            findings.add(new Finding(d.kind(), severity, Verdict.NONE, d.message(), d.range(), List.of(d.rank()),
                    List.of(), fixes, ""));
        }
        for (String n : ctx.notes()) findings.add(info(top, n));
        List<Finding> shown = new ArrayList<>();
        List<Suppressions.Suppressed> silenced = new ArrayList<>();
        Suppressions suppressions = Suppressions.of(program);
        for (Finding f : dedupe(findings)) {
            if (f.severity() == Severity.ERROR && program.syntaxErrorInCode()) f = repaired(f);
            String how = suppressions.match(f);
            if (how == null) shown.add(f);
            else silenced.add(new Suppressions.Suppressed(f, how));
        }
        return new RunReport(file, np, shown, verdict, graph, millis(t0), buffers, dummies, logp, silenced);
    }

    /** Appended to an error found in code with compile errors, shown as a warning until the code compiles. */
    public static final String REPAIRED = " (the method has compile errors: found in the parser's repair of it, so a warning until it compiles)";

    /**
     * An error found in a method with compile errors is a warning: the analysis ran the parser's repair of the code (a
     * half-typed statement inside {@code if (rank == 0)} can make JDT drop the {@code if}, and every rank then runs
     * its body), so the deadlock may be the repair's. JDT marks the compile error itself; once the code compiles, the
     * finding is an error again if it still holds.
     */
    private static Finding repaired(Finding f) {
        return new Finding(f.kind(), Severity.WARNING, f.verdict(), f.message() + REPAIRED, f.range(), f.ranks(), f.related(),
                f.fixes(), f.witness());
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
