package dev.rendezvous.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.model.Finding;

/**
 * How the IDE runs the engine: a small sweep of process counts (2, 4 and 8 by default), findings
 * merged across counts by their stable key (the smallest count at which a finding appears is
 * named in the message), and results cached by the source text so a build right after a
 * reconcile does not analyse the same text twice.
 */
public final class IdeAnalysis {
    /** Process counts analysed in the IDE (from the preferences). */
    static List<Integer> processCounts() {
        RendezvousPlugin p = RendezvousPlugin.getDefault();
        return p == null ? List.of(2, 4, 8) : RendezvousPreferences.parseCounts(p.getPreferenceStore().getString(RendezvousPreferences.NPS));
    }

    private static final Map<String, FileReport> CACHE = new ConcurrentHashMap<>();

    private IdeAnalysis() {}

    /** One process count with the preferences' budgets and machine parameters (the graph views). */
    public static RunReport analyzeOne(String file, String source, int np, BooleanSupplier cancelled) {
        org.eclipse.core.resources.IProject project = project(file);
        AnalysisOptions o = options(List.of(np), project);
        o.budgets().programArgs = ProgramArguments.of(project, file, source);
        return Rendezvous.analyze(file, source, o, cancelled).runs().get(0);
    }

    /** The name the engine and the caches know an editor's program by: its workspace path (or the input's name). */
    public static String fileOf(org.eclipse.ui.texteditor.ITextEditor editor) {
        return editor.getEditorInput() instanceof org.eclipse.ui.IFileEditorInput fi ? fi.getFile().getFullPath().toString()
                : editor.getEditorInput().getName();
    }

    /** The workspace project of a workspace path ("/project/src/X.java"), if it exists and is open. */
    public static org.eclipse.core.resources.IProject project(String file) {
        try {
            String[] seg = file.split("/");
            String name = seg.length > 1 && seg[0].isEmpty() ? seg[1] : null;
            if (name == null) return null;
            org.eclipse.core.resources.IProject p = org.eclipse.core.resources.ResourcesPlugin.getWorkspace().getRoot().getProject(name);
            return p.isAccessible() ? p : null;
        } catch (RuntimeException | LinkageError e) {
            return null; // no workspace (headless use of this class)
        }
    }

    /** The process counts for a file: its project's own when the project enables them, else the workspace's. */
    static List<Integer> processCounts(org.eclipse.core.resources.IProject project) {
        if (project != null) {
            var node = RendezvousProjectProperties.node(project);
            if (node.getBoolean(RendezvousProjectProperties.USE_PROJECT, false)) {
                return RendezvousPreferences.parseCounts(node.get(RendezvousPreferences.NPS, "2,4,8"));
            }
        }
        return processCounts();
    }

    static AnalysisOptions options(List<Integer> nps) {
        return options(nps, null);
    }

    static AnalysisOptions options(List<Integer> nps, org.eclipse.core.resources.IProject project) {
        Budgets b = Budgets.defaults();
        long capacity = 1;
        dev.rendezvous.core.analysis.logp.LogPSimulation.Params logp = dev.rendezvous.core.analysis.logp.LogPSimulation.Params.defaults();
        RendezvousPlugin plugin = RendezvousPlugin.getDefault();
        if (plugin != null) {
            var store = plugin.getPreferenceStore();
            b.maxMillis = Math.max(100, store.getInt(RendezvousPreferences.BUDGET_MS));
            b.maxRuns = Math.max(1, store.getInt(RendezvousPreferences.MAX_RUNS));
            capacity = Math.max(1, store.getInt(RendezvousPreferences.CAPACITY));
            logp = RendezvousPreferences.parseLogP(store.getString(RendezvousPreferences.LOGP));
        } else {
            b.maxMillis = 5_000;
            b.maxRuns = 64;
        }
        if (project != null) {
            var node = RendezvousProjectProperties.node(project);
            if (node.getBoolean(RendezvousProjectProperties.USE_PROJECT, false)) {
                capacity = Math.max(1, node.getInt(RendezvousPreferences.CAPACITY, (int) capacity));
            }
        }
        return new AnalysisOptions(nps, b, java.util.Map.of(), capacity, logp);
    }

    /**
     * The analysis behind the markers, hovers and views, made while the user types: its quick fixes are the candidates,
     * not yet confirmed on the fixed program (for a program that deadlocks those checks are most of the time; see
     * {@link dev.rendezvous.core.extract.Budgets#checkFixes}). The fixes offered come from {@link #analyzeWithFixes}.
     */
    public static FileReport analyze(String file, String source, BooleanSupplier cancelled) {
        return analyze(file, source, false, cancelled);
    }

    /** As {@link #analyze}, with every quick fix confirmed: what Ctrl+1 and the Problems view offer. */
    public static FileReport analyzeWithFixes(String file, String source, BooleanSupplier cancelled) {
        return analyze(file, source, true, cancelled);
    }

    private static FileReport analyze(String file, String source, boolean checkFixes, BooleanSupplier cancelled) {
        org.eclipse.core.resources.IProject project = project(file);
        AnalysisOptions o = options(processCounts(project), project);
        o.budgets().checkFixes = checkFixes;
        o.budgets().programArgs = ProgramArguments.of(project, file, source);
        Map<String, String> companions = companions(project, file, source);
        String key = file + "\u0000" + o.nps() + o.budgets().maxMillis + "/" + o.budgets().maxRuns + "/" + o.defaultCapacity() + "/"
                + o.logp() + "/" + checkFixes + "/" + java.util.Arrays.toString(o.budgets().programArgs) + "\u0000" + source.hashCode() + "\u0000" + source.length() + "\u0000" + companions.hashCode();
        FileReport cached = CACHE.get(key);
        if (cached != null) return cached;
        FileReport r = Rendezvous.analyze(file, source, companions, o, cancelled);
        if (!cancelled.getAsBoolean()) {
            if (CACHE.size() > 64) CACHE.clear();
            CACHE.put(key, r);
        }
        return r;
    }

    /** A project's Java files by workspace path: text and modification stamp, re-read only when changed. */
    private record Cached(long stamp, String text) {}

    private static final Map<String, Cached> SOURCES = new ConcurrentHashMap<>();
    private static final int MAX_PROJECT_FILES = 2000;

    /**
     * The other files of the editor's Java project whose classes this file uses (transitively):
     * a driver calling communication in another class is analysed with that class, as the CLI
     * does for files given together. Empty outside a workspace project.
     */
    static Map<String, String> companions(org.eclipse.core.resources.IProject project, String file, String source) {
        if (project == null) return Map.of();
        Map<String, String> texts = new LinkedHashMap<>();
        try {
            project.accept(res -> {
                if (texts.size() > MAX_PROJECT_FILES) return false;
                if (res instanceof org.eclipse.core.resources.IFile f && "java".equals(f.getFileExtension())) {
                    String path = f.getFullPath().toString();
                    if (path.equals(file)) {
                        texts.put(path, source);
                    } else {
                        Cached c = SOURCES.get(path);
                        long stamp = f.getModificationStamp();
                        if (c == null || c.stamp() != stamp) {
                            try (java.io.InputStream in = f.getContents(true)) {
                                c = new Cached(stamp, new String(in.readAllBytes(), f.getCharset()));
                            } catch (java.io.IOException e) {
                                return true;
                            }
                            SOURCES.put(path, c);
                        }
                        texts.put(path, c.text());
                    }
                }
                return !(res instanceof org.eclipse.core.resources.IFolder fo) || !fo.isDerived();
            });
        } catch (org.eclipse.core.runtime.CoreException | RuntimeException e) {
            return Map.of();
        }
        if (texts.size() <= 1 || texts.size() > MAX_PROJECT_FILES) return Map.of();
        return dev.rendezvous.core.extract.ProgramFiles.of(texts).companionsOf(file);
    }

    /**
     * The merged findings that become problems in the editor (markers, or annotations of a file outside
     * the Java projects): errors and warnings, and information only when the preference asks for it.
     */
    public static List<Finding> problems(FileReport report) {
        RendezvousPlugin plugin = RendezvousPlugin.getDefault();
        boolean showInfo = plugin != null && plugin.getPreferenceStore().getBoolean(RendezvousPreferences.SHOW_INFO);
        return merged(report).stream().filter(f -> showInfo || f.severity() != dev.rendezvous.core.model.Severity.INFO).toList();
    }

    /**
     * Findings of all runs, each once, annotated with the process counts at which it appears. Its quick fixes are those
     * of every run that has it: a fix confirmed at one process count but not at another where the same finding is shown
     * (PairSwapSync's Sendrecv removes the deadlock at np=2 and leaves ranks 2 and up hanging at 4 and 8) is not
     * offered on a marker that names both counts.
     */
    public static List<Finding> merged(FileReport report) {
        Map<String, Finding> byKey = new LinkedHashMap<>();
        Map<String, List<Integer>> where = new LinkedHashMap<>();
        Map<String, List<dev.rendezvous.core.model.Fix>> fixes = new LinkedHashMap<>();
        for (RunReport r : report.runs()) {
            for (Finding f : r.findings()) {
                byKey.putIfAbsent(f.key(), f);
                where.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(r.np());
                fixes.merge(f.key(), f.fixes(), (kept, here) -> kept.stream().filter(here::contains).toList());
            }
        }
        java.util.Set<String> hidden = java.util.Set.of();
        Map<String, dev.rendezvous.core.model.Severity> severity = Map.of();
        RendezvousPlugin plugin = RendezvousPlugin.getDefault();
        if (plugin != null) {
            hidden = RendezvousPreferences.parseKinds(plugin.getPreferenceStore().getString(RendezvousPreferences.DISABLED_KINDS));
            severity = RendezvousPreferences.parseSeverities(plugin.getPreferenceStore().getString(RendezvousPreferences.SEVERITIES));
        }
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, Finding> e : byKey.entrySet()) {
            List<Integer> nps = where.get(e.getKey());
            Finding f = e.getValue();
            if (!fixes.get(e.getKey()).equals(f.fixes())) f = f.withFixes(fixes.get(e.getKey()));
            if (hidden.contains(f.kind().id())) continue;
            dev.rendezvous.core.model.Severity chosen = severity.get(f.kind().id());
            if (chosen != null) f = new Finding(f.kind(), chosen, f.verdict(), f.message(), f.range(), f.ranks(), f.related(),
                    f.fixes(), f.witness());
            List<Integer> tried = report.runs().stream().map(RunReport::np).toList();
            String hint = FileReport.processCountHint(f, nps, report.runs());
            boolean everywhere = tried.size() > 1 && nps.containsAll(tried);
            out.add(f.withMessage(f.message() + (hint == null ? "" : hint) + " (np=" + joined(nps)
                    + (everywhere ? "; at every process count tried" : "") + ")"));
        }
        return out;
    }

    private static String joined(List<Integer> nps) {
        StringBuilder b = new StringBuilder();
        for (int n : nps) {
            if (b.length() > 0) b.append(',');
            b.append(n);
        }
        return b.toString();
    }
}
