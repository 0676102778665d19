package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.markers.RendezvousMarkers;

/** The build puts Rendezvous markers on both Sends of the head-to-head cycle, and none on clean code. */
class MarkersTest {

    static Set<Integer> errorLines(IFile file) throws Exception {
        Set<Integer> lines = new TreeSet<>();
        for (IMarker m : file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO)) {
            if (m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR) lines.add(m.getAttribute(IMarker.LINE_NUMBER, -1));
        }
        return lines;
    }

    @Test
    void headToHeadHasMarkersOnBothSends() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        assertEquals(Set.of(18, 21), errorLines(file));
        IMarker m = Arrays.stream(file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                .filter(x -> x.getAttribute(IMarker.LINE_NUMBER, -1) == 18).findFirst().orElseThrow();
        assertEquals("send-cycle", m.getAttribute(RendezvousMarkers.KIND, ""));
        assertEquals("deadlock_zero_buffer", m.getAttribute(RendezvousMarkers.VERDICT, ""));
        assertEquals("0,1", m.getAttribute(RendezvousMarkers.RANKS, ""));
        assertTrue(m.getAttribute(IMarker.MESSAGE, "").contains("Send cycle"), m.getAttribute(IMarker.MESSAGE, ""));
        assertTrue(m.getAttribute(IMarker.CHAR_START, -1) > 0, "marker has a character range");
    }

    @Test
    void sendrecvExampleHasNoErrorMarkers() throws Exception {
        assertEquals(Set.of(), errorLines(Workbench.example("HeadToHeadSendrecv.java")));
        assertEquals(Set.of(), errorLines(Workbench.example("Ring.java")));
    }

    /** The "(np=...)" suffix of every Rendezvous error marker of the file. */
    static Set<String> npSuffixes(IFile file) throws Exception {
        Set<String> out = new TreeSet<>();
        for (IMarker m : file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO)) {
            String msg = m.getAttribute(IMarker.MESSAGE, "");
            if (m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR) out.add(msg.substring(msg.lastIndexOf("(np=")));
        }
        return out;
    }

    @Test
    void projectSpecificProcessCountsReplaceTheWorkspaceOnes() throws Exception {
        IFile file = Workbench.example("RingShiftUnsafe.java");
        var node = dev.rendezvous.ui.RendezvousProjectProperties.node(file.getProject());
        try {
            node.putBoolean(dev.rendezvous.ui.RendezvousProjectProperties.USE_PROJECT, true);
            node.put(dev.rendezvous.ui.RendezvousPreferences.NPS, "3,5");
            node.flush();
            Workbench.build(file.getProject());
            Set<String> suffixes = npSuffixes(file);
            assertTrue(!suffixes.isEmpty() && suffixes.stream().allMatch(x -> x.matches("\\(np=[35](,[35])?\\)")),
                    "only the project's counts 3 and 5 are analysed: " + suffixes);
        } finally {
            node.putBoolean(dev.rendezvous.ui.RendezvousProjectProperties.USE_PROJECT, false);
            node.flush();
            Workbench.build(file.getProject());
        }
        assertTrue(npSuffixes(file).contains("(np=2)"), "back to the workspace counts: " + npSuffixes(file));
    }
}
