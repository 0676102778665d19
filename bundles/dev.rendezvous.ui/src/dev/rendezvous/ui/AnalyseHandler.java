package dev.rendezvous.ui;

import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;

/**
 * "Analyse with Rendezvous" on projects, folders or files in the Package or Project Explorer: analyses
 * the Java projects they belong to again, as a job with a progress dialog that can be cancelled or sent
 * to the background (the markers of every MPJ file in them are replaced).
 */
public final class AnalyseHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) {
        schedule(HandlerUtil.getCurrentSelection(event));
        return null;
    }

    /** Schedules the analysis of the projects of the selected resources; null when nothing selected is one. */
    public static WorkspaceJob schedule(ISelection selection) {
        Set<IProject> projects = new LinkedHashSet<>();
        if (selection instanceof IStructuredSelection s) {
            for (Object o : s.toList()) {
                IResource r = Adapters.adapt(o, IResource.class);
                if (r != null && r.getProject() != null) projects.add(r.getProject());
            }
        }
        if (projects.isEmpty()) return null;
        return Reanalysis.schedule(projects, true);
    }
}
