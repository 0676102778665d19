package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rendezvous.cli.Main;
import dev.rendezvous.core.report.JsonParser;

/** The command line: exit codes, one-line errors, the JSON contract of ARCHITECTURE.md. */
class CliTest {
    record Result(int code, String out, String err) {}

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyFindingKindIsExplainedAndTheCliPrintsIt() {
        for (dev.rendezvous.core.model.FindingKind k : dev.rendezvous.core.model.FindingKind.values()) {
            assertTrue(dev.rendezvous.core.model.Explanations.has(k), "explanations.txt has no section for " + k.id());
            var x = dev.rendezvous.core.model.Explanations.of(k);
            for (String part : List.of(x.summary(), x.meaning(), x.fix(), x.source())) {
                assertTrue(!part.isBlank(), k.id() + " lacks a part: " + x);
            }
            Result r = run("--explain", k.id());
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith(k.id() + ": " + x.summary()), r.out());
            assertTrue(r.out().contains("How to fix it: " + x.fix()), r.out());
        }
        var cycle = dev.rendezvous.core.model.Explanations.of(dev.rendezvous.core.model.FindingKind.SEND_CYCLE);
        assertTrue(cycle.example().contains("comm.Send(") && cycle.example().contains("\n"), "multi-line example: " + cycle.example());
        Result list = run("--explain");
        assertEquals(0, list.code());
        assertEquals(dev.rendezvous.core.model.FindingKind.values().length + 2, list.out().split("\n").length, list.out());
        Result bad = run("--explain", "no-such-kind");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("unknown finding kind 'no-such-kind'"), bad.err());
    }

    @SuppressWarnings("unchecked")
    @Test
    void headToHeadJsonFollowsTheContract() {
        Result r = run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2", "--format", "json");
        assertEquals(1, r.code(), r.err());
        Map<String, Object> doc = (Map<String, Object>) JsonParser.parse(r.out());
        assertEquals("rendezvous", doc.get("tool"));
        List<Object> runs = (List<Object>) doc.get("runs");
        assertEquals(1, runs.size());
        Map<String, Object> run = (Map<String, Object>) runs.get(0);
        assertEquals(2L, run.get("np"));
        assertEquals("deadlock_zero_buffer", run.get("verdict"));
        List<Map<String, Object>> cycles = ((List<Object>) run.get("findings")).stream().map(o -> (Map<String, Object>) o)
                .filter(f -> f.get("kind").equals("send-cycle")).toList();
        assertEquals(1, cycles.size());
        Map<String, Object> f = cycles.get(0);
        assertEquals("error", f.get("severity"));
        assertEquals("deadlock_zero_buffer", f.get("verdict"));
        assertEquals(18L, f.get("line"));
        assertEquals(List.of(0L, 1L), f.get("ranks"));
        List<Map<String, Object>> related = ((List<Object>) f.get("related")).stream().map(o -> (Map<String, Object>) o).toList();
        assertTrue(related.stream().anyMatch(x -> x.get("line").equals(21L) && x.get("rank").equals(1L)), r.out());
        assertTrue(related.stream().allMatch(x -> x.containsKey("file")));
    }

    @SuppressWarnings("unchecked")
    @Test
    void sarifAndDotOutputs() {
        Result sarif = run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2", "--format", "sarif");
        assertEquals(1, sarif.code());
        Map<String, Object> doc = (Map<String, Object>) JsonParser.parse(sarif.out());
        assertEquals("2.1.0", doc.get("version"));
        Map<String, Object> run0 = (Map<String, Object>) ((List<Object>) doc.get("runs")).get(0);
        List<Map<String, Object>> results = ((List<Object>) run0.get("results")).stream().map(o -> (Map<String, Object>) o).toList();
        Map<String, Object> cycle = results.stream().filter(x -> x.get("ruleId").equals("send-cycle")).findFirst().orElseThrow();
        assertEquals("error", cycle.get("level"));
        assertTrue(sarif.out().contains("\"startLine\":18"), sarif.out());
        assertTrue(sarif.out().contains("\"help\":{\"text\":\"send-cycle: Ranks send to each other"), "the rule carries --explain's text");
        // the quick fixes, as SARIF fixes: the first is the JSON's first, each edit a replaced region of the file
        Result json = run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2", "--format", "json");
        Map<String, Object> jrun = (Map<String, Object>) ((List<Object>) ((Map<String, Object>) JsonParser.parse(json.out())).get("runs")).get(0);
        Map<String, Object> jcycle = ((List<Object>) jrun.get("findings")).stream().map(o -> (Map<String, Object>) o)
                .filter(x -> x.get("kind").equals("send-cycle")).findFirst().orElseThrow();
        Map<String, Object> jfix = (Map<String, Object>) ((List<Object>) jcycle.get("fixes")).get(0);
        List<Object> fixes = (List<Object>) cycle.get("fixes");
        assertEquals(((List<Object>) jcycle.get("fixes")).size(), fixes.size());
        Map<String, Object> fix = (Map<String, Object>) fixes.get(0);
        assertEquals(jfix.get("label"), ((Map<String, Object>) fix.get("description")).get("text"));
        Map<String, Object> change = (Map<String, Object>) ((List<Object>) fix.get("artifactChanges")).get(0);
        assertTrue(((String) ((Map<String, Object>) change.get("artifactLocation")).get("uri")).endsWith("HeadToHead.java"), change.toString());
        Map<String, Object> edit = (Map<String, Object>) ((List<Object>) jfix.get("edits")).get(0);
        Map<String, Object> replacement = (Map<String, Object>) ((List<Object>) change.get("replacements")).get(0);
        assertEquals(((Number) edit.get("offset")).intValue(), ((Number) ((Map<String, Object>) replacement.get("deletedRegion")).get("charOffset")).intValue());
        assertEquals(edit.get("text"), ((Map<String, Object>) replacement.get("insertedContent")).get("text"));
        Result dot = run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2", "--format", "dot");
        assertTrue(dot.out().startsWith("digraph rendezvous {"), dot.out());
        assertTrue(dot.out().contains("r0_0 -> r1_1 [color=blue]"), "rank 0's Send goes to rank 1's Recv: " + dot.out());
        assertTrue(dot.out().contains("color=red"), "the cycle is red");
    }

    @Test
    void promelaFormatWritesOneModelOrSaysWhyNot() {
        Result m = run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2", "--format", "promela");
        assertEquals(0, m.code(), m.err());
        assertTrue(m.out().startsWith("/* HeadToHead.java at np=2, zero buffering"), m.out());
        assertTrue(m.out().contains("active proctype rank1()") && !m.out().contains("rank2()"), "one proctype per rank");
        assertTrue(m.out().contains("a deadlock was found"), "the exploration's verdict is in the header");
        assertEquals(2, run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2,3", "--format", "promela").code());
        Result nb = run("check", Repo.examples().resolve("FilterDiamond.java").toString(), "--np", "3", "--format", "promela");
        assertEquals(2, nb.code());
        assertTrue(nb.err().contains("no Promela model: Isend at line"), nb.err());
    }

    @Test
    void svgDrawsLanesArcsAndTheRedCycle() {
        Result svg = run("check", Repo.examples().resolve("HeadToHead.java").toString(), "--np", "2", "--format", "svg");
        assertEquals(1, svg.code());
        assertTrue(svg.out().startsWith("<svg"), svg.out());
        assertTrue(svg.out().contains(">rank 1<"), "a lane per rank");
        assertEquals(2, svg.out().split("marker-end", -1).length - 1, "one arrow per message");
        assertEquals(2, svg.out().split("fill=\"#dc2828\" stroke", -1).length - 1, "both Sends of the cycle are red");
        assertEquals(2, run("check", Repo.examples().toString(), "--np", "2", "--format", "svg").code(), "one file and np only");
    }

    @Test
    void simulateRunsTheChannelModel() {
        Result r = run("simulate", Repo.corpus().resolve("programs/FilterDiamondPlain.java").toString(), "--np", "4",
                "--capacity", "0->1=2,0->2=1,1->3=3,2->3=2");
        assertEquals(1, r.code(), "deadlocks without dummies: " + r.out());
        assertTrue(r.out().contains("Algorithm 4 intervals {0->2=5, 0->1=3}") || r.out().contains("Algorithm 4 intervals {0->1=3, 0->2=5}"), r.out());
        assertTrue(r.out().lines().filter(l -> l.contains("Algorithm 4") || l.contains("Algorithm 6"))
                .allMatch(l -> l.contains("deadlocked 0/")), r.out());
    }

    @Test
    void cleanProgramExitsZero() {
        Result r = run("check", Repo.examples().resolve("HeadToHeadSendrecv.java").toString(), "--np", "2", "--format", "json");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\"verdict\":\"ok\""), r.out());
    }

    @Test
    void missingFileIsUsageErrorWithOneLine() {
        Result r = run("check", "no/such/File.java", "--np", "2");
        assertEquals(2, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("no/such/File.java"));
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertEquals(2, run().code());
        assertEquals(2, run("check").code());
        assertEquals(2, run("check", Repo.examples().toString(), "--np", "0").code());
        assertEquals(2, run("check", Repo.examples().toString(), "--np", "100000").code());
        assertEquals(2, run("check", Repo.examples().toString(), "--np", "x").code());
        assertEquals(2, run("check", Repo.examples().toString(), "--format", "xml").code());
        assertEquals(2, run("frobnicate").code());
    }

    @Test
    void sweepReportsEachProcessCount() {
        Result r = run("check", Repo.examples().resolve("Ring.java").toString(), "--np", "2..5", "--format", "json");
        assertEquals(0, r.code());
        for (int np = 2; np <= 5; np++) assertTrue(r.out().contains("\"np\":" + np), r.out());
    }

    @Test
    void traceDumpShowsMatching() {
        Result r = run("trace", Repo.examples().resolve("Ring.java").toString(), "--np", "3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("rank 0 (3 events)"), r.out());
        assertTrue(r.out().contains("Send(to 1, tag 1)  -> r1#0"), r.out());
    }

    @SuppressWarnings("unchecked")
    @Test
    void suppressedFindingsLeaveTheExitCodeAndAreListedInJsonAndSarif() {
        String file = Repo.fixtures().resolve("SuppressedHeadToHead.java").toString();
        Result json = run("check", file, "--np", "2", "--format", "json");
        assertEquals(0, json.code(), json.out());
        Map<String, Object> run0 = (Map<String, Object>) ((List<Object>) ((Map<String, Object>) JsonParser.parse(json.out()))
                .get("runs")).get(0);
        assertTrue(((List<Object>) run0.get("findings")).stream().noneMatch(f -> ((Map<String, Object>) f).get("kind").equals("send-cycle")));
        List<Map<String, Object>> sup = ((List<Object>) run0.get("suppressed")).stream().map(o -> (Map<String, Object>) o).toList();
        assertEquals(1, sup.size(), json.out());
        assertTrue(sup.get(0).get("by").toString().contains("rendezvous:send-cycle"));
        assertEquals("send-cycle", ((Map<String, Object>) sup.get(0).get("finding")).get("kind"));

        Result sarif = run("check", file, "--np", "2", "--format", "sarif");
        Map<String, Object> srun = (Map<String, Object>) ((List<Object>) ((Map<String, Object>) JsonParser.parse(sarif.out()))
                .get("runs")).get(0);
        Map<String, Object> cycle = ((List<Object>) srun.get("results")).stream().map(o -> (Map<String, Object>) o)
                .filter(x -> x.get("ruleId").equals("send-cycle")).findFirst().orElseThrow();
        Map<String, Object> s0 = (Map<String, Object>) ((List<Object>) cycle.get("suppressions")).get(0);
        assertEquals("inSource", s0.get("kind"));

        Result text = run("check", file, "--np", "2", "--info");
        assertTrue(text.out().contains("suppressed error") && text.out().contains("0 error(s)"), text.out());
        Result quiet = run("check", file, "--np", "2");
        assertTrue(!quiet.out().contains("send-cycle"), quiet.out());
    }

    @Test
    void aProgramSpreadOverTwoFilesIsAnalysedAsOne(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path pkg = java.nio.file.Files.createDirectories(dir.resolve("src/lab/comm"));
        java.nio.file.Files.writeString(dir.resolve("src/lab/Driver.java"), """
                package lab;
                import mpi.*;
                import lab.comm.Exchanger;
                public class Driver {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        Exchanger x = new Exchanger(MPI.COMM_WORLD.Rank());
                        x.swap();
                        MPI.Finalize();
                    }
                }
                """);
        java.nio.file.Files.writeString(pkg.resolve("Exchanger.java"), """
                package lab.comm;
                import mpi.*;
                public class Exchanger {
                    private final int me;
                    public Exchanger(int me) { this.me = me; }
                    public void swap() throws MPIException {
                        int[] a = new int[1], b = new int[1];
                        MPI.COMM_WORLD.Ssend(a, 0, 1, MPI.INT, 1 - me, 0);
                        MPI.COMM_WORLD.Recv(b, 0, 1, MPI.INT, 1 - me, 0);
                    }
                }
                """);
        // a project that carries MPJ's own sources (as MPJ Express's test suite does): never followed into
        java.nio.file.Path lib = java.nio.file.Files.createDirectories(dir.resolve("src/mpi"));
        java.nio.file.Files.writeString(lib.resolve("MPI.java"), "package mpi;\npublic class MPI {\n  public static Object COMM_WORLD;\n"
                + "  public static String[] Init(String[] a) { return a; }\n}\n");
        Result r = run("check", dir.toString(), "--np", "2");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("Exchanger.java:8: error:") && r.out().contains("send-cycle"), r.out());
        assertTrue(!r.out().contains("Exchanger.java: ok"), "the class without MPI.Init is analysed only as part of its program: " + r.out());
        Result main = run("check", dir.toString(), "--np", "2", "--main", "Driver");
        assertEquals(1, main.code(), main.out());
        Result none = run("check", dir.toString(), "--np", "2", "--main", "Nope");
        assertEquals(2, none.code(), none.out());
        Result alone = run("check", dir.resolve("src/lab/Driver.java").toString(), "--np", "2");
        assertEquals(0, alone.code(), "without the other file the call cannot be followed: " + alone.out());
    }

    @Test
    void aLatin1SourceIsReadByCheckAndByTheRealProgramSuite(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // a Spanish lab file saved in Latin-1 ("límites" in a comment is not valid UTF-8), in a repository
        // that also holds a UTF-8 file: one undecodable file must not stop the suite or hide the others
        java.nio.file.Path repo = java.nio.file.Files.createDirectories(dir.resolve("someone+labs"));
        String src = """
                import mpi.*;
                public class Limites {
                    // el master reparte los l\u00edmites de cada bloque
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int[] v = new int[4];
                        if (MPI.COMM_WORLD.Rank() == 0) MPI.COMM_WORLD.Send(v, 0, 4, MPI.INT, 1, 0);
                        else if (MPI.COMM_WORLD.Rank() == 1) MPI.COMM_WORLD.Recv(v, 0, 4, MPI.INT, 0, 0);
                        MPI.Finalize();
                    }
                }
                """;
        java.nio.file.Files.write(repo.resolve("Limites.java"), src.getBytes(StandardCharsets.ISO_8859_1));
        java.nio.file.Files.writeString(repo.resolve("Other.java"), src.replace("Limites", "Other").replace("l\u00edmites", "limits"));
        java.nio.file.Path manifest = dir.resolve("manifest.tsv");
        java.nio.file.Files.writeString(manifest, "someone+labs\t0\tLimites.java\t2\tok\t\nsomeone+labs\t0\tOther.java\t2\tok\t\n");
        Result real = run("real", manifest.toString(), dir.toString());
        assertEquals(0, real.code(), real.out() + real.err());
        assertTrue(real.out().contains("correct programs: 2, with an error finding: 0"), real.out());
        Result check = run("check", repo.resolve("Limites.java").toString(), "--np", "2");
        assertEquals(0, check.code(), check.out() + check.err());
        // --warm times a second analysis of each row too; the path part still picks rows, before or after it
        Result warm = run("real", manifest.toString(), dir.toString(), "--warm", "Other.java");
        assertEquals(0, warm.code(), warm.out() + warm.err());
        assertTrue(warm.out().contains("correct programs: 1, with an error finding: 0"), warm.out());
        assertTrue(warm.out().contains("second analysis of each program"), warm.out());
        assertFalse(real.out().contains("second analysis of each program"), real.out());
    }

    @Test
    void constantsOfAnInterfaceAreSeenThroughAStaticImportAndThroughImplements(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // real code (a matrix transposition): the root and the sizes live in an interface of constants
        // that one class imports statically and another implements; both must read them as values
        java.nio.file.Path util = java.nio.file.Files.createDirectories(dir.resolve("src/app/util"));
        java.nio.file.Files.writeString(util.resolve("Constants.java"), """
                package app.util;
                public interface Constants {
                    int MAIN_RANK = 1;
                    int ROWS = 2;
                }
                """);
        java.nio.file.Files.writeString(dir.resolve("src/app/App.java"), """
                package app;
                import mpi.*;
                import static app.util.Constants.*;
                public class App {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int[] v = new int[ROWS];
                        MPI.COMM_WORLD.Bcast(v, 0, ROWS, MPI.INT, MAIN_RANK);
                        new Worker().run();
                        MPI.Finalize();
                    }
                }
                """);
        java.nio.file.Files.writeString(dir.resolve("src/app/Worker.java"), """
                package app;
                import mpi.*;
                import app.util.Constants;
                public class Worker implements Constants {
                    void run() throws MPIException {
                        int[] v = new int[ROWS];
                        if (MPI.COMM_WORLD.Rank() == MAIN_RANK) MPI.COMM_WORLD.Send(v, 0, ROWS, MPI.INT, 0, 0);
                        else if (MPI.COMM_WORLD.Rank() == 0) MPI.COMM_WORLD.Recv(v, 0, ROWS, MPI.INT, MAIN_RANK, 0);
                    }
                }
                """);
        Result r = run("check", dir.toString(), "--np", "2,3", "--info");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(!r.out().contains("could not be computed") && !r.out().contains("cannot compute"), r.out());
        assertTrue(r.out().contains("App.java: ok"), r.out());
    }

    @Test
    void aProgramWrittenForTwoProcessesGetsAHintAtFour(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path f = dir.resolve("Pair.java");
        java.nio.file.Files.writeString(f, """
                import mpi.*;
                public class Pair {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int[] v = new int[1];
                        if (MPI.COMM_WORLD.Rank() == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, 0);
                        else MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                        MPI.Finalize();
                    }
                }
                """);
        Result r = run("check", f.toString(), "--np", "2,4");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("is the program written for 2 processes?") && r.out().contains("not at np=2"), r.out());
        Result single = run("check", f.toString(), "--np", "4");
        assertTrue(!single.out().contains("written for"), "no hint without a count where it runs: " + single.out());
    }

    @Test
    void noHintOfFewerProcessesWhenTheSmallerCountStopsForLackOfRanks(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // a course program written for four processes (real code): at np=2 rank 0 addresses rank 3, which
        // does not exist, so the job stops there; at np=4 a mistyped tag hangs rank 3. The program needs
        // more processes, not fewer: the finding must not ask whether it is written for 2
        Result r = checkFile(dir, "Four.java", """
                import mpi.*;
                public class Four {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int[] v = new int[1];
                        int rank = MPI.COMM_WORLD.Rank();
                        if (rank == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 3, 103);
                        if (rank == 1) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 3, 313);
                        if (rank == 3) {
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 103);
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 1, 213);
                        }
                        MPI.Finalize();
                    }
                }
                """, "2,4");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("tags differ") && r.out().contains("np=4"), r.out());
        assertTrue(!r.out().contains("written for"), r.out());
    }

    @Test
    void noHintOfFewerProcessesWhenTheSmallerCountDeadlocks(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // the shape of a real course program: rank 0 probes for the sorted halves of two collector ranks, and
        // the other ranks Isend without ever waiting. At np=1 rank 0 probes itself and hangs; from np=3 on the
        // Isends leak. The hint must not claim the program runs with one process.
        Result r = checkFile(dir, "Halves.java", """
                import mpi.*;
                public class Halves {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
                        int[] v = new int[1];
                        if (rank == 0) {
                            Status st = MPI.COMM_WORLD.Probe(size / 2, 1);
                            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, st.source, st.tag);
                        } else if (rank == size / 2) {
                            MPI.COMM_WORLD.Isend(v, 0, 1, MPI.INT, 0, 1);
                        }
                        MPI.Finalize();
                    }
                }
                """, "1..3");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("request-leak") && r.out().contains("Probe"), r.out());
        assertTrue(!r.out().contains("written for"), r.out());
        // the probe of rank 0 on itself waits for no other rank: said so, not an empty list of ranks
        assertTrue(r.out().contains("no rank could send what it waits for") && !r.out().contains("waiting for ranks \n"), r.out());
    }

    @Test
    void noHintThatAProgramIsWrittenForOneProcess(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // rank 1 waits for a message nobody sends: clean alone, a deadlock from two processes on. Asking whether an MPI
        // program is written for one process helps nobody
        Result r = checkFile(dir, "Alone.java", """
                import mpi.*;
                public class Alone {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int[] v = new int[1];
                        if (MPI.COMM_WORLD.Rank() == 1) MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 0);
                        MPI.Finalize();
                    }
                }
                """, "1,2");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("unmatched-recv") && !r.out().contains("written for"), r.out());
    }

    @Test
    void theStartupClasspathDropsSignaturesAndKeepsEverythingElse(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path signed = dir.resolve("signed.jar"), plain = dir.resolve("plain.jar");
        jar(signed, "META-INF/MANIFEST.MF", "META-INF/ECLIPSE_.SF", "META-INF/ECLIPSE_.RSA", "a/B.class");
        jar(plain, "META-INF/MANIFEST.MF", "c/D.class");
        java.nio.file.Path cp = dir.resolve("cp.txt"), out = dir.resolve("out.txt");
        java.nio.file.Files.writeString(cp, signed + java.io.File.pathSeparator + plain + java.io.File.pathSeparator + dir.resolve("classes"));
        dev.rendezvous.cli.StartupClasspath.main(new String[] {cp.toString(), dir.resolve("copies").toString(), out.toString()});
        String[] entries = java.nio.file.Files.readString(out).split(java.io.File.pathSeparator);
        assertEquals(3, entries.length, String.join(" ", entries));
        assertEquals(dir.resolve("copies").resolve("signed.jar").toString(), entries[0], "the signed jar is replaced by its copy");
        assertEquals(plain.toString(), entries[1], "an unsigned jar is used as it is");
        assertEquals(dir.resolve("classes").toString(), entries[2]);
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(entries[0])) {
            assertEquals(java.util.List.of("META-INF/MANIFEST.MF", "a/B.class"),
                    z.stream().map(java.util.zip.ZipEntry::getName).toList());
            assertEquals("a/B.class", new String(z.getInputStream(z.getEntry("a/B.class")).readAllBytes()), "contents kept");
        }
    }

    private static void jar(java.nio.file.Path file, String... entries) throws java.io.IOException {
        try (var zo = new java.util.zip.ZipOutputStream(java.nio.file.Files.newOutputStream(file))) {
            for (String e : entries) {
                zo.putNextEntry(new java.util.zip.ZipEntry(e));
                zo.write(e.getBytes());
                zo.closeEntry();
            }
        }
    }

    @Test
    void aRunWithAnErrorButNoDeadlockIsNotCalledOk(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // an Alltoall of 3 elements for each member from an int[4]: past the array from two processes on, not with one
        Result r = checkFile(dir, "Overflow.java", """
                import mpi.*;
                public class Overflow {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int[] row = new int[4], got = new int[16];
                        MPI.COMM_WORLD.Alltoall(row, 0, 3, MPI.INT, got, 0, 3, MPI.INT);
                        MPI.Finalize();
                    }
                }
                """, "1,2,4");
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("Overflow.java: ok (np=1) errors (np=2,4)"), r.out());
    }

    /** {@code check} of {@code source} written to {@code dir/name}, at the process counts {@code nps}. */
    private static Result checkFile(java.nio.file.Path dir, String name, String source, String nps) throws Exception {
        java.nio.file.Path f = dir.resolve(name);
        java.nio.file.Files.writeString(f, source);
        return run("check", f.toString(), "--np", nps);
    }

    /**
     * The latency section takes the warm-up calls per file it makes before measuring (the compiler's steady state needs
     * more than the default 20 over many files): given 4 on a corpus of one program and no examples, it says so in its
     * header and times that program (the figures themselves are timings, not checked here). A count for another section,
     * or not a number, is refused.
     */
    @Test
    void benchLatencyTakesItsWarmUpCalls(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path programs = java.nio.file.Files.createDirectories(dir.resolve("corpus/programs"));
        java.nio.file.Files.copy(Repo.examples().resolve("Ring.java"), programs.resolve("Ring.java"));
        java.nio.file.Files.writeString(dir.resolve("corpus/labels.json"), "[]"); // what names a corpus folder
        java.nio.file.Path examples = java.nio.file.Files.createDirectories(dir.resolve("examples"));
        Result r = run("bench", dir.resolve("corpus").toString(), examples.toString(), "latency", "4");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("after a warm-up pass of 4 calls on every file"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("Ring\\.java\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+\\s+.*")), r.out());
        assertTrue(r.out().contains("over 1 files:"), r.out());
        // the host's own speed, timed before and after the table
        assertTrue(r.out().lines().anyMatch(l -> l.matches("host check before: a fixed CPU loop took median [0-9.]+ ms, .*")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("host check after: a fixed CPU loop took median ")), r.out());
        Result other = run("bench", dir.resolve("corpus").toString(), examples.toString(), "corpus", "4");
        assertEquals(2, other.code(), other.out());
        assertTrue(other.err().contains("only the latency section takes a count"), other.err());
        Result bad = run("bench", dir.resolve("corpus").toString(), examples.toString(), "latency", "many");
        assertEquals(2, bad.code(), bad.out());
        assertTrue(bad.err().contains("warm-up calls needs a positive number"), bad.err());
    }

    /**
     * {@code bench-ab} runs another build's engine beside this one: given this build's own classes as the other build,
     * it loads them a second time (a class loader of their own) and times both on the file given, one line per file and
     * the geometric mean (the figures themselves are timings, not checked here). A folder without the engine is refused.
     */
    @Test
    void benchAbLoadsTheOtherEngineApartAndTimesBoth() {
        String classes = Repo.root().resolve("bundles/dev.rendezvous.core/target/classes").toString();
        Result r = run("bench-ab", classes, Repo.examples().resolve("Ring.java").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("Ring\\.java\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+")), r.out());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("other engine: (\\d+) classes loaded").matcher(r.out());
        assertTrue(m.find() && Integer.parseInt(m.group(1)) > 20, r.out());
        Result bad = run("bench-ab", Repo.examples().toString());
        assertEquals(2, bad.code(), bad.out());
        assertTrue(bad.err().contains("no dev/rendezvous/core/Rendezvous.class"), bad.err());
    }

    @Test
    void argsHandTheProgramItsArgumentsAndAnEmptyValueIsNoArgument() {
        // more than three rounds leave rank 1 waiting for a message nobody sends; the default is ten
        String f = Repo.fixtures().resolve("ArgRounds.java").toString();
        Result unknown = run("check", f, "--np", "2", "--info");
        assertEquals(1, unknown.code(), unknown.out());
        assertTrue(unknown.out().contains("Program arguments are taken as empty"), unknown.out());
        Result two = run("check", f, "--np", "2", "--info", "--args", "2");
        assertEquals(0, two.code(), two.out());
        assertTrue(!two.out().contains("analysis-assumption"), two.out());
        Result none = run("check", f, "--np", "2", "--info", "--args", "");
        assertEquals(1, none.code(), none.out());
        assertTrue(!none.out().contains("analysis-assumption"), none.out());
        assertEquals(2, run("check", f, "--args").code());
    }
}
