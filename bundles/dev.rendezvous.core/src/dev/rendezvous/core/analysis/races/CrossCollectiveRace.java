package dev.rendezvous.core.analysis.races;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.ChoiceSource;
import dev.rendezvous.core.semantics.Explorer.Exploration;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * A wildcard receive posted before a collective that can take a message its sender sends only
 * after that collective, while another execution gives it a different message. The collective
 * then separates nothing: which receive gets which message is up to timing. The MPI Bugs
 * Initiative's {@code CollP2PCallMatching_<collective>_<send>_Irecv_nok} programs are of this kind
 * (one {@code Irecv(ANY_SOURCE)} before a {@code Bcast}, one after, every send after it).
 *
 * <p>Collective instances are numbered per communicator: the k-th collective a rank calls on a
 * communicator is the same instance on every member (the collective-mismatch check reports where
 * it is not), so "before the k-th collective" means the same thing on every rank.
 *
 * <p>Reported only on evidence: the receive took one send in one explored execution and another
 * send in another, the executions differ only in wildcard matches and buffering (no decision on
 * unknown data, which could stand for two different inputs), and in one of them the message it
 * took was sent after a collective the receive was posted before. A master gathering results with
 * {@code ANY_SOURCE} receives posted after the work is handed out is not reported.
 */
public final class CrossCollectiveRace {
    private CrossCollectiveRace() {}

    /** A receive instance, the send it took across a collective, and that collective on the receiver. */
    private record Crossing(Event recv, Event send, Event collective, Event sendersCollective) {}

    public static List<Finding> find(Exploration e) {
        if (e.runs().size() < 2) return List.of();
        for (RunOutcome r : e.runs()) {
            for (ChoiceSource.Decision d : r.decisions()) if (!d.scheduling()) return List.of();
        }
        Map<String, Set<String>> taken = new HashMap<>();
        Map<String, Crossing> crossings = new LinkedHashMap<>();
        for (RunOutcome r : e.runs()) {
            for (RunOutcome.Match m : r.matches()) {
                Event recv = m.recv(), send = m.send();
                if (recv == null || send == null || recv.op().kind() != Op.Kind.RECV || recv.sourcePeer() != Peer.ANY) continue;
                String key = recv.rank() + "@" + recv.index() + "@" + recv.site();
                taken.computeIfAbsent(key, k -> new HashSet<>()).add(send.rank() + "@" + send.index() + "@" + send.site());
                if (crossings.containsKey(key)) continue;
                List<Event> receiver = r.traces().get(recv.rank()), sender = r.traces().get(send.rank());
                int posted = collectivesBefore(receiver, recv.index(), recv.comm());
                if (collectivesBefore(sender, send.index(), recv.comm()) > posted) {
                    crossings.put(key, new Crossing(recv, send, nthCollective(receiver, posted, recv.comm()),
                            nthCollective(sender, posted, recv.comm())));
                }
            }
        }
        List<Finding> out = new ArrayList<>();
        Set<String> sites = new HashSet<>();
        for (Map.Entry<String, Crossing> c : crossings.entrySet()) {
            if (taken.get(c.getKey()).size() < 2) continue;
            Crossing x = c.getValue();
            if (!sites.add(x.recv().site().toString())) continue;
            String coll = describe(x.collective()), sendersColl = describe(x.sendersCollective());
            String message = "This " + x.recv().describe() + " on rank " + x.recv().rank() + " is posted before " + coll
                    + " but can take the message rank " + x.send().rank() + " sends after it ("
                    + x.send().op().mpjName() + " at line " + x.send().site().line() + "); in other executions it takes "
                    + "another message, so which receive gets which message depends on timing. Post the receive after "
                    + "the collective, or receive from a named source or with a distinct tag";
            List<Related> related = List.of(new Related(x.send().site(), x.send().rank(),
                    "rank " + x.send().rank() + " sends this after " + sendersColl, true));
            out.add(new Finding(FindingKind.MESSAGE_RACE, Severity.ERROR, Verdict.NONE, message, x.recv().site(),
                    List.of(x.recv().rank(), x.send().rank()), related, List.of(), ""));
        }
        return out;
    }

    /** How many collectives on {@code comm} a rank called before position {@code index} of its trace. */
    private static int collectivesBefore(List<Event> trace, int index, int comm) {
        int n = 0;
        for (Event ev : trace) {
            if (ev.index() >= index) break;
            if (ev.op().kind() == Op.Kind.COLLECTIVE && ev.comm() == comm) n++;
        }
        return n;
    }

    /** A rank's collective call number {@code n} (from 0) on {@code comm}, or null. */
    private static Event nthCollective(List<Event> trace, int n, int comm) {
        for (Event ev : trace) {
            if (ev.op().kind() == Op.Kind.COLLECTIVE && ev.comm() == comm && n-- == 0) return ev;
        }
        return null;
    }

    private static String describe(Event collective) {
        return collective == null ? "a collective" : collective.op().mpjName() + " (line " + collective.site().line() + ")";
    }
}
