package dev.rendezvous.ui.markers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWindowListener;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.ui.IdeAnalysis;

/**
 * MPJ files opened from outside the workspace's Java projects (File &gt; Open File, a drag from the
 * desktop) have no resource to carry problem markers and are never built, so the compilation
 * participant never sees them. For those editors the findings become annotations of the editor
 * itself (ruler, overview ruler and hover, like the markers; not in the Problems view), refreshed
 * after each pause in typing, and the status line says why they are not in the Problems view.
 */
public final class ExternalFiles implements IStartup {
    /** Annotation types of the platform's text editors for the three severities. */
    static final String ERROR = "org.eclipse.ui.workbench.texteditor.error";
    static final String WARNING = "org.eclipse.ui.workbench.texteditor.warning";
    static final String INFO = "org.eclipse.ui.workbench.texteditor.info";
    /** Pause in typing before the file is analysed again. */
    static final int DELAY_MS = 400;

    private static final Map<ITextEditor, Tracked> TRACKED = new HashMap<>();

    /** One external editor: its document listener, its pending job, the annotations it added. */
    private static final class Tracked {
        final ITextEditor editor;
        final IDocument document;
        final IDocumentListener listener;
        final List<Annotation> shown = new ArrayList<>();
        Job job;
        String status = "";

        Tracked(ITextEditor editor, IDocument document) {
            this.editor = editor;
            this.document = document;
            this.listener = new IDocumentListener() {
                @Override
                public void documentAboutToBeChanged(DocumentEvent event) {
                    // nothing before the change
                }

                @Override
                public void documentChanged(DocumentEvent event) {
                    schedule(Tracked.this, DELAY_MS);
                }
            };
        }
    }

    @Override
    public void earlyStartup() {
        IWorkbench wb = PlatformUI.getWorkbench();
        wb.getDisplay().asyncExec(() -> {
            for (IWorkbenchWindow w : wb.getWorkbenchWindows()) watch(w);
            wb.addWindowListener(new IWindowListener() {
                @Override
                public void windowOpened(IWorkbenchWindow w) {
                    watch(w);
                }

                @Override
                public void windowActivated(IWorkbenchWindow w) {
                    // already watched
                }

                @Override
                public void windowDeactivated(IWorkbenchWindow w) {
                    // nothing to do
                }

                @Override
                public void windowClosed(IWorkbenchWindow w) {
                    // its editors closed first
                }
            });
        });
    }

    private static void watch(IWorkbenchWindow window) {
        for (IWorkbenchPage page : window.getPages()) {
            for (var ref : page.getEditorReferences()) {
                IEditorPart e = ref.getEditor(false);
                if (e != null) track(e);
            }
        }
        window.getPartService().addPartListener(new IPartListener2() {
            @Override
            public void partOpened(IWorkbenchPartReference ref) {
                if (ref.getPart(false) instanceof IEditorPart e) track(e);
            }

            @Override
            public void partClosed(IWorkbenchPartReference ref) {
                if (ref.getPart(false) instanceof ITextEditor e) untrack(e);
            }

            @Override
            public void partActivated(IWorkbenchPartReference ref) {
                if (ref.getPart(false) instanceof ITextEditor e) {
                    Tracked t = TRACKED.get(e);
                    if (t != null) status(t);
                }
            }
        });
    }

    /** Starts following {@code part} when it is a text editor on an MPJ file outside the workspace's projects. */
    public static void track(IEditorPart part) {
        ITextEditor editor = part instanceof ITextEditor t ? t : part.getAdapter(ITextEditor.class);
        if (editor == null || TRACKED.containsKey(editor) || editor.getEditorInput() instanceof IFileEditorInput) return;
        if (editor.getDocumentProvider() == null) return;
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        if (doc == null || !editor.getEditorInput().getName().endsWith(".java") || !RendezvousParticipant.mentionsMpj(doc.get())) return;
        Tracked t = new Tracked(editor, doc);
        TRACKED.put(editor, t);
        doc.addDocumentListener(t.listener);
        schedule(t, 0);
    }

    private static void untrack(ITextEditor editor) {
        Tracked t = TRACKED.remove(editor);
        if (t == null) return;
        t.document.removeDocumentListener(t.listener);
        if (t.job != null) t.job.cancel();
    }

    /** The annotations Rendezvous shows in an external editor (tests). */
    public static List<Annotation> annotations(ITextEditor editor) {
        Tracked t = TRACKED.get(editor);
        return t == null ? List.of() : List.copyOf(t.shown);
    }

    /** The status-line text shown for an external editor (tests). */
    public static String statusOf(ITextEditor editor) {
        Tracked t = TRACKED.get(editor);
        return t == null ? null : t.status;
    }

    /** Waits for the editor's pending analysis and the update it posts to the UI thread (tests). */
    public static void join(ITextEditor editor) throws InterruptedException {
        Tracked t = TRACKED.get(editor);
        if (t == null) return;
        Job j = t.job;
        if (j != null) j.join();
        Display d = Display.getDefault();
        while (d.readAndDispatch()) {
            // run the posted update
        }
    }

    private static void schedule(Tracked t, int delay) {
        if (t.job != null) t.job.cancel();
        String text = t.document.get();
        String name = t.editor.getEditorInput().getName();
        Job job = Job.create("Rendezvous: analysing " + name, (IProgressMonitor monitor) -> {
            var report = IdeAnalysis.analyze(name, text, monitor::isCanceled);
            if (monitor.isCanceled()) return Status.CANCEL_STATUS;
            List<Finding> findings = IdeAnalysis.problems(report);
            Display.getDefault().asyncExec(() -> show(t, findings, text));
            return Status.OK_STATUS;
        });
        job.setSystem(true);
        t.job = job;
        job.schedule(delay);
    }

    private static void show(Tracked t, List<Finding> findings, String analysedText) {
        if (TRACKED.get(t.editor) != t || !t.document.get().equals(analysedText)) return; // closed, or edited since
        IAnnotationModel model = t.editor.getDocumentProvider().getAnnotationModel(t.editor.getEditorInput());
        Map<Annotation, Position> added = new HashMap<>();
        int errors = 0, warnings = 0;
        for (Finding f : findings) {
            Position p = position(t.document, f);
            if (p == null) continue;
            String type = switch (f.severity()) {
                case ERROR -> ERROR;
                case WARNING -> WARNING;
                default -> INFO;
            };
            if (f.severity() == Severity.ERROR) errors++;
            if (f.severity() == Severity.WARNING) warnings++;
            added.put(new Annotation(type, false, f.message() + " [" + f.kind().id() + "]"), p);
        }
        if (model instanceof IAnnotationModelExtension ext) {
            ext.replaceAnnotations(t.shown.toArray(new Annotation[0]), added);
        } else if (model != null) {
            for (Annotation a : t.shown) model.removeAnnotation(a);
            added.forEach(model::addAnnotation);
        }
        t.shown.clear();
        if (model != null) t.shown.addAll(added.keySet());
        t.status = "Rendezvous: " + errors + " error(s), " + warnings + " warning(s) in this file. It is outside the "
                + "workspace's Java projects, so they are shown in the editor only, not in the Problems view; import it into a "
                + "Java project for markers, quick fixes and the project's settings";
        status(t);
    }

    private static void status(Tracked t) {
        var bars = t.editor.getEditorSite().getActionBars();
        if (bars != null && bars.getStatusLineManager() != null) bars.getStatusLineManager().setMessage(t.status);
    }

    private static Position position(IDocument doc, Finding f) {
        if (f.range() == null) return null;
        try {
            int line = Math.max(1, Math.min(f.range().line(), doc.getNumberOfLines()));
            var info = doc.getLineInformation(line - 1);
            return new Position(info.getOffset(), info.getLength());
        } catch (BadLocationException e) {
            return null;
        }
    }
}
