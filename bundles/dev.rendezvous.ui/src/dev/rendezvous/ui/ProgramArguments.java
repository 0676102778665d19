package dev.rendezvous.ui;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationListener;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;

import dev.rendezvous.core.extract.Budgets;

/**
 * The program's own arguments in the IDE ({@link Budgets#programArgs}): from the project's Rendezvous property, or
 * from the launch configuration that runs the class, so that the analysis follows the run the user makes. When a
 * launch configuration is saved or deleted, its project is analysed again ({@link #install}).
 */
public final class ProgramArguments {
    private ProgramArguments() {}

    /**
     * The program arguments a file's program is analysed with: the project's Rendezvous property when it is filled in
     * (Project > Properties > Rendezvous), else those of the launch configurations that run the file's class in this
     * project (a Java Application's Arguments tab: {@code ATTR_PROGRAM_ARGUMENTS}) when they all give the same, else
     * null: not known. A configuration whose arguments hold a variable ({@code ${string_prompt}}) says nothing here, as
     * its value is only known when it is launched.
     */
    public static String[] of(IProject project, String file, String source) {
        if (project == null) return null;
        String given = RendezvousProjectProperties.node(project).get(RendezvousProjectProperties.PROGRAM_ARGS, "").trim();
        if (!given.isEmpty()) return Budgets.splitProgramArgs(given);
        String mainType = mainType(file, source);
        try {
            String found = null;
            for (ILaunchConfiguration c : DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations()) {
                String main = c.getAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "");
                String in = c.getAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, "");
                if (!main.equals(mainType) || !in.equals(project.getName())) continue;
                String args = c.getAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "").trim();
                if (args.contains("${") || found != null && !found.equals(args)) return null;
                found = args;
            }
            return found == null ? null : Budgets.splitProgramArgs(found);
        } catch (org.eclipse.core.runtime.CoreException | RuntimeException | LinkageError e) {
            return null; // no launch manager (headless use of this class), or a configuration that cannot be read
        }
    }

    /** The qualified name of the class a Java file of that name declares: its package (from the text, comments left out: ProgramFiles) and its name. */
    static String mainType(String file, String source) {
        String name = file.substring(file.lastIndexOf('/') + 1).replaceFirst("\\.java$", "");
        String pkg = dev.rendezvous.core.extract.ProgramFiles.packageOf(source);
        return pkg.isEmpty() ? name : pkg + "." + name;
    }

    private static ILaunchConfigurationListener listener;

    /** Analyses a project again when a launch configuration of it is saved, renamed or deleted (not while it is edited). */
    static synchronized void install() {
        if (listener != null) return;
        listener = new ILaunchConfigurationListener() {
            @Override
            public void launchConfigurationAdded(ILaunchConfiguration c) {
                changed(c);
            }

            @Override
            public void launchConfigurationChanged(ILaunchConfiguration c) {
                changed(c);
            }

            @Override
            public void launchConfigurationRemoved(ILaunchConfiguration c) {
                changed(c); // its attributes are still readable here
            }
        };
        try {
            DebugPlugin.getDefault().getLaunchManager().addLaunchConfigurationListener(listener);
        } catch (RuntimeException | LinkageError e) {
            listener = null; // no debug core: the property alone gives arguments
        }
    }

    static synchronized void uninstall() {
        if (listener == null) return;
        try {
            DebugPlugin.getDefault().getLaunchManager().removeLaunchConfigurationListener(listener);
        } catch (RuntimeException | LinkageError e) {
            // the debug core stopped first
        }
        listener = null;
    }

    private static void changed(ILaunchConfiguration c) {
        if (c.isWorkingCopy()) return;
        try {
            String name = c.getAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, "");
            if (name.isEmpty() || c.getAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "").isEmpty()) return;
            IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
            if (p.isAccessible()) Reanalysis.schedule(p);
        } catch (org.eclipse.core.runtime.CoreException | RuntimeException e) {
            // a configuration that cannot be read changes nothing here
        }
    }
}
