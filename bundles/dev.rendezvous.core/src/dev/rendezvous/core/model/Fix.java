package dev.rendezvous.core.model;

import java.util.List;

/** A quick fix computed in the core: a label and non-overlapping text edits. */
public record Fix(String label, List<TextEdit> edits) {
    public Fix {
        edits = List.copyOf(edits);
    }

    /** Applies the edits to {@code source} (edits must belong to one file). */
    public String applyTo(String source) {
        StringBuilder b = new StringBuilder(source);
        edits.stream().sorted((x, y) -> Integer.compare(y.offset(), x.offset()))
                .forEach(e -> b.replace(e.offset(), e.offset() + e.length(), e.text()));
        return b.toString();
    }
}
