package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Verdict;

/**
 * Objects and collections as Java runs them, each found by a generated probe that computed a tag the interpreter got
 * wrong (a false unmatched-recv): rank 0 computes the tag from the code of a case, rank 1 receives with the tag this
 * test computes by running the same code here, in the JVM. A value the interpreter gets wrong is a deadlock.
 */
class ObjectsAndCollectionsTest {

    /** The program: {@code members} in the class, {@code body} computing {@code int tag} on rank 0. */
    private static RunReport run(String members, String body, int expected) {
        String src = """
                import mpi.*;
                import java.util.*;
                public class Probe {
                    MEMBERS
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int[] buf = new int[1];
                        if (rank == 0) {
                            BODY
                            MPI.COMM_WORLD.Send(buf, 0, 1, MPI.INT, 1, Math.floorMod(tag, 1000));
                        } else if (rank == 1) {
                            MPI.COMM_WORLD.Recv(buf, 0, 1, MPI.INT, 0, %d);
                        }
                        MPI.Finalize();
                    }
                }
                """.formatted(Math.floorMod(expected, 1000)).replace("MEMBERS", members).replace("BODY", body);
        return Repo.analyze("Probe.java", src, 2);
    }

    private static void assertJavaValue(String members, String body, int expected) {
        RunReport r = run(members, body, expected);
        assertEquals(Verdict.NONE, r.verdict(), "tag should be " + Math.floorMod(expected, 1000) + ": " + r.findings());
        // computed, not assumed to match any tag
        assertEquals(List.of(), r.findings().stream().filter(f -> f.kind().id().equals("analysis-assumption")).toList());
    }

    // ------------------------------------------------------------------ constructors (JLS 8.8.7.1, 12.5)

    static class Pt {
        int x, y;

        Pt() {
            this(3);
            y += 1;
        }

        Pt(int x) {
            this.x = x;
            this.y = x * 2;
        }
    }

    /** {@code this(...)} runs the other constructor first; it had been skipped, leaving x and y at 0. */
    @Test
    void anExplicitThisCallRunsTheOtherConstructor() {
        Pt p = new Pt();
        assertJavaValue("""
                static class Pt { int x, y; Pt() { this(3); y += 1; } Pt(int x) { this.x = x; this.y = x * 2; } }
                """, "Pt p = new Pt(); int tag = p.x * 10 + p.y;", p.x * 10 + p.y);
    }

    static class D1 {
        int seen;

        D1() {
            seen = val();
        }

        int val() {
            return 1;
        }
    }

    static class D2 extends D1 {
        int z = 9;
        int after = seen * 100;

        @Override
        int val() {
            return z + 5;
        }
    }

    /**
     * A subclass's field initializers run after its superclass's constructor: an overridden method the superclass
     * constructor calls sees the subclass's fields at their defaults, and the subclass's initializers see what the
     * superclass constructor did. All initializers had run before any constructor.
     */
    @Test
    void fieldInitializersRunAfterTheSuperclassConstructor() {
        D2 d = new D2();
        assertJavaValue("""
                static class D1 { int seen; D1() { seen = val(); } int val() { return 1; } }
                static class D2 extends D1 { int z = 9; int after = seen * 100; int val() { return z + 5; } }
                """, "D2 d = new D2(); int tag = d.seen + d.after + d.z * 1000;", d.seen + d.after + d.z * 1000);
    }

    // ------------------------------------------------------------------ iterators

    /** {@code Iterator.remove()} takes the element out of the list, and out of the map whose view is iterated. */
    @Test
    void anIteratorRemovesFromItsListAndFromAMapsView() {
        List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6));
        for (Iterator<Integer> it = l.iterator(); it.hasNext();) if (it.next() % 2 == 0) it.remove();
        Map<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < 6; i++) m.put(i, i * i);
        for (Iterator<Integer> it = m.keySet().iterator(); it.hasNext();) if (it.next() > 3) it.remove();
        for (Iterator<Map.Entry<Integer, Integer>> it = m.entrySet().iterator(); it.hasNext();) if (it.next().getValue() == 1) it.remove();
        int expected = l.size() * 100 + l.get(2) * 10 + m.size();
        assertJavaValue("", """
                List<Integer> l = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6));
                for (Iterator<Integer> it = l.iterator(); it.hasNext();) if (it.next() % 2 == 0) it.remove();
                Map<Integer, Integer> m = new HashMap<>();
                for (int i = 0; i < 6; i++) m.put(i, i * i);
                for (Iterator<Integer> it = m.keySet().iterator(); it.hasNext();) if (it.next() > 3) it.remove();
                for (Iterator<Map.Entry<Integer, Integer>> it = m.entrySet().iterator(); it.hasNext();) if (it.next().getValue() == 1) it.remove();
                int tag = l.size() * 100 + l.get(2) * 10 + m.size();
                """, expected);
    }

    // ------------------------------------------------------------------ HashMap's order

    /** The order of keys a program's loop over a HashMap sees, as a number: each key mixed in turn. */
    private static int order(Iterable<Integer> keys) {
        int t = 0;
        for (int k : keys) t = (t * 7 + k) % 100_003;
        return t;
    }

    private static int words(Iterable<String> keys) {
        int t = 0;
        for (String k : keys) t = (t * 7 + k.charAt(0)) % 100_003;
        return t;
    }

    /**
     * A HashMap iterates in the order of its table's buckets, not the order the keys were put: integer keys past a
     * resize of the table, keys that share a bucket, a map made with an initial capacity, a copy of another map, and
     * string keys. (Its order had been the order of insertion, which a master handing out work by {@code keySet()}
     * follows into a different order of sends.)
     */
    @Test
    void aHashMapIteratesInTheOrderOfItsBuckets() {
        Map<Integer, Integer> a = new HashMap<>();
        for (int i = 40; i > 0; i -= 3) a.put(i, i);
        Map<Integer, Integer> b = new HashMap<>(4);
        for (int i = 0; i < 5; i++) b.put(i * 16 + 1, i);
        Map<Integer, Integer> c = new HashMap<>(b);
        c.put(2, 0);
        Map<String, Integer> s = new HashMap<>();
        for (String w : new String[] {"delta", "alpha", "charlie", "bravo", "echo"}) s.put(w, w.length());
        int expected = (order(a.keySet()) + order(b.keySet()) * 3 + order(c.keySet()) * 5 + words(s.keySet()) * 7) % 100_003;
        assertJavaValue("""
                static int order(Iterable<Integer> keys) {
                    int t = 0;
                    for (int k : keys) t = (t * 7 + k) % 100_003;
                    return t;
                }
                static int words(Iterable<String> keys) {
                    int t = 0;
                    for (String k : keys) t = (t * 7 + k.charAt(0)) % 100_003;
                    return t;
                }
                """, """
                Map<Integer, Integer> a = new HashMap<>();
                for (int i = 40; i > 0; i -= 3) a.put(i, i);
                Map<Integer, Integer> b = new HashMap<>(4);
                for (int i = 0; i < 5; i++) b.put(i * 16 + 1, i);
                Map<Integer, Integer> c = new HashMap<>(b);
                c.put(2, 0);
                Map<String, Integer> s = new HashMap<>();
                for (String w : new String[] {"delta", "alpha", "charlie", "bravo", "echo"}) s.put(w, w.length());
                int tag = (order(a.keySet()) + order(b.keySet()) * 3 + order(c.keySet()) * 5 + words(s.keySet()) * 7) % 100_003;
                """, expected);
    }

    // ------------------------------------------------------------------ overloads (JLS 15.12.2)

    static int f(int x) {
        return 1;
    }

    static int f(long x) {
        return 2;
    }

    static int f(double x) {
        return 3;
    }

    static int k(String s) {
        return 1;
    }

    static int k(int x) {
        return 2;
    }

    static class W {
        int kind;

        W(String s) {
            kind = 1;
        }

        W(int x) {
            kind = 2;
        }

        W(int[] a) {
            kind = 3;
        }
    }

    /**
     * Of a class's methods or constructors with one name and arity, the call runs the one its arguments fit: by
     * int, long or double, by string or int, by array. The first declared had run for all of them.
     */
    @Test
    void aCallRunsTheOverloadItsArgumentsFit() {
        int expected = f(1) * 100_000 + f(1L) * 10_000 + f(1.0) * 1000 + k("s") * 100 + k(3) * 10
                + new W("x").kind + new W(3).kind * 3 + new W(new int[1]).kind * 5;
        assertJavaValue("""
                static int f(int x) { return 1; }
                static int f(long x) { return 2; }
                static int f(double x) { return 3; }
                static int k(String s) { return 1; }
                static int k(int x) { return 2; }
                static class W { int kind; W(String s) { kind = 1; } W(int x) { kind = 2; } W(int[] a) { kind = 3; } }
                """, """
                int tag = f(1) * 100_000 + f(1L) * 10_000 + f(1.0) * 1000 + k("s") * 100 + k(3) * 10
                        + new W("x").kind + new W(3).kind * 3 + new W(new int[1]).kind * 5;
                """, expected);
    }

    /** {@code Math.addExact} and {@code multiplyExact} of ints throw where the int overflows (the long overload had run). */
    @Test
    void exactArithmeticOfIntsThrowsOnOverflow() {
        int expected = 0;
        try {
            Math.addExact(Integer.MAX_VALUE, 1);
        } catch (ArithmeticException e) {
            expected += 1;
        }
        try {
            Math.multiplyExact(1 << 20, 1 << 12);
        } catch (ArithmeticException e) {
            expected += 10;
        }
        expected += (int) (Math.addExact(1L << 40, 1L) >> 40) * 100;
        assertJavaValue("", """
                int tag = 0;
                try { Math.addExact(Integer.MAX_VALUE, 1); } catch (ArithmeticException e) { tag += 1; }
                try { Math.multiplyExact(1 << 20, 1 << 12); } catch (ArithmeticException e) { tag += 10; }
                tag += (int) (Math.addExact(1L << 40, 1L) >> 40) * 100;
                """, expected);
    }

    /** Text joined to a char takes its character: {@code "" + 'a'}, {@code s += c}, {@code String.valueOf(c)}; {@code 'a' + 'b'} stays a number. */
    @Test
    void aCharJoinedToTextIsItsCharacter() {
        char c = 'q';
        String z = "n";
        z += c;
        int expected = ("" + 'a' + 'b').hashCode() % 300 + ("x" + c).hashCode() % 200 + (c + "y").hashCode() % 100 + z.hashCode() % 50
                + String.valueOf(c).hashCode() % 40 + ('a' + 'b') * 1000;
        assertJavaValue("", """
                char c = 'q';
                String z = "n";
                z += c;
                int tag = ("" + 'a' + 'b').hashCode() % 300 + ("x" + c).hashCode() % 200 + (c + "y").hashCode() % 100 + z.hashCode() % 50
                        + String.valueOf(c).hashCode() % 40 + ('a' + 'b') * 1000;
                """, expected);
    }

    /**
     * {@code putAll} copies the other map's entries (it had been ignored), {@code remove(key, value)} removes only
     * while the key holds that value, and a deque's {@code pollLast}, {@code removeLast}, a list's {@code lastIndexOf}
     * and {@code remove(Object)}'s answer are known.
     */
    @Test
    void mapAndDequeOperationsBeyondPutAndGet() {
        Map<Integer, Integer> a = new HashMap<>();
        for (int i = 0; i < 8; i++) a.put(i * 33, i);
        Map<Integer, Integer> b = new HashMap<>();
        b.put(5, 5);
        b.putAll(a);
        boolean kept = b.remove(33, 7), gone = b.remove(66, 2);
        java.util.ArrayDeque<Integer> d = new java.util.ArrayDeque<>(List.of(4, 5, 6, 7));
        List<String> l = new ArrayList<>(List.of("a", "b", "a"));
        int expected = order(b.keySet()) + (kept ? 1 : 0) * 7 + (gone ? 1 : 0) * 11 + d.pollLast() * 13 + d.removeLast() * 17
                + l.lastIndexOf("a") * 19 + (l.remove("b") ? 23 : 0) + (l.remove("z") ? 29 : 0);
        assertJavaValue("""
                static int order(Iterable<Integer> keys) {
                    int t = 0;
                    for (int k : keys) t = (t * 7 + k) % 100_003;
                    return t;
                }
                """, """
                Map<Integer, Integer> a = new HashMap<>();
                for (int i = 0; i < 8; i++) a.put(i * 33, i);
                Map<Integer, Integer> b = new HashMap<>();
                b.put(5, 5);
                b.putAll(a);
                boolean kept = b.remove(33, 7), gone = b.remove(66, 2);
                ArrayDeque<Integer> d = new ArrayDeque<>(List.of(4, 5, 6, 7));
                List<String> l = new ArrayList<>(List.of("a", "b", "a"));
                int tag = order(b.keySet()) + (kept ? 1 : 0) * 7 + (gone ? 1 : 0) * 11 + d.pollLast() * 13 + d.removeLast() * 17
                        + l.lastIndexOf("a") * 19 + (l.remove("b") ? 23 : 0) + (l.remove("z") ? 29 : 0);
                """, expected);
    }

    // ------------------------------------------------------------------ objects as text, equality, type tests

    static class Pt2 {
        int x, y;

        Pt2(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pt2 p && p.x == x && p.y == y;
        }

        @Override
        public int hashCode() {
            return x * 31 + y;
        }

        @Override
        public String toString() {
            return "Pt[" + x + "," + y + "]";
        }
    }

    interface Shape {}

    static class Sq implements Shape {}

    static class Big extends Sq {}

    /**
     * An object joined to text is its class's {@code toString()} (it had become the analysis's own text for the object)
     * and null is "null"; {@code contains}, {@code indexOf} and {@code remove} of a list ask the class's
     * {@code equals}; {@code instanceof} and its pattern form test the class and bind the variable (it had been
     * unknown, so the tag was assumed to match).
     */
    @Test
    void objectsAsTextByEqualsAndByTheirClass() {
        Pt2 a = new Pt2(1, 2);
        String s = "p=" + a + null;
        List<Pt2> l = new ArrayList<>(List.of(new Pt2(3, 4), new Pt2(1, 2)));
        Object o = new Big();
        Object q = "text";
        int expected = s.length() * 1000 + (l.contains(new Pt2(1, 2)) ? 100 : 0) + l.indexOf(a) * 10 + (l.remove(new Pt2(3, 4)) ? 1 : 0)
                + l.size() * 7 + (o instanceof Shape ? 11 : 0) + (o instanceof Sq sq && sq != null ? 13 : 0) + (q instanceof Shape ? 17 : 0)
                + (q instanceof String str ? str.length() * 19 : 0);
        assertJavaValue("""
                static class Pt2 {
                    int x, y;
                    Pt2(int x, int y) { this.x = x; this.y = y; }
                    public boolean equals(Object o) { return o instanceof Pt2 p && p.x == x && p.y == y; }
                    public int hashCode() { return x * 31 + y; }
                    public String toString() { return "Pt[" + x + "," + y + "]"; }
                }
                interface Shape {}
                static class Sq implements Shape {}
                static class Big extends Sq {}
                """, """
                Pt2 a = new Pt2(1, 2);
                String s = "p=" + a + null;
                List<Pt2> l = new ArrayList<>(List.of(new Pt2(3, 4), new Pt2(1, 2)));
                Object o = new Big();
                Object q = "text";
                int tag = s.length() * 1000 + (l.contains(new Pt2(1, 2)) ? 100 : 0) + l.indexOf(a) * 10 + (l.remove(new Pt2(3, 4)) ? 1 : 0)
                        + l.size() * 7 + (o instanceof Shape ? 11 : 0) + (o instanceof Sq sq && sq != null ? 13 : 0) + (q instanceof Shape ? 17 : 0)
                        + (q instanceof String str ? str.length() * 19 : 0);
                """, expected);
    }

    /** {@code Arrays.fill(a, from, to, v)} fills that range (the array had been left as it was). */
    @Test
    void aRangeOfAnArrayIsFilled() {
        int[] a = new int[6];
        java.util.Arrays.fill(a, 1, 4, 7);
        assertJavaValue("", """
                int[] a = new int[6];
                Arrays.fill(a, 1, 4, 7);
                int tag = a[0] * 1000 + a[1] * 100 + a[3] * 10 + a[4];
                """, a[0] * 1000 + a[1] * 100 + a[3] * 10 + a[4]);
    }

    // ------------------------------------------------------------------ int overflow

    /** {@code Integer.MIN_VALUE / -1} and {@code -Integer.MIN_VALUE} overflow back to MIN_VALUE for an int. */
    @Test
    void theIntMinimumNegatedIsItself() {
        int m = Integer.MIN_VALUE;
        int expected = (m / -1 == m ? 1 : 2) + (-m == m ? 10 : 20);
        int loop = 0;
        for (int i = 0; i < 3; i++) if (-(m + i) < 0) loop++;
        assertJavaValue("", """
                int m = Integer.MIN_VALUE;
                int tag = (m / -1 == m ? 1 : 2) + (-m == m ? 10 : 20);
                int loop = 0;
                for (int i = 0; i < 3; i++) if (-(m + i) < 0) loop++;
                tag += loop * 100;
                """, expected + loop * 100);
    }
}
