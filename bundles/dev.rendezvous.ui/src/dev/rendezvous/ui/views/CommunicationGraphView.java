package dev.rendezvous.ui.views;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.ChopboxAnchor;
import org.eclipse.draw2d.ColorConstants;
import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.LineBorder;
import org.eclipse.draw2d.MouseEvent;
import org.eclipse.draw2d.MouseListener;
import org.eclipse.draw2d.PolygonDecoration;
import org.eclipse.draw2d.Polyline;
import org.eclipse.draw2d.PolylineConnection;
import org.eclipse.draw2d.RectangleFigure;
import org.eclipse.draw2d.XYLayout;
import org.eclipse.draw2d.geometry.Point;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.rendezvous.core.AnalysisOptions;
import dev.rendezvous.core.Rendezvous;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * The Communication Graph: one horizontal lane per rank, the rank's operations in program order
 * along it, an arrow from each send to the receive that took its message. Operations that take
 * part in an error finding (the Sends of a cycle) are red. Clicking an operation selects its line
 * in the editor. The analysis runs in a job, never on the UI thread.
 */
public final class CommunicationGraphView extends ViewPart {
    public static final String ID = "dev.rendezvous.ui.views.CommunicationGraph";
    /** Lanes drawn at most; the rest are summarised in one line (keeps np = 1024 responsive). */
    static final int MAX_LANES = 48;
    private static final int LANE_H = 56, COL_W = 132, LEFT = 70, TOP = 30, NODE_W = 118, NODE_H = 22;
    private static final Color RED = new Color(null, 220, 40, 40);
    private static final Color NODE_BG = new Color(null, 235, 242, 252);

    private FigureCanvas canvas;
    private Spinner npSpinner;
    private Label title;
    private ITextEditor editor;
    private String file, source;
    private int lanes, arcs, redNodes;
    private long lastRenderMillis;
    private Job job;

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new GridLayout(2, false));
        org.eclipse.swt.widgets.Label npLabel = new org.eclipse.swt.widgets.Label(parent, SWT.NONE);
        npLabel.setText("Processes:");
        npSpinner = new Spinner(parent, SWT.BORDER);
        npSpinner.setValues(2, 1, 4096, 0, 1, 8);
        npSpinner.addListener(SWT.Selection, e -> refresh());
        canvas = new FigureCanvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        canvas.setBackground(ColorConstants.white);
        Figure empty = new Figure();
        empty.setLayoutManager(new XYLayout());
        title = new Label("Open an MPJ program and choose Show Communication Graph");
        empty.add(title, new Rectangle(10, 5, 600, 20));
        canvas.setContents(empty);
    }

    /** Shows the program of a text editor (used by the command and the tests). */
    public void showEditor(ITextEditor textEditor) {
        this.editor = textEditor;
        IDocument doc = textEditor.getDocumentProvider().getDocument(textEditor.getEditorInput());
        String name = textEditor.getEditorInput() instanceof IFileEditorInput fi ? fi.getFile().getFullPath().toString()
                : textEditor.getEditorInput().getName();
        show(name, doc.get(), npSpinner.getSelection());
    }

    public void show(String fileName, String text, int np) {
        this.file = fileName;
        this.source = text;
        if (npSpinner.getSelection() != np) npSpinner.setSelection(np);
        refresh();
    }

    private void refresh() {
        if (source == null) return;
        int np = npSpinner.getSelection();
        String f = file, s = source;
        if (job != null) job.cancel();
        job = Job.create("Rendezvous: communication graph of " + f, (IProgressMonitor monitor) -> {
            Budgets b = Budgets.defaults();
            b.maxMillis = 8_000;
            b.maxRuns = 32;
            RunReport r = Rendezvous.analyze(Program.parse(f, s), np, new AnalysisOptions(List.of(np), b), monitor::isCanceled);
            if (monitor.isCanceled()) return Status.CANCEL_STATUS;
            Display.getDefault().asyncExec(() -> {
                if (!canvas.isDisposed()) render(r);
            });
            return Status.OK_STATUS;
        });
        job.setSystem(false);
        job.schedule();
    }

    /** Waits for the pending analysis and drawing (tests). */
    public void join() throws InterruptedException {
        if (job != null) job.join();
        Display d = Display.getDefault();
        while (d.readAndDispatch()) {
            // let the asyncExec that renders run
        }
    }

    void render(RunReport r) {
        long t0 = System.nanoTime();
        Figure root = new Figure();
        root.setLayoutManager(new XYLayout());
        CommGraph g = r.graph();
        String verdict = r.verdict().runId();
        Label head = new Label(file + "  np=" + r.np() + "  verdict: " + verdict);
        head.setForegroundColor(r.hasErrors() ? RED : ColorConstants.darkGreen);
        root.add(head, new Rectangle(8, 4, 900, 20));
        lanes = arcs = redNodes = 0;
        if (g == null) {
            setContents(root);
            return;
        }
        Set<Integer> red = new HashSet<>();
        for (Finding f : r.findings()) {
            if (f.severity() == Severity.ERROR) for (var op : f.operations()) red.add(op.start());
        }
        int shown = Math.min(g.np(), MAX_LANES);
        int maxEvents = 0;
        for (int rank = 0; rank < shown; rank++) maxEvents = Math.max(maxEvents, g.trace(rank).size());
        int width = LEFT + Math.max(1, maxEvents) * COL_W + 20;
        Map<Event, IFigure> nodes = new HashMap<>();
        for (int rank = 0; rank < shown; rank++) {
            int y = TOP + rank * LANE_H;
            Label laneLabel = new Label("rank " + rank);
            root.add(laneLabel, new Rectangle(4, y + 2, LEFT - 8, 18));
            Polyline lane = new Polyline();
            lane.addPoint(new Point(LEFT, y + NODE_H / 2));
            lane.addPoint(new Point(width, y + NODE_H / 2));
            lane.setForegroundColor(ColorConstants.lightGray);
            root.add(lane, lane.getBounds().getCopy().expand(1, 1));
            lanes++;
            List<Event> t = g.trace(rank);
            for (Event e : t) {
                if (e.op() == Op.FINALIZE) continue;
                RectangleFigure node = new RectangleFigure();
                node.setLayoutManager(new org.eclipse.draw2d.StackLayout());
                boolean isRed = red.contains(e.site().start());
                node.setBackgroundColor(isRed ? RED : NODE_BG);
                node.setForegroundColor(isRed ? RED : ColorConstants.gray);
                Label text = new Label(e.describe().replace("(to ", "\u2192").replace("(from ", "\u2190").replace(", tag ", " t")
                        .replace(")", "") + " L" + e.site().line());
                if (isRed) {
                    text.setForegroundColor(ColorConstants.white);
                    redNodes++;
                }
                node.add(text);
                node.setToolTip(new Label("rank " + rank + ": " + e.describe() + " at line " + e.site().line()));
                node.setBorder(new LineBorder(isRed ? RED : ColorConstants.gray));
                final Event ev = e;
                node.addMouseListener(new MouseListener.Stub() {
                    @Override
                    public void mousePressed(MouseEvent me) {
                        select(ev);
                    }
                });
                root.add(node, new Rectangle(LEFT + 4 + e.index() * COL_W, y, NODE_W, NODE_H));
                nodes.put(e, node);
            }
        }
        if (g.np() > shown) {
            root.add(new Label("\u2026 " + (g.np() - shown) + " more ranks not drawn"),
                    new Rectangle(8, TOP + shown * LANE_H, 400, 20));
        }
        for (RunOutcome.Match m : g.arcs()) {
            IFigure a = nodes.get(m.send()), b = nodes.get(m.recv());
            if (a == null || b == null) continue;
            PolylineConnection c = new PolylineConnection();
            c.setSourceAnchor(new ChopboxAnchor(a));
            c.setTargetAnchor(new ChopboxAnchor(b));
            PolygonDecoration arrow = new PolygonDecoration();
            c.setTargetDecoration(arrow);
            c.setForegroundColor(ColorConstants.darkBlue);
            root.add(c);
            arcs++;
        }
        setContents(root);
        lastRenderMillis = (System.nanoTime() - t0) / 1_000_000L;
    }

    private void setContents(Figure root) {
        canvas.setContents(root);
    }

    private void select(Event e) {
        if (editor == null) return;
        editor.selectAndReveal(e.site().start(), e.site().length());
        getSite().getPage().activate(editor);
    }

    public int laneCount() {
        return lanes;
    }

    public int arcCount() {
        return arcs;
    }

    public int redNodeCount() {
        return redNodes;
    }

    public long lastRenderMillis() {
        return lastRenderMillis;
    }

    @Override
    public void setFocus() {
        canvas.setFocus();
    }

    /** The active text editor, if any (for the command). */
    static ITextEditor textEditor(IEditorPart part) {
        return part instanceof ITextEditor te ? te : part == null ? null : part.getAdapter(ITextEditor.class);
    }

    @Override
    public void dispose() {
        if (job != null) job.cancel();
        super.dispose();
    }
}
