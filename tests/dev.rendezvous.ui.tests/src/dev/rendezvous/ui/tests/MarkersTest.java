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
    void headToHeadHasOneMarkerForItsCycleWithTheOtherSendAsRelatedLine() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        assertEquals(Set.of(18), errorLines(file), "one marker per finding, not one per rank");
        assertEquals(1, Arrays.stream(file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                .filter(x -> x.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR).count());
        IMarker m = Arrays.stream(file.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                .filter(x -> x.getAttribute(IMarker.LINE_NUMBER, -1) == 18).findFirst().orElseThrow();
        assertEquals("send-cycle", m.getAttribute(RendezvousMarkers.KIND, ""));
        assertEquals("deadlock_zero_buffer", m.getAttribute(RendezvousMarkers.VERDICT, ""));
        assertEquals("0,1", m.getAttribute(RendezvousMarkers.RANKS, ""));
        assertTrue(m.getAttribute(IMarker.MESSAGE, "").contains("Send cycle"), m.getAttribute(IMarker.MESSAGE, ""));
        assertTrue(m.getAttribute(IMarker.CHAR_START, -1) > 0, "marker has a character range");
        assertEquals("21", m.getAttribute(RendezvousMarkers.RELATED, ""), "the other Send of the cycle");
        assertEquals(org.eclipse.jdt.core.compiler.CategorizedProblem.CAT_POTENTIAL_PROGRAMMING_PROBLEM,
                m.getAttribute(org.eclipse.jdt.core.IJavaModelMarker.CATEGORY_ID, -1),
                "grouped by Java problem type it is a potential programming problem, not 'Other'");
    }

    @Test
    void sendrecvExampleHasNoErrorMarkers() throws Exception {
        assertEquals(Set.of(), errorLines(Workbench.example("HeadToHeadSendrecv.java")));
        assertEquals(Set.of(), errorLines(Workbench.example("Ring.java")));
    }

    @Test
    void correctProgramsShowNoMarkerAtAllByDefault() throws Exception {
        for (String name : new String[] {"HeadToHeadSendrecv.java", "Ring.java"}) {
            IMarker[] all = Workbench.example(name).findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO);
            assertEquals(0, all.length, name + ": " + java.util.Arrays.stream(all).map(m -> m.getAttribute(IMarker.MESSAGE, "")).toList());
        }
    }

    /**
     * Stencil2D is deadlock-free under MPI's meaning of PROC_NULL, but MPJ Express rejects a PROC_NULL peer: its four
     * Sendrecv calls carry one warning each, and nothing else is marked.
     */
    @Test
    void theStencilsProcNullPeersAreWarningsOnly() throws Exception {
        IMarker[] all = Workbench.example("Stencil2D.java").findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO);
        Set<Integer> lines = new TreeSet<>();
        for (IMarker m : all) {
            assertEquals(IMarker.SEVERITY_WARNING, m.getAttribute(IMarker.SEVERITY, -1), m.getAttribute(IMarker.MESSAGE, ""));
            assertTrue(m.getAttribute(IMarker.MESSAGE, "").contains("MPI.PROC_NULL"), m.getAttribute(IMarker.MESSAGE, ""));
            lines.add(m.getAttribute(IMarker.LINE_NUMBER, -1));
        }
        assertEquals(Set.of(28, 29, 30, 31), lines);
    }

    @Test
    void aDeadlockAtEveryProcessCountSaysSo() throws Exception {
        IFile file = Workbench.example("HeadToHead.java");
        Set<String> suffixes = npSuffixes(file);
        assertTrue(suffixes.contains("(np=2,4,8; at every process count tried)"), suffixes.toString());
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
            assertTrue(!suffixes.isEmpty() && suffixes.stream().allMatch(x -> x.matches("\\(np=[35](,[35])?(; at every process count tried)?\\)")),
                    "only the project's counts 3 and 5 are analysed: " + suffixes);
        } finally {
            node.putBoolean(dev.rendezvous.ui.RendezvousProjectProperties.USE_PROJECT, false);
            node.flush();
            Workbench.build(file.getProject());
        }
        assertTrue(npSuffixes(file).contains("(np=2)"), "back to the workspace counts: " + npSuffixes(file));
    }

    @Test
    void aProblemInAnotherFileOfTheProjectIsMarkedWhereTheDriverCallsIt() throws Exception {
        IFile some = Workbench.example("HeadToHead.java");
        org.eclipse.core.resources.IFolder folder = some.getProject().getFolder("src/multi");
        if (!folder.exists()) folder.create(true, true, null);
        IFile driver = folder.getFile("Driver.java"), exchanger = folder.getFile("Exchanger.java");
        String exchangerText = """
                package multi;
                import mpi.*;
                public class Exchanger {
                    private final int me;
                    public Exchanger(int me) { this.me = me; }
                    public void swap() throws MPIException {
                        int[] a = new int[1], b = new int[1];
                        MPI.COMM_WORLD.Ssend(a, 0, 1, MPI.INT, 1 - me, 0);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1 - me, 0);
                    }
                }
                """;
        String driverText = """
                package multi;
                import mpi.*;
                public class Driver {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Exchanger x = new Exchanger(MPI.COMM_WORLD.Rank());
                        x.swap();
                        MPI.Finalize();
                    }
                }
                """;
        for (IFile f : new IFile[] {exchanger, driver}) if (f.exists()) f.delete(true, null);
        exchanger.create(new java.io.ByteArrayInputStream(exchangerText.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, null);
        driver.create(new java.io.ByteArrayInputStream(driverText.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, null);
        Workbench.build(driver.getProject());
        assertEquals(Set.of(7), errorLines(driver), "the call into the other class carries the deadlock");
        IMarker m = Arrays.stream(driver.findMarkers(RendezvousMarkers.TYPE, true, IResource.DEPTH_ZERO))
                .filter(x -> x.getAttribute(IMarker.LINE_NUMBER, -1) == 7).findFirst().orElseThrow();
        assertTrue(m.getAttribute(IMarker.MESSAGE, "").contains("Exchanger.java:8"), m.getAttribute(IMarker.MESSAGE, ""));
        assertEquals(Set.of(), errorLines(exchanger), "no marker lands at a driver's offsets in the other file");
    }
}
