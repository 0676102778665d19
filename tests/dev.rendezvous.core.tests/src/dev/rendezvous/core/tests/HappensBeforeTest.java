package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.graph.HappensBefore;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;

/** MPI happens-before (slack paper §2) as a cached derived fact of the graph. */
class HappensBeforeTest {

    static Event first(RunReport r, int rank, Op op) {
        return r.graph().trace(rank).stream().filter(e -> e.op() == op).findFirst().orElseThrow();
    }

    @Test
    void tokenRingOrdersTheSendsAroundTheRing() {
        RunReport r = Repo.analyze(Repo.examples().resolve("Ring.java"), 3);
        HappensBefore hb = r.graph().happensBefore();
        assertSame(hb, r.graph().happensBefore(), "computed once per graph");
        Event s0 = first(r, 0, Op.SEND), s1 = first(r, 1, Op.SEND), s2 = first(r, 2, Op.SEND);
        assertTrue(hb.before(s0, s1) && hb.before(s1, s2) && hb.before(s0, s2));
        assertFalse(hb.before(s1, s0));
    }

    @Test
    void aNonBlockingReceiveDoesNotOrderTheSendAfterIt() {
        // IrecvRing: Irecv, Send, Wait on every rank; the Irecv precedes only its Wait
        RunReport r = Repo.analyze(Repo.corpus().resolve("programs/IrecvRing.java"), 3);
        HappensBefore hb = r.graph().happensBefore();
        Event irecv = first(r, 0, Op.IRECV), send = first(r, 0, Op.SEND), wait = first(r, 0, Op.WAIT);
        assertFalse(hb.before(irecv, send), "Irecv and the Send after it are concurrent");
        assertTrue(hb.before(irecv, wait));
        assertTrue(hb.before(send, wait), "the Send completes before the Wait");
        List<Event> sends = List.of(first(r, 0, Op.SEND), first(r, 1, Op.SEND), first(r, 2, Op.SEND));
        assertTrue(hb.concurrent(sends.get(0), sends.get(1)), "all ranks send concurrently");
    }
}
