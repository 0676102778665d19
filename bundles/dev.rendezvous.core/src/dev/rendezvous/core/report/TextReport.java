package dev.rendezvous.core.report;

import java.util.List;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;

/** Compiler-style diagnostics: {@code file:line: error: message [kind, verdict, np, ranks]}, witness indented. */
public final class TextReport {
    private TextReport() {}

    public static String render(List<FileReport> files, boolean showInfo) {
        StringBuilder b = new StringBuilder();
        int errors = 0, warnings = 0;
        for (FileReport f : files) {
            for (RunReport r : f.runs()) {
                for (Finding x : r.findings()) {
                    if (x.severity() == Severity.INFO && !showInfo) continue;
                    if (x.severity() == Severity.ERROR) errors++;
                    if (x.severity() == Severity.WARNING) warnings++;
                    b.append(x.range().file()).append(':').append(x.range().line()).append(": ").append(x.severity().id())
                            .append(": ").append(x.message()).append(" [").append(x.kind().id());
                    if (!x.verdict().id().equals("none")) b.append(", ").append(x.verdict().id());
                    b.append(", np=").append(r.np());
                    if (!x.ranks().isEmpty()) b.append(", ranks ").append(x.ranks().toString().replaceAll("[\\[\\] ]", ""));
                    b.append("]\n");
                    if (!x.witness().isEmpty()) {
                        for (String line : x.witness().split("\n")) b.append("    ").append(line).append('\n');
                    }
                    for (Related rel : x.related()) {
                        b.append("    note: ").append(rel.range().file()).append(':').append(rel.range().line()).append(": ")
                                .append(rel.message()).append('\n');
                    }
                    for (Fix fix : x.fixes()) b.append("    fix: ").append(fix.label()).append('\n');
                }
                b.append(r.file()).append(" (np=").append(r.np()).append("): ").append(r.verdict().runId()).append('\n');
            }
        }
        b.append(errors).append(" error(s), ").append(warnings).append(" warning(s)\n");
        return b.toString();
    }
}
