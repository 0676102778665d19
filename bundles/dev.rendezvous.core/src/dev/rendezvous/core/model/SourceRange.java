package dev.rendezvous.core.model;

/**
 * A half-open character range {@code [start, end)} in one source file, with its 1-based line
 * (derived once from the file's line table when the range is made, so renderers need no source).
 */
public record SourceRange(String file, int start, int end, int line) {
    public SourceRange {
        if (start < 0 || end < start) throw new IllegalArgumentException("bad range " + start + ".." + end);
    }

    public int length() {
        return end - start;
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
