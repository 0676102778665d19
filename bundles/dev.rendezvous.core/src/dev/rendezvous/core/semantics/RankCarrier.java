package dev.rendezvous.core.semantics;

import java.lang.reflect.Constructor;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one platform thread that the ranks and the scheduler of a {@link World} run take turns on.
 *
 * <p>Only one of a run's virtual threads runs at any time: a rank runs until it blocks, then wakes the next
 * ({@code World.handOff}). On the JDK's shared scheduler (a pool with one carrier per core), each such hand-off signalled an idle
 * carrier of the pool, which woke up and took the woken thread over while the first carrier went idle: an operating
 * system wake-up and a move to another core at every blocking call. Measured on the 2-core machine (whole-file analysis
 * at np=8, median of 60 warm calls): RodHeat's single run took 25 to 37 ms on the shared pool and 17 ms with the pool
 * limited to one carrier ({@code -Djdk.virtualThreadScheduler.parallelism=1}), which would also serialise the process
 * counts a sweep analyses in parallel. A carrier of its own per run gives each run the one-carrier hand-offs and keeps
 * runs of different process counts on different cores.
 *
 * <p>The JDK offers no public way to give virtual threads a scheduler; the builder that takes one exists (for the JDK's
 * own tests) and is reached by reflection, which the module system allows only with
 * {@code --add-opens=java.base/java.lang=ALL-UNNAMED}. The command line, the tests and the product pass it; anywhere else
 * (a stock Eclipse) the shared scheduler serves, with the same results, only slower. The system property
 * {@code rendezvous.sharedScheduler=true} asks for the shared scheduler (tests compare the two).
 */
final class RankCarrier {

    private static final Constructor<?> BUILDER = builderTakingAScheduler();

    /** Carriers whose last run ended with every thread finished, kept for the next run (a thread start each saved). */
    private static final Deque<ThreadPoolExecutor> IDLE = new ConcurrentLinkedDeque<>();
    private static final int MAX_IDLE = 4;

    private final ThreadPoolExecutor carrier; // null: the shared scheduler

    private RankCarrier(ThreadPoolExecutor carrier) {
        this.carrier = carrier;
    }

    /** Whether runs get a carrier of their own (the JVM lets the builder be reached and no one asked otherwise). */
    static boolean available() {
        return BUILDER != null && !Boolean.getBoolean("rendezvous.sharedScheduler");
    }

    /** A carrier for one run: an idle one, a new one, or none (the shared scheduler) when {@link #available} is false. */
    static RankCarrier open() {
        if (!available()) return new RankCarrier(null);
        ThreadPoolExecutor c = IDLE.poll();
        return new RankCarrier(c != null ? c : newCarrier());
    }

    /** A builder of virtual threads that run on this carrier (or on the shared scheduler). */
    Thread.Builder.OfVirtual builder() {
        if (carrier != null) {
            try {
                return (Thread.Builder.OfVirtual) BUILDER.newInstance((Executor) carrier);
            } catch (ReflectiveOperationException | RuntimeException e) {
                // fall through to the shared scheduler: same results
            }
        }
        return Thread.ofVirtual();
    }

    /**
     * Ends the run's use of the carrier. {@code allEnded}: every thread of the run has terminated, so the carrier is idle
     * and may serve the next run. Otherwise (a rank still running after the run gave up on it) the carrier is left to
     * that rank, not shut down (a rank woken later must still find its scheduler): its thread ends 10 s after the rank
     * does, and the next run gets another carrier.
     */
    void close(boolean allEnded) {
        if (carrier != null && allEnded && IDLE.size() < MAX_IDLE) IDLE.push(carrier);
    }

    private static ThreadPoolExecutor newCarrier() {
        ThreadPoolExecutor c = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            // a mounted virtual thread's frames run on its carrier's stack: the interpreter recurses with the program,
            // so the carrier gets the stack the command line gives every thread (-Xss8m), in the IDE too
            Thread t = new Thread(null, r, "rendezvous-carrier", 8L << 20);
            t.setDaemon(true);
            return t;
        });
        c.allowCoreThreadTimeOut(true); // an idle carrier's thread ends after 10 s; the next run starts it again
        return c;
    }

    private static Constructor<?> builderTakingAScheduler() {
        try {
            Constructor<?> k = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder").getDeclaredConstructor(Executor.class);
            k.setAccessible(true);
            return k;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // not opened to us, or not this JDK's layout: the shared scheduler
        }
    }
}
