package dev.rendezvous.core.analysis.deadlock;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.graph.HappensBefore;
import dev.rendezvous.core.model.Event;

/**
 * Steps (ii) and (iii) of POE_MSE ({@code slack-elasticity-poe-mse.md} §2–3) on the
 * happens-before graph of a zero-buffer execution: for every wildcard receive, the sends to its
 * rank that could match it but are kept away by an HB path (competing sends once that path is
 * broken), and for each, the potential culprit sends — single standard sends whose buffering
 * removes the edge from their receive to their completion and so breaks every such path. Step
 * (iv), confirming an actual culprit, is the explored execution under that buffering.
 */
public final class PotentialCulprits {
    /** A wildcard receive, a send that could compete for it, and the sends whose buffering lets it. */
    public record Candidate(Event wildcard, Event competing, List<Event> culprits) {}

    /** Work limit: (wildcard, competing send, culprit) reachability checks. */
    static final int MAX_CHECKS = 20_000;

    private PotentialCulprits() {}

    public static List<Candidate> find(CommGraph zero) {
        HappensBefore hb = zero.happensBefore();
        List<Event> bufferable = new ArrayList<>(hb.bufferableSends());
        List<Candidate> out = new ArrayList<>();
        int checks = 0;
        for (CommGraph.Alternative a : zero.wildcardAlternatives()) {
            Event r = a.taken().recv(), s = a.other(), took = a.taken().send();
            // MPI non-overtaking: a later send of the rank whose message the wildcard took cannot overtake it
            if (s.rank() == took.rank() && s.index() > took.index()) continue;
            if (!hb.before(r, s)) continue; // already concurrent: a plain race, not buffering-induced
            List<Event> culprits = new ArrayList<>();
            for (Event c : bufferable) {
                if (++checks > MAX_CHECKS) return out;
                if (!hb.beforeBuffering(r, s, Set.of(c))) culprits.add(c);
            }
            if (!culprits.isEmpty()) out.add(new Candidate(r, s, culprits));
        }
        return out;
    }
}
