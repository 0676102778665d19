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
    void findingKindsAreATableWithCheckBoxesAndASeverityColumn() throws Exception {
        var store = RendezvousPlugin.getDefault().getPreferenceStore();
        String disabledBefore = store.getString(RendezvousPreferences.DISABLED_KINDS);
        String severitiesBefore = store.getString(RendezvousPreferences.SEVERITIES);
        org.eclipse.swt.widgets.Shell shell = new org.eclipse.swt.widgets.Shell(org.eclipse.swt.widgets.Display.getDefault());
        shell.setLayout(new org.eclipse.swt.layout.FillLayout());
        try {
            RendezvousPreferences page = new RendezvousPreferences();
            page.init(org.eclipse.ui.PlatformUI.getWorkbench());
            page.createControl(shell);
            shell.setSize(900, 700);
            shell.setLocation(org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell().getLocation());
            shell.open();
            var table = page.kinds().table();
            assertEquals(dev.rendezvous.core.model.FindingKind.values().length, table.getItemCount(), "one row per kind");
            assertEquals("What it means", table.getColumn(2).getText());
            org.eclipse.swt.widgets.TableItem logp = java.util.Arrays.stream(table.getItems())
                    .filter(i -> i.getText(0).equals("logp-stall")).findFirst().orElseThrow();
            assertTrue(logp.getChecked(), "shown by default");
            assertTrue(logp.getText(2).contains("LogP"), logp.getText(2));
            logp.setChecked(false);
            page.kinds().severityOf(dev.rendezvous.core.model.FindingKind.REQUEST_LEAK).select(1); // error
            Workbench.spin(200);
            Workbench.screenshot("ide-preferences-kinds");
            assertTrue(page.performOk());
            assertEquals("logp-stall", store.getString(RendezvousPreferences.DISABLED_KINDS));
            assertEquals("request-leak=error", store.getString(RendezvousPreferences.SEVERITIES));
            assertEquals(dev.rendezvous.core.model.Severity.ERROR,
                    RendezvousPreferences.parseSeverities(store.getString(RendezvousPreferences.SEVERITIES)).get("request-leak"));
            page.kinds().loadDefault(); // what Restore Defaults does to this field
            assertTrue(logp.getChecked(), "Restore Defaults shows every kind again");
            assertEquals(0, page.kinds().severityOf(dev.rendezvous.core.model.FindingKind.REQUEST_LEAK).getSelectionIndex());
        } finally {
            shell.dispose();
            store.setValue(RendezvousPreferences.DISABLED_KINDS, disabledBefore);
            store.setValue(RendezvousPreferences.SEVERITIES, severitiesBefore);
            Reanalysis.schedule(null).join();
        }
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
