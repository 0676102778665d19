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
import dev.rendezvous.core.analysis.deadlock.WaitForClassifier;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Op;
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
 * <li><b>Bsend + Buffer_attach</b>: for a cycle that deadlocks only without buffering, one send of
 * the cycle becomes {@code Bsend} (one buffer on one rank breaks a t-ring, buffer paper Lemma 4.1)
 * and a buffer sized as the sum of {@code Pack_size} over every message that send site can have
 * outstanding on one rank is attached after {@code MPI.Init}. Not offered when the program already
 * attaches a buffer.</li>
 * </ul>
 */
public final class Fixes {
    private Fixes() {}

    public static List<Fix> forDeadlock(AnalysisContext ctx, Finding f, WaitForClassifier.Explanation x, RunOutcome run,
            RunOutcome completedRun) {
        List<Fix> out = new ArrayList<>();
        if (f.kind() != FindingKind.SEND_CYCLE) return out;
        try {
            Fix sr = sendrecv(ctx.program(), x, run);
            if (sr != null) out.add(sr);
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
        ASTNode n = NodeFinder.perform(p.ast(), e.site().start(), e.site().length());
        while (n != null && !(n instanceof MethodInvocation)) n = n.getParent();
        return (MethodInvocation) n;
    }

    private static Statement statementOf(ASTNode n) {
        while (n != null && !(n instanceof Statement)) n = n.getParent();
        return (Statement) n;
    }

    private static Fix sendrecv(Program p, WaitForClassifier.Explanation x, RunOutcome run) {
        Map<Integer, TextEdit> edits = new LinkedHashMap<>();
        for (Event send : x.events()) {
            if (send.op() != Op.SEND && send.op() != Op.SSEND) return null;
            List<Event> trace = run.traces().get(send.rank());
            int i = send.index();
            if (i + 1 >= trace.size() || trace.get(i + 1).op() != Op.RECV) {
                // the receive was never reached in the deadlocked run: look at the source instead
            }
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
            if (edits.containsKey(sendStmt.getStartPosition())) continue;
            String src = p.source();
            String sendArgs = argsText(src, sendCall);
            String recvArgs = argsText(src, recvCall);
            String before = src.substring(next.getStartPosition(), recvCall.getStartPosition());
            String after = src.substring(recvCall.getStartPosition() + recvCall.getLength(), next.getStartPosition() + next.getLength());
            String replacement = before + commText + ".Sendrecv(" + sendArgs + ", " + recvArgs + ")" + after;
            int start = sendStmt.getStartPosition();
            int end = next.getStartPosition() + next.getLength();
            edits.put(start, new TextEdit(p.file(), start, end - start, replacement));
        }
        if (edits.isEmpty()) return null;
        return new Fix("Replace the Send/Recv pair by Sendrecv", new ArrayList<>(edits.values()));
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
        int lineStart = src.lastIndexOf('\n', initStmt.getStartPosition()) + 1;
        String indent = src.substring(lineStart, initStmt.getStartPosition());
        if (!indent.isBlank()) indent = "        ";
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
