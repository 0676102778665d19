package dev.rendezvous.ui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.core.IClasspathEntry;
import org.eclipse.jdt.core.IJavaProject;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.launching.JavaRuntime;
import org.eclipse.ui.IStartup;

/**
 * Makes a folder of MPJ programs a Java project with {@code /usr/share/java/mpj.jar} on its class
 * path (when present). At start-up, {@code -Drendezvous.examples=<folder>} imports that folder as
 * project "examples" unless the workspace already has it (the README's IDE launch does this).
 */
public final class ExamplesProject implements IStartup {
    public static final String MPJ_JAR = "/usr/share/java/mpj.jar";

    @Override
    public void earlyStartup() {
        String folder = System.getProperty("rendezvous.examples");
        if (folder == null) return;
        Job job = Job.create("Importing Rendezvous examples", (IProgressMonitor m) -> {
            try {
                importFolder(Path.of(folder), "examples");
                return Status.OK_STATUS;
            } catch (CoreException | IOException e) {
                return new Status(IStatus.ERROR, RendezvousPlugin.ID, "Could not import the examples from " + folder, e);
            }
        });
        job.setRule(ResourcesPlugin.getWorkspace().getRoot());
        job.schedule();
    }

    /** Creates (once) a Java project holding copies of the folder's .java files in {@code src/}. */
    public static IJavaProject importFolder(Path folder, String name) throws CoreException, IOException {
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
        if (project.exists()) {
            if (!project.isOpen()) project.open(null);
            return JavaCore.create(project);
        }
        project.create(null);
        project.open(null);
        IProjectDescription d = project.getDescription();
        d.setNatureIds(new String[] {JavaCore.NATURE_ID});
        project.setDescription(d, null);
        IFolder src = project.getFolder("src");
        src.create(true, true, null);
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(f)) {
                    src.getFile(f.getFileName().toString()).create(in, true, null);
                }
            }
        }
        IJavaProject jp = JavaCore.create(project);
        List<IClasspathEntry> cp = new ArrayList<>();
        cp.add(JavaCore.newSourceEntry(src.getFullPath()));
        cp.add(JavaRuntime.getDefaultJREContainerEntry());
        File mpj = new File(MPJ_JAR);
        if (mpj.exists()) cp.add(JavaCore.newLibraryEntry(org.eclipse.core.runtime.IPath.fromOSString(mpj.getAbsolutePath()), null, null));
        jp.setRawClasspath(cp.toArray(IClasspathEntry[]::new), project.getFolder("bin").getFullPath(), null);
        return jp;
    }
}
