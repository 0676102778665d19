package dev.rendezvous.core.semantics;

import java.util.List;
import java.util.Set;

import dev.rendezvous.core.model.Event;

/**
 * Everything one execution left behind: per-rank traces, the matching it chose, and — when it
 * did not complete — which rank is blocked in which operation waiting for whom. {@code failures}
 * are the ranks that ended themselves with an error status ({@code System.exit(1)}); {@code jobEnd}
 * says why the job ended early (Abort, or with {@code jobEndByExit} a {@code System.exit} before
 * {@code MPI.Finalize}).
 */
public record RunOutcome(BufferPolicy policy, List<List<Event>> traces, List<Match> matches, List<Blocked> blocked,
        List<World.SendOp> orphans, List<Collective> collectives, List<RequestValue> leakedRequests,
        List<String> aborted, boolean[] done, List<ChoiceSource.Decision> decisions, List<String> wildcardDecisions,
        boolean timedOut, String jobEnd, boolean jobEndByExit, List<String> failures) {

    /** A send event and the receive event that took its message; {@code buffered} if it was buffered first. */
    public record Match(Event send, Event recv, boolean buffered) {}

    /** What a blocked rank is doing. */
    public enum WaitKind { SEND, RECV, WAIT, PROBE, COLLECTIVE, POLL }

    /** A rank that cannot move, the operation it is in, and the ranks that could release it. */
    public record Blocked(int rank, WaitKind kind, Event event, Set<Integer> waitsFor, List<World.Pending> pending) {}

    /** One collective instance: the call of each member (null where a member never arrived). */
    public record Collective(int comm, int seq, List<Event> calls, boolean complete, boolean mismatch, int[] members) {}

    /**
     * A real deadlock: some blocked rank waits, directly or through other blocked ranks, only for
     * ranks that finished or are blocked themselves. Ranks waiting for a rank the analysis stopped
     * following (a step or time budget) are not deadlocked: what that rank would have done next is
     * unknown. A job ended by {@code Abort} ({@link #jobEnd}) does not deadlock either.
     */
    public boolean deadlocked() {
        if (blocked.isEmpty() || timedOut || jobEnd != null) return false;
        if (aborted.isEmpty()) return true;
        return !deadlockedRanks().isEmpty();
    }

    /** The blocked ranks whose wait does not depend on a rank the analysis stopped following. */
    public Set<Integer> deadlockedRanks() {
        java.util.Map<Integer, Blocked> byRank = new java.util.HashMap<>();
        for (Blocked b : blocked) byRank.put(b.rank(), b);
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        for (Blocked b : blocked) {
            java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(b.waitsFor());
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            boolean tainted = false;
            while (!todo.isEmpty() && !tainted) {
                int r = todo.poll();
                if (!seen.add(r)) continue;
                Blocked next = byRank.get(r);
                if (next != null) todo.addAll(next.waitsFor());
                else if (r >= 0 && r < done.length && !done[r]) tainted = true;
            }
            if (!tainted) out.add(b.rank());
        }
        return out;
    }

    /** The run ended in a failure the user sees: Abort, or a rank exiting with an error status. */
    public boolean failed() {
        return jobEnd != null && !jobEndByExit || !failures.isEmpty();
    }

    public boolean completed() {
        return blocked.isEmpty() && aborted.isEmpty() && !timedOut && jobEnd == null;
    }

    /** The run ended early but not by deadlock: a budget, the clock, or the program's own Abort. */
    public boolean incomplete() {
        return !completed() && !deadlocked();
    }
}
