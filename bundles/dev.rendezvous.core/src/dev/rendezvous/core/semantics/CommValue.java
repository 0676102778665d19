package dev.rendezvous.core.semantics;

/**
 * A communicator as one rank sees it: its id, the COMM_WORLD ranks of its members by local rank,
 * and this rank's local rank. An inter-rank-consistent id makes matching per communicator possible.
 */
public record CommValue(int id, int[] members, int localRank) {
    public int size() {
        return members.length;
    }

    /** COMM_WORLD rank of local rank {@code r}, or -1 when out of range. */
    public int world(int r) {
        return r >= 0 && r < members.length ? members[r] : -1;
    }

    /** Local rank of COMM_WORLD rank {@code w}, or -1 when not a member. */
    public int local(int w) {
        if (members.length > 0 && members[0] == 0 && members.length > w && w >= 0 && members[w] == w) return w;
        for (int i = 0; i < members.length; i++) if (members[i] == w) return i;
        return -1;
    }
}
