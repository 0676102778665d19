package dev.rendezvous.core.extract;

import java.util.List;

import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.ArrayType;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParameterizedType;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PrimitiveType;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.TypeDeclaration;

import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Null;
import dev.rendezvous.core.extract.Values.ObjVal;

/**
 * Which of a class's methods (or constructors) of one name and arity a call runs, from the arguments' values and, where
 * the parse shows it, their types: {@code f(int)}, {@code f(long)} and {@code f(double)} for {@code f(1)}, {@code f(1L)}
 * and {@code f(1.0)}; {@code k(String)} or {@code k(int)}; {@code new W("x")} or {@code new W(3)}. The interpreter had
 * taken the first one declared, which ran another body than Java's (JLS 15.12.2 chooses the most specific applicable
 * method). Without type bindings this is a ranking, not the JLS's full procedure: each parameter scores how well the
 * argument fits it (exact, by widening, as a reference, not at all), a method with an argument that cannot fit is out,
 * and of the rest the best total wins; on a tie (unknown arguments fit anything) the call stays with the method the
 * interpreter's dispatch found. Methods with a variable arity are left as they are.
 */
final class Overloads {
    private Overloads() {}

    /** Does not fit: the method is not applicable. */
    private static final int NO = -1;

    /**
     * The one of {@code sameArity} (the overloads of one class, of one name and arity, in the order declared; {@code
     * first} among them) that the call runs with {@code args}, whose expressions are {@code argExprs} (null when the
     * call has no syntax of its own, a method reference run by the analysis).
     */
    static MethodDeclaration choose(MethodDeclaration first, List<MethodDeclaration> sameArity, List<Object> args, List<?> argExprs,
            RankInterpreter in) {
        if (sameArity.size() < 2) return first;
        for (MethodDeclaration m : sameArity) if (m.isVarargs()) return first;
        MethodDeclaration best = first;
        int bestScore = score(first, args, argExprs, in);
        for (MethodDeclaration m : sameArity) {
            if (m == first) continue;
            int score = score(m, args, argExprs, in);
            if (score > bestScore) { // only a better fit moves the call off the one the interpreter found
                best = m;
                bestScore = score;
            }
        }
        return best;
    }

    /** The sum of the parameters' fits, or {@link #NO} when an argument cannot be passed to its parameter. */
    private static int score(MethodDeclaration m, List<Object> args, List<?> argExprs, RankInterpreter in) {
        List<?> params = m.parameters();
        if (params.size() != args.size()) return NO;
        int total = 0;
        for (int i = 0; i < params.size(); i++) {
            SingleVariableDeclaration p = (SingleVariableDeclaration) params.get(i);
            Expression e = argExprs != null && i < argExprs.size() ? (Expression) argExprs.get(i) : null;
            int fit = fit(p.getType(), p.getExtraDimensions(), args.get(i), e, in);
            if (fit == NO) return NO;
            total += fit;
        }
        return total;
    }

    /**
     * How well {@code v} (the value of {@code e}, if known) fits a parameter of type {@code t}: 4 exactly, 3 as a
     * subclass, 2 by widening or as null, 1 when nothing says otherwise (an unknown value, a type the analysis does
     * not follow), {@link #NO} when Java could not pass it.
     */
    private static int fit(Type t, int extraDims, Object v, Expression e, RankInterpreter in) {
        if (Values.isUnknown(v)) return 0;
        if (extraDims > 0 || t instanceof ArrayType) {
            if (v == Null.NULL) return 2;
            if (!(v instanceof ArrayVal a)) return v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof String ? NO : 1;
            String element = elementName(t, extraDims);
            return a.component == null || element == null ? 1 : a.component.equals(element) ? 4 : NO;
        }
        if (t instanceof PrimitiveType pt) return primitiveFit(pt.getPrimitiveTypeCode(), v, e, in);
        String name = t instanceof ParameterizedType pz ? pz.getType().toString() : t.toString();
        name = Program.simpleTypeName(name);
        switch (name) {
            case "String", "CharSequence" -> {
                return v instanceof String ? 4 : v == Null.NULL ? 2 : v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof ArrayVal ? NO : 1;
            }
            case "Integer", "Short", "Byte", "Long", "Character" -> {
                return v instanceof Long ? 3 : v == Null.NULL ? 2 : v instanceof Double || v instanceof Boolean || v instanceof String || v instanceof ArrayVal ? NO : 1;
            }
            case "Double", "Float" -> {
                return v instanceof Double ? 3 : v == Null.NULL ? 2 : v instanceof Long || v instanceof Boolean || v instanceof String || v instanceof ArrayVal ? NO : 1;
            }
            case "Boolean" -> {
                return v instanceof Boolean ? 3 : v == Null.NULL ? 2 : v instanceof Long || v instanceof Double || v instanceof String || v instanceof ArrayVal ? NO : 1;
            }
            case "Number" -> {
                return v instanceof Long || v instanceof Double ? 2 : v instanceof Boolean || v instanceof String || v instanceof ArrayVal ? NO : 1;
            }
            case "Object", "Comparable", "Serializable" -> { // a number, a truth value or a string, boxed, passes as one
                return 1;
            }
            default -> { }
        }
        AbstractTypeDeclaration declared = in.program.type(name);
        if (declared == null) return v instanceof Long || v instanceof Double || v instanceof Boolean ? (isTypeVariable(name) ? 1 : NO) : 1;
        if (v == Null.NULL) return 2;
        if (v instanceof ObjVal o) {
            if (o.type == declared) return 4;
            if (isSubclass(o.type, declared, in.program)) return 3;
            return declared instanceof TypeDeclaration td && td.isInterface() ? 1 : NO;
        }
        return v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof String || v instanceof ArrayVal ? NO : 1;
    }

    /** A single capital letter or a short capitalised name ({@code T}, {@code E}, {@code K}): a generic parameter, which takes a boxed value. */
    private static boolean isTypeVariable(String name) {
        return name.length() <= 2 && Character.isUpperCase(name.charAt(0));
    }

    private static int primitiveFit(PrimitiveType.Code c, Object v, Expression e, RankInterpreter in) {
        boolean integral = c == PrimitiveType.INT || c == PrimitiveType.LONG || c == PrimitiveType.SHORT || c == PrimitiveType.BYTE
                || c == PrimitiveType.CHAR;
        if (c == PrimitiveType.BOOLEAN) return v instanceof Boolean ? 4 : NO;
        if (v instanceof Boolean || v instanceof String || v instanceof ArrayVal || v instanceof ObjVal || v == Null.NULL) return NO;
        if (v instanceof Double) return integral ? NO : c == PrimitiveType.DOUBLE ? 4 : e != null && floatTyped(e) ? 4 : 3;
        if (!(v instanceof Long)) return 1;
        if (c == PrimitiveType.DOUBLE || c == PrimitiveType.FLOAT) return 2;
        boolean isLong = e != null && longTyped(e), isInt = e != null && in.intTyped(e);
        if (c == PrimitiveType.LONG) return isLong ? 4 : 3; // an int widens to a long, which is nearer than a double
        if (isLong) return NO; // a long is not narrowed to an int by a call
        return isInt ? 4 : 1;
    }

    /** Whether {@code e} is certainly a {@code long}: a literal with an L, or a cast to long. */
    private static boolean longTyped(Expression e) {
        while (e instanceof ParenthesizedExpression p) e = p.getExpression();
        if (e instanceof NumberLiteral n) return n.getToken().endsWith("L") || n.getToken().endsWith("l");
        return e instanceof CastExpression ce && ce.getType() instanceof PrimitiveType pt && pt.getPrimitiveTypeCode() == PrimitiveType.LONG;
    }

    /** Whether {@code e} is certainly a {@code float}: a literal with an F, or a cast to float. */
    private static boolean floatTyped(Expression e) {
        while (e instanceof ParenthesizedExpression p) e = p.getExpression();
        if (e instanceof NumberLiteral n) return Operators.floatLiteral(n.getToken());
        return e instanceof CastExpression ce && ce.getType() instanceof PrimitiveType pt && pt.getPrimitiveTypeCode() == PrimitiveType.FLOAT;
    }

    /** The component type's name of an array parameter ({@code int} for {@code int[]}, {@code double[]} for {@code double[][]}), as {@code ArrayVal.component} names it. */
    private static String elementName(Type t, int extraDims) {
        int dims = extraDims + (t instanceof ArrayType at ? at.getDimensions() : 0);
        String element = t instanceof ArrayType at ? at.getElementType().toString() : t.toString();
        return dims < 1 ? null : element + "[]".repeat(dims - 1);
    }

    private static boolean isSubclass(AbstractTypeDeclaration sub, AbstractTypeDeclaration sup, Program program) {
        AbstractTypeDeclaration t = sub;
        for (int guard = 0; t instanceof TypeDeclaration td && td.getSuperclassType() != null && guard < 32; guard++) {
            t = program.type(Program.simpleTypeName(td.getSuperclassType().toString()));
            if (t == sup) return true;
        }
        return false;
    }
}
