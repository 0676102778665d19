package dev.rendezvous.core.semantics;

/** What an MPJ {@code Status} tells the program: source (local rank), tag, element count (-1 when unknown), index. */
public record StatusValue(int source, int tag, int count, int index) {}
