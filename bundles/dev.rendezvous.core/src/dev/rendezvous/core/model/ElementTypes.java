package dev.rendezvous.core.model;

import java.util.Map;

/**
 * MPJ Express's basic datatypes and the Java element types of the arrays it casts a buffer to for each (an
 * {@code int[]} for MPI.INT, an {@code Object[]} for MPI.OBJECT): one table for the check that a buffer fits its
 * datatype and for the quick fixes that name a buffer's own datatype.
 */
public final class ElementTypes {
    private ElementTypes() {}

    private static final Map<String, String> ELEMENT_OF = Map.ofEntries(Map.entry("INT", "int"), Map.entry("INT2", "int"),
            Map.entry("LONG", "long"), Map.entry("LONG2", "long"), Map.entry("DOUBLE", "double"), Map.entry("DOUBLE2", "double"),
            Map.entry("FLOAT", "float"), Map.entry("FLOAT2", "float"), Map.entry("SHORT", "short"), Map.entry("SHORT2", "short"),
            Map.entry("BYTE", "byte"), Map.entry("CHAR", "char"), Map.entry("BOOLEAN", "boolean"), Map.entry("OBJECT", "Object"));

    private static final Map<String, String> DATATYPE_OF = Map.of("int", "INT", "long", "LONG", "double", "DOUBLE", "float",
            "FLOAT", "short", "SHORT", "byte", "BYTE", "char", "CHAR", "boolean", "BOOLEAN");

    /** The Java element type MPJ Express casts a buffer of {@code datatype} to ("Object" for OBJECT); null if not basic. */
    public static String javaElement(String datatype) {
        return ELEMENT_OF.get(datatype);
    }

    /** The basic datatype of arrays of the primitive {@code element} ("int" gives "INT"); null for any other type. */
    public static String datatypeOf(String element) {
        return DATATYPE_OF.get(element);
    }

    /** Whether {@code datatype} is the basic datatype of one of Java's primitive types (INT, not INT2 or OBJECT). */
    public static boolean isPrimitiveDatatype(String datatype) {
        return DATATYPE_OF.containsValue(datatype);
    }

    /** Whether {@code element} names one of Java's primitive types. */
    public static boolean isPrimitive(String element) {
        return DATATYPE_OF.containsKey(element);
    }
}
