package dev.rendezvous.core.semantics;

/**
 * How the simulated runtime buffers standard-mode sends. {@code Ssend} is never buffered and
 * {@code Bsend} always is (up to the attached buffer), whatever the policy.
 */
public enum BufferPolicy {
    /** Standard sends complete only when the matching receive is posted (MPJ's multicore device). */
    ZERO,
    /** Standard sends complete at once (an eager implementation with infinite memory). */
    UNBOUNDED,
    /** Each standard send is buffered or not, a choice the explorer enumerates (slack analysis). */
    PER_SEND,
    /**
     * The receive-buffer model of the buffer-allocation paper (§3.2): rank i has b_i tokens; a
     * standard send to i may take one when it is posted or when no rank can move (rule 2b, a
     * choice the explorer enumerates), and gives it back when the receive completes (rule 4).
     */
    TOKENS;

    /** Whether collectives may complete early on ranks that only contribute or only receive. */
    boolean eagerCollectives() {
        return this != ZERO;
    }
}
