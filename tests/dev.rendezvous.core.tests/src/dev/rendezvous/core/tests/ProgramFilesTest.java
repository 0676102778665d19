package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.extract.ProgramFiles;

/** Which files of a folder belong to a program: classes it really uses, never MPJ's method names or text in literals. */
class ProgramFilesTest {

    private static final String MAIN = """
            import mpi.*;
            public class Main {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int[] v = new int[1];
                    MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 0);
                    MPI.COMM_WORLD . Barrier ();
                    String s = "uses Helper in a string";
                    new Worker().run();
                    MPI.Finalize();
                }
            }
            """;

    @Test
    void aMethodNamedLikeAClassOfTheFolderDoesNotPullItIn() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("/p/Main.java", MAIN);
        files.put("/p/Send.java", "public class Send { }");
        files.put("/p/Barrier.java", "public class Barrier { }");
        files.put("/p/Helper.java", "public class Helper { }");
        files.put("/p/Worker.java", "public class Worker { void run() { } }");
        assertEquals(Set.of("/p/Worker.java"), ProgramFiles.of(files).companionsOf("/p/Main.java").keySet());
    }

    @Test
    void aHugeLiteralOrAStrayQuoteDoesNotOverflowTheScanner() {
        Map<String, String> files = new LinkedHashMap<>();
        String big = "x".repeat(200_000);
        files.put("/p/Main.java", MAIN.replace("uses Helper in a string", big) + "\n// it's \" a stray quote\nclass Tail { char q = '\"'; }\n");
        files.put("/p/Worker.java", "public class Worker { void run() { } }");
        assertEquals(Set.of("/p/Worker.java"), ProgramFiles.of(files).companionsOf("/p/Main.java").keySet());
    }

    @Test
    void theSourcesOfMpjExpressItselfAreNeverFollowed() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("/mpj/test/Main.java", MAIN.replace("new Worker().run();", "new Worker().run(); MPJDev.init(); Buffer b = null;"));
        files.put("/mpj/test/Worker.java", "public class Worker { void run() { } }");
        files.put("/mpj/src/mpjdev/MPJDev.java", "package mpjdev;\npublic class MPJDev { static void init() { throw new RuntimeException(); } }");
        files.put("/mpj/src/mpjbuf/Buffer.java", "package mpjbuf;\npublic class Buffer { }");
        assertEquals(Set.of("/mpj/test/Worker.java"), ProgramFiles.of(files).companionsOf("/mpj/test/Main.java").keySet());
    }

    @Test
    void aClassNamedInAnotherFilesCommentIsStillFoundInTheFileThatDeclaresIt() {
        // JGF MonteCarlo: "defined in class RatePath" in a comment of a file of the same folder that is
        // listed first must not hide RatePath.java, which really declares it
        Map<String, String> files = new LinkedHashMap<>();
        files.put("/p/Main.java", MAIN.replace("new Worker().run();", "new Worker().run(); new RatePath();"));
        files.put("/p/Worker.java", "/** fields defined in class RatePath */\npublic class Worker { void run() { } }");
        files.put("/p/RatePath.java", "public class RatePath { }");
        assertEquals(Set.of("/p/Worker.java", "/p/RatePath.java"), ProgramFiles.of(files).companionsOf("/p/Main.java").keySet());
        assertEquals(java.util.List.of("/p/RatePath.java"), ProgramFiles.of(files).declaring("RatePath"));
    }

    @Test
    void aClassOfAnotherPackageIsUsedOnlyWhenImported() {
        // the MPJ Express test suite has a class Vector in a package of its own; JGF's
        // "import java.util.*; new Vector(10)" means java.util.Vector, not that one
        String user = "package app.mc;\nimport java.util.*;\n%s\npublic class Rates { Object v = new Vector(10); Object h = new Helper(); }";
        Map<String, String> files = new LinkedHashMap<>();
        files.put("/r/app/mc/Rates.java", user.formatted(""));
        files.put("/r/app/mc/Helper.java", "package app.mc;\npublic class Helper { }");
        files.put("/r/other/Vector.java", "package other;\npublic class Vector { }");
        files.put("/r/Free.java", "public class Free { }");
        assertEquals(Set.of("/r/app/mc/Helper.java"), ProgramFiles.of(files).companionsOf("/r/app/mc/Rates.java").keySet());
        for (String imp : new String[] {"import other.Vector;", "import other.*;", "import static other.Vector.*;"}) {
            files.put("/r/app/mc/Rates.java", user.formatted(imp));
            assertEquals(Set.of("/r/app/mc/Helper.java", "/r/other/Vector.java"),
                    ProgramFiles.of(files).companionsOf("/r/app/mc/Rates.java").keySet(), imp);
        }
    }
}
