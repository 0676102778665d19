package dev.rendezvous.ui.tests;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.core.IJavaProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;

/** Helpers for workbench tests: the examples as a Java project, building, screenshots. */
final class Workbench {
    private Workbench() {}

    static Path repo() {
        String p = System.getProperty("rendezvous.repo");
        return p != null ? Path.of(p) : Path.of("").toAbsolutePath().getParent().getParent();
    }

    /** The examples as a Java project "examples" (the same import the IDE launch uses), built. */
    static IJavaProject examplesProject() throws Exception {
        IJavaProject jp = dev.rendezvous.ui.ExamplesProject.importFolder(repo().resolve("examples"), "examples");
        build(jp.getProject());
        return jp;
    }

    static void build(IProject project) throws Exception {
        project.build(IncrementalProjectBuilder.FULL_BUILD, null);
        Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
        Job.getJobManager().join(ResourcesPlugin.FAMILY_MANUAL_BUILD, null);
        spin(200);
    }

    static IFile example(String name) throws Exception {
        return examplesProject().getProject().getFile("src/" + name);
    }

    /** Runs the event loop for {@code millis}. */
    static void spin(long millis) {
        spinUntil(() -> false, millis);
    }

    /**
     * Runs the event loop until {@code done} holds or {@code maxMillis} pass, whichever comes first; returns whether it
     * holds. For things the workbench does later than the call that asks for them (activation, views opening).
     */
    static boolean spinUntil(java.util.function.BooleanSupplier done, long maxMillis) {
        Display d = Display.getDefault();
        long end = System.currentTimeMillis() + maxMillis;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() >= end) return false;
            if (!d.readAndDispatch()) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return done.getAsBoolean();
                }
            }
        }
        return true;
    }

    /** Saves a PNG of the workbench window under target/screenshots. */
    static Path screenshot(String name) throws Exception {
        Display d = Display.getDefault();
        Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
        spin(300);
        Rectangle b = shell.getBounds();
        Image img = new Image(d, b.width, b.height);
        GC gc = new GC(d);
        try {
            gc.copyArea(img, b.x, b.y);
        } finally {
            gc.dispose();
        }
        Path dir = Path.of(System.getProperty("rendezvous.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        Path out = dir.resolve(name + ".png");
        ImageLoader loader = new ImageLoader();
        loader.data = new org.eclipse.swt.graphics.ImageData[] {img.getImageData()};
        loader.save(out.toString(), SWT.IMAGE_PNG);
        img.dispose();
        return out;
    }
}
