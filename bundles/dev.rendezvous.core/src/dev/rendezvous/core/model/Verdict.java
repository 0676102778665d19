package dev.rendezvous.core.model;

/** How a program (or one finding) can deadlock; ordered from worst to harmless. */
public enum Verdict {
    /** Deadlocks under any buffering. */
    DEADLOCK_ALWAYS,
    /** Deadlocks when standard sends are not buffered (the program is not 0-safe). */
    DEADLOCK_ZERO_BUFFER,
    /** Deadlocks for some choices of the send a wildcard receive matches. */
    DEADLOCK_NONDETERMINISTIC,
    /** Deadlocks only when some standard sends are buffered and others are not. */
    DEADLOCK_PARTIAL_BUFFERING,
    NONE;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The per-run verdict string of the JSON contract ({@code ok} instead of {@code none}). */
    public String runId() {
        return this == NONE ? "ok" : id();
    }

    /** The verdict in plain words for the IDE (the identifier goes in parentheses after it). */
    public String plainWords() {
        return switch (this) {
            case DEADLOCK_ALWAYS -> "deadlocks whatever the MPI library buffers";
            case DEADLOCK_ZERO_BUFFER -> "deadlocks unless the MPI library buffers messages";
            case DEADLOCK_NONDETERMINISTIC -> "deadlocks when a wildcard receive takes certain messages";
            case DEADLOCK_PARTIAL_BUFFERING -> "deadlocks when the library buffers some sends and not others";
            case NONE -> "no deadlock";
        };
    }

    public static Verdict worst(Verdict a, Verdict b) {
        return a.ordinal() <= b.ordinal() ? a : b;
    }
}
