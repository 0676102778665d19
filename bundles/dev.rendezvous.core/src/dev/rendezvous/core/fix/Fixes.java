package dev.rendezvous.core.fix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ArrayType;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.Block;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.NodeFinder;
import org.eclipse.jdt.core.dom.PrimitiveType;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.TypeDeclaration;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;

import dev.rendezvous.core.analysis.AnalysisContext;
import dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis;
import dev.rendezvous.core.analysis.deadlock.WaitForClassifier;
import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.ElementTypes;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Fix;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.core.model.TextEdit;
import dev.rendezvous.core.model.Verdict;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * Quick fixes, computed as text edits over the source: for deadlock findings (below), and for the
 * interface misuse the interpreter finds ({@link #freeBefore}, {@link #receiveAs}, {@link #moveWaitBefore}).
 * For deadlock findings, A fix is offered
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
                    DeadlockAnalysis.Result result = analyseFixed(ctx, fix);
                    if (result == null) continue;
                    List<Finding> left = result.findings().stream().filter(x -> x.severity() == Severity.ERROR).toList();
                    if (left.size() < errors.size() && left.stream().allMatch(x -> kinds.contains(x.kind()))) kept.add(fix);
                } catch (RuntimeException | StackOverflowError e) {
                    ctx.note("A quick fix could not be checked: " + e);
                }
            }
            out.add(f.withFixes(kept));
        }
        return out;
    }

    /** The deadlock analysis of the program with {@code fix} applied, at the same np; null when the fixed text does not parse. */
    private static DeadlockAnalysis.Result analyseFixed(AnalysisContext ctx, Fix fix) {
        Program fixed = ctx.program().withSource(fix.applyTo(ctx.program().source()));
        if (!fixed.syntaxErrors().isEmpty() || fixed.entry() == null) return null;
        return DeadlockAnalysis.analyze(ctx.forFixedProgram(fixed));
    }

    /**
     * The fixes of a finding that is not a deadlock which leave the program deadlock-free (a fix that moves
     * a Wait earlier can make a rank wait before it sends what its peer waits for): the deadlock analysis of
     * the fixed text at the same process count finds no deadlock. None for a program that deadlocks
     * already (its deadlock is fixed first).
     */
    public static List<Fix> keepDeadlockFree(AnalysisContext ctx, Verdict now, List<Fix> fixes) {
        if (fixes.isEmpty() || now != Verdict.NONE) return List.of();
        List<Fix> kept = new ArrayList<>();
        for (Fix fix : fixes) {
            try {
                DeadlockAnalysis.Result result = analyseFixed(ctx, fix);
                if (result != null && result.verdict() == Verdict.NONE) kept.add(fix);
            } catch (RuntimeException | StackOverflowError e) {
                // not offered: it could not be checked
            }
        }
        return kept;
    }

    public static List<Fix> forDeadlock(AnalysisContext ctx, Finding f, WaitForClassifier.Explanation x, RunOutcome run,
            RunOutcome completedRun) {
        List<Fix> out = new ArrayList<>();
        if (f.kind() == FindingKind.UNMATCHED_RECV || f.kind() == FindingKind.UNMATCHED_SEND) {
            try {
                Fix retag = retag(ctx.program(), f, x, run);
                if (retag != null) out.add(retag);
            } catch (RuntimeException e) {
                ctx.note("A quick fix could not be computed: " + e);
            }
            return out;
        }
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

    // ================================================================ a tag that differs from the partner's

    /**
     * For an operation never matched although its partner posted one differing only in tag (a mistyped tag): the tag
     * of the partner's operation, put in place of this one's. A receive (or probe) takes the tag of the message
     * waiting for it from its source; a send takes the tag its receiver waits for from it. The tag is written as the
     * partner writes it when that is a constant field of a class around this call (and no local hides it), else as
     * its number: a local of the partner's branch would not be in scope here. Offered only on the program's own file,
     * and kept only when the fixed program is checked to lose the error ({@link #keepEffective}).
     */
    private static Fix retag(Program p, Finding f, WaitForClassifier.Explanation x, RunOutcome run) {
        if (x.ranks().isEmpty()) return null;
        int rank = x.ranks().get(0);
        RunOutcome.Blocked b = null;
        for (RunOutcome.Blocked k : run.blocked()) if (k.rank() == rank) b = k;
        if (b == null) return null;
        if (f.kind() == FindingKind.UNMATCHED_RECV) {
            for (dev.rendezvous.core.semantics.World.Pending q : b.pending()) {
                if (!(q instanceof dev.rendezvous.core.semantics.World.RecvOp) || q.event() == null) continue;
                Event recv = q.event();
                int src = recv.sourcePeer(), tag = recv.sourceTag();
                if (src < 0 || tag < 0) continue; // a wildcard or a value the analysis does not know
                for (dev.rendezvous.core.semantics.World.SendOp o : run.orphans()) {
                    if (o.event() == null || o.dst() != rank || o.src() != src || o.tag() == tag || o.tag() < 0) continue;
                    return retagCall(p, recv, false, o.event(), o.tag(), "Receive with tag %s, the tag of rank " + o.src() + "'s "
                            + o.event().op().mpjName() + " at line " + o.event().site().line());
                }
            }
            return null;
        }
        for (dev.rendezvous.core.semantics.World.Pending q : b.pending()) {
            if (!(q instanceof dev.rendezvous.core.semantics.World.SendOp s) || s.event() == null || s.tag() < 0) continue;
            for (RunOutcome.Blocked r : run.blocked()) {
                if (r.rank() != s.dst()) continue;
                for (dev.rendezvous.core.semantics.World.Pending w : r.pending()) {
                    if (!(w instanceof dev.rendezvous.core.semantics.World.RecvOp) || w.event() == null) continue;
                    Event recv = w.event();
                    int from = recv.sourcePeer(), tag = recv.sourceTag();
                    if ((from != s.src() && from != dev.rendezvous.core.model.Peer.ANY) || tag < 0 || tag == s.tag()) continue;
                    return retagCall(p, s.event(), true, recv, tag, "Send with tag %s, the tag rank " + r.rank() + "'s "
                            + recv.op().mpjName() + " at line " + recv.site().line() + " waits for");
                }
            }
        }
        return null;
    }

    private static Fix retagCall(Program p, Event target, boolean sendSide, Event partner, int tag, String label) {
        MethodInvocation call = callAt(p, target);
        if (call == null) return null;
        int i = dev.rendezvous.core.analysis.deadlock.TagInventory.tagArgument(call, sendSide);
        if (i < 0) return null;
        Expression arg = (Expression) call.arguments().get(i);
        String text = String.valueOf(tag);
        MethodInvocation other = callAt(p, partner);
        int j = other == null ? -1 : dev.rendezvous.core.analysis.deadlock.TagInventory.tagArgument(other, !sendSide);
        if (j >= 0 && other.arguments().get(j) instanceof SimpleName n && constantInScope(call, n.getIdentifier())) {
            text = n.getIdentifier();
        }
        return new Fix(String.format(label, text), List.of(new TextEdit(p.file(), arg.getStartPosition(), arg.getLength(), text)));
    }

    /** Whether {@code name} at {@code at} is a static final field of a class around it, not hidden by a local or parameter. */
    private static boolean constantInScope(ASTNode at, String name) {
        for (ASTNode n = at; n != null; n = n.getParent()) {
            if (n instanceof MethodDeclaration m) {
                boolean[] hidden = {false};
                m.accept(new ASTVisitor() {
                    @Override
                    public boolean visit(VariableDeclarationFragment v) {
                        hidden[0] |= v.getName().getIdentifier().equals(name);
                        return true;
                    }

                    @Override
                    public boolean visit(SingleVariableDeclaration v) {
                        hidden[0] |= v.getName().getIdentifier().equals(name);
                        return true;
                    }
                });
                if (hidden[0]) return false;
            }
            if (n instanceof TypeDeclaration t) {
                for (FieldDeclaration fd : t.getFields()) {
                    int mod = fd.getModifiers();
                    if (!org.eclipse.jdt.core.dom.Modifier.isStatic(mod) || !org.eclipse.jdt.core.dom.Modifier.isFinal(mod)) continue;
                    for (Object o : fd.fragments()) {
                        if (((VariableDeclarationFragment) o).getName().getIdentifier().equals(name)) return true;
                    }
                }
            }
        }
        return false;
    }

    private static MethodInvocation callAt(Program p, Event e) {
        return callAt(p, e.site());
    }

    /** The call at {@code site} of the program's own file; null in a companion file, where no fix is offered. */
    private static MethodInvocation callAt(Program p, SourceRange site) {
        if (!site.file().equals(p.file())) return null;
        ASTNode n = NodeFinder.perform(p.ast(), site.start(), site.length());
        while (n != null && !(n instanceof MethodInvocation)) n = n.getParent();
        return (MethodInvocation) n;
    }

    // ================================================================ fixes of interface misuse (found while interpreting)

    /** What precedes {@code pos} on its line, or null when that is not only white space (the statement does not start its line). */
    private static String lineIndent(String src, int pos) {
        String indent = src.substring(src.lastIndexOf('\n', pos - 1) + 1, pos);
        return indent.isBlank() ? indent : null;
    }

    /**
     * resource-leak: {@code var.Free();} just before the {@code MPI.Finalize()} statement, when the
     * resource is a local variable declared by the creating statement in a block that also holds that
     * Finalize (so the name is in scope there); null otherwise.
     */
    public static Fix freeBefore(Program p, MethodInvocation create, MethodInvocation fin) {
        if (!(create.getParent() instanceof VariableDeclarationFragment f)
                || !(f.getParent() instanceof VariableDeclarationStatement decl)
                || !(fin.getParent() instanceof ExpressionStatement finStmt)
                || create.getRoot() != fin.getRoot() || finStmt.getStartPosition() < decl.getStartPosition()) {
            return null;
        }
        boolean inScope = false;
        for (ASTNode a = finStmt; a != null && !inScope; a = a.getParent()) inScope = a == decl.getParent();
        if (!inScope || !p.range(fin).file().equals(p.file())) return null;
        int at = finStmt.getStartPosition();
        String indent = lineIndent(p.source(), at);
        if (indent == null) return null;
        String var = f.getName().getIdentifier();
        return new Fix("Free " + var + " before MPI.Finalize()", List.of(new TextEdit(p.file(), at, 0, var + ".Free();\n" + indent)));
    }

    /**
     * invalid-argument on a null communicator: {@code c.Barrier();} becomes {@code if (c != null) c.Barrier();},
     * so that the ranks a Split or Create left out skip the call. Offered when the call is a statement of
     * its own on a plain variable; null otherwise.
     */
    public static Fix guardNull(Program p, MethodInvocation call) {
        if (!(call.getExpression() instanceof SimpleName c) || !(call.getParent() instanceof ExpressionStatement stmt)
                || !p.range(call).file().equals(p.file())) {
            return null;
        }
        String var = c.getIdentifier();
        return new Fix("Call " + call.getName().getIdentifier() + " only where " + var + " is not null",
                List.of(new TextEdit(p.file(), stmt.getStartPosition(), 0, "if (" + var + " != null) ")));
    }

    /** Blocking point-to-point calls with one peer, fifth of their arguments (buf, offset, count, type, peer, tag). */
    private static final java.util.Set<String> ONE_PEER_CALLS = java.util.Set.of("Send", "Ssend", "Bsend", "Rsend", "Recv");

    /**
     * invalid-argument, a peer that is {@code MPI.PROC_NULL}, which MPJ Express rejects: the call runs only where its
     * peer is a rank. A one-peer call ({@code Send}, {@code Recv}...) gets {@code if (peer != MPI.PROC_NULL)} in front;
     * a {@code Sendrecv} or {@code Sendrecv_replace} becomes the whole call where both peers are ranks, else its Send
     * half or its Recv half, as MPI's meaning of PROC_NULL would have it. Offered only for a call that is a statement of
     * its own in the program's file whose peers are names or field reads (evaluated again by the test, so they must not
     * change anything) and not {@code MPI.PROC_NULL} itself; null otherwise.
     */
    public static Fix skipProcNull(Program p, SourceRange site) {
        MethodInvocation call = callAt(p, site);
        if (call == null || !(call.getParent() instanceof ExpressionStatement stmt) || call.getExpression() == null) return null;
        String name = call.getName().getIdentifier();
        List<?> a = call.arguments();
        String src = p.source();
        String comm = call.getExpression().toString();
        // braces unless the statement is in a block: "if (c) Send(...); else ..." must keep its else
        boolean inBlock = stmt.getParent() instanceof Block;
        String open = inBlock ? "" : "{ ", close = inBlock ? "" : " }";
        int end = stmt.getStartPosition() + stmt.getLength();
        if (ONE_PEER_CALLS.contains(name) && a.size() == 6 && plainPeer((Expression) a.get(4))) {
            String peer = a.get(4).toString();
            List<TextEdit> edits = new ArrayList<>();
            edits.add(new TextEdit(p.file(), stmt.getStartPosition(), 0, open + "if (" + peer + " != MPI.PROC_NULL) "));
            if (!inBlock) edits.add(new TextEdit(p.file(), end, 0, close));
            return new Fix("Call " + name + " only where " + peer + " is not MPI.PROC_NULL", edits);
        }
        boolean replace = name.equals("Sendrecv_replace");
        if ((name.equals("Sendrecv") && a.size() == 12 || replace && a.size() == 8)) {
            Expression dest = (Expression) a.get(4), source = (Expression) a.get(replace ? 6 : 10);
            if (!plainPeer(dest) || !plainPeer(source)) return null;
            String sendArgs = argsText(src, a, 0, 6);
            String recvArgs = replace ? argsText(src, a, 0, 4) + ", " + argsText(src, a, 6, 8) : argsText(src, a, 6, 12);
            String d = dest.toString(), s = source.toString(), indent = lineIndent(src, stmt.getStartPosition());
            if (indent == null) return null;
            String text = open + "if (" + d + " != MPI.PROC_NULL && " + s + " != MPI.PROC_NULL) " + src.substring(stmt.getStartPosition(),
                    end) + "\n" + indent + "else if (" + d + " != MPI.PROC_NULL) " + comm + ".Send(" + sendArgs + ");\n" + indent
                    + "else if (" + s + " != MPI.PROC_NULL) " + comm + ".Recv(" + recvArgs + ");" + close;
            return new Fix("Call " + name + "'s Send or Recv half alone where the other peer is MPI.PROC_NULL",
                    List.of(new TextEdit(p.file(), stmt.getStartPosition(), stmt.getLength(), text)));
        }
        return null;
    }

    /**
     * invalid-argument, a null buffer MPJ Express uses off the root ({@code rank == 0 ? new int[n] : null}): the null arm
     * of that conditional, written as the argument or as the initializer of the local variable passed, becomes the same
     * allocation as its other arm, so every rank passes an array. Null when the buffer is not such a conditional.
     */
    public static Fix arrayOffRoot(Program p, Expression buffer) {
        Expression e = buffer;
        while (e instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression pe) e = pe.getExpression();
        if (e instanceof SimpleName name) e = localInitializer(name);
        while (e instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression pe) e = pe.getExpression();
        if (!(e instanceof org.eclipse.jdt.core.dom.ConditionalExpression ce) || !(ce.getRoot() == p.ast())) return null;
        Expression t = ce.getThenExpression(), f = ce.getElseExpression();
        Expression nul = t instanceof org.eclipse.jdt.core.dom.NullLiteral ? t : f instanceof org.eclipse.jdt.core.dom.NullLiteral ? f : null;
        Expression other = nul == t ? f : t;
        if (nul == null || !(other instanceof org.eclipse.jdt.core.dom.ArrayCreation)) return null;
        return new Fix("Allocate the buffer on every rank, not only on the root",
                List.of(new TextEdit(p.file(), nul.getStartPosition(), nul.getLength(), other.toString())));
    }

    /** The initializer of the local variable {@code name} names, declared in a block around it; null otherwise. */
    private static Expression localInitializer(SimpleName name) {
        String id = name.getIdentifier();
        for (ASTNode scope = name.getParent(); scope != null && !(scope instanceof MethodDeclaration); scope = scope.getParent()) {
            if (!(scope instanceof Block b)) continue;
            for (Object st : b.statements()) {
                if (!(st instanceof VariableDeclarationStatement decl) || decl.getStartPosition() > name.getStartPosition()) continue;
                for (Object f : decl.fragments()) {
                    VariableDeclarationFragment frag = (VariableDeclarationFragment) f;
                    if (frag.getName().getIdentifier().equals(id)) return frag.getInitializer();
                }
            }
        }
        return null;
    }

    /** A peer the guard can test again: a name or a field read ({@code up}, {@code shift.rank_dest}), not PROC_NULL itself. */
    private static boolean plainPeer(Expression e) {
        if (e.toString().endsWith("PROC_NULL")) return false;
        return e instanceof SimpleName || e instanceof org.eclipse.jdt.core.dom.QualifiedName
                || e instanceof org.eclipse.jdt.core.dom.FieldAccess fa && fa.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression;
    }

    /** The source text of arguments {@code from} (inclusive) to {@code to} (exclusive), as written. */
    private static String argsText(String src, List<?> args, int from, int to) {
        ASTNode first = (ASTNode) args.get(from), last = (ASTNode) args.get(to - 1);
        return src.substring(first.getStartPosition(), last.getStartPosition() + last.getLength());
    }

    /**
     * datatype-mismatch: a receive whose datatype differs from the message's names the sender's datatype
     * instead; offered only when the receive buffer is a local array or field declared with the Java
     * element type of that datatype (so that MPJ accepts the buffer too); null otherwise.
     */
    public static Fix receiveAs(Program p, Event recv, String senderType) {
        if (recv.op() != Op.RECV && recv.op() != Op.IRECV) return null;
        MethodInvocation call = callAt(p, recv);
        if (call == null || call.arguments().size() < 4 || !(call.arguments().get(0) instanceof SimpleName buffer)) return null;
        String element = elementTypeOf(buffer);
        if (element == null || !senderType.equals(ElementTypes.datatypeOf(element))) return null;
        Expression type = (Expression) call.arguments().get(3);
        return new Fix("Receive as MPI." + senderType + ", the datatype the message is sent with",
                List.of(new TextEdit(p.file(), type.getStartPosition(), type.getLength(), "MPI." + senderType)));
    }

    /**
     * datatype-mismatch: a buffer of primitive elements passed with another datatype (MPJ Express throws) names the
     * datatype of its elements instead. {@code typeArgument} is the datatype's position among the call's arguments.
     */
    public static Fix bufferDatatype(Program p, MethodInvocation call, int typeArgument, String element) {
        String datatype = ElementTypes.datatypeOf(element);
        if (datatype == null || typeArgument >= call.arguments().size()) return null;
        Expression type = (Expression) call.arguments().get(typeArgument);
        return new Fix("Pass MPI." + datatype + ", the datatype of the " + element + "[] buffer",
                List.of(new TextEdit(p.file(), type.getStartPosition(), type.getLength(), "MPI." + datatype)));
    }

    /** The element type ("int", "double"...) of the one-dimensional array variable {@code name} refers to, or null. */
    private static String elementTypeOf(SimpleName name) {
        String id = name.getIdentifier();
        for (ASTNode scope = name.getParent(); scope != null; scope = scope.getParent()) {
            if (!(scope instanceof Block || scope instanceof MethodDeclaration || scope instanceof TypeDeclaration)) continue;
            String[] found = {null};
            scope.accept(new ASTVisitor() {
                @Override
                public boolean visit(VariableDeclarationFragment f) {
                    if (found[0] == null && f.getName().getIdentifier().equals(id) && f.getExtraDimensions() == 0) {
                        Type t = f.getParent() instanceof VariableDeclarationStatement v ? v.getType()
                                : f.getParent() instanceof FieldDeclaration fd ? fd.getType() : null;
                        found[0] = primitiveElement(t);
                    }
                    return true;
                }

                @Override
                public boolean visit(SingleVariableDeclaration d) {
                    if (found[0] == null && d.getName().getIdentifier().equals(id)) found[0] = primitiveElement(d.getType());
                    return true;
                }
            });
            if (found[0] != null) return found[0];
        }
        return null;
    }

    /** "int" for {@code int[]}; null for any other type. */
    private static String primitiveElement(Type t) {
        return t instanceof ArrayType at && at.getDimensions() == 1 && at.getElementType() instanceof PrimitiveType p
                ? p.getPrimitiveTypeCode().toString() : null;
    }

    /**
     * buffer-race: move the request's {@code r.Wait();} up to just before the statement that touches the
     * buffer. Offered when the request is a variable assigned by the non-blocking call at {@code requestSite}
     * itself, and the Wait is a plain statement later in the same block as the statement holding the
     * access; {@link #keepDeadlockFree} keeps it only if the moved Wait adds no deadlock.
     */
    public static Fix moveWaitBefore(Program p, SourceRange requestSite, ASTNode access) {
        if (access == null || access.getRoot() != p.ast()) return null;
        MethodInvocation call = callAt(p, requestSite);
        if (call == null) return null;
        String var = call.getParent() instanceof VariableDeclarationFragment vf ? vf.getName().getIdentifier()
                : call.getParent() instanceof Assignment as && as.getLeftHandSide() instanceof SimpleName n ? n.getIdentifier() : null;
        if (var == null) return null;
        ASTNode stmt = access;
        while (stmt != null && !(stmt instanceof Statement && stmt.getParent() instanceof Block)) stmt = stmt.getParent();
        if (stmt == null || stmt.getStartPosition() < call.getStartPosition() + call.getLength()) return null;
        List<?> siblings = ((Block) stmt.getParent()).statements();
        Statement wait = null;
        for (int i = siblings.indexOf(stmt) + 1; i < siblings.size() && wait == null; i++) {
            if (waitsOn((Statement) siblings.get(i), var)) wait = (Statement) siblings.get(i);
        }
        if (wait == null) return null;
        TextEdit dropWait = wholeLine(p, wait);
        if (dropWait == null) return null; // the Wait shares its line with other code: not moved
        int at = stmt.getStartPosition();
        String indent = lineIndent(p.source(), at);
        if (indent == null) return null;
        return new Fix("Move " + var + ".Wait() before the access to its buffer", List.of(
                new TextEdit(p.file(), at, 0, var + ".Wait();\n" + indent), dropWait));
    }

    /**
     * An in-place exchange written {@code Request r = c.Isend(x, o, n, T, dest, stag); ... c.Recv(x, o, n, T, src, rtag);
     * ... r.Wait();} (the receive overwrites the buffer of the pending send, a buffer race) becomes one
     * {@code c.Sendrecv_replace(x, o, n, T, dest, stag, src, rtag);} where the Recv was: MPI defines it for exactly this,
     * and it pairs each send with its receive as the Isend did (no deadlock added, which the caller checks too). Null
     * unless the three statements sit in one block, the request is declared there and used only by its Wait, the
     * buffer, offset, count and type are written alike, and no statement between the Isend and the Recv mentions the
     * buffer or the request or calls anything (the send now leaves at the Recv: a call between could send to the same
     * rank first, and the messages would arrive swapped).
     */
    public static Fix isendRecvToSendrecvReplace(Program p, SourceRange isendSite, ASTNode receive) {
        if (!(receive instanceof MethodInvocation recv) || recv.getRoot() != p.ast() || !recv.getName().getIdentifier().equals("Recv")
                || recv.arguments().size() != 6 || recv.getExpression() == null) {
            return null;
        }
        MethodInvocation isend = callAt(p, isendSite);
        if (isend == null || !isend.getName().getIdentifier().equals("Isend") || isend.arguments().size() != 6
                || isend.getExpression() == null || !isend.getExpression().toString().equals(recv.getExpression().toString())
                || !(isend.getParent() instanceof VariableDeclarationFragment vf)
                || !(vf.getParent() instanceof VariableDeclarationStatement decl)
                || decl.fragments().size() != 1 || !(decl.getParent() instanceof Block block)) {
            return null;
        }
        for (int i = 0; i < 4; i++) if (!arg(p, isend, i).equals(arg(p, recv, i))) return null;
        Statement recvStmt = statementOf(recv);
        if (recvStmt == null || recvStmt.getParent() != block) return null;
        String var = vf.getName().getIdentifier();
        List<?> statements = block.statements();
        int from = statements.indexOf(decl), to = statements.indexOf(recvStmt);
        if (from < 0 || to <= from) return null;
        String src = p.source();
        String buffer = arg(p, isend, 0);
        java.util.regex.Pattern uses = java.util.regex.Pattern.compile("\\b(" + java.util.regex.Pattern.quote(var) + "|"
                + java.util.regex.Pattern.quote(buffer.replaceAll("\\W.*", "")) + ")\\b");
        for (int i = from + 1; i < to; i++) {
            ASTNode between = (ASTNode) statements.get(i);
            if (uses.matcher(text(src, between)).find()
                    || callsAnything(between)) {
                return null; // the send moves down to the Recv: a call between could send to the same rank first
            }
        }
        Statement wait = null;
        java.util.regex.Pattern request = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(var) + "\\b");
        for (int i = to + 1; i < statements.size(); i++) {
            Statement st = (Statement) statements.get(i);
            if (wait == null && waitsOn(st, var)) {
                wait = st;
            } else if (request.matcher(text(src, st)).find()) {
                return null; // the request is used otherwise (tested, kept, waited again)
            }
        }
        if (wait == null || request.matcher(text(src, recvStmt)).find()) {
            return null;
        }
        TextEdit dropDecl = wholeLine(p, decl), dropWait = wholeLine(p, wait);
        if (dropDecl == null || dropWait == null) return null;
        String replacement = recv.getExpression().toString() + ".Sendrecv_replace(" + argsText(src, isend) + ", "
                + argsText(src, recv.arguments(), 4, 6) + ")";
        return new Fix("Replace the Isend, Recv and Wait on the same buffer by Sendrecv_replace", List.of(dropDecl,
                new TextEdit(p.file(), recv.getStartPosition(), recv.getLength(), replacement), dropWait));
    }

    /** Whether {@code s} is the plain statement {@code var.Wait();}. */
    private static boolean waitsOn(Statement s, String var) {
        return s instanceof ExpressionStatement es && es.getExpression() instanceof MethodInvocation w
                && w.getName().getIdentifier().equals("Wait") && w.arguments().isEmpty()
                && w.getExpression() instanceof SimpleName r && r.getIdentifier().equals(var);
    }

    private static String text(String src, ASTNode n) {
        return src.substring(n.getStartPosition(), n.getStartPosition() + n.getLength());
    }

    /** Whether {@code n} calls a method or constructor anywhere inside it. */
    private static boolean callsAnything(ASTNode n) {
        boolean[] found = {false};
        n.accept(new ASTVisitor() {
            @Override
            public boolean preVisit2(ASTNode node) {
                if (node instanceof MethodInvocation || node instanceof org.eclipse.jdt.core.dom.ClassInstanceCreation
                        || node instanceof org.eclipse.jdt.core.dom.SuperMethodInvocation) {
                    found[0] = true;
                }
                return !found[0];
            }
        });
        return found[0];
    }

    /** An edit deleting the line of {@code s}, or null when the statement shares its line with other code. */
    private static TextEdit wholeLine(Program p, Statement s) {
        String src = p.source();
        int lineStart = src.lastIndexOf('\n', s.getStartPosition() - 1) + 1;
        int lineEnd = src.indexOf('\n', s.getStartPosition() + s.getLength());
        if (lineEnd < 0 || lineIndent(src, s.getStartPosition()) == null
                || !src.substring(s.getStartPosition() + s.getLength(), lineEnd).isBlank()) {
            return null;
        }
        return new TextEdit(p.file(), lineStart, lineEnd + 1 - lineStart, "");
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

    /** The entry's {@code MPI.Init}, or the file's first (in a constructor or helper {@code main} reaches it through). */
    private static MethodInvocation findInit(Program p) {
        if (p.entry() == null) return null;
        MethodInvocation init = Program.firstInit(p.entry());
        return init != null ? init : Program.firstInit(p.entry().getRoot());
    }
}
