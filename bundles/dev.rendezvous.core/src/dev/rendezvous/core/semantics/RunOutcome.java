package dev.rendezvous.core.semantics;

import java.util.List;
import java.util.Set;

import dev.rendezvous.core.model.Event;

/**
 * Everything one execution left behind: per-rank traces, the matching it chose, and — when it
 * did not complete — which rank is blocked in which operation waiting for whom.
 */
public record RunOutcome(BufferPolicy policy, List<List<Event>> traces, List<Match> matches, List<Blocked> blocked,
        List<World.SendOp> orphans, List<Collective> collectives, List<RequestValue> leakedRequests,
        List<String> aborted, boolean[] done, List<ChoiceSource.Decision> decisions, List<String> wildcardDecisions,
        boolean timedOut) {

    /** A send event and the receive event that took its message; {@code buffered} if it was buffered first. */
    public record Match(Event send, Event recv, boolean buffered) {}

    /** What a blocked rank is doing. */
    public enum WaitKind { SEND, RECV, WAIT, PROBE, COLLECTIVE, POLL }

    /** A rank that cannot move, the operation it is in, and the ranks that could release it. */
    public record Blocked(int rank, WaitKind kind, Event event, Set<Integer> waitsFor, List<World.Pending> pending) {}

    /** One collective instance: the call of each member (null where a member never arrived). */
    public record Collective(int comm, int seq, List<Event> calls, boolean complete, boolean mismatch, int[] members) {}

    public boolean deadlocked() {
        return !blocked.isEmpty() && !timedOut;
    }

    public boolean completed() {
        return blocked.isEmpty() && aborted.isEmpty() && !timedOut;
    }
}
