package dev.rendezvous.core.fix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.Block;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.NodeFinder;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis;
import dev.rendezvous.core.analysis.deadlock.WaitForClassifier;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.TextEdit;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Quick fixes for deadlock findings, computed as text edits over the source. A fix is offered
 * only where its safety can be argued from the code's shape:
 * <ul>
 * <li><b>Sendrecv</b>: each rank of a send cycle does a blocking {@code Send} immediately followed,
 * as the next statement, by a blocking {@code Recv}; the pair becomes one {@code Sendrecv}, which
 * MPI guarantees not to deadlock against itself (MPI-CHECK §2.2, Fig. 7).</li>
 * <li><b>Isend + Wait</b>: the send of each such pair becomes non-blocking and is completed
 * after the receive.</li>
 * <li><b>Parity reorder</b>: when one Send/Recv pair is executed by every rank of the cycle (a
 * ring written SPMD), even ranks send first and odd ranks receive first.</li>
 * <li><b>Bsend + Buffer_attach</b>: for a cycle that deadlocks only without buffering, one send of
 * the cycle becomes {@code Bsend} (one buffer on one rank breaks a t-ring, buffer paper Lemma 4.1)
 * and a buffer sized as the sum of {@code Pack_size} over every message that send site can have
 * outstanding on one rank is attached after {@code MPI.Init}. Not offered when the program already
 * attaches a buffer.</li>
 * </ul>
 */
public final class Fixes {
    private Fixes() {}

    /**
     * Keeps only the fixes that are confirmed on the fixed program: it parses, and the deadlock
     * analysis at the same np finds fewer errors and no error of a kind the original did not have.
     * A fix that would leave the deadlock in place (a parity reorder on a ring of odd length, say)
     * or move it somewhere else is never offered.
     */
    public static List<Finding> keepEffective(AnalysisContext ctx, List<Finding> findings) {
        if (findings.stream().allMatch(f -> f.fixes().isEmpty())) return findings;
        List<Finding> errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).toList();
        java.util.Set<FindingKind> kinds = java.util.EnumSet.noneOf(FindingKind.class);
        errors.forEach(f -> kinds.add(f.kind()));
        List<Finding> out = new ArrayList<>();
        for (Finding f : findings) {
            if (f.fixes().isEmpty()) {
                out.add(f);
                continue;
            }
            List<Fix> kept = new ArrayList<>();
            for (Fix fix : f.fixes()) {
                try {
                    Program fixed = ctx.program().withSource(fix.applyTo(ctx.program().source()));
                    if (!fixed.syntaxErrors().isEmpty() || fixed.entry() == null) continue;
                    List<Finding> left = DeadlockAnalysis.analyze(ctx.forFixedProgram(fixed)).findings().stream()
                            .filter(x -> x.severity() == Severity.ERROR).toList();
                    if (left.size() < errors.size() && left.stream().allMatch(x -> kinds.contains(x.kind()))) kept.add(fix);
                } catch (RuntimeException | StackOverflowError e) {
                    ctx.note("A quick fix could not be checked: " + e);
                }
            }
            out.add(f.withFixes(kept));
        }
        return out;
    }

    public static List<Fix> forDeadlock(AnalysisContext ctx, Finding f, WaitForClassifier.Explanation x, RunOutcome run,
            RunOutcome completedRun) {
        List<Fix> out = new ArrayList<>();
        if (f.kind() != FindingKind.SEND_CYCLE) return out;
        try {
            List<Pair> pairs = pairs(ctx.program(), x);
            if (pairs != null && pairs.stream().anyMatch(q -> aliased(ctx.program(), q))) {
                // the receive overwrites the send buffer: Sendrecv and a pending Isend would both alias it
                // (a parity reorder would receive into the buffer before sending it, so it is not offered)
                Fix replace = sendrecvReplace(ctx.program(), pairs);
                if (replace != null) out.add(replace);
            } else if (pairs != null) {
                out.add(sendrecv(ctx.program(), pairs));
                out.add(isendWait(ctx.program(), pairs));
                Fix parity = parity(ctx.program(), pairs, x);
                if (parity != null) out.add(parity);
            }
            if (f.verdict() == Verdict.DEADLOCK_ZERO_BUFFER) {
                Fix b = bsend(ctx.program(), x, completedRun);
                if (b != null) out.add(b);
            }
        } catch (RuntimeException e) {
            ctx.note("A quick fix could not be computed: " + e);
        }
        return out;
    }

    private static MethodInvocation callAt(Program p, Event e) {
        if (!e.site().file().equals(p.file())) return null; // in a companion file: no fix is offered there
        ASTNode n = NodeFinder.perform(p.ast(), e.site().start(), e.site().length());
        while (n != null && !(n instanceof MethodInvocation)) n = n.getParent();
        return (MethodInvocation) n;
    }

    private static Statement statementOf(ASTNode n) {
        while (n != null && !(n instanceof Statement)) n = n.getParent();
        return (Statement) n;
    }

    /** A blocking send statement immediately followed by a blocking receive on the same communicator. */
    record Pair(Statement sendStmt, MethodInvocation send, Statement recvStmt, MethodInvocation recv, String comm) {}

    /** The Send/Recv statement pairs of every rank of the cycle, or null when one does not have that shape. */
    private static List<Pair> pairs(Program p, WaitForClassifier.Explanation x) {
        Map<Integer, Pair> byStart = new LinkedHashMap<>();
        for (Event send : x.events()) {
            if (send.op() != Op.SEND && send.op() != Op.SSEND) return null;
            MethodInvocation sendCall = callAt(p, send);
            if (sendCall == null || sendCall.arguments().size() != 6) return null;
            Statement sendStmt = statementOf(sendCall);
            if (!(sendStmt instanceof ExpressionStatement es) || es.getExpression() != sendCall) return null;
            if (!(sendStmt.getParent() instanceof Block block)) return null;
            int at = block.statements().indexOf(sendStmt);
            if (at + 1 >= block.statements().size()) return null;
            Statement next = (Statement) block.statements().get(at + 1);
            MethodInvocation recvCall = recvCallIn(next);
            if (recvCall == null || recvCall.arguments().size() != 6) return null;
            String commText = sendCall.getExpression() == null ? null : sendCall.getExpression().toString();
            if (commText == null || recvCall.getExpression() == null || !commText.equals(recvCall.getExpression().toString())) return null;
            byStart.putIfAbsent(sendStmt.getStartPosition(), new Pair(sendStmt, sendCall, next, recvCall, commText));
        }
        return byStart.isEmpty() ? null : new ArrayList<>(byStart.values());
    }

    private static Fix sendrecv(Program p, List<Pair> pairs) {
        List<TextEdit> edits = new ArrayList<>();
        String src = p.source();
        for (Pair q : pairs) {
            String before = src.substring(q.recvStmt().getStartPosition(), q.recv().getStartPosition());
            String after = src.substring(q.recv().getStartPosition() + q.recv().getLength(),
                    q.recvStmt().getStartPosition() + q.recvStmt().getLength());
            String replacement = before + q.comm() + ".Sendrecv(" + argsText(src, q.send()) + ", " + argsText(src, q.recv()) + ")" + after;
            int start = q.sendStmt().getStartPosition();
            int end = q.recvStmt().getStartPosition() + q.recvStmt().getLength();
            edits.add(new TextEdit(p.file(), start, end - start, replacement));
        }
        return new Fix("Replace the Send/Recv pair by Sendrecv", edits);
    }

    /** Whether the receive of the pair writes the array the send reads (same buffer expression). */
    private static boolean aliased(Program p, Pair q) {
        return arg(p, q.send(), 0).equals(arg(p, q.recv(), 0));
    }

    private static String arg(Program p, MethodInvocation mi, int i) {
        ASTNode a = (ASTNode) mi.arguments().get(i);
        return p.source().substring(a.getStartPosition(), a.getStartPosition() + a.getLength()).replaceAll("\\s+", "");
    }

    /**
     * Send(buf, ...) then Recv(buf, ...) on the same region becomes Sendrecv_replace, which MPI
     * defines for exactly this (a Sendrecv may not alias its buffers). Null when offset, count or
     * type differ.
     */
    private static Fix sendrecvReplace(Program p, List<Pair> pairs) {
        List<TextEdit> edits = new ArrayList<>();
        String src = p.source();
        for (Pair q : pairs) {
            for (int i = 0; i < 4; i++) if (!arg(p, q.send(), i).equals(arg(p, q.recv(), i))) return null;
            String before = src.substring(q.recvStmt().getStartPosition(), q.recv().getStartPosition());
            String after = src.substring(q.recv().getStartPosition() + q.recv().getLength(),
                    q.recvStmt().getStartPosition() + q.recvStmt().getLength());
            ASTNode recvSource = (ASTNode) q.recv().arguments().get(4), recvTag = (ASTNode) q.recv().arguments().get(5);
            String replacement = before + q.comm() + ".Sendrecv_replace(" + argsText(src, q.send()) + ", "
                    + src.substring(recvSource.getStartPosition(), recvTag.getStartPosition() + recvTag.getLength()) + ")" + after;
            int start = q.sendStmt().getStartPosition();
            int end = q.recvStmt().getStartPosition() + q.recvStmt().getLength();
            edits.add(new TextEdit(p.file(), start, end - start, replacement));
        }
        return new Fix("Replace the Send/Recv pair on the same buffer by Sendrecv_replace", edits);
    }

    /** Send becomes Isend, and the request is waited for after the receive (MPI-CHECK §3, Fig. 12). */
    private static Fix isendWait(Program p, List<Pair> pairs) {
        List<TextEdit> edits = new ArrayList<>();
        String src = p.source();
        String var = "pending";
        for (int k = 2; src.contains(var); k++) var = "pending" + k;
        for (Pair q : pairs) {
            String mode = q.send().getName().getIdentifier().equals("Ssend") ? "Issend" : "Isend";
            edits.add(new TextEdit(p.file(), q.sendStmt().getStartPosition(), q.sendStmt().getLength(),
                    "mpi.Request " + var + " = " + q.comm() + "." + mode + "(" + argsText(src, q.send()) + ");"));
            int end = q.recvStmt().getStartPosition() + q.recvStmt().getLength();
            edits.add(new TextEdit(p.file(), end, 0, "\n" + indentOf(src, q.recvStmt().getStartPosition()) + var + ".Wait();"));
        }
        return new Fix("Use Isend and wait for it after the Recv", edits);
    }

    /**
     * For one Send/Recv pair shared by every rank of a cycle (a ring or shift written SPMD): even
     * ranks send first, odd ranks receive first (MPI-CHECK §2; the corpus' RingParity), which breaks
     * the t-ring for any ring size.
     */
    private static Fix parity(Program p, List<Pair> pairs, WaitForClassifier.Explanation x) {
        if (pairs.size() != 1 || x.ranks().size() < 2) return null;
        Pair q = pairs.get(0);
        String src = p.source();
        String indent = indentOf(src, q.sendStmt().getStartPosition());
        String sendText = src.substring(q.sendStmt().getStartPosition(), q.sendStmt().getStartPosition() + q.sendStmt().getLength());
        String recvText = src.substring(q.recvStmt().getStartPosition(), q.recvStmt().getStartPosition() + q.recvStmt().getLength());
        if (q.recvStmt() instanceof VariableDeclarationStatement) return null; // a declared Status would leave the branches
        String text = "if (" + q.comm() + ".Rank() % 2 == 0) {\n" + indent + "    " + sendText + "\n" + indent + "    " + recvText
                + "\n" + indent + "} else {\n" + indent + "    " + recvText + "\n" + indent + "    " + sendText + "\n" + indent + "}";
        int start = q.sendStmt().getStartPosition();
        int end = q.recvStmt().getStartPosition() + q.recvStmt().getLength();
        return new Fix("Reorder by rank parity (even ranks send first)", List.of(new TextEdit(p.file(), start, end - start, text)));
    }

    private static String indentOf(String src, int pos) {
        int lineStart = src.lastIndexOf('\n', pos - 1) + 1;
        String indent = src.substring(lineStart, pos);
        return indent.isBlank() ? indent : "        ";
    }

    private static MethodInvocation recvCallIn(Statement s) {
        MethodInvocation[] found = {null};
        if (s instanceof ExpressionStatement es && es.getExpression() instanceof MethodInvocation mi) found[0] = mi;
        else if (s instanceof VariableDeclarationStatement vds && vds.fragments().size() == 1) {
            vds.accept(new ASTVisitor() {
                @Override
                public boolean visit(MethodInvocation mi) {
                    if (found[0] == null) found[0] = mi;
                    return false;
                }
            });
        }
        if (found[0] == null || !found[0].getName().getIdentifier().equals("Recv")) return null;
        return found[0];
    }

    private static String argsText(String src, MethodInvocation mi) {
        List<?> args = mi.arguments();
        ASTNode first = (ASTNode) args.get(0);
        ASTNode last = (ASTNode) args.get(args.size() - 1);
        return src.substring(first.getStartPosition(), last.getStartPosition() + last.getLength());
    }

    private static Fix bsend(Program p, WaitForClassifier.Explanation x, RunOutcome completed) {
        if (completed == null || p.source().contains("Buffer_attach")) return null;
        Event send = x.events().get(0);
        if (send.op() != Op.SEND || send.count() < 0 || send.datatype() == null) return null;
        MethodInvocation call = callAt(p, send);
        if (call == null) return null;
        // every message this site can have outstanding on one rank: count its executions per rank
        long maxPerRank = 0;
        for (List<Event> t : completed.traces()) {
            long n = t.stream().filter(e -> e.site().start() == send.site().start()).count();
            maxPerRank = Math.max(maxPerRank, n);
        }
        if (maxPerRank == 0) return null;
        long pack = 8 + ((send.count() * (long) typeSize(send.datatype()) + 7) / 8) * 8;
        long size = pack * maxPerRank;
        MethodInvocation init = findInit(p);
        if (init == null) return null;
        Statement initStmt = statementOf(init);
        String src = p.source();
        String indent = indentOf(src, initStmt.getStartPosition());
        int insertAt = initStmt.getStartPosition() + initStmt.getLength();
        List<TextEdit> edits = new ArrayList<>();
        edits.add(new TextEdit(p.file(), insertAt, 0, "\n" + indent + "// " + maxPerRank + " x Pack_size(" + send.count() + ", "
                + send.datatype() + ") bytes: every Bsend of line " + send.site().line() + " may be outstanding at once\n"
                + indent + "MPI.Buffer_attach(java.nio.ByteBuffer.allocateDirect(" + size + "));"));
        int nameStart = call.getName().getStartPosition();
        edits.add(new TextEdit(p.file(), nameStart, call.getName().getLength(), "Bsend"));
        return new Fix("Use Bsend with an attached buffer of " + size + " bytes", edits);
    }

    private static int typeSize(String t) {
        return switch (t) {
            case "BYTE", "BOOLEAN" -> 1;
            case "CHAR", "SHORT" -> 2;
            case "INT", "FLOAT" -> 4;
            default -> 8;
        };
    }

    private static MethodInvocation findInit(Program p) {
        MethodInvocation[] found = {null};
        if (p.entry() == null) return null;
        p.entry().accept(new ASTVisitor() {
            @Override
            public boolean visit(MethodInvocation mi) {
                if (found[0] == null && mi.getName().getIdentifier().equals("Init") && mi.getExpression() != null
                        && mi.getExpression().toString().endsWith("MPI")) {
                    found[0] = mi;
                }
                return found[0] == null;
            }
        });
        return found[0];
    }
}
