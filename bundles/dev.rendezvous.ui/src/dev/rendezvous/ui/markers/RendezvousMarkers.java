package dev.rendezvous.ui.markers;

/** The marker type and its attribute keys, in one place. */
public final class RendezvousMarkers {
    /** Extends problemmarker and textmarker; persistent (plugin.xml). */
    public static final String TYPE = "dev.rendezvous.ui.problem";
    public static final String KIND = "kind";
    public static final String VERDICT = "verdict";
    public static final String RANKS = "ranks";
    public static final String NP = "np";
    public static final String WITNESS = "witness";
    /** Labels of the quick fixes available, one per line (empty when none). */
    public static final String FIXES = "fixes";
    /** Lines of the finding's other operations in the same file (comma-separated): one marker per finding. */
    public static final String RELATED = "relatedLines";
    /**
     * JDT problem category: "Potential Programming Problem", so that grouping the Problems view by
     * Java problem type files Rendezvous findings there instead of under "Other". Grouping by type
     * shows them under "Rendezvous (MPJ)".
     */
    public static final int CATEGORY = org.eclipse.jdt.core.compiler.CategorizedProblem.CAT_POTENTIAL_PROGRAMMING_PROBLEM;

    private RendezvousMarkers() {}
}
