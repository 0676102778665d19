package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;

/**
 * Data-driven tests: each file in {@code fixtures/} says {@code // NP: 2,4} and
 * {@code // VERDICT: ...}, and marks the line after {@code // EXPECT: <kind> <substring>} as the
 * place of an expected finding (of any severity). A missing or an extra (non-info) finding fails.
 */
class FixtureTest {
    record Expect(String kind, String text, int line) {}

    static Stream<Path> fixtures() throws IOException {
        try (Stream<Path> s = Files.list(Repo.fixtures())) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void fixture(Path file) {
        String src = Repo.read(file);
        List<String> lines = src.lines().toList();
        List<Integer> nps = new ArrayList<>();
        String verdict = null;
        List<Expect> expects = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.startsWith("// NP:")) for (String n : l.substring(6).split(",")) nps.add(Integer.parseInt(n.trim()));
            if (l.startsWith("// VERDICT:")) verdict = l.substring(11).trim();
            if (l.startsWith("// EXPECT:")) {
                String[] parts = l.substring(10).trim().split(" ", 2);
                expects.add(new Expect(parts[0], parts.length > 1 ? parts[1] : "", i + 2));
            }
        }
        assertTrue(!nps.isEmpty() && verdict != null, "fixture needs // NP: and // VERDICT:");
        for (int np : nps) {
            RunReport r = Repo.analyze(file, np);
            String d = "np=" + np + ": " + CorpusTest.describe(r);
            assertEquals(verdict, r.verdict().runId(), d);
            List<Finding> real = new ArrayList<>(r.findings().stream().filter(f -> f.severity() != Severity.INFO).toList());
            List<Finding> all = new ArrayList<>(r.findings()); // an EXPECT line may name an information finding too
            for (Expect e : expects) {
                Finding hit = all.stream().filter(f -> f.kind().id().equals(e.kind()) && f.range().line() == e.line()
                        && f.message().contains(e.text())).findFirst().orElse(null);
                all.remove(hit);
                assertTrue(hit != null, "expected " + e + " " + d);
                real.remove(hit);
            }
            assertTrue(real.isEmpty(), "unexpected findings " + real.stream().map(f -> f.kind().id() + "@" + f.range().line()).toList() + " " + d);
        }
    }
}
