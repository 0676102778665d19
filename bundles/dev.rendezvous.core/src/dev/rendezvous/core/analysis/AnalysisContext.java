package dev.rendezvous.core.analysis;

import java.util.ArrayList;
import java.util.List;

import dev.rendezvous.core.analysis.deadlock.GatherElasticity;
import dev.rendezvous.core.analysis.deadlock.SlackElasticityProof;
import dev.rendezvous.core.analysis.deadlock.StarElasticity;
import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.ChoiceSource;
import dev.rendezvous.core.semantics.LearnedModelSearch;
import dev.rendezvous.core.semantics.LocalModels;
import dev.rendezvous.core.semantics.RunOutcome;
import dev.rendezvous.core.semantics.StateCache;
import dev.rendezvous.core.semantics.ZeroBufferReplay;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.Explorer.Exploration;

/**
 * What every analysis of one (file, process count) shares: the program, the process count, the
 * budgets, the assumptions collected so far, and the explorations, computed once per policy and
 * cached (derived facts are never recomputed inside an analysis).
 */
public final class AnalysisContext {
    private final Program program;
    private final int np;
    private final Budgets budgets;
    private final Assumptions assumptions = new Assumptions();
    private final long deadlineNanos;
    private final java.util.EnumMap<BufferPolicy, Exploration> explorations = new java.util.EnumMap<>(BufferPolicy.class);
    private final List<String> notes = new ArrayList<>();
    private final java.util.function.BooleanSupplier cancelled;

    private final boolean checkingFix;

    public AnalysisContext(Program program, int np, Budgets budgets, java.util.function.BooleanSupplier cancelled) {
        this(program, np, budgets, cancelled, false);
    }

    private AnalysisContext(Program program, int np, Budgets budgets, java.util.function.BooleanSupplier cancelled,
            boolean checkingFix) {
        this.checkingFix = checkingFix;
        this.program = program;
        this.np = np;
        this.budgets = budgets;
        this.cancelled = cancelled;
        this.deadlineNanos = System.nanoTime() + budgets.maxMillis * 1_000_000L;
    }

    /**
     * A context for the same process count and budget deadline on a fixed version of the program,
     * used to confirm that a quick fix removes the problem (fixes are not computed inside it).
     */
    public AnalysisContext forFixedProgram(Program fixed) {
        Budgets b = budgets.copy(); // every limit as here (also the quiet-loop steps and MPJ's runtime arguments)
        b.maxMillis = Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000L);
        return new AnalysisContext(fixed, np, b, cancelled, true);
    }

    /** True inside {@link #forFixedProgram}: the analysis is confirming a fix. */
    public boolean checkingFix() {
        return checkingFix;
    }

    public Program program() {
        return program;
    }

    private dev.rendezvous.core.analysis.deadlock.TagInventory tags;

    /** The tags the program's sends and receives can carry, read off its text once (asked when a run deadlocked). */
    public synchronized dev.rendezvous.core.analysis.deadlock.TagInventory tags() {
        if (tags == null) tags = dev.rendezvous.core.analysis.deadlock.TagInventory.of(program);
        return tags;
    }

    public int np() {
        return np;
    }

    public Budgets budgets() {
        return budgets;
    }

    public Assumptions assumptions() {
        return assumptions;
    }

    public synchronized Exploration explore(BufferPolicy policy) {
        Exploration e = explorations.get(policy);
        if (e == null && policy == BufferPolicy.ZERO) e = zeroByReplay();
        // a gather the learned model explores: its zero-buffer exploration may show every buffering (GatherElasticity);
        // other programs try the proof after the learned model (below)
        boolean proofFirst = policy == BufferPolicy.UNBOUNDED && learnedModelFirst();
        if (e == null && proofFirst) e = unboundedByProof();
        if (e == null && (learnedModelFirst() || zeroByLearnedModel) && (policy != BufferPolicy.PER_SEND || learnedPerSendFirst())) {
            e = byLearnedModel(policy, deadlineNanos);
            if (e != null && policy == BufferPolicy.ZERO) zeroByLearnedModel = true;
        }
        if (e == null && policy == BufferPolicy.UNBOUNDED && !proofFirst) {
            e = unboundedByProof();
            // the proof explored the zero-buffer exploration; when the learned model did, it has the automata
            if (e == null && zeroByLearnedModel) e = byLearnedModel(policy, deadlineNanos);
        }
        long t0 = System.nanoTime();
        // a program the learned model may search explores statelessly up to a few runs first: a complete exploration
        // within them keeps the slack-elasticity proof; a search that needs more goes to the learned model
        boolean early = e == null && mayLearnModel() && !learnedModelGaveUp && budgets.maxRuns > EARLY_RUNS
                && (policy != BufferPolicy.PER_SEND || learnedStates < PER_SEND_STATES);
        int runs = early ? EARLY_RUNS : budgets.maxRuns;
        if (e == null) e = exploreWith(policy, null, runs);
        if (!e.complete() && mayLearnModel() && e.runs().size() + e.cut() / 4 >= runs
                && System.nanoTime() < deadlineNanos && (policy != BufferPolicy.PER_SEND || learnedStates < PER_SEND_STATES)) {
            // the stateless search ran out of runs, not time: the product of the automata may still finish it, in
            // twice the time the stateless search took (at least EARLY_SLICE_MILLIS after an early switch), longer
            // while its product is still small (SMALL_PRODUCT_EXTENSION_MILLIS). Per-send
            // buffering multiplies the states by the sends' choices: it is tried only when the product without that
            // choice was small, and a search that cannot finish should not take the editor's whole budget.
            long now = System.nanoTime();
            long slice = Math.min(deadlineNanos, now + Math.max(2 * (now - t0), early ? EARLY_SLICE_MILLIS * 1_000_000L : 0));
            long extended = Math.min(deadlineNanos, slice + SMALL_PRODUCT_EXTENSION_MILLIS * 1_000_000L);
            Exploration learned = byLearnedModel(policy, slice, extended);
            if (learned != null) {
                e = learned;
                if (policy == BufferPolicy.ZERO) zeroByLearnedModel = true;
            } else if (early && System.nanoTime() < deadlineNanos) {
                e = exploreWith(policy, null); // the whole stateless search, as without the learned model
            }
        }
        explorations.put(policy, e);
        return e;
    }

    /**
     * MPJ methods outside what {@link LearnedModelSearch} models: a program that calls one by name is not tried
     * there (every other blocking point-to-point call, collectives, non-blocking calls, requests, communicators).
     */
    private static final java.util.Set<String> NOT_LEARNED = notLearned();

    private static java.util.Set<String> notLearned() {
        java.util.Set<String> names = new java.util.HashSet<>(List.of("Send_init", "Ssend_init", "Bsend_init",
                "Rsend_init", "Recv_init", "Abort", "Dup", "Split", "Create", "Create_intercomm", "Create_cart", "Create_graph",
                "Intercomm_merge", "Pack", "Unpack", "Buffer_attach"));
        for (dev.rendezvous.core.model.Op op : dev.rendezvous.core.model.Op.values()) names.add(op.mpjName());
        for (String ok : List.of("Send", "Ssend", "Recv", "Probe", "Sendrecv", "Finalize")) names.remove(ok);
        return java.util.Set.copyOf(names);
    }

    /** Whether the program calls only what {@link LearnedModelSearch} models (a syntactic check). */
    private boolean mayLearnModel() {
        return budgets.stateCaching && budgets.learnedModel && np >= 2 && !program.callsAnyOf(NOT_LEARNED);
    }

    /**
     * Whether explorations start with the learned model: for programs it models whose probes or Sendrecv keep
     * {@link SlackElasticityProof} from sparing the unbounded exploration anyway. Other programs explore statelessly
     * first (a complete zero-buffer exploration there can spare the unbounded one, which the learned model's runs
     * cannot: they are not every execution) and turn to the learned model after {@link #EARLY_RUNS} runs.
     */
    private boolean learnedModelFirst() {
        return mayLearnModel() && program.callsAnyOf(SlackElasticityProof.OUTSIDE);
    }

    /**
     * Whether the zero-buffer exploration is the learned model's: its runs are not every execution, so the
     * slack-elasticity proof, which must see every one, does not hold from them ({@link #zeroBufferShowsEveryBuffering}).
     */
    private boolean zeroByLearnedModel;

    /** Each rank's automaton, learned by the runs of {@link LearnedModelSearch} under every policy (null until then). */
    private LocalModels learnedModels;
    private boolean learnedModelGaveUp;
    /** The most global states a learned-model exploration of this context had. */
    private int learnedStates;
    /** Learned-model explorations under per-send buffering are tried after products up to this many states. */
    private static final int PER_SEND_STATES = 20_000;
    /**
     * Runs (a cut one counting a quarter) the stateless search may take before a program the learned model covers
     * turns to it. Two: a program without decisions is explored by one run, one with a single two-way wildcard by
     * two, and both keep the slack-elasticity proof; beyond that the product of the automata is cheaper than
     * re-running the program from the start for every matching. Measured (warm whole-file analysis, median of 40
     * calls, A/B in one session): {@code WorkQueueAny} at np=3..8 took 12.6, 12.7, 15.3, 23.5, 50.8, 65.2 ms with 40
     * runs here and 6.7, 8.0, 8.2, 11.0, 14.2, 23.6 ms with two, although up to np=6 the 40 runs had finished the
     * search and kept the proof. A race of three senders on one wildcard whose learned model gives up (a System.exit
     * on one order; {@code MBI_P2PMessageRace_Recv_Send_nok}, np=4) pays the switch: 3.3 -> 6.4 ms. The real programs
     * and the MPI Bugs Initiative programs get the same findings either way.
     */
    static final int EARLY_RUNS = 2;
    /** The least time a learned-model search gets after an early switch before the stateless search takes over again. */
    static final long EARLY_SLICE_MILLIS = 150;
    /**
     * How much longer than its slice a learned-model search may go on while its product is small ({@link
     * LearnedModelSearch#SMALL_PRODUCT}): it is then still learning the automata by runs, and the stateless search it
     * would hand over to needs far more of them. Measured on {@code WorkQueueAny} (a farm of 20 tasks), whole-file
     * analysis: at np=11 4.3 s with the exploration left incomplete by the stateless search, 1.1 s and complete with
     * this; at np=12 the zero-buffer search (33 runs, 2,058 states) now finishes, the per-send one still does not (its
     * product passes {@link LearnedModelSearch#MAX_STATES}); other process counts 2..30 alike within noise.
     */
    static final long SMALL_PRODUCT_EXTENSION_MILLIS = 600;

    /**
     * Whether the per-send exploration starts with the learned model too: after a learned zero-buffer exploration
     * (the proof that could spare it is then not had) whose product was small enough for the buffering choices. The
     * unbounded one does after any learned zero-buffer exploration (the automata are learned already).
     */
    private boolean learnedPerSendFirst() {
        return zeroByLearnedModel && !learnedModelGaveUp && learnedStates > 0 && learnedStates < PER_SEND_STATES;
    }

    /**
     * The exploration under {@code policy} by {@link LearnedModelSearch} within {@code deadline}, or null when it gave
     * up (or did before, under another policy).
     */
    private Exploration byLearnedModel(BufferPolicy policy, long deadline) {
        return byLearnedModel(policy, deadline, deadline);
    }

    /** As above, going on past {@code soft} only while the product is small ({@link LearnedModelSearch#SMALL_PRODUCT}). */
    private Exploration byLearnedModel(BufferPolicy policy, long soft, long deadline) {
        if (cancelled.getAsBoolean() || learnedModelGaveUp || policy == BufferPolicy.TOKENS) return null;
        if (learnedModels == null) learnedModels = new LocalModels(np);
        LocalModels models = learnedModels;
        Exploration e = LearnedModelSearch.search(policy, np, models, choices -> run(policy, null, choices, null, models),
                budgets.maxRuns * 4, cancelled.getAsBoolean() ? 0 : soft, cancelled.getAsBoolean() ? 0 : deadline);
        // a program outside the subset (or too large for the product) is so under every policy: the next ones go
        // straight to the stateless search; per-send buffering, searched last, has the most states
        if (e == null && policy != BufferPolicy.PER_SEND) learnedModelGaveUp = true;
        if (e != null) learnedStates = Math.max(learnedStates, e.states());
        return e;
    }

    private boolean unboundedByProof;

    /**
     * The unbounded-buffering exploration without exploring it, when its first run completes and meets a
     * decision, and the zero-buffer exploration (run now, complete, without deadlock) proves that no buffering
     * adds a wildcard match ({@link SlackElasticityProof}): every buffered execution then has the matching of a
     * zero-buffer one, which completes, and completes buffered too (slack paper §1). For a program the learned model
     * explores first (probes, Sendrecv), the zero-buffer exploration is the learned one and the argument is
     * {@link GatherElasticity}'s. The result holds the one or two runs made and is complete; {@link #unboundedShownByZero}
     * says so. Null otherwise: a run or two were spent, and the full exploration follows. Halves the cost of a
     * deadlock-free master/worker farm; spares a probing gather (ProbeDispatch) both buffered explorations.
     */
    private Exploration unboundedByProof() {
        // a program the proof cannot judge would only pay the runs made here twice
        if (budgets.maxRuns < 3 || program.callsAnyOf(SlackElasticityProof.OUTSIDE) && !learnedModelFirst()) return null;
        // two runs: the explorer may replay the first to learn that a wildcard could have waited for a later sender,
        // an option the first run's decisions lack; one run would then look complete when it is not
        Exploration first = exploreWith(BufferPolicy.UNBOUNDED, null, 2);
        if (first.complete() || first.runs().isEmpty()) return first; // every execution
        if (first.first().timedOut()) return first; // the full exploration would stop at this same run
        if (!first.first().completed()) return null;
        if (explore(BufferPolicy.ZERO).anyDeadlock() || !zeroBufferShowsEveryBuffering()) return null;
        unboundedByProof = true;
        return new Exploration(BufferPolicy.UNBOUNDED, first.runs(), true);
    }

    /**
     * Whether the unbounded exploration is its first run or two, the rest shown by the zero-buffer exploration
     * ({@link #unboundedByProof}): what differs between executions (which match a wildcard takes) is then to be
     * looked for among the zero-buffer ones, which have every matching.
     */
    public synchronized boolean unboundedShownByZero() {
        return unboundedByProof;
    }

    /**
     * The zero-buffer exploration without re-running the program, when the buffered run is the only
     * execution (no wildcard, probe or unknown-branch decision) and its replay under zero buffering
     * completes ({@link ZeroBufferReplay}); null otherwise. Halves the cost of clean deterministic
     * programs, which is most of what a process-count sweep analyses.
     */
    private Exploration zeroByReplay() {
        Exploration u = explorations.get(BufferPolicy.UNBOUNDED);
        if (u == null || !u.complete() || u.runs().size() != 1 || u.hadChoices()) return null;
        RunOutcome run = u.first();
        if (!ZeroBufferReplay.completes(run)) return null;
        List<RunOutcome.Match> unbuffered = run.matches().stream().map(m -> new RunOutcome.Match(m.send(), m.recv(), false)).toList();
        RunOutcome zero = new RunOutcome(BufferPolicy.ZERO, run.traces(), unbuffered, run.blocked(), run.orphans(),
                run.collectives(), run.leakedRequests(), run.aborted(), run.done(), run.decisions(), run.wildcardDecisions(),
                run.timedOut(), run.jobEnd(), run.jobEndByExit(), run.failures());
        return new Exploration(BufferPolicy.ZERO, List.of(zero), true);
    }

    /** Explores the receive-buffer model with the given token pools (BSP); not cached. */
    public Exploration exploreTokens(int[] pools) {
        return exploreWith(BufferPolicy.TOKENS, pools);
    }

    private Exploration exploreWith(BufferPolicy policy, int[] pools) {
        return exploreWith(policy, pools, budgets.maxRuns);
    }

    private Exploration exploreWith(BufferPolicy policy, int[] pools, int maxRuns) {
        // a BSP check is refuted by one deadlock: no need to explore further
        return Explorer.explore(policy, maxRuns, cancelled.getAsBoolean() ? 0 : deadlineNanos,
                (prefix, cache) -> run(policy, pools, new ChoiceSource(prefix), cache, null),
                pools != null, budgets.stateCaching, policy == BufferPolicy.ZERO ? zeroElasticity : null);
    }

    /** One execution within what is left of the analysis's time (a millisecond once cancelled). */
    private RunOutcome run(BufferPolicy policy, int[] pools, ChoiceSource choices,
            StateCache cache, LocalModels models) {
        long left = cancelled.getAsBoolean() ? 1 : Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000L);
        return Extractor.run(program, np, policy, pools, choices, cache, models, budgets, assumptions, left);
    }

    private final SlackElasticityProof zeroElasticity = new SlackElasticityProof();

    /**
     * Whether the zero-buffer exploration's executions show that no buffering can add a wildcard match
     * ({@link SlackElasticityProof}), or, when the learned model made that exploration, whether its automata are a
     * gather or a star that no buffering can make deadlock ({@link GatherElasticity}, {@link StarElasticity}); false until
     * that exploration has run.
     */
    public synchronized boolean zeroBufferShowsEveryBuffering() {
        Exploration zero = explorations.get(BufferPolicy.ZERO);
        if (zero == null || !zero.complete()) return false;
        if (zeroByLearnedModel) {
            // the learned model's runs are not every execution, but its complete automata are every behaviour
            if (learnedElastic == null) {
                learnedElastic = !zero.anyDeadlock()
                        && (GatherElasticity.holds(learnedModels, np) || StarElasticity.holds(learnedModels, np));
            }
            return learnedElastic;
        }
        return zeroElasticity.holds();
    }

    /** {@link GatherElasticity} or {@link StarElasticity} of the learned zero-buffer automata, once asked (null before). */
    private Boolean learnedElastic;

    /** A note about the analysis itself (budgets, incomplete exploration), reported once. */
    public void note(String message) {
        if (!notes.contains(message)) notes.add(message);
    }

    public List<String> notes() {
        return notes;
    }
}
