package dev.rendezvous.core.extract;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Null;
import dev.rendezvous.core.extract.Values.Unknown;

/**
 * Evaluates side-effect-free methods of the JDK on the interpreter's concrete values by calling
 * the real method reflectively, instead of one hand-written case per method: {@code Math},
 * {@code StrictMath}, the boxed number classes, {@code Character}, {@code Boolean}, {@code Objects}
 * and {@code String} (static and instance methods). A whitelisted method called with an unknown
 * argument returns an unknown that is rank-uniform when every unknown argument is
 * ({@code Integer.parseInt} of a program argument is the same on every rank).
 *
 * <p>Excluded because they are not functions of their arguments: {@code Math.random} and the
 * system-property readers ({@code Integer.getInteger} and kin, handled as rank-uniform inputs by
 * {@link MpjCalls}). Excluded because they could make the analysis itself slow or large:
 * {@code String.repeat}, and any string argument or result longer than {@value #MAX_STRING}.
 */
final class JdkCalls {
    private JdkCalls() {}

    /** No method of that name and arity: the caller goes on with its own cases. */
    static final Object NOT_HANDLED = new Object();

    /**
     * What a call returns when the JDK method, called on these (known, exact) arguments, throws: the
     * program throws the same exception at that call ({@code Integer.parseInt("x0")} throws
     * {@code NumberFormatException}, which the program may catch). The caller raises it where the call is.
     */
    record Thrown(String type, String message) {
        /** The exception in words, as the JVM's message gives it. */
        String description() {
            return message == null ? type : type + " (" + message + ")";
        }
    }

    private static final int MAX_STRING = 1 << 16;

    private static final Map<String, Class<?>> PURE = Map.ofEntries(Map.entry("Math", Math.class),
            Map.entry("StrictMath", StrictMath.class), Map.entry("Integer", Integer.class), Map.entry("Long", Long.class),
            Map.entry("Double", Double.class), Map.entry("Float", Float.class), Map.entry("Short", Short.class),
            Map.entry("Byte", Byte.class), Map.entry("Character", Character.class), Map.entry("Boolean", Boolean.class),
            Map.entry("Objects", java.util.Objects.class), Map.entry("String", String.class));

    private static final Set<String> EXCLUDED = Set.of("random", "getInteger", "getLong", "getBoolean", "repeat",
            "requireNonNull", "hashCode", "identityHashCode", "wait", "notify", "notifyAll", "getClass", "intern");

    private record Signature(Class<?> owner, String name, int arity, boolean isStatic) {}

    private static final Map<Signature, List<Method>> CACHE = new ConcurrentHashMap<>();

    /** Whether {@code cls} is a class whose static methods are evaluated here. */
    static boolean isPureClass(String cls) {
        return PURE.containsKey(cls);
    }

    /** {@code Cls.name(args)} for a whitelisted class; {@link #NOT_HANDLED} when no such method exists. */
    static Object callStatic(String cls, String name, List<Object> args) {
        Class<?> c = PURE.get(cls);
        if (c == null) return NOT_HANDLED;
        if (c == Math.class || c == StrictMath.class) { // abs, sqrt, max, min: none of them excluded
            Object r = math(name, args);
            if (r != NOT_HANDLED) return r;
        }
        // Integer.hashCode(7), Double.hashCode(x): of the value, not of an object's identity
        boolean valueHash = name.equals("hashCode") && c != java.util.Objects.class && c != String.class;
        if (EXCLUDED.contains(name) && !valueHash) return NOT_HANDLED;
        return call(c, null, name, args, true);
    }

    /**
     * {@code abs}, {@code sqrt}, {@code max} and {@code min} of known numbers without reflection (a
     * numerical kernel calls them for every element), with the overload Java picks for the interpreter's
     * values: two integers give an integer, anything with a double gives a double.
     */
    private static Object math(String name, List<Object> args) {
        int n = args.size();
        return n == 1 || n == 2 ? math(mathFunction(name, n), args.get(0), n == 2 ? args.get(1) : null) : NOT_HANDLED;
    }

    /** The functions {@link #math(int, Object, Object)} computes; {@link #NO_MATH} for any other name or arity. */
    static final int NO_MATH = 0, ABS = 1, SQRT = 2, MAX = 3, MIN = 4;

    /** Which of {@code abs}, {@code sqrt} (one argument), {@code max}, {@code min} (two) a call names; {@link #NO_MATH} else. */
    static int mathFunction(String name, int arity) {
        return arity == 1 && name.equals("abs") ? ABS : arity == 1 && name.equals("sqrt") ? SQRT
                : arity == 2 && name.equals("max") ? MAX : arity == 2 && name.equals("min") ? MIN : NO_MATH;
    }

    /**
     * {@link #math(String, List)} by function ({@link #mathFunction}, which a compiled loop finds once per call site:
     * {@code CompiledLoops}); {@code b} is null for a function of one argument.
     */
    static Object math(int fn, Object a, Object b) {
        switch (fn) {
            case ABS -> {
                if (a instanceof Long l) return Math.abs(l);
                if (a instanceof Double d) return Math.abs(d);
            }
            case SQRT -> {
                if (a instanceof Long || a instanceof Double) return Math.sqrt(((Number) a).doubleValue());
            }
            case MAX, MIN -> {
                boolean max = fn == MAX;
                if (a instanceof Long x && b instanceof Long y) return max ? Math.max(x, y) : Math.min(x, y);
                if ((a instanceof Long || a instanceof Double) && (b instanceof Long || b instanceof Double)) {
                    double x = ((Number) a).doubleValue(), y = ((Number) b).doubleValue();
                    return max ? Math.max(x, y) : Math.min(x, y);
                }
            }
            default -> { }
        }
        return NOT_HANDLED;
    }

    /** {@code s.name(args)} on a string value ({@code hashCode} included: Java specifies a string's, from its characters). */
    static Object callString(String s, String name, List<Object> args) {
        if (EXCLUDED.contains(name) && !name.equals("hashCode")) return NOT_HANDLED;
        return call(String.class, s, name, args, false);
    }

    private static Object call(Class<?> c, Object self, String name, List<Object> args, boolean isStatic) {
        List<Method> candidates = CACHE.computeIfAbsent(new Signature(c, name, args.size(), isStatic),
                k -> methods(c, name, args.size(), isStatic));
        if (candidates.isEmpty()) return NOT_HANDLED;
        boolean unknown = false;
        for (Object a : args) unknown |= Values.isUnknown(a);
        if (unknown) {
            if (args.contains(Unknown.ANY)) return Unknown.ANY;
            // a function of inputs: a symbol when every argument has a text (parseInt(args[0])), else uniform
            return Values.Sym.call((self == null ? c.getSimpleName() : Values.Sym.text(self)) + "." + name, args);
        }
        for (Method m : candidates) {
            Object[] actual = convertAll(m.getParameterTypes(), args);
            if (actual == null) continue;
            try {
                return fromJava(m.invoke(self, actual), m.getReturnType());
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                return new Thrown(cause.getClass().getSimpleName(), cause.getMessage());
            } catch (IllegalAccessException | IllegalArgumentException e) {
                // try the next overload
            }
        }
        return NOT_HANDLED;
    }

    /** Public methods of that name and arity, the overloads for wider types first (long before int, char last). */
    private static List<Method> methods(Class<?> c, String name, int arity, boolean isStatic) {
        List<Method> out = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (!m.getName().equals(name) || m.getParameterCount() != arity || m.isVarArgs() && arity == 0) continue;
            if (Modifier.isStatic(m.getModifiers()) != isStatic) continue;
            if (m.getDeclaringClass() == Object.class) continue;
            out.add(m);
        }
        out.sort(Comparator.comparingInt(JdkCalls::rank));
        return out;
    }

    private static int rank(Method m) {
        int r = 0;
        for (Class<?> p : m.getParameterTypes()) {
            r += p == long.class || p == double.class || p == String.class || p == boolean.class ? 0
                    : p == int.class ? 1 : p == float.class ? 2 : p == CharSequence.class ? 3
                    : p == Object.class ? 4 : p == short.class || p == byte.class ? 5 : p == char.class ? 6 : 9;
        }
        return r;
    }

    private static Object[] convertAll(Class<?>[] types, List<Object> args) {
        Object[] out = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Object v = toJava(args.get(i), types[i]);
            if (v == NOT_HANDLED) return null;
            out[i] = v;
        }
        return out;
    }

    /** The interpreter's value as an argument of Java type {@code t}, or {@link #NOT_HANDLED}. */
    private static Object toJava(Object v, Class<?> t) {
        if (v instanceof String s && s.length() > MAX_STRING) return NOT_HANDLED;
        if (v instanceof Long l) {
            if (t == long.class || t == Long.class) return l;
            if ((t == int.class || t == Integer.class) && l == (int) (long) l) return (int) (long) l;
            if (t == double.class || t == Double.class) return (double) l;
            if (t == float.class || t == Float.class) return (float) l;
            if ((t == short.class || t == Short.class) && l == (short) (long) l) return (short) (long) l;
            if ((t == byte.class || t == Byte.class) && l == (byte) (long) l) return (byte) (long) l;
            if ((t == char.class || t == Character.class) && l >= 0 && l <= Character.MAX_VALUE) return (char) (long) l;
            if (t == Object.class || t == Number.class) return l;
            return NOT_HANDLED;
        }
        if (v instanceof Double d) {
            if (t == double.class || t == Double.class || t == Object.class || t == Number.class) return d;
            if (t == float.class || t == Float.class) return (float) (double) d;
            return NOT_HANDLED;
        }
        if (v instanceof Boolean b) return t == boolean.class || t == Boolean.class || t == Object.class ? b : NOT_HANDLED;
        if (v instanceof String s) {
            return t == String.class || t == CharSequence.class || t == Object.class ? s : NOT_HANDLED;
        }
        if (v == Null.NULL) return t.isPrimitive() ? NOT_HANDLED : null;
        if (v instanceof ArrayVal a && a.elems != null && t.isArray() && t.getComponentType().isPrimitive()) {
            Class<?> ct = t.getComponentType();
            Object arr = Array.newInstance(ct, a.elems.length);
            for (int i = 0; i < a.elems.length; i++) {
                Object e = toJava(a.elems[i], ct);
                if (e == NOT_HANDLED) return NOT_HANDLED;
                Array.set(arr, i, e);
            }
            return arr;
        }
        return NOT_HANDLED;
    }

    /** A Java result as the interpreter's value. */
    static Object fromJava(Object r, Class<?> declared) {
        if (declared == void.class) return null;
        if (r == null) return Null.NULL;
        if (r instanceof Integer || r instanceof Long || r instanceof Short || r instanceof Byte) return ((Number) r).longValue();
        if (r instanceof Character ch) return (long) ch;
        if (r instanceof Double || r instanceof Float) return ((Number) r).doubleValue();
        if (r instanceof Boolean) return r;
        if (r instanceof String s) return s.length() > MAX_STRING ? Unknown.ANY : s;
        if (r.getClass().isArray()) {
            int n = Array.getLength(r);
            Object[] elems = new Object[n];
            for (int i = 0; i < n; i++) elems[i] = fromJava(Array.get(r, i), r.getClass().getComponentType());
            return new ArrayVal(elems);
        }
        return Unknown.ANY;
    }
}
