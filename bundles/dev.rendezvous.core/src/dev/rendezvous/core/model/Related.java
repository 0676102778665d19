package dev.rendezvous.core.model;

/**
 * A location that explains a finding.
 *
 * @param partner true when it is another operation taking part in the problem (the other Send of a
 *                cycle): the IDE marks it too; false for context such as the call site of a helper
 */
public record Related(SourceRange range, int rank, String message, boolean partner) {
    public Related(SourceRange range, int rank, String message) {
        this(range, rank, message, false);
    }
}
