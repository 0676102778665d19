package dev.rendezvous.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.rendezvous.core.extract.Assumptions;
import dev.rendezvous.core.extract.Budgets;
import dev.rendezvous.core.extract.Extractor;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Peer;
import dev.rendezvous.core.semantics.BufferPolicy;
import dev.rendezvous.core.semantics.ChoiceSource;
import dev.rendezvous.core.semantics.Explorer;
import dev.rendezvous.core.semantics.LearnedModelSearch;
import dev.rendezvous.core.semantics.LocalModels;
import dev.rendezvous.core.semantics.LocalModels.Action;
import dev.rendezvous.core.semantics.LocalModels.Kind;
import dev.rendezvous.core.semantics.LocalModels.Node;
import dev.rendezvous.core.semantics.LocalModels.Outcome;
import dev.rendezvous.core.semantics.LocalModels.Step;
import dev.rendezvous.core.semantics.RunOutcome;
import dev.rendezvous.core.semantics.StateCache;

/**
 * The program's communication at one process count as a Promela model for SPIN, under zero
 * buffering: each rank's {@link LocalModels local automaton}, recorded while the program runs (the runs of
 * {@link LearnedModelSearch}, or of the stateless explorer where that gives up), becomes one {@code proctype}; a
 * message travels on a one-slot channel per ordered pair of ranks, and a standard send waits until its receiver has taken the message (the channel is empty
 * again), so a send is visible to probes and wildcard receives from the moment it is posted but
 * completes only when matched, as in {@link dev.rendezvous.core.semantics.World} under
 * {@link BufferPolicy#ZERO}. A collective waits until every rank has arrived at the same instance.
 *
 * <p>SPIN reports a deadlock as an invalid end state. Every branch after a receive, probe or
 * collective lists the outcomes the exploration met; an outcome SPIN reaches that no explored run met
 * ends in {@code assert(false)}, so a model that is not faithful to the runs is caught by SPIN itself.
 * The model is complete when the exploration was.
 */
public final class PromelaExport {

    /** The model text, or why there is none, and what the exploration behind it did. */
    public record Result(String model, String unsupported, boolean complete, int runs, int cut, boolean deadlock,
            int nodes) {}

    private PromelaExport() {}

    /** What follows a call no explored run got past (SPIN reaching it means the model is not faithful). */
    private static final String STUCK = "assert(false);   /* no explored run got past this call */\n";

    /** Explores {@code program} at {@code np} under zero buffering and writes its model. */
    public static Result export(Program program, int np, Budgets budgets) {
        if (program.entry() == null) return new Result(null, "no SPMD entry point (a main that calls MPI.Init)", false, 0, 0, false, 0);
        LocalModels models = new LocalModels(np);
        Assumptions assumptions = new Assumptions();
        long deadline = System.nanoTime() + budgets.maxMillis * 1_000_000L;
        // the product of learned automata finishes where the stateless search runs out of runs; what it learned
        // before giving up stays in the automata, which the stateless search goes on recording into
        java.util.function.BiFunction<ChoiceSource, StateCache, RunOutcome> run = (choices, cache) -> Extractor.run(program, np,
                BufferPolicy.ZERO, null, choices, cache, models, budgets, assumptions,
                Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
        Explorer.Exploration e = budgets.stateCaching
                ? LearnedModelSearch.search(BufferPolicy.ZERO, np, models, choices -> run.apply(choices, null), budgets.maxRuns * 4,
                        deadline)
                : null;
        if (e == null) {
            e = Explorer.explore(BufferPolicy.ZERO, budgets.maxRuns, deadline,
                    (prefix, cache) -> run.apply(new ChoiceSource(prefix), cache), false, budgets.stateCaching);
        }
        String why = models.unsupported();
        for (RunOutcome o : e.runs()) {
            if (why != null) break;
            if (o.jobEnd() != null) why = "the job ends early (" + o.jobEnd() + ")";
            else if (!o.aborted().isEmpty()) why = "a rank stops with an error: " + o.aborted().get(0);
            else if (!o.failures().isEmpty()) why = "the interpreter failed: " + o.failures().get(0);
        }
        int nodes = 0;
        for (int r = 0; r < np; r++) nodes += models.nodes(r).size();
        if (why != null) return new Result(null, why, e.complete(), e.runs().size(), e.cut(), e.anyDeadlock(), nodes);
        String text = render(program.file(), np, models, e);
        return new Result(text, null, e.complete(), e.runs().size(), e.cut(), e.anyDeadlock(), nodes);
    }

    private static String render(String file, int np, LocalModels m, Explorer.Exploration e) {
        StringBuilder out = new StringBuilder();
        String name = file == null ? "program" : file.replaceAll(".*[/\\\\]", "");
        out.append("/* ").append(name).append(" at np=").append(np).append(", zero buffering: written by Rendezvous.\n");
        out.append(" * Exploration ").append(e.complete() ? "complete" : "INCOMPLETE (budget): the model may miss behaviours")
                .append(": ").append(e.runs().size()).append(" runs, ").append(e.cut()).append(" cut at known states; ")
                .append(e.anyDeadlock() ? "a deadlock was found" : "no deadlock found").append(".\n");
        out.append(" * Check: spin -a model.pml && gcc -O2 -DSAFETY -o pan pan.c && ./pan\n");
        out.append(" * A deadlock is an invalid end state; assert(false) marks an outcome no explored run met. */\n\n");
        out.append("#define N ").append(np).append("\n\n");
        // one channel per ordered pair that some rank sends on or receives from by name
        Set<Long> pairs = new TreeSet<>();
        for (int r = 0; r < np; r++) {
            for (Node n : m.nodes(r)) {
                Action a = n.action;
                if ((a.kind() == Kind.SEND || a.kind() == Kind.SENDRECV) && a.peer() >= 0 && a.peer() < np) pairs.add(pair(r, a.peer()));
                int src = a.kind() == Kind.SENDRECV ? a.peer2() : a.kind() == Kind.RECV || a.kind() == Kind.PROBE ? a.peer() : -1;
                if (src >= 0 && src < np) pairs.add(pair(src, r));
            }
        }
        for (long p : pairs) out.append("chan ").append(chan(p)).append(" = [1] of { int, int };   /* tag, message */\n");
        int instances = Math.max(1, m.maxCollectives() + 1);
        out.append("byte arrived[").append(instances).append("];   /* ranks at each collective instance */\n");
        out.append("int kind[").append(instances).append("];      /* the call the first of them made (call and root) */\n");
        out.append("bit mismatch[").append(instances).append("];  /* a rank made another call there */\n");
        out.append("int contrib[").append(instances * np).append("];  /* each rank's message id at each instance */\n");
        out.append("byte uniform[").append(Math.max(1, m.uniformKeys())).append("];  /* decisions all ranks take alike: option + 1, 0 until taken */\n\n");
        for (int r = 0; r < np; r++) rank(out, r, np, m, pairs);
        return out.toString();
    }

    private static void rank(StringBuilder out, int r, int np, LocalModels m, Set<Long> pairs) {
        out.append("active proctype rank").append(r).append("() {\n");
        out.append("    int t, p; int src; byte ci;\n");
        branch(out, r, m.starts(r), "    ");
        List<Node> nodes = m.nodes(r);
        for (Node n : nodes) {
            Action a = n.action;
            out.append(label(r, n)).append(":   /* ").append(describe(a)).append(" */\n");
            switch (a.kind()) {
                case END -> {
                    out.append("    goto r").append(r).append("_end;\n");
                    continue;
                }
                case SEND -> {
                    String c = chan(pair(r, a.peer()));
                    out.append("    ").append(c).append("!").append(a.tag()).append(",").append(a.payload()).append(";\n");
                    out.append("    empty(").append(c).append(");\n");
                }
                case RECV -> receive(out, r, np, a.peer(), a.tag(), false, pairs);
                case PROBE -> receive(out, r, np, a.peer(), a.tag(), true, pairs);
                case SENDRECV -> {
                    String c = chan(pair(r, a.peer()));
                    out.append("    ").append(c).append("!").append(a.tag()).append(",").append(a.payload()).append(";\n");
                    receive(out, r, np, a.peer2(), a.tag2(), false, pairs);
                    out.append("    empty(").append(c).append(");\n");
                }
                case COLLECTIVE -> {
                    // the first rank at an instance sets its call; another call (or root) there is a mismatch, which never completes
                    int code = a.op().ordinal() * 100_000 + a.root() + 2;
                    out.append("    atomic {\n        if\n        :: kind[ci] == 0 -> kind[ci] = ").append(code).append("\n");
                    out.append("        :: kind[ci] != 0 && kind[ci] != ").append(code).append(" -> mismatch[ci] = 1\n");
                    out.append("        :: else -> skip\n        fi;\n        contrib[ci * N + ").append(r).append("] = ")
                            .append(a.payload()).append(";\n        arrived[ci] = arrived[ci] + 1\n    };\n");
                    out.append("    (arrived[ci] == N && !mismatch[ci]);\n");
                }
            }
            if (a.kind() == Kind.COLLECTIVE) {
                collectiveOutcome(out, r, np, n, m);
                continue;
            }
            boolean received = a.kind() == Kind.RECV || a.kind() == Kind.PROBE || a.kind() == Kind.SENDRECV;
            int source = a.kind() == Kind.SENDRECV ? a.peer2() : a.peer();
            int tag = a.kind() == Kind.SENDRECV ? a.tag2() : a.tag();
            if (!received) {
                branch(out, r, n.next.getOrDefault(Outcome.NONE, Set.of()), "    ");
            } else if (n.next.isEmpty()) {
                out.append("    ").append(STUCK);
            } else {
                out.append("    if\n");
                for (Map.Entry<Outcome, Set<Step>> o : n.next.entrySet()) {
                    List<String> cond = new ArrayList<>();
                    if (source == Peer.ANY) cond.add("src == " + o.getKey().source());
                    if (tag == Peer.ANY) cond.add("t == " + o.getKey().tag());
                    cond.add("p == " + o.getKey().payload());
                    out.append("    :: ").append(String.join(" && ", cond)).append(" ->\n");
                    branch(out, r, o.getValue(), "        ");
                }
                out.append("    :: else -> assert(false)   /* an outcome no explored run met */\n");
                out.append("    fi;\n");
            }
        }
        out.append("r").append(r).append("_end:\n    skip\n}\n\n");
    }

    /**
     * After a collective: what it returns is a function of every member's contribution, so the branch
     * is on the contributions the instance holds (one option per combination an explored run met).
     */
    private static void collectiveOutcome(StringBuilder out, int r, int np, Node n, LocalModels m) {
        if (n.next.isEmpty()) {
            out.append("    ").append(STUCK);
            return;
        }
        out.append("    if\n");
        for (Map.Entry<Outcome, Set<Step>> o : n.next.entrySet()) {
            List<String> cond = new ArrayList<>();
            List<Integer> c = o.getKey().payload() >= 0 ? m.contributions(o.getKey().payload()) : List.of();
            for (int k = 0; k < c.size() && k < np; k++) cond.add("contrib[ci * N + " + k + "] == " + c.get(k));
            if (cond.isEmpty()) cond.add("true");
            out.append("    :: ").append(String.join(" && ", cond)).append(" ->\n");
            out.append("        ci++;\n");
            branch(out, r, o.getValue(), "        ");
        }
        out.append("    :: else -> assert(false)   /* contributions no explored run met */\n");
        out.append("    fi;\n");
    }

    /** The receive (or, with {@code probe}, the copy without removal) of a matching message into src, t, p. */
    private static void receive(StringBuilder out, int r, int np, int source, int tag, boolean probe, Set<Long> pairs) {
        List<Integer> sources = new ArrayList<>();
        if (source == Peer.ANY) {
            for (int s = 0; s < np; s++) if (pairs.contains(pair(s, r))) sources.add(s);
        } else {
            sources.add(source);
        }
        String open = probe ? "?<" : "?", close = probe ? ">" : "";
        String fields = (tag == Peer.ANY ? "t" : "eval(" + tag + ")") + ",p";
        String setTag = tag == Peer.ANY ? "" : "; t = " + tag;
        if (sources.isEmpty()) {
            out.append("    (0);   /* no rank ever sends here */\n");
            return;
        }
        if (sources.size() == 1) {
            int s = sources.get(0);
            out.append("    atomic { ").append(chan(pair(s, r))).append(open).append(fields).append(close)
                    .append("; src = ").append(s).append(setTag).append(" };\n");
            return;
        }
        out.append("    atomic {\n        if\n");
        for (int s : sources) {
            out.append("        :: ").append(chan(pair(s, r))).append(open).append(fields).append(close)
                    .append(" -> src = ").append(s).append("\n");
        }
        out.append("        fi").append(setTag).append("\n    };\n");
    }

    /**
     * A jump to one of the steps (a nondeterministic choice when a decision made several); a step that
     * took decisions every rank takes alike claims them in {@code uniform[]}, or waits for the same ones.
     */
    private static void branch(StringBuilder out, int r, Set<Step> next, String indent) {
        if (next.isEmpty()) {
            out.append(indent).append(STUCK);
            return;
        }
        if (next.size() == 1 && next.iterator().next().uniform().isEmpty()) {
            out.append(indent).append("goto ").append(label(r, next.iterator().next().node())).append(";\n");
            return;
        }
        out.append(indent).append("if\n");
        for (Step s : next) {
            out.append(indent).append(":: ");
            List<Integer> u = s.uniform();
            if (!u.isEmpty()) {
                List<String> guard = new ArrayList<>(), set = new ArrayList<>();
                for (int i = 0; i + 1 < u.size(); i += 2) {
                    int v = u.get(i + 1) + 1;
                    guard.add("(uniform[" + u.get(i) + "] == 0 || uniform[" + u.get(i) + "] == " + v + ")");
                    set.add("uniform[" + u.get(i) + "] = " + v);
                }
                out.append("atomic { ").append(String.join(" && ", guard)).append(" -> ").append(String.join("; ", set)).append(" }; ");
            }
            out.append("goto ").append(label(r, s.node())).append("\n");
        }
        out.append(indent).append("fi;\n");
    }

    private static String describe(Action a) {
        String at = a.line() > 0 ? " at line " + a.line() : "";
        return switch (a.kind()) {
            case END -> "end of the rank";
            case SEND -> a.op().mpjName() + " to " + a.peer() + ", tag " + a.tag() + ", message " + a.payload() + at;
            case RECV, PROBE -> a.op().mpjName() + " from " + peer(a.peer()) + ", tag " + peer(a.tag()) + at;
            case SENDRECV -> a.op().mpjName() + " to " + a.peer() + " tag " + a.tag() + ", from " + peer(a.peer2()) + " tag "
                    + peer(a.tag2()) + at;
            case COLLECTIVE -> a.op().mpjName() + (a.root() >= 0 ? " root " + a.root() : "") + at;
        };
    }

    private static String peer(int p) {
        return p == Peer.ANY ? "any" : Integer.toString(p);
    }

    private static long pair(int s, int d) {
        return (long) s << 32 | d;
    }

    private static String chan(long pair) {
        return "c_" + (pair >>> 32) + "_" + (int) pair;
    }

    private static String label(int r, Node n) {
        return "r" + r + "_n" + n.id;
    }
}
