package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.Block;
import org.eclipse.jdt.core.dom.BooleanLiteral;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.CharacterLiteral;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.WhileStatement;

import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Cell;
import dev.rendezvous.core.extract.Values.ClassRef;
import dev.rendezvous.core.extract.Values.Unknown;

/**
 * Loops without communication ({@code for}, {@code while} and {@code do} loops the interpreter follows without a
 * message: a numerical kernel, a matrix filled, a buffer copied element by element) run from a tree of small objects made once per loop
 * instead of from the syntax tree. The interpreter's work per element was mostly finding its way: the node's kind, the
 * name's variable through the scopes, the argument list of a {@code Math.max}; here each node already knows its kind,
 * and each name is looked up once per execution of the loop ({@link Loop#slots}).
 *
 * <p>Nothing about the meaning changes: every value is computed by the functions the interpreter uses
 * ({@link Operators}, {@code RankInterpreter.intArithmetic}, {@code cast}, {@code MpjCalls.mathCall}; in a program that
 * declares floats, {@code floatArithmetic} and {@code floatComparison} asked as the interpreter asks them, and every
 * element stored through {@code ArrayVal.asElement}, so float arithmetic and a {@code float[]} round as Java's do),
 * every statement is charged the same interpretation step ({@code RankInterpreter.step}) in the same order, and the
 * loop is driven by the same test of the iteration and step budgets. A compiled expression only reads; where it meets
 * anything it does not handle the same way (an unknown array or index, an index outside the array, a buffer of a
 * pending request, an integer divided by zero, an unknown assigned) it answers {@link #BAIL} before anything was
 * written, and the interpreter runs that statement or test as it always did. A statement the compiler does not know (a
 * call, a declaration, a return, a nested loop) is always left to the interpreter; a nested loop is compiled on its own
 * when the interpreter reaches it. So the runs, and every finding, are the interpreter's own: the tests compare them
 * with the compiled loops switched off ({@link Budgets#compiledLoops}).
 */
final class CompiledLoops {
    private CompiledLoops() {}

    /** What a compiled expression answers where the interpreter must evaluate it instead. */
    static final Object BAIL = new Object();

    /** A loop that could not be compiled usefully (nothing in it would run compiled). */
    static final Loop NONE = new Loop(null, null, null, 0);

    /**
     * The compiled form of a loop: its test (null when the interpreter tests it), its updaters (an entry
     * null where the interpreter evaluates that one), its body (null when the interpreter runs it), and the number of
     * names it looks up ({@link #slots}).
     */
    record Loop(Expr test, Stmt[] updaters, Stmt body, int slotCount) {
        /** One execution's variables: each slot is filled the first time its name is read. */
        Cell[] slots() {
            return new Cell[slotCount];
        }
    }

    /** A pure expression: its value, or {@link #BAIL}. */
    interface Expr {
        Object ev(RankInterpreter in, Cell[] slots);

        /**
         * The value when {@link #ev} would give a {@code Double}, unboxed; otherwise (any other value, {@link #BAIL})
         * it throws {@link NotDouble}. A node that computes doubles from doubles overrides this without boxing; the
         * value is always the one {@code ev} boxes.
         */
        default double evDouble(RankInterpreter in, Cell[] slots) {
            if (ev(in, slots) instanceof Double d) return d;
            throw NotDouble.INSTANCE;
        }
    }

    /**
     * What {@link Expr#evDouble} throws where the value is not a double computed from doubles; the statement then
     * evaluates its expression the boxed way ({@link Expr#ev}) from the start, as nothing has been written yet.
     */
    static final class NotDouble extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final NotDouble INSTANCE = new NotDouble();

        private NotDouble() {
            super(null, null, false, false); // thrown often: no stack trace
        }
    }

    /** A statement, its step included; it falls back to the interpreter by itself. */
    interface Stmt {
        void run(RankInterpreter in, Cell[] slots);
    }

    /** The compiled form of a {@code for}, {@code while} or {@code do} loop, or {@link #NONE}. */
    static Loop compile(Statement loop, Program program) {
        return switch (loop) {
            case ForStatement fs -> compile(fs.getExpression(), fs.updaters(), fs.getBody(), program);
            case WhileStatement ws -> compile(ws.getExpression(), List.of(), ws.getBody(), program);
            case DoStatement ds -> compile(ds.getExpression(), List.of(), ds.getBody(), program);
            default -> NONE;
        };
    }

    private static Loop compile(Expression condition, List<?> ups, Statement bodyStmt, Program program) {
        Compiler c = new Compiler(program);
        Expr test = condition == null ? null : c.expr(condition);
        Stmt[] updaters = new Stmt[ups.size()];
        boolean any = test != null;
        for (int i = 0; i < updaters.length; i++) {
            updaters[i] = c.effect((Expression) ups.get(i), null);
            any |= updaters[i] != null;
        }
        Stmt body = c.stmt(bodyStmt);
        any |= body != null && !(body instanceof Interpreted);
        if (!any) return NONE;
        return new Loop(test, updaters, body instanceof Interpreted ? null : body, c.slotOf.size());
    }

    /** Turns syntax into the nodes below; null for what it does not compile. */
    private static final class Compiler {
        final Program program;
        final Map<String, Integer> slotOf = new HashMap<>();

        Compiler(Program program) {
            this.program = program;
        }

        int slot(String name) {
            return slotOf.computeIfAbsent(name, n -> slotOf.size());
        }

        Stmt stmt(Statement s) {
            if (s instanceof Block b) {
                List<?> list = b.statements();
                for (Object o : list) {
                    // a declaration opens a scope of its own (RankInterpreter.exec): such a block stays interpreted
                    if (o instanceof VariableDeclarationStatement || o instanceof org.eclipse.jdt.core.dom.TypeDeclarationStatement) {
                        return new Interpreted(s);
                    }
                }
                Stmt[] parts = new Stmt[list.size()];
                boolean compiled = false;
                for (int i = 0; i < parts.length; i++) {
                    parts[i] = stmt((Statement) list.get(i));
                    compiled |= !(parts[i] instanceof Interpreted);
                }
                return compiled ? new BlockStmt(b, parts) : new Interpreted(s);
            }
            if (s instanceof ExpressionStatement es) {
                Stmt e = effect(es.getExpression(), es);
                return e != null ? e : new Interpreted(s);
            }
            if (s instanceof IfStatement is) {
                Expr cond = expr(is.getExpression());
                if (cond == null) return new Interpreted(s);
                Stmt then = stmt(is.getThenStatement());
                Stmt otherwise = is.getElseStatement() == null ? null : stmt(is.getElseStatement());
                return new IfStmt(is, cond, then, otherwise);
            }
            return new Interpreted(s);
        }

        /**
         * An expression evaluated for its effect ({@code a[i] += x}, {@code i++}): as a statement ({@code at} its
         * statement, charged a step) or as an updater ({@code at} null).
         */
        Stmt effect(Expression e, ExpressionStatement at) {
            if (e instanceof Assignment a) {
                String op = a.getOperator() == Assignment.Operator.ASSIGN ? null : Operators.compoundBase(a.getOperator());
                if (op != null && (op.equals("<<") || op.equals(">>") || op.equals(">>>"))) return null;
                Expr rhs = expr(a.getRightHandSide());
                if (rhs == null) return null;
                Expression lhs = a.getLeftHandSide();
                while (lhs instanceof ParenthesizedExpression p) lhs = p.getExpression();
                if (lhs instanceof SimpleName n) return new AssignName(at, e, new Name(slot(n.getIdentifier()), n), op, rhs);
                if (lhs instanceof ArrayAccess aa && op == null && aa.getIndex() instanceof PostfixExpression pe
                        && pe.getOperand() instanceof SimpleName counter) {
                    // flat[k++] = v: the counter moves as the interpreter's store moves it, once
                    Expr array = expr(aa.getArray());
                    return array == null ? null : new AssignCounted(at, e, array, new Name(slot(counter.getIdentifier()), counter),
                            pe.getOperator() == PostfixExpression.Operator.INCREMENT ? "+" : "-", rhs);
                }
                if (lhs instanceof ArrayAccess aa) {
                    Expr array = expr(aa.getArray()), index = expr(aa.getIndex());
                    if (array == null || index == null) return null;
                    Expr old = op == null ? null : expr(aa);
                    if (op != null && old == null) return null;
                    return new AssignElement(at, e, array, index, old, op, rhs);
                }
                return null;
            }
            Expression operand = e instanceof PostfixExpression pe ? pe.getOperand()
                    : e instanceof PrefixExpression pe && (pe.getOperator() == PrefixExpression.Operator.INCREMENT
                            || pe.getOperator() == PrefixExpression.Operator.DECREMENT) ? pe.getOperand() : null;
            if (operand instanceof ArrayAccess aa) {
                // count[x]++: read, counted, stored back, as the interpreter's postfix and prefix do
                Expr array = expr(aa.getArray()), index = expr(aa.getIndex());
                boolean up = e instanceof PostfixExpression pe ? pe.getOperator() == PostfixExpression.Operator.INCREMENT
                        : ((PrefixExpression) e).getOperator() == PrefixExpression.Operator.INCREMENT;
                return array == null || index == null ? null : new StepElement(at, e, new Element(array, index), up ? "+" : "-");
            }
            if (e instanceof PostfixExpression pe && pe.getOperand() instanceof SimpleName n) {
                return new Step(at, e, new Name(slot(n.getIdentifier()), n), pe.getOperator() == PostfixExpression.Operator.INCREMENT ? "+" : "-");
            }
            if (e instanceof PrefixExpression pe && pe.getOperand() instanceof SimpleName n
                    && (pe.getOperator() == PrefixExpression.Operator.INCREMENT || pe.getOperator() == PrefixExpression.Operator.DECREMENT)) {
                return new Step(at, e, new Name(slot(n.getIdentifier()), n), pe.getOperator() == PrefixExpression.Operator.INCREMENT ? "+" : "-");
            }
            return null;
        }

        /**
         * {@code a[i]}: an {@link Element}, or where the array is a name and the index a name, a name plus or minus an
         * integer literal, or an integer literal, a {@link NamedElement} that reads them without a call per part.
         */
        Expr element(Expr array, Expr index, Expression indexSyntax) {
            while (indexSyntax instanceof ParenthesizedExpression p) indexSyntax = p.getExpression();
            if (array instanceof Name a) {
                if (index instanceof Name i) return new NamedElement(a, i, 0, new Element(array, index));
                if (indexSyntax instanceof NumberLiteral lit && RankInterpreter.numberValue(lit) instanceof Long k
                        && k >= 0 && k <= Integer.MAX_VALUE) {
                    return new NamedElement(a, null, k, new Element(array, index));
                }
                if (indexSyntax instanceof InfixExpression ie && ie.extendedOperands().isEmpty()
                        && (ie.getOperator() == InfixExpression.Operator.PLUS || ie.getOperator() == InfixExpression.Operator.MINUS)
                        && ie.getLeftOperand() instanceof SimpleName
                        && ie.getRightOperand() instanceof NumberLiteral lit && RankInterpreter.numberValue(lit) instanceof Long k
                        && k >= 0 && k <= Integer.MAX_VALUE && index instanceof Infix in && in.left() instanceof Name i) {
                    return new NamedElement(a, i, ie.getOperator() == InfixExpression.Operator.PLUS ? k : -k, new Element(array, index));
                }
            }
            return new Element(array, index);
        }

        Expr expr(Expression e) {
            switch (e) {
                case NumberLiteral n -> {
                    Object value = RankInterpreter.numberValue(n);
                    return value instanceof Double d ? new DoubleConstant(d, d) : (in, slots) -> value;
                }
                case BooleanLiteral b -> {
                    Boolean value = b.booleanValue();
                    return (in, slots) -> value;
                }
                case CharacterLiteral ch -> {
                    Object value = RankInterpreter.charValue(ch, program);
                    return (in, slots) -> value;
                }
                case SimpleName n -> {
                    return new Name(slot(n.getIdentifier()), n);
                }
                case ParenthesizedExpression p -> {
                    return expr(p.getExpression());
                }
                case QualifiedName q when q.getName().getIdentifier().equals("length") && q.getQualifier() instanceof SimpleName base
                        && !program.spelledPackageQualified(q) -> {
                    return new Length(new Name(slot(base.getIdentifier()), base));
                }
                case InfixExpression in -> {
                    Expr l = expr(in.getLeftOperand()), r = expr(in.getRightOperand());
                    List<?> more = in.extendedOperands();
                    Expr[] extended = new Expr[more.size()];
                    for (int i = 0; i < extended.length; i++) {
                        extended[i] = expr((Expression) more.get(i));
                        if (extended[i] == null) return null;
                    }
                    boolean floats = !program.floatNames().isEmpty();
                    return l == null || r == null ? null
                            : new Infix(in, l, r, extended, in.getOperator().toString(), floats);
                }
                case PrefixExpression pe when pe.getOperator() != PrefixExpression.Operator.INCREMENT
                        && pe.getOperator() != PrefixExpression.Operator.DECREMENT -> {
                    Expr operand = expr(pe.getOperand());
                    return operand == null ? null : (in, slots) -> {
                        Object v = operand.ev(in, slots);
                        return v == BAIL ? BAIL : in.unary(pe, v);
                    };
                }
                case CastExpression ce -> {
                    Expr operand = expr(ce.getExpression());
                    Type t = ce.getType();
                    return operand == null ? null : (in, slots) -> {
                        Object v = operand.ev(in, slots);
                        return v == BAIL ? BAIL : in.cast(v, t);
                    };
                }
                case ArrayAccess aa -> {
                    Expr array = expr(aa.getArray()), index = expr(aa.getIndex());
                    return array == null || index == null ? null : element(array, index, aa.getIndex());
                }
                case ConditionalExpression ce -> {
                    Expr test = expr(ce.getExpression()), a = expr(ce.getThenExpression()), b = expr(ce.getElseExpression());
                    return test == null || a == null || b == null ? null : (in, slots) -> {
                        Object c = test.ev(in, slots);
                        if (!(c instanceof Boolean t)) return BAIL;
                        Object v = (t ? a : b).ev(in, slots);
                        return v == BAIL ? BAIL : in.promoted(ce, t, v); // an int arm beside a double one is a double
                    };
                }
                case MethodInvocation mi when mi.getExpression() instanceof SimpleName cls
                        && (cls.getIdentifier().equals("Math") || cls.getIdentifier().equals("StrictMath"))
                        && program.type(cls.getIdentifier()) == null && mi.typeArguments().isEmpty() -> {
                    List<?> args = mi.arguments();
                    Expr[] compiled = new Expr[args.size()];
                    for (int i = 0; i < compiled.length; i++) {
                        compiled[i] = expr((Expression) args.get(i));
                        if (compiled[i] == null) return null;
                    }
                    return new MathCall(mi, cls.getIdentifier(), mi.getName().getIdentifier(), new Name(slot(cls.getIdentifier()), cls), compiled);
                }
                default -> {
                    return null;
                }
            }
        }
    }

    // ------------------------------------------------------------------ expressions

    /** A name: its variable, found once per execution of the loop ({@code RankInterpreter.resolve}). */
    private record Name(int slot, SimpleName node) implements Expr {
        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            Cell c = cell(in, slots);
            return c == null ? BAIL : c.value;
        }

        @Override
        public double evDouble(RankInterpreter in, Cell[] slots) {
            Cell c = cell(in, slots);
            if (c != null && c.value instanceof Double d) return d;
            throw NotDouble.INSTANCE;
        }

        Cell cell(RankInterpreter in, Cell[] slots) {
            Cell c = slots[slot];
            if (c == null) {
                c = in.resolve(node);
                slots[slot] = c; // stays null when nothing is found: looked up again next time
            }
            return c;
        }
    }

    /** {@code a.length} of an array the analysis holds (main's arguments excepted: the interpreter notes their use). */
    private record Length(Name array) implements Expr {
        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            Object v = array.ev(in, slots);
            return v instanceof ArrayVal a && !(a instanceof Values.ArgsVal) && a.elems != null ? (Object) (long) a.elems.length : BAIL;
        }
    }

    /**
     * {@code v} as an array whose elements a compiled node may read and write: one the analysis holds (not main's
     * arguments, whose length is not that of their elements), not the buffer of a pending request; null for any other.
     */
    private static ArrayVal held(RankInterpreter in, Object v) {
        return v instanceof ArrayVal a && !(a instanceof Values.ArgsVal) && a.elems != null
                && (a.inFlight == 0 || in.mpj.noneInFlight(a)) ? a : null;
    }

    /** {@code idx} as a position inside {@code a}'s elements, or -1 for anything else (unknown, negative, past the end). */
    private static int inside(ArrayVal a, Object idx) {
        return idx instanceof Long i && i >= 0 && i < a.elems.length ? (int) (long) i : -1;
    }

    /** An element of an array the analysis holds, inside it, not the buffer of a pending request. */
    private record Element(Expr array, Expr index) implements Expr {
        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            ArrayVal a = held(in, array.ev(in, slots));
            if (a == null) return BAIL;
            int i = inside(a, index.ev(in, slots));
            return i < 0 ? BAIL : a.elems[i];
        }
    }

    /**
     * {@link Element} of a named array at a named index plus {@code offset} (or at {@code offset} alone when
     * {@code index} is null: {@code a[0]}, {@code u[i - 1]}), read from the two variables directly. The same value
     * as the {@code general} element of the same syntax, which answers where this cannot (the index not a known
     * {@code int}, the array not one a compiled node may read, the position outside it).
     */
    private record NamedElement(Name array, Name index, long offset, Element general) implements Expr {
        /** The element's position in the array's elements, or -1 when the general {@link Element} must decide. */
        private int position(ArrayVal a, RankInterpreter in, Cell[] slots) {
            long k = offset;
            if (index != null) {
                Cell c = index.cell(in, slots);
                if (c == null || !(c.value instanceof Long l) || l != (int) (long) l) return -1;
                k += l;
            }
            return k >= 0 && k < a.elems.length ? (int) k : -1;
        }

        /** The element read from the two variables, or {@link #BAIL} where the general element must decide. */
        private Object direct(RankInterpreter in, Cell[] slots) {
            Cell ac = array.cell(in, slots);
            ArrayVal a = ac == null ? null : held(in, ac.value);
            if (a == null) return BAIL;
            int i = position(a, in, slots);
            return i < 0 ? BAIL : a.elems[i];
        }

        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            Object v = direct(in, slots);
            return v != BAIL ? v : general.ev(in, slots);
        }

        @Override
        public double evDouble(RankInterpreter in, Cell[] slots) {
            if (direct(in, slots) instanceof Double d) return d;
            throw NotDouble.INSTANCE;
        }
    }

    /** A floating-point literal: its box, made once, and its value. */
    private record DoubleConstant(Double boxed, double value) implements Expr {
        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            return boxed;
        }

        @Override
        public double evDouble(RankInterpreter in, Cell[] slots) {
            return value;
        }
    }

    /** The operators {@link Infix} computes on two numbers itself; {@link #OTHER} for the rest. */
    private static final int OTHER = 0, PLUS = 1, MINUS = 2, TIMES = 3, DIVIDE = 4, LESS = 5, GREATER = 6, LESS_EQUALS = 7,
            GREATER_EQUALS = 8, EQUALS = 9, NOT_EQUALS = 10, AND = 11, OR = 12;

    private static int operatorCode(InfixExpression.Operator o) {
        return o == InfixExpression.Operator.PLUS ? PLUS : o == InfixExpression.Operator.MINUS ? MINUS
                : o == InfixExpression.Operator.TIMES ? TIMES : o == InfixExpression.Operator.DIVIDE ? DIVIDE
                : o == InfixExpression.Operator.LESS ? LESS : o == InfixExpression.Operator.GREATER ? GREATER
                : o == InfixExpression.Operator.LESS_EQUALS ? LESS_EQUALS : o == InfixExpression.Operator.GREATER_EQUALS ? GREATER_EQUALS
                : o == InfixExpression.Operator.EQUALS ? EQUALS : o == InfixExpression.Operator.NOT_EQUALS ? NOT_EQUALS
                : o == InfixExpression.Operator.CONDITIONAL_AND ? AND : o == InfixExpression.Operator.CONDITIONAL_OR ? OR : OTHER;
    }

    /**
     * A binary operation (and its extended operands: {@code a + b + c}), as {@code RankInterpreter.infix} computes it.
     * Two doubles, and two integers whose sum, difference or product stays in the {@code int} range (or that are
     * compared), are computed here with Java's own operators on the operator's {@code code} chosen at compile time;
     * everything else goes the general way ({@link Operators#numeric}, {@link Operators#binary}, {@code intArithmetic}),
     * which gives the same values for those (a comparison with NaN false, {@code !=} true, as Java's primitives do).
     */
    private record Infix(InfixExpression node, Expr left, Expr right, Expr[] extended, String op, int code,
            boolean floats) implements Expr {
        Infix(InfixExpression node, Expr left, Expr right, Expr[] extended, String op, boolean floats) {
            this(node, left, right, extended, op, operatorCode(node.getOperator()), floats);
        }

        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            Object l = left.ev(in, slots);
            if (l == BAIL) return BAIL;
            if (code == AND || code == OR) {
                boolean and = code == AND;
                Object acc = l;
                for (int i = -1; i < extended.length; i++) {
                    if (!(acc instanceof Boolean b)) return BAIL; // the interpreter runs the rest as either outcome
                    if (b != and) return b; // short circuit
                    Object r = (i < 0 ? right : extended[i]).ev(in, slots);
                    if (r == BAIL) return BAIL;
                    acc = Operators.logic(and, acc, r);
                }
                return acc;
            }
            Object r = right.ev(in, slots);
            if (r == BAIL) return BAIL;
            if (floats && (l instanceof Double || r instanceof Double)) return withFloats(in, slots, l, r);
            if (extended.length == 0) {
                if (l instanceof Double x && r instanceof Double y) {
                    double a = x, b = y;
                    switch (code) {
                        case PLUS: return a + b;
                        case MINUS: return a - b;
                        case TIMES: return a * b;
                        case DIVIDE: return a / b;
                        case LESS: return a < b;
                        case GREATER: return a > b;
                        case LESS_EQUALS: return a <= b;
                        case GREATER_EQUALS: return a >= b;
                        case EQUALS: return a == b;
                        case NOT_EQUALS: return a != b;
                        default: break;
                    }
                } else if (l instanceof Long x && r instanceof Long y) {
                    long a = x, b = y;
                    switch (code) {
                        case PLUS: {
                            long v = a + b;
                            if (v == (int) v) return v; // else intArithmetic decides whether it wraps
                            break;
                        }
                        case MINUS: {
                            long v = a - b;
                            if (v == (int) v) return v;
                            break;
                        }
                        case TIMES: {
                            if (a == (int) a && b == (int) b) {
                                long v = a * b;
                                if (v == (int) v) return v;
                            }
                            break;
                        }
                        case LESS: return a < b;
                        case GREATER: return a > b;
                        case LESS_EQUALS: return a <= b;
                        case GREATER_EQUALS: return a >= b;
                        case EQUALS: return a == b;
                        case NOT_EQUALS: return a != b;
                        default: break;
                    }
                }
            }
            return general(in, slots, l, r);
        }

        /** Two doubles by Java's own operators, unboxed: what {@link #ev} gives for them, as its first case does. */
        @Override
        public double evDouble(RankInterpreter in, Cell[] slots) {
            if (!floats && extended.length == 0 && code >= PLUS && code <= DIVIDE) {
                double a = left.evDouble(in, slots), b = right.evDouble(in, slots);
                switch (code) {
                    case PLUS: return a + b;
                    case MINUS: return a - b;
                    case TIMES: return a * b;
                    default: return a / b;
                }
            }
            return Expr.super.evDouble(in, slots);
        }

        /**
         * An operation with a floating-point operand in a program that declares floats, as
         * {@code RankInterpreter.infix} computes it: where Java computes it as floats
         * ({@code RankInterpreter.floatArithmetic}, asked of the interpreter where it stands, as it asks), an integer
         * operand becomes a float first and every step's result is rounded to a float's precision; an integer compared
         * with a float becomes a float too ({@code floatComparison}). Text is left to the interpreter (a float's text
         * is not a double's).
         */
        private Object withFloats(RankInterpreter in, Cell[] slots, Object l, Object r) {
            if (l instanceof String || r instanceof String) return BAIL;
            InfixExpression.Operator operator = node.getOperator();
            boolean toFloat = in.floatArithmetic(node);
            if (toFloat || in.floatComparison(node)) {
                if (l instanceof Long) l = Values.Narrow.toFloat(l);
                if (r instanceof Long) r = Values.Narrow.toFloat(r);
            }
            Object acc = Operators.numeric(operator, l, r);
            if (acc == null) acc = Operators.binary(op, l, r);
            toFloat &= acc instanceof Double;
            if (toFloat) acc = Values.Narrow.toFloat(acc);
            // with a floating-point operand the first step is no integer: no integer division by zero follows
            for (Expr e : extended) {
                Object x = e.ev(in, slots);
                if (x == BAIL || x instanceof String) return BAIL;
                if (toFloat && x instanceof Long) x = Values.Narrow.toFloat(x);
                acc = Operators.binary(op, acc, x);
                if (toFloat) acc = Values.Narrow.toFloat(acc);
            }
            return acc;
        }

        /** Everything but the cases above: the interpreter's operators ({@link Operators}, {@code intArithmetic}). */
        private Object general(RankInterpreter in, Cell[] slots, Object l, Object r) {
            InfixExpression.Operator operator = node.getOperator();
            boolean division = code == DIVIDE || operator == InfixExpression.Operator.REMAINDER;
            if (division && r instanceof Long d && d == 0 && l instanceof Long) {
                return BAIL; // perhaps Java's ArithmeticException: the interpreter decides
            }
            Object acc = Operators.numeric(operator, l, r);
            if (acc == null) acc = Operators.binary(op, l, r);
            if (acc instanceof Long v && l instanceof Long a && r instanceof Long b) acc = in.intArithmetic(node, v, a, b);
            if (extended.length == 0) return acc;
            boolean wrap = acc instanceof Long && (code == PLUS || code == MINUS || code == TIMES) && in.intTyped(node);
            for (Expr e : extended) {
                Object x = e.ev(in, slots);
                if (x == BAIL || division && x instanceof Long d && d == 0 && acc instanceof Long) return BAIL;
                acc = Operators.binary(op, acc, x);
                if (wrap && acc instanceof Long v && v != (int) (long) v) acc = (long) (int) (long) v;
            }
            return acc;
        }
    }

    /**
     * {@code Math.f(...)} as the interpreter calls it ({@code MpjCalls.mathCall}); {@code abs}, {@code sqrt}, {@code max}
     * and {@code min} by the function {@code JdkCalls.mathFunction} found once for this call ({@code fn}).
     */
    private record MathCall(MethodInvocation node, String cls, String name, Name receiver, Expr[] args, int fn) implements Expr {
        MathCall(MethodInvocation node, String cls, String name, Name receiver, Expr[] args) {
            this(node, cls, name, receiver, args, JdkCalls.mathFunction(name, args.length));
        }

        @Override
        public Object ev(RankInterpreter in, Cell[] slots) {
            if (!(receiver.ev(in, slots) instanceof ClassRef c) || !c.name().equals(cls)) return BAIL; // a variable named Math
            if (args.length == 1 || args.length == 2) {
                // abs, sqrt, max, min of numbers: what the call below comes to (JdkCalls.callStatic tries these first)
                Object a = args[0].ev(in, slots);
                if (a == BAIL) return BAIL;
                Object b = args.length == 2 ? args[1].ev(in, slots) : null;
                if (b == BAIL) return BAIL;
                Object r = JdkCalls.math(fn, a, b);
                return r != JdkCalls.NOT_HANDLED ? in.intMath(node, name, r) : in.compiledMath(cls, name, args.length == 1 ? java.util.Arrays.asList(a) : java.util.Arrays.asList(a, b), node);
            }
            List<Object> values = new ArrayList<>(args.length);
            for (Expr a : args) {
                Object v = a.ev(in, slots);
                if (v == BAIL) return BAIL;
                values.add(v);
            }
            return in.compiledMath(cls, name, values, node);
        }

        /**
         * {@code abs}, {@code sqrt}, {@code max}, {@code min} of doubles, unboxed: what {@code JdkCalls.math} gives for
         * them. (Of an integer, {@code sqrt} is a double too, but its argument is not one: the boxed way decides.)
         */
        @Override
        public double evDouble(RankInterpreter in, Cell[] slots) {
            if (fn != JdkCalls.NO_MATH && receiver.ev(in, slots) instanceof ClassRef c && c.name().equals(cls)) {
                double a = args[0].evDouble(in, slots);
                return switch (fn) {
                    case JdkCalls.ABS -> Math.abs(a);
                    case JdkCalls.SQRT -> Math.sqrt(a);
                    case JdkCalls.MAX -> Math.max(a, args[1].evDouble(in, slots));
                    default -> Math.min(a, args[1].evDouble(in, slots));
                };
            }
            return Expr.super.evDouble(in, slots);
        }
    }

    // ------------------------------------------------------------------ statements

    /** A statement the interpreter runs (its step included). */
    private record Interpreted(Statement node) implements Stmt {
        @Override
        public void run(RankInterpreter in, Cell[] slots) {
            in.exec(node);
        }
    }

    private record BlockStmt(Block node, Stmt[] parts) implements Stmt {
        @Override
        public void run(RankInterpreter in, Cell[] slots) {
            in.step(node);
            for (Stmt s : parts) s.run(in, slots);
        }
    }

    /** {@code if}: a known test picks the arm here; any other goes to {@code RankInterpreter.execIf}, after the step. */
    private record IfStmt(IfStatement node, Expr test, Stmt then, Stmt otherwise) implements Stmt {
        @Override
        public void run(RankInterpreter in, Cell[] slots) {
            in.step(node);
            Object c = test.ev(in, slots);
            if (!(c instanceof Boolean b)) {
                in.execIf(node);
            } else if (b) {
                then.run(in, slots);
            } else if (otherwise != null) {
                otherwise.run(in, slots);
            }
        }
    }

    /** The common part of the statements below: the step (when a statement), then the effect or the interpreter. */
    private abstract static class Effect implements Stmt {
        final ExpressionStatement statement;
        final Expression expression;

        Effect(ExpressionStatement statement, Expression expression) {
            this.statement = statement;
            this.expression = expression;
        }

        @Override
        public final void run(RankInterpreter in, Cell[] slots) {
            if (statement != null) in.step(statement);
            if (!apply(in, slots)) in.eval(expression);
        }

        /** The effect, or false (nothing done) when the interpreter must evaluate the expression. */
        abstract boolean apply(RankInterpreter in, Cell[] slots);
    }

    /**
     * An assignment that tries the double way first ({@link #applyDouble}: its value computed unboxed) until the first
     * time that way misses ({@link NotDouble}), then always the boxed way ({@link #applyBoxed}). Both give the same effect.
     */
    private abstract static class DoublesFirst extends Effect {
        private boolean doubles;

        DoublesFirst(ExpressionStatement statement, Expression expression, String op) {
            super(statement, expression);
            this.doubles = DOUBLE_OPERATORS.contains(op);
        }

        @Override
        final boolean apply(RankInterpreter in, Cell[] slots) {
            if (doubles) {
                try {
                    return applyDouble(in, slots);
                } catch (NotDouble e) {
                    doubles = false;
                }
            }
            return applyBoxed(in, slots);
        }

        /** The effect with its double computed unboxed, or false as {@link #apply}; throws {@link NotDouble} on a miss. */
        abstract boolean applyDouble(RankInterpreter in, Cell[] slots);

        /** The effect from boxed values, or false as {@link #apply}. */
        abstract boolean applyBoxed(RankInterpreter in, Cell[] slots);
    }

    /** {@code x = e}, {@code x += e}: as {@code RankInterpreter.assign} and {@code store} do to a variable. */
    private static final class AssignName extends DoublesFirst {
        final Name target;
        final String op;
        final Expr rhs;

        AssignName(ExpressionStatement statement, Expression expression, Name target, String op, Expr rhs) {
            super(statement, expression, op);
            this.target = target;
            this.op = op;
            this.rhs = rhs;
        }

        @Override
        boolean applyBoxed(RankInterpreter in, Cell[] slots) {
            Object v = rhs.ev(in, slots);
            if (v == BAIL || op == null && v == Unknown.ANY) return false; // an unknown copied gets a name there
            Cell c = target.cell(in, slots);
            if (c == null) return false;
            if (op != null) v = Operators.binary(op, c.value, v);
            c.set(v);
            return true;
        }

        /** As above for a double assigned, or combined with a double variable, computed unboxed. */
        @Override
        boolean applyDouble(RankInterpreter in, Cell[] slots) {
            double v = rhs.evDouble(in, slots);
            Cell c = target.cell(in, slots);
            if (c == null) return false;
            if (op != null) {
                if (!(c.value instanceof Double d)) throw NotDouble.INSTANCE;
                v = combine(op, d, v);
            }
            c.set(v);
            return true;
        }
    }

    /** The compound assignments {@link #combine} computes on doubles, and (null) plain assignment. */
    private static final java.util.Set<String> DOUBLE_OPERATORS = new java.util.HashSet<>(java.util.Arrays.asList(null, "+", "-", "*", "/"));

    /** {@code a op b} for two doubles, as {@code Operators.binary} computes it for them. */
    private static double combine(String op, double a, double b) {
        return switch (op) {
            case "+" -> a + b;
            case "-" -> a - b;
            case "*" -> a * b;
            default -> a / b;
        };
    }

    /** {@code a[i] = e}, {@code a[i][j] += e}: as {@code RankInterpreter.assign} and {@code store} do to an element. */
    private static final class AssignElement extends DoublesFirst {
        final Expr array;
        final Expr index;
        final Expr old;
        final String op;
        final Expr rhs;

        AssignElement(ExpressionStatement statement, Expression expression, Expr array, Expr index, Expr old, String op, Expr rhs) {
            super(statement, expression, op);
            this.array = array;
            this.index = index;
            this.old = old;
            this.op = op;
            this.rhs = rhs;
        }

        @Override
        boolean applyBoxed(RankInterpreter in, Cell[] slots) {
            Object v = rhs.ev(in, slots);
            if (v == BAIL || op == null && v == Unknown.ANY) return false;
            if (op != null) {
                Object before = old.ev(in, slots);
                if (before == BAIL) return false;
                v = Operators.binary(op, before, v);
            }
            ArrayVal a = held(in, array.ev(in, slots));
            if (a == null) return false;
            int i = inside(a, index.ev(in, slots));
            if (i < 0) return false;
            a.writable().elems[i] = a.asElement(v);
            return true;
        }

        /** As above for a double stored, or combined with a double element, computed unboxed. */
        @Override
        boolean applyDouble(RankInterpreter in, Cell[] slots) {
            double v = rhs.evDouble(in, slots);
            if (op != null) v = combine(op, old.evDouble(in, slots), v);
            ArrayVal a = held(in, array.ev(in, slots));
            if (a == null) return false;
            int i = inside(a, index.ev(in, slots));
            if (i < 0) return false;
            a.writable().elems[i] = a.asElement(v); // as the boxed way stores it: a float[] rounds
            return true;
        }
    }

    /** {@code a[k++] = e}: the value, then the counter moved once, then the element, as {@code RankInterpreter.store} does. */
    private static final class AssignCounted extends Effect {
        final Expr array;
        final Name counter;
        final String op;
        final Expr rhs;

        AssignCounted(ExpressionStatement statement, Expression expression, Expr array, Name counter, String op, Expr rhs) {
            super(statement, expression);
            this.array = array;
            this.counter = counter;
            this.op = op;
            this.rhs = rhs;
        }

        @Override
        boolean apply(RankInterpreter in, Cell[] slots) {
            Object v = rhs.ev(in, slots);
            if (v == BAIL || v == Unknown.ANY) return false;
            ArrayVal a = held(in, array.ev(in, slots));
            if (a == null) return false;
            Cell c = counter.cell(in, slots);
            int i = c == null ? -1 : inside(a, c.value);
            if (i < 0) return false;
            c.set(Operators.binary(op, c.value, 1L));
            a.writable().elems[i] = a.asElement(v);
            return true;
        }
    }

    /** {@code a[i]++}, {@code --a[i]}: the element read, counted and stored back (its array and index evaluated once). */
    private static final class StepElement extends Effect {
        final Element element;
        final String op;

        StepElement(ExpressionStatement statement, Expression expression, Element element, String op) {
            super(statement, expression);
            this.element = element;
            this.op = op;
        }

        @Override
        boolean apply(RankInterpreter in, Cell[] slots) {
            ArrayVal a = held(in, element.array().ev(in, slots));
            if (a == null) return false;
            int i = inside(a, element.index().ev(in, slots));
            if (i < 0) return false;
            Object counted = Operators.binary(op, a.elems[i], 1L);
            a.writable().elems[i] = a.asElement(counted); // as the interpreter's store: a float[] rounds
            return true;
        }
    }

    /** {@code i++}, {@code --i}: as the interpreter counts a variable up or down. */
    private static final class Step extends Effect {
        final Name target;
        final String op;

        final boolean up;

        Step(ExpressionStatement statement, Expression expression, Name target, String op) {
            super(statement, expression);
            this.target = target;
            this.op = op;
            this.up = op.equals("+");
        }

        @Override
        boolean apply(RankInterpreter in, Cell[] slots) {
            Cell c = target.cell(in, slots);
            if (c == null) return false;
            // an integer counted as Operators.binary counts it, without finding the operator by its name
            c.set(c.value instanceof Long x ? (Object) (up ? x + 1 : x - 1) : Operators.binary(op, c.value, 1L));
            return true;
        }
    }
}
