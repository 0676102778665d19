package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.views.CommunicationGraphView;

/** The Communication Graph view draws lanes, arcs and the red cycle; a screenshot is saved. */
class GraphViewTest {

    @Test
    void headToHeadGraphHasTwoLanesTwoArcsAndARedCycle() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        page.showView("org.eclipse.ui.views.ProblemView");
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.showEditor(editor);
        view.join();
        Workbench.spin(500);
        assertEquals(2, view.laneCount());
        assertEquals(2, view.arcCount(), "each Send has an arc to the Recv that takes it");
        assertEquals(2, view.redNodeCount(), "both Sends of the cycle are red");
        editor.selectAndReveal(editor.getDocumentProvider().getDocument(editor.getEditorInput()).getLineOffset(17), 0);
        Path shot = Workbench.screenshot("ide-head-to-head");
        assertTrue(Files.size(shot) > 10_000, "screenshot written: " + shot);
    }

    @Test
    void theViewFollowsTheActiveEditorAndRedrawsAfterEdits() throws Exception {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        IFile ring = Workbench.example("Ring.java");
        ITextEditor ringEditor = (ITextEditor) IDE.openEditor(page, ring);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.show(ring.getFullPath().toString(), ringEditor.getDocumentProvider().getDocument(ringEditor.getEditorInput()).get(), 2);
        view.join();
        assertEquals(0, view.redNodeCount(), "Ring has no cycle");
        // another Java editor becomes active: the view follows it
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, Workbench.example("HeadToHead.java"));
        view.join();
        assertEquals(2, view.redNodeCount(), "the view now shows HeadToHead's send cycle");
        // an edit that removes the cycle: after the pause the view draws the edited program
        var doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        String original = doc.get();
        doc.set(Files.readString(Workbench.repo().resolve("examples/HeadToHeadSendrecv.java")).replace("HeadToHeadSendrecv", "HeadToHead"));
        Workbench.spin(900);
        view.join();
        assertEquals(0, view.redNodeCount(), "redrawn from the edited text");
        doc.set(original);
        Workbench.spin(900);
        view.join();
        assertEquals(2, view.redNodeCount());
        editor.close(false);
    }

    @Test
    void ringAtEightRanksHasEightLanes() throws Exception {
        IFile file = Workbench.example("Ring.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 8);
        view.join();
        assertEquals(8, view.laneCount());
        assertEquals(8, view.arcCount());
        assertEquals(0, view.redNodeCount());
        long at8 = view.lastRenderMillis();
        Workbench.screenshot("ide-ring-np8");
        // np = 1024: lanes are capped so the view stays responsive
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 1024);
        view.join();
        Workbench.spin(200);
        assertEquals(48, view.laneCount(), "only the first lanes are drawn");
        System.out.println("RENDEZVOUS-MEASURE graph view render ms: np=8 " + at8 + ", np=1024 " + view.lastRenderMillis());
    }

    @Test
    void aGraphLargerThanTheViewIsFittedAndScrollsAtFullSize() throws Exception {
        IFile file = Workbench.example("Ring.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.fitToView(); // a new drawing fits itself until the user zooms
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 16);
        view.join();
        Workbench.spin(300);
        assertEquals(16, view.laneCount());
        // a new drawing shrinks towards the view, but not below a readable size: the rest scrolls
        assertTrue(view.zoom() < 1.0 && view.zoom() >= 0.6, "zoom " + view.zoom());
        assertTrue(view.drawingFits() || view.scrolls(), "what does not fit is reached by scrolling");
        Workbench.screenshot("ide-ring-np16-readable");
        view.fitToView(); // the Fit button: all of it
        Workbench.spin(300);
        assertTrue(view.drawingFits(), "sixteen lanes scaled to the view, zoom " + view.zoom());
        Workbench.screenshot("ide-ring-np16-fitted");
        view.setZoom(1.0);
        Workbench.spin(300);
        assertTrue(!view.drawingFits() && view.scrolls(), "at 100% the lanes below the view are reached by scrolling");
        Workbench.screenshot("ide-ring-np16-scrolls");
        view.fitToView();
        Workbench.spin(300);
        assertTrue(view.drawingFits());
        // leave the view as the other tests expect it: two processes
        view.show(file.getFullPath().toString(), editor.getDocumentProvider().getDocument(editor.getEditorInput()).get(), 2);
        view.join();
    }
}
