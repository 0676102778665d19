package dev.rendezvous.ui.minings;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.codemining.AbstractCodeMiningProvider;
import org.eclipse.jface.text.codemining.ICodeMining;
import org.eclipse.jface.text.codemining.LineHeaderCodeMining;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.streaming.FilteringCycle;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.ui.IdeAnalysis;

/**
 * Code minings above the send statements of a streaming pipeline: for each channel that needs
 * dummy tokens, a header line with its capacity and both dummy intervals (streaming paper,
 * Algorithm 4 with forwarding, Algorithm 6 without). They appear when Java code minings are on
 * (Preferences → Java → Editor → Code Minings; the Rendezvous IDE turns them on) and come from
 * the same cached analysis as the markers, computed off the UI thread.
 */
public final class DummyIntervalMinings extends AbstractCodeMiningProvider {

    @Override
    public CompletableFuture<List<? extends ICodeMining>> provideCodeMinings(ITextViewer viewer, IProgressMonitor monitor) {
        ITextEditor editor = getAdapter(ITextEditor.class);
        IDocument doc = viewer.getDocument();
        if (editor == null || doc == null) return CompletableFuture.completedFuture(List.of());
        String file = IdeAnalysis.fileOf(editor);
        String text = doc.get();
        return CompletableFuture.supplyAsync(() -> minings(file, text, doc, monitor::isCanceled));
    }

    /** The minings for a document (also used by the tests). */
    public List<LineHeaderCodeMining> minings(String file, String text, IDocument doc, java.util.function.BooleanSupplier cancelled) {
        List<LineHeaderCodeMining> out = new ArrayList<>();
        if (!text.contains("MPI.Init")) return out;
        FileReport report = IdeAnalysis.analyze(file, text, cancelled);
        // one header per send line (a table-driven pipeline sends every channel from the same statement)
        java.util.Map<Integer, List<String>> byLine = new java.util.TreeMap<>();
        int np = 0;
        for (RunReport r : report.runs()) {
            if (r.dummyIntervals().isEmpty()) continue;
            np = r.np();
            for (Finding f : r.findings()) {
                if (f.kind() != FindingKind.DUMMY_INTERVAL || f.range() == null || f.ranks().size() != 2) continue;
                FilteringCycle.Interval iv = r.dummyIntervals().stream()
                        .filter(i -> i.from() == f.ranks().get(0) && i.to() == f.ranks().get(1)).findFirst().orElse(null);
                if (iv == null) continue;
                byLine.computeIfAbsent(f.range().line() - 1, k -> new ArrayList<>()).add(iv.from() + "\u2192" + iv.to() + " (capacity "
                        + iv.capacity() + "): every " + show(iv.propagation()) + " / " + show(iv.nonPropagation()));
            }
            break; // the smallest process count with a pipeline
        }
        for (var e : byLine.entrySet()) {
            // plain words here; the algorithms' names are in the hover and in Help (dummy-interval)
            String label = "\u21e2 dummy tokens needed: " + String.join("; ", e.getValue())
                    + "  (at most N stream items between two dummies: N if stages forward dummies / N if they do not)"
                    + "  [np=" + np + "]";
            try {
                LineHeaderCodeMining m = new LineHeaderCodeMining(e.getKey(), doc, this) { };
                m.setLabel(label);
                out.add(m);
            } catch (BadLocationException ex) {
                // the text changed under us; the next reconcile brings fresh minings
            }
        }
        return out;
    }

    private static String show(Long v) {
        return v == null ? "\u221e" : v.toString();
    }
}
