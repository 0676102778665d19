package dev.rendezvous.core.extract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.SourceRange;

/** What the interpreter had to assume, once per (line, message); thread-safe (ranks run on threads). */
public final class Assumptions {
    /** One assumption at one place. */
    public record Assumption(SourceRange range, String message) {}

    private final Map<String, Assumption> byKey = new LinkedHashMap<>();

    public synchronized void add(SourceRange range, String message) {
        byKey.putIfAbsent(range.file() + ":" + range.line() + ":" + message, new Assumption(range, message));
    }

    public synchronized List<Assumption> all() {
        return List.copyOf(byKey.values());
    }

    private final Map<String, Assumption> aborts = new LinkedHashMap<>();

    /**
     * Not an assumption but a fact worth saying: the job ends at this call at this process count ({@code Abort},
     * or a peer rank MPJ rejects), so nothing after it runs and the ranks left waiting are not deadlocked.
     */
    public synchronized void jobAbort(SourceRange range, String message) {
        aborts.putIfAbsent(range.file() + ":" + range.line() + ":" + message, new Assumption(range, message));
    }

    /** What a job-abort says of a rank past the communicator's end; {@link #processesNeeded} reads it back. */
    public static String absentRank(String what, long rank, int size) {
        return "The " + what + " is rank " + rank + ", which does not exist with " + size + " process(es): the program needs at least "
                + (rank + 1) + " (MPJ stops the job with an error here)";
    }

    private static final java.util.regex.Pattern ABSENT_RANK = java.util.regex.Pattern.compile(
            "^The \\w+ is rank \\d+, which does not exist with \\d+ process\\(es\\): the program needs at least (\\d+) ");

    /** The process count a job-abort of {@link #absentRank} asks for, or -1 for any other message. */
    public static int processesNeeded(String message) {
        java.util.regex.Matcher m = ABSENT_RANK.matcher(message);
        if (!m.find()) return -1;
        try {
            return Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public synchronized List<Assumption> aborts() {
        return List.copyOf(aborts.values());
    }

    /**
     * A misuse of the MPI interface seen while interpreting: certain, whatever the matching. {@code warning}:
     * MPI forbids it but MPJ Express runs it as the program means (reported as a warning, not an error).
     */
    public record Defect(FindingKind kind, SourceRange range, String message, int rank, List<dev.rendezvous.core.model.Fix> fixes,
            boolean warning) {}

    private final Map<String, Defect> defects = new LinkedHashMap<>();

    /** Records a defect once per (kind, line). */
    public synchronized void defect(FindingKind kind, SourceRange range, String message, int rank) {
        defect(kind, range, message, rank, null);
    }

    /** As above, with the quick fix that repairs it (null when there is none). */
    public synchronized void defect(FindingKind kind, SourceRange range, String message, int rank, dev.rendezvous.core.model.Fix fix) {
        String key = key(kind, range);
        Defect before = defects.get(key);
        if (before == null || before.warning()) {
            defects.put(key, new Defect(kind, range, message, rank, fix == null ? List.of() : List.of(fix), false));
        }
    }

    /** A defect MPJ Express tolerates: reported as a warning; an error at the same line and kind wins. */
    public synchronized void portabilityDefect(FindingKind kind, SourceRange range, String message, int rank) {
        portabilityDefect(kind, range, message, rank, List.of());
    }

    /** As above, with the quick fix that repairs it (null when there is none). */
    public synchronized void portabilityDefect(FindingKind kind, SourceRange range, String message, int rank,
            dev.rendezvous.core.model.Fix fix) {
        portabilityDefect(kind, range, message, rank, fix == null ? List.of() : List.of(fix));
    }

    /** As above, with the quick fixes that repair it, the first the one to prefer. */
    public synchronized void portabilityDefect(FindingKind kind, SourceRange range, String message, int rank,
            List<dev.rendezvous.core.model.Fix> fixes) {
        defects.putIfAbsent(key(kind, range), new Defect(kind, range, message, rank, fixes, true));
    }

    /** Whether a defect of {@code kind} is recorded at {@code range}'s line (a check repeated by a loop stops there). */
    public synchronized boolean hasDefect(FindingKind kind, SourceRange range) {
        return defects.containsKey(key(kind, range));
    }

    /** One defect per kind and line: the first reported there is kept (an error replaces a warning, see defect). */
    private static String key(FindingKind kind, SourceRange range) {
        return kind.id() + ":" + range.file() + ":" + range.line();
    }

    public synchronized List<Defect> defects() {
        return List.copyOf(defects.values());
    }
}
