package dev.rendezvous.core.semantics;

/**
 * A communicator as one rank sees it: its id, the COMM_WORLD ranks of its members by local rank,
 * this rank's local rank, and the inverse map (COMM_WORLD rank to local rank, -1 for non-members;
 * null for COMM_WORLD itself, where both are the identity). Arrays are shared by all members.
 */
public record CommValue(int id, int[] members, int localRank, int[] inverse) {

    public CommValue(int id, int[] members, int localRank) {
        this(id, members, localRank, null);
    }

    /** The inverse of {@code members} over COMM_WORLD ranks 0..np-1, built once per communicator. */
    public static int[] inverseOf(int[] members, int np) {
        int[] inv = new int[np];
        java.util.Arrays.fill(inv, -1);
        for (int i = 0; i < members.length; i++) if (members[i] >= 0 && members[i] < np) inv[members[i]] = i;
        return inv;
    }

    public int size() {
        return members.length;
    }

    /** COMM_WORLD rank of local rank {@code r}, or -1 when out of range. */
    public int world(int r) {
        return r >= 0 && r < members.length ? members[r] : -1;
    }

    /** Local rank of COMM_WORLD rank {@code w}, or -1 when not a member. */
    public int local(int w) {
        if (inverse != null) return w >= 0 && w < inverse.length ? inverse[w] : -1;
        if (members.length > w && w >= 0 && members[w] == w) return w;
        for (int i = 0; i < members.length; i++) if (members[i] == w) return i;
        return -1;
    }
}
