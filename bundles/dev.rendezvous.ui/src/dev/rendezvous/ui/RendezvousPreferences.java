package dev.rendezvous.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.jface.preference.StringFieldEditor;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

import dev.rendezvous.core.analysis.logp.LogPSimulation;

/**
 * Window → Preferences → Rendezvous: the process counts analysed while editing, the time budget,
 * the default capacity of streaming channels and the LogP machine.
 */
public final class RendezvousPreferences extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {
    public static final String NPS = "processCounts";
    public static final String BUDGET_MS = "budgetMillis";
    public static final String MAX_RUNS = "maxRuns";
    public static final String CAPACITY = "defaultCapacity";
    public static final String LOGP = "logp";
    /** Finding kinds not shown (comma-separated ids, e.g. "logp-stall,buffer-requirement"). */
    public static final String DISABLED_KINDS = "disabledKinds";
    /** Severity per kind ("request-leak=warning,dummy-interval=info"; error, warning or info). */
    public static final String SEVERITIES = "severities";
    /**
     * Whether information findings (buffers needed, dummy intervals, assumptions, a job that aborts)
     * become problem markers too. Off by default: they belong in the views and the hover, and a
     * correct program shows no marker at all.
     */
    public static final String SHOW_INFO = "showInfoMarkers";

    public RendezvousPreferences() {
        super(GRID);
        setDescription("Rendezvous analyses MPJ programs while you edit them, at each of these process counts.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(RendezvousPlugin.getDefault().getPreferenceStore());
    }

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        HelpContexts.attach(getControl(), HelpContexts.PREFERENCES);
    }

    @Override
    protected void createFieldEditors() {
        addField(new StringFieldEditor(NPS, "Process counts (e.g. 2,4,8 or 2..8):", getFieldEditorParent()) {
            @Override
            protected boolean doCheckState() {
                String error = countsError(getStringValue());
                setErrorMessage(error);
                return error == null;
            }
        });
        IntegerFieldEditor budget = new IntegerFieldEditor(BUDGET_MS, "Time budget per file and count (ms):", getFieldEditorParent());
        budget.setValidRange(100, 600_000);
        addField(budget);
        IntegerFieldEditor runs = new IntegerFieldEditor(MAX_RUNS, "Executions explored per buffering policy:", getFieldEditorParent());
        runs.setValidRange(1, 100_000);
        addField(runs);
        IntegerFieldEditor cap = new IntegerFieldEditor(CAPACITY, "Default streaming channel capacity (messages):", getFieldEditorParent());
        cap.setValidRange(1, 1_000_000);
        addField(cap);
        addField(new StringFieldEditor(LOGP, "LogP parameters L,o,G,\u03b4:", getFieldEditorParent()));
        addField(new org.eclipse.jface.preference.BooleanFieldEditor(SHOW_INFO,
                "Also show information findings (buffers needed, dummy intervals, assumptions) as problem markers",
                getFieldEditorParent()));
        kinds = new KindsTableEditor(getFieldEditorParent());
        addField(kinds);
    }

    private KindsTableEditor kinds;

    /** The table of finding kinds (tests). */
    public KindsTableEditor kinds() {
        return kinds;
    }

    @Override
    public boolean performOk() {
        boolean ok = super.performOk();
        if (ok) Reanalysis.schedule(null); // the markers follow the new settings at once
        return ok;
    }

    /**
     * Why {@code text} is not a list of process counts ({@code 2,4,8} or a range {@code 2..8}, each from 1
     * to 8192, a range of at most 65 counts), in plain words; null when it is one.
     */
    public static String countsError(String text) {
        if (text == null || text.isBlank()) return "Give at least one process count, e.g. 2,4,8";
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            int dots = p.indexOf("..");
            try {
                if (dots >= 0) {
                    int a = Integer.parseInt(p.substring(0, dots).trim()), b = Integer.parseInt(p.substring(dots + 2).trim());
                    if (a < 1 || b > 8192 || a > b) return "'" + p + "' is not a range of process counts from 1 to 8192 (e.g. 2..8)";
                    if (b - a > 64) return "'" + p + "' has more than 65 process counts; analyse fewer at a time";
                } else {
                    int n = Integer.parseInt(p);
                    if (n < 1 || n > 8192) return "'" + p + "' is not a process count from 1 to 8192";
                }
            } catch (NumberFormatException e) {
                return "'" + p + "' is not a process count: write whole numbers such as 2,4,8 or a range such as 2..8";
            }
        }
        return null;
    }

    /** The kinds the user switched off. */
    public static java.util.Set<String> parseKinds(String text) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (String k : text == null ? new String[0] : text.split(",")) if (!k.isBlank()) out.add(k.trim());
        return out;
    }

    /** kind id -> severity the user chose; unknown severities are ignored. */
    public static java.util.Map<String, dev.rendezvous.core.model.Severity> parseSeverities(String text) {
        java.util.Map<String, dev.rendezvous.core.model.Severity> out = new java.util.HashMap<>();
        for (String part : text == null ? new String[0] : text.split(",")) {
            String[] kv = part.split("=");
            if (kv.length != 2) continue;
            switch (kv[1].trim().toLowerCase(java.util.Locale.ROOT)) {
                case "error" -> out.put(kv[0].trim(), dev.rendezvous.core.model.Severity.ERROR);
                case "warning" -> out.put(kv[0].trim(), dev.rendezvous.core.model.Severity.WARNING);
                case "info" -> out.put(kv[0].trim(), dev.rendezvous.core.model.Severity.INFO);
                default -> { }
            }
        }
        return out;
    }

    /** Sets the defaults (registered as a preference initializer in plugin.xml). */
    public static final class Initializer extends AbstractPreferenceInitializer {
        @Override
        public void initializeDefaultPreferences() {
            IPreferenceStore s = RendezvousPlugin.getDefault().getPreferenceStore();
            s.setDefault(NPS, "2,4,8");
            s.setDefault(BUDGET_MS, 5_000);
            s.setDefault(MAX_RUNS, 64);
            s.setDefault(CAPACITY, 1);
            s.setDefault(LOGP, "16,1,4,16");
            s.setDefault(DISABLED_KINDS, "");
            s.setDefault(SEVERITIES, "");
            s.setDefault(SHOW_INFO, false);
        }
    }

    /** Parses "2,4,8" or "2..8"; falls back to 2,4 on nonsense. */
    public static List<Integer> parseCounts(String text) {
        List<Integer> out = new ArrayList<>();
        try {
            for (String part : text.split(",")) {
                part = part.trim();
                int dots = part.indexOf("..");
                if (dots >= 0) {
                    int a = Integer.parseInt(part.substring(0, dots).trim()), b = Integer.parseInt(part.substring(dots + 2).trim());
                    for (int n = Math.max(1, a); n <= Math.min(b, a + 64); n++) out.add(n);
                } else if (!part.isEmpty()) {
                    int n = Integer.parseInt(part);
                    if (n >= 1 && n <= 8192) out.add(n);
                }
            }
        } catch (NumberFormatException e) {
            return List.of(2, 4);
        }
        return out.isEmpty() ? List.of(2, 4) : out;
    }

    static LogPSimulation.Params parseLogP(String text) {
        try {
            String[] v = text.split(",");
            long L = Long.parseLong(v[0].trim()), o = Long.parseLong(v[1].trim()), G = Long.parseLong(v[2].trim()), d = Long.parseLong(v[3].trim());
            if (L > 0 && o >= 0 && G > 0 && d > 0) return new LogPSimulation.Params(L, o, G, d, G, L);
        } catch (RuntimeException e) {
            // fall through to the defaults
        }
        return LogPSimulation.Params.defaults();
    }
}
