package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.views.ChannelGraphView;
import dev.rendezvous.ui.views.CommunicationGraphView;

/** The Channel Graph view (ELK layout) and the Communication Graph's wildcard arcs, buffer bars, zoom and export. */
class ChannelGraphViewTest {

    @Test
    void filterDiamondShowsFourStagesTheRedCycleAndBothIntervals() throws Exception {
        IFile file = Workbench.example("FilterDiamond.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        ChannelGraphView view = (ChannelGraphView) page.showView(ChannelGraphView.ID);
        view.showEditor(editor, 4);
        view.join();
        Workbench.spin(300);
        assertEquals(4, view.stageCount());
        assertEquals(4, view.channelCount(), "the flow-control acknowledgements are not channels: " + view.channelLabels());
        assertEquals(4, view.redChannelCount(), "the diamond is one undirected cycle");
        assertTrue(view.channelLabels().stream().anyMatch(l -> l.startsWith("0->1") && l.contains("cap 2, dummy 3 / 2")),
                "capacity from the program's SLOTS table, Algorithm 4 / Algorithm 6 intervals: " + view.channelLabels());
        assertTrue(view.channelLabels().stream().anyMatch(l -> l.startsWith("1->3") && l.contains("cap 3, dummy \u221e / 2")),
                view.channelLabels().toString());
        assertEquals(3, view.legend().size(), view.legend().toString());
        assertTrue(view.legend().stream().anyMatch(l -> l.contains("can deadlock when stages filter")), view.legend().toString());
        Path exports = Path.of(System.getProperty("rendezvous.screenshots", "target/screenshots"));
        Files.createDirectories(exports);
        view.exportPng(exports.resolve("export-filter-diamond.png"));
        assertTrue(Files.size(exports.resolve("export-filter-diamond.png")) > 2_000, "the Channel Graph exports too");
        page.toggleZoom(page.getReference(view)); // maximised, so the screenshot shows the whole graph
        Workbench.spin(300);
        Path shot = Workbench.screenshot("ide-channel-graph-filter-diamond");
        page.toggleZoom(page.getReference(view));
        assertTrue(Files.size(shot) > 10_000);
        // the Channel Graph zooms and fits like the Communication Graph
        view.setZoom(2.0);
        Workbench.spin(200);
        assertEquals(2.0, view.zoom(), 1e-9);
        assertFalse(view.drawingFits(), "at 200% the diamond is larger than the view");
        view.fitToView();
        Workbench.spin(200);
        assertTrue(view.drawingFits(), "Fit shows all four stages, zoom " + view.zoom());
        Workbench.screenshot("ide-channel-graph-fitted");
    }

    @Test
    void wildcardCandidatesAreDashedAndBufferIntervalsAreBars() throws Exception {
        IFile file = Workbench.example("GatherStorm.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 4);
        view.join();
        Workbench.spin(300);
        assertTrue(view.bufferBarCount() >= 3, "the root's receive intervals are drawn: " + view.bufferBarCount());
        assertTrue(view.legend().stream().anyMatch(l -> l.contains("receive buffer")), "the legend explains the bars: " + view.legend());
        assertTrue(view.legend().stream().anyMatch(l -> l.contains("wildcard")), view.legend().toString());
        view.setZoom(0.8);
        assertEquals(0.8, view.zoom(), 1e-9);
        Path dir = Path.of(System.getProperty("rendezvous.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        view.exportPng(dir.resolve("export-gather-storm.png"));
        view.exportSvg(dir.resolve("export-gather-storm.svg"));
        assertTrue(Files.size(dir.resolve("export-gather-storm.png")) > 2_000);
        assertTrue(Files.readString(dir.resolve("export-gather-storm.svg")).startsWith("<svg"));
        view.setZoom(1.0);
        page.toggleZoom(page.getReference(view));
        Workbench.spin(300);
        Workbench.screenshot("ide-gather-storm-buffers");
        page.toggleZoom(page.getReference(view));
    }

    @Test
    void manyOverlappingBufferIntervalsStayInTheirLane() throws Exception {
        // GatherStorm at np=16: the root has 15 overlapping receive intervals; they used to be stacked
        // downwards into the lanes of ranks 1, 2, ...
        IFile file = Workbench.example("GatherStorm.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 16);
        view.join();
        Workbench.spin(300);
        assertTrue(view.bufferBarCount() >= 15, "bars drawn: " + view.bufferBarCount());
        assertEquals(0, view.barsOutsideTheirLane());
        view.setZoom(1.0);
        page.toggleZoom(page.getReference(view));
        Workbench.spin(300);
        Workbench.screenshot("ide-gather-storm-np16");
        page.toggleZoom(page.getReference(view));
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 2);
        view.join();
    }

    @Test
    void aWildcardReceiveGetsDashedCandidateArcs() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        String src = "import mpi.*;\npublic class AnyOrder {\n  public static void main(String[] a) throws Exception {\n"
                + "    MPI.Init(a);\n    int me = MPI.COMM_WORLD.Rank();\n    int[] v = new int[1];\n"
                + "    if (me == 0) {\n      for (int i = 1; i < 3; i++) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);\n"
                + "    } else {\n      MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0);\n    }\n    MPI.Finalize();\n  }\n}\n";
        view.show(file.getFullPath().toString().replace("HeadToHead", "AnyOrder"), src, 3);
        view.join();
        Workbench.spin(200);
        assertEquals(2, view.arcCount());
        assertEquals(1, view.wildcardArcCount(), "the first wildcard receive could also take the other rank's message");
    }
}
