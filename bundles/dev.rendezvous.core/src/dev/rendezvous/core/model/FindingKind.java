package dev.rendezvous.core.model;

/** The stable finding identifiers of the design (markers, JSON, SARIF rule ids). */
public enum FindingKind {
    UNMATCHED_SEND("unmatched-send"), UNMATCHED_RECV("unmatched-recv"), SEND_CYCLE("send-cycle"),
    SSEND_CYCLE("ssend-cycle"), WAIT_CYCLE("wait-cycle"), PROBE_CYCLE("probe-cycle"), MESSAGE_RACE("message-race"),
    COLLECTIVE_MISMATCH("collective-mismatch"), COLLECTIVE_ORDER("collective-order"),
    COLLECTIVE_MISSING("collective-missing"), COLLECTIVE_ROOT_MISMATCH("collective-root-mismatch"),
    P2P_COLLECTIVE_INTERLEAVE("p2p-collective-interleave"), REQUEST_LEAK("request-leak"),
    SLACK_INELASTIC("slack-inelastic"), BUFFER_REQUIREMENT("buffer-requirement"), FILTERING_CYCLE("filtering-cycle"),
    DUMMY_INTERVAL("dummy-interval"), LOGP_STALL("logp-stall"), ANALYSIS_ASSUMPTION("analysis-assumption"),
    /** The job ends early at this process count (Abort, or a peer rank that does not exist): a fact, not an assumption. */
    JOB_ABORT("job-abort"),
    /** A message or collective whose participants disagree on the datatype or count (MPI's type matching rules), or a buffer that is not an array of its datatype's elements (MPJ throws). */
    DATATYPE_MISMATCH("datatype-mismatch"),
    /** A call with an argument MPI rejects: a negative tag, a root or count out of range, a negative rank. */
    INVALID_ARGUMENT("invalid-argument"),
    /** Members of one reduction passing different operations. */
    REDUCE_OP_MISMATCH("reduce-op-mismatch"),
    /** A buffer read or written while a non-blocking operation on it is pending (MPI's local concurrency rule). */
    BUFFER_RACE("buffer-race"),
    /** A communicator, group or derived datatype the program creates and never frees before Finalize. */
    RESOURCE_LEAK("resource-leak"),
    /**
     * MPI.Init and MPI.Finalize out of place: a communicator used before MPI.Init or Finalize called twice (MPJ
     * Express throws), or communication after MPI.Finalize (MPI forbids it).
     */
    INIT_FINALIZE("init-finalize");

    private final String id;

    FindingKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static FindingKind byId(String id) {
        for (FindingKind k : values()) if (k.id.equals(id)) return k;
        throw new IllegalArgumentException("unknown finding kind " + id);
    }
}
