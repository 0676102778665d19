package dev.rendezvous.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jface.preference.FieldEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CCombo;
import org.eclipse.swt.custom.TableEditor;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

import dev.rendezvous.core.model.Explanations;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;

/**
 * The finding kinds as a table, the way code checkers present their rules: one row per kind with a
 * check box (shown or hidden), a severity column (as Rendezvous reports it, or error, warning or
 * information) and what the kind means. Stored in two preferences, {@link RendezvousPreferences#DISABLED_KINDS}
 * (this editor's own) and {@link RendezvousPreferences#SEVERITIES}.
 */
public final class KindsTableEditor extends FieldEditor {
    /** The choices of the severity column; the first keeps the severity each finding is reported with. */
    static final String[] SEVERITY_CHOICES = {"as reported", "error", "warning", "info"};

    private Table table;
    private final Map<FindingKind, CCombo> severity = new LinkedHashMap<>();

    KindsTableEditor(Composite parent) {
        init(RendezvousPreferences.DISABLED_KINDS, "Finding kinds (uncheck to hide; choose a severity to override it):");
        createControl(parent);
    }

    @Override
    protected void adjustForNumColumns(int numColumns) {
        ((GridData) table.getLayoutData()).horizontalSpan = numColumns;
        ((GridData) getLabelControl().getLayoutData()).horizontalSpan = numColumns;
    }

    @Override
    protected void doFillIntoGrid(Composite parent, int numColumns) {
        Label label = getLabelControl(parent);
        label.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, numColumns, 1));
        table = new Table(parent, SWT.CHECK | SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        GridData gd = new GridData(SWT.FILL, SWT.FILL, true, true, numColumns, 1);
        gd.heightHint = 260;
        table.setLayoutData(gd);
        String[] titles = {"Kind", "Severity", "What it means"};
        int[] widths = {200, 135, 480};
        for (int i = 0; i < titles.length; i++) {
            TableColumn c = new TableColumn(table, SWT.NONE);
            c.setText(titles[i]);
            c.setWidth(widths[i]);
        }
        for (FindingKind k : FindingKind.values()) {
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(0, k.id());
            item.setText(2, Explanations.of(k).summary());
            item.setData(k);
            CCombo combo = new CCombo(table, SWT.READ_ONLY | SWT.FLAT);
            combo.setItems(SEVERITY_CHOICES);
            combo.select(0);
            TableEditor editor = new TableEditor(table);
            editor.grabHorizontal = true;
            editor.setEditor(combo, item, 1);
            severity.put(k, combo);
        }
    }

    @Override
    protected void doLoad() {
        show(getPreferenceStore().getString(RendezvousPreferences.DISABLED_KINDS),
                getPreferenceStore().getString(RendezvousPreferences.SEVERITIES));
    }

    @Override
    protected void doLoadDefault() {
        show(getPreferenceStore().getDefaultString(RendezvousPreferences.DISABLED_KINDS),
                getPreferenceStore().getDefaultString(RendezvousPreferences.SEVERITIES));
    }

    private void show(String disabled, String severities) {
        if (table == null) return;
        Set<String> hidden = RendezvousPreferences.parseKinds(disabled);
        Map<String, Severity> chosen = RendezvousPreferences.parseSeverities(severities);
        for (TableItem item : table.getItems()) {
            FindingKind k = (FindingKind) item.getData();
            item.setChecked(!hidden.contains(k.id()));
            Severity s = chosen.get(k.id());
            severity.get(k).select(s == null ? 0 : switch (s) {
                case ERROR -> 1;
                case WARNING -> 2;
                case INFO -> 3;
            });
        }
    }

    @Override
    protected void doStore() {
        getPreferenceStore().setValue(RendezvousPreferences.DISABLED_KINDS, disabledText());
        getPreferenceStore().setValue(RendezvousPreferences.SEVERITIES, severitiesText());
    }

    /** The hidden kinds as stored: ids joined by commas, in the order of the table. */
    String disabledText() {
        List<String> out = new ArrayList<>();
        for (TableItem item : table.getItems()) if (!item.getChecked()) out.add(((FindingKind) item.getData()).id());
        return String.join(",", out);
    }

    /** The overridden severities as stored: kind=severity joined by commas. */
    String severitiesText() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<FindingKind, CCombo> e : severity.entrySet()) {
            int i = e.getValue().getSelectionIndex();
            if (i > 0) out.add(e.getKey().id() + "=" + SEVERITY_CHOICES[i]);
        }
        return String.join(",", out);
    }

    /** The table (tests). */
    public Table table() {
        return table;
    }

    /** The severity choice of {@code kind}'s row (tests). */
    public CCombo severityOf(FindingKind kind) {
        return severity.get(kind);
    }

    @Override
    public int getNumberOfControls() {
        return 1;
    }
}
