package dev.rendezvous.core.semantics;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The queued sends of a {@link World} run, one queue per channel (communicator, source, destination: the key of
 * {@code World.channelKey}), in an open-addressing table of primitive keys. A {@code HashMap<Long, ...>} boxed the key
 * at each of the three lookups of every message (post, match, pair) and followed its entry objects: at np=8, a tenth of
 * the time a halo exchange spent in the world. Channels are only added, never removed (an emptied queue stays).
 */
final class ChannelTable {
    private long[] keys = new long[16];
    /** The queue of each slot; null where the slot is free. */
    @SuppressWarnings("unchecked")
    private ArrayDeque<World.SendOp>[] queues = new ArrayDeque[16];
    private int size;

    /** The queue of channel {@code key}, or null when nothing was ever queued there. */
    ArrayDeque<World.SendOp> get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask);; i = (i + 1) & mask) {
            ArrayDeque<World.SendOp> q = queues[i];
            if (q == null) return null;
            if (keys[i] == key) return q;
        }
    }

    /** The queue of channel {@code key}, made empty the first time. */
    ArrayDeque<World.SendOp> getOrCreate(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        for (;; i = (i + 1) & mask) {
            ArrayDeque<World.SendOp> q = queues[i];
            if (q == null) break;
            if (keys[i] == key) return q;
        }
        ArrayDeque<World.SendOp> q = new ArrayDeque<>(2);
        keys[i] = key;
        queues[i] = q;
        if (++size * 2 > keys.length) grow();
        return q;
    }

    /** Every queue, in no particular order (null entries are free slots, to be skipped). */
    ArrayDeque<World.SendOp>[] slots() {
        return queues;
    }

    /** The channels' keys, in increasing order (their queues by {@link #get}). */
    long[] sortedKeys() {
        long[] out = new long[size];
        int n = 0;
        for (int i = 0; i < queues.length; i++) if (queues[i] != null) out[n++] = keys[i];
        Arrays.sort(out);
        return out;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        long[] oldKeys = keys;
        ArrayDeque<World.SendOp>[] oldQueues = queues;
        keys = new long[oldKeys.length * 2];
        queues = new ArrayDeque[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldQueues[j] == null) continue;
            int i = slot(oldKeys[j], mask);
            while (queues[i] != null) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            queues[i] = oldQueues[j];
        }
    }
}
