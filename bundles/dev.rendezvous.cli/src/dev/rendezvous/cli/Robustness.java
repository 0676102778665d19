package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.MethodDeclaration;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Finding;

/**
 * Runs the extractor over arbitrary Java (the JDK's {@code src.zip}, mutated programs) to show it
 * never crashes or hangs: every file is parsed and, since such files have no MPJ entry point, the
 * first method with a body is interpreted as if it were the SPMD body at np = 2 with small budgets.
 * Counts internal errors (anything but budget exhaustion or the program's own throw).
 */
public final class Robustness {
    /** The tally of one sweep. */
    public record Tally(int files, int interpreted, int internalErrors, int budgetHits, long maxMillis, List<String> errors) {}

    private Robustness() {}

    /** Every {@code stride}-th .java entry of a zip (or folder), at most {@code limit}. */
    public static List<String[]> sources(Path zipOrFolder, int stride, int limit) throws IOException {
        List<String[]> out = new ArrayList<>();
        if (Files.isDirectory(zipOrFolder)) {
            try (var s = Files.walk(zipOrFolder)) {
                for (Path p : s.filter(x -> x.toString().endsWith(".java")).sorted().toList()) {
                    out.add(new String[] {p.toString(), Files.readString(p, StandardCharsets.ISO_8859_1)});
                    if (out.size() >= limit) break;
                }
            }
            return out;
        }
        try (ZipFile zip = new ZipFile(zipOrFolder.toFile())) {
            int i = 0;
            for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements() && out.size() < limit;) {
                ZipEntry e = en.nextElement();
                if (!e.getName().endsWith(".java") || i++ % stride != 0) continue;
                out.add(new String[] {e.getName(), new String(zip.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8)});
            }
        }
        return out;
    }

    public static Tally run(List<String[]> sources) {
        int interpreted = 0, internal = 0, budget = 0;
        long max = 0;
        List<String> errors = new ArrayList<>();
        Budgets b = Budgets.defaults();
        b.maxStepsPerRank = 50_000;
        b.maxRuns = 4;
        b.maxMillis = 2_000;
        b.maxQuietIterations = 2_000;
        for (String[] src : sources) {
            long t0 = System.nanoTime();
            try {
                Program p = Program.parse(src[0], src[1]);
                if (p.entry() == null) {
                    MethodDeclaration first = firstMethod(p);
                    if (first == null) continue;
                    p.setEntry(first);
                }
                interpreted++;
                RunReport r = Rendezvous.analyze(p, 2, new AnalysisOptions(List.of(2), b), () -> false);
                for (Finding f : r.findings()) {
                    String m = f.message();
                    if (m.contains("could not be followed") && !m.contains("step budget") && !m.contains("time budget")
                            && !m.contains("out of stack") && !m.contains(" throws at line ")) {
                        internal++;
                        errors.add(src[0] + ": " + m);
                    } else if (m.contains("analysis failed")) {
                        internal++;
                        errors.add(src[0] + ": " + m);
                    } else if (m.contains("budget")) {
                        budget++;
                    }
                }
            } catch (RuntimeException | StackOverflowError e) {
                internal++;
                errors.add(src[0] + ": " + e);
            }
            long ms = (System.nanoTime() - t0) / 1_000_000L;
            if (ms > 2_000) System.err.println("slow: " + src[0] + " " + ms + " ms");
            max = Math.max(max, ms);
        }
        return new Tally(sources.size(), interpreted, internal, budget, max, errors);
    }

    private static MethodDeclaration firstMethod(Program p) {
        MethodDeclaration[] found = {null};
        p.ast().accept(new ASTVisitor() {
            @Override
            public boolean visit(MethodDeclaration m) {
                if (found[0] == null && m.getBody() != null && m.getParent() instanceof org.eclipse.jdt.core.dom.AbstractTypeDeclaration) {
                    found[0] = m;
                }
                return found[0] == null;
            }
        });
        return found[0];
    }

    static int main(Path input, int stride, int limit, PrintStream out) throws IOException {
        long t0 = System.nanoTime();
        Tally t = run(sources(input, stride, limit));
        out.printf("files %d, interpreted %d, internal errors %d, budget notes %d, slowest file %d ms, total %d s%n",
                t.files(), t.interpreted(), t.internalErrors(), t.budgetHits(), t.maxMillis(), (System.nanoTime() - t0) / 1_000_000_000L);
        for (String e : t.errors()) out.println("  " + e);
        return t.internalErrors() == 0 ? 0 : 1;
    }
}
