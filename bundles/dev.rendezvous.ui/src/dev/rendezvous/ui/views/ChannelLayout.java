package dev.rendezvous.ui.views;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.data.LayoutMetaDataService;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Lays out a streaming program's channel DAG with ELK Layered (left to right, one layer per
 * pipeline stage). Pure geometry: the view turns the result into Draw2d figures.
 */
public final class ChannelLayout {
    /** A placed rank. */
    public record Node(int rank, double x, double y, double w, double h) {}

    /** A routed channel: the polyline from the sender to the receiver and where its label goes. */
    public record Edge(int from, int to, List<double[]> points, double labelX, double labelY, String label) {}

    public record Result(List<Node> nodes, List<Edge> edges, double width, double height) {}

    private static boolean registered;

    private ChannelLayout() {}

    private static synchronized void register() {
        if (!registered) {
            LayoutMetaDataService.getInstance().registerLayoutMetaDataProviders(new LayeredOptions());
            registered = true;
        }
    }

    /**
     * @param ranks   the ranks to place
     * @param channels (from, to) pairs
     * @param labels  a label per channel (same order), sized roughly by its text
     */
    public static Result layout(List<Integer> ranks, List<int[]> channels, List<String> labels, double nodeW, double nodeH) {
        register();
        ElkNode graph = ElkGraphUtil.createGraph();
        graph.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        graph.setProperty(CoreOptions.DIRECTION, Direction.RIGHT);
        graph.setProperty(CoreOptions.SPACING_NODE_NODE, 50.0);
        graph.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 150.0);
        graph.setProperty(CoreOptions.SPACING_EDGE_LABEL, 4.0);
        Map<Integer, ElkNode> nodes = new HashMap<>();
        for (int r : ranks) {
            ElkNode n = ElkGraphUtil.createNode(graph);
            n.setDimensions(nodeW, nodeH);
            nodes.put(r, n);
        }
        List<ElkEdge> edges = new ArrayList<>();
        for (int i = 0; i < channels.size(); i++) {
            int[] c = channels.get(i);
            ElkEdge e = ElkGraphUtil.createSimpleEdge(nodes.get(c[0]), nodes.get(c[1]));
            ElkLabel l = ElkGraphUtil.createLabel(labels.get(i), e);
            l.setDimensions(6.5 * labels.get(i).length(), 16);
            l.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            edges.add(e);
        }
        new RecursiveGraphLayoutEngine().layout(graph, new BasicProgressMonitor());
        List<Node> placed = new ArrayList<>();
        for (int r : ranks) {
            ElkNode n = nodes.get(r);
            placed.add(new Node(r, n.getX(), n.getY(), n.getWidth(), n.getHeight()));
        }
        List<Edge> routed = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) {
            ElkEdge e = edges.get(i);
            List<double[]> pts = new ArrayList<>();
            if (!e.getSections().isEmpty()) {
                ElkEdgeSection s = e.getSections().get(0);
                pts.add(new double[] {s.getStartX(), s.getStartY()});
                for (ElkBendPoint b : s.getBendPoints()) pts.add(new double[] {b.getX(), b.getY()});
                pts.add(new double[] {s.getEndX(), s.getEndY()});
            }
            ElkLabel l = e.getLabels().get(0);
            routed.add(new Edge(channels.get(i)[0], channels.get(i)[1], pts, l.getX(), l.getY(), l.getText()));
        }
        return new Result(placed, routed, graph.getWidth(), graph.getHeight());
    }
}
