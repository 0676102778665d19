package dev.rendezvous.core.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;

/**
 * Compiler-style diagnostics: {@code file:line: error: message [kind, verdict, np, ranks]}, with
 * the witness and related lines indented. With several process counts (a sweep), each finding is
 * printed once, with the smallest count at which it appears and the counts where it does not.
 */
public final class TextReport {
    private TextReport() {}

    public static String render(List<FileReport> files, boolean showInfo) {
        StringBuilder b = new StringBuilder();
        int errors = 0, warnings = 0;
        for (FileReport f : files) {
            Map<String, Finding> first = new LinkedHashMap<>();
            Map<String, List<Integer>> where = new LinkedHashMap<>();
            List<Integer> all = new ArrayList<>();
            for (RunReport r : f.runs()) {
                all.add(r.np());
                for (Finding x : r.findings()) {
                    if (x.severity() == Severity.INFO && !showInfo) continue;
                    String k = x.kind().id() + "@" + x.range().start();
                    first.putIfAbsent(k, x);
                    List<Integer> at = where.computeIfAbsent(k, z -> new ArrayList<>());
                    if (!at.contains(r.np())) at.add(r.np());
                }
            }
            for (Map.Entry<String, Finding> e : first.entrySet()) {
                Finding x = e.getValue();
                List<Integer> nps = where.get(e.getKey());
                if (x.severity() == Severity.ERROR) errors++;
                if (x.severity() == Severity.WARNING) warnings++;
                String hint = all.size() > 1 ? FileReport.processCountHint(x, nps, f.runs()) : null;
                b.append(x.range().file()).append(':').append(x.range().line()).append(": ").append(x.severity().id())
                        .append(": ").append(x.message()).append(hint == null ? "" : hint).append(" [").append(x.kind().id());
                if (!x.verdict().id().equals("none")) b.append(", ").append(x.verdict().id());
                b.append(", np=").append(nps.get(0));
                if (all.size() > 1) {
                    List<Integer> absent = new ArrayList<>(all);
                    absent.removeAll(nps);
                    if (absent.isEmpty()) b.append(" (also at ").append(compact(nps.subList(1, nps.size()))).append(": every np tried)");
                    else if (nps.size() > 1) b.append(" (also at ").append(compact(nps.subList(1, nps.size()))).append(')');
                    if (!absent.isEmpty()) b.append(", not at np=").append(compact(absent));
                }
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
            if (showInfo) {
                Map<String, String> silenced = new LinkedHashMap<>();
                for (RunReport r : f.runs()) {
                    for (var sup : r.suppressed()) {
                        Finding x = sup.finding();
                        silenced.putIfAbsent(x.kind().id() + "@" + x.range().start(), x.range().file() + ":" + x.range().line()
                                + ": suppressed " + x.severity().id() + ": " + x.message() + " [" + x.kind().id() + ", np="
                                + r.np() + ", by " + sup.how() + "]\n");
                    }
                }
                for (String line : silenced.values()) b.append(line);
            }
            Map<String, List<Integer>> byVerdict = new LinkedHashMap<>();
            for (RunReport r : f.runs()) byVerdict.computeIfAbsent(summary(r), z -> new ArrayList<>()).add(r.np());
            b.append(f.file()).append(':');
            for (Map.Entry<String, List<Integer>> v : byVerdict.entrySet()) {
                b.append(' ').append(v.getKey()).append(" (np=").append(compact(v.getValue())).append(')');
            }
            b.append('\n');
        }
        b.append(errors).append(" error(s), ").append(warnings).append(" warning(s)\n");
        return b.toString();
    }

    /**
     * What a file's summary line says of one run: its deadlock verdict, except that a run without a deadlock but with
     * an error (a mistyped buffer, a count past an array, an exception that ends the job) is not called "ok" next to
     * that error: it says "errors".
     */
    static String summary(RunReport r) {
        boolean errors = r.findings().stream().anyMatch(x -> x.severity() == Severity.ERROR);
        return r.verdict() == dev.rendezvous.core.model.Verdict.NONE && errors ? "errors" : r.verdict().runId();
    }

    /** 2,3,4,6 as "2..4,6". */
    static String compact(List<Integer> xs) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < xs.size(); i++) {
            int j = i;
            while (j + 1 < xs.size() && xs.get(j + 1) == xs.get(j) + 1) j++;
            if (b.length() > 0) b.append(',');
            b.append(xs.get(i));
            if (j > i + 1) b.append("..").append(xs.get(j));
            else if (j == i + 1) b.append(',').append(xs.get(j));
            i = j;
        }
        return b.toString();
    }
}
