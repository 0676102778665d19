package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.markers.RendezvousMarkers;

/** Quick fixes from the markers: applying each removes the deadlock markers and the file still compiles. */
class QuickFixTest {

    private IFile copyOfHeadToHead(String pkg) throws Exception {
        IFile original = Workbench.example("HeadToHead.java");
        return inExamples(pkg, "HeadToHead.java", "package " + pkg + ";\n" + Files.readString(original.getLocation().toFile().toPath()));
    }

    /** {@code text} as {@code src/pkg/name} of the examples project (replacing an earlier one), built. */
    private IFile inExamples(String pkg, String name, String text) throws Exception {
        IFolder folder = Workbench.example("HeadToHead.java").getProject().getFolder("src/" + pkg);
        if (!folder.exists()) folder.create(true, true, null);
        IFile file = folder.getFile(name);
        if (file.exists()) file.delete(true, null);
        file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, null);
        Workbench.build(file.getProject());
        return file;
    }

    @Test
    void everyResolutionOnTheSendCycleFixesIt() throws Exception {
        // Sendrecv, Isend + Wait, Bsend + Buffer_attach, then the two ways to silence it
        // (// rendezvous:ignore above the line, @SuppressWarnings on the method)
        int count = 5;
        for (int which = 0; which < count; which++) {
            IFile file = copyOfHeadToHead("fix" + which);
            assertEquals(Set.of(19), MarkersTest.errorLines(file), "one marker, on the first Send (one line lower: package)");
            IMarker marker = Arrays.stream(file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                    .filter(m -> m.getAttribute(IMarker.LINE_NUMBER, -1) == 19).findFirst().orElseThrow();
            assertTrue(IDE.getMarkerHelpRegistry().hasResolutions(marker), "the marker offers quick fixes");
            IMarkerResolution[] fixes = IDE.getMarkerHelpRegistry().getResolutions(marker);
            assertEquals(count, fixes.length, "Sendrecv, Isend + Wait, Bsend, two suppressions: " + Arrays.toString(
                    Arrays.stream(fixes).map(IMarkerResolution::getLabel).toArray()));
            if (which >= 3) assertTrue(fixes[which].getLabel().startsWith("Suppress"), fixes[which].getLabel());
            fixes[which].run(marker);
            // the edit went to the file buffer; save it and build as the user would
            org.eclipse.core.filebuffers.ITextFileBufferManager m = org.eclipse.core.filebuffers.FileBuffers.getTextFileBufferManager();
            m.connect(file.getFullPath(), org.eclipse.core.filebuffers.LocationKind.IFILE, null);
            m.getTextFileBuffer(file.getFullPath(), org.eclipse.core.filebuffers.LocationKind.IFILE).commit(null, true);
            m.disconnect(file.getFullPath(), org.eclipse.core.filebuffers.LocationKind.IFILE, null);
            Workbench.build(file.getProject());
            assertEquals(Set.of(), MarkersTest.errorLines(file), fixes[which].getLabel() + " removes the markers");
            IMarker[] javaErrors = file.findMarkers(org.eclipse.jdt.core.IJavaModelMarker.JAVA_MODEL_PROBLEM_MARKER, true, IResource.DEPTH_ZERO);
            if (new java.io.File(dev.rendezvous.ui.ExamplesProject.MPJ_JAR).exists()) {
                assertFalse(Arrays.stream(javaErrors).anyMatch(x -> x.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR),
                        fixes[which].getLabel() + " compiles against mpj.jar");
            }
        }
    }

    /**
     * A marker names every process count at which its finding appears (2, 4 and 8 here), and its fixes are those
     * confirmed at each of them: two ranks swap by Ssend, and every other rank sends to rank 0 as well. Sendrecv and
     * Isend remove the deadlock at np=2 only (ranks 2 and up still hang at 4 and 8), so only the suppressions are
     * offered (before, the fixes of the first count were, and applying one left the marker in place).
     */
    @Test
    void aFixThatLeavesTheDeadlockAtAnotherCountOfTheMarkerIsNotOffered() throws Exception {
        IFile file = inExamples("pairs", "PairSwap.java", """
                package pairs;
                import mpi.*;
                public class PairSwap {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] edge = new int[8], ghost = new int[8];
                        if (rank == 0) {
                            MPI.COMM_WORLD.Ssend(edge, 0, edge.length, MPI.INT, 1, 0);
                            MPI.COMM_WORLD.Recv(ghost, 0, ghost.length, MPI.INT, 1, 0);
                        } else {
                            MPI.COMM_WORLD.Ssend(edge, 0, edge.length, MPI.INT, 0, 0);
                            MPI.COMM_WORLD.Recv(ghost, 0, ghost.length, MPI.INT, 0, 0);
                        }
                        MPI.Finalize();
                    }
                }
                """);
        IMarker marker = Arrays.stream(file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                .filter(m -> m.getAttribute(RendezvousMarkers.KIND, "").equals("send-cycle")).findFirst().orElseThrow();
        assertTrue(marker.getAttribute(IMarker.MESSAGE, "").contains("np=2,4,8"), marker.getAttribute(IMarker.MESSAGE, ""));
        String[] labels = Arrays.stream(IDE.getMarkerHelpRegistry().getResolutions(marker)).map(IMarkerResolution::getLabel)
                .toArray(String[]::new);
        assertTrue(labels.length == 2 && Arrays.stream(labels).allMatch(l -> l.startsWith("Suppress")), Arrays.toString(labels));
        file.delete(true, null);
    }

    @Test
    void aFixAppliedInTheEditorIsUndoneInOneStep() throws Exception {
        IFile file = copyOfHeadToHead("undo");
        org.eclipse.ui.IWorkbenchPage page = org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        org.eclipse.ui.texteditor.ITextEditor editor = (org.eclipse.ui.texteditor.ITextEditor) IDE.openEditor(page, file);
        org.eclipse.jface.text.IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        String before = doc.get();
        IMarker marker = Arrays.stream(file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                .filter(m -> m.getAttribute(IMarker.LINE_NUMBER, -1) == 19).findFirst().orElseThrow();
        IMarkerResolution[] fixes = IDE.getMarkerHelpRegistry().getResolutions(marker);
        IMarkerResolution isend = Arrays.stream(fixes).filter(f -> f.getLabel().contains("Isend")).findFirst().orElseThrow();
        String preview = ((org.eclipse.ui.IMarkerResolution2) isend).getDescription();
        assertTrue(preview.contains("Before:") && preview.contains("After:"), preview);
        String afterPart = preview.substring(preview.indexOf("After:"), preview.indexOf("Before:"));
        String beforePart = preview.substring(preview.indexOf("Before:"));
        assertTrue(!beforePart.contains("Isend(") && afterPart.contains("Isend("), "the preview shows the Isend only after the change: " + preview);
        assertTrue(preview.contains(".Wait();"), "both edits are in the preview: " + preview);
        isend.run(marker); // two edits: the Send becomes Isend, a Wait goes after the Recv
        assertTrue(doc.get().contains("Isend") && doc.get().contains(".Wait();"), "the fix is in the open editor, unsaved");
        assertTrue(editor.isDirty(), "the change waits for the user to save it");
        assertFalse(marker.exists(), "the fixed finding's marker is gone at once, before any save");
        assertEquals(Set.of(), MarkersTest.errorLines(file), "nothing stale left in the Problems view");
        editor.getAdapter(org.eclipse.jface.text.ITextOperationTarget.class).doOperation(org.eclipse.jface.text.ITextOperationTarget.UNDO);
        assertEquals(before, doc.get(), "one Undo restores the file");
        editor.close(false);
    }
}
