package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * {@code rendezvous bench}: wall-clock medians with a warm JVM (the measurements issue #3 asks
 * for; a benchmark, not a test). Extraction = one execution of all ranks with matching (the
 * trace and graph); analysis = the full deadlock verdict (zero and unbounded buffering).
 */
public final class Bench {
    private Bench() {}

    static long medianMicros(int reps, Runnable r) {
        for (int i = 0; i < Math.max(1, reps / 3); i++) r.run(); // warm-up
        List<Long> t = new ArrayList<>();
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            r.run();
            t.add((System.nanoTime() - t0) / 1000);
        }
        Collections.sort(t);
        return t.get(t.size() / 2);
    }

    static RunOutcome extract(Program p, int np) {
        Budgets b = Budgets.defaults();
        b.maxStepsPerRank = 50_000_000;
        return Extractor.run(p, np, BufferPolicy.UNBOUNDED, new int[0], b, new Assumptions(), 600_000);
    }

    /**
     * Calls per file before any latency is measured ({@link #latency}): half of them without fixes confirmed, half
     * with, file by file.
     */
    static final int WARM_UP_CALLS = 20;

    /**
     * The timings; {@code only} (null for all) runs one section: {@code latency} (warm whole-file analysis at np=8 over
     * corpus and examples, after {@code warmUpCalls} calls on every file: median and p99), {@code corpus}, {@code sweep},
     * {@code scaling}, {@code nbap} or {@code spin}.
     */
    static int main(Path corpus, Path examples, String only, int warmUpCalls, PrintStream out) throws IOException {
        if (only == null || only.equals("latency")) latency(corpus, examples, warmUpCalls, out);
        if (only == null || only.equals("corpus")) corpusSection(corpus, out);
        if (only == null || only.equals("sweep")) sweep(corpus, out);
        if (only == null || only.equals("scaling")) scaling(examples, out);
        if (only == null || only.equals("nbap")) nbap(examples, out);
        if (only == null || only.equals("spin")) spin(corpus, examples, out);
        return 0;
    }

    /**
     * Whole-file analysis as the editor runs it while the user types (np=8, warm JVM: {@code warmUpCalls} calls on every
     * file first, each from the text, quick fixes not yet confirmed: {@code Budgets.checkFixes}): per file median and
     * worst of 20 calls, p99 over all calls; and beside it the median with every fix confirmed, as the command line and the editor's Ctrl+1 run it.
     */
    static void latency(Path corpus, Path examples, int warmUpCalls, PrintStream out) throws IOException {
        out.println("## editor latency: whole-file analysis from the text at np=8, 20 warm calls per file (after a warm-up pass of "
                + warmUpCalls + " calls on every file)");
        out.println("(ranks on " + (dev.rendezvous.core.semantics.World.ranksHaveACarrierOfTheirOwn() ? "a carrier thread of their own"
                : "the JDK's shared scheduler: start the JVM with --add-opens=java.base/java.lang=ALL-UNNAMED for a carrier of their own") + ")");
        String hostBefore = hostCheck();
        out.println("host check before: " + hostBefore);
        out.printf("%-28s %12s %12s %12s %14s %32s%n", "file", "median ms", "fastest 10%", "worst ms", "fixes checked",
                "runs(+cut) zero / unb. / per-send");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(corpus.resolve("programs"))) {
            files.addAll(s.sorted().toList());
        }
        try (Stream<Path> s = Files.list(examples)) {
            files.addAll(s.filter(f -> f.toString().endsWith(".java")).sorted().toList());
        }
        List<Long> all = new ArrayList<>(), allChecked = new ArrayList<>();
        int over10 = 0;
        // an editor's JVM has analysed many times before the call measured; the JIT is not done after a few dozen
        // calls (PairSwapSync alone: median 10 ms over calls 20-40, 3.9 ms over calls 150-300), so every file is
        // analysed 20 times (or as asked) before any is measured. Over the 32 files of the corpus and the examples,
        // 20 calls each do not reach the compiler's steady state either: FilterFork, ProbeDispatch, RodHeat and
        // WorkQueueAny measured 10.3, 16.1, 21.3 and 12.5 ms after 20 rounds over every file, 6.6, 8.8, 15.9 and 7.8 ms
        // after 100 (one run, session 49).
        // Each call starts from the text, as the editor's does after a keystroke: the file is parsed, and so is every
        // quick fix checked (a parse kept by the program for the next call would not be there after an edit)
        AnalysisOptions checked = AnalysisOptions.of(8);
        AnalysisOptions editor = AnalysisOptions.of(8);
        editor.budgets().checkFixes = false;
        List<String> sources = new ArrayList<>();
        for (Path f : files) {
            String source = SourceText.read(f);
            sources.add(source);
            for (int i = 0; i < warmUpCalls; i++) Rendezvous.analyze(f.toString(), source, i % 2 == 0 ? editor : checked, () -> false);
        }
        for (int k = 0; k < files.size(); k++) {
            Path f = files.get(k);
            String source = sources.get(k);
            Program p = Program.parse(f.toString(), source);
            List<Long> t = times(f, source, editor), c = times(f, source, checked);
            all.addAll(t);
            allChecked.addAll(c);
            if (t.get(t.size() / 2) > 10_000) over10++;
            // how much the explorer did under zero and unbounded buffering: executions, runs cut at a known state, '+' when the budget
            // stopped it; and under per-send buffering, which the deadlock analysis adds when neither deadlocks and a wildcard or
            // buffering choice was met ('-' where it does not; "proof" where the zero-buffer runs show that no buffering adds a
            // wildcard match, SlackElasticityProof)
            dev.rendezvous.core.analysis.AnalysisContext ctx = new dev.rendezvous.core.analysis.AnalysisContext(p, 8, checked.budgets(), () -> false);
            var zero = ctx.explore(BufferPolicy.ZERO);
            var unbounded = ctx.explore(BufferPolicy.UNBOUNDED);
            boolean proof = ctx.zeroBufferShowsEveryBuffering();
            boolean wanted = dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis.exploresPerSend(unbounded, zero, false);
            String runs = explored(zero) + " / " + explored(unbounded) + " / "
                    + (!wanted ? "-" : proof ? "proof" : explored(ctx.explore(BufferPolicy.PER_SEND)));
            out.printf("%-28s %12.2f %12.2f %12.2f %14.2f %32s%n", f.getFileName(), t.get(t.size() / 2) / 1000.0,
                    t.get(t.size() / 10) / 1000.0, t.get(t.size() - 1) / 1000.0, c.get(c.size() / 2) / 1000.0, runs);
        }
        out.println("host check after: " + hostCheck() + " (before: " + hostBefore + ")");
        Collections.sort(all);
        Collections.sort(allChecked);
        out.printf("over %d files: median %.2f ms, p99 %.2f ms; files with a median above 10 ms: %d; with every fix checked: median %.2f ms, p99 %.2f ms%n",
                files.size(), all.get(all.size() / 2) / 1000.0, p99(all) / 1000.0, over10, allChecked.get(allChecked.size() / 2) / 1000.0,
                p99(allChecked) / 1000.0);
    }

    /**
     * The same fixed computation (hash-map updates, no allocation after the first round) timed 60 times, as "median
     * M ms, fastest 10% F ms, slowest 10% S ms": on a shared host the speed of one core moves while the benchmark runs
     * (measured on a 2-core cloud machine: this loop took 3.4 ms in some rounds and 6.3 ms in others of the same
     * JVM, nothing else running), and every median of the table moves with it. Printed before and after the table so
     * that a reader can tell the host's moves from the engine's.
     */
    static String hostCheck() {
        long[] t = new long[60];
        long sink = 0;
        java.util.HashMap<Integer, Integer> m = new java.util.HashMap<>();
        for (int r = -20; r < t.length; r++) {
            long t0 = System.nanoTime();
            m.clear();
            for (int i = 0; i < 300_000; i++) {
                m.merge(i % 5000, i, Integer::sum);
                sink += (i * 31L) ^ sink;
            }
            if (r >= 0) t[r] = System.nanoTime() - t0;
        }
        hostSink = sink + m.size(); // kept, so that the loop is computed
        java.util.Arrays.sort(t);
        return String.format("a fixed CPU loop took median %.2f ms, fastest 10%% %.2f ms, slowest 10%% %.2f ms", t[30] / 1e6,
                t[6] / 1e6, t[54] / 1e6);
    }

    private static volatile long hostSink;

    /** Twenty timed calls (after five more of warm-up) of the whole analysis of {@code source}, sorted, in microseconds. */
    private static List<Long> times(Path f, String source, AnalysisOptions o) {
        for (int i = 0; i < 5; i++) Rendezvous.analyze(f.toString(), source, o, () -> false);
        List<Long> t = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            long t0 = System.nanoTime();
            Rendezvous.analyze(f.toString(), source, o, () -> false);
            t.add((System.nanoTime() - t0) / 1000);
        }
        Collections.sort(t);
        return t;
    }

    private static long p99(List<Long> sorted) {
        return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(sorted.size() * 0.99) - 1));
    }

    /** An exploration's size: "8+392c" for 8 executions and 392 runs cut at a known state; a trailing '+' when the budget stopped it. */
    static String explored(dev.rendezvous.core.semantics.Explorer.Exploration e) {
        return e.runs().size() + (e.cut() > 0 ? "+" + e.cut() + "c" : "") + (e.complete() ? "" : "+");
    }

    static void corpusSection(Path corpus, PrintStream out) throws IOException {
        out.println("## corpus programs, np=8 (median of 9 after warm-up)");
        out.printf("%-28s %12s %12s %8s%n", "program", "extract ms", "analyse ms", "events");
        List<Long> extractTimes = new ArrayList<>();
        try (Stream<Path> s = Files.list(corpus.resolve("programs"))) {
            for (Path f : s.sorted().toList()) {
                Program p = Program.parse(f.toString(), SourceText.read(f));
                int[] events = {0};
                long ex = medianMicros(9, () -> events[0] = extract(p, 8).traces().stream().mapToInt(List::size).sum());
                long an = medianMicros(5, () -> Rendezvous.analyze(p, 8, AnalysisOptions.of(8), () -> false));
                extractTimes.add(ex);
                out.printf("%-28s %12.2f %12.2f %8d%n", f.getFileName(), ex / 1000.0, an / 1000.0, events[0]);
            }
        }
        Collections.sort(extractTimes);
        out.printf("median extraction over the corpus at np=8: %.2f ms%n", extractTimes.get(extractTimes.size() / 2) / 1000.0);
    }

    static void sweep(Path corpus, PrintStream out) throws IOException {
        out.println("## process-count sweep --np 2..64 per corpus program (whole analysis; budget 1 s per np; one run, JVM warm from the section above)");
        List<Long> sweepTimes = new ArrayList<>();
        Budgets sweepBudget = Budgets.defaults();
        sweepBudget.maxMillis = 1_000;
        AnalysisOptions sweep = new AnalysisOptions(java.util.stream.IntStream.rangeClosed(2, 64).boxed().toList(), sweepBudget);
        try (Stream<Path> s = Files.list(corpus.resolve("programs"))) {
            for (Path f : s.sorted().toList()) {
                String src = SourceText.read(f);
                long t0 = System.nanoTime();
                Rendezvous.analyze(f.toString(), src, sweep, () -> false);
                long t = (System.nanoTime() - t0) / 1000;
                sweepTimes.add(t);
                out.printf("%-28s %10.0f ms%n", f.getFileName(), t / 1000.0);
            }
        }
        Collections.sort(sweepTimes);
        out.printf("sweep 2..64: median %.0f ms, fastest %.0f ms, slowest %.0f ms over %d programs%n",
                sweepTimes.get(sweepTimes.size() / 2) / 1000.0, sweepTimes.get(0) / 1000.0,
                sweepTimes.get(sweepTimes.size() - 1) / 1000.0, sweepTimes.size());
    }

    static void scaling(Path examples, PrintStream out) throws IOException {
        out.println("## scaling (median of 3)");
        out.printf("%-22s %6s %12s %10s %12s%n", "program", "np", "extract ms", "events", "heap MB");
        for (String name : List.of("Ring.java", "Stencil2D.java")) {
            Path f = examples.resolve(name);
            Program p = Program.parse(f.toString(), SourceText.read(f));
            for (int np : new int[] {64, 256, 1024, 4096}) {
                int[] events = {0};
                System.gc();
                long before = usedHeap();
                long ex = medianMicros(3, () -> events[0] = extract(p, np).traces().stream().mapToInt(List::size).sum());
                long after = usedHeap();
                out.printf("%-22s %6d %12.1f %10d %12.1f%n", name, np, ex / 1000.0, events[0], Math.max(0, after - before) / 1e6);
            }
        }
    }

    static void nbap(Path examples, PrintStream out) throws IOException {
        out.println("## NBAP: production (backward base+delta vectors; median of 15 after 5) vs the paper's dense vectors (median of 3 after 1), Ring and Stencil2D");
        out.printf("%-22s %6s %14s %14s %8s%n", "program", "np", "production ms", "oracle ms", "ratio");
        for (String name : List.of("Ring.java", "Stencil2D.java")) {
            Path f = examples.resolve(name);
            Program p = Program.parse(f.toString(), SourceText.read(f));
            for (int np : new int[] {64, 256, 1024, 4096}) {
                RunOutcome run = extract(p, np);
                var g = new dev.rendezvous.core.graph.CommGraph(np, run.traces(), run.matches());
                // production is fast enough that three calls after one warm-up measured mostly the JIT: 15 after 5
                long prod = medianMicros(15, () -> dev.rendezvous.core.analysis.buffers.NonblockingBufferAllocation.compute(g,
                        dev.rendezvous.core.analysis.buffers.NonblockingBufferAllocation.Model.RECEIVE));
                long orc = np > 1024 ? -1 : medianMicros(3, () -> dev.rendezvous.core.analysis.buffers.NonblockingBufferAllocation
                        .vectorOracle(g, dev.rendezvous.core.analysis.buffers.NonblockingBufferAllocation.Model.RECEIVE));
                out.printf("%-22s %6d %14.2f %14s %8s%n", name, np, prod / 1000.0, orc < 0 ? "(skipped)" : String.format("%.2f", orc / 1000.0),
                        orc < 0 ? "" : String.format("%.1fx", (double) orc / Math.max(1, prod)));
            }
        }
    }

    /**
     * Rendezvous's zero-buffer exploration against SPIN on the model Rendezvous exports from it
     * ({@code --format promela}): every corpus program and example with a wildcard receive or probe that the
     * export covers, np 6..9. Rendezvous: median of 5 explorations after a warm-up ({@link #warmExplorations}).
     * SPIN: the verifier's own run (pan, compiled with -O2 -DSAFETY, run with a 2^20-slot hash table: pan's default
     * 2^24 table alone costs half a second to allocate), median of 3 (one run when it takes over 5 s; stopped after
     * {@link #SPIN_LIMIT_SECONDS}), without generating and compiling it. Ratio = SPIN / Rendezvous (above 1: Rendezvous
     * is faster). Skipped when spin or gcc is not installed.
     */
    static void spin(Path corpus, Path examples, PrintStream out) throws IOException {
        out.println("## exploration vs SPIN on the exported model (zero buffering; SPIN: pan only, median of 3, at most "
                + SPIN_LIMIT_SECONDS + " s)");
        if (!runs(null, "spin", "-V") || !runs(null, "gcc", "--version")) {
            out.println("(skipped: spin or gcc is not installed; Debian: apt-get install spin gcc)");
            return;
        }
        out.printf("%-22s %4s %14s %12s %12s %10s %10s %8s%n", "program", "np", "rendezvous ms", "runs(+cut)", "spin ms",
                "states", "verdicts", "ratio");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Stream.concat(Files.list(corpus.resolve("programs")), Files.list(examples))) {
            files.addAll(s.filter(f -> f.toString().endsWith(".java")).sorted().toList());
        }
        for (Path f : files) {
            String src = SourceText.read(f);
            if (!src.contains("ANY_SOURCE")) continue;
            Program p = Program.parse(f.toString(), src);
            for (int np = 6; np <= 9; np++) {
                Budgets b = Budgets.defaults();
                var model = dev.rendezvous.core.report.PromelaExport.export(p, np, b);
                if (model.model() == null) {
                    out.printf("%-22s %4d   (not exported: %s)%n", f.getFileName(), np, model.unsupported());
                    break;
                }
                if (np == 6) warmExplorations(p); // only for a program that is exported, so timed
                final int n = np;
                dev.rendezvous.core.semantics.Explorer.Exploration[] e = {null};
                long ours = medianMicros(5, () -> e[0] = new dev.rendezvous.core.analysis.AnalysisContext(p, n, b, () -> false)
                        .explore(BufferPolicy.ZERO));
                Path dir = Files.createTempDirectory("rendezvous-bench-spin");
                try {
                    Files.writeString(dir.resolve("model.pml"), model.model());
                    if (!runs(dir, "spin", "-a", "model.pml") || !runs(dir, "gcc", "-O2", "-DSAFETY", "-o", "pan", "pan.c")) {
                        out.printf("%-22s %4d   (spin or gcc failed on the model)%n", f.getFileName(), np);
                        continue;
                    }
                    String[] last = {""};
                    // one timed run first: a model SPIN needs minutes for is not run three more times
                    String[] pan = {"./pan", "-m100000", "-w20"};
                    long t0 = System.nanoTime();
                    last[0] = output(dir, SPIN_LIMIT_SECONDS, pan);
                    long once = (System.nanoTime() - t0) / 1000;
                    long spin = last[0] == null || once > 5_000_000 ? once
                            : medianMicros(3, () -> last[0] = output(dir, SPIN_LIMIT_SECONDS, pan));
                    if (last[0] == null) {
                        out.printf("%-22s %4d %14.2f %12s %12s %10s %10s %8s%n", f.getFileName(), np, ours / 1000.0, explored(e[0]),
                                "> " + SPIN_LIMIT_SECONDS * 1000, "?", (e[0].anyDeadlock() ? "D" : "ok") + "/?", String.format("> %.0fx", spin / 1000.0 / Math.max(1, ours / 1000.0)));
                        continue;
                    }
                    String states = "?";
                    for (String line : last[0].split("\n")) if (line.contains("states, stored")) states = line.trim().split("\\s+")[0];
                    boolean spinDeadlock = last[0].contains("invalid end state (at depth");
                    boolean spinAssert = last[0].contains("assertion violated");
                    if (last[0].contains("max search depth too small")) states += " (depth cut)";
                    String verdicts = (e[0].anyDeadlock() ? "D" : "ok") + "/" + (spinDeadlock ? "D" : "ok") + (spinAssert ? "!" : "")
                            + (e[0].complete() ? "" : "?");
                    out.printf("%-22s %4d %14.2f %12s %12.2f %10s %10s %7.2fx%n", f.getFileName(), np, ours / 1000.0, explored(e[0]),
                            spin / 1000.0, states, verdicts, (double) spin / Math.max(1, ours));
                } finally {
                    try (Stream<Path> s = Files.walk(dir)) {
                        for (Path x : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(x);
                    }
                }
            }
        }
        out.println("verdicts: Rendezvous/SPIN, D = deadlock; '!' SPIN met an outcome the exploration did not; '?' exploration incomplete");
    }

    /**
     * Explores {@code p} at np 6..9 in rounds until {@value #WARM_ROUNDS} rounds or {@value #WARM_MILLIS} ms have
     * gone, so that the times after it are those of a JIT-compiled explorer, as in an editor that has analysed before.
     * Without it the first np measured of each program paid the compilation: WorkQueueAny at np=6 measured 76 ms
     * against 31 ms at np=7 and 24 ms at np=8 (one run, session 55), and its ratio to SPIN came out below 1.
     */
    private static void warmExplorations(Program p) {
        long end = System.nanoTime() + WARM_MILLIS * 1_000_000L;
        for (int round = 0; round < WARM_ROUNDS && System.nanoTime() < end; round++) {
            for (int np = 6; np <= 9; np++) {
                new dev.rendezvous.core.analysis.AnalysisContext(p, np, Budgets.defaults(), () -> false).explore(BufferPolicy.ZERO);
            }
        }
    }

    private static final int WARM_ROUNDS = 30;
    private static final long WARM_MILLIS = 4_000;

    private static boolean runs(Path dir, String... cmd) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            if (dir != null) pb.directory(dir.toFile());
            Process pr = pb.start();
            pr.getInputStream().readAllBytes();
            return pr.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** How long one SPIN verification may run in {@code bench spin}; beyond, SPIN is stopped and its time shown as a bound. */
    static final int SPIN_LIMIT_SECONDS = 60;

    /** The command's output, or null when it ran past {@code limitSeconds} (it is then stopped). */
    private static String output(Path dir, int limitSeconds, String... cmd) {
        try {
            Path log = Files.createTempFile(dir, "out", ".txt");
            Process pr = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!pr.waitFor(limitSeconds, java.util.concurrent.TimeUnit.SECONDS)) {
                pr.destroyForcibly().waitFor();
                return null;
            }
            return Files.readString(log);
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
