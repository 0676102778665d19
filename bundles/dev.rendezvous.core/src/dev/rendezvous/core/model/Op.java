package dev.rendezvous.core.model;

/** Every MPJ Express operation the engine records as an event. */
public enum Op {
    SEND("Send", Kind.SEND), SSEND("Ssend", Kind.SEND), BSEND("Bsend", Kind.SEND), RSEND("Rsend", Kind.SEND),
    ISEND("Isend", Kind.SEND), ISSEND("Issend", Kind.SEND), IBSEND("Ibsend", Kind.SEND), IRSEND("Irsend", Kind.SEND),
    RECV("Recv", Kind.RECV), IRECV("Irecv", Kind.RECV),
    SENDRECV("Sendrecv", Kind.SENDRECV), SENDRECV_REPLACE("Sendrecv_replace", Kind.SENDRECV),
    PROBE("Probe", Kind.PROBE), IPROBE("Iprobe", Kind.PROBE),
    WAIT("Wait", Kind.WAIT), WAITALL("Waitall", Kind.WAIT), WAITANY("Waitany", Kind.WAIT), WAITSOME("Waitsome", Kind.WAIT),
    TEST("Test", Kind.WAIT), TESTALL("Testall", Kind.WAIT), TESTANY("Testany", Kind.WAIT), TESTSOME("Testsome", Kind.WAIT),
    START("Start", Kind.LOCAL), STARTALL("Startall", Kind.LOCAL), REQUEST_FREE("Free", Kind.LOCAL),
    BUFFER_ATTACH("Buffer_attach", Kind.LOCAL), BUFFER_DETACH("Buffer_detach", Kind.LOCAL),
    BARRIER("Barrier", Kind.COLLECTIVE), BCAST("Bcast", Kind.COLLECTIVE), REDUCE("Reduce", Kind.COLLECTIVE),
    ALLREDUCE("Allreduce", Kind.COLLECTIVE), GATHER("Gather", Kind.COLLECTIVE), GATHERV("Gatherv", Kind.COLLECTIVE),
    SCATTER("Scatter", Kind.COLLECTIVE), SCATTERV("Scatterv", Kind.COLLECTIVE), ALLGATHER("Allgather", Kind.COLLECTIVE),
    ALLGATHERV("Allgatherv", Kind.COLLECTIVE), ALLTOALL("Alltoall", Kind.COLLECTIVE), ALLTOALLV("Alltoallv", Kind.COLLECTIVE),
    SCAN("Scan", Kind.COLLECTIVE), REDUCE_SCATTER("Reduce_scatter", Kind.COLLECTIVE),
    SPLIT("Split", Kind.COLLECTIVE), DUP("clone", Kind.COLLECTIVE), CREATE("Create", Kind.COLLECTIVE),
    FINALIZE("Finalize", Kind.LOCAL);

    /** Coarse classes of operations. */
    public enum Kind { SEND, RECV, SENDRECV, PROBE, WAIT, COLLECTIVE, LOCAL }

    private final String mpjName;
    private final Kind kind;

    Op(String mpjName, Kind kind) {
        this.mpjName = mpjName;
        this.kind = kind;
    }

    public String mpjName() {
        return mpjName;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isNonBlocking() {
        return switch (this) {
            case ISEND, ISSEND, IBSEND, IRSEND, IRECV, IPROBE, TEST, TESTALL, TESTANY, TESTSOME -> true;
            default -> false;
        };
    }

    /** Synchronous mode: never completes before the matching receive is posted, whatever the buffering. */
    public boolean isSynchronous() {
        return this == SSEND || this == ISSEND;
    }

    public boolean isBuffered() {
        return this == BSEND || this == IBSEND;
    }

    /** A collective whose data flows from the root to the others (the root need not wait when buffered). */
    public boolean isRootToAll() {
        return this == BCAST || this == SCATTER || this == SCATTERV;
    }

    /** A collective whose data flows from everyone to the root (the others need not wait when buffered). */
    public boolean isAllToRoot() {
        return this == REDUCE || this == GATHER || this == GATHERV;
    }

    public boolean hasRoot() {
        return isRootToAll() || isAllToRoot();
    }

    /** Looks an MPJ method name up among communicator operations; null when it is not one. */
    public static Op commOp(String name) {
        return COMM_OPS.get(name);
    }

    /** {@link #commOp}'s table: the first communicator operation of each MPJ name (one lookup per call interpreted). */
    private static final java.util.Map<String, Op> COMM_OPS = new java.util.HashMap<>();

    static {
        for (Op op : values()) {
            if (op.kind != Kind.WAIT && op != START && op != STARTALL && op != REQUEST_FREE && op != FINALIZE
                    && op != BUFFER_ATTACH && op != BUFFER_DETACH) {
                COMM_OPS.putIfAbsent(op.mpjName, op);
            }
        }
    }
}
