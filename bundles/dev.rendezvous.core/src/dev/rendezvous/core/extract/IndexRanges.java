package dev.rendezvous.core.extract;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.VariableDeclarationExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

import dev.rendezvous.core.extract.Values.ArrayVal;

/**
 * Whether a loop without communication can index an array out of its bounds, decided before the interpreter skips it.
 * The interpreter forgets at once what such a loop computes when nothing it writes steers the program
 * ({@link RankInterpreter}'s cut of numerical kernels and of loops that steer nothing), and so never sees Java's own
 * index check: a block copy {@code block[i * b + j] = flat[(row * b + i) * n + j]} whose rows run past the matrix at
 * some process count would crash that rank on the real runtime while the analysis followed it on to its next call and
 * reported a deadlock with the ranks that wait for it. Before the cut, the index of every element access in the loop
 * is bounded by interval arithmetic over the counters of the counting loops around it and the numbers known now; an
 * access whose whole range is known and lies partly outside an array whose length is known now means the loop is
 * interpreted instead, so that the index check happens where Java makes it. Anything not bounded (an index read from
 * an array, a variable the loop assigns other than a counter, a guard the intervals do not see) leaves the cut as it
 * was: this check finds the plain block-copy mistakes, it does not prove loops safe.
 */
final class IndexRanges {
    private IndexRanges() {}

    /** Loops deeper than this are not looked into (their counters stay unbounded). */
    private static final int MAX_DEPTH = 16;

    /**
     * Whether some element access in {@code loop} has a known index range that reaches outside an array whose length
     * is known now. {@code value} gives the current value of a variable by name (null when there is none).
     */
    static boolean mayLeaveBounds(Program program, ASTNode loop, Function<String, Object> value) {
        if (!program.accessesElements(loop)) return false; // nothing to check (a loop of arithmetic only)
        Check check = new Check(program, value, loop);
        loop.accept(check);
        return check.found;
    }

    /**
     * Whether {@code loop} has an access {@link #mayLeaveBounds} checks: an array element or a {@code System.arraycopy}.
     * A fact of the text, kept by {@link Program#accessesElements}.
     */
    static boolean accessesElements(ASTNode loop) {
        boolean[] found = {false};
        loop.accept(new ASTVisitor() {
            @Override
            public boolean visit(ArrayAccess aa) {
                found[0] = true;
                return false;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.MethodInvocation mi) {
                if (Program.arraycopy(mi)) found[0] = true;
                return !found[0];
            }

            @Override
            public boolean preVisit2(ASTNode node) {
                return !found[0];
            }
        });
        return found[0];
    }

    /**
     * Names the loop assigns as a whole (not an element of) or declares: their value now is not theirs inside. A fact of
     * the text, kept by {@link Program#reassignedIn} (the check runs each time a rank reaches a loop it may skip).
     */
    static Set<String> reassignedIn(ASTNode loop) {
        Set<String> out = new HashSet<>();
        loop.accept(new ASTVisitor() {
            @Override
            public boolean visit(Assignment a) {
                if (a.getLeftHandSide() instanceof SimpleName s) out.add(s.getIdentifier());
                return true;
            }

            @Override
            public boolean visit(PostfixExpression p) {
                if (p.getOperand() instanceof SimpleName s) out.add(s.getIdentifier());
                return true;
            }

            @Override
            public boolean visit(PrefixExpression p) {
                if ((p.getOperator() == PrefixExpression.Operator.INCREMENT || p.getOperator() == PrefixExpression.Operator.DECREMENT)
                        && p.getOperand() instanceof SimpleName s) {
                    out.add(s.getIdentifier());
                }
                return true;
            }

            @Override
            public boolean visit(VariableDeclarationFragment f) {
                out.add(f.getName().getIdentifier());
                return true;
            }

            @Override
            public boolean visit(SingleVariableDeclaration d) {
                out.add(d.getName().getIdentifier());
                return true;
            }
        });
        return Set.copyOf(out);
    }

    /** A closed range of longs. */
    private record Range(long lo, long hi) {
        static Range of(long v) {
            return new Range(v, v);
        }
    }

    private static final class Check extends ASTVisitor {
        private final Program program;
        private final Function<String, Object> value;
        private final Set<String> reassigned;
        /** Counters of the counting loops entered, innermost last (a name may be shadowed by an inner loop). */
        private final Deque<Map.Entry<String, Range>> counters = new ArrayDeque<>();
        private int depth;
        boolean found;

        Check(Program program, Function<String, Object> value, ASTNode loop) {
            this.program = program;
            this.value = value;
            this.reassigned = program.reassignedIn(loop);
        }

        @Override
        public boolean visit(ForStatement fs) {
            if (found) return false;
            for (Object init : fs.initializers()) ((ASTNode) init).accept(this);
            Map.Entry<String, Range> counter = depth < MAX_DEPTH ? counter(fs) : null;
            if (counter != null) counters.addLast(counter);
            depth++;
            try {
                if (fs.getExpression() != null) fs.getExpression().accept(this);
                for (Object u : fs.updaters()) ((ASTNode) u).accept(this);
                fs.getBody().accept(this);
            } finally {
                depth--;
                if (counter != null) counters.removeLast();
            }
            return false;
        }

        @Override
        public boolean visit(EnhancedForStatement efs) {
            return !found;
        }

        @Override
        public boolean visit(ArrayAccess aa) {
            if (found) return false;
            Range idx = range(aa.getIndex());
            long length = length(aa.getArray());
            if (idx != null && length >= 0 && (idx.lo() < 0 || idx.hi() >= length)) {
                found = true;
                return false;
            }
            return true;
        }

        /**
         * {@code System.arraycopy(src, srcPos, dst, dstPos, n)}: Java checks both ranges before it copies (an
         * {@code ArrayIndexOutOfBoundsException} when {@code srcPos + n} passes {@code src}'s end, or {@code dstPos + n}
         * passes {@code dst}'s, or any of the three is negative). A row copy is a write of its destination
         * ({@code Program.Writes}), so a loop copying rows into a flat buffer is a kernel the interpreter skips; the
         * copy is checked here as an element access is.
         */
        @Override
        public boolean visit(org.eclipse.jdt.core.dom.MethodInvocation mi) {
            if (found) return false;
            if (Program.arraycopy(mi)) {
                Range sp = range((Expression) mi.arguments().get(1)), dp = range((Expression) mi.arguments().get(3));
                Range n = range((Expression) mi.arguments().get(4));
                long srcLength = length((Expression) mi.arguments().get(0)), dstLength = length((Expression) mi.arguments().get(2));
                if (outside(sp, n, srcLength) || outside(dp, n, dstLength)) {
                    found = true;
                    return false;
                }
            }
            return true;
        }

        /** Whether the copy of {@code n} elements from {@code pos} may leave an array of {@code length} (all known). */
        private static boolean outside(Range pos, Range n, long length) {
            if (pos == null || n == null || length < 0) return false;
            return pos.lo() < 0 || n.lo() < 0 || pos.hi() + n.hi() > length;
        }

        /**
         * The counter of {@code for (c = a; c < n; c++)} (also {@code <=}, {@code c += k} with k > 0, and counting down
         * with {@code >}/{@code >=} and {@code c--} or {@code c -= k}) with its range, when the body does not assign it
         * and both ends are bounded; null otherwise.
         */
        private Map.Entry<String, Range> counter(ForStatement fs) {
            if (fs.initializers().size() != 1 || fs.updaters().size() != 1 || !(fs.getExpression() instanceof InfixExpression cond)
                    || cond.hasExtendedOperands() || !(cond.getLeftOperand() instanceof SimpleName c)) {
                return null;
            }
            String name = c.getIdentifier();
            Expression start = start(fs.initializers().get(0), name);
            if (start == null || assignsIn(fs.getBody(), name)) return null;
            int step = step(fs.updaters().get(0), name);
            Range from = range(start);
            Range to = range(cond.getRightOperand());
            if (from == null || to == null || step == 0) return null;
            InfixExpression.Operator op = cond.getOperator();
            try {
                if (step > 0 && op == InfixExpression.Operator.LESS) return Map.entry(name, new Range(from.lo(), Math.subtractExact(to.hi(), 1)));
                if (step > 0 && op == InfixExpression.Operator.LESS_EQUALS) return Map.entry(name, new Range(from.lo(), to.hi()));
                if (step < 0 && op == InfixExpression.Operator.GREATER) return Map.entry(name, new Range(Math.addExact(to.lo(), 1), from.hi()));
                if (step < 0 && op == InfixExpression.Operator.GREATER_EQUALS) return Map.entry(name, new Range(to.lo(), from.hi()));
            } catch (ArithmeticException overflow) {
                return null;
            }
            return null;
        }

        /** The start value of {@code name} in a loop's initializer ({@code int c = a} or {@code c = a}), or null. */
        private static Expression start(Object init, String name) {
            if (init instanceof VariableDeclarationExpression vde && vde.fragments().size() == 1
                    && vde.fragments().get(0) instanceof VariableDeclarationFragment f && f.getName().getIdentifier().equals(name)) {
                return f.getInitializer();
            }
            if (init instanceof Assignment a && a.getOperator() == Assignment.Operator.ASSIGN && a.getLeftHandSide() instanceof SimpleName s
                    && s.getIdentifier().equals(name)) {
                return a.getRightHandSide();
            }
            return null;
        }

        /** +1 or -1 for the direction of a loop's single updater on {@code name}; 0 for any other updater. */
        private int step(Object updater, String name) {
            if (updater instanceof PostfixExpression p && p.getOperand() instanceof SimpleName s && s.getIdentifier().equals(name)) {
                return p.getOperator() == PostfixExpression.Operator.INCREMENT ? 1 : -1;
            }
            if (updater instanceof PrefixExpression p && p.getOperand() instanceof SimpleName s && s.getIdentifier().equals(name)) {
                if (p.getOperator() == PrefixExpression.Operator.INCREMENT) return 1;
                if (p.getOperator() == PrefixExpression.Operator.DECREMENT) return -1;
                return 0;
            }
            if (updater instanceof Assignment a && a.getLeftHandSide() instanceof SimpleName s && s.getIdentifier().equals(name)) {
                Range k = range(a.getRightHandSide());
                if (k == null || k.lo() != k.hi() || k.lo() <= 0) return 0;
                if (a.getOperator() == Assignment.Operator.PLUS_ASSIGN) return 1;
                if (a.getOperator() == Assignment.Operator.MINUS_ASSIGN) return -1;
            }
            return 0;
        }

        private boolean assignsIn(ASTNode body, String name) {
            return program.reassignedIn(body).contains(name);
        }

        /** The range of an integer expression, or null when it is not bounded. */
        private Range range(Expression e) {
            try {
                return rangeOf(e);
            } catch (ArithmeticException overflow) {
                return null;
            }
        }

        private Range rangeOf(Expression e) {
            switch (e) {
                case NumberLiteral n -> {
                    return Operators.number(n.getToken()) instanceof Long v ? Range.of(v) : null;
                }
                case ParenthesizedExpression p -> {
                    return rangeOf(p.getExpression());
                }
                case CastExpression c -> {
                    String t = c.getType().toString();
                    return t.equals("int") || t.equals("long") ? rangeOf(c.getExpression()) : null;
                }
                case SimpleName s -> {
                    String name = s.getIdentifier();
                    for (var it = counters.descendingIterator(); it.hasNext(); ) {
                        Map.Entry<String, Range> c = it.next();
                        if (c.getKey().equals(name)) return c.getValue();
                    }
                    if (reassigned.contains(name)) return null;
                    return value.apply(name) instanceof Long v ? Range.of(v) : null;
                }
                case QualifiedName q when q.getName().getIdentifier().equals("length") -> {
                    long n = length(q.getQualifier());
                    return n >= 0 ? Range.of(n) : null;
                }
                case PrefixExpression p when p.getOperator() == PrefixExpression.Operator.MINUS -> {
                    Range r = rangeOf(p.getOperand());
                    return r == null ? null : new Range(Math.negateExact(r.hi()), Math.negateExact(r.lo()));
                }
                case PrefixExpression p when p.getOperator() == PrefixExpression.Operator.PLUS -> {
                    return rangeOf(p.getOperand());
                }
                case InfixExpression in -> {
                    Range r = rangeOf(in.getLeftOperand());
                    if (r == null) return null;
                    r = apply(in.getOperator(), r, rangeOf(in.getRightOperand()));
                    for (Object x : in.extendedOperands()) {
                        if (r == null) return null;
                        r = apply(in.getOperator(), r, rangeOf((Expression) x));
                    }
                    return r;
                }
                default -> {
                    return null;
                }
            }
        }

        private static Range apply(InfixExpression.Operator op, Range a, Range b) {
            if (b == null) return null;
            if (op == InfixExpression.Operator.PLUS) return new Range(Math.addExact(a.lo(), b.lo()), Math.addExact(a.hi(), b.hi()));
            if (op == InfixExpression.Operator.MINUS) return new Range(Math.subtractExact(a.lo(), b.hi()), Math.subtractExact(a.hi(), b.lo()));
            if (op == InfixExpression.Operator.TIMES) {
                long p1 = Math.multiplyExact(a.lo(), b.lo()), p2 = Math.multiplyExact(a.lo(), b.hi());
                long p3 = Math.multiplyExact(a.hi(), b.lo()), p4 = Math.multiplyExact(a.hi(), b.hi());
                return new Range(Math.min(Math.min(p1, p2), Math.min(p3, p4)), Math.max(Math.max(p1, p2), Math.max(p3, p4)));
            }
            if (b.lo() != b.hi() || b.lo() <= 0) return null; // divisions and remainders by a known positive number only
            long k = b.lo();
            if (op == InfixExpression.Operator.DIVIDE) return new Range(a.lo() / k, a.hi() / k); // truncation is monotone
            if (op == InfixExpression.Operator.REMAINDER) {
                if (a.lo() >= 0 && a.hi() < k) return a;
                return a.lo() >= 0 ? new Range(0, k - 1) : a.hi() <= 0 ? new Range(-(k - 1), 0) : new Range(-(k - 1), k - 1);
            }
            return null;
        }

        /**
         * The length now of the array {@code e} names: a variable the loop does not reassign, or a row of one whose rows
         * all have known lengths (the shortest counts). -1 when not known.
         */
        private long length(Expression e) {
            Object v = array(e);
            return v instanceof ArrayVal a && a.elems != null && !(a instanceof Values.ArgsVal) ? a.elems.length : -1;
        }

        /** The array value {@code e} denotes now, or null; a row stands for all rows when they have one length. */
        private Object array(Expression e) {
            if (e instanceof ParenthesizedExpression p) return array(p.getExpression());
            if (e instanceof SimpleName s) {
                String name = s.getIdentifier();
                for (Map.Entry<String, Range> c : counters) if (c.getKey().equals(name)) return null;
                return reassigned.contains(name) ? null : value.apply(name);
            }
            if (e instanceof ArrayAccess aa && array(aa.getArray()) instanceof ArrayVal outer && outer.elems != null) {
                ArrayVal first = null;
                for (Object row : outer.elems) {
                    if (!(row instanceof ArrayVal r) || r.elems == null) return null;
                    if (first == null) first = r;
                    else if (r.elems.length != first.elems.length) return null;
                }
                return first;
            }
            return null;
        }
    }
}
