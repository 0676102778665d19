package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.AnalyseHandler;

/** "Analyse with Rendezvous" on a selected file: the project is analysed again in a job with progress. */
class AnalyseCommandTest {
    static final String PROBLEM = "dev.rendezvous.ui.problem";

    @Test
    void theCommandBringsTheMarkersBack() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        Workbench.build(file.getProject());
        file.deleteMarkers(PROBLEM, true, IResource.DEPTH_ZERO);
        assertEquals(0, file.findMarkers(PROBLEM, true, IResource.DEPTH_ZERO).length);
        ICommandService commands = PlatformUI.getWorkbench().getService(ICommandService.class);
        assertTrue(commands.getCommand("dev.rendezvous.ui.analyse").isDefined(), "the command is contributed");
        assertNull(AnalyseHandler.schedule(StructuredSelection.EMPTY), "nothing selected: nothing to do");
        WorkspaceJob job = AnalyseHandler.schedule(new StructuredSelection(file));
        assertNotNull(job);
        assertTrue(job.isUser(), "shown with a progress dialog, cancellable");
        job.join();
        Workbench.spin(200);
        IMarker[] markers = file.findMarkers(PROBLEM, true, IResource.DEPTH_ZERO);
        assertTrue(Arrays.stream(markers).anyMatch(m -> "send-cycle".equals(m.getAttribute("kind", ""))),
                "the send cycle is marked again: " + markers.length + " marker(s)");
    }
}
