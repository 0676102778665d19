package dev.rendezvous.core.analysis.deadlock;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.fix.Fixes;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.Explorer.Exploration;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Decides whether and how a program deadlocks, from explorations of its executions under three
 * buffering policies (buffer-allocation paper §3.2; slack-elasticity paper §2–3):
 * <ul>
 * <li>deadlock under unbounded buffering on every explored matching: {@code deadlock_always};</li>
 * <li>under unbounded buffering on some matchings only: {@code deadlock_nondeterministic}, reported
 * as {@code slack-inelastic} when zero buffering never deadlocks (the deadlock needs a buffered
 * send that makes another send a competing match of a wildcard receive), else {@code message-race};</li>
 * <li>only under zero buffering: {@code deadlock_zero_buffer} (the program is not 0-safe);</li>
 * <li>only when some standard sends are buffered and others not: {@code deadlock_partial_buffering}.</li>
 * </ul>
 * For a program without wildcard receives every policy has one execution per data path, and
 * buffering is monotone (more buffers never create a deadlock), so zero and unbounded buffering
 * decide the verdict; a deadlock on only some data-dependent paths keeps its buffering verdict and
 * names the path (the branches taken) in the message.
 */
public final class DeadlockAnalysis {
    private DeadlockAnalysis() {}

    /** Findings and the verdict for one process count. */
    public record Result(List<Finding> findings, Verdict verdict, RunOutcome representative) {}

    public static Result analyze(AnalysisContext ctx) {
        Exploration unbounded = ctx.explore(BufferPolicy.UNBOUNDED);
        Exploration zero = ctx.explore(BufferPolicy.ZERO);
        List<Finding> findings = new ArrayList<>();
        Verdict verdict = Verdict.NONE;
        RunOutcome rep = unbounded.runs().stream().filter(RunOutcome::completed).findFirst().orElse(unbounded.first());

        boolean dataOnly = onlyDataDecisions(unbounded) && onlyDataDecisions(zero);
        RunOutcome deadlockRun = null;
        if (unbounded.anyDeadlock()) {
            RunOutcome dl = unbounded.firstDeadlock();
            deadlockRun = dl;
            if (unbounded.allDeadlock() || dataOnly) {
                // every execution with these inputs deadlocks whatever the buffering; with data-dependent
                // branches, it does so on the path the witness names
                verdict = Verdict.DEADLOCK_ALWAYS;
                findings.addAll(onDataPath(fromExplanations(ctx, dl, Verdict.DEADLOCK_ALWAYS, null), dl, unbounded.allDeadlock()));
                RunOutcome certain = findings.stream().anyMatch(f -> f.severity() == Severity.ERROR) ? null
                        : zeroBufferOnEveryPath(unbounded, zero);
                if (certain != null) {
                    // the buffered deadlock needs data to take one path; without buffering, every path deadlocks
                    verdict = Verdict.DEADLOCK_ZERO_BUFFER;
                    deadlockRun = certain;
                    List<Finding> zf = fromExplanations(ctx, certain, Verdict.DEADLOCK_ZERO_BUFFER, null);
                    List<Finding> all = new ArrayList<>();
                    for (Finding f : zf) all.add(f.withMessage(f.message() + " (on every path the analysis explored, whatever the data: "
                            + "a run that completes with buffering ends like this without it)"));
                    all.addAll(findings);
                    findings = all;
                }
            } else {
                verdict = Verdict.DEADLOCK_NONDETERMINISTIC;
                if (zero.anyDeadlock()) {
                    // a race without buffering: told from a zero-buffer execution, without the culprit sends that only
                    // matter when buffering is what lets a rank run ahead
                    RunOutcome zdl = firstDeadlockOffData(zero);
                    deadlockRun = zdl;
                    findings.add(raceOnData(SlackInelastic.report(ctx, zdl, FindingKind.MESSAGE_RACE, WaitForClassifier.explain(zdl, ctx.tags()),
                            List.of()), zdl));
                } else {
                    dl = firstDeadlockOffData(unbounded);
                    deadlockRun = dl;
                    findings.add(raceOnData(SlackInelastic.report(ctx, dl, FindingKind.SLACK_INELASTIC, WaitForClassifier.explain(dl, ctx.tags()),
                            potentialCulprits(zero)), dl));
                }
            }
        } else if (zero.anyDeadlock()) {
            verdict = Verdict.DEADLOCK_ZERO_BUFFER;
            RunOutcome dl = zero.firstDeadlock();
            deadlockRun = dl;
            findings.addAll(onDataPath(fromExplanations(ctx, dl, Verdict.DEADLOCK_ZERO_BUFFER, rep), dl, zero.allDeadlock()));
        } else if (exploresPerSend(unbounded, zero, ctx.zeroBufferShowsEveryBuffering())) {
            // wildcards: buffering some sends and not others can enable matches neither extreme allows
            Exploration partial = ctx.explore(BufferPolicy.PER_SEND);
            if (partial.anyDeadlock()) {
                verdict = Verdict.DEADLOCK_PARTIAL_BUFFERING;
                RunOutcome dl = firstDeadlockOffData(partial);
                deadlockRun = dl;
                List<PotentialCulprits.Candidate> potential = potentialCulprits(zero);
                findings.add(raceOnData(SlackInelastic.report(ctx, dl, FindingKind.SLACK_INELASTIC, WaitForClassifier.explain(dl, ctx.tags()), potential)
                        .withMessage(SlackInelastic.partialMessage(dl, potential)), dl));
                findings.set(findings.size() - 1, retarget(findings.get(findings.size() - 1), Verdict.DEADLOCK_PARTIAL_BUFFERING));
            }
            noteIncomplete(ctx, partial, findings);
        }
        if (deadlockRun != null) findings = withUnknownPeers(findings, deadlockRun);
        noteIncomplete(ctx, unbounded, findings);
        noteIncomplete(ctx, zero, findings);
        if (verdict == Verdict.NONE || verdict == Verdict.DEADLOCK_ZERO_BUFFER) {
            findings.addAll(RequestLeak.find(ctx, rep));
        }
        if (!ctx.checkingFix() && ctx.budgets().checkFixes) findings = Fixes.keepEffective(ctx, findings);
        return new Result(findings, verdict, rep);
    }

    /**
     * A zero-buffer deadlock that does not hang on data: every explored execution deadlocks without
     * buffering (the exploration being complete), while with buffering some complete. Returns the
     * zero-buffer run that takes the same data decisions as a run that completes with buffering — the
     * one to show, as its only problem is the missing buffer (a Loteria whose workers send one last
     * guess the master never receives: MPJ Express's multicore device hangs there, checked) — or null.
     */
    static RunOutcome zeroBufferOnEveryPath(Exploration unbounded, Exploration zero) {
        if (unbounded.allDeadlock() || !zero.complete() || !zero.allDeadlock()) return null;
        List<Map<String, List<String>>> completed = new ArrayList<>();
        for (RunOutcome r : unbounded.runs()) if (r.completed()) completed.add(decisionsByRank(r));
        for (RunOutcome z : zero.runs()) {
            if (!z.deadlocked()) continue;
            Map<String, List<String>> zd = decisionsByRank(z);
            for (Map<String, List<String>> c : completed) if (prefixOf(zd, c)) return z;
        }
        return null;
    }

    /**
     * A run's data decisions, per rank in the order that rank took them (runs under different buffering
     * interleave the ranks differently; a decision on an input, the same on every rank, counts under "").
     */
    private static Map<String, List<String>> decisionsByRank(RunOutcome r) {
        Map<String, List<String>> m = new java.util.HashMap<>();
        for (var d : r.decisions()) {
            if (d.scheduling()) continue;
            java.util.regex.Matcher rk = RANK_SUFFIX.matcher(d.what());
            m.computeIfAbsent(rk.find() ? rk.group(1) : "", k -> new ArrayList<>()).add(d.what() + "=" + d.chosen());
        }
        return m;
    }

    private static final java.util.regex.Pattern RANK_SUFFIX = java.util.regex.Pattern.compile(" on rank (\\d+)$");

    /** Each rank's decisions in {@code a} begin the same rank's decisions in {@code b}: a blocked run stopped on b's path. */
    private static boolean prefixOf(Map<String, List<String>> a, Map<String, List<String>> b) {
        for (var e : a.entrySet()) {
            List<String> other = b.getOrDefault(e.getKey(), List.of());
            if (e.getValue().size() > other.size() || !other.subList(0, e.getValue().size()).equals(e.getValue())) return false;
        }
        return true;
    }

    /** POE_MSE's potential culprits on the first completed zero-buffer run (none if there is none). */
    private static List<PotentialCulprits.Candidate> potentialCulprits(Exploration zero) {
        RunOutcome run = zero.runs().stream().filter(RunOutcome::completed).findFirst().orElse(null);
        return run == null ? List.of() : PotentialCulprits.find(CommGraph.of(run));
    }

    /**
     * Whether the analysis adds the per-send buffering exploration: neither extreme deadlocks, some
     * execution met a wildcard match or a buffering choice (not only data branches), and the zero-buffer
     * executions do not already show every buffering ({@code zeroShowsAll}, {@link SlackElasticityProof}).
     */
    public static boolean exploresPerSend(Exploration unbounded, Exploration zero, boolean zeroShowsAll) {
        return !unbounded.anyDeadlock() && !zero.anyDeadlock() && !(onlyDataDecisions(unbounded) && onlyDataDecisions(zero))
                && !zeroShowsAll;
    }

    /** No decision of these executions is a wildcard match or a buffering choice: only data branches. */
    private static boolean onlyDataDecisions(Exploration e) {
        for (RunOutcome r : e.runs()) {
            for (var d : r.decisions()) {
                if (d.scheduling()) return false;
            }
        }
        return true;
    }

    /** The most decisions a message names; a loop taken a thousand times must not make a message of megabytes. */
    static final int MAX_PATH_STEPS = 6;

    /**
     * The decisions of a path in words: repeats of one decision in a row are counted ("... taken
     * (true) x 40"), and a long path keeps its first and last steps with how many were left out.
     */
    public static String describePath(List<String> steps) {
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < steps.size();) {
            int j = i;
            while (j < steps.size() && steps.get(j).equals(steps.get(i))) j++;
            runs.add(steps.get(i) + (j - i > 1 ? " x " + (j - i) : ""));
            i = j;
        }
        if (runs.size() <= MAX_PATH_STEPS) return String.join(", ", runs);
        int head = MAX_PATH_STEPS - 2;
        return String.join(", ", runs.subList(0, head)) + ", ... " + (runs.size() - MAX_PATH_STEPS) + " more decisions ..., "
                + String.join(", ", runs.subList(runs.size() - 2, runs.size()));
    }

    /**
     * Opens the note of a finding made possible only by a test of {@code main}'s first arguments (the path follows);
     * {@link dev.rendezvous.core.Rendezvous#analyze} makes it an error again when MPJ Express's values reach it too.
     */
    public static final String RUNTIME_ARG_PATH = " (possible: only if main's first arguments, which MPJ Express sets to the"
            + " rank, the process count and the device, hold values the user passed that take this path: ";

    /** Replaces {@link #RUNTIME_ARG_PATH} when the finding is confirmed with MPJ Express's values. */
    public static final String RUNTIME_ARG_CONFIRMED = " (also with the values MPJ Express gives main's first arguments: the"
            + " rank, the process count and the device; the path: ";

    /**
     * Says on which data-dependent path the deadlock happens, when not on every path. When that path
     * needs a rank to branch on data the analysis could not compute (not an input, which is the
     * same everywhere), the deadlock is possible rather than certain: the data may never take that
     * path (a pivot row that is always someone's, a check that always passes). It is then a warning,
     * so that an error always means a deadlock the program reaches for some input. So is a path
     * through a test of {@code main}'s first three arguments: under MPJ Express they are the rank, the
     * process count and the device (checked on libmpj-java 0.44: {@code [0, 3, smpdev, user...]}),
     * under mpiJava the user's, and which runtime the program is written for is not known.
     */
    private static List<Finding> onDataPath(List<Finding> fs, RunOutcome dl, boolean everyPath) {
        if (everyPath || dl.decisions().isEmpty()) return fs;
        List<String> steps = new ArrayList<>();
        boolean onData = false, onRuntimeArg = false;
        for (var d : dl.decisions()) {
            steps.add(dev.rendezvous.core.semantics.ChoiceSource.outcome(d));
            onData |= isDataDecision(d);
            onRuntimeArg |= d.what().contains(dev.rendezvous.core.semantics.ChoiceSource.RUNTIME_ARG);
        }
        String path = describePath(steps);
        String suffix = onData
                ? " (possible: only if data the analysis cannot compute takes this path: " + path + ")"
                : onRuntimeArg ? RUNTIME_ARG_PATH + path + ")" : " (only on a data-dependent path: " + path + ")";
        List<Finding> out = new ArrayList<>();
        for (Finding f : fs) {
            Finding g = f.withMessage(f.message() + suffix);
            out.add(onData || onRuntimeArg ? possible(g) : g);
        }
        return out;
    }

    /**
     * The deadlocked run to show for a race: the first that took no branch on data the analysis cannot compute, if
     * any, else the first. A race one input reaches is certain; one found only past such branches is not.
     */
    static RunOutcome firstDeadlockOffData(Exploration e) {
        RunOutcome first = null;
        for (RunOutcome r : e.runs()) {
            if (!r.deadlocked()) continue;
            if (first == null) first = r;
            if (r.decisions().stream().noneMatch(DeadlockAnalysis::isDataDecision)) return r;
        }
        return first;
    }

    /**
     * A race (a deadlock on some matchings of wildcard receives or some bufferings) found only on runs that branched
     * on data the analysis cannot compute is possible, not certain, as any deadlock on such a path is
     * ({@link #onDataPath}): a warning naming that path. A K-means master that decides from the data whether the
     * workers go on, with workers whose results arrive in any order, showed such a race as an error.
     */
    static Finding raceOnData(Finding f, RunOutcome dl) {
        List<String> steps = new ArrayList<>();
        boolean onData = false;
        for (var d : dl.decisions()) {
            if (d.scheduling()) continue;
            steps.add(dev.rendezvous.core.semantics.ChoiceSource.outcome(d));
            onData |= isDataDecision(d);
        }
        if (!onData) return f;
        return possible(f.withMessage(f.message() + " (possible: only if data the analysis cannot compute takes this path: "
                + describePath(steps) + ")"));
    }

    /**
     * A send whose destination (or a receive whose source) the analysis could not compute is not
     * matched with anyone: it completes at once and carries no message. Had it been computed, its
     * message might be the one a blocked rank waits for, or it might take one. A deadlock on a
     * communicator where that happened is possible, not certain: errors become warnings that name the
     * call, so that an error always means a deadlock the program reaches.
     */
    static List<Finding> withUnknownPeers(List<Finding> fs, RunOutcome dl) {
        // a send to an unknown rank could only release a rank waiting for a message; a receive from one, a rank
        // waiting for its send to be taken (a Wait may be either)
        Set<Integer> receiving = new HashSet<>(), sending = new HashSet<>();
        for (RunOutcome.Blocked b : dl.blocked()) {
            if (b.event() == null) continue;
            switch (b.kind()) {
                case RECV, PROBE, POLL -> receiving.add(b.event().comm());
                case SEND -> sending.add(b.event().comm());
                case WAIT -> {
                    receiving.add(b.event().comm());
                    sending.add(b.event().comm());
                }
                default -> { }
            }
        }
        Event unknown = null;
        for (List<Event> trace : dl.traces()) {
            for (Event e : trace) {
                Op.Kind k = e.op().kind();
                boolean sendsToUnknown = (k == Op.Kind.SEND || k == Op.Kind.SENDRECV) && e.peer() == Peer.UNKNOWN;
                boolean receivesFromUnknown = (k == Op.Kind.RECV || k == Op.Kind.PROBE) && e.peer() == Peer.UNKNOWN
                        || k == Op.Kind.SENDRECV && e.recvPeer() == Peer.UNKNOWN;
                if (sendsToUnknown && receiving.contains(e.comm()) || receivesFromUnknown && sending.contains(e.comm())) {
                    unknown = e;
                    break;
                }
            }
            if (unknown != null) break;
        }
        if (unknown == null) return fs;
        String which = unknown.op().kind() == Op.Kind.SEND ? "destination" : unknown.op().kind() == Op.Kind.SENDRECV ? "peer" : "source";
        String suffix = " (possible: the " + which + " of the " + unknown.op().mpjName() + " at line " + unknown.site().line()
                + " on rank " + unknown.rank() + " could not be computed, so it was matched with no one; with its real value it "
                + "may be what releases the waiting ranks)";
        List<Finding> out = new ArrayList<>();
        for (Finding f : fs) out.add(possible(f.withMessage(f.message() + suffix)));
        return out;
    }

    /** The finding as a warning: an error is kept for deadlocks the program certainly reaches. */
    private static Finding possible(Finding f) {
        return f.severity() != Severity.ERROR ? f
                : new Finding(f.kind(), Severity.WARNING, f.verdict(), f.message(), f.range(), f.ranks(), f.related(), f.fixes(), f.witness());
    }

    /** A branch one rank took on a value only it has (data, a clock, a random draw), not a shared input. */
    static boolean isDataDecision(dev.rendezvous.core.semantics.ChoiceSource.Decision d) {
        return d.what().matches(".* on rank \\d+") || d.what().contains(dev.rendezvous.core.semantics.ChoiceSource.ALIKE_DATA);
    }

    private static Finding retarget(Finding f, Verdict v) {
        return new Finding(f.kind(), f.severity(), v, f.message(), f.range(), f.ranks(), f.related(), f.fixes(), f.witness());
    }

    private static void noteIncomplete(AnalysisContext ctx, Exploration e, List<Finding> out) {
        for (RunOutcome r : e.runs()) {
            for (String a : r.aborted()) ctx.note("Execution could not be followed to the end (" + a + ")");
            if (r.timedOut()) ctx.note("The time budget ran out during an execution under " + e.policy().name().toLowerCase()
                    + " buffering; verdicts are based on what was explored");
        }
        if (!e.complete()) {
            String cut = e.cut() == 0 ? "" : " (and cut " + e.cut() + " more where they reached a state already explored)";
            ctx.note("Explored " + e.runs().size() + " executions" + cut + " under " + e.policy().name().toLowerCase().replace('_', '-')
                    + " buffering before the budget ran out; other matchings of wildcard receives or other outcomes of "
                    + "unknown branches were not explored");
        }
    }

    /**
     * The same code deadlocking on several groups of ranks (each row of a grid, each pair) is one
     * problem to fix: explanations with the same kind and the same operations are merged.
     */
    private static List<WaitForClassifier.Explanation> mergeSameCode(List<WaitForClassifier.Explanation> in) {
        Map<String, List<WaitForClassifier.Explanation>> byCode = new LinkedHashMap<>();
        for (WaitForClassifier.Explanation x : in) {
            String key = x.kind() + x.events().stream().map(e -> e.site().start()).distinct().sorted().toList().toString();
            byCode.computeIfAbsent(key, k -> new ArrayList<>()).add(x);
        }
        List<WaitForClassifier.Explanation> out = new ArrayList<>();
        for (List<WaitForClassifier.Explanation> same : byCode.values()) {
            WaitForClassifier.Explanation first = same.get(0);
            if (same.size() == 1) {
                out.add(first);
                continue;
            }
            List<Event> events = new ArrayList<>();
            List<Integer> ranks = new ArrayList<>();
            List<String> witness = new ArrayList<>();
            java.util.TreeSet<Integer> others = new java.util.TreeSet<>();
            for (WaitForClassifier.Explanation x : same) {
                events.addAll(x.events());
                ranks.addAll(x.ranks());
                witness.addAll(x.witness());
                if (x != first) others.addAll(x.ranks());
            }
            // one note for all the other groups (each merge used to append its own)
            out.add(new WaitForClassifier.Explanation(first.kind(), events, ranks,
                    first.summary() + " (the same happens on " + WaitForClassifier.ranksText(List.copyOf(others)) + ")", witness));
        }
        return out;
    }

    /** Turns explained deadlocks into findings with witnesses, related locations and fixes. */
    static List<Finding> fromExplanations(AnalysisContext ctx, RunOutcome run, Verdict verdict, RunOutcome completedRun) {
        List<Finding> out = new ArrayList<>();
        for (WaitForClassifier.Explanation x : mergeSameCode(WaitForClassifier.explain(run, ctx.tags()))) {
            Event primary = x.events().get(0);
            List<Related> related = new ArrayList<>();
            Map<String, Boolean> seen = new LinkedHashMap<>();
            for (Event e : x.events()) {
                String k = e.site().start() + "/" + e.rank();
                if (seen.put(k, true) != null || e == primary) continue;
                related.add(new Related(e.site(), e.rank(), "rank " + e.rank() + ": " + e.describe(), true));
            }
            for (Event e : x.events()) {
                if (!e.userSite().equals(e.site())) {
                    related.add(new Related(e.userSite(), e.rank(), "called from here on rank " + e.rank()));
                }
            }
            String message = x.summary();
            if (verdict == Verdict.DEADLOCK_ZERO_BUFFER && x.kind() == FindingKind.SEND_CYCLE) {
                message += ". Deadlocks unless the runtime buffers: one buffered message on any rank of the cycle "
                        + "(e.g. rank " + x.ranks().get(0) + ") breaks it (t-ring lemma)";
            } else if (verdict == Verdict.DEADLOCK_ZERO_BUFFER && x.kind() == FindingKind.UNMATCHED_SEND) {
                message += ". The sender blocks forever unless the runtime buffers the message; it is never received either way";
            } else if (verdict == Verdict.DEADLOCK_ZERO_BUFFER) {
                message += ". Deadlocks when sends and collectives synchronise (no buffering)";
            } else if (verdict == Verdict.DEADLOCK_ALWAYS && x.kind() == FindingKind.SEND_CYCLE) {
                message += ". Synchronous sends never complete before the receive is posted, so no buffering helps";
            }
            Finding f = new Finding(x.kind(), Severity.ERROR, verdict, message, primary.site(),
                    x.ranks().stream().distinct().sorted().toList(), related, List.of(), String.join("\n", x.witness()));
            out.add(f.withFixes(Fixes.forDeadlock(ctx, f, x, run, completedRun)));
        }
        return out;
    }
}
