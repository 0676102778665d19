package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.rendezvous.core.extract.Values.Datatype;
import dev.rendezvous.core.extract.Values.ReduceOp;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.SourceRange;

/**
 * The type signature of one collective instance, checked as its members arrive (each in its own
 * rank's interpreter; the instance's scratch map holds what the earlier ones passed): matching
 * datatypes and counts ({@code datatype-mismatch}) and one reduction operation
 * ({@code reduce-op-mismatch}). MPI standard, collective communication: the type signature of
 * each member's data must match the root's side of it.
 */
final class CollectiveSignatures {
    private CollectiveSignatures() {}

    /**
     * The members of one collective must pass the same basic datatype and count (and, for a reduction,
     * the same operation); the first member to arrive records its own, each later one compares.
     * Derived datatypes are compared only by name, never flagged.
     */
    static void checkMembers(Assumptions assumptions, int rank, Op op, Map<String, Object> instance, Object count, Object type,
            Object reduceOp, SourceRange site) {
        Object[] mine = {count, type, reduceOp, site, rank};
        Object[] first = (Object[]) instance.computeIfAbsent("signature", k -> mine);
        if (first == mine) return;
        if (first[1] instanceof Datatype t0 && type instanceof Datatype t1 && MpjCalls.basic(t0.name()) && MpjCalls.basic(t1.name())) {
            if (!t0.name().equals(t1.name())) {
                assumptions.defect(FindingKind.DATATYPE_MISMATCH, site, "Rank " + rank + " passes MPI." + t1.name()
                        + " to this " + op.mpjName() + " but rank " + first[4] + " passes MPI." + t0.name() + " (line "
                        + ((SourceRange) first[3]).line() + "): all members of a collective must use matching datatypes", rank);
            } else if (first[0] instanceof Long c0 && count instanceof Long c1 && !c0.equals(c1)) {
                assumptions.defect(FindingKind.DATATYPE_MISMATCH, site, "Rank " + rank + " passes count " + c1
                        + " to this " + op.mpjName() + " but rank " + first[4] + " passes " + c0 + " (line "
                        + ((SourceRange) first[3]).line() + "): all members of a collective must pass the same count", rank);
            }
        }
        if (first[2] instanceof ReduceOp o0 && reduceOp instanceof ReduceOp o1 && !o0.name().equals(o1.name())) {
            assumptions.defect(FindingKind.REDUCE_OP_MISMATCH, site, "Rank " + rank + " reduces with MPI." + o1.name()
                    + " but rank " + first[4] + " with MPI." + o0.name() + " (line " + ((SourceRange) first[3]).line()
                    + "): every member of a reduction must pass the same operation", rank);
        }
    }

    /** One side of a rooted collective's data: a count and datatype, who passed them and where. */
    record Part(Object count, Object type, SourceRange site, int rank) {}

    /**
     * Each member's part of a rooted collective against the root's side of it: a Bcast or Reduce
     * member's count against the root's, a Gather member's send count against what the root takes
     * from each member, a Scatter member's receive count against what the root sends to each. The
     * members arrive in any order; the root's side is kept in the instance, the members that came
     * before it in a list. Checked on MPJ Express 0.44: a member that receives fewer elements than
     * sent throws ("count is less than length"); a Gather or Scatter member out of step puts data
     * at the wrong offsets or drops it. Two cases MPJ runs as meant are warnings: a Bcast member
     * passing more room than the root sends, and the root's own part of a Gather or Scatter
     * copied with a different count.
     */
    @SuppressWarnings("unchecked")
    static void checkRootedCount(Assumptions assumptions, Op op, Map<String, Object> instance, boolean isRoot, Part mine,
            Part rootSide) {
        List<Part> waiting = (List<Part>) instance.computeIfAbsent("members", k -> new ArrayList<Part>());
        if (isRoot) {
            instance.put("root", rootSide);
            if (op == Op.GATHER || op == Op.SCATTER) compareWithRoot(assumptions, op, mine, rootSide, true);
            for (Part m : waiting) compareWithRoot(assumptions, op, m, rootSide, false);
            waiting.clear();
        } else if (instance.get("root") instanceof Part r) {
            compareWithRoot(assumptions, op, mine, r, false);
        } else {
            waiting.add(mine);
        }
    }

    private static void compareWithRoot(Assumptions assumptions, Op op, Part m, Part r, boolean rootsOwn) {
        if (!(m.count() instanceof Long cm && r.count() instanceof Long cr) || cm.equals(cr)) return;
        if (!(m.type() instanceof Datatype tm && r.type() instanceof Datatype tr && tm.name().equals(tr.name()) && MpjCalls.basic(tm.name()))) return;
        String at = "(rank " + r.rank() + ", line " + r.site().line() + ")";
        String name = op.mpjName();
        if (rootsOwn) {
            assumptions.portabilityDefect(FindingKind.DATATYPE_MISMATCH, m.site(), "The root (rank " + m.rank() + ") "
                    + (op == Op.GATHER ? "sends " + cm + " element(s) of its own to this Gather but takes " + cr + " from each member"
                            : "receives " + cm + " element(s) from this Scatter but sends " + cr + " to each member")
                    + ": MPJ Express copies the root's own part with the wrong count, and MPI requires the counts to agree "
                    + "(other libraries report a truncation error)", m.rank());
        } else if (op == Op.BCAST && cm > cr) {
            assumptions.portabilityDefect(FindingKind.DATATYPE_MISMATCH, m.site(), "Rank " + m.rank() + " passes count " + cm
                    + " to this Bcast but the root " + at + " sends " + cr + ": MPJ Express fills the first " + cr
                    + " element(s), but MPI requires every member to pass the same count (other libraries may fail)", m.rank());
        } else if (op == Op.BCAST || op == Op.REDUCE) {
            assumptions.defect(FindingKind.DATATYPE_MISMATCH, m.site(), "Rank " + m.rank() + " passes count " + cm + " to this "
                    + name + " but the root " + at + " passes " + cr + ": all members of a collective must pass the same count"
                    + (cm < cr ? " (MPJ Express throws: the message is longer than the count)" : ""), m.rank());
        } else {
            assumptions.defect(FindingKind.DATATYPE_MISMATCH, m.site(), "Rank " + m.rank() + (op == Op.GATHER
                    ? " sends " + cm + " element(s) to this Gather but the root " + at + " takes " + cr + " from each member"
                    : " receives " + cm + " element(s) from this Scatter but the root " + at + " sends " + cr + " to each member")
                    + ": the counts must agree (MPJ Express puts the data at the wrong offsets or drops it)", m.rank());
        }
    }
}
