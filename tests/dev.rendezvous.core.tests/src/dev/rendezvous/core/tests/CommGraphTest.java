package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.graph.CommGraph;
import dev.rendezvous.core.model.Event;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.core.semantics.RunOutcome;

/**
 * A communication graph's partners: the receive that took each send's message and the send each receive took, for a
 * Sendrecv (both a send and a receive, of different partners) whether or not its rank's trace holds it.
 */
class CommGraphTest {

    private static final SourceRange AT = new SourceRange("Ring.java", 0, 0, 1);

    private static Event event(int rank, int index, Op op, int peer, int recvPeer) {
        return new Event(rank, index, op, 0, peer, 0, 1, "INT", -1, AT, AT, recvPeer, 0);
    }

    /** Rank 0's Sendrecv sends to rank 1 and receives from rank 2; {@code placed}: rank 0's trace holds it. */
    private static void check(boolean placed) {
        Event sendrecv = event(0, placed ? 0 : -1, Op.SENDRECV, 1, 2);
        Event recv = event(1, 0, Op.RECV, 0, 0), send = event(2, 0, Op.SEND, 0, 0);
        List<List<Event>> traces = List.of(placed ? List.of(sendrecv) : List.of(), List.of(recv), List.of(send));
        CommGraph g = new CommGraph(3, traces, List.of(new RunOutcome.Match(sendrecv, recv, false),
                new RunOutcome.Match(send, sendrecv, false)));
        assertSame(recv, g.receiverOf(sendrecv));
        assertSame(send, g.senderOf(sendrecv));
        assertSame(sendrecv, g.senderOf(recv));
        assertSame(sendrecv, g.receiverOf(send));
        assertNull(g.receiverOf(recv));
        assertNull(g.senderOf(send));
    }

    @Test
    void aSendrecvHasOnePartnerAsASendAndAnotherAsAReceive() {
        check(true);
    }

    @Test
    void soDoesOneItsRanksTraceDoesNotHold() {
        check(false);
    }
}
