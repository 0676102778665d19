package dev.rendezvous.core.analysis.deadlock;

import java.util.ArrayList;
import java.util.List;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.RequestValue;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * A non-blocking operation whose request is never completed ({@code Wait}/{@code Test}) nor freed
 * before the rank finishes: erroneous MPI (the buffer may not be reused, the operation may never
 * progress) even when the run happens to complete. Reported on completed executions only.
 */
public final class RequestLeak {
    private RequestLeak() {}

    static List<Finding> find(AnalysisContext ctx, RunOutcome run) {
        List<Finding> out = new ArrayList<>();
        for (RequestValue rv : run.leakedRequests()) {
            Event e = rv.current.event();
            if (e == null) continue;
            // a persistent request is named by what started it (Start), not by the Isend/Irecv it stands for
            String what = rv.operationName(e.op()) + (rv.isPersistent() ? " started here" : "");
            out.add(new Finding(FindingKind.REQUEST_LEAK, Severity.WARNING, Verdict.NONE,
                    "The request of this " + what + " on rank " + e.rank()
                            + " is never completed with Wait/Test nor freed before the rank finishes",
                    e.site(), List.of(e.rank()), List.of(), List.of(), ""));
        }
        return out;
    }
}
