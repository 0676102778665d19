package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.Reanalysis;
import dev.rendezvous.ui.RendezvousPlugin;
import dev.rendezvous.ui.RendezvousPreferences;

/** The preferences: process counts are checked as typed, and a change re-analyses without a clean build. */
class PreferencesTest {

    @Test
    void processCountsThatAreNotNumbersAreRefusedInPlainWords() {
        String abc = RendezvousPreferences.countsError("abc");
        assertNotNull(abc);
        assertTrue(abc.contains("'abc'") && abc.contains("2,4,8"), abc);
        assertNotNull(RendezvousPreferences.countsError("0"));
        assertNotNull(RendezvousPreferences.countsError("8..2"));
        assertNotNull(RendezvousPreferences.countsError("2..100"));
        assertNotNull(RendezvousPreferences.countsError(" "));
        assertNull(RendezvousPreferences.countsError("2,4..8, 16"));
    }

    @Test
    void changingTheProcessCountsReanalysesAtOnce() throws Exception {
        IFile file = Workbench.example("RingShiftUnsafe.java");
        Workbench.build(file.getProject());
        var store = RendezvousPlugin.getDefault().getPreferenceStore();
        String before = store.getString(RendezvousPreferences.NPS);
        try {
            store.setValue(RendezvousPreferences.NPS, "3");
            Reanalysis.schedule(null).join();
            Workbench.spin(200);
            Set<String> suffixes = MarkersTest.npSuffixes(file);
            assertEquals(Set.of("(np=3)"), suffixes, "the markers follow the new counts without a clean build");
        } finally {
            store.setValue(RendezvousPreferences.NPS, before);
            Reanalysis.schedule(null).join();
        }
        assertTrue(MarkersTest.npSuffixes(file).stream().anyMatch(s -> s.startsWith("(np=2")), MarkersTest.npSuffixes(file).toString());
    }
}
