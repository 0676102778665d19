package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.variables.IValueVariable;
import org.eclipse.core.variables.VariablesPlugin;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.RendezvousProjectProperties;

/**
 * The program's arguments in the IDE: a loop bounded by one runs the count of the user's run, given in the project's
 * Rendezvous property or in the Arguments tab of the launch configuration that runs the class (its variables replaced
 * where their values are known before the launch). The program (the engine
 * tests' fixture {@code ArgRounds.java}) deadlocks with more than three rounds (its default is ten).
 */
class ProgramArgumentsTest {

    @Test
    void theProjectPropertyAndTheLaunchConfigurationGiveTheArguments() throws Exception {
        IFile some = Workbench.example("Ring.java");
        String text = java.nio.file.Files.readString(Workbench.repo().resolve("tests/dev.rendezvous.core.tests/fixtures/ArgRounds.java"));
        IFile file = some.getProject().getFolder("src").getFile("ArgRounds.java");
        if (file.exists()) file.delete(true, null);
        file.create(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, null);
        int stuck = text.lines().toList().indexOf(text.lines().filter(l -> l.contains("tag 99")).findFirst().orElseThrow()) + 2;
        var node = RendezvousProjectProperties.node(file.getProject());
        ILaunchConfiguration saved = null;
        IValueVariable rounds = null;
        try {
            Workbench.build(file.getProject());
            assertEquals(Set.of(stuck), MarkersTest.errorLines(file), "without arguments: ten rounds, then the receive nobody sends to");

            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "2");
            node.flush();
            Workbench.build(file.getProject());
            assertEquals(Set.of(), MarkersTest.errorLines(file), "two rounds, as the property says");

            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "");
            node.flush();
            var manager = DebugPlugin.getDefault().getLaunchManager();
            ILaunchConfigurationWorkingCopy wc = manager.getLaunchConfigurationType(IJavaLaunchConfigurationConstants.ID_JAVA_APPLICATION)
                    .newInstance(null, "ArgRounds with 3");
            wc.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, file.getProject().getName());
            wc.setAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "ArgRounds");
            wc.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "3");
            saved = wc.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(), MarkersTest.errorLines(file), "three rounds, from the launch configuration's arguments");

            ILaunchConfigurationWorkingCopy more = saved.getWorkingCopy();
            more.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "4");
            saved = more.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(stuck), MarkersTest.errorLines(file), "four rounds deadlock again");

            // variables replaced as the launch replaces them: the user's own string substitution, a system property
            var variables = VariablesPlugin.getDefault().getStringVariableManager();
            rounds = variables.newValueVariable("rendezvous_test_rounds", "rounds for ProgramArgumentsTest", false, "2");
            variables.addVariables(new IValueVariable[] {rounds});
            more = saved.getWorkingCopy();
            more.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "${rendezvous_test_rounds}");
            saved = more.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(), MarkersTest.errorLines(file), "two rounds, from the user's string substitution");

            System.setProperty("rendezvous.test.rounds", "5");
            more = saved.getWorkingCopy();
            more.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "${system_property:rendezvous.test.rounds}");
            saved = more.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(stuck), MarkersTest.errorLines(file), "five rounds, from a system property, deadlock");

            System.setProperty("rendezvous.test.rounds", "1");
            more = saved.getWorkingCopy();
            more.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "${system_property:rendezvous.test.rounds} ${string_prompt}");
            saved = more.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(stuck), MarkersTest.errorLines(file),
                    "a prompt is only known at the launch: the arguments are not known, and the default of ten rounds deadlocks");
        } finally {
            System.clearProperty("rendezvous.test.rounds");
            if (rounds != null) VariablesPlugin.getDefault().getStringVariableManager().removeVariables(new IValueVariable[] {rounds});
            if (saved != null) saved.delete();
            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "");
            node.flush();
            file.delete(true, null);
            Workbench.build(some.getProject());
        }
    }
}
