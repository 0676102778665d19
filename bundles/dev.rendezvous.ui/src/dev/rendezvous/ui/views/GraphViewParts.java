package dev.rendezvous.ui.views;

import java.util.function.BiConsumer;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.ColorConstants;
import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.XYLayout;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/** What the two graph views share: the process-count row, the canvas, waiting for a render, opening from a command. */
final class GraphViewParts {
    private GraphViewParts() {}

    /** "Processes: [n]" across the top of {@code parent}; {@code onChange} runs when the count changes. */
    static Spinner processCounts(Composite parent, int initial, int max, int page, Runnable onChange) {
        parent.setLayout(new GridLayout(2, false));
        new org.eclipse.swt.widgets.Label(parent, SWT.NONE).setText("Processes:");
        Spinner spinner = new Spinner(parent, SWT.BORDER);
        spinner.setValues(initial, 1, max, 0, 1, page);
        spinner.addListener(SWT.Selection, e -> onChange.run());
        return spinner;
    }

    /** The drawing area below it, showing {@code hint} until there is something to draw. */
    static FigureCanvas canvas(Composite parent, Label hint) {
        FigureCanvas canvas = new FigureCanvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        canvas.setBackground(ColorConstants.white);
        Figure empty = new Figure();
        empty.setLayoutManager(new XYLayout());
        empty.add(hint, new Rectangle(10, 5, 600, 20));
        canvas.setContents(empty);
        return canvas;
    }

    /**
     * The width to give a label showing {@code text}: its width in the view's font, with room to spare
     * for the rounding of scaled fonts when the drawing is zoomed out (labels have no font of their own
     * before they are shown, so they cannot be asked).
     */
    static int textWidth(String text) {
        org.eclipse.swt.graphics.Font font = Display.getDefault().getSystemFont();
        return (int) Math.ceil(org.eclipse.draw2d.FigureUtilities.getTextWidth(text, font) * 1.15) + 8;
    }

    /** One entry of a graph legend: a sample of how something is drawn, and what it means. */
    enum Sample { ARROW, DASHED_ARROW, BOX, FILLED_BOX, BAR }

    record LegendEntry(Sample sample, org.eclipse.swt.graphics.Color color, String text) {}

    /**
     * Draws {@code entries} from (x, y) of {@code root}, in rows no wider than {@code maxWidth}: a small
     * sample of each mark and its meaning in plain words. Returns the texts drawn (the views keep them for tests).
     */
    static java.util.List<String> legend(Figure root, int x, int y, int maxWidth, java.util.List<LegendEntry> entries) {
        java.util.List<String> drawn = new java.util.ArrayList<>();
        Label title = new Label("Legend:");
        title.setForegroundColor(ColorConstants.gray);
        root.add(title, new Rectangle(x, y, 52, 16));
        int at = x + 56;
        for (LegendEntry e : entries) {
            int width = 30 + textWidth(e.text());
            if (at > x + 56 && at + width > x + maxWidth) { // next row
                at = x + 56;
                y += 18;
            }
            Rectangle box = new Rectangle(at, y + 2, 26, 12);
            switch (e.sample()) {
                case ARROW, DASHED_ARROW -> {
                    org.eclipse.draw2d.PolylineConnection c = new org.eclipse.draw2d.PolylineConnection();
                    c.setPoints(new org.eclipse.draw2d.geometry.PointList(new int[] {box.x, box.y + 6, box.right(), box.y + 6}));
                    c.setTargetDecoration(new org.eclipse.draw2d.PolygonDecoration());
                    c.setForegroundColor(e.color());
                    if (e.sample() == Sample.DASHED_ARROW) c.setLineStyle(SWT.LINE_DASH);
                    root.add(c);
                }
                case BOX, FILLED_BOX -> {
                    org.eclipse.draw2d.RectangleFigure r = new org.eclipse.draw2d.RectangleFigure();
                    r.setForegroundColor(e.color());
                    r.setBackgroundColor(e.sample() == Sample.FILLED_BOX ? e.color() : ColorConstants.white);
                    root.add(r, box);
                }
                case BAR -> {
                    org.eclipse.draw2d.RectangleFigure r = new org.eclipse.draw2d.RectangleFigure();
                    r.setBackgroundColor(e.color());
                    r.setForegroundColor(e.color());
                    root.add(r, new Rectangle(box.x, box.y + 4, box.width, 4));
                }
            }
            Label text = new Label(e.text());
            int w = textWidth(e.text());
            root.add(text, new Rectangle(at + 30, y, w, 16));
            at += 30 + w + 14;
            drawn.add(e.text());
        }
        return drawn;
    }

    /** Waits for the view's analysis job, then lets the render it posted to the UI thread run (tests). */
    static void join(Job job) throws InterruptedException {
        if (job != null) job.join();
        Display d = Display.getDefault();
        while (d.readAndDispatch()) {
            // run the asyncExec that renders
        }
    }

    /**
     * Keeps a graph view on the program of the active Java editor: when another {@code .java} editor
     * becomes active the view shows it, and a pause of {@link #DELAY_MS} after an edit of the shown
     * editor's document draws it again. The view calls {@link #watch} from its own showEditor.
     */
    static final class EditorFollower implements org.eclipse.ui.IPartListener2, org.eclipse.jface.text.IDocumentListener {
        static final int DELAY_MS = 500;
        private final org.eclipse.ui.IWorkbenchPage page;
        private final java.util.function.Consumer<ITextEditor> show;
        private ITextEditor current;
        private org.eclipse.jface.text.IDocument watched;
        private Runnable pending;

        EditorFollower(org.eclipse.ui.IViewSite site, java.util.function.Consumer<ITextEditor> show) {
            this.page = site.getPage();
            this.show = show;
            page.addPartListener(this);
        }

        /** The view now shows {@code editor}: follow its edits (and no longer the previous editor's). */
        void watch(ITextEditor editor) {
            org.eclipse.jface.text.IDocument doc = editor.getDocumentProvider() == null ? null
                    : editor.getDocumentProvider().getDocument(editor.getEditorInput());
            current = editor;
            if (doc == watched) return;
            if (watched != null) watched.removeDocumentListener(this);
            watched = doc;
            if (doc != null) doc.addDocumentListener(this);
        }

        @Override
        public void partActivated(org.eclipse.ui.IWorkbenchPartReference ref) {
            if (!(ref.getPart(false) instanceof org.eclipse.ui.IEditorPart part)) return;
            ITextEditor te = CommunicationGraphView.textEditor(part);
            if (te == null || te == current || !te.getEditorInput().getName().endsWith(".java")) return;
            show.accept(te);
        }

        @Override
        public void partClosed(org.eclipse.ui.IWorkbenchPartReference ref) {
            if (ref.getPart(false) == current && watched != null) {
                watched.removeDocumentListener(this);
                watched = null;
                current = null;
            }
        }

        @Override
        public void documentAboutToBeChanged(org.eclipse.jface.text.DocumentEvent event) {
            // only the change matters
        }

        @Override
        public void documentChanged(org.eclipse.jface.text.DocumentEvent event) {
            Display d = Display.getCurrent();
            if (d == null) return;
            if (pending != null) d.timerExec(-1, pending);
            ITextEditor e = current;
            pending = () -> {
                pending = null;
                if (e != null && e == current) show.accept(e);
            };
            d.timerExec(DELAY_MS, pending);
        }

        void dispose() {
            page.removePartListener(this);
            if (watched != null) watched.removeDocumentListener(this);
            if (pending != null && Display.getCurrent() != null) Display.getCurrent().timerExec(-1, pending);
        }
    }

    /** Writes a view's drawing to a file (the Export buttons). */
    interface Export {
        void to(java.nio.file.Path out) throws java.io.IOException;
    }

    /** Asks where to save {@code fileName} (its extension decides the filter) and writes it there; says so when that fails. */
    static void exportWithDialog(org.eclipse.swt.widgets.Shell shell, String fileName, Export export) {
        org.eclipse.swt.widgets.FileDialog d = new org.eclipse.swt.widgets.FileDialog(shell, SWT.SAVE);
        d.setFilterExtensions(new String[] {"*" + fileName.substring(fileName.lastIndexOf('.'))});
        d.setFileName(fileName);
        String path = d.open();
        if (path == null) return;
        try {
            export.to(java.nio.file.Path.of(path));
        } catch (java.io.IOException e) {
            org.eclipse.jface.dialogs.MessageDialog.openError(shell, "Export failed", e.getMessage());
        }
    }

    /** Opens the view {@code id} and shows the active editor's program in it (the commands' handlers). */
    static <V> void open(ExecutionEvent event, String id, Class<V> type, BiConsumer<V, ITextEditor> show) throws ExecutionException {
        ITextEditor editor = CommunicationGraphView.textEditor(HandlerUtil.getActiveEditor(event));
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            V view = type.cast(page.showView(id));
            if (editor != null) show.accept(view, editor);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the view " + id, e);
        }
    }
}
