package dev.rendezvous.core.extract;

/**
 * Limits that keep every analysis finite. The defaults keep an editor responsive; the CLI and
 * preferences may raise them. Hitting any limit yields an {@code analysis-assumption} finding.
 */
public final class Budgets {
    /** Interpretation steps per rank and run. */
    public long maxStepsPerRank = 2_000_000;
    /** Iterations of a loop without communication before it is cut (its variables become unknown). */
    public long maxQuietIterations = 100_000;
    /** Interpretation steps spent in one loop without communication (nested loops included) before it is cut. */
    public long maxQuietSteps = 250_000;
    /**
     * Steps spent in one loop without communication that only computes floating-point array contents
     * (a numerical kernel: payload, never a count, rank or tag) before it is cut; its arrays' contents
     * become unknown, which is not an assumption worth a note.
     */
    public long maxPayloadSteps = 20_000;
    /** Iterations explored of a communicating loop whose bound is unknown. */
    public int maxUnknownIterations = 3;
    /** Nesting of inlined calls (bounds recursion). */
    public int maxInlineDepth = 48;
    /** Executions explored per buffering policy (wildcard matches, unknown branches). */
    public int maxRuns = 200;
    /**
     * Cut runs that reach a global state an earlier run already explored ({@link dev.rendezvous.core.semantics.StateCache});
     * off, every decision sequence is run to its end (the oracle the tests compare with).
     */
    public boolean stateCaching = true;
    /**
     * Let explorations of programs in its subset turn to the learned automata ({@code LearnedModelSearch}); off, they
     * stay with the stateless search (and its slack-elasticity proof), which tests of that search want to see alone.
     * Needs {@link #stateCaching}.
     */
    public boolean learnedModel = true;
    /**
     * Per-send buffering decides a standard send only when it is still unmatched at a fence or its completion is
     * asked ({@code World.decideHeldSends}); off, every standard send is decided when posted (the oracle of the tests).
     */
    public boolean lateBuffering = true;
    /**
     * Counting loops without communication run from their compiled form ({@code CompiledLoops}); off, the interpreter
     * follows their syntax tree (the oracle the tests compare with: the runs are the same).
     */
    public boolean compiledLoops = true;
    /** Wall-clock limit of one whole analysis (all policies and runs), milliseconds. */
    public long maxMillis = 10_000;
    /** Largest array the interpreter materialises. */
    public long maxArrayLength = 1 << 20;
    /** Largest process count analysed. */
    public int maxProcesses = 8192;
    /**
     * {@code main}'s first three arguments hold what MPJ Express puts there (the rank, the process count, the device
     * {@code smpdev}) instead of an unknown argument the same on every rank: how a result that rests on a test of them
     * is confirmed for MPJ Express ({@link dev.rendezvous.core.Rendezvous#analyze}).
     */
    public boolean mpjRuntimeArgs;
    /**
     * Whether the quick fixes of deadlock and buffer-race findings are confirmed before they are returned: the fixed
     * text is parsed and analysed again at the same process count ({@link dev.rendezvous.core.fix.Fixes#keepEffective},
     * {@link dev.rendezvous.core.fix.Fixes#keepDeadlockFree}), and a fix that would not remove the problem is dropped.
     * Off, findings carry the candidate fixes unconfirmed, at a fraction of the time (for a program that deadlocks, the
     * checks are most of its analysis: one parse and one deadlock analysis per candidate). The editor's markers are
     * made without them while the user types; the fixes shown when the user asks for them come from an analysis with
     * them ({@code RendezvousResolutions}). The command line always confirms.
     */
    public boolean checkFixes = true;
    /**
     * The user's program arguments, as the program is run with them ({@code mpjrun.sh -np 4 Heat 100 50}: "100",
     * "50"), or null when they are not known: {@code main}'s arguments are then unknown but the same on every rank, and
     * the program is analysed with none (its defaults) or the fewest a usage check asks for, each read noted as an
     * assumption. Given, every rank's {@code main} receives them after what MPJ Express puts first (the rank, the process
     * count, the device), and {@code MPI.Init} returns them, so that a loop bounded by an argument runs its real count.
     */
    public String[] programArgs;

    /**
     * A command line's arguments as a shell splits the simple ones: at blanks, with double or single quotes keeping
     * blanks inside one argument ({@code 100 "a b"} is two). An empty text is no argument at all.
     */
    public static String[] splitProgramArgs(String line) {
        java.util.List<String> out = new java.util.ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean any = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else cur.append(c);
            } else if (c == '"' || c == '\'') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any) out.add(cur.toString());
                cur.setLength(0);
                any = false;
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (any) out.add(cur.toString());
        return out.toArray(new String[0]);
    }

    public static Budgets defaults() {
        return new Budgets();
    }

    /** A copy to change without touching these. */
    public Budgets copy() {
        Budgets b = new Budgets();
        b.maxStepsPerRank = maxStepsPerRank;
        b.maxQuietIterations = maxQuietIterations;
        b.maxQuietSteps = maxQuietSteps;
        b.maxPayloadSteps = maxPayloadSteps;
        b.maxUnknownIterations = maxUnknownIterations;
        b.maxInlineDepth = maxInlineDepth;
        b.maxRuns = maxRuns;
        b.stateCaching = stateCaching;
        b.learnedModel = learnedModel;
        b.lateBuffering = lateBuffering;
        b.compiledLoops = compiledLoops;
        b.maxMillis = maxMillis;
        b.maxArrayLength = maxArrayLength;
        b.maxProcesses = maxProcesses;
        b.mpjRuntimeArgs = mpjRuntimeArgs;
        b.checkFixes = checkFixes;
        b.programArgs = programArgs == null ? null : programArgs.clone();
        return b;
    }
}
