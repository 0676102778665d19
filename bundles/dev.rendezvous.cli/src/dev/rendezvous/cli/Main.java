package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.extract.ProgramFiles;
import dev.rendezvous.core.report.JsonReport;
import dev.rendezvous.core.report.TextReport;
import dev.rendezvous.core.report.TraceDump;

/**
 * The headless front end: {@code rendezvous check|trace ...}. Exit codes: 0 no error findings,
 * 1 error findings, 2 bad usage or unreadable input (one line on stderr).
 */
public final class Main {

    /** The process exit codes. */
    enum ExitCode {
        OK(0), FINDINGS(1), USAGE(2);

        final int code;

        ExitCode(int code) {
            this.code = code;
        }
    }

    /** Bad usage or input: becomes exit code 2 with the message on one line. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    static final String USAGE = """
            usage: rendezvous check <file.java|folder>... [--np N | --np A..B | --np A,B,C] [--format text|json|sarif|dot|svg|promela] [--info]
                          [--budget-ms MS] [--max-runs N] [--no-state-cache] [--capacity 0->1=4,1->2=2] [--default-capacity N] [--logp L,o,G,delta]
                          [--args "A B ..."]   (the program's own arguments, as mpjrun gets them after the class: main
                                                gets them after the rank, process count and device; without --args they
                                                are unknown, the same on every rank, and noted where read)
                          [--main Class]   (files given together form one program: classes one file uses are
                                            followed into the others; --main analyses only that class's file)
                   rendezvous trace <file.java> [--np N]
                   rendezvous simulate <file.java> [--np N] [--capacity ...] [--default-capacity N]
                                                      streaming pipelines: random-filtering runs with and without dummies
                   rendezvous score [corpus-folder]            compare with the corpus labels
                   rendezvous differential [corpus-folder]     compare with the real MPJ Express runtime
                   rendezvous real <manifest.tsv> <folder> [path-part] [--warm]  real programs of others: expected ok / bug per
                                                      program (--warm: also times a second analysis of each program)
                   rendezvous robustness <src.zip|folder> [limit] [stride]   run the extractor over arbitrary Java
                   rendezvous bench [corpus-folder] [examples-folder] [latency [warm-up calls]|corpus|sweep|scaling|nbap|spin]
                   rendezvous bench-ab <core-classes-folder> [file.java|folder]...   this build's analysis time against
                                          another build's (its dev.rendezvous.core target/classes), alternating in one
                                          JVM (default: ../shared/corpus/programs and examples)
                   rendezvous --explain [KIND]                  what a finding kind means, an example, how to fix it
                   rendezvous --version | --help""";

    private Main() {}

    /** {@code --explain KIND}: the explanation of one kind; without a kind, every kind with its summary. */
    static ExitCode explain(String id, PrintStream out) throws UsageException {
        if (id == null) {
            for (dev.rendezvous.core.model.FindingKind k : dev.rendezvous.core.model.FindingKind.values()) {
                out.printf("%-26s %s%n", k.id(), dev.rendezvous.core.model.Explanations.of(k).summary());
            }
            out.println();
            out.println("rendezvous --explain KIND prints what it means, an example, how to fix it and where it comes from.");
            return ExitCode.OK;
        }
        for (dev.rendezvous.core.model.FindingKind k : dev.rendezvous.core.model.FindingKind.values()) {
            if (k.id().equals(id) || k.name().equalsIgnoreCase(id)) {
                out.print(dev.rendezvous.core.model.Explanations.of(k).text());
                return ExitCode.OK;
            }
        }
        throw new UsageException("unknown finding kind '" + id + "'; rendezvous --explain lists them");
    }

    public static void main(String[] args) {
        // The ranks of one simulated run are virtual threads that hand control to each other one at a time
        // (semantics/World): on one carrier thread a hand-off is a continuation switch; with two, each one also
        // woke the other carrier (measured, WorkQueueAny at np=8: 1,100 ms per analysis with two, 660 with one).
        // Each run gets a carrier of its own when the JVM is started with --add-opens=java.base/java.lang=ALL-UNNAMED,
        // as ./rendezvous starts it (semantics/RankCarrier; the process counts of a sweep then run on both cores);
        // without it, the shared scheduler is limited to one carrier here. Must be set before the JVM's first
        // virtual thread starts.
        if (System.getProperty("jdk.virtualThreadScheduler.parallelism") == null) {
            System.setProperty("jdk.virtualThreadScheduler.parallelism", "1");
        }
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            return execute(args, out).code;
        } catch (UsageException e) {
            err.println("rendezvous: " + e.getMessage());
            return ExitCode.USAGE.code;
        }
    }

    private static ExitCode execute(String[] args, PrintStream out) throws UsageException {
        if (args.length == 0) throw new UsageException("missing command; try --help");
        switch (args[0]) {
            case "--help", "-h", "help" -> {
                out.println(USAGE);
                return ExitCode.OK;
            }
            case "--explain", "explain" -> {
                return explain(args.length > 1 ? args[1] : null, out);
            }
            case "--version" -> {
                out.println("rendezvous " + Rendezvous.VERSION);
                return ExitCode.OK;
            }
            case "check", "trace", "simulate" -> { }
            case "score" -> {
                try {
                    return code(Validation.scoreMain(corpusArg(args), out));
                } catch (IOException e) {
                    throw new UsageException("cannot score: " + e.getMessage());
                }
            }
            case "real" -> {
                if (args.length < 3) throw new UsageException("real needs a manifest (.tsv) and the folder holding the programs");
                try {
                    List<String> rest = new ArrayList<>(List.of(args).subList(3, args.length));
                    boolean warm = rest.remove("--warm");
                    return code(RealPrograms.run(Path.of(args[1]), Path.of(args[2]), rest.isEmpty() ? null : rest.get(0), warm, out));
                } catch (IOException | RuntimeException e) {
                    throw new UsageException("cannot run the real-program suite: " + e.getMessage());
                }
            }
            case "differential" -> {
                try {
                    return code(Validation.differentialMain(corpusArg(args), out, 20));
                } catch (IOException | InterruptedException e) {
                    throw new UsageException("differential run failed: " + e.getMessage());
                }
            }
            case "robustness" -> {
                if (args.length < 2) throw new UsageException("robustness needs a src.zip or a folder");
                int limit = args.length > 2 ? (int) number(args[2], "limit") : Integer.MAX_VALUE;
                int stride = args.length > 3 ? (int) number(args[3], "stride") : 1;
                try {
                    return code(Robustness.main(Path.of(args[1]), stride, limit, out));
                } catch (IOException e) {
                    throw new UsageException("cannot read " + args[1] + ": " + e.getMessage());
                }
            }
            case "bench" -> {
                String section = args.length > 3 ? args[3] : null;
                if (args.length > 4 && !"latency".equals(section)) throw new UsageException("only the latency section takes a count of warm-up calls");
                int warmUp = args.length > 4 ? (int) Math.min(100_000, number(args[4], "warm-up calls")) : Bench.WARM_UP_CALLS;
                try {
                    return code(Bench.main(corpusArg(args), Path.of(args.length > 2 ? args[2] : "examples"), section, warmUp, out));
                } catch (IOException e) {
                    throw new UsageException(e.getMessage());
                }
            }
            case "bench-ab" -> {
                if (args.length < 2) throw new UsageException("bench-ab needs the target/classes folder of another build");
                List<Path> inputs = new ArrayList<>();
                for (int i = 2; i < args.length; i++) inputs.add(Path.of(args[i]));
                if (inputs.isEmpty()) inputs = List.of(Path.of("../shared/corpus/programs"), Path.of("examples"));
                try {
                    return code(BenchAB.main(Path.of(args[1]), inputs, BenchAB.ROUNDS, BenchAB.CALLS, out));
                } catch (IOException e) {
                    throw new UsageException(e.getMessage());
                }
            }
            default -> throw new UsageException("unknown command '" + args[0] + "'; try --help");
        }
        boolean trace = args[0].equals("trace");
        List<String> inputs = new ArrayList<>();
        List<Integer> nps = List.of(2);
        String format = "text";
        boolean info = false;
        String mainClass = null;
        Budgets budgets = Budgets.defaults();
        budgets.maxMillis = 60_000;
        java.util.Map<String, Long> capacities = new java.util.HashMap<>();
        long defaultCapacity = 1;
        dev.rendezvous.core.analysis.logp.LogPSimulation.Params logp = dev.rendezvous.core.analysis.logp.LogPSimulation.Params.defaults();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--np" -> nps = parseNps(value(args, ++i, a));
                case "--format" -> {
                    format = value(args, ++i, a);
                    if (!List.of("text", "json", "sarif", "dot", "svg", "promela").contains(format)) {
                        throw new UsageException("unknown format '" + format + "' (text, json, sarif, dot, svg or promela)");
                    }
                }
                case "--info" -> info = true;
                case "--capacity" -> {
                    for (String c : value(args, ++i, a).split(",")) {
                        String[] kv = c.trim().split("=");
                        if (kv.length != 2 || !kv[0].matches("\\d+->\\d+")) {
                            throw new UsageException("--capacity takes FROM->TO=N[,...], not '" + c + "'");
                        }
                        capacities.put(kv[0], number(kv[1], a));
                    }
                }
                case "--default-capacity" -> defaultCapacity = number(value(args, ++i, a), a);
                case "--logp" -> {
                    String[] v = value(args, ++i, a).split(",");
                    if (v.length != 4) throw new UsageException("--logp takes L,o,G,delta (e.g. 16,1,4,16)");
                    long L = number(v[0], a), o = number(v[1], a), G = number(v[2], a), d = number(v[3], a);
                    logp = new dev.rendezvous.core.analysis.logp.LogPSimulation.Params(L, o, G, d, G, L);
                }
                case "--budget-ms" -> budgets.maxMillis = number(value(args, ++i, a), a);
                case "--max-runs" -> budgets.maxRuns = (int) number(value(args, ++i, a), a);
                case "--no-state-cache" -> budgets.stateCaching = false;
                case "--main" -> mainClass = value(args, ++i, a);
                case "--args" -> budgets.programArgs = dev.rendezvous.core.extract.Budgets.splitProgramArgs(value(args, ++i, a));
                default -> {
                    if (a.startsWith("--")) throw new UsageException("unknown option '" + a + "'; try --help");
                    inputs.add(a);
                }
            }
        }
        if (inputs.isEmpty()) throw new UsageException("no input files or folders given");
        List<Path> files = collect(inputs);
        if (trace) {
            if (files.size() != 1) throw new UsageException("trace takes exactly one .java file");
            return trace(files.get(0), nps, budgets, out);
        }
        if (format.equals("promela")) return promela(files, nps, budgets, out);
        AnalysisOptions options = new AnalysisOptions(nps, budgets, capacities, defaultCapacity, logp);
        if (args[0].equals("simulate")) return Streams.simulate(files, options, out);
        List<FileReport> reports = new ArrayList<>();
        java.util.Map<String, String> texts = new java.util.LinkedHashMap<>();
        for (Path f : files) texts.put(f.toString(), read(f));
        ProgramFiles program = ProgramFiles.of(texts);
        List<String> entries = mainClass == null ? program.entryFiles() : program.declaring(mainClass);
        if (entries.isEmpty()) throw new UsageException("no file declares class '" + mainClass + "'");
        for (String f : entries) {
            reports.add(Rendezvous.analyze(f, texts.get(f), program.companionsOf(f), options, () -> false));
        }
        switch (format) {
            case "json" -> out.print(JsonReport.render(reports) + "\n");
            case "sarif" -> out.print(dev.rendezvous.core.report.SarifReport.render(reports) + "\n");
            case "dot" -> {
                for (FileReport f : reports) for (RunReport r : f.runs()) out.print(dev.rendezvous.core.report.DotReport.render(r));
            }
            case "svg" -> {
                if (reports.size() != 1 || reports.get(0).runs().size() != 1) {
                    throw new UsageException("--format svg draws one file at one process count");
                }
                out.print(dev.rendezvous.core.report.SvgReport.render(reports.get(0).runs().get(0)));
            }
            default -> out.print(TextReport.render(reports, info));
        }
        boolean errors = reports.stream().flatMap(r -> r.runs().stream()).anyMatch(RunReport::hasErrors);
        return errors ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /**
     * {@code --format promela}: the zero-buffer model of one file at one process count, for SPIN
     * ({@link dev.rendezvous.core.report.PromelaExport}); a program outside the exported subset is a usage error.
     */
    private static ExitCode promela(List<Path> files, List<Integer> nps, Budgets budgets, PrintStream out) throws UsageException {
        if (files.size() != 1 || nps.size() != 1) throw new UsageException("--format promela writes one file at one process count");
        Program p = Program.parse(files.get(0).toString(), read(files.get(0)));
        dev.rendezvous.core.report.PromelaExport.Result r = dev.rendezvous.core.report.PromelaExport.export(p, nps.get(0), budgets);
        if (r.model() == null) throw new UsageException(files.get(0) + ": no Promela model: " + r.unsupported());
        out.print(r.model());
        return ExitCode.OK;
    }

    private static ExitCode trace(Path file, List<Integer> nps, Budgets budgets, PrintStream out) throws UsageException {
        Program p = Program.parse(file.toString(), read(file));
        if (p.entry() == null) throw new UsageException(file + ": no SPMD entry point (a main that calls MPI.Init)");
        for (int np : nps) {
            RunReport r = Rendezvous.analyze(p, np, new AnalysisOptions(List.of(np), budgets), () -> false);
            out.println("# " + file + " np=" + np + " verdict=" + r.verdict().runId());
            if (r.graph() != null) out.print(TraceDump.render(r.graph()));
        }
        return ExitCode.OK;
    }

    private static ExitCode code(int c) {
        return c == 0 ? ExitCode.OK : c == 1 ? ExitCode.FINDINGS : ExitCode.USAGE;
    }

    private static Path corpusArg(String[] args) throws UsageException {
        Path p = Path.of(args.length > 1 ? args[1] : "../shared/corpus");
        try {
            p = p.toRealPath();
        } catch (IOException e) {
            throw new UsageException("cannot read corpus folder " + p);
        }
        if (!Files.exists(p.resolve("labels.json"))) throw new UsageException("no labels.json in " + p);
        return p;
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) throw new UsageException("option " + option + " needs a value");
        return args[i];
    }

    private static long number(String s, String option) throws UsageException {
        try {
            long v = Long.parseLong(s.trim());
            if (v <= 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException("option " + option + " needs a positive number, not '" + s + "'");
        }
    }

    static List<Integer> parseNps(String s) throws UsageException {
        List<Integer> out = new ArrayList<>();
        try {
            for (String part : s.split(",")) {
                part = part.trim();
                int dots = part.indexOf("..");
                if (dots >= 0) {
                    int a = Integer.parseInt(part.substring(0, dots).trim());
                    int b = Integer.parseInt(part.substring(dots + 2).trim());
                    if (b < a) throw new UsageException("empty process-count range '" + part + "'");
                    if ((long) b - a > 10_000) throw new UsageException("process-count range '" + part + "' is too wide");
                    for (int n = a; n <= b; n++) out.add(n);
                } else {
                    out.add(Integer.parseInt(part));
                }
            }
        } catch (NumberFormatException e) {
            throw new UsageException("--np takes N, A..B or A,B,C, not '" + s + "'");
        }
        for (int n : out) {
            if (n < 1 || n > Budgets.defaults().maxProcesses) {
                throw new UsageException("process count " + n + " is outside 1.." + Budgets.defaults().maxProcesses);
            }
        }
        return out;
    }

    private static List<Path> collect(List<String> inputs) throws UsageException {
        List<Path> files = new ArrayList<>();
        for (String in : inputs) {
            Path p = Path.of(in);
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(x -> x.toString().endsWith(".java") && Files.isRegularFile(x)).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UsageException("cannot read folder " + in + ": " + e.getMessage());
                }
            } else if (Files.isRegularFile(p) && Files.isReadable(p)) {
                files.add(p);
            } else {
                throw new UsageException("cannot read " + in + ": no such file or folder");
            }
        }
        return files;
    }

    private static String read(Path p) throws UsageException {
        try {
            return SourceText.read(p);
        } catch (IOException | RuntimeException e) {
            throw new UsageException("cannot read " + p + ": " + e.getMessage());
        }
    }
}
