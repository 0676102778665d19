package dev.rendezvous.core.analysis.deadlock;

import java.util.ArrayList;
import java.util.List;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * A deadlock that depends on which send a wildcard receive matches. Following
 * {@code slack-elasticity-poe-mse.md} (§2, Fig. 1(b)): when a send is buffered, its sender runs
 * ahead and a later send of that rank becomes a competing match of a wildcard receive; such a
 * buffered send is an <em>actual culprit</em> when the competing match leads to a deadlock. The
 * culprit is confirmed by the explored execution itself (the search ran under that buffering),
 * not guessed: it is reported only when the deadlocked execution contains it.
 *
 * <p>Reported as {@code slack-inelastic} when zero buffering is deadlock-free (only slack
 * exposes it), as {@code message-race} otherwise; a message race is then told from a zero-buffer
 * execution, where no send is buffered and so no culprit is named (buffering is not its cause).
 */
public final class SlackInelastic {
    private SlackInelastic() {}

    static Finding report(AnalysisContext ctx, RunOutcome dl, FindingKind kind, List<WaitForClassifier.Explanation> why,
            List<PotentialCulprits.Candidate> potential) {
        Event wildcard = null, chosen = null;
        List<Event> culprits = new ArrayList<>();
        for (RunOutcome.Match m : dl.matches()) {
            Event r = m.recv();
            boolean wild = r.sourcePeer() == Peer.ANY;
            if (!wild) continue;
            List<Event> before = new ArrayList<>();
            for (RunOutcome.Match o : dl.matches()) {
                if (o.send().rank() == m.send().rank() && o.send().index() < m.send().index() && o.buffered()) before.add(o.send());
            }
            // a culprit's match first; else the earliest wildcard receive of its rank (the order the witness lists)
            boolean earlier = wildcard != null && culprits.isEmpty() && before.isEmpty()
                    && (r.rank() < wildcard.rank() || r.rank() == wildcard.rank() && r.index() < wildcard.index());
            if (wildcard == null || !before.isEmpty() && culprits.isEmpty() || earlier) {
                wildcard = r;
                chosen = m.send();
                culprits = before;
            }
        }
        List<Related> related = new ArrayList<>();
        List<Integer> ranks = new ArrayList<>();
        StringBuilder msg = new StringBuilder();
        Event primary;
        if (wildcard != null) {
            primary = wildcard;
            ranks.add(wildcard.rank());
            msg.append("The wildcard receive on rank ").append(wildcard.rank()).append(" (line ").append(wildcard.site().line())
                    .append(") can match rank ").append(chosen.rank()).append("'s ").append(chosen.op().mpjName())
                    .append(" at line ").append(chosen.site().line());
            related.add(new Related(chosen.site(), chosen.rank(), "competing match: rank " + chosen.rank() + " " + chosen.describe(), true));
            if (!ranks.contains(chosen.rank())) ranks.add(chosen.rank());
            if (!culprits.isEmpty()) {
                Event c = culprits.get(culprits.size() - 1);
                msg.append(" when rank ").append(c.rank()).append("'s earlier ").append(c.op().mpjName()).append(" at line ")
                        .append(c.site().line()).append(" is buffered (culprit send)");
                related.add(0, new Related(c.site(), c.rank(), "culprit send: buffering it lets rank " + c.rank() + " run ahead", true));
            }
            msg.append("; then ");
        } else {
            primary = why.get(0).events().get(0);
            msg.append("For some matchings of wildcard receives, ");
        }
        List<String> witness = new ArrayList<>(dl.wildcardDecisions());
        for (WaitForClassifier.Explanation x : why) {
            witness.addAll(x.witness());
            for (Event e : x.events()) {
                related.add(new Related(e.site(), e.rank(), "rank " + e.rank() + " blocks in " + e.describe(), true));
                if (!ranks.contains(e.rank())) ranks.add(e.rank());
            }
        }
        if (!why.isEmpty()) {
            WaitForClassifier.Explanation x = why.get(0);
            msg.append(Character.toLowerCase(x.summary().charAt(0))).append(x.summary().substring(1));
        } else {
            msg.append("the program deadlocks");
        }
        msg.append(kind == FindingKind.SLACK_INELASTIC
                ? ". Without buffering this cannot happen: the program is not slack-elastic"
                : ". Whether it deadlocks depends on message timing");
        msg.append(culpritText(dl, potential, related));
        return new Finding(kind, Severity.ERROR, Verdict.DEADLOCK_NONDETERMINISTIC, msg.toString(), primary.site(),
                ranks.stream().sorted().toList(), related, List.of(), String.join("\n", witness));
    }

    /**
     * POE_MSE's potential culprits in words, each marked when the deadlocking run buffered it (an
     * actual culprit, slack paper §3 step iv); adds each culprit to {@code related}. Sends of one line
     * read alike whatever their instance: each sentence is said once, and past {@link #MAX_CULPRIT_SENTENCES}
     * the rest are counted (a master/worker farm at np=8 had 42 sentences, 9.7 KB, in one Problems-view line).
     */
    static String culpritText(RunOutcome dl, List<PotentialCulprits.Candidate> potential, List<Related> related) {
        java.util.Set<Event> bufferedInRun = bufferedSends(dl);
        java.util.Set<String> sentences = new java.util.LinkedHashSet<>();
        for (PotentialCulprits.Candidate c : potential) {
            List<String> names = new ArrayList<>();
            for (Event e : c.culprits()) {
                String name = "rank " + e.rank() + "'s " + e.op().mpjName() + " at line " + e.site().line()
                        + (bufferedInRun.contains(e) ? " (buffered in the deadlocking run: an actual culprit)" : "");
                if (!names.contains(name)) names.add(name);
                Related rel = new Related(e.site(), e.rank(), "potential culprit send: buffering it lets rank " + c.competing().rank()
                        + "'s send at line " + c.competing().site().line() + " compete for the wildcard at line " + c.wildcard().site().line(), false);
                if (related != null && related.stream().noneMatch(x -> x.range().equals(rel.range()))) related.add(rel);
            }
            sentences.add(". Potential culprit send" + (names.size() > 1 ? "s" : "") + " (happens-before of the unbuffered run): buffering "
                    + String.join(" or ", names) + " lets rank " + c.competing().rank() + "'s " + c.competing().op().mpjName()
                    + " at line " + c.competing().site().line() + " compete for the wildcard receive at line " + c.wildcard().site().line());
        }
        StringBuilder msg = new StringBuilder();
        int said = 0;
        for (String x : sentences) {
            if (said++ == MAX_CULPRIT_SENTENCES) break;
            msg.append(x);
        }
        if (sentences.size() > MAX_CULPRIT_SENTENCES) {
            msg.append(". And ").append(sentences.size() - MAX_CULPRIT_SENTENCES).append(" more like these");
        }
        return msg.toString();
    }

    /** Potential-culprit sentences a message says before it counts the rest. */
    static final int MAX_CULPRIT_SENTENCES = 3;

    /** The standard sends the run buffered, received or not. */
    static java.util.Set<Event> bufferedSends(RunOutcome dl) {
        java.util.Set<Event> out = new java.util.LinkedHashSet<>();
        for (RunOutcome.Match m : dl.matches()) if (m.buffered()) out.add(m.send());
        for (var o : dl.orphans()) if (o.buffered() && o.event() != null) out.add(o.event());
        return out;
    }

    static String partialMessage(RunOutcome dl, List<PotentialCulprits.Candidate> potential) {
        List<String> buffered = new ArrayList<>();
        for (Event e : bufferedSends(dl)) buffered.add("rank " + e.rank() + " line " + e.site().line());
        return "Deadlocks only when some standard sends are buffered and others are not (buffered here: "
                + (buffered.isEmpty() ? "none" : String.join(", ", buffered)) + "); under zero and under "
                + "unbounded buffering it completes. " + String.join("; ", dl.wildcardDecisions())
                + culpritText(dl, potential, null);
    }
}
