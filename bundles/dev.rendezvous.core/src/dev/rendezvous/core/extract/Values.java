package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;

/**
 * The abstract values of the interpreter. Integers of every width are {@link Long}, floating point
 * is {@link Double}; booleans, strings and the MPJ handles are themselves. What the analysis cannot
 * know is {@link Unknown}: {@code ANY} may differ between ranks, {@code UNIFORM} is the same on
 * every rank (results of collectives and what is computed from them and constants).
 */
final class Values {
    private Values() {}

    enum Unknown { ANY, UNIFORM }

    /** Java's null. */
    enum Null { NULL }

    /** A mutable variable, field or array slot holder. */
    static final class Cell {
        Object value;

        Cell(Object value) {
            this.value = value;
        }
    }

    /** An array; {@code elems == null} when its length is unknown. */
    static class ArrayVal {
        Object[] elems;
        final Object fill;

        ArrayVal(int n, Object fill) {
            this.elems = new Object[n];
            this.fill = fill;
            Arrays.fill(elems, fill);
        }

        ArrayVal(Object[] elems) {
            this.elems = elems;
            this.fill = Unknown.ANY;
        }

        static ArrayVal unknownLength() {
            ArrayVal a = new ArrayVal(0, Unknown.ANY);
            a.elems = null;
            return a;
        }

        void forget() {
            if (elems != null) Arrays.fill(elems, Unknown.ANY);
        }
    }

    /** The program's arguments: empty, and the analysis says so the first time the program looks at them. */
    static final class ArgsVal extends ArrayVal {
        ArgsVal() {
            super(0, Null.NULL);
        }
    }

    /** An instance of a class of the analysed file. */
    static final class ObjVal {
        final AbstractTypeDeclaration type;
        final Map<String, Cell> fields = new HashMap<>();

        ObjVal(AbstractTypeDeclaration type) {
            this.type = type;
        }
    }

    /** {@code ArrayList}, {@code LinkedList}, {@code ArrayDeque}... as far as requests and ranks go. */
    static final class ListVal {
        final List<Object> items = new ArrayList<>();
        boolean unknownSize;
    }

    /** A class name used as a receiver ({@code MPI}, {@code Request}, {@code Math}, a class of the file). */
    record ClassRef(String name) {}

    /** An MPJ datatype and its element size in bytes. */
    record Datatype(String name, int size) {}

    /** An MPJ reduction operator (only its identity matters). */
    record ReduceOp(String name) {}

    /** {@code ByteBuffer.allocate(n)}; n &lt; 0 when unknown. */
    record Buffer(long size) {}

    /** A group handle ({@code comm.Group()}); its members are not tracked. */
    record GroupVal(Object origin) {}

    static boolean isUnknown(Object v) {
        return v instanceof Unknown;
    }

    /** Joins unknowns: ANY wins over UNIFORM. */
    static Unknown join(Object a, Object b) {
        return a == Unknown.ANY || b == Unknown.ANY || !(a instanceof Unknown || b instanceof Unknown)
                ? Unknown.ANY : Unknown.UNIFORM;
    }

    static int typeSize(String name) {
        return switch (name) {
            case "BYTE", "BOOLEAN", "PACKED" -> 1;
            case "CHAR", "SHORT" -> 2;
            case "INT", "FLOAT" -> 4;
            case "LONG", "DOUBLE" -> 8;
            default -> 8;
        };
    }

    static String describe(Object v) {
        if (v instanceof Unknown) return "unknown";
        if (v == Null.NULL) return "null";
        return String.valueOf(v);
    }
}
