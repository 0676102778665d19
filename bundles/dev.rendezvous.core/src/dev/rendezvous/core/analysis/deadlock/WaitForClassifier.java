package dev.rendezvous.core.analysis.deadlock;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.RunOutcome;
import dev.rendezvous.core.semantics.RunOutcome.Blocked;
import dev.rendezvous.core.semantics.RunOutcome.WaitKind;
import dev.rendezvous.core.semantics.World;

/**
 * Explains a deadlocked execution: which ranks wait for whom, and why. Follows the catalogue of
 * {@code mpi-check-deadlock-detection.md}: a rank waiting for a rank that has finished is an
 * unmatched receive / send (§2.1 item 1) or a missing collective (§4 item 1); a cycle of ranks
 * blocked in sends is a send–receive cycle (§2.1 item 2, the t-ring of the buffer paper §3.1);
 * a cycle through receives or waits is a wait cycle (§3, Fig. 11); through probes a probe cycle
 * (§2.3, Fig. 9); collectives entered in different orders (§4 item 2) or mixed with point-to-point
 * operations (§4 item 3, Fig. 23) are reported as such. Mismatched collective instances
 * (different operation or root at the same position) come first.
 */
public final class WaitForClassifier {

    /** One explained deadlock: its kind, the operations involved (primary first) and a witness. */
    public record Explanation(FindingKind kind, List<Event> events, List<Integer> ranks, String summary,
            List<String> witness) {}

    private WaitForClassifier() {}

    /** As {@link #explain(RunOutcome, TagInventory)} without the program's text: no tag is ruled out. */
    public static List<Explanation> explain(RunOutcome run) {
        return explain(run, TagInventory.open());
    }

    /**
     * The deadlocks of {@code run}, explained. {@code tags} tells a receive whose tag no send of the program uses (or a
     * send whose tag no receive takes) from one whose partner merely has not got there yet: the first is an unmatched
     * operation however the ranks are ordered, the second a cycle if the partner is blocked too.
     */
    public static List<Explanation> explain(RunOutcome run, TagInventory tags) {
        List<Explanation> out = new ArrayList<>();
        Map<Integer, Blocked> blocked = new LinkedHashMap<>();
        for (Blocked b : run.blocked()) blocked.put(b.rank(), b);
        Set<Integer> explained = new LinkedHashSet<>();

        // 1. mismatched collective instances
        for (RunOutcome.Collective c : run.collectives()) {
            if (!c.mismatch()) continue;
            List<Event> calls = new ArrayList<>();
            for (Event e : c.calls()) if (e != null) calls.add(e);
            Event first = calls.get(0);
            boolean rootOnly = calls.stream().allMatch(e -> e.op() == first.op());
            List<Integer> ranks = calls.stream().map(Event::rank).toList();
            List<String> w = new ArrayList<>();
            for (Event e : calls) w.add("rank " + e.rank() + " calls " + e.describe() + " at line " + e.site().line());
            String summary = rootOnly
                    ? "Ranks call " + first.op().mpjName() + " with different roots at the same point of the communicator's collective sequence"
                    : "Ranks call different collectives at the same point: " + describeOps(calls);
            out.add(new Explanation(rootOnly ? FindingKind.COLLECTIVE_ROOT_MISMATCH : FindingKind.COLLECTIVE_MISMATCH,
                    calls, ranks, summary, w));
            explained.addAll(ranks);
        }

        // 2. ranks waiting only for ranks that have finished, or for a message of a tag no send of the program
        // uses (a send for a tag no receive takes): never matched, whatever the ranks still running do next. A near
        // miss already posted to a blocked receive (same source, other tag; or same tag, other source) counts as such
        // unless the awaited source has yet to make a send call of the program that may carry the awaited tag: that
        // send may come after the source's own blocked operation (a wait cycle, fixed by reordering, not by a tag)
        Map<String, List<Blocked>> missing = new LinkedHashMap<>();
        for (Blocked b : blocked.values()) {
            if (explained.contains(b.rank()) || b.event() == null) continue;
            boolean allDone = !b.waitsFor().isEmpty();
            for (int r : b.waitsFor()) allDone &= r >= 0 && r < run.done().length && run.done()[r];
            boolean nearMissOnly = b.kind() == WaitKind.RECV && !nearMiss(run, b).isEmpty()
                    && !tags.sendAhead(b.event().sourceTag(), sitesRun(run, b.event().sourcePeer()));
            if (b.waitsFor().isEmpty() || allDone || nearMissOnly || !neverMatched(b, tags).isEmpty()) {
                missing.computeIfAbsent(kindOfMissing(b) + "@" + b.event().site().start(), k -> new ArrayList<>()).add(b);
            }
        }
        for (List<Blocked> group : missing.values()) {
            Blocked b = group.get(0);
            FindingKind kind = kindOfMissing(b);
            // a rank held in Buffer_detach is held by the Bsend nobody receives: point at that send
            List<Event> evs = group.stream().map(WaitForClassifier::culprit).toList();
            List<Integer> ranks = group.stream().map(Blocked::rank).toList();
            List<String> w = new ArrayList<>();
            for (Blocked g : group) {
                boolean finished = !g.waitsFor().isEmpty();
                for (int r : g.waitsFor()) finished &= r >= 0 && r < run.done().length && run.done()[r];
                w.add("rank " + g.rank() + " blocks in " + g.event().describe() + " at line " + g.event().site().line()
                        + (g.waitsFor().isEmpty() ? "; no rank could " + (kindOfMissing(g) == FindingKind.UNMATCHED_SEND
                                ? "receive what it sends" : "send what it waits for")
                                : " waiting for " + ranksText(g.waitsFor())) + (finished ? ", which " + (g.waitsFor().size() == 1 ? "has" : "have")
                        + " already finished" : nearMissOrNever(run, g, tags)));
            }
            String summary = switch (kind) {
                case COLLECTIVE_MISSING -> b.event().op().mpjName() + " is never called by " + ranksText(b.waitsFor())
                        + ": " + ranksText(ranks) + (ranks.size() == 1 ? " waits" : " wait") + " in it forever";
                case UNMATCHED_SEND -> b.event().op() == dev.rendezvous.core.model.Op.BUFFER_DETACH
                        ? "No receive matches this " + culprit(b).describe() + " on rank " + b.rank() + ": Buffer_detach at line "
                                + b.event().site().line() + " waits for it to be received, forever"
                        : "No receive matches this " + b.event().describe() + " on rank " + b.rank() + neverMatched(b, tags);
                default -> {
                    Event awaited = polledRecv(b);
                    yield awaited != null
                            ? "Rank " + b.rank() + (b.kind() == WaitKind.POLL ? " polls with " + b.event().op().mpjName() + " forever"
                                    : " waits in " + b.event().op().mpjName() + " forever") + ": no send matches its "
                                    + awaited.describe() + " at line " + awaited.site().line() + nearMissOrNever(run, b, tags)
                            : "No send matches this " + b.event().describe() + " on rank " + b.rank() + nearMissOrNever(run, b, tags);
                }
            };
            out.add(new Explanation(kind, evs, ranks, summary, w));
            explained.addAll(ranks);
        }

        // 3. cycles among the blocked ranks not explained above: a rank waiting for one whose operation is never
        // matched waits behind that operation, not in a cycle of its own
        Map<Integer, Blocked> unexplained = new LinkedHashMap<>(blocked);
        unexplained.keySet().removeAll(explained);
        for (Blocked start : blocked.values()) {
            if (explained.contains(start.rank())) continue;
            List<Integer> cycle = findCycle(start.rank(), unexplained);
            if (cycle == null) continue;
            List<Blocked> members = cycle.stream().map(blocked::get).toList();
            FindingKind kind = kindOfCycle(members);
            List<String> w = new ArrayList<>();
            for (int i = 0; i < members.size(); i++) {
                Blocked m = members.get(i);
                Blocked next = members.get((i + 1) % members.size());
                w.add("rank " + m.rank() + " blocks in " + (m.event() == null ? "a poll" : m.event().describe() + " at line "
                        + m.event().site().line()) + waitingFor(run, m, next) + (m.event() == null ? "" : earlierTag(run, m)));
            }
            String summary = switch (kind) {
                case SEND_CYCLE -> "Send cycle (t-ring) of " + members.size() + " ranks: every rank sends before it receives";
                case PROBE_CYCLE -> "Probe cycle: ranks probe for messages that are sent only after the probes return";
                case COLLECTIVE_ORDER -> "Collectives are called in different orders on different ranks";
                case P2P_COLLECTIVE_INTERLEAVE -> "A collective and point-to-point operations are ordered differently on different ranks";
                default -> members.stream().allMatch(WaitForClassifier::waitsForAnyRank)
                        ? "Wait cycle: each rank waits for a message from any rank, and the only ranks still running are the others of the "
                                + "cycle, each blocked in its own wait"
                        : "Wait cycle: each rank waits for a message the next rank sends only after its own wait";
            };
            out.add(new Explanation(kind, members.stream().map(Blocked::event).filter(e -> e != null).toList(), cycle,
                    summary + ". " + String.join("; ", w), w));
            explained.addAll(cycle);
        }

        // 4. whatever is left: blocked behind ranks explained above (or polling forever)
        List<Blocked> rest = blocked.values().stream().filter(b -> !explained.contains(b.rank()) && b.event() != null).toList();
        if (!rest.isEmpty() && out.isEmpty()) {
            Blocked b = rest.get(0);
            out.add(new Explanation(b.kind() == WaitKind.COLLECTIVE ? FindingKind.COLLECTIVE_MISSING : FindingKind.UNMATCHED_RECV,
                    rest.stream().map(Blocked::event).toList(), rest.stream().map(Blocked::rank).toList(),
                    "Ranks " + ranksText(rest.stream().map(Blocked::rank).toList()) + " can never continue",
                    List.of("rank " + b.rank() + " blocks in " + b.event().describe() + " at line " + b.event().site().line())));
        }
        return out;
    }

    /** The operation to blame for a blocked rank: its own, or for Buffer_detach the first buffered send it waits for. */
    private static Event culprit(Blocked b) {
        if (b.event().op() == dev.rendezvous.core.model.Op.BUFFER_DETACH) {
            for (dev.rendezvous.core.semantics.World.Pending p : b.pending()) if (p.event() != null) return p.event();
        }
        return b.event();
    }

    private static FindingKind kindOfMissing(Blocked b) {
        return switch (b.kind()) {
            case COLLECTIVE -> FindingKind.COLLECTIVE_MISSING;
            case SEND -> FindingKind.UNMATCHED_SEND;
            case WAIT, POLL -> b.pending().stream().allMatch(p -> p instanceof World.SendOp) && !b.pending().isEmpty()
                    ? FindingKind.UNMATCHED_SEND : FindingKind.UNMATCHED_RECV;
            default -> FindingKind.UNMATCHED_RECV;
        };
    }

    private static FindingKind kindOfCycle(List<Blocked> members) {
        boolean anyColl = false, anyP2p = false, anyProbe = false, allSend = true;
        Set<Integer> comms = new LinkedHashSet<>();
        for (Blocked m : members) {
            if (m.kind() == WaitKind.COLLECTIVE) {
                anyColl = true;
                if (m.event() != null) comms.add(m.event().comm());
            } else {
                anyP2p = true;
            }
            if (m.kind() == WaitKind.PROBE) anyProbe = true;
            boolean sendOnly = m.kind() == WaitKind.SEND
                    || (m.kind() == WaitKind.WAIT && !m.pending().isEmpty() && m.pending().stream().allMatch(p -> p instanceof World.SendOp));
            allSend &= sendOnly;
        }
        if (anyColl && anyP2p) return FindingKind.P2P_COLLECTIVE_INTERLEAVE;
        if (anyColl) return FindingKind.COLLECTIVE_ORDER;
        if (anyProbe) return FindingKind.PROBE_CYCLE;
        if (allSend) return FindingKind.SEND_CYCLE;
        return FindingKind.WAIT_CYCLE;
    }

    /**
     * A cycle of blocked ranks through {@code start}, or null when {@code start} only waits behind a
     * cycle it is not part of. Searching through the start (not for any cycle reachable from it) gives
     * every rank of a fan-in (rank 0 in a Barrier waiting for ranks 2 and 3, each waiting for rank 0)
     * its own cycle instead of the first one found again.
     */
    private static List<Integer> findCycle(int start, Map<Integer, Blocked> blocked) {
        return dfs(start, start, blocked, new HashSet<>(), new ArrayList<>());
    }

    private static List<Integer> dfs(int r, int start, Map<Integer, Blocked> blocked, Set<Integer> visited, List<Integer> path) {
        visited.add(r);
        path.add(r);
        for (int next : blocked.get(r).waitsFor()) {
            if (next == start) return new ArrayList<>(path);
            if (!blocked.containsKey(next) || visited.contains(next)) continue;
            List<Integer> c = dfs(next, start, blocked, visited, path);
            if (c != null) return c;
        }
        path.remove(path.size() - 1);
        return null;
    }

    /**
     * Why {@code b}'s operation can never be matched, read off the program's tags ({@link TagInventory}), or "": a
     * receive (or probe) waiting for a tag no send uses, a send whose tag no receive takes. One such operation keeps a
     * rank in Recv, Wait or Waitall forever; Waitany and Waitsome only when every one they wait for is such.
     */
    private static String neverMatched(Blocked b, TagInventory tags) {
        if (b.kind() != WaitKind.RECV && b.kind() != WaitKind.WAIT && b.kind() != WaitKind.SEND && b.kind() != WaitKind.PROBE) return "";
        if (b.pending().isEmpty()) return "";
        dev.rendezvous.core.model.Op op = b.event().op();
        boolean anyOf = op == dev.rendezvous.core.model.Op.WAITANY || op == dev.rendezvous.core.model.Op.WAITSOME;
        String first = null;
        for (World.Pending p : b.pending()) {
            String why = "";
            if (p instanceof World.SendOp s) {
                if (tags.neverReceived(s.tag())) why = "; no receive in the program takes tag " + s.tag();
            } else if (p.event() != null && tags.neverSent(p.event().sourceTag())) {
                why = "; no send in the program uses tag " + p.event().sourceTag();
            }
            if (why.isEmpty() && anyOf) return "";
            if (!why.isEmpty() && first == null) first = why;
        }
        return first == null ? "" : first;
    }

    /** Where the calls {@code rank} made in this run are (none for a wildcard or a rank out of range). */
    private static Set<dev.rendezvous.core.model.SourceRange> sitesRun(RunOutcome run, int rank) {
        Set<dev.rendezvous.core.model.SourceRange> out = new HashSet<>();
        if (rank < 0 || rank >= run.traces().size()) return out;
        for (Event e : run.traces().get(rank)) out.add(e.site());
        return out;
    }

    /**
     * The near miss of {@link #nearMiss}, or else why no send can ever match ({@link #neverMatched}), or else where the
     * awaited source's messages of that tag went ({@link #sentElsewhere}).
     */
    private static String nearMissOrNever(RunOutcome run, Blocked b, TagInventory tags) {
        String near = nearMiss(run, b);
        if (!near.isEmpty()) return near;
        String never = neverMatched(b, tags);
        return never.isEmpty() ? sentElsewhere(run, b) : never;
    }

    /**
     * For a receive from a named source that nothing matches: the ranks that source did send messages of the awaited
     * tag to, when none went to this rank, as in a program written for two processes and started with four (rank 0
     * sends to rank 1 only, ranks 2 and 3 wait for it); "" otherwise. "So far" while the source has not finished.
     */
    private static String sentElsewhere(RunOutcome run, Blocked b) {
        if (b.kind() != WaitKind.RECV && b.kind() != WaitKind.WAIT) return "";
        Event recv = awaitedRecv(b);
        int src = recv.sourcePeer(), tag = recv.sourceTag();
        if (src < 0 || src >= run.done().length || tag == Peer.UNKNOWN) return "";
        java.util.TreeSet<Integer> to = new java.util.TreeSet<>();
        Event first = null;
        for (RunOutcome.Match m : run.matches()) {
            Event s = m.send();
            if (s.rank() != src || s.comm() != recv.comm() || (tag != Peer.ANY && s.tag() != tag)) continue;
            if (s.peer() == b.rank()) return ""; // it did send here: another receive took it
            to.add(s.peer());
            if (first == null) first = s;
        }
        if (first == null) return "";
        return "; " + (run.done()[src] ? "" : "so far ") + "rank " + src + " sent " + (tag == Peer.ANY ? "its messages" : "tag " + tag)
                + " only to " + ranksText(to) + " (line " + first.site().line() + ")";
    }

    /**
     * For a rank in a cycle: the message its partner did send it with another tag, or another rank with its tag, as a
     * hint, since that may be the slip even when the program's tags cannot show it (a tag computed at run time, a
     * source the text does not fix); "" when there is none.
     */
    private static String earlierTag(RunOutcome run, Blocked b) {
        if (b.kind() != WaitKind.RECV && b.kind() != WaitKind.WAIT) return "";
        Event recv = awaitedRecv(b);
        int wantSrc = recv.sourcePeer(), wantTag = recv.sourceTag();
        if (wantTag == Peer.ANY || wantTag == Peer.UNKNOWN || wantSrc == Peer.ANY) return "";
        World.SendOp s = nearMissSend(run, b);
        if (s == null) return "";
        return s.src() == wantSrc
                ? " (rank " + s.src() + "'s message to it from line " + s.event().site().line() + " has tag " + s.tag() + ")"
                : " (a message with this tag from rank " + s.src() + ", line " + s.event().site().line() + ", waits for it)";
    }

    /**
     * Whom a rank of a cycle waits for: the next rank, or, for a receive from any source, any rank, of which only those
     * named are still running (the cycle goes through the first): a wildcard is not waiting for that rank in particular.
     */
    private static String waitingFor(RunOutcome run, Blocked m, Blocked next) {
        if (!waitsForAnyRank(m)) return " waiting for rank " + next.rank();
        List<Integer> running = new ArrayList<>();
        for (int r : m.waitsFor()) if (!(r >= 0 && r < run.done().length && run.done()[r])) running.add(r);
        return " waiting for a message from any rank (" + ranksText(running) + (running.size() == 1 ? " is the only one" : " are the only ones")
                + " still running)";
    }

    /** Whether {@code m} is blocked on a receive (or probe) from any source. */
    private static boolean waitsForAnyRank(Blocked m) {
        if (m.event() == null || (m.kind() != WaitKind.RECV && m.kind() != WaitKind.WAIT && m.kind() != WaitKind.PROBE)) return false;
        Event awaited = polledRecv(m);
        if (awaited == null && m.kind() == WaitKind.WAIT) return false; // a Wait for sends only
        return (awaited != null ? awaited : m.event()).sourcePeer() == Peer.ANY;
    }

    /** The receive a polling rank waits for (its outstanding Irecv), or null. */
    private static Event polledRecv(Blocked b) {
        if (b.kind() != WaitKind.POLL && b.kind() != WaitKind.WAIT && b.kind() != WaitKind.RECV) return null;
        if (b.event() != null && b.event().op().kind() != dev.rendezvous.core.model.Op.Kind.WAIT) return null;
        for (World.Pending p : b.pending()) if (p instanceof World.RecvOp && p.event() != null) return p.event();
        return null;
    }

    /**
     * A send to this rank, posted and never taken, that differs from its awaited receive only in tag (or a send with
     * its tag from another source), as the text that names it; "" when there is none.
     */
    private static String nearMiss(RunOutcome run, Blocked b) {
        World.SendOp s = nearMissSend(run, b);
        if (s == null) return "";
        Event recv = awaitedRecv(b);
        return s.src() == recv.sourcePeer()
                ? "; rank " + s.src() + " sends to it at line " + s.event().site().line() + " with tag " + s.tag()
                        + " instead of " + recv.sourceTag() + " (tags differ)"
                : "; a message with this tag comes from rank " + s.src() + " (line " + s.event().site().line()
                        + ") instead of rank " + recv.sourcePeer() + " (sources differ)";
    }

    /**
     * The first message posted to {@code b}'s rank and never taken that differs from its awaited receive only in tag
     * (same source) or only in source (same tag); null when there is none.
     */
    private static World.SendOp nearMissSend(RunOutcome run, Blocked b) {
        Event recv = awaitedRecv(b);
        int wantSrc = recv.sourcePeer();
        int wantTag = recv.sourceTag();
        for (World.SendOp s : run.orphans()) {
            if (s.event() == null || s.dst() != b.rank()) continue;
            if (s.src() == wantSrc && wantTag != Peer.ANY && s.tag() != wantTag) return s;
            if (s.tag() == wantTag && wantSrc != Peer.ANY && s.src() != wantSrc) return s;
        }
        return null;
    }

    /** The receive {@code b} waits for: its outstanding Irecv when it waits or polls, else its own operation. */
    private static Event awaitedRecv(Blocked b) {
        Event awaited = polledRecv(b);
        return awaited != null ? awaited : b.event();
    }

    static String ranksText(java.util.Collection<Integer> ranks) {
        List<Integer> l = new ArrayList<>(ranks);
        if (l.size() == 1) return "rank " + l.get(0);
        return "ranks " + l.toString().replace("[", "").replace("]", "");
    }

    private static String describeOps(List<Event> calls) {
        StringBuilder b = new StringBuilder();
        for (Event e : calls) {
            if (b.length() > 0) b.append(", ");
            b.append("rank ").append(e.rank()).append(' ').append(e.op().mpjName()).append(" (line ").append(e.site().line()).append(')');
        }
        return b.toString();
    }
}
