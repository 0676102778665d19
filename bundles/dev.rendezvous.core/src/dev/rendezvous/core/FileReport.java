package dev.rendezvous.core;

import java.util.List;

/** All runs of one file (one per process count). */
public record FileReport(String file, List<RunReport> runs) {

    /**
     * A hint for a deadlock that appears only with more processes than the smallest count tried,
     * among ranks that do not exist there: the program most likely hard-wires that smaller count
     * (a lab written for two processes whose ranks 2 and 3 wait for nobody). The smaller count must
     * have run to the end without an error: where the job stops early because a rank it addresses does
     * not exist ({@code job-abort}), the program needs more processes, not fewer, and where it deadlocks
     * or fails there too it does not "run" with that count. Null when it does not apply.
     */
    public static String processCountHint(dev.rendezvous.core.model.Finding f, List<Integer> foundAt, List<RunReport> runs) {
        if (f.severity() == dev.rendezvous.core.model.Severity.INFO || foundAt.isEmpty() || f.ranks().isEmpty()) return null;
        int smallestClean = Integer.MAX_VALUE;
        for (RunReport r : runs) {
            boolean ranToTheEnd = r.findings().stream().noneMatch(x -> x.kind() == dev.rendezvous.core.model.FindingKind.JOB_ABORT);
            if (!foundAt.contains(r.np()) && ranToTheEnd && !r.hasErrors()) smallestClean = Math.min(smallestClean, r.np());
        }
        int firstFound = foundAt.stream().min(Integer::compare).orElse(0);
        // one process is no MPI program's intended count: a program that only runs alone gets no hint
        if (smallestClean == Integer.MAX_VALUE || smallestClean > firstFound || smallestClean < 2) return null;
        final int clean = smallestClean;
        if (!f.ranks().stream().allMatch(r -> r >= clean)) return null;
        return "; it runs with " + clean + " processes and ranks " + f.ranks().stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(",")) + " do not exist there: is the program written for "
                + clean + " processes? Check the size (if (size != " + clean + ") MPI.COMM_WORLD.Abort(1)) or give those ranks partners";
    }
}
