package dev.rendezvous.core.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;

/** Paths of the repository, the shared corpus, and a one-call analysis helper for tests. */
final class Repo {
    private Repo() {}

    static Path root() {
        String p = System.getProperty("rendezvous.repo");
        Path r = p != null ? Path.of(p) : Path.of("").toAbsolutePath();
        while (r != null && !Files.exists(r.resolve("examples"))) r = r.getParent();
        if (r == null) throw new IllegalStateException("repository root not found (set -Drendezvous.repo)");
        return r;
    }

    static Path examples() {
        return root().resolve("examples");
    }

    static Path corpus() {
        return root().resolveSibling("shared").resolve("corpus");
    }

    static Path fixtures() {
        return root().resolve("tests/dev.rendezvous.core.tests/fixtures");
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RunReport analyze(Path file, int np) {
        return analyze(file.toString(), read(file), np);
    }

    /**
     * The start of a generated one-class MPJ program, up to the body of {@code main}: the class, {@code MPI.Init}, the
     * rank, and two one-element arrays {@code buf} and {@code got} (what the random programs of the tests send and
     * receive).
     */
    static String generatedProgramStart(String className) {
        return "import mpi.*;\npublic class " + className + " {\n"
                + "    public static void main(String[] args) throws Exception {\n"
                + "        MPI.Init(args);\n"
                + "        int rank = MPI.COMM_WORLD.Rank();\n"
                + "        int[] buf = new int[1];\n        int[] got = new int[1];\n";
    }

    /** Whether {@code r} reports an error other than an analysis assumption (a deadlock, a defect). */
    static boolean hasError(RunReport r) {
        return r.findings().stream().anyMatch(f -> f.severity() == dev.rendezvous.core.model.Severity.ERROR
                && !f.kind().id().equals("analysis-assumption"));
    }

    static RunReport analyze(String name, String source, int np) {
        Budgets b = Budgets.defaults();
        b.maxMillis = 60_000;
        return Rendezvous.analyze(Program.parse(name, source), np, new AnalysisOptions(java.util.List.of(np), b), () -> false);
    }

    /** Every program of the corpus, the examples and the fixtures, at each of {@code nps} (parameterised tests). */
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> programsAt(int... nps) throws IOException {
        java.util.List<org.junit.jupiter.params.provider.Arguments> out = new java.util.ArrayList<>();
        for (Path dir : java.util.List.of(corpus().resolve("programs"), examples(), fixtures())) {
            if (!Files.isDirectory(dir)) continue;
            try (java.util.stream.Stream<Path> s = Files.list(dir)) {
                for (Path p : s.filter(x -> x.toString().endsWith(".java")).sorted().toList()) {
                    for (int np : nps) out.add(org.junit.jupiter.params.provider.Arguments.of(p, np));
                }
            }
        }
        return out.stream();
    }
}
