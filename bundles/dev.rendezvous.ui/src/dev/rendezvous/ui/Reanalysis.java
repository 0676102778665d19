package dev.rendezvous.ui;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Analyses the Java projects again after the Rendezvous settings changed (process counts, budgets,
 * shown kinds...), so that the markers follow at once instead of after the next edit or a clean
 * build. A workspace job with progress, cancellable from the Progress view.
 */
public final class Reanalysis {
    private Reanalysis() {}

    /** Schedules the job for {@code project}, or for every open Java project when it is null. */
    public static WorkspaceJob schedule(IProject project) {
        return schedule(project != null ? java.util.List.of(project) : null, false);
    }

    /**
     * Schedules the job for {@code projects} (every open Java project when null); {@code user} shows it in a
     * progress dialog (a command the user gave) instead of only in the Progress view.
     */
    public static WorkspaceJob schedule(java.util.Collection<IProject> projects, boolean user) {
        WorkspaceJob job = new WorkspaceJob(user ? "Rendezvous: analysing " + (projects == null ? "all projects" : projects.stream()
                .map(IProject::getName).collect(java.util.stream.Collectors.joining(", "))) : "Rendezvous: analysing again with the new settings") {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                IProject[] all = projects != null ? projects.toArray(new IProject[0]) : ResourcesPlugin.getWorkspace().getRoot().getProjects();
                SubMonitor sub = SubMonitor.convert(monitor, all.length);
                for (IProject p : all) {
                    if (sub.isCanceled()) throw new OperationCanceledException();
                    if (p.isAccessible() && p.hasNature("org.eclipse.jdt.core.javanature")) {
                        sub.subTask(p.getName());
                        p.build(IncrementalProjectBuilder.FULL_BUILD, sub.split(1));
                    } else {
                        sub.worked(1);
                    }
                }
                return Status.OK_STATUS;
            }
        };
        job.setRule(ResourcesPlugin.getWorkspace().getRuleFactory().buildRule());
        job.setUser(user);
        job.schedule();
        return job;
    }
}
