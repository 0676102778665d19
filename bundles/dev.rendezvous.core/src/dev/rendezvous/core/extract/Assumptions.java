package dev.rendezvous.core.extract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    public synchronized List<Assumption> aborts() {
        return List.copyOf(aborts.values());
    }
}
