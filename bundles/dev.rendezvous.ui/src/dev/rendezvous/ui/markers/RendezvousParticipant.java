package dev.rendezvous.ui.markers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.jdt.core.IJavaProject;
import org.eclipse.jdt.core.compiler.BuildContext;
import org.eclipse.jdt.core.compiler.CategorizedProblem;
import org.eclipse.jdt.core.compiler.CompilationParticipant;
import org.eclipse.jdt.core.compiler.ReconcileContext;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.ui.IdeAnalysis;
import dev.rendezvous.ui.RendezvousPlugin;

/**
 * Runs Rendezvous on every Java file JDT builds and on the working copy while the user types
 * (reconcile, which JDT runs off the UI thread and cancels when superseded). Only files that
 * mention {@code mpi.} or {@code MPI.} are analysed. Each finding becomes a problem on its own
 * operation and on every partner operation (both Sends of a cycle), so the ruler shows each line
 * to change; JDT owns the markers, so stale ones go with the next build or reconcile.
 */
public final class RendezvousParticipant extends CompilationParticipant {

    @Override
    public boolean isActive(IJavaProject project) {
        return true;
    }

    @Override
    public void buildStarting(BuildContext[] files, boolean isBatch) {
        for (BuildContext ctx : files) {
            try {
                char[] contents = ctx.getContents();
                IFile file = ctx.getFile();
                String source = new String(contents);
                if (!mentionsMpj(source)) continue;
                List<CategorizedProblem> problems = problems(file.getFullPath().toString(), source, file.getName().toCharArray());
                if (!problems.isEmpty()) ctx.recordNewProblems(problems.toArray(CategorizedProblem[]::new));
            } catch (RuntimeException e) {
                RendezvousPlugin.log("Rendezvous analysis failed on " + ctx.getFile(), e);
            }
        }
    }

    @Override
    public void reconcile(ReconcileContext context) {
        try {
            String source = context.getWorkingCopy().getSource();
            if (source == null || !mentionsMpj(source)) return;
            String path = context.getWorkingCopy().getPath().toString();
            List<CategorizedProblem> problems = problems(path, source, context.getWorkingCopy().getElementName().toCharArray());
            context.putProblems(RendezvousMarkers.TYPE, problems.toArray(CategorizedProblem[]::new));
        } catch (Exception e) {
            RendezvousPlugin.log("Rendezvous reconcile failed", e);
        }
    }

    static boolean mentionsMpj(String source) {
        return source.contains("mpi.") || source.contains("MPI.");
    }

    static List<CategorizedProblem> problems(String path, String source, char[] name) {
        FileReport report = IdeAnalysis.analyze(path, source, () -> Thread.currentThread().isInterrupted());
        List<CategorizedProblem> out = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        for (Finding f : IdeAnalysis.problems(report)) { // information stays in the views and the hover unless asked for
            // one marker per finding, at its own line when that is in this file; the other operations'
            // lines are an attribute and links in the hover
            List<SourceRange> ops = f.operations().stream().filter(op -> path.equals(op.file())).toList();
            boolean here = !ops.isEmpty();
            if (here) {
                SourceRange at = f.range() != null && path.equals(f.range().file()) ? f.range() : ops.get(0);
                RendezvousProblem p = add(out, placed, f, at, name);
                if (p != null) {
                    p.relatedLines = String.join(",", ops.stream().filter(op -> op.line() != at.line())
                            .map(op -> String.valueOf(op.line())).distinct().toList());
                }
            }
            if (!here) {
                // the problem lies in a class of another file: mark where this file calls into it
                f.related().stream().filter(r -> path.equals(r.range().file())).findFirst()
                        .ifPresent(r -> add(out, placed, f.withMessage(f.message() + " (in " + f.range().file() + ":"
                                + f.range().line() + ")"), r.range(), name));
            }
        }
        return out;
    }

    private static RendezvousProblem add(List<CategorizedProblem> out, Set<String> placed, Finding f, SourceRange at, char[] name) {
        if (at == null || !placed.add(f.kind().id() + "@" + at.start())) return null;
        RendezvousProblem p = new RendezvousProblem(f, at, name);
        out.add(p);
        return p;
    }
}
