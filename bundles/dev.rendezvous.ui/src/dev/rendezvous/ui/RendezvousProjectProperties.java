package dev.rendezvous.ui;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ProjectScope;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.PropertyPage;
import org.osgi.service.prefs.BackingStoreException;

/**
 * Project → Properties → Rendezvous: project-specific process counts and channel capacity, kept in
 * the project's {@code .settings} (so they travel with the project in version control) and used
 * instead of the workspace preferences when switched on; and the program arguments the project's
 * programs are run with, used whenever given (there is no workspace-wide value for them).
 */
public final class RendezvousProjectProperties extends PropertyPage {
    public static final String USE_PROJECT = "useProjectSettings";
    /** The program arguments, as typed after the class name on {@code mpjrun.sh}; blank: not known. */
    public static final String PROGRAM_ARGS = "programArguments";
    private Button enabled;
    private Text counts, capacity, programArgs;

    /** The project's Rendezvous settings node. */
    public static IEclipsePreferences node(IProject project) {
        return new ProjectScope(project).getNode(RendezvousPlugin.ID);
    }

    @Override
    protected Control createContents(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        HelpContexts.attach(c, HelpContexts.PROJECT_PROPERTIES);
        IProject project = getElement().getAdapter(IProject.class);
        IEclipsePreferences p = node(project);
        enabled = new Button(c, SWT.CHECK);
        enabled.setText("Enable project-specific settings");
        enabled.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        enabled.setSelection(p.getBoolean(USE_PROJECT, false));
        new Label(c, SWT.NONE).setText("Process counts (e.g. 2,4,8 or 2..8):");
        counts = new Text(c, SWT.BORDER);
        counts.setText(p.get(RendezvousPreferences.NPS, "2,4,8"));
        counts.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        new Label(c, SWT.NONE).setText("Default streaming channel capacity (messages):");
        capacity = new Text(c, SWT.BORDER);
        capacity.setText(Integer.toString(p.getInt(RendezvousPreferences.CAPACITY, 1)));
        capacity.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        Label argsLabel = new Label(c, SWT.NONE);
        argsLabel.setText("Program arguments (after the class on mpjrun):");
        programArgs = new Text(c, SWT.BORDER);
        programArgs.setText(p.get(PROGRAM_ARGS, ""));
        programArgs.setMessage("blank: those of the class's launch configuration, if any");
        programArgs.setToolTipText("What main receives after the rank, process count and device MPJ Express puts first, "
                + "and what MPI.Init returns. A loop bounded by an argument then runs the count your run has. "
                + "Quotes keep blanks inside one argument. Left blank, the Arguments tab of the launch configuration "
                + "that runs the class is used; without one, each read of an argument is noted as an assumption.");
        programArgs.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        return c;
    }

    @Override
    public boolean performOk() {
        IProject project = getElement().getAdapter(IProject.class);
        IEclipsePreferences p = node(project);
        String countsError = enabled.getSelection() ? RendezvousPreferences.countsError(counts.getText()) : null;
        if (countsError != null) {
            setErrorMessage(countsError);
            return false;
        }
        p.putBoolean(USE_PROJECT, enabled.getSelection());
        p.put(RendezvousPreferences.NPS, counts.getText().trim());
        p.put(PROGRAM_ARGS, programArgs.getText().trim());
        try {
            p.putInt(RendezvousPreferences.CAPACITY, Math.max(1, Integer.parseInt(capacity.getText().trim())));
        } catch (NumberFormatException e) {
            setErrorMessage("The capacity must be a whole number");
            return false;
        }
        try {
            p.flush();
        } catch (BackingStoreException e) {
            RendezvousPlugin.log("Cannot save the Rendezvous settings of " + project.getName(), e);
        }
        Reanalysis.schedule(project); // the markers follow the new settings at once
        return true;
    }
}
