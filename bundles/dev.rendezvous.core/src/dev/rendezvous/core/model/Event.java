package dev.rendezvous.core.model;

/**
 * One communication operation executed by one rank, in the rank's program order.
 *
 * @param rank     the executing rank (in COMM_WORLD)
 * @param index    position in the rank's trace, 0-based
 * @param op       the operation and, for sends, its mode
 * @param comm     communicator id (0 = COMM_WORLD)
 * @param peer     destination (sends), source (receives, probes) or root (collectives), as a
 *                 COMM_WORLD rank, or {@link Peer#ANY} / {@link Peer#PROC_NULL} / {@link Peer#UNKNOWN}
 * @param tag      tag, or {@link Peer#ANY}
 * @param count    element count, -1 when unknown
 * @param datatype MPJ datatype name (INT, DOUBLE...) or null
 * @param request  request identity for non-blocking operations and waits, -1 otherwise
 * @param site     range of the MPJ call itself
 * @param userSite range of the outermost call in the analysed method that led here (same as site
 *                 when the call is written there directly)
 * @param recvPeer for Sendrecv: the source of the receive half (the send half is in peer/tag)
 * @param recvTag  for Sendrecv: the tag of the receive half
 */
public record Event(int rank, int index, Op op, int comm, int peer, int tag, int count, String datatype,
        int request, SourceRange site, SourceRange userSite, int recvPeer, int recvTag) {

    /** The source a receive names: the peer of a Recv/Irecv/probe, the receive half's of a Sendrecv. */
    public int sourcePeer() {
        return op.kind() == Op.Kind.SENDRECV ? recvPeer : peer;
    }

    /** The tag a receive names (the receive half's for a Sendrecv). */
    public int sourceTag() {
        return op.kind() == Op.Kind.SENDRECV ? recvTag : tag;
    }

    public String describe() {
        StringBuilder b = new StringBuilder(op.mpjName());
        switch (op.kind()) {
            case SEND -> b.append("(to ").append(Peer.describe(peer)).append(", tag ").append(Peer.describe(tag)).append(')');
            case RECV, PROBE -> b.append("(from ").append(Peer.describe(peer)).append(", tag ").append(Peer.describe(tag)).append(')');
            case SENDRECV -> b.append("(to ").append(Peer.describe(peer)).append(", from ").append(Peer.describe(recvPeer)).append(')');
            case COLLECTIVE -> { if (op.hasRoot()) b.append("(root ").append(peer).append(')'); }
            default -> { }
        }
        return b.toString();
    }
}
