package dev.rendezvous.ui;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.variables.IStringVariableManager;
import org.eclipse.core.variables.VariablesPlugin;
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
     * null: not known. Variables in a configuration's arguments are replaced as a launch replaces them where their
     * value does not depend on the moment of the launch ({@link #substituted}); a configuration with any other variable
     * ({@code ${string_prompt}}, {@code ${selected_resource_loc}}) says nothing here, as its value is only known then.
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
                String args = substituted(c.getAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "").trim());
                if (args == null || found != null && !found.equals(args)) return null;
                found = args;
            }
            return found == null ? null : Budgets.splitProgramArgs(found);
        } catch (org.eclipse.core.runtime.CoreException | RuntimeException | LinkageError e) {
            return null; // no launch manager (headless use of this class), or a configuration that cannot be read
        }
    }

    /** A variable reference in launch arguments: {@code ${name}} or {@code ${name:argument}}. */
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^{}:]+)(?::([^{}]*))?\\}");

    /**
     * Variables whose value is the same whenever the configuration is launched, given their argument: a workspace
     * resource's place ({@code ${workspace_loc:/project/input.txt}}, {@code ${project_loc:project}}), an environment
     * variable or system property, Eclipse's home. Without an argument, {@code project_loc} and its kin name the resource
     * selected at the moment of the launch, so they are not among these (nor are the prompts).
     */
    private static final Set<String> STABLE_WITH_ARGUMENT = Set.of("workspace_loc", "project_loc", "resource_loc",
            "container_loc", "project_path", "resource_path", "container_path", "project_name", "resource_name",
            "container_name", "env_var", "system_property", "system");

    private static final Set<String> STABLE_WITHOUT_ARGUMENT = Set.of("workspace_loc", "eclipse_home");

    /**
     * {@code args} with its variables replaced by Eclipse's string variable manager, as the launch replaces them; null
     * when one of them is not among the stable ones above or the user's own string substitutions (Preferences > Run/Debug
     * > String Substitution), or cannot be resolved. Text without variables is returned as it is.
     */
    static String substituted(String args) {
        if (!args.contains("${")) return args;
        try {
            IStringVariableManager variables = VariablesPlugin.getDefault().getStringVariableManager();
            Matcher m = VARIABLE.matcher(args);
            int references = 0;
            while (m.find()) {
                String name = m.group(1).trim(), argument = m.group(2);
                boolean stable = argument != null && !argument.isBlank() ? STABLE_WITH_ARGUMENT.contains(name)
                        : STABLE_WITHOUT_ARGUMENT.contains(name) || variables.getValueVariable(name) != null;
                if (!stable) return null;
                references++;
            }
            // every "${" must be one of the references read above (a nested or unterminated one is not understood here)
            if (references != args.split("\\$\\{", -1).length - 1) return null;
            return variables.performStringSubstitution(args, true);
        } catch (org.eclipse.core.runtime.CoreException | RuntimeException | LinkageError e) {
            return null; // a resource that does not exist, an undefined variable: the arguments are not known
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
