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
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.rendezvous.ui.HelpContexts;
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
import dev.rendezvous.ui.IdeAnalysis;

/**
 * The Communication Graph: one horizontal lane per rank, the rank's operations in program order
 * along it, an arrow from each send to the receive that took its message. Operations that take
 * part in an error finding (the Sends of a cycle) are red; a wildcard receive also gets dashed
 * arrows from the other sends that could have matched it; under each lane, orange bars are the
 * rank's NBAP receive intervals (buffer paper §6: where they stack k deep, the rank needs k
 * buffers). Clicking an operation selects its line in the editor. Zoom and PNG/SVG export are on
 * the view's toolbar. The analysis runs in a job, never on the UI thread.
 */
public final class CommunicationGraphView extends ViewPart {
    public static final String ID = "dev.rendezvous.ui.views.CommunicationGraph";
    /** Lanes drawn at most; the rest are summarised in one line (keeps np = 1024 responsive). */
    static final int MAX_LANES = 48;
    private static final int LANE_H = 56, COL_W = 132, LEFT = 70, TOP = 30, NODE_W = 118, NODE_H = 22;
    /** Rows of buffer bars that fit under a lane's nodes (5 px each, starting 3 px below them). */
    private static final int BAR_ROWS = (LANE_H - NODE_H - 3) / 5;
    private static final Color RED = new Color(null, 220, 40, 40);
    private static final Color NODE_BG = new Color(null, 235, 242, 252);
    private static final Color ORANGE = new Color(null, 230, 140, 20);
    private static final Color BAR = new Color(null, 245, 180, 90);

    private FigureCanvas canvas;
    private Spinner npSpinner;
    private ITextEditor editor;
    private String file, source;
    private int lanes, arcs, redNodes, wildcardArcs, bufferBars;
    private ZoomControl zoom;
    private RunReport lastReport;
    private long lastRenderMillis;
    private Job job;

    @Override
    public void createPartControl(Composite parent) {
        HelpContexts.attach(parent, HelpContexts.COMMUNICATION_GRAPH);
        npSpinner = GraphViewParts.processCounts(parent, 2, 4096, 8, this::refresh);
        canvas = GraphViewParts.canvas(parent, new Label("Open an MPJ program and choose Show Communication Graph"));
        zoom = new ZoomControl(canvas);
        var toolbar = getViewSite().getActionBars().getToolBarManager();
        zoom.addActions(toolbar);
        toolbar.add(ZoomControl.action("Export PNG...",
                () -> GraphViewParts.exportWithDialog(canvas.getShell(), "communication-graph.png", this::exportPng)));
        toolbar.add(ZoomControl.action("Export SVG...",
                () -> GraphViewParts.exportWithDialog(canvas.getShell(), "communication-graph.svg", this::exportSvg)));
        follower = new GraphViewParts.EditorFollower(getViewSite(), this::showEditor);
    }

    private GraphViewParts.EditorFollower follower;

    /** Sets the zoom (0.1 to 4); later drawings keep it. */
    public void setZoom(double scale) {
        zoom.setZoom(scale);
    }

    /** Scales the drawing so that all of it is visible in the view: the Fit button. */
    public void fitToView() {
        zoom.fitToView();
    }

    /** Whether the whole drawing is visible at the current zoom (tests). */
    public boolean drawingFits() {
        return zoom.drawingFits();
    }

    /** Whether the canvas offers a scroll bar (tests). */
    public boolean scrolls() {
        return zoom.scrolls();
    }

    public double zoom() {
        return zoom.zoom();
    }

    /** Writes the drawn graph as a PNG (at the current zoom). */
    public void exportPng(java.nio.file.Path out) throws java.io.IOException {
        zoom.exportPng(out);
    }

    /** Writes the graph as SVG, drawn by the core's SVG renderer (the same as {@code --format svg}). */
    public void exportSvg(java.nio.file.Path out) throws java.io.IOException {
        if (lastReport == null) throw new java.io.IOException("nothing drawn yet");
        java.nio.file.Files.writeString(out, dev.rendezvous.core.report.SvgReport.render(lastReport));
    }

    /** Shows the program of a text editor (used by the command and the tests). */
    public void showEditor(ITextEditor textEditor) {
        this.editor = textEditor;
        if (follower != null) follower.watch(textEditor);
        IDocument doc = textEditor.getDocumentProvider().getDocument(textEditor.getEditorInput());
        show(IdeAnalysis.fileOf(textEditor), doc.get(), npSpinner.getSelection());
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
            b.checkFixes = false; // the view shows no quick fixes
            b.programArgs = dev.rendezvous.ui.ProgramArguments.of(dev.rendezvous.ui.IdeAnalysis.project(f), f, s); // as the markers
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
        GraphViewParts.join(job);
    }

    void render(RunReport r) {
        long t0 = System.nanoTime();
        Figure root = new Figure();
        root.setLayoutManager(new XYLayout());
        CommGraph g = r.graph();
        String verdict = r.verdict().runId();
        Label head = new Label(file + "  np=" + r.np() + "  " + r.verdict().plainWords() + " (" + verdict + ")");
        head.setForegroundColor(r.hasErrors() ? RED : ColorConstants.darkGreen);
        root.add(head, new Rectangle(8, 4, 900, 20));
        lanes = arcs = redNodes = wildcardArcs = bufferBars = 0;
        barLanes.clear();
        lastReport = r;
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
        legend = GraphViewParts.legend(root, 8, TOP + shown * LANE_H + (g.np() > shown ? 22 : 0), Math.max(width, 700), List.of(
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.ARROW, ColorConstants.darkBlue, "message: send \u2192 the receive that takes it"),
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.DASHED_ARROW, ORANGE, "another send a wildcard receive could take"),
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.FILLED_BOX, RED, "operation of a deadlock or error"),
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.BAR, BAR, "a message may wait in a receive buffer over this span "
                        + "(\"k buf\": buffers the rank needs)")));
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
        for (CommGraph.Alternative w : g.wildcardAlternatives()) {
            IFigure a = nodes.get(w.other()), b = nodes.get(w.taken().recv());
            if (a == null || b == null) continue;
            PolylineConnection c = new PolylineConnection();
            c.setSourceAnchor(new ChopboxAnchor(a));
            c.setTargetAnchor(new ChopboxAnchor(b));
            c.setTargetDecoration(new PolygonDecoration());
            c.setLineStyle(SWT.LINE_DASH);
            c.setForegroundColor(ORANGE);
            c.setToolTip(new Label("could also match: rank " + w.other().rank() + " " + w.other().describe() + " at line "
                    + w.other().site().line()));
            root.add(c);
            wildcardArcs++;
        }
        if (r.buffers() != null) {
            for (int rank = 0; rank < shown; rank++) {
                List<int[]> iv = r.buffers().receiveIntervals().get(rank);
                int y = TOP + rank * LANE_H + NODE_H + 3;
                List<Integer> rowEnds = new java.util.ArrayList<>();
                for (int[] x : iv) {
                    int from = r.buffers().eventAt(rank, x[0]), to = r.buffers().eventAt(rank, x[1]);
                    int x0 = from < 0 ? LEFT : LEFT + 4 + from * COL_W + NODE_W / 2;
                    int x1 = to < 0 ? x0 + 6 : LEFT + 4 + to * COL_W + NODE_W / 2;
                    int row = 0;
                    while (row < rowEnds.size() && rowEnds.get(row) >= x0) row++;
                    if (row == rowEnds.size()) rowEnds.add(x1);
                    else rowEnds.set(row, x1);
                    // the lane has room for BAR_ROWS rows under its nodes; more overlapping intervals share the last
                    // row (each keeps its tooltip) instead of spilling into the lanes below
                    row = Math.min(row, BAR_ROWS - 1);
                    RectangleFigure bar = new RectangleFigure();
                    bar.setBackgroundColor(BAR);
                    bar.setForegroundColor(ORANGE);
                    bar.setToolTip(new Label("receive buffer interval: the message for the receive at line "
                            + (to < 0 ? "?" : g.trace(rank).get(to).site().line()) + " may wait in a buffer over this span"));
                    root.add(bar, new Rectangle(x0, y + row * 5, Math.max(4, x1 - x0), 4));
                    barLanes.put(bar, rank);
                    bufferBars++;
                }
                if (r.buffers().receiveModel()[rank] > 0) {
                    Label need = new Label(r.buffers().receiveModel()[rank] + " buf");
                    need.setForegroundColor(ORANGE);
                    root.add(need, new Rectangle(4, TOP + rank * LANE_H + 20, LEFT - 8, 16));
                }
            }
        }
        setContents(root);
        lastRenderMillis = (System.nanoTime() - t0) / 1_000_000L;
    }

    private void setContents(Figure root) {
        zoom.setContents(root);
    }

    private List<String> legend = List.of();

    /** The legend's texts as last drawn (tests). */
    public List<String> legend() {
        return legend;
    }

    public int wildcardArcCount() {
        return wildcardArcs;
    }

    public int bufferBarCount() {
        return bufferBars;
    }

    private final java.util.Map<IFigure, Integer> barLanes = new java.util.IdentityHashMap<>();

    /** Buffer bars drawn (by their figure's bounds) outside the band of their own lane (tests). */
    public int barsOutsideTheirLane() {
        int n = 0;
        for (java.util.Map.Entry<IFigure, Integer> e : barLanes.entrySet()) {
            org.eclipse.draw2d.geometry.Rectangle b = e.getKey().getParent().getLayoutManager() == null ? e.getKey().getBounds()
                    : (org.eclipse.draw2d.geometry.Rectangle) e.getKey().getParent().getLayoutManager().getConstraint(e.getKey());
            int laneTop = TOP + e.getValue() * LANE_H;
            if (b.y < laneTop || b.y + b.height > laneTop + LANE_H) n++;
        }
        return n;
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
        if (follower != null) follower.dispose();
        super.dispose();
    }
}
