package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.jdt.launching.IJavaLaunchConfigurationConstants;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.RendezvousProjectProperties;

/**
 * The program's arguments in the IDE: a loop bounded by one runs the count of the user's run, given in the project's
 * Rendezvous property or in the Arguments tab of the launch configuration that runs the class. The program deadlocks
 * with more than three rounds (its default is ten).
 */
class ProgramArgumentsTest {

    private static final String ROUNDS = """
            package args;
            import mpi.*;
            public class Rounds {
                public static void main(String[] args) throws Exception {
                    String[] rest = MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int rounds = rest.length > 0 ? Integer.parseInt(rest[0]) : 10;
                    int[] b = new int[1];
                    for (int r = 0; r < rounds; r++) {
                        if (rank == 0) MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, r);
                        else if (rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, r);
                    }
                    if (rounds > 3 && rank == 1) MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 0, 99);
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void theProjectPropertyAndTheLaunchConfigurationGiveTheArguments() throws Exception {
        IFile some = Workbench.example("Ring.java");
        IFolder folder = some.getProject().getFolder("src/args");
        if (!folder.exists()) folder.create(true, true, null);
        IFile file = folder.getFile("Rounds.java");
        if (file.exists()) file.delete(true, null);
        file.create(new java.io.ByteArrayInputStream(ROUNDS.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, null);
        var node = RendezvousProjectProperties.node(file.getProject());
        ILaunchConfiguration saved = null;
        try {
            Workbench.build(file.getProject());
            assertEquals(Set.of(13), MarkersTest.errorLines(file), "without arguments: ten rounds, then the receive nobody sends to");

            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "2");
            node.flush();
            Workbench.build(file.getProject());
            assertEquals(Set.of(), MarkersTest.errorLines(file), "two rounds, as the property says");

            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "");
            node.flush();
            var manager = DebugPlugin.getDefault().getLaunchManager();
            ILaunchConfigurationWorkingCopy wc = manager.getLaunchConfigurationType(IJavaLaunchConfigurationConstants.ID_JAVA_APPLICATION)
                    .newInstance(null, "Rounds with 3");
            wc.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROJECT_NAME, file.getProject().getName());
            wc.setAttribute(IJavaLaunchConfigurationConstants.ATTR_MAIN_TYPE_NAME, "args.Rounds");
            wc.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "3");
            saved = wc.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(), MarkersTest.errorLines(file), "three rounds, from the launch configuration's arguments");

            ILaunchConfigurationWorkingCopy more = saved.getWorkingCopy();
            more.setAttribute(IJavaLaunchConfigurationConstants.ATTR_PROGRAM_ARGUMENTS, "4");
            saved = more.doSave();
            Workbench.build(file.getProject());
            assertEquals(Set.of(13), MarkersTest.errorLines(file), "four rounds deadlock again");
        } finally {
            if (saved != null) saved.delete();
            node.put(RendezvousProjectProperties.PROGRAM_ARGS, "");
            node.flush();
            file.delete(true, null);
            Workbench.build(some.getProject());
        }
    }
}
