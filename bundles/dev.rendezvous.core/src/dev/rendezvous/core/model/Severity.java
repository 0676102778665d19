package dev.rendezvous.core.model;

public enum Severity {
    ERROR, WARNING, INFO;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
