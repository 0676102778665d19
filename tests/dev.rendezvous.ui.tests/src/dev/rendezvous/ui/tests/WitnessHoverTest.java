package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.markers.WitnessHover;

/** The witness hover: findings at the line, the witness with links, and a link that jumps to the partner line. */
class WitnessHoverTest {

    @Test
    void hoverOnASendOfTheCycleLinksToThePartnerSend() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        WitnessHover.Info info = WitnessHover.infoAt(file.getFullPath().toString(), doc, 18, editor);
        assertNotNull(info, "a finding at line 18");
        assertEquals("send-cycle", info.findings().get(0).kind().id());
        assertTrue(info.bufferLines().stream().anyMatch(l -> l.startsWith("rank 0")), info.bufferLines().toString());
        assertEquals(null, WitnessHover.infoAt(file.getFullPath().toString(), doc, 2, editor), "nothing on a line without a finding");

        WitnessHover.WitnessControl control = new WitnessHover.WitnessControl(editor.getSite().getShell());
        control.setInput(info);
        assertTrue(control.hasContents());
        assertTrue(control.texts().stream().anyMatch(t -> t.contains("<a href=\"21\">line 21</a>")),
                "the witness names rank 1's Send at line 21 as a link: " + control.texts());
        assertTrue(control.texts().stream().anyMatch(t -> t.startsWith("What it means: Ranks send to each other")),
                "the hover explains the kind in plain words: " + control.texts());
        assertTrue(control.texts().stream().anyMatch(t -> t.startsWith("What it means: ") && t.endsWith("<a href=\"help:send-cycle\">More in Help</a>")),
                "the explanation links to the kind's help page: " + control.texts());
        try (var helpPage = org.eclipse.help.HelpSystem.getHelpContent(
                dev.rendezvous.ui.HelpContexts.kindPage(dev.rendezvous.core.model.FindingKind.SEND_CYCLE))) {
            assertNotNull(helpPage, "the help plug-in has the page the link opens");
        }
        org.eclipse.swt.graphics.Point size = control.computeSizeHint();
        control.setSize(size.x, size.y);
        control.setLocation(new org.eclipse.swt.graphics.Point(editor.getSite().getShell().getBounds().x + 300,
                editor.getSite().getShell().getBounds().y + 260));
        control.setVisible(true);
        Workbench.spin(300);
        Workbench.screenshot("ide-witness-hover");
        control.go(21);
        ITextSelection sel = (ITextSelection) editor.getSelectionProvider().getSelection();
        assertEquals(20, sel.getStartLine(), "the link selected line 21 (0-based 20)");
    }
}
