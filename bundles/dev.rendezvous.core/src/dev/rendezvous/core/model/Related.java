package dev.rendezvous.core.model;

/** A location that explains a finding (the partner operation on another rank, a call site...). */
public record Related(SourceRange range, int rank, String message) {}
