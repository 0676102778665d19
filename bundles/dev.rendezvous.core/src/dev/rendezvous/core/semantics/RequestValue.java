package dev.rendezvous.core.semantics;

/**
 * A request handle held by the program. {@code persistent} requests ({@code Send_init},
 * {@code Recv_init}) are re-armed by {@code Start}; their template is kept in {@code template}.
 */
public final class RequestValue {
    final int id;
    final int owner;
    public World.Pending current;
    public final World.Template template;
    public boolean completedByProgram;
    public boolean freed;

    RequestValue(int id, int owner, World.Pending current, World.Template template) {
        this.id = id;
        this.owner = owner;
        this.current = current;
        this.template = template;
    }

    public int id() {
        return id;
    }

    public boolean isPersistent() {
        return template != null;
    }

    /**
     * How messages name this request's operation: "persistent send" or "persistent receive" for a
     * request made by Send_init/Recv_init (started by Start), else the call that made it ("Isend").
     */
    public String operationName(dev.rendezvous.core.model.Op op) {
        if (template == null) return op.mpjName();
        return "persistent " + (template.op() == dev.rendezvous.core.model.Op.IRECV ? "receive" : "send");
    }
}
