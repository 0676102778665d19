package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.MarkerAnnotation;
import org.junit.jupiter.api.Test;

/**
 * Live markers: typing a change that removes the deadlock makes its annotations go away while
 * editing (JDT reconcile, before any save), and typing it back brings them back. Measures the
 * time from the edit to the updated annotations.
 */
class LiveEditTest {

    static boolean hasLiveCycle(ITextEditor editor) {
        IAnnotationModel model = editor.getDocumentProvider().getAnnotationModel(editor.getEditorInput());
        for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            Annotation a = it.next();
            if (!(a instanceof MarkerAnnotation) && !a.isMarkedDeleted() && a.getText() != null && a.getText().contains("[send-cycle]")) {
                return true;
            }
        }
        return false;
    }

    static long waitFor(ITextEditor editor, boolean present) {
        long t0 = System.nanoTime();
        long end = System.currentTimeMillis() + 15_000;
        while (System.currentTimeMillis() < end) {
            if (hasLiveCycle(editor) == present) return (System.nanoTime() - t0) / 1_000_000L;
            Workbench.spin(20);
        }
        return -1;
    }

    @Test
    void typingTheFixRemovesTheAnnotationsAndTypingItBackRestoresThem() throws Exception {
        IFile original = Workbench.example("HeadToHead.java");
        IFolder folder = original.getProject().getFolder("src/live");
        if (!folder.exists()) folder.create(true, true, null);
        IFile file = folder.getFile("HeadToHead.java");
        String text = "package live;\n" + Files.readString(original.getLocation().toFile().toPath());
        if (!file.exists()) file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, null);
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        String bad = "MPI.COMM_WORLD.Send(out, 0, out.length, MPI.INT, 0, 0);\n            MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.INT, 0, 0);";
        String good = "MPI.COMM_WORLD.Recv(in, 0, in.length, MPI.INT, 0, 0);\n            MPI.COMM_WORLD.Send(out, 0, out.length, MPI.INT, 0, 0);";
        // make sure the first reconcile has shown the cycle
        doc.replace(doc.getLength(), 0, " ");
        assertTrue(waitFor(editor, true) >= 0, "the cycle is shown while editing");
        List<Long> times = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            int at = doc.get().indexOf(bad);
            doc.replace(at, bad.length(), good);
            long gone = waitFor(editor, false);
            assertTrue(gone >= 0, "annotations disappear after typing the reorder (round " + round + ")");
            times.add(gone);
            at = doc.get().indexOf(good);
            doc.replace(at, good.length(), bad);
            long back = waitFor(editor, true);
            assertTrue(back >= 0, "annotations come back when the cycle is typed back");
            times.add(back);
        }
        Collections.sort(times);
        System.out.println("RENDEZVOUS-MEASURE keystroke-to-annotations median ms: " + times.get(times.size() / 2) + " all: " + times);
        editor.doRevertToSaved();
        editor.close(false);
    }
}
