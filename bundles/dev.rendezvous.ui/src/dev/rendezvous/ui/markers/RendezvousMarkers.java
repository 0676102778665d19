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
    /** JDT problem category id used for Rendezvous problems (outside JDT's own range). */
    public static final int CATEGORY = 1000;

    private RendezvousMarkers() {}
}
