package dev.rendezvous.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;

/** The quick fix of a datatype mismatch: receive with the sender's datatype, when the buffer's Java type allows it. */
class DatatypeFixTest {
    private static final String PROGRAM = """
            import mpi.*;
            public class Types {
                public static void main(String[] args) throws Exception {
                    MPI.Init(args);
                    int rank = MPI.COMM_WORLD.Rank();
                    int[] sent = {1, 2};
                    %s got = new %s[2];
                    if (rank == 0) MPI.COMM_WORLD.Send(sent, 0, 2, MPI.INT, 1, 0);
                    else if (rank == 1) MPI.COMM_WORLD.Recv(got, 0, 2, MPI.DOUBLE, 0, 0);
                    MPI.Finalize();
                }
            }
            """;

    static List<Finding> mismatches(String src) {
        return Repo.analyze("Types.java", src, 2).findings().stream().filter(f -> f.kind() == FindingKind.DATATYPE_MISMATCH).toList();
    }

    @Test
    void anIntBufferReceivedAsDoubleIsFixedByNamingTheSendersDatatype() {
        String src = PROGRAM.formatted("int[]", "int");
        List<Finding> before = mismatches(src);
        assertEquals(1, before.size(), before.toString());
        assertEquals(1, before.get(0).fixes().size(), before.get(0).toString());
        String fixed = before.get(0).fixes().get(0).applyTo(src);
        assertTrue(fixed.contains("Recv(got, 0, 2, MPI.INT, 0, 0)"), fixed);
        assertTrue(dev.rendezvous.core.extract.Program.parse("Types.java", fixed).syntaxErrors().isEmpty());
        assertEquals(List.of(), mismatches(fixed), "the fix removes the mismatch");
    }

    @Test
    void noFixWhenTheBufferHoldsTheReceiversType() {
        // a double[] buffer cannot take MPI.INT in MPJ: the right fix is elsewhere (the sender), so none is offered
        List<Finding> f = mismatches(PROGRAM.formatted("double[]", "double"));
        assertEquals(1, f.size(), f.toString());
        assertEquals(List.of(), f.get(0).fixes());
    }
}
