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

    public static Verdict worst(Verdict a, Verdict b) {
        return a.ordinal() <= b.ordinal() ? a : b;
    }
}
