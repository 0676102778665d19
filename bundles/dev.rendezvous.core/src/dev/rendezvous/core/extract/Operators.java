package dev.rendezvous.core.extract;

import org.eclipse.jdt.core.dom.InfixExpression;

import dev.rendezvous.core.extract.Values.Null;
import dev.rendezvous.core.extract.Values.Sym;
import dev.rendezvous.core.extract.Values.Unknown;

/** Java's operators over the interpreter's values; unknown in, unknown out (uniform stays uniform). */
final class Operators {
    private Operators() {}

    /**
     * Whether a number literal's token is of a floating-point type, {@code double} or {@code float}: a decimal one with
     * a point, an exponent or a {@code d}/{@code f} suffix, a hexadecimal one with a binary exponent ({@code p}).
     * Scanned by hand: a regular expression here was compiled again at every arithmetic operation of a program
     * with floats (a real test suite spent a fifth of its analysis compiling it).
     */
    static boolean floatingLiteral(String token) {
        boolean hex = hexLiteral(token);
        for (int i = hex ? 2 : 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (hex ? c == 'p' || c == 'P' : c == '.' || c == 'e' || c == 'E' || c == 'd' || c == 'D' || c == 'f' || c == 'F') return true;
        }
        return false;
    }

    /** Whether a number literal's token is of type {@code float}: a floating-point one with the {@code f} suffix. */
    static boolean floatLiteral(String token) {
        char last = token.isEmpty() ? ' ' : token.charAt(token.length() - 1);
        return (last == 'f' || last == 'F') && (!hexLiteral(token) || floatingLiteral(token));
    }

    private static boolean hexLiteral(String token) {
        return token.length() > 1 && token.charAt(0) == '0' && (token.charAt(1) == 'x' || token.charAt(1) == 'X');
    }

    /** Parsed literals by token text (values are immutable, so one cache serves every interpreter). */
    private static final java.util.concurrent.ConcurrentHashMap<String, Object> LITERALS = new java.util.concurrent.ConcurrentHashMap<>();

    static Object number(String token) {
        Object v = LITERALS.get(token);
        if (v == null) {
            v = parseNumber(token);
            if (LITERALS.size() < 100_000) LITERALS.put(token, v);
        }
        return v;
    }

    private static Object parseNumber(String token) {
        String t = token.replace("_", "");
        try {
            char last = Character.toLowerCase(t.charAt(t.length() - 1));
            boolean hex = t.startsWith("0x") || t.startsWith("0X");
            if (!hex && (t.contains(".") || t.contains("e") || t.contains("E") || last == 'd' || last == 'f')) {
                // a float literal is the float nearest its digits (0.1f is 0.100000001490116...), held as a double
                return last == 'f' ? (double) Float.parseFloat(t) : Double.parseDouble(t);
            }
            if (last == 'l') t = t.substring(0, t.length() - 1);
            if (hex) return Long.parseUnsignedLong(t.substring(2), 16);
            if (t.startsWith("0b") || t.startsWith("0B")) return Long.parseLong(t.substring(2), 2);
            if (t.length() > 1 && t.startsWith("0")) return Long.parseLong(t.substring(1), 8);
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return Unknown.ANY;
        }
    }

    static Object equal(Object a, Object b) {
        if (a instanceof Sym || b instanceof Sym) return Sym.combine("==", a, b);
        if (a instanceof Unknown || b instanceof Unknown) return Values.join(a, b);
        if (a instanceof Long x && b instanceof Long y) return x.longValue() == y.longValue();
        if (a instanceof Number x && b instanceof Number y) return x.doubleValue() == y.doubleValue();
        if (a instanceof Boolean x && b instanceof Boolean y) return x.booleanValue() == y.booleanValue();
        if (a instanceof String x && b instanceof String y) return x.equals(y);
        if (a == Null.NULL || b == Null.NULL) return a == b;
        if (a == null || b == null) return Unknown.ANY;
        return a == b || a.equals(b);
    }

    static Object logic(boolean and, Object a, Object b) {
        if (a instanceof Boolean x && b instanceof Boolean y) return and ? x && y : x || y;
        if (b instanceof Boolean y && y != and) return y; // x && false, x || true
        if (b instanceof Boolean && a instanceof Sym) return a; // x && true, x || false: one test, not a new one
        if (a instanceof Boolean x && x == and) return b instanceof Boolean || b instanceof Sym ? b : Values.join(b, b);
        if (a instanceof Sym || b instanceof Sym) return Sym.combine(and ? "&&" : "||", a, b);
        return Values.join(a, b);
    }

    static Object unary(String op, Object v) {
        if (v instanceof Unknown) return v;
        if (v instanceof Sym sym) return op.equals("+") ? v : Sym.of(op + sym.expr());
        switch (op) {
            case "!" -> {
                return v instanceof Boolean b ? !b : Unknown.ANY;
            }
            case "-" -> {
                if (v instanceof Long l) return -l;
                if (v instanceof Double d) return -d;
            }
            case "+" -> {
                return v;
            }
            case "~" -> {
                if (v instanceof Long l) return ~l;
            }
            default -> { }
        }
        return Unknown.ANY;
    }

    /**
     * The operator a compound assignment applies ({@code "+"} for {@code +=}), one string per operator: made by cutting
     * the {@code '='} off at every execution, it was a new string whose hash {@link #binary}'s switch computed each time.
     */
    static String compoundBase(org.eclipse.jdt.core.dom.Assignment.Operator op) {
        String base = COMPOUND_BASES.get(op);
        if (base == null) {
            String s = op.toString();
            base = s.substring(0, s.length() - 1);
        }
        return base;
    }

    private static final java.util.Map<org.eclipse.jdt.core.dom.Assignment.Operator, String> COMPOUND_BASES = compoundBases();

    private static java.util.Map<org.eclipse.jdt.core.dom.Assignment.Operator, String> compoundBases() {
        java.util.Map<org.eclipse.jdt.core.dom.Assignment.Operator, String> m = new java.util.IdentityHashMap<>();
        for (org.eclipse.jdt.core.dom.Assignment.Operator op : new org.eclipse.jdt.core.dom.Assignment.Operator[] {
                org.eclipse.jdt.core.dom.Assignment.Operator.PLUS_ASSIGN, org.eclipse.jdt.core.dom.Assignment.Operator.MINUS_ASSIGN,
                org.eclipse.jdt.core.dom.Assignment.Operator.TIMES_ASSIGN, org.eclipse.jdt.core.dom.Assignment.Operator.DIVIDE_ASSIGN,
                org.eclipse.jdt.core.dom.Assignment.Operator.REMAINDER_ASSIGN, org.eclipse.jdt.core.dom.Assignment.Operator.BIT_AND_ASSIGN,
                org.eclipse.jdt.core.dom.Assignment.Operator.BIT_OR_ASSIGN, org.eclipse.jdt.core.dom.Assignment.Operator.BIT_XOR_ASSIGN,
                org.eclipse.jdt.core.dom.Assignment.Operator.LEFT_SHIFT_ASSIGN,
                org.eclipse.jdt.core.dom.Assignment.Operator.RIGHT_SHIFT_SIGNED_ASSIGN,
                org.eclipse.jdt.core.dom.Assignment.Operator.RIGHT_SHIFT_UNSIGNED_ASSIGN}) {
            String s = op.toString();
            m.put(op, s.substring(0, s.length() - 1).intern());
        }
        return m;
    }

    static Object binary(String op, Object a, Object b) {
        // the common case first: two known numbers (same results as the general path below)
        if (a instanceof Long x && b instanceof Long y) {
            long l = x, r = y;
            return op.equals("==") ? (Object) (l == r) : op.equals("!=") ? (Object) (l != r) : longs(op, l, r);
        }
        if (a instanceof Double x && x.isNaN() || b instanceof Double y && y.isNaN()) {
            // a comparison with NaN is false, != true, whatever the other side is (this.dTime == Double.NaN)
            switch (op) {
                case "==", "<", ">", "<=", ">=" -> {
                    return false;
                }
                case "!=" -> {
                    return true;
                }
                default -> { }
            }
        }
        if ((a instanceof Double || a instanceof Long) && (b instanceof Double || b instanceof Long)) {
            double l = ((Number) a).doubleValue(), r = ((Number) b).doubleValue();
            return op.equals("==") ? (Object) (l == r) : op.equals("!=") ? (Object) (l != r) : doubles(op, l, r);
        }
        if ((a instanceof Sym || b instanceof Sym) && !op.equals("==") && !op.equals("!=")) {
            if (op.equals("*") && (isZero(a) || isZero(b))) return 0L;
            return Sym.combine(op, a, b);
        }
        if (op.equals("+") && (a instanceof String || b instanceof String)) {
            if (a instanceof Unknown || b instanceof Unknown) return Values.join(a, b);
            return String.valueOf(a) + b;
        }
        if (op.equals("==")) return equal(a, b);
        if (op.equals("!=")) {
            Object e = equal(a, b);
            return e instanceof Boolean x ? !x : e instanceof Sym ? unary("!", e) : e;
        }
        if (a instanceof Unknown || b instanceof Unknown) {
            if (op.equals("*") && (isZero(a) || isZero(b))) return 0L;
            return Values.join(a, b);
        }
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return switch (op) {
                case "&" -> x & y;
                case "|" -> x | y;
                case "^" -> x ^ y;
                default -> Unknown.ANY;
            };
        }
        if (a instanceof Long x && b instanceof Long y) return longs(op, x, y);
        if (a instanceof Number x && b instanceof Number y) return doubles(op, x.doubleValue(), y.doubleValue());
        return Unknown.ANY;
    }

    /**
     * {@link #binary} for two known numbers and the operators loops and stencils spend their time on, dispatched on
     * the operator object instead of its spelling; null for anything else (the caller then asks {@link #binary}).
     */
    static Object numeric(InfixExpression.Operator op, Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            long l = x, r = y;
            if (op == InfixExpression.Operator.PLUS) return l + r;
            if (op == InfixExpression.Operator.MINUS) return l - r;
            if (op == InfixExpression.Operator.TIMES) return l * r;
            if (op == InfixExpression.Operator.LESS) return l < r;
            if (op == InfixExpression.Operator.GREATER) return l > r;
            if (op == InfixExpression.Operator.LESS_EQUALS) return l <= r;
            if (op == InfixExpression.Operator.GREATER_EQUALS) return l >= r;
            if (op == InfixExpression.Operator.EQUALS) return l == r;
            if (op == InfixExpression.Operator.NOT_EQUALS) return l != r;
            return null;
        }
        if ((a instanceof Double || a instanceof Long) && (b instanceof Double || b instanceof Long)) {
            double l = ((Number) a).doubleValue(), r = ((Number) b).doubleValue();
            if (op == InfixExpression.Operator.PLUS) return l + r;
            if (op == InfixExpression.Operator.MINUS) return l - r;
            if (op == InfixExpression.Operator.TIMES) return l * r;
            if (op == InfixExpression.Operator.DIVIDE) return l / r;
            if (op == InfixExpression.Operator.LESS) return l < r;
            if (op == InfixExpression.Operator.GREATER) return l > r;
            if (op == InfixExpression.Operator.LESS_EQUALS) return l <= r;
            if (op == InfixExpression.Operator.GREATER_EQUALS) return l >= r;
            return null;
        }
        return null;
    }

    private static Object longs(String op, long l, long r) {
        return switch (op) {
            case "+" -> l + r;
            case "-" -> l - r;
            case "*" -> l * r;
            case "/" -> r == 0 ? Unknown.ANY : (Object) (l / r);
            case "%" -> r == 0 ? Unknown.ANY : (Object) (l % r);
            case "<" -> l < r;
            case ">" -> l > r;
            case "<=" -> l <= r;
            case ">=" -> l >= r;
            case "&" -> l & r;
            case "|" -> l | r;
            case "^" -> l ^ r;
            case "<<" -> l << r;
            case ">>" -> l >> r;
            case ">>>" -> l >>> r;
            default -> Unknown.ANY;
        };
    }

    private static Object doubles(String op, double l, double r) {
        return switch (op) {
            case "+" -> l + r;
            case "-" -> l - r;
            case "*" -> l * r;
            case "/" -> l / r;
            case "%" -> l % r;
            case "<" -> l < r;
            case ">" -> l > r;
            case "<=" -> l <= r;
            case ">=" -> l >= r;
            default -> Unknown.ANY;
        };
    }

    private static boolean isZero(Object v) {
        return v instanceof Long l && l == 0;
    }
}
