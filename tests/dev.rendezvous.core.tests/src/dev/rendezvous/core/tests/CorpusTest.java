package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import dev.rendezvous.core.report.JsonParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Every labelled corpus program at every labelled process count: the run verdict, the finding
 * kind, a finding on one of the culprit lines; plus invariants of the extracted graph (every event
 * lies inside its file, every arc goes from a send to a receive of another rank).
 */
class CorpusTest {

    @SuppressWarnings("unchecked")
    static Stream<Arguments> labels() {
        Path labels = Repo.corpus().resolve("labels.json");
        Assumptions.assumeTrue(Files.exists(labels), "shared corpus not found next to the repository");
        List<Arguments> out = new ArrayList<>();
        for (Object o : (List<Object>) JsonParser.parse(Repo.read(labels))) {
            Map<String, Object> l = (Map<String, Object>) o;
            for (Object np : (List<Object>) l.get("np")) {
                out.add(Arguments.of(l.get("file"), ((Long) np).intValue(), l));
            }
        }
        return out.stream();
    }

    @SuppressWarnings("unchecked")
    @ParameterizedTest(name = "{0} np={1}")
    @MethodSource("labels")
    void matchesLabel(String file, int np, Map<String, Object> label) {
        Path path = Repo.corpus().resolve(file);
        RunReport r = Repo.analyze(path, np);
        String source = Repo.read(path);
        assertEquals(label.get("verdict"), r.verdict().runId(), () -> "verdict of " + file + ": " + describe(r));
        List<Finding> real = r.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
        String kind = (String) label.get("kind");
        if (kind.equals("none")) {
            assertTrue(real.isEmpty(), () -> "expected no findings in " + file + ": " + describe(r));
        } else {
            assertTrue(real.stream().anyMatch(f -> f.kind().id().equals(kind)), () -> "expected " + kind + " in " + file + ": " + describe(r));
            List<Long> culprits = ((List<Object>) label.get("culprit_lines")).stream()
                    .map(c -> (Long) ((Map<String, Object>) c).get("line")).toList();
            assertTrue(real.stream().filter(f -> f.kind().id().equals(kind))
                    .anyMatch(f -> culprits.contains((long) f.range().line())
                            || f.related().stream().anyMatch(x -> culprits.contains((long) x.range().line()))),
                    () -> "no " + kind + " on the culprit lines " + culprits + ": " + describe(r));
        }
        // invariants of the graph
        if (r.graph() != null) {
            for (List<Event> t : r.graph().traces()) {
                for (Event e : t) {
                    assertTrue(e.site().start() >= 0 && e.site().end() <= source.length(), "event range inside the file");
                }
            }
            var hb = r.graph().happensBefore();
            for (RunOutcome.Match m : r.graph().arcs()) {
                // HB includes the rendezvous edges of zero buffering, so it is acyclic exactly for programs that
                // do not deadlock without buffering
                if (r.verdict() == dev.rendezvous.core.model.Verdict.NONE) {
                    assertTrue(!hb.before(m.recv(), m.send()), "the graph is acyclic: a receive never happens before its send");
                }
                assertTrue(m.send().op().kind() == Op.Kind.SEND || m.send().op().kind() == Op.Kind.SENDRECV, "arc starts at a send");
                assertTrue(m.recv().op().kind() == Op.Kind.RECV || m.recv().op().kind() == Op.Kind.SENDRECV, "arc ends at a receive");
            }
        }
    }

    /** In a deadlock-free run every receive is matched (or reported as a finding). */
    @SuppressWarnings("unchecked")
    @ParameterizedTest(name = "receives matched: {0} np={1}")
    @MethodSource("labels")
    void everyReceiveIsMatchedOrReported(String file, int np, Map<String, Object> label) {
        RunReport r = Repo.analyze(Repo.corpus().resolve(file), np);
        if (r.graph() == null) return;
        for (List<Event> t : r.graph().traces()) {
            for (Event e : t) {
                boolean isRecv = e.op() == Op.RECV || e.op() == Op.IRECV || e.op() == Op.SENDRECV;
                if (!isRecv || r.graph().senderOf(e) != null || e.peer() == dev.rendezvous.core.model.Peer.PROC_NULL) continue;
                assertTrue(r.findings().stream().anyMatch(f -> f.severity() != Severity.INFO),
                        "unmatched " + e.describe() + " at line " + e.site().line() + " without a finding in " + file);
            }
        }
    }

    static String describe(RunReport r) {
        return r.verdict().runId() + " " + r.findings().stream().map(f -> f.kind().id() + "@" + f.range().line() + " " + f.message())
                .collect(Collectors.joining(" | "));
    }
}
