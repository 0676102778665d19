package dev.rendezvous.ui.markers;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.graphics.Image;
import org.eclipse.text.edits.MalformedTreeException;
import org.eclipse.text.edits.MultiTextEdit;
import org.eclipse.text.edits.ReplaceEdit;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.IMarkerResolutionGenerator2;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.TextEdit;
import dev.rendezvous.ui.IdeAnalysis;
import dev.rendezvous.ui.RendezvousPlugin;

/**
 * Quick fixes (Ctrl+1 and the Problems view) for Rendezvous markers. The fixes are the core's
 * text edits; they are recomputed from the document as it is now (so offsets are never stale) by
 * re-analysing it with every fix confirmed on the fixed program (the markers come from an analysis
 * that leaves that to now, {@link IdeAnalysis#analyze}; a cache hit when asked again), then applied
 * to the file buffer as one edit. A marker with candidate fixes says it has resolutions at once; the
 * suppressions are always among them, so the list is never empty.
 */
public final class RendezvousResolutions implements IMarkerResolutionGenerator2 {

    @Override
    public boolean hasResolutions(IMarker marker) {
        return !marker.getAttribute(RendezvousMarkers.FIXES, "").isEmpty() || !fixesFor(marker).isEmpty();
    }

    @Override
    public IMarkerResolution[] getResolutions(IMarker marker) {
        List<IMarkerResolution> out = new ArrayList<>();
        Found found = find(marker);
        for (Fix f : found.fixes()) out.add(new Apply(f, found.text()));
        return out.toArray(IMarkerResolution[]::new);
    }

    /** The fixes of the finding this marker shows, computed on the file's current text. */
    static List<Fix> fixesFor(IMarker marker) {
        return find(marker).fixes();
    }

    /** Fixes and the text they were computed on (for the previews). */
    private record Found(List<Fix> fixes, String text) {}

    private static Found find(IMarker marker) {
        if (!(marker.getResource() instanceof IFile file)) return new Found(List.of(), null);
        try {
            IDocument doc = document(file);
            if (doc == null) return new Found(List.of(), null);
            int start = marker.getAttribute(IMarker.CHAR_START, -1);
            String kind = marker.getAttribute(RendezvousMarkers.KIND, "");
            String path = file.getFullPath().toString();
            for (Finding f : IdeAnalysis.merged(IdeAnalysis.analyzeWithFixes(path, doc.get(), () -> false))) {
                if (!f.kind().id().equals(kind)) continue;
                if (f.operations().stream().anyMatch(op -> op.start() == start && path.equals(op.file()))) {
                    // the engine's fixes first, then the two ways to silence the finding (as SpotBugs offers)
                    List<Fix> all = new ArrayList<>(f.fixes());
                    all.addAll(dev.rendezvous.core.Suppressions.fixes(path, doc.get(), f));
                    return new Found(all, doc.get());
                }
            }
        } catch (CoreException e) {
            RendezvousPlugin.log("Cannot read " + file, e);
        } finally {
            release(file);
        }
        return new Found(List.of(), null);
    }

    /** Lines shown at most on each side of a preview. */
    static final int PREVIEW_LINES = 24;

    /**
     * What a fix changes, for the description next to the proposal (Ctrl+1 and the Quick Fix dialog
     * show it as HTML): the touched lines after and before, so the user sees the edit before taking it.
     */
    public static String preview(String source, Fix fix) {
        if (source == null || fix.edits().isEmpty()) return escape(fix.label());
        int start = Integer.MAX_VALUE, end = 0;
        for (TextEdit e : fix.edits()) {
            start = Math.min(start, e.offset());
            end = Math.max(end, e.offset() + e.length());
        }
        if (start > source.length() || end > source.length()) return escape(fix.label());
        String after = fix.applyTo(source);
        int from = source.lastIndexOf('\n', Math.max(0, start - 1)) + 1;
        if (start == 0) from = 0;
        int to = source.indexOf('\n', end);
        if (to < 0) to = source.length();
        int delta = after.length() - source.length();
        String before = source.substring(from, to), changed = after.substring(from, Math.min(after.length(), Math.max(from, to + delta)));
        // the result first: the pop-up is small, and what the code becomes is what the user decides on
        return "<b>" + escape(fix.label()) + "</b><br><br><b>After:</b><br>" + lines(changed) + "<br><b>Before:</b><br>" + lines(before);
    }

    /**
     * Code lines as HTML that both the browser and the plain-text fallback of the proposal's info pop-up
     * show line by line: the indentation they share removed, the rest kept with non-breaking spaces.
     */
    private static String lines(String text) {
        String[] l = clip(text).split("\n", -1);
        int common = Integer.MAX_VALUE;
        for (String line : l) {
            if (line.isBlank()) continue;
            int i = 0;
            while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) i++;
            common = Math.min(common, i);
        }
        if (common == Integer.MAX_VALUE) common = 0;
        StringBuilder b = new StringBuilder("<code>");
        for (String line : l) {
            String t = line.length() >= common ? line.substring(common) : line.strip();
            int lead = 0;
            while (lead < t.length() && t.charAt(lead) == ' ') lead++;
            b.append("&nbsp;".repeat(lead)).append(escape(t.substring(lead))).append("<br>");
        }
        return b.append("</code>").toString();
    }

    private static String clip(String lines) {
        String[] l = lines.split("\n", -1);
        if (l.length <= PREVIEW_LINES) return lines;
        return String.join("\n", java.util.Arrays.copyOf(l, PREVIEW_LINES)) + "\n...";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static IDocument document(IFile file) throws CoreException {
        ITextFileBufferManager m = FileBuffers.getTextFileBufferManager();
        m.connect(file.getFullPath(), LocationKind.IFILE, null);
        ITextFileBuffer b = m.getTextFileBuffer(file.getFullPath(), LocationKind.IFILE);
        return b == null ? null : b.getDocument();
    }

    private static void release(IFile file) {
        try {
            FileBuffers.getTextFileBufferManager().disconnect(file.getFullPath(), LocationKind.IFILE, null);
        } catch (CoreException e) {
            RendezvousPlugin.log("Cannot release the buffer of " + file, e);
        }
    }

    /** Applies one fix to the file's buffer (the open editor shows it, and undo reverts it). */
    static final class Apply implements IMarkerResolution2 {
        private final Fix fix;
        private final String source;

        Apply(Fix fix, String source) {
            this.fix = fix;
            this.source = source;
        }

        @Override
        public String getLabel() {
            return fix.label();
        }

        @Override
        public String getDescription() {
            return preview(source, fix);
        }

        @Override
        public Image getImage() {
            return null;
        }

        @Override
        public void run(IMarker marker) {
            if (!(marker.getResource() instanceof IFile file)) return;
            ITextFileBufferManager m = FileBuffers.getTextFileBufferManager();
            // open in an editor: the change stays there (dirty, undoable); closed: it is saved
            boolean openElsewhere = m.getTextFileBuffer(file.getFullPath(), LocationKind.IFILE) != null;
            try {
                IDocument doc = document(file);
                if (doc == null) return;
                MultiTextEdit edit = new MultiTextEdit();
                for (TextEdit e : fix.edits()) edit.addChild(new ReplaceEdit(e.offset(), e.length(), e.text()));
                // one undo step for the whole fix, however many places it edits
                org.eclipse.text.undo.IDocumentUndoManager undo = org.eclipse.text.undo.DocumentUndoManagerRegistry.getDocumentUndoManager(doc);
                if (undo != null) undo.beginCompoundChange();
                try {
                    edit.apply(doc);
                } finally {
                    if (undo != null) undo.endCompoundChange();
                }
                if (!openElsewhere) m.getTextFileBuffer(file.getFullPath(), LocationKind.IFILE).commit(null, true);
                // the finding this marker stood for is fixed: do not leave it in the ruler and the Problems view
                // until the next save (reconciling and the next build report whatever is still wrong)
                if (marker.exists()) marker.delete();
            } catch (CoreException | MalformedTreeException | BadLocationException e) {
                RendezvousPlugin.log("Could not apply the fix '" + fix.label() + "'", e);
            } finally {
                release(file);
            }
        }
    }
}
