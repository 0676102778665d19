package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.filesystem.IFileStore;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.markers.ExternalFiles;

/** A file opened from outside the workspace (File > Open File) gets its findings as editor annotations, and says so. */
class ExternalFileTest {

    @Test
    void anMpjFileOutsideTheWorkspaceIsAnalysedInTheEditor() throws Exception {
        Path dir = Files.createTempDirectory("rendezvous-outside");
        Path copy = dir.resolve("HeadToHead.java");
        Files.copy(Workbench.repo().resolve("examples/HeadToHead.java"), copy);
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        IFileStore store = EFS.getLocalFileSystem().getStore(copy.toUri());
        IEditorPart part = IDE.openEditorOnFileStore(page, store);
        ITextEditor editor = part instanceof ITextEditor t ? t : part.getAdapter(ITextEditor.class);
        assertNotNull(editor, "a text editor: " + part);
        ExternalFiles.track(part); // normally done by the part listener installed at start-up; tracking twice is harmless
        ExternalFiles.join(editor);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        var model = editor.getDocumentProvider().getAnnotationModel(editor.getEditorInput());
        assertNotNull(model, "the editor has an annotation model");
        List<Annotation> shown = ExternalFiles.annotations(editor);
        Annotation cycle = shown.stream().filter(a -> a.getText().contains("[send-cycle]")).findFirst().orElse(null);
        assertNotNull(cycle, "the send cycle is shown: " + shown.stream().map(Annotation::getText).toList());
        assertEquals("org.eclipse.ui.workbench.texteditor.error", cycle.getType());
        Position p = model.getPosition(cycle);
        assertNotNull(p, "the annotation is in the editor's model");
        assertEquals(18, doc.getLineOfOffset(p.getOffset()) + 1, "at the first Send of the cycle");
        assertTrue(ExternalFiles.statusOf(editor).contains("not in the Problems view"), ExternalFiles.statusOf(editor));
        editor.selectAndReveal(p.getOffset(), 0);
        Workbench.spin(300);
        Workbench.screenshot("ide-external-file");

        // typing the fixed program: the error goes after the pause
        doc.set(Files.readString(Workbench.repo().resolve("examples/HeadToHeadSendrecv.java")).replace("HeadToHeadSendrecv", "HeadToHead"));
        ExternalFiles.join(editor);
        assertTrue(ExternalFiles.annotations(editor).stream().noneMatch(a -> a.getType().endsWith(".error")),
                "no error after the fix: " + ExternalFiles.annotations(editor).stream().map(Annotation::getText).toList());
        assertTrue(ExternalFiles.statusOf(editor).startsWith("Rendezvous: 0 error(s)"), ExternalFiles.statusOf(editor));
        editor.doRevertToSaved();
        editor.close(false);
    }
}
