package dev.rendezvous.core.model;

/** Replace {@code length} characters at {@code offset} of {@code file} by {@code text}. */
public record TextEdit(String file, int offset, int length, String text) {}
