package dev.rendezvous.core.semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * Replays a prefix of decisions and takes option 0 beyond it, recording how many options each
 * decision had; the explorer enumerates decision sequences depth-first from these records
 * (stateless search: every run re-executes the program from the start).
 */
public final class ChoiceSource {
    /**
     * Marks the description of a decision on a value computed from data the analysis skipped (alike by ranks whose
     * inputs agree, or from one rank's own data): taken together by the ranks that hold that value, but it may have
     * an outcome no input gives.
     */
    public static final String ALIKE_DATA = "on a value computed from data at line";

    /**
     * Ends the description of a choice of a value among ranks (World.uniformValueChoice), followed by the list of
     * candidates ({@code [0, 2]}); the option chosen is the index in that list.
     */
    public static final String VALUE_CHOICE = " is one of ranks ";

    /** How a report names what {@code d} chose: a branch's outcome, or the rank a value was taken to be. */
    public static String outcome(Decision d) {
        String w = d.what();
        int at = w.lastIndexOf(VALUE_CHOICE);
        if (at >= 0 && w.endsWith("]")) {
            String[] values = w.substring(at + VALUE_CHOICE.length() + 1, w.length() - 1).split(", ");
            if (d.chosen() < values.length) return w.substring(0, at) + " = rank " + values[d.chosen()];
        }
        boolean taken = d.chosen() == 0;
        if (w.endsWith(NEGATED)) {
            w = w.substring(0, w.length() - NEGATED.length());
            taken = !taken;
        }
        return w + (taken ? " taken (true)" : " not taken (false)");
    }

    /**
     * Ends the description of a decision of a test recorded as its negation ({@code n > 0} is decided as
     * {@code n <= 0}, so that a test and its negation on other ranks are one decision): outcome 0 means the branch
     * described is not taken.
     */
    public static final String NEGATED = " [negated]";

    /**
     * Names one of the first three entries of {@code main}'s parameter in a decision's description: MPJ Express fills
     * them with the rank, the process count and the device, mpiJava and Open MPI with the user's arguments, so an
     * outcome of a test on them may be one the program never takes under the runtime it is run with.
     */
    public static final String RUNTIME_ARG = "main args[";

    /** One decision taken in a run. */
    public record Decision(int chosen, int options, String what) {
        /**
         * A choice of the schedule (a wildcard match, buffering a send, which blocked send takes a
         * token), not of data: runs that differ only in these are executions of one input.
         */
        public boolean scheduling() {
            return what.startsWith("wildcard") || what.startsWith("buffer") || what.startsWith("which");
        }
    }

    private final int[] prefix;
    private final List<Decision> taken = new ArrayList<>();
    /** Per rank, the sources its wildcard receives and probes are to match, in order (null: not scripted). */
    private final int[][] script;
    private final int[] scriptAt;
    /** Per rank, whether its k-th standard send is buffered (1) or not (0), under {@link BufferPolicy#PER_SEND}. */
    private final int[][] buffering;
    private String diverged;
    /** Whether wildcards past their script prefer a source no run has shown from the rank's state ({@link #curious()}). */
    private boolean curious;

    public ChoiceSource(int[] prefix) {
        this.prefix = prefix.clone();
        this.script = null;
        this.scriptAt = null;
        this.buffering = null;
    }

    /**
     * A run directed by {@link LearnedModelSearch}: rank {@code r}'s wildcard receives and probes match the
     * sources {@code script[r]} lists, in order, and then the first candidate; its k-th standard send is buffered when
     * {@code buffering[r][k]} is 1 (beyond the list: not buffered); no other decision may occur.
     */
    public ChoiceSource(int[][] script, int[][] buffering) {
        this.prefix = new int[0];
        this.script = script;
        this.scriptAt = new int[script.length];
        this.buffering = buffering;
    }

    /** Whether rank {@code rank}'s standard send number {@code ordinal} (from 0) is to be buffered in a scripted run. */
    public boolean buffers(int rank, int ordinal, String what) {
        int[] b = buffering == null || rank >= buffering.length ? null : buffering[rank];
        int c = b != null && ordinal < b.length ? b[ordinal] : 0;
        taken.add(new Decision(c, 2, what));
        return c == 1;
    }

    /**
     * Makes a scripted run a learning one: past its script, a wildcard takes a candidate whose source (and tag) no
     * run has shown the rank getting at its current state, where it has one, rather than its first. Any candidate is
     * a real execution's; preferring unseen ones lets one run show more of the automata {@link LearnedModelSearch}
     * learns, so it needs fewer runs.
     */
    public ChoiceSource curious() {
        curious = true;
        return this;
    }

    /** Whether wildcards past their script prefer sources not seen yet ({@link #curious()}). */
    public boolean isCurious() {
        return curious;
    }

    /**
     * Makes per-send buffering decide each standard send when it is posted, as it did before decisions were taken
     * late (World#decideHeldSends): more decisions for the same executions, kept as the oracle tests compare with.
     */
    public ChoiceSource bufferingAtPost() {
        bufferingAtPost = true;
        return this;
    }

    /** Whether per-send buffering decides at each send's post ({@link #bufferingAtPost()}). */
    public boolean decidesBufferingAtPost() {
        return bufferingAtPost;
    }

    private boolean bufferingAtPost;

    /** Whether this run follows a script of wildcard matches ({@link #ChoiceSource(int[][], int[][])}). */
    public boolean scripted() {
        return script != null;
    }

    /** The source rank {@code rank}'s next wildcard is to match, or -1 when its script is used up. */
    public int nextSource(int rank) {
        return rank < script.length && scriptAt[rank] < script[rank].length ? script[rank][scriptAt[rank]] : -1;
    }

    /** Rank {@code rank}'s wildcard matched option {@code chosen} of {@code options}, as its script said (or its first). */
    public void matched(int rank, int chosen, int options, String what) {
        if (nextSource(rank) >= 0) scriptAt[rank]++;
        if (options > 1) taken.add(new Decision(chosen, options, what));
    }

    /** The run could not follow its script (the model it came from was not faithful): its outcome means nothing. */
    public void diverge(String why) {
        if (diverged == null) diverged = why;
    }

    /** Why a scripted run left its script, or null. */
    public String diverged() {
        return diverged;
    }

    public int choose(int options, String what) {
        if (options <= 1) return 0;
        if (script != null) diverge("a decision outside the script: " + what);
        int i = taken.size();
        int c = i < prefix.length ? Math.min(prefix[i], options - 1) : 0;
        taken.add(new Decision(c, options, what));
        return c;
    }

    /** Whether the next decision is still one of the replayed prefix (the run has not left the previous run's path). */
    public boolean replaying() {
        return taken.size() < prefix.length;
    }

    public List<Decision> taken() {
        return taken;
    }
}
