package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.RendezvousProjectProperties;

/**
 * The program's arguments in the IDE: a loop bounded by one runs the count of the user's run, given in the project's
 * Rendezvous property or in the Arguments tab of the launch configuration that runs the class. The program (the engine
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
        } finally {
            if (saved != null) saved.delete();
            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "");
            node.flush();
            file.delete(true, null);
            Workbench.build(some.getProject());
        }
    }
}
