package dev.rendezvous.core;

import java.util.List;

/** All runs of one file (one per process count). */
public record FileReport(String file, List<RunReport> runs) {}
