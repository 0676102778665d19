package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.ProgramFiles;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * {@code rendezvous real <manifest.tsv> <root>}: the regression suite of real MPJ programs written by
 * others. The programs themselves are not in this repository (their authors' code); the manifest
 * names each one by repository, commit and path, with what a reader found it to be: {@code ok}, or
 * {@code bug:<kind>[@np,np]} for a real deadlock that must be reported (at those process counts).
 * {@code root} holds the repositories' files as {@code <owner>+<name>/<path>}. Prints one line per
 * program and the figures of the precision issue: error findings on correct programs, real bugs
 * found, and the share of programs analysed without an assumption. Exit code 1 on any mismatch.
 */
final class RealPrograms {
    private RealPrograms() {}

    /** The wall-clock budget of one program's analysis: the IDE's. */
    private static final long BUDGET_MILLIS = 5_000;

    /** How long one program's analysis took. */
    private record Timed(String program, long millis) {}

    /** Median, p90, p99 and maximum of {@code timed}, and the programs over 1 s, under {@code title}. */
    private static void timing(String title, List<Timed> timed, PrintStream out) {
        if (timed.isEmpty()) return;
        List<Timed> sorted = new ArrayList<>(timed);
        sorted.sort(java.util.Comparator.comparingLong(Timed::millis));
        java.util.function.IntToLongFunction pct = q -> sorted.get(Math.min(sorted.size() - 1, sorted.size() * q / 100)).millis();
        List<Timed> slow = sorted.stream().filter(t -> t.millis() > 1000).toList().reversed();
        out.printf(title + ": median %d ms, p90 %d ms, p99 %d ms, max %d ms; %d over 1 s:%n", BUDGET_MILLIS / 1000,
                pct.applyAsLong(50), pct.applyAsLong(90), pct.applyAsLong(99), sorted.get(sorted.size() - 1).millis(), slow.size());
        for (Timed t : slow) out.printf("  %6d ms  %s%n", t.millis(), t.program());
    }

    record Row(String repo, String commit, String path, List<Integer> nps, String expect, String note) {}

    static List<Row> manifest(Path tsv) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] c = line.split("\t", -1);
            if (c.length < 5) throw new IOException("manifest line needs 5 tab-separated columns: " + line);
            List<Integer> nps = new ArrayList<>();
            for (String n : c[3].split(",")) nps.add(Integer.parseInt(n.trim()));
            rows.add(new Row(c[0], c[1], c[2], nps, c[4].trim(), c.length > 5 ? c[5] : ""));
        }
        return rows;
    }

    static int run(Path tsv, Path root, PrintStream out) throws IOException {
        return run(tsv, root, null, out);
    }

    /** As above; {@code only} (may be null) keeps the rows whose path contains it. */
    static int run(Path tsv, Path root, String only, PrintStream out) throws IOException {
        return run(tsv, root, only, false, out);
    }

    /**
     * As above; with {@code warm} each program is analysed a second time, right after the first, and that
     * analysis is timed too. A program's first analysis in the suite's JVM moves by up to 2x between runs of the
     * suite (class loading, JIT, what ran before it); the second is the figure to compare between builds.
     */
    static int run(Path tsv, Path root, String only, boolean warm, PrintStream out) throws IOException {
        List<Row> rows = manifest(tsv);
        if (only != null) rows = rows.stream().filter(r -> (r.repo() + "/" + r.path()).contains(only)).toList();
        Map<String, ProgramFiles> byRepo = new HashMap<>();
        int okPrograms = 0, falseAlarms = 0, bugs = 0, bugsFound = 0, missing = 0, mismatches = 0;
        int runs = 0, runsWithoutAssumption = 0, programsWithoutAssumption = 0;
        List<Timed> timed = new ArrayList<>(), timedWarm = new ArrayList<>();
        Map<String, Integer> warningsOnCorrect = new java.util.TreeMap<>();
        for (Row row : rows) {
            Path file = root.resolve(row.repo()).resolve(row.path());
            if (!Files.isRegularFile(file)) {
                out.println("MISSING  " + row.repo() + "/" + row.path());
                missing++;
                continue;
            }
            ProgramFiles pf = byRepo.computeIfAbsent(row.repo(), r -> {
                Map<String, String> texts = new java.util.LinkedHashMap<>();
                try (Stream<Path> s = Files.walk(root.resolve(r))) {
                    for (Path p : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        try {
                            texts.put(p.toString(), SourceText.read(p));
                        } catch (IOException | RuntimeException e) {
                            // an unreadable file is left out; the others still count
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // a folder that cannot be walked: no companions; the program itself is read below
                }
                return ProgramFiles.of(texts);
            });
            Budgets b = Budgets.defaults();
            b.maxMillis = BUDGET_MILLIS;
            long t0 = System.nanoTime();
            FileReport report = Rendezvous.analyze(file.toString(), SourceText.read(file), pf.companionsOf(file.toString()),
                    new AnalysisOptions(row.nps(), b), () -> false);
            timed.add(new Timed(row.repo() + "/" + row.path(), (System.nanoTime() - t0) / 1_000_000L));
            if (warm) {
                long t1 = System.nanoTime();
                Rendezvous.analyze(file.toString(), SourceText.read(file), pf.companionsOf(file.toString()), new AnalysisOptions(row.nps(), b),
                        () -> false);
                timedWarm.add(new Timed(row.repo() + "/" + row.path(), (System.nanoTime() - t1) / 1_000_000L));
            }
            Set<String> errorKinds = new LinkedHashSet<>();
            List<Integer> errorNps = new ArrayList<>();
            boolean anyAssumption = false;
            Set<String> why = new LinkedHashSet<>();
            for (RunReport r : report.runs()) {
                runs++;
                boolean assumed = r.findings().stream().anyMatch(f -> f.kind() == FindingKind.ANALYSIS_ASSUMPTION);
                if (!assumed) runsWithoutAssumption++;
                anyAssumption |= assumed;
                for (Finding f : r.findings()) {
                    if (f.kind() == FindingKind.ANALYSIS_ASSUMPTION && why.size() < 3) {
                        why.add("np=" + r.np() + " " + Path.of(f.range().file()).getFileName() + ":" + f.range().line() + ": " + f.message());
                    }
                    if (f.severity() == Severity.ERROR) {
                        errorKinds.add(f.kind().id());
                        if (!errorNps.contains(r.np())) errorNps.add(r.np());
                    }
                }
            }
            if (!anyAssumption) programsWithoutAssumption++;
            if (row.expect().equals("ok")) {
                Set<String> warned = new LinkedHashSet<>();
                for (RunReport r : report.runs()) {
                    for (Finding f : r.findings()) {
                        if (f.severity() != Severity.WARNING) continue;
                        if (warned.add(f.kind().id())) {
                            String m = "np=" + r.np() + " " + Path.of(f.range().file()).getFileName() + ":" + f.range().line() + ": " + f.message();
                            why.add("warning " + (m.length() > 200 ? m.substring(0, 200) + "..." : m));
                        }
                    }
                }
                for (String k : warned) warningsOnCorrect.merge(k, 1, Integer::sum);
            }
            boolean right;
            if (row.expect().equals("ok")) {
                okPrograms++;
                right = errorKinds.isEmpty();
                if (!right) falseAlarms++;
            } else {
                bugs++;
                String spec = row.expect().substring(row.expect().indexOf(':') + 1);
                String kind = spec.contains("@") ? spec.substring(0, spec.indexOf('@')) : spec;
                List<Integer> at = new ArrayList<>();
                if (spec.contains("@")) for (String n : spec.substring(spec.indexOf('@') + 1).split(",")) at.add(Integer.parseInt(n));
                boolean kindFound = kind.equals("*") ? !errorKinds.isEmpty() : errorKinds.contains(kind);
                right = kindFound && (at.isEmpty() || errorNps.containsAll(at));
                if (right) bugsFound++;
            }
            if (!right) mismatches++;
            out.printf("%-8s %-60s expect %-28s got %s%s%n", right ? "OK" : "MISMATCH", row.repo() + "/" + row.path(),
                    row.expect(), errorKinds.isEmpty() ? "ok" : "errors " + errorKinds + " at np=" + errorNps,
                    anyAssumption ? " (with assumptions)" : "");
            for (String w : why) out.println("           why: " + (w.length() > 220 ? w.substring(0, 220) + "..." : w));
        }
        out.printf("correct programs: %d, with an error finding: %d%n", okPrograms, falseAlarms);
        out.printf("real bugs: %d, found: %d%n", bugs, bugsFound);
        out.printf("correct programs with a warning, by kind: %s%n", warningsOnCorrect.isEmpty() ? "none" : warningsOnCorrect);
        out.printf("programs analysed without any assumption at every np: %d of %d (%.0f%%); runs without assumption: %d of %d (%.0f%%)%n",
                programsWithoutAssumption, rows.size() - missing, 100.0 * programsWithoutAssumption / Math.max(1, rows.size() - missing),
                runsWithoutAssumption, runs, 100.0 * runsWithoutAssumption / Math.max(1, runs));
        timing("analysis time per program (all its process counts, %d s budget, in one JVM)", timed, out);
        if (warm) timing("second analysis of each program, right after the first (all its process counts, %d s budget)", timedWarm, out);
        if (missing > 0) out.printf("missing: %d (fetch the repositories at the manifest's commits into %s)%n", missing, root);
        return mismatches == 0 && missing == 0 ? 0 : 1;
    }
}
