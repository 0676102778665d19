package dev.rendezvous.core.analysis.races;

import java.util.List;

import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.ChoiceSource;
import dev.rendezvous.core.semantics.Explorer.Exploration;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * A message race that changes how the program ends without deadlocking it: with one matching of a
 * wildcard receive every rank finishes, with another a rank calls {@code Abort} or exits with an
 * error status (the received value decides a check). The MPI Bugs Initiative's
 * {@code MessageRace_*_nok} programs are of this kind. Only when the wildcard matchings are the
 * only decisions of the exploration: then both orders are real executions of the same input.
 */
public final class OutcomeRace {
    private OutcomeRace() {}

    public static List<Finding> find(Exploration e) {
        if (e.runs().size() < 2) return List.of();
        for (RunOutcome r : e.runs()) {
            for (ChoiceSource.Decision d : r.decisions()) if (!d.what().startsWith("wildcard ")) return List.of();
        }
        RunOutcome bad = e.runs().stream().filter(r -> r.failed() && !r.deadlocked()).findFirst().orElse(null);
        RunOutcome good = e.runs().stream().filter(r -> r.completed() && !r.failed()).findFirst().orElse(null);
        if (bad == null || good == null) return List.of();
        List<ChoiceSource.Decision> b = bad.decisions(), g = good.decisions();
        int k = 0;
        while (k < b.size() && k < g.size() && b.get(k).chosen() == g.get(k).chosen()) k++;
        if (k >= b.size()) return List.of();
        String what = b.get(k).what();
        String site = what.substring(what.indexOf(" at ") + 4);
        Event recv = null;
        for (List<Event> trace : bad.traces()) {
            for (Event ev : trace) if (recv == null && ev.site().toString().equals(site)) recv = ev;
        }
        if (recv == null) return List.of();
        String failure = !bad.failures().isEmpty() ? bad.failures().get(0) : bad.jobEnd();
        String message = "Which message this " + recv.describe() + " on rank " + recv.rank() + " takes decides how the "
                + "program ends: with one order every rank finishes, with another " + failure
                + " (the received data is checked). Receive from a specific source, or make the check hold for every order";
        return List.of(new Finding(FindingKind.MESSAGE_RACE, Severity.ERROR, Verdict.NONE, message, recv.site(),
                List.of(recv.rank()), List.<Related>of(), List.of(), ""));
    }
}
