package dev.rendezvous.ui.markers;

import org.eclipse.jdt.core.compiler.CategorizedProblem;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.SourceRange;

/**
 * A finding (or one of its partner operations) as a JDT problem, so that JDT creates and removes
 * the marker with the build and shows it while reconciling.
 */
public final class RendezvousProblem extends CategorizedProblem {
    private final Finding finding;
    /** The lines of the finding's other operations in this file ("21"), or "". */
    String relatedLines = "";
    private final char[] fileName;
    private int start, end, line;

    public RendezvousProblem(Finding finding, SourceRange at, char[] fileName) {
        this.finding = finding;
        this.fileName = fileName;
        this.start = at.start();
        this.end = Math.max(at.start(), at.end() - 1);
        this.line = at.line();
    }

    public Finding finding() {
        return finding;
    }

    @Override
    public int getCategoryID() {
        return RendezvousMarkers.CATEGORY;
    }

    @Override
    public String getMarkerType() {
        return RendezvousMarkers.TYPE;
    }

    @Override
    public String[] getExtraMarkerAttributeNames() {
        return new String[] {RendezvousMarkers.KIND, RendezvousMarkers.VERDICT, RendezvousMarkers.RANKS, RendezvousMarkers.WITNESS,
                RendezvousMarkers.FIXES, RendezvousMarkers.RELATED};
    }

    @Override
    public Object[] getExtraMarkerAttributeValues() {
        return new Object[] {finding.kind().id(), finding.verdict().id(),
                finding.ranks().toString().replaceAll("[\\[\\] ]", ""), finding.witness(),
                String.join("\n", finding.fixes().stream().map(dev.rendezvous.core.model.Fix::label).toList()), relatedLines};
    }

    @Override
    public String[] getArguments() {
        return new String[0];
    }

    @Override
    public int getID() {
        return 0;
    }

    @Override
    public String getMessage() {
        return "[" + finding.kind().id() + "] " + finding.message();
    }

    @Override
    public char[] getOriginatingFileName() {
        return fileName;
    }

    @Override
    public int getSourceStart() {
        return start;
    }

    @Override
    public int getSourceEnd() {
        return end;
    }

    @Override
    public int getSourceLineNumber() {
        return line;
    }

    @Override
    public boolean isError() {
        return finding.severity() == Severity.ERROR;
    }

    @Override
    public boolean isWarning() {
        return finding.severity() == Severity.WARNING;
    }

    @Override
    public boolean isInfo() {
        return finding.severity() == Severity.INFO;
    }

    @Override
    public void setSourceEnd(int sourceEnd) {
        end = sourceEnd;
    }

    @Override
    public void setSourceLineNumber(int lineNumber) {
        line = lineNumber;
    }

    @Override
    public void setSourceStart(int sourceStart) {
        start = sourceStart;
    }
}
