package dev.rendezvous.core.analysis.deadlock;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.CharacterLiteral;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.Initializer;
import org.eclipse.jdt.core.dom.LambdaExpression;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;

import dev.rendezvous.core.extract.Program;
import dev.rendezvous.core.model.Peer;

/**
 * The tags the program's point-to-point sends and receives can carry, read off its text (and its companion files):
 * what tells a receive that waits for a tag no send of the program ever uses (a mistyped tag, which no reordering
 * fixes) from one whose message is merely sent later (a wait cycle, which reordering does fix). An execution sees only
 * what the ranks did up to the deadlock; whether a blocked rank would send the awaited tag afterwards is not in it.
 *
 * <p>Every value is an over-approximation, so that a tag said to be never sent is never sent in any execution: a tag
 * argument counts as known when it is a literal or a name all of whose assignments in the program (its initialiser, a
 * field's default 0 when it has none, every {@code name = ...} in the method for a local, anywhere for a field) are
 * such values, combined by arithmetic; a method's parameter takes the arguments of every call of a method of its
 * name and arity. A parameter passed where the text does not show it (a method reference, {@code super}, the entry
 * point), an array element, a call, a {@code ++} or a compound assignment makes the tag unknown, and one unknown tag
 * anywhere opens its whole side: nothing is then said of it. {@code MPI.ANY_TAG} in a receive opens the receive side.
 * A receive no send can match is the first of MPI-CHECK's deadlock categories, a send no receive can match the second
 * (Luecke et al., Deadlock detection in MPI programs, §2.1 items 1 and 2), as against the third, a cycle.
 */
public final class TagInventory {

    /** The sends' tag argument position: {@code Send(buf, offset, count, type, dest, tag)} and its variants. */
    private static final Set<String> SENDS = Set.of("Send", "Ssend", "Bsend", "Rsend", "Isend", "Issend", "Ibsend", "Irsend",
            "Send_init", "Ssend_init", "Bsend_init", "Rsend_init");
    private static final Set<String> RECEIVES = Set.of("Recv", "Irecv", "Recv_init");
    private static final Set<String> PROBES = Set.of("Probe", "Iprobe");
    private static final int MAX_DEPTH = 6;

    private static final TagInventory OPEN = new TagInventory(null, null, null);

    /** A send call of the program: where it is, and the tags it may carry (null: not known from the text). */
    private record SendSite(String file, int start, Set<Long> tags) {}

    /** The tags some send may carry, or null when a send's tag is not known from the text. */
    private final Set<Long> sent;
    /** The tags some receive or probe may ask for, or null when one asks for any tag or a tag not known. */
    private final Set<Long> received;
    /** Every send call, or null when there is no text. */
    private final List<SendSite> sendSites;

    private TagInventory(Set<Long> sent, Set<Long> received, List<SendSite> sendSites) {
        this.sent = sent;
        this.received = received;
        this.sendSites = sendSites;
    }

    /** An inventory that rules nothing out (no program text at hand). */
    public static TagInventory open() {
        return OPEN;
    }

    /**
     * Where a call's tag is among its arguments, by MPJ Express's signatures: its send tag ({@code sendSide}) or its
     * receive tag. {@code Send(buf, offset, count, type, dest, tag)} and its variants, {@code Recv}, {@code Irecv} and
     * {@code Recv_init} alike, {@code Probe(source, tag)}, {@code Sendrecv} (5 and 11) and {@code Sendrecv_replace} (5
     * and 7). -1 for a call of the other side, of another name, or with another number of arguments.
     */
    public static int tagArgument(MethodInvocation call, boolean sendSide) {
        String name = call.getName().getIdentifier();
        if (!onSide(name, sendSide)) return -1;
        int n = call.arguments().size();
        return switch (name) {
            case "Probe", "Iprobe" -> n == 2 ? 1 : -1;
            case "Sendrecv" -> n == 12 ? (sendSide ? 5 : 11) : -1;
            case "Sendrecv_replace" -> n == 8 ? (sendSide ? 5 : 7) : -1;
            default -> n == 6 ? 5 : -1;
        };
    }

    /** Whether a call of this name sends ({@code sendSide}) or receives: Sendrecv and Sendrecv_replace do both. */
    private static boolean onSide(String name, boolean sendSide) {
        if (name.equals("Sendrecv") || name.equals("Sendrecv_replace")) return true;
        return sendSide ? SENDS.contains(name) : RECEIVES.contains(name) || PROBES.contains(name);
    }

    /** Reads the program's send and receive sites. */
    public static TagInventory of(Program program) {
        Reader r = new Reader(program);
        return new TagInventory(r.sent, r.received, r.sites);
    }

    /** Whether no send of the program can carry {@code tag} (a tag the execution knew, not a wildcard). */
    public boolean neverSent(int tag) {
        return sent != null && tag != Peer.ANY && tag != Peer.UNKNOWN && !sent.contains((long) tag);
    }

    /**
     * Whether a send call that may carry {@code tag} (or whose tag is not known) is one the rank whose calls ran at
     * {@code done} has not made yet: the evidence that a message of that tag may still follow what the rank did
     * send. True without the program's text.
     */
    public boolean sendAhead(int tag, Set<dev.rendezvous.core.model.SourceRange> done) {
        if (sendSites == null) return true;
        Set<String> made = new HashSet<>();
        for (dev.rendezvous.core.model.SourceRange r : done) made.add(r.file() + "@" + r.start());
        for (SendSite s : sendSites) {
            if ((s.tags() == null || s.tags().contains((long) tag)) && !made.contains(s.file() + "@" + s.start())) return true;
        }
        return false;
    }

    /** Whether no receive or probe of the program can take a message of {@code tag}. */
    public boolean neverReceived(int tag) {
        return received != null && tag != Peer.UNKNOWN && !received.contains((long) tag);
    }

    /** Walks the units once for the call sites, then evaluates each tag argument. */
    private static final class Reader {
        private final Program program;
        private final List<CompilationUnit> units;
        private final List<SendSite> sites = new java.util.ArrayList<>();
        private Set<Long> sent = new HashSet<>();
        private Set<Long> received = new HashSet<>();
        /** Per field name: the values assigned to it anywhere, or null when one is not known. */
        private final Map<String, Set<Long>> fields = new HashMap<>();
        /** The names declared as fields in any file, whether or not their values are known. */
        private final Set<String> declaredFields = new HashSet<>();
        private final Set<String> visiting = new HashSet<>();

        Reader(Program program) {
            this.program = program;
            this.units = program.units();
            for (CompilationUnit u : units) {
                u.accept(new ASTVisitor() {
                    @Override
                    public boolean visit(FieldDeclaration fd) {
                        for (Object o : fd.fragments()) declaredFields.add(((VariableDeclarationFragment) o).getName().getIdentifier());
                        return false;
                    }
                });
            }
            for (CompilationUnit u : units) {
                u.accept(new ASTVisitor() {
                    @Override
                    public boolean visit(MethodInvocation mi) {
                        site(mi);
                        return true;
                    }
                });
            }
        }

        /** A call of a send's or a receive's name: its tag's values (null, the side opened, where it has another shape). */
        private void site(MethodInvocation mi) {
            String name = mi.getName().getIdentifier();
            if (onSide(name, true)) sent = add(sent, site(mi, arg(mi, tagArgument(mi, true))));
            if (onSide(name, false)) received = add(received, arg(mi, tagArgument(mi, false)));
        }

        /** Notes a send call with its tags (null: not known); returns them. */
        private Set<Long> site(MethodInvocation mi, Set<Long> tags) {
            dev.rendezvous.core.model.SourceRange r = program.range(mi);
            sites.add(new SendSite(r.file(), r.start(), tags));
            return tags;
        }

        /** The values of argument {@code i} of the call; null for -1 (no tag argument there). */
        private Set<Long> arg(MethodInvocation mi, int i) {
            return i < 0 ? null : values((Expression) mi.arguments().get(i), 0);
        }

        private static Set<Long> add(Set<Long> into, Set<Long> values) {
            if (into == null || values == null) return null;
            into.addAll(values);
            return into;
        }

        /** The values {@code e} can have, or null when the text does not fix them. */
        private Set<Long> values(Expression e, int depth) {
            if (depth > MAX_DEPTH) return null;
            return switch (e) {
                case NumberLiteral x -> literal(x.getToken());
                case CharacterLiteral x -> {
                    try {
                        yield Set.of((long) x.charValue());
                    } catch (IllegalArgumentException bad) {
                        yield null;
                    }
                }
                case ParenthesizedExpression x -> values(x.getExpression(), depth);
                case CastExpression x -> x.getType().isPrimitiveType() ? values(x.getExpression(), depth) : null;
                case PrefixExpression x -> {
                    Set<Long> v = x.getOperator() == PrefixExpression.Operator.MINUS || x.getOperator() == PrefixExpression.Operator.PLUS
                            ? values(x.getOperand(), depth + 1) : null;
                    if (v == null || x.getOperator() == PrefixExpression.Operator.PLUS) yield v;
                    Set<Long> out = new HashSet<>();
                    for (long a : v) out.add((long) (int) -a);
                    yield out;
                }
                case InfixExpression x -> infix(x, depth);
                case ConditionalExpression x -> {
                    Set<Long> a = values(x.getThenExpression(), depth + 1), b = values(x.getElseExpression(), depth + 1);
                    if (a == null || b == null) yield null;
                    Set<Long> out = new HashSet<>(a);
                    out.addAll(b);
                    yield out;
                }
                case SimpleName x -> name(x, depth);
                // Tags.DATA, this.tag: the field of that name wherever it is declared
                case QualifiedName x -> x.getQualifier().toString().equals("MPI") ? null : field(x.getName().getIdentifier(), depth);
                case FieldAccess x -> field(x.getName().getIdentifier(), depth);
                default -> null;
            };
        }

        private static Set<Long> literal(String token) {
            String t = token.replace("_", "");
            if (t.endsWith("L") || t.endsWith("l")) t = t.substring(0, t.length() - 1);
            try {
                return Set.of((long) Long.decode(t).intValue());
            } catch (NumberFormatException notAnInteger) {
                return null; // a floating-point literal: not a tag
            }
        }

        private static final int MAX_PRODUCT = 64;

        private Set<Long> infix(InfixExpression x, int depth) {
            Set<Long> acc = values(x.getLeftOperand(), depth + 1);
            List<Expression> rest = new java.util.ArrayList<>();
            rest.add(x.getRightOperand());
            for (Object o : x.extendedOperands()) rest.add((Expression) o);
            for (Expression r : rest) {
                Set<Long> b = values(r, depth + 1);
                if (acc == null || b == null || acc.size() * b.size() > MAX_PRODUCT) return null;
                Set<Long> out = new HashSet<>();
                for (long a : acc) {
                    for (long c : b) {
                        Long v = apply(x.getOperator(), (int) a, (int) c);
                        if (v == null) return null;
                        out.add(v);
                    }
                }
                acc = out;
            }
            return acc;
        }

        /** {@code a op b} as Java computes it on ints, or null for an operator a tag is not made with (or a division by zero). */
        private static Long apply(InfixExpression.Operator op, int a, int b) {
            if (op == InfixExpression.Operator.PLUS) return (long) (a + b);
            if (op == InfixExpression.Operator.MINUS) return (long) (a - b);
            if (op == InfixExpression.Operator.TIMES) return (long) (a * b);
            if (op == InfixExpression.Operator.DIVIDE) return b == 0 ? null : (long) (a / b);
            if (op == InfixExpression.Operator.REMAINDER) return b == 0 ? null : (long) (a % b);
            if (op == InfixExpression.Operator.LEFT_SHIFT) return (long) (a << b);
            if (op == InfixExpression.Operator.RIGHT_SHIFT_SIGNED) return (long) (a >> b);
            if (op == InfixExpression.Operator.OR) return (long) (a | b);
            if (op == InfixExpression.Operator.AND) return (long) (a & b);
            if (op == InfixExpression.Operator.XOR) return (long) (a ^ b);
            return null;
        }

        /**
         * A name's values: those of the locals of that name declared in the method around it (their initialisers and
         * every assignment to the name in it), together with the field of that name when there is one (the use may be
         * outside the local's scope). A parameter of the method takes what its callers pass ({@link #passed}); a lambda's,
         * a catch's or a loop's variable is not known.
         */
        private Set<Long> name(SimpleName n, int depth) {
            String id = n.getIdentifier();
            ASTNode body = n;
            while (body != null && !(body instanceof MethodDeclaration) && !(body instanceof Initializer)
                    && !(body instanceof LambdaExpression) && !(body instanceof FieldDeclaration)) {
                body = body.getParent();
            }
            Set<Long> out = new HashSet<>();
            boolean[] local = {false}, unknown = {false};
            if (body != null && !(body instanceof FieldDeclaration)) {
                ASTNode scope = body;
                // a lambda's body sees the locals of the method around it too
                while (scope instanceof LambdaExpression) {
                    for (Object p : ((LambdaExpression) scope).parameters()) {
                        if (((org.eclipse.jdt.core.dom.VariableDeclaration) p).getName().getIdentifier().equals(id)) return null;
                    }
                    ASTNode up = scope.getParent();
                    while (up != null && !(up instanceof MethodDeclaration) && !(up instanceof Initializer) && !(up instanceof LambdaExpression)) {
                        up = up.getParent();
                    }
                    if (up == null) break;
                    scope = up;
                }
                int d = depth;
                // a parameter of the method takes the values its callers pass (those it is assigned in it are added below)
                SingleVariableDeclaration param = null;
                if (scope instanceof MethodDeclaration m) {
                    List<?> ps = m.parameters();
                    for (int i = 0; i < ps.size(); i++) {
                        SingleVariableDeclaration v = (SingleVariableDeclaration) ps.get(i);
                        if (!v.getName().getIdentifier().equals(id)) continue;
                        param = v;
                        local[0] = true;
                        merge(out, v.isVarargs() ? null : passed(m, i, depth), unknown);
                    }
                }
                SingleVariableDeclaration own = param;
                // the local's declarations, and what the method writes into the name (Writes)
                scope.accept(new Writes(t -> t instanceof SimpleName s && s.getIdentifier().equals(id), out, unknown, d) {
                    @Override
                    public boolean visit(SingleVariableDeclaration v) {
                        // a catch or loop variable, a parameter of a nested method or lambda
                        if (v != own && v.getName().getIdentifier().equals(id)) unknown[0] = true;
                        return true;
                    }

                    @Override
                    public boolean visit(VariableDeclarationFragment f) {
                        if (!f.getName().getIdentifier().equals(id)) return true;
                        local[0] = true;
                        if (f.getParent() instanceof LambdaExpression) unknown[0] = true;
                        else if (f.getInitializer() != null) merge(out, values(f.getInitializer(), d + 1), unknown);
                        return true;
                    }

                });
            }
            if (unknown[0]) return null;
            Set<Long> f = field(id, depth);
            if (f != null) {
                out.addAll(f);
                return out;
            }
            // no field of that name: a local's values alone; no local either (a name declared in no file given) is unknown
            return local[0] && !declaredFields.contains(id) ? out : null;
        }

        /**
         * Collects what the statements it visits write into the variable whose targets {@code target} accepts: the
         * values of each plain assignment into {@code out}; a compound assignment, {@code ++} or {@code --} makes it
         * unknown.
         */
        private class Writes extends ASTVisitor {
            private final java.util.function.Predicate<Expression> target;
            private final Set<Long> out;
            private final boolean[] unknown;
            private final int depth;

            Writes(java.util.function.Predicate<Expression> target, Set<Long> out, boolean[] unknown, int depth) {
                this.target = target;
                this.out = out;
                this.unknown = unknown;
                this.depth = depth;
            }

            @Override
            public boolean visit(Assignment a) {
                if (target.test(a.getLeftHandSide())) {
                    if (a.getOperator() != Assignment.Operator.ASSIGN) unknown[0] = true;
                    else merge(out, values(a.getRightHandSide(), depth + 1), unknown);
                }
                return true;
            }

            @Override
            public boolean visit(PostfixExpression p) {
                if (target.test(p.getOperand())) unknown[0] = true;
                return true;
            }

            @Override
            public boolean visit(PrefixExpression p) {
                if (target.test(p.getOperand()) && (p.getOperator() == PrefixExpression.Operator.INCREMENT
                        || p.getOperator() == PrefixExpression.Operator.DECREMENT)) {
                    unknown[0] = true;
                }
                return true;
            }
        }

        private static final int MAX_CALLERS = 32;
        private final Set<MethodDeclaration> passing = new HashSet<>();

        /**
         * The values passed as parameter {@code i} of {@code m}: the union over every call by its name with as many
         * arguments (any class's: over-approximated), or null when one is not known, there is none to see (the
         * program's entry point, a method called from elsewhere), or too many.
         */
        private Set<Long> passed(MethodDeclaration m, int i, int depth) {
            if (!passing.add(m)) return null; // passes its parameter on to itself
            try {
                String name = m.getName().getIdentifier();
                int arity = m.parameters().size();
                List<Expression> args = new java.util.ArrayList<>();
                boolean[] unseen = {false}; // a call whose arguments the text does not show
                for (CompilationUnit u : units) {
                    u.accept(new ASTVisitor() {
                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.ExpressionMethodReference r) {
                            unseen[0] |= r.getName().getIdentifier().equals(name) || m.isConstructor();
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.TypeMethodReference r) {
                            unseen[0] |= r.getName().getIdentifier().equals(name);
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.SuperMethodReference r) {
                            unseen[0] |= r.getName().getIdentifier().equals(name);
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.CreationReference r) {
                            unseen[0] |= m.isConstructor();
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.ConstructorInvocation c) {
                            unseen[0] |= m.isConstructor(); // this(...): not told apart from the other constructors here
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.SuperConstructorInvocation c) {
                            unseen[0] |= m.isConstructor();
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.SuperMethodInvocation c) {
                            unseen[0] |= c.getName().getIdentifier().equals(name);
                            return true;
                        }

                        @Override
                        public boolean visit(MethodInvocation mi) {
                            if (!m.isConstructor() && mi.getName().getIdentifier().equals(name) && mi.arguments().size() == arity) {
                                args.add((Expression) mi.arguments().get(i));
                            }
                            return true;
                        }

                        @Override
                        public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                            if (m.isConstructor() && c.getType().toString().endsWith(name) && c.arguments().size() == arity) {
                                args.add((Expression) c.arguments().get(i));
                            }
                            return true;
                        }
                    });
                }
                if (unseen[0] || args.isEmpty() || args.size() > MAX_CALLERS) return null;
                Set<Long> out = new HashSet<>();
                for (Expression a : args) {
                    Set<Long> v = values(a, depth + 1);
                    if (v == null) return null;
                    out.addAll(v);
                }
                return out;
            } finally {
                passing.remove(m);
            }
        }

        private static void merge(Set<Long> into, Set<Long> values, boolean[] unknown) {
            if (values == null) unknown[0] = true;
            else into.addAll(values);
        }

        /**
         * The values of the fields named {@code id} in any file: their initialisers (0 without one) and every
         * assignment to {@code id}, {@code this.id} or {@code x.id} anywhere; null when there is no such field or one
         * of those is not known.
         */
        private Set<Long> field(String id, int depth) {
            if (fields.containsKey(id)) return fields.get(id);
            if (!visiting.add(id)) return null; // defined through itself
            Set<Long> out = new HashSet<>();
            boolean[] unknown = {false}, declared = {false};
            for (CompilationUnit u : units) {
                u.accept(new ASTVisitor() {
                    @Override
                    public boolean visit(FieldDeclaration fd) {
                        for (Object o : fd.fragments()) {
                            VariableDeclarationFragment f = (VariableDeclarationFragment) o;
                            if (!f.getName().getIdentifier().equals(id)) continue;
                            declared[0] = true;
                            if (f.getInitializer() == null) out.add(0L);
                            else merge(out, values(f.getInitializer(), depth + 1), unknown);
                        }
                        return true;
                    }
                });
                u.accept(new Writes(t -> named(t, id), out, unknown, depth));
            }
            visiting.remove(id);
            Set<Long> result = declared[0] && !unknown[0] ? out : null;
            fields.put(id, result);
            return result;
        }

        /** Whether an assignment's target may be the variable {@code id}: {@code id}, {@code this.id}, {@code x.id}. */
        private static boolean named(Expression target, String id) {
            return target instanceof SimpleName s && s.getIdentifier().equals(id)
                    || target instanceof FieldAccess f && f.getName().getIdentifier().equals(id)
                    || target instanceof QualifiedName q && q.getName().getIdentifier().equals(id);
        }
    }
}
