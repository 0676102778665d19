package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.PageBookView;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.views.CommunicationGraphView;

/** The Java editor's Outline offers both graph commands in its context menu, and they work from there. */
class OutlineMenuTest {

    @Test
    void outlineContextMenuShowsTheGraphOfTheEditorsProgram() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        // the graph view first shows another program (Ring, no red node) at np=2
        IFile ring = Workbench.example("Ring.java");
        ITextEditor ringEditor = (ITextEditor) IDE.openEditor(page, ring);
        CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
        view.show(ring.getFullPath().toString(), ringEditor.getDocumentProvider().getDocument(ringEditor.getEditorInput()).get(), 2);
        view.join();
        assertEquals(0, view.redNodeCount());
        IDE.openEditor(page, file);
        PageBookView outline = (PageBookView) page.showView(IPageLayout.ID_OUTLINE);
        Workbench.spin(500);
        Control control = outline.getCurrentPage().getControl();
        assertTrue(control instanceof Tree, "JDT's outline is a tree: " + control);
        Tree tree = (Tree) control;
        assertTrue(tree.getItemCount() > 0, "the outline lists the file's elements");
        tree.setSelection(tree.getItem(tree.getItemCount() - 1));
        Menu menu = tree.getMenu();
        assertNotNull(menu, "the outline has a context menu");
        menu.notifyListeners(SWT.Show, new Event());
        Workbench.spin(100);
        List<String> items = Arrays.stream(menu.getItems()).map(MenuItem::getText).toList();
        MenuItem show = Arrays.stream(menu.getItems()).filter(i -> i.getText().startsWith("Show Communication Graph"))
                .findFirst().orElse(null);
        assertNotNull(show, "Show Communication Graph in the outline's menu: " + items);
        assertTrue(items.stream().anyMatch(t -> t.startsWith("Show Channel Graph")), items.toString());
        Workbench.screenshot("ide-outline-menu");
        show.notifyListeners(SWT.Selection, new Event());
        menu.notifyListeners(SWT.Hide, new Event());
        assertEquals(view, page.findView(CommunicationGraphView.ID));
        view.join();
        assertEquals(2, view.laneCount());
        assertEquals(2, view.redNodeCount(), "the view now shows HeadToHead (the outline's file) with its red send cycle");
    }
}
