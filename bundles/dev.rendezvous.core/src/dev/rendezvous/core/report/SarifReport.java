package dev.rendezvous.core.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;

/**
 * SARIF 2.1.0 for code-scanning CI: one run, rule ids = finding kinds, one result per finding and
 * process count (the process count and verdict go in the result's properties), related locations
 * for the partner operations and call sites, and the finding's quick fixes as SARIF fixes.
 */
public final class SarifReport {
    private SarifReport() {}

    public static String render(List<FileReport> files) {
        Json j = new Json();
        j.open('{').key("$schema").value("https://json.schemastore.org/sarif-2.1.0.json").key("version").value("2.1.0");
        j.key("runs").open('[').open('{');
        j.key("tool").open('{').key("driver").open('{').key("name").value("rendezvous").key("version").value(Rendezvous.VERSION)
                .key("informationUri").value("https://example.invalid/rendezvous").key("rules").open('[');
        Set<FindingKind> used = new LinkedHashSet<>();
        for (FileReport f : files) {
            for (RunReport r : f.runs()) {
                for (Finding x : r.findings()) used.add(x.kind());
                for (var s : r.suppressed()) used.add(s.finding().kind());
            }
        }
        for (FindingKind k : used) {
            var x = dev.rendezvous.core.model.Explanations.of(k); // the text of rendezvous --explain
            j.open('{').key("id").value(k.id()).key("name").value(k.name()).key("shortDescription").open('{').key("text")
                    .value(x.summary()).close('}').key("fullDescription").open('{').key("text").value(x.meaning()).close('}')
                    .key("help").open('{').key("text").value(x.text()).close('}').close('}');
        }
        j.close(']').close('}').close('}');
        j.key("results").open('[');
        for (FileReport f : files) {
            for (RunReport r : f.runs()) {
                List<Finding> all = new java.util.ArrayList<>(r.findings());
                java.util.Map<Finding, String> silenced = new java.util.IdentityHashMap<>();
                for (var s : r.suppressed()) {
                    all.add(s.finding());
                    silenced.put(s.finding(), s.how());
                }
                for (Finding x : all) {
                    j.open('{').key("ruleId").value(x.kind().id()).key("level").value(level(x.severity()))
                            .key("message").open('{').key("text").value(x.message()).close('}');
                    j.key("locations").open('[');
                    location(j, x.range().file(), x.range().line(), x.range().start(), x.range().end());
                    j.close(']');
                    if (!x.related().isEmpty()) {
                        j.key("relatedLocations").open('[');
                        int id = 1;
                        for (Related rel : x.related()) {
                            j.open('{').key("id").value(id++).key("physicalLocation");
                            physical(j, rel.range().file(), rel.range().line(), rel.range().start(), rel.range().end());
                            j.key("message").open('{').key("text").value(rel.message()).close('}').close('}');
                        }
                        j.close(']');
                    }
                    if (silenced.containsKey(x)) {
                        // SARIF 2.1.0 §3.27.23 / §3.35: a result the user suppressed in the source
                        j.key("suppressions").open('[').open('{').key("kind").value("inSource").key("justification")
                                .value(silenced.get(x)).close('}').close(']');
                    }
                    if (!x.fixes().isEmpty()) fixes(j, x.fixes());
                    j.key("properties").open('{').key("np").value(r.np()).key("verdict").value(x.verdict().id())
                            .key("ranks").open('[');
                    for (int rank : x.ranks()) j.value(rank);
                    j.close(']').close('}');
                    j.close('}');
                }
            }
        }
        j.close(']').close('}').close(']').close('}');
        return j.toString();
    }

    /**
     * The finding's quick fixes (SARIF 2.1.0 §3.55 fix, §3.56 artifactChange, §3.57 replacement): per fix its label and,
     * per file it edits, each edit as the region it replaces (offset and length in characters) and the text put there.
     */
    private static void fixes(Json j, List<dev.rendezvous.core.model.Fix> fixes) {
        j.key("fixes").open('[');
        for (dev.rendezvous.core.model.Fix fix : fixes) {
            j.open('{').key("description").open('{').key("text").value(fix.label()).close('}').key("artifactChanges").open('[');
            java.util.Map<String, List<dev.rendezvous.core.model.TextEdit>> byFile = new java.util.LinkedHashMap<>();
            for (var e : fix.edits()) byFile.computeIfAbsent(e.file(), k -> new java.util.ArrayList<>()).add(e);
            for (var f : byFile.entrySet()) {
                j.open('{').key("artifactLocation").open('{').key("uri").value(f.getKey().replace('\\', '/')).close('}')
                        .key("replacements").open('[');
                for (var e : f.getValue()) {
                    j.open('{').key("deletedRegion").open('{').key("charOffset").value(e.offset()).key("charLength").value(e.length())
                            .close('}').key("insertedContent").open('{').key("text").value(e.text()).close('}').close('}');
                }
                j.close(']').close('}');
            }
            j.close(']').close('}');
        }
        j.close(']');
    }

    private static String level(Severity s) {
        return switch (s) {
            case ERROR -> "error";
            case WARNING -> "warning";
            case INFO -> "note";
        };
    }

    private static void location(Json j, String file, int line, int start, int end) {
        j.open('{').key("physicalLocation");
        physical(j, file, line, start, end);
        j.close('}');
    }

    private static void physical(Json j, String file, int line, int start, int end) {
        j.open('{').key("artifactLocation").open('{').key("uri").value(file.replace('\\', '/')).close('}')
                .key("region").open('{').key("startLine").value(Math.max(1, line)).key("charOffset").value(start)
                .key("charLength").value(Math.max(0, end - start)).close('}').close('}');
    }
}
