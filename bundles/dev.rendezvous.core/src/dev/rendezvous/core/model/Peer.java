package dev.rendezvous.core.model;

/** Special peer and tag values. MPJ's own constants (-2, -3) are matched by field reference. */
public final class Peer {
    public static final int ANY = -2;
    public static final int PROC_NULL = -3;
    /** A peer or tag the engine could not compute. */
    public static final int UNKNOWN = -100;

    private Peer() {}

    public static String describe(int p) {
        return switch (p) {
            case ANY -> "ANY";
            case PROC_NULL -> "PROC_NULL";
            case UNKNOWN -> "?";
            default -> Integer.toString(p);
        };
    }
}
