package dev.rendezvous.core.model;

import java.util.List;

/**
 * One reported problem or fact.
 *
 * @param key a stable identity (kind + primary range + ranks) so that repeated analyses and sweeps
 *            over process counts do not report it twice
 */
public record Finding(FindingKind kind, Severity severity, Verdict verdict, String message, SourceRange range,
        List<Integer> ranks, List<Related> related, List<Fix> fixes, String witness) {

    public Finding {
        ranks = List.copyOf(ranks);
        related = List.copyOf(related);
        fixes = List.copyOf(fixes);
    }

    public String key() {
        return kind.id() + "@" + (range == null ? "-" : range.file() + ":" + range.start()) + ranks;
    }

    /** The operations that take part in the problem: the primary range and every partner's range. */
    public List<SourceRange> operations() {
        List<SourceRange> out = new java.util.ArrayList<>();
        if (range != null) out.add(range);
        for (Related r : related) if (r.partner()) out.add(r.range());
        return out;
    }

    public Finding withFixes(List<Fix> newFixes) {
        return new Finding(kind, severity, verdict, message, range, ranks, related, newFixes, witness);
    }

    public Finding withMessage(String newMessage) {
        return new Finding(kind, severity, verdict, newMessage, range, ranks, related, fixes, witness);
    }
}
