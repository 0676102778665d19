package dev.rendezvous.ui.views;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.ColorConstants;
import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.LineBorder;
import org.eclipse.draw2d.MouseEvent;
import org.eclipse.draw2d.MouseListener;
import org.eclipse.draw2d.PolygonDecoration;
import org.eclipse.draw2d.PolylineConnection;
import org.eclipse.draw2d.RectangleFigure;
import org.eclipse.draw2d.StackLayout;
import org.eclipse.draw2d.XYLayout;
import org.eclipse.draw2d.geometry.Point;
import org.eclipse.draw2d.geometry.PointList;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.rendezvous.ui.HelpContexts;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.analysis.streaming.ChannelGraph;
import dev.rendezvous.core.analysis.streaming.FilteringCycle;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.ui.IdeAnalysis;

/**
 * The Channel Graph of a streaming program (streaming paper §2): one box per stage (rank), one
 * arrow per channel labelled with its capacity and both dummy intervals — Algorithm 4's
 * (dummies forwarded) and Algorithm 6's (not forwarded) — and the channels of the undirected
 * cycle that can deadlock under filtering drawn in red. Laid out by ELK Layered; clicking a stage
 * or a channel label selects the channel's send in the editor.
 */
public final class ChannelGraphView extends ViewPart {
    public static final String ID = "dev.rendezvous.ui.views.ChannelGraph";
    private static final Color RED = new Color(null, 220, 40, 40);
    private static final Color STAGE_BG = new Color(null, 235, 242, 252);
    private static final int NODE_W = 110, NODE_H = 40, MARGIN = 30;

    private FigureCanvas canvas;
    private ZoomControl zoom;
    private Spinner npSpinner;
    private ITextEditor editor;
    private String file, source;
    private Job job;
    private int stages, channels, redChannels;
    private final List<String> channelLabels = new ArrayList<>();

    @Override
    public void createPartControl(Composite parent) {
        HelpContexts.attach(parent, HelpContexts.CHANNEL_GRAPH);
        npSpinner = GraphViewParts.processCounts(parent, 4, 1024, 4, this::refresh);
        canvas = GraphViewParts.canvas(parent, new Label("Open a streaming MPJ program and choose Show Channel Graph"));
        zoom = new ZoomControl(canvas);
        var toolbar = getViewSite().getActionBars().getToolBarManager();
        zoom.addActions(toolbar);
        toolbar.add(ZoomControl.action("Export PNG...",
                () -> GraphViewParts.exportWithDialog(canvas.getShell(), "channel-graph.png", this::exportPng)));
        follower = new GraphViewParts.EditorFollower(getViewSite(), e -> showEditor(e, 0));
    }

    private GraphViewParts.EditorFollower follower;

    /** Writes the drawn channel graph as a PNG (at the current zoom). */
    public void exportPng(java.nio.file.Path out) throws java.io.IOException {
        zoom.exportPng(out);
    }

    /** Sets the zoom (0.1 to 4); later drawings keep it. */
    public void setZoom(double scale) {
        zoom.setZoom(scale);
    }

    public double zoom() {
        return zoom.zoom();
    }

    /** Scales the drawing so that all of it is visible in the view: the Fit button. */
    public void fitToView() {
        zoom.fitToView();
    }

    /** Whether the whole drawing is visible at the current zoom (tests). */
    public boolean drawingFits() {
        return zoom.drawingFits();
    }

    public void showEditor(ITextEditor textEditor, int np) {
        this.editor = textEditor;
        if (follower != null) follower.watch(textEditor);
        IDocument doc = textEditor.getDocumentProvider().getDocument(textEditor.getEditorInput());
        this.file = IdeAnalysis.fileOf(textEditor);
        this.source = doc.get();
        if (np > 0) npSpinner.setSelection(np);
        refresh();
    }

    private void refresh() {
        if (source == null) return;
        int np = npSpinner.getSelection();
        String f = file, s = source;
        if (job != null) job.cancel();
        job = Job.create("Rendezvous: channel graph of " + f, (IProgressMonitor monitor) -> {
            RunReport r = IdeAnalysis.analyzeOne(f, s, np, monitor::isCanceled);
            if (monitor.isCanceled()) return Status.CANCEL_STATUS;
            Model m = model(r);
            ChannelLayout.Result layout = m == null ? null : ChannelLayout.layout(m.ranks, m.ends, m.labels, NODE_W, NODE_H);
            Display.getDefault().asyncExec(() -> {
                if (!canvas.isDisposed()) render(r, m, layout);
            });
            return Status.OK_STATUS;
        });
        job.schedule();
    }

    /** What is drawn: stages, channels with their labels, and which channels are on the cycle. */
    record Model(List<Integer> ranks, List<int[]> ends, List<String> labels, List<ChannelGraph.Channel> channels,
            Set<String> onCycle) {}

    static Model model(RunReport r) {
        if (r.graph() == null) return null;
        ChannelGraph cg = ChannelGraph.of(r.graph());
        if (!cg.isStreaming()) return null;
        Map<String, FilteringCycle.Interval> iv = new HashMap<>();
        for (FilteringCycle.Interval i : r.dummyIntervals()) iv.put(i.from() + "->" + i.to(), i);
        Set<String> onCycle = new HashSet<>();
        for (ChannelGraph.Channel c : cg.undirectedCycle()) onCycle.add(c.toString());
        List<Integer> ranks = new ArrayList<>();
        List<int[]> ends = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (ChannelGraph.Channel c : cg.channels()) {
            if (!ranks.contains(c.from())) ranks.add(c.from());
            if (!ranks.contains(c.to())) ranks.add(c.to());
            ends.add(new int[] {c.from(), c.to()});
            FilteringCycle.Interval i = iv.get(c.toString());
            StringBuilder l = new StringBuilder(c.messages() + " msgs");
            if (i != null) {
                l.append(", cap ").append(i.capacity()).append(", dummy ").append(i.propagation() == null ? "\u221e" : i.propagation())
                        .append(" / ").append(i.nonPropagation() == null ? "\u221e" : i.nonPropagation());
            }
            labels.add(l.toString());
        }
        return new Model(ranks, ends, labels, cg.channels(), onCycle);
    }

    void render(RunReport r, Model m, ChannelLayout.Result layout) {
        Figure root = new Figure();
        root.setLayoutManager(new XYLayout());
        stages = channels = redChannels = 0;
        channelLabels.clear();
        boolean deadlock = r.findings().stream().anyMatch(f -> f.kind() == FindingKind.FILTERING_CYCLE);
        boolean cycle = m != null && !m.onCycle().isEmpty();
        Label head = new Label(file + "  np=" + r.np() + (m == null ? "  (not a streaming pipeline)"
                : deadlock ? "  undirected cycle: can deadlock when stages filter messages (Theorem 2.2)"
                        : cycle ? "  undirected cycle, but no stage filters in this run: no filtering deadlock (Theorem 3.1)"
                                : "  no undirected cycle: no filtering deadlock"));
        head.setForegroundColor(deadlock ? RED : ColorConstants.darkGreen);
        root.add(head, new Rectangle(8, 4, GraphViewParts.textWidth(head.getText()), 20)); // as wide as its text: a wider box would make Fit shrink the graph
        if (m == null || layout == null) {
            zoom.setContents(root);
            return;
        }
        Map<Integer, RectangleFigure> boxes = new HashMap<>();
        for (ChannelLayout.Node n : layout.nodes()) {
            RectangleFigure box = new RectangleFigure();
            box.setLayoutManager(new StackLayout());
            box.setBackgroundColor(STAGE_BG);
            box.setBorder(new LineBorder(ColorConstants.gray));
            box.add(new Label("rank " + n.rank()));
            root.add(box, new Rectangle((int) n.x() + MARGIN, (int) n.y() + MARGIN + 20, (int) n.w(), (int) n.h()));
            boxes.put(n.rank(), box);
            stages++;
        }
        for (int k = 0; k < layout.edges().size(); k++) {
            ChannelLayout.Edge e = layout.edges().get(k);
            ChannelGraph.Channel ch = m.channels().get(k);
            boolean red = deadlock && m.onCycle().contains(ch.toString()); // red only where a filtering deadlock is reported
            PolylineConnection line = new PolylineConnection();
            PointList pts = new PointList();
            for (double[] p : e.points()) pts.addPoint(new Point((int) p[0] + MARGIN, (int) p[1] + MARGIN + 20));
            line.setPoints(pts);
            line.setTargetDecoration(new PolygonDecoration());
            line.setForegroundColor(red ? RED : ColorConstants.darkBlue);
            line.setLineWidth(red ? 2 : 1);
            root.add(line);
            Label text = new Label(e.label());
            text.setForegroundColor(red ? RED : ColorConstants.black);
            text.setToolTip(new Label("channel " + ch + ": first sent at line " + ch.firstSend().site().line()
                    + ", received at line " + ch.firstRecv().site().line()));
            final Event send = ch.firstSend();
            text.addMouseListener(new MouseListener.Stub() {
                @Override
                public void mousePressed(MouseEvent me) {
                    if (editor != null) editor.selectAndReveal(send.site().start(), send.site().length());
                }
            });
            root.add(text, new Rectangle((int) e.labelX() + MARGIN, (int) e.labelY() + MARGIN + 20, GraphViewParts.textWidth(e.label()), 16));
            channels++;
            channelLabels.add(ch + " " + e.label());
            if (red) redChannels++;
        }
        int bottom = 0, right = 0;
        for (ChannelLayout.Node n : layout.nodes()) {
            bottom = Math.max(bottom, (int) (n.y() + n.h()));
            right = Math.max(right, (int) (n.x() + n.w()) + MARGIN);
        }
        for (ChannelLayout.Edge e : layout.edges()) {
            for (double[] p : e.points()) bottom = Math.max(bottom, (int) p[1]);
            bottom = Math.max(bottom, (int) e.labelY() + 16);
        }
        legend = GraphViewParts.legend(root, 8, bottom + MARGIN + 34, Math.max(right, 600), List.of(
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.BOX, ColorConstants.gray, "stage (one rank)"),
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.ARROW, ColorConstants.darkBlue,
                        "channel; label: messages, capacity, a dummy message at least every N items (forwarded / not forwarded)"),
                new GraphViewParts.LegendEntry(GraphViewParts.Sample.ARROW, RED, "channel of a cycle that can deadlock when stages filter")));
        zoom.setContents(root);
    }

    public void join() throws InterruptedException {
        GraphViewParts.join(job);
    }

    public int stageCount() {
        return stages;
    }

    public int channelCount() {
        return channels;
    }

    public int redChannelCount() {
        return redChannels;
    }

    private List<String> legend = List.of();

    /** The legend's texts as last drawn (tests). */
    public List<String> legend() {
        return legend;
    }

    public List<String> channelLabels() {
        return List.copyOf(channelLabels);
    }

    @Override
    public void setFocus() {
        canvas.setFocus();
    }

    @Override
    public void dispose() {
        if (job != null) job.cancel();
        if (follower != null) follower.dispose();
        super.dispose();
    }
}
