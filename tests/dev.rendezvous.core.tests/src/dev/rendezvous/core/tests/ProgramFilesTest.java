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
}
