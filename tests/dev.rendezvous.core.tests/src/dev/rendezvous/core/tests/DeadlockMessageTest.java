package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.analysis.deadlock.DeadlockAnalysis;

/** The data-dependent path a deadlock message names stays readable however long the path was. */
class DeadlockMessageTest {

    @Test
    void repeatsAreCountedAndALongPathIsCut() {
        List<String> steps = new ArrayList<>();
        steps.add("loop condition at line 69 taken (true)");
        for (int i = 0; i < 5000; i++) steps.add("loop condition at line 70 on rank " + (i % 3 == 0 ? 0 : 1) + " taken (true)");
        steps.add("loop condition at line 70 on rank 1 not taken (false)");
        String path = DeadlockAnalysis.describePath(steps);
        assertTrue(path.length() < 600, path.length() + ": " + path);
        assertTrue(path.startsWith("loop condition at line 69 taken (true), "), path);
        assertTrue(path.endsWith("loop condition at line 70 on rank 1 not taken (false)"), path);
        assertTrue(path.contains(" x 2") && path.contains("more decisions"), path);
    }

    @Test
    void aShortPathIsGivenWhole() {
        List<String> steps = List.of("branch at line 5 taken (true)", "branch at line 5 taken (true)", "branch at line 9 not taken (false)");
        assertEquals("branch at line 5 taken (true) x 2, branch at line 9 not taken (false)", DeadlockAnalysis.describePath(steps));
    }
}
