package dev.rendezvous.core.extract;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.ArrayCreation;
import org.eclipse.jdt.core.dom.AssertStatement;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.SuperMethodInvocation;
import org.eclipse.jdt.core.dom.SwitchCase;
import org.eclipse.jdt.core.dom.SwitchExpression;
import org.eclipse.jdt.core.dom.SwitchStatement;
import org.eclipse.jdt.core.dom.ThrowStatement;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.VariableDeclarationExpression;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.WhileStatement;

/**
 * Which variables can steer what a program does next — a branch, a loop, the peer, tag, count or
 * communicator of an MPJ call, an array index or size — found by a backward slice over the
 * whole program from those places (flow-insensitive, by simple name: a name relevant anywhere is
 * relevant everywhere, which only keeps more in the state). The explorer's state caching
 * ({@link dev.rendezvous.core.semantics.StateCache}) hashes the contents of relevant variables only;
 * the others count by shape (an array's length), so two matchings that leave different numbers in
 * a result array but the same control state are one state. Message contents matter only when some
 * message buffer is relevant: then every buffer of the same {@linkplain #family family} of calls is
 * ({@link #payloads}). A message's contents reach only buffers of its family: a point-to-point
 * message only a receive's buffer, a collective's contributions only the buffers of the same collective
 * (the engine completes a collective instance only when every member made the same call), so a broadcast
 * timer that steers a loop does not make the arrays a benchmark gathers relevant.
 *
 * <p>Flows: an assignment makes its right side relevant when its target is; a reference assigned
 * or passed (arrays, objects, lists) links both names both ways, since writes through either reach
 * the other; a call of a method of the program links its arguments to its parameters and its value
 * to its return statements; a call of a library method links its receiver and reference arguments
 * to everything it is given (it may store any of them).
 */
final class StateRelevance {
    /** MPJ calls that move data between processes: their array arguments are message buffers. */
    private static final Set<String> DATA_CALLS = Set.of("Send", "Ssend", "Bsend", "Rsend", "Isend", "Issend", "Ibsend",
            "Irsend", "Recv", "Irecv", "Sendrecv", "Sendrecv_replace", "Bcast", "Reduce", "Allreduce", "Gather", "Gatherv",
            "Scatter", "Scatterv", "Allgather", "Allgatherv", "Alltoall", "Alltoallv", "Scan", "Exscan", "Reduce_scatter",
            "Send_init", "Recv_init", "Bsend_init", "Ssend_init", "Rsend_init", "Pack", "Unpack", "Ibcast", "Ireduce",
            "Iallreduce", "Igather", "Iscatter", "Iallgather", "Ialltoall");
    private static final Set<String> PRIMITIVES = Set.of("int", "long", "short", "byte", "char", "double", "float",
            "boolean", "String", "Integer", "Long", "Double", "Float", "Boolean", "Short", "Byte", "Character");

    /** Relevant names: variables and fields by simple name, method results as {@code "()name"}. */
    final Set<String> names = new HashSet<>();
    /** The families ({@link #family}) whose message contents can steer the program: one of their buffers is relevant. */
    private final Set<String> payloadFamilies = new HashSet<>();

    private final Set<String> sinks = new HashSet<>();
    private final Map<String, Set<String>> flows = new HashMap<>();
    private final Set<String> references = new HashSet<>();
    private final Set<String> primitives = new HashSet<>();
    /** Message buffers by {@link #family}: the names passed as arrays to the family's data calls. */
    private final Map<String, Set<String>> buffers = new HashMap<>();
    /**
     * What a family's messages are made of where a call sends a new array ({@code Send(new int[] {tasks.poll()}, ...)}),
     * by family: relevant when the family's payloads are, but no buffer themselves (no message is received into a new
     * array), so a relevant name there (a task queue the master tests for emptiness) does not make every message of the
     * family relevant.
     */
    private final Map<String, Set<String>> payloadSources = new HashMap<>();
    private final Map<String, List<MethodDeclaration>> methods = new HashMap<>();

    /** The program, asked which of its methods are {@linkplain Program#readOnly read-only}. */
    private Program program;

    static StateRelevance of(Program program) {
        StateRelevance r = new StateRelevance();
        r.program = program;
        for (AbstractTypeDeclaration t : program.types()) r.declarations(t);
        for (AbstractTypeDeclaration t : program.types()) r.walk(t);
        r.close();
        return r;
    }

    boolean relevant(String name) {
        return names.contains(name);
    }

    /**
     * Whether the contents of messages of {@code op}'s family ({@link #family}; a point-to-point message for {@code op}
     * null) can steer the program.
     */
    boolean payloads(dev.rendezvous.core.model.Op op) {
        return payloadFamilies.contains(op == null ? "p2p" : family(op.mpjName()));
    }

    /**
     * The family of an MPJ data call: {@code "p2p"} for sends, receives, {@code Sendrecv} and
     * {@code Pack}/{@code Unpack} (whose buffers travel by point-to-point messages); a collective's own
     * name, its non-blocking form included ({@code Ibcast} is {@code "Bcast"}), for the others.
     */
    static String family(String call) {
        return switch (call) {
            case "Send", "Ssend", "Bsend", "Rsend", "Isend", "Issend", "Ibsend", "Irsend", "Recv", "Irecv", "Sendrecv",
                    "Sendrecv_replace", "Send_init", "Recv_init", "Bsend_init", "Ssend_init", "Rsend_init", "Pack",
                    "Unpack" -> "p2p";
            case "Ibcast", "Ireduce", "Iallreduce", "Igather", "Iscatter", "Iallgather", "Ialltoall" -> call.substring(1, 2)
                    .toUpperCase() + call.substring(2);
            default -> call;
        };
    }

    private void declarations(AbstractTypeDeclaration t) {
        t.accept(new ASTVisitor() {
            @Override
            public boolean visit(MethodDeclaration m) {
                methods.computeIfAbsent(m.getName().getIdentifier(), k -> new java.util.ArrayList<>()).add(m);
                return true;
            }

            @Override
            public boolean visit(SingleVariableDeclaration d) {
                typed(d.getName().getIdentifier(), d.getType(), d.getExtraDimensions() > 0 || d.isVarargs());
                return true;
            }

            @Override
            public boolean visit(VariableDeclarationStatement d) {
                for (Object f : d.fragments()) typed((VariableDeclarationFragment) f, d.getType());
                return true;
            }

            @Override
            public boolean visit(VariableDeclarationExpression d) {
                for (Object f : d.fragments()) typed((VariableDeclarationFragment) f, d.getType());
                return true;
            }

            @Override
            public boolean visit(FieldDeclaration d) {
                for (Object f : d.fragments()) typed((VariableDeclarationFragment) f, d.getType());
                return true;
            }
        });
    }

    private void typed(VariableDeclarationFragment f, Type t) {
        typed(f.getName().getIdentifier(), t, f.getExtraDimensions() > 0);
    }

    private void typed(String name, Type t, boolean extraDims) {
        if (!extraDims && t.isPrimitiveType() || !extraDims && PRIMITIVES.contains(t.toString())) primitives.add(name);
        else references.add(name);
        if (extraDims || t.isArrayType()) arrays.add(name);
        else notArrays.add(name);
        // float[][] density: 2 dimensions of numbers; any other declaration of the name (int[] density, Object
        // density, float density[][] with its brackets after the name) makes the name's element type unknown (-1)
        int dims = !extraDims && t instanceof org.eclipse.jdt.core.dom.ArrayType at && at.getElementType().isPrimitiveType()
                ? at.getDimensions() : -1;
        numberDims.merge(name, dims, (a, b) -> a.equals(b) ? a : -1);
    }

    /** Names declared only as arrays of primitive numbers, with their dimensions; -1 for any other name declared. */
    private final Map<String, Integer> numberDims = new HashMap<>();

    /** An element of an array of numbers as deep as it goes: {@code density[x][y]} of {@code float[][] density} (or {@code this.density}). */
    private boolean primitiveElement(Expression lhs) {
        int depth = 0;
        Expression e = lhs;
        while (e instanceof ArrayAccess a) {
            depth++;
            e = a.getArray();
        }
        String name = e instanceof SimpleName n ? n.getIdentifier()
                : e instanceof FieldAccess f && f.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression ? f.getName().getIdentifier()
                : null;
        return depth > 0 && name != null && numberDims.getOrDefault(name, -1) == depth;
    }

    /** Names declared as arrays somewhere, and names declared as anything else somewhere. */
    private final Set<String> arrays = new HashSet<>(), notArrays = new HashSet<>();

    /**
     * {@code a.length} of a name declared only as an array: a value of the array's shape, which the state keeps
     * anyway (an irrelevant array counts by its length, {@link ValueHashing}), so it does not make the array's
     * contents relevant. {@code Send(buf, 0, buf.length, ...)} would otherwise make every point-to-point message's
     * contents part of the state, and a loop filling {@code buf} before it could not be forgotten.
     */
    private boolean arrayLength(QualifiedName q) {
        return q.getName().getIdentifier().equals("length") && q.getQualifier() instanceof SimpleName s
                && arrays.contains(s.getIdentifier()) && !notArrays.contains(s.getIdentifier());
    }

    /** A name that may hold a reference (declared so somewhere, or not declared in the program at all). */
    private boolean reference(String n) {
        return references.contains(n) || !primitives.contains(n);
    }

    private void walk(AbstractTypeDeclaration t) {
        t.accept(new ASTVisitor() {
            private final ArrayDeque<String> enclosing = new ArrayDeque<>();

            @Override
            public boolean visit(MethodDeclaration m) {
                enclosing.push(m.getName().getIdentifier());
                return true;
            }

            @Override
            public void endVisit(MethodDeclaration m) {
                enclosing.pop();
            }

            @Override
            public boolean visit(IfStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(WhileStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(DoStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(ForStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(ConditionalExpression e) {
                sink(e.getExpression());
                return true;
            }

            @Override
            public boolean visit(SwitchStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(SwitchExpression s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(SwitchCase s) {
                for (Object e : s.expressions()) sink((Expression) e);
                return true;
            }

            @Override
            public boolean visit(AssertStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(ThrowStatement s) {
                sink(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(ArrayAccess a) {
                sink(a.getIndex());
                return true;
            }

            @Override
            public boolean visit(ArrayCreation a) {
                for (Object d : a.dimensions()) sink((Expression) d);
                return true;
            }

            @Override
            public boolean visit(EnhancedForStatement s) {
                sink(s.getExpression()); // how many times the body runs
                link(s.getParameter().getName().getIdentifier(), s.getExpression());
                return true;
            }

            @Override
            public boolean visit(ReturnStatement s) {
                if (s.getExpression() != null && !enclosing.isEmpty()) flow("()" + enclosing.peek(), s.getExpression(), true);
                return true;
            }

            @Override
            public boolean visit(Assignment a) {
                boolean element = primitiveElement(a.getLeftHandSide());
                for (String target : targets(a.getLeftHandSide())) {
                    // a number stored into a number array aliases nothing: its value flows in, nothing flows back
                    if (element) flow(target, a.getRightHandSide(), false);
                    else link(target, a.getRightHandSide());
                }
                return true;
            }

            @Override
            public boolean visit(VariableDeclarationFragment f) {
                if (f.getInitializer() != null) link(f.getName().getIdentifier(), f.getInitializer());
                return true;
            }

            @Override
            public boolean visit(MethodInvocation mi) {
                call(mi.getName().getIdentifier(), mi.getExpression(), mi.arguments());
                // xs.forEach(x -> ...): the lambda's parameter is each element of what it runs over (RankInterpreter.forEach)
                if (mi.getName().getIdentifier().equals("forEach") && mi.getExpression() != null && mi.arguments().size() == 1
                        && mi.arguments().get(0) instanceof org.eclipse.jdt.core.dom.LambdaExpression l) {
                    for (Object p : l.parameters()) {
                        flow(((org.eclipse.jdt.core.dom.VariableDeclaration) p).getName().getIdentifier(), mi.getExpression(), false);
                    }
                }
                return true;
            }

            @Override
            public boolean visit(SuperMethodInvocation mi) {
                call(mi.getName().getIdentifier(), null, mi.arguments());
                return true;
            }

            @Override
            public boolean visit(ClassInstanceCreation c) {
                call(Program.simpleTypeName(c.getType().toString()), null, c.arguments());
                return true;
            }
        });
    }

    private void call(String name, Expression receiver, List<?> args) {
        List<MethodDeclaration> own = methods.get(name);
        if (own != null) {
            for (MethodDeclaration m : own) {
                List<?> ps = m.parameters();
                for (int i = 0; i < ps.size() && i < args.size(); i++) {
                    String p = ((SingleVariableDeclaration) ps.get(i)).getName().getIdentifier();
                    boolean varargs = ((SingleVariableDeclaration) ps.get(i)).isVarargs();
                    for (int j = i; j < (varargs ? args.size() : i + 1); j++) link(p, (Expression) args.get(j));
                }
            }
            if (receiver != null) {
                boolean readOnly = true;
                for (MethodDeclaration m : own) readOnly = readOnly && program != null && program.readOnly(m);
                // which object's method runs. A read-only method (a getter) does nothing but give its value: the
                // receiver matters where that value does, not as a sink of its own (which would make everything the
                // object was built from relevant: the arrays a strip copied in its constructor)
                if (readOnly) names(receiver, flows.computeIfAbsent("()" + name, k -> new HashSet<>()));
                else sinkNames(receiver);
            }
            return;
        }
        if (mpj(name)) {
            // an MPJ call: its peers, tags, counts, offsets, datatypes and communicator steer the program;
            // the arrays a data call moves are message buffers (their contents matter only through payloads)
            if (receiver != null) sink(receiver);
            for (Object o : args) {
                Expression a = (Expression) o;
                Expression bare = a;
                while (bare instanceof ParenthesizedExpression p) bare = p.getExpression();
                // a name declared as an array in one place and a number in another (a worker's int[] t, the master's
                // loop counter t): both a buffer and an argument that steers, so that a relevant one makes its family's
                // messages relevant too (else a rank's state would tell apart messages its receives do not)
                boolean ambiguous = bare instanceof SimpleName n && references.contains(n.getIdentifier())
                        && primitives.contains(n.getIdentifier());
                if (DATA_CALLS.contains(name) && (buffer(a) || ambiguous)) {
                    Set<String> b = new HashSet<>();
                    names(a, b);
                    (bare instanceof ArrayCreation ? payloadSources : buffers).computeIfAbsent(family(name), k -> new HashSet<>()).addAll(b);
                    if (ambiguous) sink(a);
                } else {
                    sink(a);
                }
            }
            return;
        }
        // a library call may store what it is given into its receiver or a reference argument
        Set<String> given = new HashSet<>();
        if (receiver != null) names(receiver, given);
        for (Object a : args) names((Expression) a, given);
        Set<String> targets = new HashSet<>();
        if (receiver != null) targets.addAll(bases(receiver));
        for (Object a : args) for (String b : bases((Expression) a)) if (reference(b)) targets.add(b);
        for (String t : targets) flows.computeIfAbsent(t, k -> new HashSet<>()).addAll(given);
    }

    /** MPJ methods are capitalised ({@code Send}, {@code Rank}, {@code Get_count}); library methods are not. */
    private static boolean mpj(String name) {
        return !name.isEmpty() && Character.isUpperCase(name.charAt(0));
    }

    /** An argument that is an array: a name declared as one, an element of a multi-dimensional one, or a new array. */
    private boolean buffer(Expression a) {
        while (a instanceof ParenthesizedExpression p) a = p.getExpression();
        if (a instanceof ArrayCreation) return true;
        if (a instanceof SimpleName n) return references.contains(n.getIdentifier()) && !primitives.contains(n.getIdentifier());
        if (a instanceof FieldAccess f) return references.contains(f.getName().getIdentifier());
        if (a instanceof QualifiedName q) return references.contains(q.getName().getIdentifier());
        // from[k] of an int[] from is a number (a peer the master stored), rows[i] of a double[][] rows an array
        if (a instanceof ArrayAccess aa) return !primitiveElement(aa) && buffer(aa.getArray());
        return false;
    }

    /** The target of an assignment and, for a reference value, its aliases. */
    private void link(String target, Expression value) {
        flow(target, value, reference(target));
    }

    private void flow(String target, Expression value, boolean aliasing) {
        Set<String> used = new HashSet<>();
        names(value, used);
        flows.computeIfAbsent(target, k -> new HashSet<>()).addAll(used);
        if (aliasing && aliasCapable(value)) {
            for (String b : bases(value)) flows.computeIfAbsent(b, k -> new HashSet<>()).add(target);
        }
    }

    private static boolean aliasCapable(Expression e) {
        while (e instanceof ParenthesizedExpression p) e = p.getExpression();
        if (e instanceof CastExpression c) return aliasCapable(c.getExpression());
        if (e instanceof ConditionalExpression c) return aliasCapable(c.getThenExpression()) || aliasCapable(c.getElseExpression());
        if (e instanceof Assignment a) return aliasCapable(a.getRightHandSide());
        return e instanceof SimpleName || e instanceof QualifiedName || e instanceof FieldAccess || e instanceof ArrayAccess
                || e instanceof MethodInvocation || e instanceof SuperMethodInvocation;
    }

    /** The names an assignment to {@code lhs} writes: the variable, or the array or field written into. */
    private static Set<String> targets(Expression lhs) {
        return bases(lhs);
    }

    /** The variables an expression's value may be (or be part of): {@code a} for {@code a[i][j]}, {@code f} and {@code o} for {@code o.f}. */
    private static Set<String> bases(Expression e) {
        Set<String> out = new HashSet<>();
        bases(e, out);
        return out;
    }

    private static void bases(Expression e, Set<String> out) {
        while (e instanceof ParenthesizedExpression p) e = p.getExpression();
        switch (e) {
            case SimpleName n -> out.add(n.getIdentifier());
            case QualifiedName q -> {
                out.add(q.getName().getIdentifier());
                bases(q.getQualifier(), out);
            }
            case FieldAccess f -> {
                out.add(f.getName().getIdentifier());
                bases(f.getExpression(), out);
            }
            case ArrayAccess a -> bases(a.getArray(), out);
            case CastExpression c -> bases(c.getExpression(), out);
            case ConditionalExpression c -> {
                bases(c.getThenExpression(), out);
                bases(c.getElseExpression(), out);
            }
            case Assignment a -> bases(a.getRightHandSide(), out);
            case MethodInvocation mi -> {
                out.add("()" + mi.getName().getIdentifier());
                if (mi.getExpression() != null) bases(mi.getExpression(), out); // list.get(i) is part of list
            }
            default -> { }
        }
    }

    private void sink(Expression e) {
        if (e != null) names(e, sinks);
    }

    private void sinkNames(Expression e) {
        names(e, sinks);
    }

    /**
     * The names an expression's value depends on: variables, fields, and the results of the program's
     * methods it calls; the buffers of an MPJ data call are left out (a status or request does not
     * depend on the message contents).
     */
    private void names(Expression e, Set<String> out) {
        e.accept(new ASTVisitor() {
            @Override
            public boolean visit(QualifiedName q) {
                return !arrayLength(q);
            }

            @Override
            public boolean visit(FieldAccess f) {
                // density[x].length: the shape again (rows count by their lengths); only the indices are values
                Expression e = f.getExpression();
                if (!f.getName().getIdentifier().equals("length") || !(e instanceof ArrayAccess)) return true;
                List<Expression> indices = new java.util.ArrayList<>();
                while (e instanceof ArrayAccess a) {
                    indices.add(a.getIndex());
                    e = a.getArray();
                }
                if (!(e instanceof SimpleName base) || !arrays.contains(base.getIdentifier()) || notArrays.contains(base.getIdentifier())) {
                    return true;
                }
                for (Expression i : indices) i.accept(this);
                return false;
            }

            @Override
            public boolean visit(SimpleName n) {
                ASTNode p = n.getParent();
                if (p instanceof MethodInvocation mi && mi.getName() == n) return false;
                if (p instanceof Type) return false;
                out.add(n.getIdentifier());
                return false;
            }

            @Override
            public boolean visit(MethodInvocation mi) {
                String name = mi.getName().getIdentifier();
                if (methods.containsKey(name)) out.add("()" + name);
                if (DATA_CALLS.contains(name) && !methods.containsKey(name)) {
                    if (mi.getExpression() != null) mi.getExpression().accept(this);
                    for (Object a : mi.arguments()) if (!buffer((Expression) a)) ((Expression) a).accept(this);
                    return false;
                }
                return true;
            }

            @Override
            public boolean visit(ClassInstanceCreation c) {
                String name = Program.simpleTypeName(c.getType().toString());
                if (methods.containsKey(name)) out.add("()" + name);
                return true;
            }
        });
    }

    /**
     * The closure of the sinks under the flows; a family with a relevant buffer makes all its buffers and its
     * payloads relevant, which may make another family's buffer relevant (an array received, then broadcast).
     */
    private void close() {
        ArrayDeque<String> todo = new ArrayDeque<>(sinks);
        while (true) {
            while (!todo.isEmpty()) {
                String n = todo.poll();
                if (!names.add(n)) continue;
                Set<String> from = flows.get(n);
                if (from != null) todo.addAll(from);
            }
            for (Map.Entry<String, Set<String>> f : buffers.entrySet()) {
                if (payloadFamilies.contains(f.getKey())) continue;
                for (String b : f.getValue()) {
                    if (names.contains(b)) {
                        payloadFamilies.add(f.getKey());
                        todo.addAll(f.getValue());
                        todo.addAll(payloadSources.getOrDefault(f.getKey(), Set.of()));
                        break;
                    }
                }
            }
            if (todo.isEmpty()) break;
        }
    }
}
