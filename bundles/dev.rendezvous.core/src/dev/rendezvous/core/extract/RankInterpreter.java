package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.ArrayCreation;
import org.eclipse.jdt.core.dom.ArrayInitializer;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.Block;
import org.eclipse.jdt.core.dom.BooleanLiteral;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.CatchClause;
import org.eclipse.jdt.core.dom.CharacterLiteral;
import org.eclipse.jdt.core.dom.ClassInstanceCreation;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.ContinueStatement;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.ImportDeclaration;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.Initializer;
import org.eclipse.jdt.core.dom.InstanceofExpression;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.Name;
import org.eclipse.jdt.core.dom.NumberLiteral;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.PrimitiveType;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.StringLiteral;
import org.eclipse.jdt.core.dom.SuperConstructorInvocation;
import org.eclipse.jdt.core.dom.SuperMethodInvocation;
import org.eclipse.jdt.core.dom.SwitchCase;
import org.eclipse.jdt.core.dom.SwitchExpression;
import org.eclipse.jdt.core.dom.SwitchStatement;
import org.eclipse.jdt.core.dom.SynchronizedStatement;
import org.eclipse.jdt.core.dom.TextBlock;
import org.eclipse.jdt.core.dom.ThisExpression;
import org.eclipse.jdt.core.dom.ThrowStatement;
import org.eclipse.jdt.core.dom.TryStatement;
import org.eclipse.jdt.core.dom.Type;
import org.eclipse.jdt.core.dom.TypeDeclaration;
import org.eclipse.jdt.core.dom.TypeDeclarationStatement;
import org.eclipse.jdt.core.dom.UnionType;
import org.eclipse.jdt.core.dom.VariableDeclarationExpression;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.WhileStatement;
import org.eclipse.jdt.core.dom.YieldStatement;

import dev.rendezvous.core.extract.Values.ArrayVal;
import dev.rendezvous.core.extract.Values.Cell;
import dev.rendezvous.core.extract.Values.ClassRef;
import dev.rendezvous.core.extract.Values.ListVal;
import dev.rendezvous.core.extract.Values.Null;
import dev.rendezvous.core.extract.Values.ObjVal;
import dev.rendezvous.core.extract.Values.Unknown;
import dev.rendezvous.core.model.Op;
import dev.rendezvous.core.model.SourceRange;
import dev.rendezvous.core.semantics.World;

/**
 * Interprets the SPMD body for one rank over the JDT AST: integer, boolean, char and floating
 * locals and fields, constants, arithmetic, all statement forms, arrays, the file's own methods
 * (inlined, recursion bounded) and objects as far as their fields go. Communication calls are
 * handed to {@link MpjCalls}, which drives the shared {@link World}.
 *
 * <p>Branches on values the analysis cannot know: when neither arm can communicate, the variables
 * the arms assign become unknown and execution goes on; otherwise the branch is a decision the
 * explorer enumerates (local to the rank for data, shared by all ranks for rank-uniform values),
 * and an {@code analysis-assumption} is recorded at the line.
 */
final class RankInterpreter {

    /** Control transfer signals (no stack traces: they are control flow, not errors). */
    static class Signal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String label;
        final Object value;

        Signal(String label, Object value) {
            super(null, null, false, false);
            this.label = label;
            this.value = value;
        }
    }

    static final class BreakSig extends Signal {
        private static final long serialVersionUID = 1L;

        BreakSig(String l) {
            super(l, null);
        }
    }

    static final class ContinueSig extends Signal {
        private static final long serialVersionUID = 1L;

        ContinueSig(String l) {
            super(l, null);
        }
    }

    static final class ReturnSig extends Signal {
        private static final long serialVersionUID = 1L;

        ReturnSig(Object v) {
            super(null, v);
        }
    }

    static final class YieldSig extends Signal {
        private static final long serialVersionUID = 1L;

        YieldSig(Object v) {
            super(null, v);
        }
    }

    /**
     * A pure or effect-free method ({@link Program#isPure}, {@link Program#isEffectFree}: no communication,
     * no writes outside its locals and the objects it creates) reached a branch on per-rank data: its result
     * is data-dependent, so the call gives an unknown instead of exploring both arms.
     */
    static final class AbandonPureCall extends Signal {
        private static final long serialVersionUID = 1L;

        AbandonPureCall() {
            super(null, null);
        }
    }

    /**
     * A {@code throw}: travels up to the innermost {@code try} whose catch clause takes its type
     * ({@link #execTry}); one that leaves the entry method crashes the rank ({@link #run}).
     */
    static final class ThrowSig extends Signal {
        private static final long serialVersionUID = 1L;
        /** The exception's class (simple name), null when the analysis cannot tell. */
        final String type;
        /** The throw statement, or the expression the JVM throws at (an array index out of range). */
        final ASTNode site;
        /** What the JVM throws, in words, when it is not the program's own throw; else null. */
        final String description;

        ThrowSig(String type, Object exception, ASTNode site) {
            this(type, exception, site, null);
        }

        ThrowSig(String type, Object exception, ASTNode site, String description) {
            super(null, exception);
            this.type = type;
            this.site = site;
            this.description = description;
        }
    }

    /** The program called {@code System.exit} or {@code Abort}: the rank ends here. */
    static final class ExitSig extends Signal {
        private static final long serialVersionUID = 1L;

        ExitSig(String why) {
            super(why, null);
        }
    }

    /** A budget ran out; the rank is abandoned and the run reported as incomplete. */
    static final class BudgetExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BudgetExceeded(String msg) {
            super(msg, null, false, false);
        }
    }

    /** One activation: nested scopes of locals, the receiver object, the declaring type. */
    static final class Frame {
        final ArrayList<Scope> scopes = new ArrayList<>();
        final ObjVal self;
        final AbstractTypeDeclaration type;

        Frame(ObjVal self, AbstractTypeDeclaration type) {
            this.self = self;
            this.type = type;
            scopes.add(new Scope());
        }
    }

    /**
     * The locals one block (or loop header, catch clause, activation) declares, or the static fields of one type. It
     * counts what is put into it, so that {@link #resolve} can reuse where it last found a name while the scope is the
     * same and unchanged.
     *
     * <p>A scope is made at every entry into its block and every call, and holds a few names, so it keeps them in two
     * small arrays in the order they were put, searched from the first; a hash index is built only once it holds more
     * than {@link #INDEX_FROM} (the statics of a type with many fields). A fresh {@code HashMap} per block and call,
     * with its table and an entry object per name, and its lookups, was a tenth of interpreting a program of small
     * methods (FilterFork).
     */
    static final class Scope extends java.util.AbstractMap<String, Cell> {
        private static final int INDEX_FROM = 8;
        private String[] keys = new String[4];
        /**
         * Each name's hash, beside it: a name not here (a field, a variable of an outer scope, looked up through every
         * scope inside it) is told apart by one comparison of numbers per name instead of a comparison of strings.
         */
        private int[] hashes = new int[4];
        private Cell[] cells = new Cell[4];
        private int size;
        /** Position of each name once {@link #size} passed {@link #INDEX_FROM}; null before. */
        private HashMap<String, Integer> index;
        int puts;
        /**
         * The positions of the names in the order of the names, as of {@link #puts} = {@code namesAt}
         * ({@link ValueHashing#fields}: a state hashed per call).
         */
        int[] sorted;
        /** Per entry of {@link #sorted}, whether its contents matter ({@link StateRelevance#relevant}). */
        boolean[] relevantNames;
        int namesAt = -1;

        /** The name put {@code i}-th among those still here. */
        String keyAt(int i) {
            return keys[i];
        }

        /** The variable of {@link #keyAt}. */
        Cell cellAt(int i) {
            return cells[i];
        }

        /** The positions of the names, in the order of the names. */
        int[] sortedPositions() {
            int[] out = new int[size];
            for (int i = 0; i < size; i++) { // insertion sort: a scope holds a few names
                int j = i;
                while (j > 0 && keys[out[j - 1]].compareTo(keys[i]) > 0) {
                    out[j] = out[j - 1];
                    j--;
                }
                out[j] = i;
            }
            return out;
        }

        private int find(Object name) {
            if (index != null) {
                Integer at = index.get(name);
                return at == null ? -1 : at;
            }
            if (name == null) return -1;
            int h = name.hashCode();
            for (int i = 0; i < size; i++) {
                if (hashes[i] != h) continue;
                String k = keys[i];
                if (k == name || k.equals(name)) return i;
            }
            return -1;
        }

        @Override
        public Cell get(Object name) {
            int i = find(name);
            return i < 0 ? null : cells[i];
        }

        @Override
        public boolean containsKey(Object name) {
            return find(name) >= 0;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public Cell put(String name, Cell cell) {
            puts++;
            int i = find(name);
            if (i >= 0) {
                Cell old = cells[i];
                cells[i] = cell;
                return old;
            }
            if (size == keys.length) {
                keys = java.util.Arrays.copyOf(keys, size * 2);
                hashes = java.util.Arrays.copyOf(hashes, size * 2);
                cells = java.util.Arrays.copyOf(cells, size * 2);
            }
            keys[size] = name;
            hashes[size] = name.hashCode();
            cells[size] = cell;
            if (index != null) {
                index.put(name, size);
            } else if (size + 1 > INDEX_FROM) {
                index = new HashMap<>();
                for (int k = 0; k <= size; k++) index.put(keys[k], k);
            }
            size++;
            return null;
        }

        @Override
        public Cell remove(Object name) {
            int i = find(name);
            if (i < 0) return null;
            puts++;
            Cell old = cells[i];
            System.arraycopy(keys, i + 1, keys, i, size - i - 1);
            System.arraycopy(hashes, i + 1, hashes, i, size - i - 1);
            System.arraycopy(cells, i + 1, cells, i, size - i - 1);
            size--;
            keys[size] = null;
            cells[size] = null;
            if (index != null) {
                index.clear();
                for (int k = 0; k < size; k++) index.put(keys[k], k);
            }
            return old;
        }

        @Override
        public java.util.Set<Map.Entry<String, Cell>> entrySet() {
            return new java.util.AbstractSet<>() {
                @Override
                public int size() {
                    return size;
                }

                @Override
                public java.util.Iterator<Map.Entry<String, Cell>> iterator() {
                    return new java.util.Iterator<>() {
                        private int next;
                        private int last = -1;

                        @Override
                        public boolean hasNext() {
                            return next < size;
                        }

                        @Override
                        public Map.Entry<String, Cell> next() {
                            if (next >= size) throw new java.util.NoSuchElementException();
                            last = next++;
                            int at = last;
                            return new java.util.AbstractMap.SimpleEntry<>(keys[at], cells[at]) {
                                private static final long serialVersionUID = 1L;

                                @Override
                                public Cell setValue(Cell value) {
                                    cells[at] = value;
                                    return super.setValue(value);
                                }
                            };
                        }

                        @Override
                        public void remove() {
                            if (last < 0) throw new IllegalStateException();
                            Scope.this.remove(keys[last]);
                            next = last;
                            last = -1;
                        }
                    };
                }
            };
        }
    }

    /** Where {@link #resolve} last found a local variable: the scope, its put count then, its depth and the cell. */
    private static final class LocalHint {
        Scope scope;
        int puts;
        int depth;
        Cell cell;

        LocalHint set(Scope scope, int depth, Cell cell) {
            this.scope = scope;
            this.puts = scope.puts;
            this.depth = depth;
            this.cell = cell;
            return this;
        }
    }

    final Program program;
    final World world;
    final int rank;
    final Budgets budgets;
    final Assumptions assumptions;
    final MpjCalls mpj;
    /** Static fields: type name -> field name -> cell (two levels, so a lookup builds no string). */
    private final Map<String, Map<String, Cell>> statics = new HashMap<>();
    /** The types of {@link #statics} in order, for {@link #hashState}. */
    private String[] staticTypes = new String[0];

    private Cell staticCell(String type, String field) {
        Map<String, Cell> m = statics.get(type);
        return m == null ? null : m.get(field);
    }
    private final Map<ASTNode, Integer> occurrences = new IdentityHashMap<>();
    final ArrayList<ASTNode> callSites = new ArrayList<>();
    private Frame frame;
    private long steps;
    private int depth;

    RankInterpreter(Program program, World world, int rank, Budgets budgets, Assumptions assumptions) {
        this.program = program;
        this.world = world;
        this.rank = rank;
        this.budgets = budgets;
        this.assumptions = assumptions;
        this.hintsById = (long) program.nameCount() * world.np() <= MAX_HINT_SLOTS ? new Object[program.nameCount()] : null;
        this.mpj = new MpjCalls(this);
        world.describeRank(rank, new dev.rendezvous.core.semantics.World.RankView() {
            @Override
            public boolean opaque() {
                return stateOpaque();
            }

            @Override
            public void hashState(dev.rendezvous.core.semantics.StateCache.Hasher h) {
                RankInterpreter.this.hashState(h);
            }

            @Override
            public void hashPayload(dev.rendezvous.core.semantics.StateCache.Hasher h, Object payload, Op op) {
                RankInterpreter.this.hashPayload(h, payload, op);
            }

            @Override
            public void turns(java.util.function.ObjIntConsumer<Object> out) {
                RankInterpreter.this.turns(out);
            }
        });
    }

    // ================================================================ entry

    void run() {
        try {
            runEntry();
        } catch (ExitSig e) {
            // the program ended itself (System.exit or Abort)
        } catch (ThrowSig t) {
            // an uncaught exception crashes the process: a failure the user sees, not a silent hang, so
            // ranks left waiting for this one are not reported as deadlocked (as for a rank not followed)
            boolean fromMain = program.entry().getName().getIdentifier().equals("main"); // else main's own catch may take it
            if (t.description != null && localDecisions == 0 && fromMain) {
                // the JVM's own check failed on a path no unknown data chose: the program crashes here at this
                // process count, and on MPJ's multicore device that ends the job (checked on the runtime)
                assumptions.portabilityDefect(dev.rendezvous.core.model.FindingKind.JOB_ABORT, program.range(t.site), "Rank " + rank + " throws "
                        + t.description + " here and nothing catches it: at this process count the program crashes, and "
                        + "the job ends with that exception (ranks waiting for it are not reported as deadlocked)", rank);
                world.abortJob(rank, "throws " + t.description + " at line " + program.range(t.site).line());
                return;
            }
            String what = t.description != null ? " " + t.description : "";
            assumptions.add(program.range(t.site), "Rank " + rank + " throws" + what + " here and nothing catches it; the "
                    + "analysis assumes the rank stops (ranks waiting for it are not reported as deadlocked)");
            throw new BudgetExceeded("rank " + rank + " throws at line " + program.range(t.site).line());
        }
    }

    private void runEntry() {
        MethodDeclaration entry = program.entry();
        AbstractTypeDeclaration type = (AbstractTypeDeclaration) entry.getParent();
        frame = new Frame(null, type);
        initStatics();
        ObjVal self = null;
        if (!Modifier.isStatic(entry.getModifiers())) {
            self = instantiate(type, List.of(), entry);
        }
        List<Object> args = new ArrayList<>();
        for (Object p : entry.parameters()) {
            SingleVariableDeclaration d = (SingleVariableDeclaration) p;
            // String[] args, String args[] (C-style) and String... args are all the program's arguments
            boolean array = d.getType().isArrayType() || d.getExtraDimensions() > 0 || d.isVarargs();
            String[] runtime = budgets.mpjRuntimeArgs ? new String[] {Integer.toString(rank), Integer.toString(world.np()), "smpdev"} : null;
            args.add(array ? new Values.ArgsVal(true, runtime, budgets.programArgs) : Unknown.ANY);
        }
        invoke(entry, self, args, null);
    }

    private void initStatics() {
        for (AbstractTypeDeclaration t : program.types()) {
            String tn = t.getName().getIdentifier();
            for (Object o : t.bodyDeclarations()) {
                if (o instanceof FieldDeclaration fd && isStaticField(t, fd)) {
                    for (Object f : fd.fragments()) {
                        VariableDeclarationFragment v = (VariableDeclarationFragment) f;
                        statics.computeIfAbsent(tn, k -> new Scope()).put(v.getName().getIdentifier(),
                                typedCell(defaultValue(fd.getType(), v.getExtraDimensions()), fd.getType(), v.getExtraDimensions()));
                    }
                }
            }
        }
        initEnums();
        for (AbstractTypeDeclaration t : program.types()) {
            Frame saved = frame;
            frame = new Frame(null, t);
            initializing++;
            try {
                String tn = t.getName().getIdentifier();
                for (Object o : t.bodyDeclarations()) {
                    if (o instanceof FieldDeclaration fd && isStaticField(t, fd)) {
                        for (Object f : fd.fragments()) {
                            VariableDeclarationFragment v = (VariableDeclarationFragment) f;
                            if (v.getInitializer() != null) {
                                staticCell(tn, v.getName().getIdentifier()).set(quietly(v.getInitializer(), fd.getType()));
                            }
                        }
                    } else if (o instanceof Initializer in && Modifier.isStatic(in.getModifiers())) {
                        try {
                            exec(in.getBody());
                        } catch (Signal s) {
                            // ignore control flow out of a static initializer
                        }
                    }
                }
            } finally {
                frame = saved;
                initializing--;
            }
        }
    }

    /** The field of an enum constant that holds its {@code name()}, and the one that holds its {@code ordinal()}. */
    static final String ENUM_NAME = "$name", ENUM_ORDINAL = "$ordinal";
    /** The static of an enum that holds what its {@code values()} returns (a copy of it, on each call). */
    static final String ENUM_VALUES = "$values";

    /**
     * The constants of the program's enums, made before any static initializer runs (Java makes them first, when the
     * enum is first used): each an object of the enum with its name and ordinal, its fields' initializers and the
     * constructor its arguments choose run, stored as a static of the enum ({@code Mode.COUNT}). An enum whose
     * constants have bodies of their own (a method each constant overrides) is not made: its constants stay unknown,
     * since a call on one would find the enum's method, not the constant's.
     */
    private void initEnums() {
        for (AbstractTypeDeclaration t : program.types()) {
            if (!(t instanceof org.eclipse.jdt.core.dom.EnumDeclaration ed)) continue;
            boolean bodies = false;
            for (Object c : ed.enumConstants()) bodies |= ((org.eclipse.jdt.core.dom.EnumConstantDeclaration) c).getAnonymousClassDeclaration() != null;
            if (bodies) continue;
            String tn = ed.getName().getIdentifier();
            Map<String, Cell> own = statics.computeIfAbsent(tn, k -> new Scope());
            List<Object> values = new ArrayList<>();
            long ordinal = 0;
            for (Object c : ed.enumConstants()) {
                org.eclipse.jdt.core.dom.EnumConstantDeclaration ec = (org.eclipse.jdt.core.dom.EnumConstantDeclaration) c;
                Frame saved = frame;
                frame = new Frame(null, ed);
                List<Object> args = new ArrayList<>();
                try {
                    for (Object a : ec.arguments()) args.add(quietly((Expression) a, null));
                } finally {
                    frame = saved;
                }
                ObjVal o;
                try {
                    o = instantiate(ed, args, ec);
                } catch (Signal s) {
                    o = new ObjVal(ed); // a constructor that throws: the constant, without what it would have set
                }
                o.fields.put(ENUM_NAME, new Cell(ec.getName().getIdentifier()));
                o.fields.put(ENUM_ORDINAL, new Cell(ordinal++));
                own.put(ec.getName().getIdentifier(), new Cell(o));
                values.add(o);
            }
            own.put(ENUM_VALUES, new Cell(new ArrayVal(values.toArray())));
        }
    }

    private Object quietly(Expression e, Type t) {
        try {
            return coerce(eval(e), t);
        } catch (Signal s) {
            return Unknown.ANY;
        }
    }

    // ================================================================ budgets

    /**
     * An assumption about data this rank could not compute (a test, a loop bound), unless the rank has called
     * {@code MPI.Finalize}: nothing it does afterwards reaches another rank, so how its local checks went cannot change
     * a finding (a program that compares its parallel result with a sequential one after Finalize was "ok with
     * assumptions" for that comparison alone).
     */
    private void assumeBeforeFinalize(SourceRange range, String message) {
        if (!mpj.finalized()) assumptions.add(range, message);
    }

    void step(ASTNode at) {
        if ((steps & 4095) == 0 && steps > 0 && world.deadlinePassed()) throw outOfTime(at);
        if (++steps > budgets.maxStepsPerRank) {
            // after Finalize nothing the rank does can reach another rank: a long check of the result ends it quietly
            if (mpj.finalized()) throw new ExitSig("step budget spent after MPI.Finalize");
            assumptions.add(program.range(at), "Stopped following rank " + rank + " after " + budgets.maxStepsPerRank
                    + " interpretation steps; what it does afterwards is not analysed");
            throw new BudgetExceeded("step budget exhausted on rank " + rank);
        }
    }

    /** Elements of an array copy or fill charged as one interpretation step ({@link #bulk}). */
    static final int ELEMENTS_PER_STEP = 32;

    /**
     * Charges work on many array elements at once (a copy, a fill) to the step budget, one step per
     * {@link #ELEMENTS_PER_STEP} elements, and looks at the clock after a long one: a loop that copies a row of a
     * million-element matrix on each of its thousand iterations does little interpretation but much work, and
     * without this neither budget would notice it.
     */
    void bulk(long elements, ASTNode at) {
        long charge = elements / ELEMENTS_PER_STEP;
        if (charge == 0) return;
        steps += charge - 1;
        if (charge >= 64 && world.deadlinePassed()) throw outOfTime(at);
        step(at);
    }

    /** Records that the time budget ran out at {@code at}; the exception that stops following this rank. */
    private BudgetExceeded outOfTime(ASTNode at) {
        assumptions.add(program.range(at), "The time budget ran out while following rank " + rank
                + "; what it does afterwards is not analysed");
        return new BudgetExceeded("time budget exhausted on rank " + rank);
    }

    long steps() {
        return steps;
    }

    /** How many program arguments this rank takes: none (the program's defaults) unless a usage check asks for more. */
    private long argsLength;
    /** The most arguments a usage check may raise {@link #argsLength} to. */
    private static final long MAX_USAGE_ARGS = 8;
    private boolean probingArgs;

    /**
     * A usage check: {@code args.length} in the test of an {@code if} whose branch taken with the
     * arguments taken so far (none at first) only ends the program or reports (it does not communicate,
     * and it exits or returns, or the other branch holds the communication). Analysing that branch would
     * analyse a misuse of the program, so the rank takes the fewest arguments (up to 8) that lead into the
     * other branch; what they hold stays unknown but the same on every rank. Checks one after the other
     * ({@code args.length < 4}: no input file, then {@code < 5}: no output file) each raise the count in
     * turn. True when the count was raised.
     */
    private boolean usageCheck(ASTNode at, boolean raw) {
        ASTNode child = at;
        ASTNode p = at.getParent();
        while (p instanceof Expression) {
            child = p;
            p = p.getParent();
        }
        if (!(p instanceof org.eclipse.jdt.core.dom.IfStatement stmt) || child != stmt.getExpression()
                || !sideEffectFree(stmt.getExpression())) {
            return false;
        }
        Boolean without = probeArgs(stmt.getExpression(), argsLength);
        if (without == null) return false;
        Statement taken = without ? stmt.getThenStatement() : stmt.getElseStatement();
        Statement other = without ? stmt.getElseStatement() : stmt.getThenStatement();
        boolean endsHere = taken != null && !program.mayCommunicate(taken)
                && (program.transfersControl(taken) || other != null && program.mayCommunicate(other));
        if (!endsHere) return false;
        for (long k = argsLength + 1; k <= MAX_USAGE_ARGS; k++) {
            Boolean with = probeArgs(stmt.getExpression(), k);
            if (with != null && with != without) {
                argsLength = k;
                assumptions.add(program.range(stmt.getExpression()), "Program arguments: taken as " + k + " argument"
                        + (k == 1 ? "" : "s") + ", the fewest this check accepts (without them the program only reports "
                        + "its usage); what they hold is unknown but the same on every rank");
                return true;
            }
        }
        if (argsLength == 0 && raw && program.transfersControl(taken) && program.mayCommunicate(program.entry().getBody())) {
            mpjArgsEndTheProgram(stmt);
        }
        return false;
    }

    /**
     * A usage check on {@code main}'s own {@code args.length} that MPJ Express never passes: its {@code main} gets the
     * rank, the process count and the device before the user's arguments, so {@code args.length} is the user's count
     * plus three, and a test such as {@code args.length != 2} or {@code args.length > 2} comes out the same whatever the
     * user passes (none of 0..8 arguments leads past it). Every rank then ends the program there, without the
     * communication that follows: a warning at this process count (the analysis has nothing else to say about the
     * program, whose communication it never reaches), not an error, since the same source runs as the user meant
     * under mpiJava, whose {@code main} gets the user's arguments alone.
     */
    private void mpjArgsEndTheProgram(org.eclipse.jdt.core.dom.IfStatement stmt) {
        String what = mpj.initialized() ? "ends the program here" : "ends the program here without calling MPI.Init";
        assumptions.portabilityDefect(dev.rendezvous.core.model.FindingKind.INIT_FINALIZE, program.range(stmt.getExpression()),
                "Under MPJ Express this test of args.length comes out the same whatever the user passes: main's args starts "
                + "with the rank, the process count and the device (args.length is the user's count plus 3), so every rank "
                + what + "; test the user's arguments MPI.Init returns instead (String[] rest = MPI.Init(args); rest.length)",
                rank);
    }

    /** The value of a side-effect-free test with {@code k} program arguments, or null if it is not a known boolean. */
    private Boolean probeArgs(Expression test, long k) {
        long before = argsLength;
        probingArgs = true;
        argsLength = k;
        try {
            return eval(test) instanceof Boolean b ? b : null;
        } catch (RuntimeException e) {
            return null;
        } finally {
            probingArgs = false;
            argsLength = before;
        }
    }

    private void argsAssumed(ASTNode at) {
        assumptions.add(program.range(at), "Program arguments are taken as empty (the program's defaults); an argument "
                + "read anyway is unknown but the same on every rank (MPJ starts every rank with the same arguments, after "
                + "the rank, process count and device it puts first in main's args); give the arguments of your run to "
                + "follow it exactly (--args on the command line; in the IDE the class's launch configuration or the project's "
                + "Rendezvous properties)");
    }

    SourceRange userSite(ASTNode call) {
        return callSites.isEmpty() ? program.range(call) : program.range(callSites.get(0));
    }

    int occurrence(ASTNode n) {
        return occurrences.merge(n, 1, Integer::sum);
    }

    /**
     * Decides a condition. Known booleans decide themselves; unknown ones become a decision of the
     * explorer (shared by every rank when the value is rank-uniform).
     */
    boolean decide(Object v, ASTNode at, String what) {
        if (v instanceof Boolean b) return b;
        v = withKnownValues(v);
        if (v instanceof Boolean b) return b;
        if (v == Unknown.ANY && pureCalls > 0) throw new AbandonPureCall(); // only the call's value depends on it
        decisionsTaken++;
        int occ = occurrence(at);
        if (v instanceof Values.Sym sym) {
            // a test and its negation are one decision: a master's "while (err > eps)" and a worker's
            // "if (err <= eps) break;" on the same reduced error take opposite outcomes together
            Object[] canon = canonical(sym);
            boolean negated = (Boolean) canon[1];
            return decideValue(canon[0], at, what, occ, negated ? sym : null) != negated;
        }
        return decideValue(v, at, what, occ, null);
    }

    /**
     * The test {@code sym} as {@link #decide} decides it ({@link Values.Sym#canonicalTest}: a symbol, or an unknown when
     * the text grew too long for one) and whether that is its negation.
     */
    private static Object[] canonical(Values.Sym sym) {
        Object[] canon = Values.Sym.canonicalTest(sym.expr());
        return canon == null ? new Object[] {sym, false} : new Object[] {Values.Sym.of((String) canon[0]), canon[1]};
    }

    /**
     * The key every rank decides a test of {@code sym} under ({@link #decide}), and whether its outcome 0 means the
     * test is false; the key is null when the test is decided by no key (a text too long for a symbol).
     */
    private Object[] uniformKey(Values.Sym sym) {
        Object[] canon = canonical(sym);
        Object key = canon[0] instanceof Values.Sym s ? instanceTest(s) : null;
        return new Object[] {key != null ? key : canon[0] instanceof Values.Sym ? canon[0] : null, canon[1]};
    }

    /** The outcome recorded under {@code key} ({@link #uniformKey}) for its test having the value {@code value}. */
    private static int outcome(Object[] key, boolean value) {
        return value != (Boolean) key[1] ? 0 : 1;
    }

    /** The {@link InstanceTest} a test of {@code s} is, noting its turn; null when {@code s} is not from an instance. */
    private InstanceTest instanceTest(Values.Sym s) {
        if (!Values.Sym.fromInstance(s) || Values.Sym.local(s)) return null;
        Object[] place = Values.Sym.instancePlace(s);
        if (place == null) return null;
        instanceTurns.merge((String) place[0], (Integer) place[1], Math::max);
        return new InstanceTest((String) place[0], (Integer) place[1]);
    }

    /** {@link #decide} of a value that is not a known boolean, at the {@code occ}-th test of {@code at}. */
    private boolean decideValue(Object v, ASTNode at, String what, int occ, Values.Sym negationOf) {
        // a test decided as its negation is described as written, its outcome read the other way (ChoiceSource.NEGATED)
        String negated = negationOf == null ? "" : dev.rendezvous.core.semantics.ChoiceSource.NEGATED;
        if (Values.Sym.fromInstance(v) && !Values.Sym.local(v)) {
            // a test on what a collective gave (a broadcast clock, a reduced residual, a master's "go on" flag, a
            // count broadcast before a loop) or a reader read: in a loop often another value at every iteration,
            // decided as the next turn of its place, so that runs which left the loop after different numbers of
            // iterations still meet again (the world hashes turns relative to the ranks'). The place and turn are the
            // value's, not the loop's: a master and its workers testing the same flag or count in their own loops, or
            // one in its loop's test and the others in a branch that breaks out, decide alike
            InstanceTest key = instanceTest((Values.Sym) v);
            if (key != null) {
                return uniformChoice(key, (Values.Sym) v, what + " at line " + program.range(at).line() + " ("
                        + (negationOf != null ? negationOf : (Values.Sym) v).expr() + ")" + negated) == 0;
            }
            v = Unknown.UNIFORM;
        }
        if (v instanceof Values.Sym sym) {
            // the same expression over the same inputs is the same value on every rank and at every line;
            // exploring both outcomes covers every value of the input, so this is no assumption
            int dataLine = Values.Sym.dataLine(sym);
            if (dataLine >= 0) {
                // computed from data: ranks holding the same value decide together (those that computed it alike
                // from the same input, those that received it in a message), but its real values may rule an
                // outcome out, so a path through it is only possible (DeadlockAnalysis). A value from one rank's own
                // data (a list's size, a count of hits) is one the analysis cannot compute: a crash on such a path
                // is not certain either (localDecisions). Both outcomes are explored, so this is no assumption:
                // every value takes one of them, and a finding on a path through it says it is only possible
                if (Values.Sym.ownData(sym)) localDecisions++;
                return uniformChoice(sym, sym, what + " at line " + program.range(at).line() + " ("
                        + dev.rendezvous.core.semantics.ChoiceSource.ALIKE_DATA + " " + dataLine + ")" + negated) == 0;
            }
            return uniformChoice(sym, sym, what + " at line " + program.range(at).line() + " ("
                    + (negationOf != null ? negationOf : sym).expr() + ")" + negated) == 0;
        }
        if (v == Unknown.UNIFORM) {
            // the same on every rank (a broadcast or reduced value, an input): both outcomes are explored,
            // taken alike by all ranks, which covers every value; nothing is assumed
            Object key = loopTestPlace(at) ? new LoopTest(at, occ) : new UniformKey(at, occ);
            return world.uniformChoice(rank, key, 2, what + " at line " + program.range(at).line()) == 0;
        }
        // a value the analysis cannot compute at all, decided apart at each test: both outcomes are explored, more
        // paths than run (two tests of one value may take opposite outcomes), never fewer, so an "ok" stands and a
        // finding on such a path is only possible (DeadlockAnalysis.onDataPath): no assumption to report. A test
        // explored too often (a loop's unknown bound) has its own note
        localDecisions++;
        return world.localChoice(2, what + " at line " + program.range(at).line() + " on rank " + rank) == 0;
    }

    private record UniformKey(ASTNode node, int occurrence) {}

    /** The key of a choice of the value of {@code s} ({@link dev.rendezvous.core.semantics.World#uniformValueChoice}). */
    Object valueKey(Values.Sym s) {
        InstanceTest t = instanceTest(s);
        return t != null ? new InstanceValue(t.place(), t.turn()) : new SymValue(s.expr());
    }

    /** A choice of the value of a symbol from a collective instance: by its place and turn, as {@link InstanceTest}. */
    private record InstanceValue(String place, int turn) implements dev.rendezvous.core.semantics.World.Turn {}

    /** A choice of the value of any other symbol. */
    private record SymValue(String expr) {}

    /**
     * The world's decision under {@code key} of {@code test}, a test every rank holding its values decides alike; a
     * test of one value against an integer ({@code rank == leader} after a broadcast leader) is decided together with
     * the other such tests of that value ({@link dev.rendezvous.core.semantics.World#uniformEqualityChoice}).
     */
    private int uniformChoice(Object key, Values.Sym test, String what) {
        Object[] eq = Values.Sym.equalityTest(test.expr());
        return eq == null ? world.uniformChoice(rank, key, 2, what)
                : world.uniformEqualityChoice(rank, key, (String) eq[0], (Long) eq[1], what, ruledOut((String) eq[0]));
    }

    /**
     * {@code v} with the values this run's tests found ({@link dev.rendezvous.core.semantics.World#knownEqual}) put in:
     * the number or boolean a symbol computes when all it is computed from is known, else {@code v} itself. Rank 0 took
     * {@code rank == leader} for a broadcast leader: its {@code Send} to {@code (leader + 1) % size} has a destination,
     * and rank 1's {@code rank == (leader + 1) % size} is decided by it.
     */
    Object withKnownValues(Object v) {
        if (!(v instanceof Values.Sym s) || s.expr().indexOf(' ') < 0 || !world.anyKnownEqual()) return v;
        Object r = Values.Sym.evaluate(s.expr(), world::knownEqual);
        return r != null ? r : v;
    }

    /**
     * The numbers the facts this run's tests found about other values rule out for the value written {@code subject}:
     * with it, a value computed from it would break a fact ({@code (leader + 1) % size} was found equal to 1: at two
     * processes the leader is not 1). A fact about another value says nothing when it needs a value not known.
     */
    java.util.function.LongPredicate ruledOut(String subject) {
        return c -> {
            java.util.function.Function<String, Long> with = a -> a.equals(subject) ? (Long) c : world.knownEqual(a);
            boolean[] broken = {false};
            world.equalityFacts((s, v, equal) -> {
                if (!broken[0] && s.length() > subject.length() && s.contains(subject)
                        && Values.Sym.evaluate(s, with) instanceof Long x && (x == v) != equal) broken[0] = true;
            });
            return broken[0];
        };
    }

    /**
     * A test of a value a collective gave or a reader read ({@link Values.Sym#instancePlace}), by its place and turn:
     * the same key for every rank and every line that tests that value, relative turns for the state cache.
     */
    private record InstanceTest(String place, int turn) implements dev.rendezvous.core.semantics.World.Turn {}

    /** The last turn this rank took at each {@link InstanceTest} place. */
    private final Map<String, Integer> instanceTurns = new HashMap<>();

    /**
     * The {@code occurrence}-th test of a communicating loop with a rank-uniform condition, every rank's alike.
     * Such a loop's count in {@link #occurrences} serves only these keys (its tests are decided, never
     * budgeted by count), so the state cache may hash it relative to the other ranks' ({@link #turns}).
     */
    private record LoopTest(ASTNode loop, int occurrence) implements dev.rendezvous.core.semantics.World.Turn {
        @Override
        public Object place() {
            return loop;
        }

        @Override
        public int turn() {
            return occurrence;
        }
    }

    /** Whether {@code n} is a communicating loop, whose count in {@link #occurrences} serves only {@link LoopTest} keys. */
    private boolean loopTestPlace(ASTNode n) {
        return (n instanceof ForStatement || n instanceof WhileStatement || n instanceof DoStatement) && program.mayCommunicate(n);
    }

    /** Where {@link CapKey}s are asked: one place per loop, apart from the loop's own tests. */
    private record CapPlace(ASTNode loop) {}

    /** The places of this rank's {@link dev.rendezvous.core.semantics.World.Turn} decisions, each with the turns taken there. */
    private void turns(java.util.function.ObjIntConsumer<Object> out) {
        for (Map.Entry<ASTNode, Integer> e : occurrences.entrySet()) {
            if (loopTestPlace(e.getKey())) out.accept(e.getKey(), e.getValue());
        }
        for (Map.Entry<ASTNode, Integer> e : capsReached.entrySet()) out.accept(new CapPlace(e.getKey()), e.getValue());
        for (Map.Entry<String, Integer> e : instanceTurns.entrySet()) out.accept(e.getKey(), e.getValue());
    }

    private int decisionsTaken;

    /** Decisions on values the analysis cannot compute at all (not rank-uniform inputs): paths they choose may not exist. */
    int localDecisions; // read by MpjCalls (a crash on a path unknown data chose is not certain)

    /**
     * A fingerprint of this rank's state at a poll: the call, the call stack depth, the decisions
     * taken so far, and the values of the variables in scope (arrays by identity and small contents).
     * Two polls with the same fingerprint and no progress elsewhere are the same loop iteration again.
     */
    Object stateKey(ASTNode at) {
        long h = System.identityHashCode(at) * 31L + callSites.size();
        return (h * 31 + decisionsTaken) * 31 + stateHash(java.util.Set.of(), false);
    }

    /**
     * A hash of the variables in scope, the receiver's fields and the statics, leaving out the names
     * in {@code skip}; with {@code blindToFloatArrays} the contents of floating-point arrays do not count.
     */
    private long stateHash(java.util.Set<String> skip, boolean blindToFloatArrays) {
        long h = 0;
        for (Scope scope : frame.scopes) {
            for (Map.Entry<String, Cell> e : scope.entrySet()) {
                if (!skip.contains(e.getKey())) h = h * 31 + e.getKey().hashCode() * 17L + fingerprint(e.getValue().value, blindToFloatArrays);
            }
        }
        if (frame.self != null) {
            for (Map.Entry<String, Cell> e : frame.self.fields.entrySet()) {
                if (!skip.contains(e.getKey())) h = h * 31 + e.getKey().hashCode() * 17L + fingerprint(e.getValue().value, blindToFloatArrays);
            }
        }
        for (Map.Entry<String, Map<String, Cell>> t : statics.entrySet()) {
            for (Map.Entry<String, Cell> e : t.getValue().entrySet()) {
                if (!skip.contains(e.getKey())) {
                    h = h * 31 + (t.getKey().hashCode() * 31L + e.getKey().hashCode()) * 17L + fingerprint(e.getValue().value, blindToFloatArrays);
                }
            }
        }
        return h;
    }

    private static long fingerprint(Object v, boolean blindToFloatArrays) {
        if (v == null) return 1;
        // a copied unknown is named only to tie the copies together; a loop head holding another one (a timing sent
        // at every turn) is the state it was when both were anonymous
        if (Values.Sym.copied(v)) return Unknown.ANY.hashCode();
        // a seeded generator by where it stands: its next draws are known numbers, which two heads must share
        if (v instanceof Values.Seeded g) return g.lost ? 0x5EED : g.position;
        if (Values.Sym.fromInstance(v) && !Values.Sym.local(v)) return Unknown.UNIFORM.hashCode(); // another at each instance
        if (v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof String || v instanceof Enum<?>
                || v instanceof Values.Sym) {
            return v.hashCode();
        }
        if (v instanceof ArrayVal a) {
            long h = System.identityHashCode(a);
            if (a.elems != null && a.elems.length <= 256) {
                for (Object x : a.elems) {
                    h = h * 31 + (x instanceof ArrayVal ? System.identityHashCode(x)
                            : blindToFloatArrays && x instanceof Double ? 7 : fingerprint(x, false));
                }
            }
            return h;
        }
        if (v instanceof ListVal l) return System.identityHashCode(l) * 31L + l.items.size();
        if (v instanceof Values.Input r) return System.identityHashCode(r); // not its position: each read is a new unknown
        if (v.getClass().isRecord()) return v.hashCode(); // statuses, datatypes, communicators: by value
        return System.identityHashCode(v);
    }

    // ================================================================ state caching

    /** Callers' frames, outermost first (the current one is {@link #frame}). */
    private final ArrayList<Frame> frames = new ArrayList<>();
    /** Communicating loops in progress, outermost first, with the loop state the interpreter keeps on its own stack. */
    private final ArrayList<LoopMark> loops = new ArrayList<>();
    /** Inside a field or static initializer (a frame not on {@link #frames}). */
    private int initializing;

    /** Whether a field or static initializer is being run (the analysis runs them all before main, Java lazily). */
    boolean initializingFields() {
        return initializing > 0;
    }
    /** The MPJ call this rank is in, or null. */
    private ASTNode position;
    private ValueHashing valueHashing;

    /** The iteration state of a communicating loop: unknown-bound counters and heads, or a for-each's items and index. */
    private static final class LoopMark {
        final int[] unknown;
        final List<Object> heads;
        final List<Object> items;
        /** The for-each variable (its relevance decides whether the items count by value). */
        final String variable;
        int index;

        LoopMark(int[] unknown, List<Object> heads, List<Object> items, String variable) {
            this.unknown = unknown;
            this.heads = heads;
            this.items = items;
            this.variable = variable;
        }
    }

    /**
     * Hashes this rank's state where it waits, for the explorer's state cache: the calls it is in,
     * its loops' iteration state, every frame's variables (contents where {@link StateRelevance} says
     * they can steer it, shape otherwise), the statics, and the interpreter's own counters that change
     * what it does next. Opaque when the rank waits where values are pending on the interpreter's
     * stack ({@link ResumePoints}), inside an initializer, or in a loop whose unknown bound is being
     * counted or widened. The step counter is left out: it is a budget, and two states that differ only
     * in it behave alike until a budget runs out, which is reported either way.
     */
    private void hashState(dev.rendezvous.core.semantics.StateCache.Hasher h) {
        if (stateOpaque()) {
            h.opaque();
            return;
        }
        if (valueHashing == null) valueHashing = new ValueHashing(program, program.stateRelevance(), world);
        StateRelevance rel = program.stateRelevance();
        h.add(callSites.size());
        for (ASTNode s : callSites) h.add(program.nodeId(s));
        h.add(position == null ? -1 : program.nodeId(position));
        h.add(loops.size());
        for (LoopMark m : loops) {
            if (m.items != null) {
                h.add(m.index).add(m.items.size());
                boolean contents = rel.relevant(m.variable);
                for (Object x : m.items) valueHashing.value(h, x, contents);
            }
        }
        h.add(frames.size());
        for (Frame f : frames) hashFrame(h, f);
        hashFrame(h, frame);
        if (staticTypes.length != statics.size()) { // the types are all there after initStatics
            staticTypes = statics.keySet().toArray(new String[0]);
            java.util.Arrays.sort(staticTypes);
        }
        for (String t : staticTypes) {
            h.add(t);
            valueHashing.fields(h, statics.get(t));
        }
        h.add(occurrencesHash()); // loop tests and loop budgets reached: through turns(), relative to the other ranks'
        List<Long> cut = new ArrayList<>(cutLoops.size());
        for (ASTNode n : cutLoops) cut.add((long) program.nodeId(n));
        h.add(dev.rendezvous.core.semantics.StateCache.Hasher.unordered(cut));
        h.add(localDecisions == 0 ? 0 : 1).add(argsLength);
        mpj.hashState(h);
    }

    /**
     * Whether {@link #hashState} cannot hash this rank's state as it stands: inside an initializer or a pure call
     * the analysis runs for its value, where values are pending on the interpreter's stack ({@link ResumePoints}),
     * or in a loop whose unknown bound is being counted or widened.
     */
    private boolean stateOpaque() {
        if (initializing > 0 || pureCalls > 0 || probingArgs) return true;
        for (ASTNode s : callSites) if (!program.resumesFromVariables(s)) return true;
        if (position != null && !program.resumesFromVariables(position)) return true;
        for (LoopMark m : loops) {
            if (m.unknown != null && (m.unknown[0] != 0 || m.unknown.length > 1 && m.unknown[1] != 0)
                    || m.heads != null && !m.heads.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * An order-free hash of {@link #occurrences} (nodes by stable id, not identity), without the tests of communicating
     * loops: those counts serve only {@link LoopTest} keys, and the world hashes them relative to the other ranks'.
     */
    private long occurrencesHash() {
        List<Long> parts = new ArrayList<>(occurrences.size());
        for (Map.Entry<ASTNode, Integer> e : occurrences.entrySet()) {
            if (loopTestPlace(e.getKey())) continue;
            parts.add(program.nodeId(e.getKey()) * 1_000_003L + e.getValue());
        }
        return dev.rendezvous.core.semantics.StateCache.Hasher.unordered(parts);
    }

    private void hashFrame(dev.rendezvous.core.semantics.StateCache.Hasher h, Frame f) {
        h.add(program.nodeId(f.type));
        valueHashing.value(h, f.self, true);
        h.add(f.scopes.size());
        for (Scope scope : f.scopes) valueHashing.fields(h, scope);
    }

    /** This rank's state as {@link #hashState} hashes it, for the local automata of the Promela export. */
    void hashLocalState(dev.rendezvous.core.semantics.StateCache.Hasher h) {
        hashState(h);
    }

    /**
     * A message's contents: all of them when the payloads of its family (point-to-point for {@code op} null, else
     * the collective's) can steer the program ({@link StateRelevance#payloads}), the shape otherwise.
     */
    void hashPayload(dev.rendezvous.core.semantics.StateCache.Hasher h, Object payload, Op op) {
        if (valueHashing == null) valueHashing = new ValueHashing(program, program.stateRelevance(), world);
        valueHashing.value(h, payload, program.stateRelevance().payloads(op));
    }

    // ================================================================ statements

    /**
     * Whether a block's own statements declare a local variable or class, the only things {@link #declare} and the
     * interpreter put into the innermost scope (loops, catch clauses and switch blocks open their own).
     */
    private static boolean declaresLocals(List<?> statements) {
        for (int i = 0, n = statements.size(); i < n; i++) { // indexed: a JDT list's iterator locks the list
            Object o = statements.get(i);
            if (o instanceof VariableDeclarationStatement || o instanceof TypeDeclarationStatement) return true;
        }
        return false;
    }

    void exec(Statement s) {
        step(s);
        switch (s.getNodeType()) {
            case ASTNode.BLOCK -> {
                Block b = (Block) s;
                List<?> statements = b.statements();
                if (!declaresLocals(statements)) {
                    // nothing would be put into a scope of its own (a loop body of assignments and calls)
                    for (int i = 0, n = statements.size(); i < n; i++) exec((Statement) statements.get(i));
                } else {
                    frame.scopes.add(new Scope());
                    try {
                        for (int i = 0, n = statements.size(); i < n; i++) exec((Statement) statements.get(i));
                    } finally {
                        frame.scopes.remove(frame.scopes.size() - 1);
                    }
                }
            }
            case ASTNode.EXPRESSION_STATEMENT -> eval(((ExpressionStatement) s).getExpression());
            case ASTNode.VARIABLE_DECLARATION_STATEMENT -> {
                VariableDeclarationStatement vds = (VariableDeclarationStatement) s;
                List<?> fragments = vds.fragments();
                for (int i = 0, n = fragments.size(); i < n; i++) declare((VariableDeclarationFragment) fragments.get(i), vds.getType());
            }
            case ASTNode.IF_STATEMENT -> execIf((IfStatement) s);
            case ASTNode.FOR_STATEMENT -> execFor((ForStatement) s, null);
            case ASTNode.ENHANCED_FOR_STATEMENT -> execForEach((EnhancedForStatement) s, null);
            case ASTNode.WHILE_STATEMENT -> {
                WhileStatement ws = (WhileStatement) s;
                execWhile(ws.getExpression(), ws.getBody(), ws, false, null);
            }
            case ASTNode.DO_STATEMENT -> {
                DoStatement ds = (DoStatement) s;
                execWhile(ds.getExpression(), ds.getBody(), ds, true, null);
            }
            case ASTNode.LABELED_STATEMENT -> execLabeled((LabeledStatement) s);
            case ASTNode.BREAK_STATEMENT -> {
                BreakStatement bs = (BreakStatement) s;
                throw new BreakSig(bs.getLabel() == null ? null : bs.getLabel().getIdentifier());
            }
            case ASTNode.CONTINUE_STATEMENT -> {
                ContinueStatement cs = (ContinueStatement) s;
                throw new ContinueSig(cs.getLabel() == null ? null : cs.getLabel().getIdentifier());
            }
            case ASTNode.RETURN_STATEMENT -> {
                ReturnStatement rs = (ReturnStatement) s;
                throw new ReturnSig(rs.getExpression() == null ? null : eval(rs.getExpression()));
            }
            case ASTNode.SWITCH_STATEMENT -> {
                SwitchStatement ss = (SwitchStatement) s;
                execSwitch(ss.getExpression(), ss.statements(), ss, false);
            }
            case ASTNode.YIELD_STATEMENT -> throw new YieldSig(eval(((YieldStatement) s).getExpression()));
            case ASTNode.TRY_STATEMENT -> execTry((TryStatement) s);
            case ASTNode.SYNCHRONIZED_STATEMENT -> exec(((SynchronizedStatement) s).getBody());
            case ASTNode.SUPER_CONSTRUCTOR_INVOCATION -> {
                SuperConstructorInvocation sci = (SuperConstructorInvocation) s;
                List<Object> args = evalArgs(sci.arguments());
                AbstractTypeDeclaration sup = frame.self == null ? null : superOf(frame.type);
                if (sup != null && callSites.size() < budgets.maxInlineDepth) construct(sup, frame.self, args, sci);
                if (frame.self != null) initializeFields(frame.type, frame.self); // after the superclass's constructor
            }
            case ASTNode.CONSTRUCTOR_INVOCATION -> {
                // this(...): the other constructor of the same class, which runs the superclass's and the initializers
                org.eclipse.jdt.core.dom.ConstructorInvocation ci = (org.eclipse.jdt.core.dom.ConstructorInvocation) s;
                List<Object> args = evalArgs(ci.arguments());
                if (frame.self != null && callSites.size() < budgets.maxInlineDepth) construct(frame.type, frame.self, args, ci);
            }
            case ASTNode.THROW_STATEMENT -> {
                ThrowStatement ts = (ThrowStatement) s;
                Object e = eval(ts.getExpression());
                String type = e instanceof ObjVal o ? o.type.getName().getIdentifier()
                        : ts.getExpression() instanceof ClassInstanceCreation cic ? program.createdTypeName(cic) : null;
                throw new ThrowSig(type, e, ts);
            }
            default -> {
                // empty, assert, local class, type declaration statements: nothing to do
            }
        }
    }

    private void declare(VariableDeclarationFragment f, Type type) {
        Object v = f.getInitializer() == null ? defaultValue(type, f.getExtraDimensions()) : coerce(eval(f.getInitializer()), type);
        if (v == Unknown.ANY && f.getInitializer() != null) v = nameCopied(f.getInitializer(), f);
        frame.scopes.get(frame.scopes.size() - 1).put(f.getName().getIdentifier(), typedCell(v, type, f.getExtraDimensions()));
    }

    /** A variable's cell, wrapping stores to its declared width ({@link Values.Narrow}), the initial value included. */
    private static Cell typedCell(Object v, Type type, int extraDimensions) {
        Values.Narrow narrow = Values.Narrow.of(type, extraDimensions);
        Cell c = new Cell(narrow.apply(v));
        c.narrow = narrow;
        return c;
    }

    void execIf(IfStatement is) {
        Object c = eval(is.getExpression());
        if (!(c instanceof Boolean) && !program.mayCommunicate(is) && !program.transfersControl(is)) {
            havocAlike(is);
            return;
        }
        if (!(c instanceof Boolean) && !program.mayCommunicate(is) && (c == Unknown.ANY || Values.Sym.local(c)) && searchAnswer(is)) {
            throw new ReturnSig(Unknown.ANY);
        }
        if (!(c instanceof Boolean) && !program.mayCommunicate(is)) {
            ASTNode loop = quietLoopAround(is);
            if (loop != null) {
                havocAlike(loop);
                throw new BreakSig(null); // leaves that loop, its effects forgotten
            }
        }
        boolean spent = !(c instanceof Boolean) && occurrences.getOrDefault(is, 0) >= budgets.maxUnknownIterations;
        // the test's key (a regular expression over its text) is only worked out once the budget is spent
        Object[] key = spent && c instanceof Values.Sym sym ? uniformKey(sym) : null;
        if (spent && !(key != null && key[0] != null && world.uniformDecided(key[0]) != null)) { // a value another rank tested: follow it
            // explored enough outcomes of this test: from now on leave the loop if an arm does
            boolean thenLeaves = program.transfersControl(is.getThenStatement());
            boolean elseLeaves = is.getElseStatement() != null && program.transfersControl(is.getElseStatement());
            assumeBeforeFinalize(program.range(is), "This unknown test was explored " + budgets.maxUnknownIterations
                    + " times; afterwards the analysis takes the " + (elseLeaves && !thenLeaves ? "else" : "then")
                    + " branch");
            boolean then = !(elseLeaves && !thenLeaves);
            // a rank that tests the same value later (it got it in a message) must take the same branch
            if (key != null && key[0] != null) world.fixUniform(rank, key[0], outcome(key, then));
            c = then;
        }
        if (decide(c, is, "branch")) exec(is.getThenStatement());
        else if (is.getElseStatement() != null) exec(is.getElseStatement());
    }

    private void execLabeled(LabeledStatement ls) {
        String label = ls.getLabel().getIdentifier();
        Statement body = ls.getBody();
        try {
            switch (body) {
                case ForStatement fs -> execFor(fs, label);
                case EnhancedForStatement efs -> execForEach(efs, label);
                case WhileStatement ws -> execWhile(ws.getExpression(), ws.getBody(), ws, false, label);
                case DoStatement ds -> execWhile(ds.getExpression(), ds.getBody(), ds, true, label);
                default -> exec(body);
            }
        } catch (BreakSig b) {
            if (!label.equals(b.label)) throw b;
        }
    }

    /** Runs one loop body; returns false when the loop must stop (break). */
    private boolean body(Statement body, String label) {
        try {
            exec(body);
        } catch (BreakSig | ContinueSig s) {
            return goesOn(s, label);
        }
        return true;
    }

    /**
     * Whether a loop labelled {@code label} (or none) goes on after its body ended with {@code s}: not after its own
     * {@code break}, yes after its own {@code continue}; a signal for an enclosing statement is thrown on.
     */
    private static boolean goesOn(Signal s, String label) {
        if (s instanceof BreakSig) {
            if (s.label == null || s.label.equals(label)) return false;
            throw s;
        }
        if (s.label != null && !s.label.equals(label)) throw s;
        return true;
    }

    /**
     * The loop test. Known values decide; an unknown test in a loop that cannot communicate stops
     * the loop (its variables become unknown); otherwise each iteration is a decision, up to the
     * unknown-iteration budget.
     */
    private boolean loopTest(Expression cond, ASTNode loop, int[] unknownIters, boolean communicates) {
        return loopTest(cond, loop, unknownIters, communicates, null);
    }

    /**
     * As above; {@code heads} collects the rank's state at each head of a loop whose bound is a
     * rank-uniform input, for {@link #periodic}.
     */
    private boolean loopTest(Expression cond, ASTNode loop, int[] unknownIters, boolean communicates, List<Object> heads) {
        if (cond == null) return true;
        if (unknownIters.length > 1 && unknownIters[1] == 1) widenLocals(loop); // at every head once widened
        Object c = eval(cond);
        if (c instanceof Boolean b) return b;
        if (!communicates) {
            havocAlike(loop);
            return false;
        }
        // a bound every rank has alike; not one a rank computed from data it skipped (it may be its own)
        boolean uniform = c instanceof Values.Sym && !Values.Sym.local(c) || c == Unknown.UNIFORM;
        // only the last two heads are ever compared, from the budget on: earlier ones are counted, not hashed
        if (uniform && heads != null) heads.add(unknownIters[0] + 1 >= budgets.maxUnknownIterations ? headState(loop) : UNHASHED);
        if (unknownIters[0] >= budgets.maxUnknownIterations && uniform && heads != null && unknownIters.length > 1
                && unknownIters[1] == 0 && goesOnPastBudget(cond, loop, heads)) {
            unknownIters[1] = 1;
            unknownIters[0]--; // one more iteration, from the widened state
            c = eval(cond);
            heads.set(heads.size() - 1, headState(loop));
        }
        if (unknownIters[0]++ >= budgets.maxUnknownIterations) {
            // the test may be one some rank already decided (a master's "sent < tasks" at this count, before its
            // "done < tasks" loop got here): its outcome stands, for up to as many turns again, after which a rank
            // that leaves anyway takes a path no execution takes; a test nobody decided is decided false here, for
            // every later test of it too. Not in a loop whose head was widened: a test of widened values repeats
            // whatever the turn (a periodic loop), it is not the next count of a master's
            boolean widened = unknownIters.length > 1 && unknownIters[1] == 1;
            Object[] key = c instanceof Values.Sym sym && !widened ? uniformKey(sym) : null;
            Integer decided = key != null && key[0] != null ? world.uniformDecided(key[0]) : null;
            boolean holds = decided != null && (decided == 0) != (Boolean) key[1]; // the test is true
            if (holds && unknownIters[0] <= 2 * budgets.maxUnknownIterations) return decide(c, loop, "loop condition");
            if (holds) world.infeasibleRun();
            if (!(uniform && heads != null && periodic(loop, heads))) {
                assumeBeforeFinalize(program.range(loop), "Loop bound unknown: explored at most " + budgets.maxUnknownIterations
                        + " iterations of this loop");
            }
            if (decided == null && key != null && key[0] != null) world.fixUniform(rank, key[0], outcome(key, false));
            return false;
        }
        return decide(c, loop, "loop condition");
    }

    /** The k-th time this rank's executions of a loop reached the unknown-iteration budget: the same loop instance on every rank. */
    private record CapKey(ASTNode loop, int k) implements dev.rendezvous.core.semantics.World.Turn {
        @Override
        public Object place() {
            return new CapPlace(loop);
        }

        @Override
        public int turn() {
            return k;
        }
    }

    private final Map<ASTNode, Integer> capsReached = new IdentityHashMap<>();

    /**
     * At the first head past the budget of a loop whose bound is the same on every rank: whether this rank
     * goes on with widened locals ({@link #widen}) or leaves the loop. All ranks must do alike, or one would
     * run an iteration more than the others under the same bound, which no real run does (a rank's own
     * test can tell them apart: with per-send buffering, whether its last send is still unreceived at the
     * head depends on the schedule). The first rank to get here decides from its own state; the others
     * follow it, widening their locals without comparing heads when it went on.
     */
    private boolean goesOnPastBudget(Expression cond, ASTNode loop, List<Object> heads) {
        CapKey key = new CapKey(loop, capsReached.merge(loop, 1, Integer::sum));
        Integer first = world.uniformDecided(key);
        boolean on = first == null ? !periodic(loop, heads) && widen(cond, loop, heads)
                : first == 0 && sideEffectFree(cond) && widenLocals(loop);
        world.fixUniform(rank, key, on ? 0 : 1);
        return on;
    }

    /**
     * Whether the iterations explored of a loop with an unknown but rank-uniform bound stand for all
     * of them (a k-induction over iterations): the rank came back to the loop head in the same state
     * twice (variables other than the loop counter, integer and boolean array contents, open requests
     * and unreceived sends), and the counter is read only as data (array indices, values stored in
     * arrays, output), never in a test or a communication argument. The interpreter is deterministic
     * in that state, so every further iteration repeats the last one on this rank; with the same
     * bound on every rank, trip counts 0..k explored cover every trip count.
     */
    private boolean periodic(ASTNode loop, List<Object> heads) {
        int n = heads.size();
        if (n < 2 || heads.get(n - 1) == UNHASHED || heads.get(n - 2) == UNHASHED) return false;
        long[] last = (long[]) heads.get(n - 1), before = (long[]) heads.get(n - 2);
        if (last[0] == before[0]) return true; // the whole state repeats, counters included
        return last[1] == before[1] && program.counterOnlyData(loop);
    }

    /** A loop head counted but not hashed: too far from the iteration budget to be compared ({@link #loopTest}). */
    private static final Object UNHASHED = new long[0];

    /** The rank's state at a loop head: with the loop's counters, without them, and without them and the widenable locals. */
    private Object headState(ASTNode loop) {
        long open = world.outstanding(rank) * 31L;
        java.util.Set<String> counters = program.loopCounters(loop);
        java.util.Set<String> both = new java.util.HashSet<>(counters);
        both.addAll(program.rankIndependentLocals(loop));
        return new long[] {open + stateHash(java.util.Set.of(), true), open + stateHash(counters, true), open + stateHash(both, true)};
    }

    /**
     * Widening for a loop with a rank-uniform test whose iterations differ only in locals that are the
     * same on every rank ({@link Program#rankIndependentLocals}), such as a message size doubled each
     * round of a timing loop: when the last two heads agree apart from those locals (and the
     * counters, read only as data), the locals become rank-uniform symbols and the loop goes on
     * from there. A branch on them is then taken alike by all ranks with both outcomes explored, so
     * the widened iterations stand for every later concrete one; the next head is checked with
     * {@link #periodic} as before. The test must be free of side effects, as it is evaluated again.
     */
    private boolean widen(Expression cond, ASTNode loop, List<Object> heads) {
        int n = heads.size();
        java.util.Set<String> names = program.rankIndependentLocals(loop);
        // once per execution of the loop: at the first head past the iteration budget
        if (n != budgets.maxUnknownIterations + 1 || names.isEmpty() || !sideEffectFree(cond)) return false;
        // counters that are arrays holding only unknowns (a broadcast stop time) stay unknown: not counted
        java.util.Set<String> except = new java.util.HashSet<>(names);
        for (String c : program.loopCounters(loop)) {
            Cell cell = lookup(c);
            if (cell != null && cell.value instanceof ArrayVal a && a.elems != null
                    && java.util.Arrays.stream(a.elems).allMatch(Values::isUnknown)) {
                except.add(c);
            }
        }
        if (!program.counterOnlyData(loop, except) || heads.get(n - 1) == UNHASHED || heads.get(n - 2) == UNHASHED) return false;
        long[] last = (long[]) heads.get(n - 1), before = (long[]) heads.get(n - 2);
        if (last[2] != before[2]) return false;
        for (int i = frame.scopes.size() - 1; i >= 0; i--) {
            for (Map.Entry<String, Cell> e : frame.scopes.get(i).entrySet()) {
                if (names.contains(e.getKey()) && (e.getValue().value instanceof Long || e.getValue().value instanceof Double)) {
                    return widenLocals(loop);
                }
            }
        }
        return false;
    }

    /**
     * Sets the loop's rank-independent locals to one symbol each (named after the variable and the
     * loop's line): a value unknown but the same on every rank, which comparisons with per-rank values
     * keep apart (a plain uniform unknown would not). Done again at each later head, so that the state
     * there is compared over the same symbols.
     */
    private boolean widenLocals(ASTNode loop) {
        java.util.Set<String> names = program.rankIndependentLocals(loop);
        int line = program.range(loop).line();
        boolean any = false;
        for (int i = frame.scopes.size() - 1; i >= 0; i--) {
            for (Map.Entry<String, Cell> e : frame.scopes.get(i).entrySet()) {
                Object v = e.getValue().value;
                if (names.contains(e.getKey()) && (v instanceof Long || v instanceof Double || Values.isUnknown(v))) {
                    e.getValue().value = Values.Sym.of(e.getKey() + "@" + line);
                    any = true;
                }
            }
        }
        return any;
    }

    private static boolean sideEffectFree(Expression e) {
        boolean[] ok = {true};
        e.accept(new org.eclipse.jdt.core.dom.ASTVisitor() {
            @Override
            public void preVisit(ASTNode x) {
                if (x instanceof Assignment || x instanceof MethodInvocation || x instanceof ClassInstanceCreation
                        || x instanceof PostfixExpression
                        || x instanceof PrefixExpression p && (p.getOperator() == PrefixExpression.Operator.INCREMENT
                                || p.getOperator() == PrefixExpression.Operator.DECREMENT)) {
                    ok[0] = false;
                }
            }
        });
        return ok[0];
    }

    /**
     * {@code r}, the value of the call {@code Math.name(...)} at {@code mi}, as Java's int overload gives it: the
     * absolute value of an int is an int, so {@code Math.abs(Integer.MIN_VALUE)} overflows back to MIN_VALUE (numbers
     * of both widths are held as longs here).
     */
    Object intMath(MethodInvocation mi, String name, Object r) {
        if (r instanceof Long l && l == -(long) Integer.MIN_VALUE && name.equals("abs") && mi.arguments().size() == 1
                && intTyped((Expression) mi.arguments().get(0))) {
            return (long) Integer.MIN_VALUE;
        }
        if (r instanceof Long l && l != (int) (long) l && name.endsWith("Exact") && !name.equals("toIntExact") && allIntTyped(mi.arguments())) {
            // addExact, multiplyExact... of ints: the int overload, which throws where the int overflows
            throw new ThrowSig("ArithmeticException", Unknown.ANY, mi, "ArithmeticException (integer overflow)");
        }
        return r;
    }

    private boolean allIntTyped(List<?> exprs) {
        for (Object e : exprs) if (!intTyped((Expression) e)) return false;
        return !exprs.isEmpty();
    }

    /** {@code Math.name(args)} from a compiled loop ({@link CompiledLoops}), as {@link #invocation} calls it. */
    Object compiledMath(String cls, String name, List<Object> args, MethodInvocation mi) {
        ASTNode was = position;
        position = mi;
        try {
            return intMath(mi, name, mpj.mathCall(cls, name, args, mi));
        } finally {
            position = was;
        }
    }

    /** The test of a compiled loop: its compiled form where it gives a boolean, else {@link #loopTest} as always. */
    private boolean compiledTest(CompiledLoops.Loop cl, Cell[] slots, Expression cond, ASTNode loop, int[] unknown) {
        if (cl.test() != null && unknown[1] != 1) {
            Object c = cl.test().ev(this, slots);
            if (c instanceof Boolean b) return b;
        }
        return loopTest(cond, loop, unknown, false, null);
    }

    /** The body of a compiled loop, with {@link #body}'s handling of break and continue. */
    private boolean compiledBody(CompiledLoops.Loop cl, Cell[] slots, Statement bodyStmt, String label) {
        if (cl.body() == null) return body(bodyStmt, label);
        try {
            cl.body().run(this, slots);
        } catch (BreakSig | ContinueSig s) {
            return goesOn(s, label);
        }
        return true;
    }

    /** The updaters of a compiled loop, each compiled or evaluated. */
    private void compiledUpdate(CompiledLoops.Loop cl, Cell[] slots, ForStatement fs) {
        List<?> updaters = fs.updaters();
        for (int i = 0, n = updaters.size(); i < n; i++) {
            if (cl.updaters()[i] != null) cl.updaters()[i].run(this, slots);
            else eval((Expression) updaters.get(i));
        }
    }

    private void execFor(ForStatement fs, String label) {
        frame.scopes.add(new Scope());
        int loopsBefore = loops.size();
        try {
            List<?> initializers = fs.initializers();
            for (int i = 0, n = initializers.size(); i < n; i++) eval((Expression) initializers.get(i));
            boolean comm = program.mayCommunicate(fs);
            int[] unknown = {0, 0};
            long quiet = 0;
            List<Object> heads = comm ? new ArrayList<>(4) : null;
            long startSteps = steps;
            if (!comm && cutLoops.contains(fs)) {
                quietCut(fs); // cut before: its effects are forgotten at once instead of computed again
                return;
            }
            boolean kernel = !comm && payload(fs);
            if (!comm && countingExit(fs) != null && forgottenAtOnce(fs, kernel)) {
                quietCut(fs);
                return;
            }
            long quietSteps = kernel ? budgets.maxPayloadSteps : budgets.maxQuietSteps;
            CompiledLoops.Loop cl = comm || !budgets.compiledLoops ? null : program.compiledLoop(fs);
            if (cl != null && cl != CompiledLoops.NONE) {
                // the same loop from its compiled form: the same tests, steps and budgets (CompiledLoops)
                Cell[] slots = cl.slots();
                while (compiledTest(cl, slots, fs.getExpression(), fs, unknown)) {
                    if (!compiledBody(cl, slots, fs.getBody(), label)) break;
                    compiledUpdate(cl, slots, fs);
                    if (++quiet > budgets.maxQuietIterations || steps - startSteps > quietSteps) {
                        quietCut(fs);
                        break;
                    }
                }
                return;
            }
            if (comm) loops.add(new LoopMark(unknown, heads, null, null));
            while (loopTest(fs.getExpression(), fs, unknown, comm, heads)) {
                if (!body(fs.getBody(), label)) break;
                List<?> updaters = fs.updaters();
                for (int i = 0, n = updaters.size(); i < n; i++) eval((Expression) updaters.get(i));
                if (!comm && (++quiet > budgets.maxQuietIterations || steps - startSteps > quietSteps)) {
                    quietCut(fs);
                    break;
                }
            }
        } finally {
            frame.scopes.remove(frame.scopes.size() - 1);
            while (loops.size() > loopsBefore) loops.remove(loops.size() - 1);
        }
    }

    /**
     * Whether a loop without communication that certainly ends ({@link #execFor}: a counting loop; {@link
     * #execForEach}: over known elements) is forgotten at once rather than followed. A quarter of the rank's steps are
     * spent, or no floating-point value steers the program at all: numerical kernels ({@code kernel}) are no longer
     * computed but forgotten at once (their numbers are payload; where one matters, that place says so), so a large LU
     * or matrix product is followed to its end instead of stopped half-way; so is a loop that only sums up numbers no
     * floating-point value steering anything (a quadrature a worker sends back), and one whose results steer nothing at
     * all (a count of primes reduced to the root and printed); not one that may index an array out of its bounds,
     * which Java's check would stop here ({@link IndexRanges}).
     */
    private boolean forgottenAtOnce(ASTNode loop, boolean kernel) {
        return (kernel && (steps > budgets.maxStepsPerRank / 4 || !program.floatingControl())
                || !program.floatingControl() && accumulates(loop) || steersNothing(loop))
                && !IndexRanges.mayLeaveBounds(program, loop, this::valueNow);
    }

    /** Loops without communication this rank has cut once: cut at once when they come again. */
    private final java.util.Set<ASTNode> cutLoops = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * Whether {@code loop} is a numerical kernel: it only writes elements of arrays that hold
     * floating-point numbers now ({@link Program#payloadArrays}) and variables dead after it.
     */
    private boolean payload(ASTNode loop) {
        java.util.Set<String> arrays = program.payloadArrays(loop);
        return arrays != null && holdFloating(loop, arrays);
    }

    /** Whether every one of {@code arrays} (written by {@code loop}) names an array of floating-point numbers now. */
    private boolean holdFloating(ASTNode loop, java.util.Set<String> arrays) {
        for (String a : arrays) {
            Cell c = written(loop, a);
            if (c == null || !floating(c.value)) return false;
        }
        return true;
    }

    /**
     * Whether {@code loop} computes only numbers that cannot steer the program: besides variables declared in it or dead
     * after it, it writes elements of arrays that hold floating-point numbers now, and variables live after it that hold
     * one now and on which no communication, branch, loop or index depends ({@link StateRelevance}). Asked only where no
     * floating-point value steers the program ({@link Program#floatingControl}, a syntactic check); relevance is the
     * second word on the sums.
     */
    private boolean accumulates(ASTNode loop) {
        Program.PayloadWrites w = program.payloadWrites(loop);
        if (w == null || w.allocates() || !holdFloating(loop, w.arrays())) return false;
        StateRelevance relevance = program.stateRelevance();
        for (String v : w.scalars()) {
            Cell c = written(loop, v);
            if (c == null || !(c.value instanceof Double) || relevance.relevant(v)) return false;
        }
        return true;
    }

    /**
     * Whether {@code loop} computes only what steers nothing ({@link StateRelevance}: no branch, loop, index, or peer,
     * tag or count of a call depends on it): besides variables declared in it or dead after it, it writes elements of
     * arrays and numbers live after it, none of them relevant, and calls only library classes and pure methods of the
     * program ({@link Program#payloadWrites}). What such a loop computes is payload whatever its type: the analysis
     * loses nothing by forgetting it at once, as it does anyway past {@link Budgets#maxQuietSteps}, where a worker
     * counting the primes of its range would otherwise spend its quiet-step budget on every run. A loop that can leave
     * early (a {@code break} of it) has no known exit value ({@link #countingExit}) and is not cut at once; a
     * {@code break} of an inner loop (a prime test) does not count.
     */
    private boolean steersNothing(ASTNode loop) {
        Program.PayloadWrites w = program.payloadWrites(loop);
        if (w == null) return false;
        StateRelevance relevance = program.stateRelevance();
        // what the program text says first: a name that steers something answers without a look at the variables
        for (String a : w.arrays()) if (relevance.relevant(a)) return false;
        for (String v : w.scalars()) if (relevance.relevant(v)) return false;
        for (String a : w.arrays()) {
            Cell c = written(loop, a);
            if (c == null || !(c.value instanceof ArrayVal)) return false;
        }
        for (String v : w.scalars()) {
            Cell c = written(loop, v);
            if (c == null || !(c.value instanceof Long || c.value instanceof Double)) return false;
        }
        return true;
    }

    private static boolean floating(Object v) {
        if (!(v instanceof ArrayVal a) || a.elems == null) return false;
        if (a.fill instanceof Double) return true;
        if (a.elems.length == 0) return false;
        return a.elems[0] instanceof ArrayVal ? floating(a.elems[0]) : a.elems[0] instanceof Double;
    }

    /**
     * Stops a long loop without communication. What it assigns becomes unknown; the analysis says so
     * only when integer variables were lost (counts, ranks, tags) that are live afterwards and, for a loop
     * that certainly ends, can steer a branch, a loop, an index or a call's peer, tag or count
     * ({@link StateRelevance}). Lost
     * floating-point values and array contents are not worth a note here: if one ever decides a branch
     * or addresses a message, that place says so itself; nor is a numerical kernel that certainly ends.
     * The counter of a plain counting loop ({@link #countingExit}) gets its exit value.
     */
    private void quietCut(ASTNode loop) {
        cutLoops.add(loop);
        Object[] counting = countingExit(loop);
        String counter = counting == null ? null : (String) counting[0];
        // a counting loop certainly ends, as does a for-each (cut only over the known elements of an array or list)
        boolean ends = counting != null || loop instanceof EnhancedForStatement;
        boolean kernel = ends && payload(loop); // asked before havoc forgets the arrays' numbers
        // what it wrote through this.name is the field's, also where a local of that name hides it (written)
        boolean lostIntegers = havoc(loop, counter, ends);
        if (counter != null) lookup(counter).value = counting[1];
        if (lostIntegers && !kernel) {
            assumeBeforeFinalize(program.range(loop), "Loop without communication stopped after " + budgets.maxQuietIterations
                    + " iterations or " + budgets.maxQuietSteps + " steps; the integer variables it assigns are treated as unknown");
        }
    }

    /**
     * For a plain counting loop that certainly ends ({@code for (i = a; i < n; i++)}, {@code ++i} or {@code i += k}, or
     * counting down with {@code >}/{@code >=} and {@code i--}, or by one towards {@code n} with {@code i != n}, with
     * {@code n} known and {@code i} not assigned in the body): the counter's name and its value at the exit. Null for
     * any other loop.
     */
    private Object[] countingExit(ASTNode loop) {
        if (!(loop instanceof ForStatement fs) || !(fs.getExpression() instanceof InfixExpression cond)
                || !(cond.getLeftOperand() instanceof SimpleName v) || fs.updaters().size() != 1 || cond.hasExtendedOperands()
                || program.assignedNames(fs.getBody()).contains(v.getIdentifier()) || program.leavesEarly(fs)) {
            return null;
        }
        // the step: i++ / i-- or i += k / i -= k with a known positive k
        long stepSize;
        boolean up;
        Object upd = fs.updaters().get(0);
        if (upd instanceof PostfixExpression pe && pe.getOperand() instanceof SimpleName u && u.getIdentifier().equals(v.getIdentifier())) {
            up = pe.getOperator() == PostfixExpression.Operator.INCREMENT;
            stepSize = 1;
        } else if (upd instanceof PrefixExpression pe && pe.getOperand() instanceof SimpleName u && u.getIdentifier().equals(v.getIdentifier())
                && (pe.getOperator() == PrefixExpression.Operator.INCREMENT || pe.getOperator() == PrefixExpression.Operator.DECREMENT)) {
            up = pe.getOperator() == PrefixExpression.Operator.INCREMENT; // as an updater, ++i is i++
            stepSize = 1;
        } else if (upd instanceof Assignment a && a.getLeftHandSide() instanceof SimpleName u && u.getIdentifier().equals(v.getIdentifier())
                && (a.getOperator() == Assignment.Operator.PLUS_ASSIGN || a.getOperator() == Assignment.Operator.MINUS_ASSIGN)
                && eval(a.getRightHandSide()) instanceof Long k && k > 0) {
            up = a.getOperator() == Assignment.Operator.PLUS_ASSIGN;
            stepSize = k;
        } else {
            return null;
        }
        InfixExpression.Operator op = cond.getOperator();
        Object bound = eval(cond.getRightOperand());
        Cell c = lookup(v.getIdentifier());
        if (!(bound instanceof Long b) || c == null || !(c.value instanceof Long now)) return null;
        if (op == InfixExpression.Operator.NOT_EQUALS) {
            // for (y = 0; y != n; ++y): ends at n when it counts by one towards it (else it would run past it)
            return stepSize == 1 && (up ? now <= b : now >= b) ? new Object[] {v.getIdentifier(), b} : null;
        }
        boolean upTest = op == InfixExpression.Operator.LESS || op == InfixExpression.Operator.LESS_EQUALS;
        boolean downTest = op == InfixExpression.Operator.GREATER || op == InfixExpression.Operator.GREATER_EQUALS;
        if (up ? !upTest : !downTest) return null;
        long first = up ? (op == InfixExpression.Operator.LESS ? b : b + 1) : (op == InfixExpression.Operator.GREATER ? b : b - 1);
        long exit;
        if (up) exit = now >= first ? now : now + ((first - now + stepSize - 1) / stepSize) * stepSize;
        else exit = now <= first ? now : now - ((now - first + stepSize - 1) / stepSize) * stepSize;
        return new Object[] {v.getIdentifier(), exit};
    }

    /**
     * Whether a test of one rank's own data can only decide what a method without effects answers (a number or a
     * truth value): {@code is} returns from that method (a search such as {@code for (int v : vector) if (v == x) return true; return false;}), throws
     * nothing, and the method communicates with no one and writes nothing but its locals ({@link Program#readOnly}).
     * The method's answer is then unknown, which is all exploring both outcomes could show (the rest of the method
     * only computes the other answer); a check whose result is only printed (a real program compared random vectors
     * element by element) no longer branches on every element. Not for a test of an input every rank holds alike,
     * whose outcomes ranks decide together, nor inside a lambda or local class.
     */
    private boolean searchAnswer(IfStatement is) {
        boolean[] returns = {false}, other = {false};
        is.accept(new org.eclipse.jdt.core.dom.ASTVisitor() {
            @Override
            public void preVisit(ASTNode x) {
                if (x instanceof ReturnStatement) returns[0] = true;
                if (x instanceof ThrowStatement || x instanceof YieldStatement || x instanceof org.eclipse.jdt.core.dom.LambdaExpression
                        || x instanceof MethodInvocation mi && mi.getName().getIdentifier().equals("exit")) {
                    other[0] = true;
                }
            }
        });
        if (!returns[0] || other[0]) return false;
        for (ASTNode p = is.getParent(); p != null; p = p.getParent()) {
            if (p instanceof MethodDeclaration m) {
                // a number or truth value: an unknown one is all the caller can be told (an array or object it
                // returned would stand for one the caller may send from or write into)
                return !m.isConstructor() && m.getReturnType2() != null && m.getReturnType2().isPrimitiveType()
                        && !m.getReturnType2().toString().equals("void") && !m.getName().getIdentifier().equals("main")
                        && !program.mayCommunicate(m) && program.readOnly(m);
            }
            if (p instanceof org.eclipse.jdt.core.dom.LambdaExpression || p instanceof AbstractTypeDeclaration
                    || p instanceof org.eclipse.jdt.core.dom.AnonymousClassDeclaration) {
                return false;
            }
        }
        return false;
    }

    /**
     * The innermost loop around {@code is} that an unknown test inside it may leave early, when that
     * is all the test can do: the loop does not communicate and the test's arms jump only by
     * unlabelled break/continue (a self-check such as {@code if (in[k] != k) { print; break; }}).
     * Such a test cannot change what the rank communicates, so the loop is cut instead of explored.
     */
    private ASTNode quietLoopAround(IfStatement is) {
        boolean[] other = {false};
        is.accept(new org.eclipse.jdt.core.dom.ASTVisitor() {
            @Override
            public void preVisit(ASTNode x) {
                if (x instanceof ReturnStatement || x instanceof ThrowStatement || x instanceof YieldStatement
                        || x instanceof BreakStatement b && b.getLabel() != null
                        || x instanceof ContinueStatement c && c.getLabel() != null
                        || x instanceof MethodInvocation mi && mi.getName().getIdentifier().equals("exit")) {
                    other[0] = true;
                }
            }
        });
        if (other[0]) return null;
        for (ASTNode p = is.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ForStatement || p instanceof WhileStatement || p instanceof DoStatement || p instanceof EnhancedForStatement) {
                return program.mayCommunicate(p) ? null : p;
            }
            if (p instanceof SwitchStatement || p instanceof MethodDeclaration || p instanceof org.eclipse.jdt.core.dom.LambdaExpression
                    || p instanceof AbstractTypeDeclaration || p instanceof SwitchExpression) {
                return null;
            }
        }
        return null;
    }

    private void execWhile(Expression cond, Statement bodyStmt, ASTNode loop, boolean doFirst, String label) {
        boolean comm = program.mayCommunicate(loop);
        int[] unknown = {0, 0};
        long quiet = 0;
        if (!comm && cutLoops.contains(loop)) {
            quietCut(loop);
            return;
        }
        int loopsBefore = loops.size();
        List<Object> heads = comm ? new ArrayList<>(4) : null;
        if (comm) loops.add(new LoopMark(unknown, heads, null, null));
        try {
            CompiledLoops.Loop cl = comm || !budgets.compiledLoops ? null : program.compiledLoop((Statement) loop);
            if (cl != null && cl != CompiledLoops.NONE) {
                // the same loop from its compiled form: the same tests, steps and budgets (CompiledLoops)
                Cell[] slots = cl.slots();
                if (doFirst && !compiledBody(cl, slots, bodyStmt, label)) return;
                long startSteps = steps;
                while (compiledTest(cl, slots, cond, loop, unknown)) {
                    if (!compiledBody(cl, slots, bodyStmt, label)) break;
                    if (++quiet > budgets.maxQuietIterations || steps - startSteps > budgets.maxQuietSteps) {
                        quietCut(loop);
                        break;
                    }
                }
                return;
            }
            if (doFirst && !body(bodyStmt, label)) return;
            long startSteps = steps;
            while (loopTest(cond, loop, unknown, comm, heads)) {
                if (!body(bodyStmt, label)) break;
                if (!comm && (++quiet > budgets.maxQuietIterations || steps - startSteps > budgets.maxQuietSteps)) {
                    quietCut(loop);
                    break;
                }
            }
        } finally {
            while (loops.size() > loopsBefore) loops.remove(loops.size() - 1);
        }
    }

    private void execForEach(EnhancedForStatement efs, String label) {
        Object coll = eval(efs.getExpression());
        List<Object> items;
        int certain = Integer.MAX_VALUE; // the elements certainly there; past them, each one is a test of size
        Object size = null;
        if (coll instanceof Values.ArgsVal av) {
            if (av.given == null && !program.inert(efs)) argsAssumed(efs.getExpression());
            items = new ArrayList<>();
            for (long i = 0; i < av.length(argsLength); i++) items.add(av.element(i));
        } else if (coll instanceof ArrayVal a && a.elems != null) items = List.of(a.elems);
        else if (coll instanceof ListVal l && !l.unknownSize) items = new ArrayList<>(l.items);
        else {
            if (!program.mayCommunicate(efs.getBody())) {
                havocAlike(efs);
                return;
            }
            assumeBeforeFinalize(program.range(efs), "Iterating over a collection of unknown size: the loop body is "
                    + "explored for at most " + budgets.maxUnknownIterations + " elements");
            items = new ArrayList<>();
            if (coll instanceof ListVal l) {
                // the elements known, then as many as the list's size allows: each further one is a test of that size,
                // the value size() gives (a rank that sends the size first and then each element, to a rank that
                // loops over the size it received, stops where the receiver does)
                items.addAll(l.items);
                certain = l.items.size();
                size = mpj.listSize(l, efs.getExpression());
            }
            for (int i = 0; i < budgets.maxUnknownIterations; i++) items.add(Unknown.ANY);
        }
        String name = efs.getParameter().getName().getIdentifier();
        boolean comm = program.mayCommunicate(efs.getBody());
        boolean known = certain == Integer.MAX_VALUE && !items.isEmpty();
        boolean kernel = !comm && known && payload(efs);
        if (!comm && known && (cutLoops.contains(efs) || forgottenAtOnce(efs, kernel))) {
            // over the known elements of an array or list, forgotten at once on the same terms as a counting loop
            // (execFor): flattening a matrix of a million numbers into the buffer it scatters costs no steps
            quietCut(efs);
            return;
        }
        long startSteps = steps;
        long quietSteps = kernel ? budgets.maxPayloadSteps : budgets.maxQuietSteps;
        LoopMark mark = comm ? new LoopMark(null, null, items, name) : null;
        int loopsBefore = loops.size();
        if (mark != null) loops.add(mark);
        try {
            for (int k = 0; k < items.size(); k++) {
                Object item = items.get(k);
                if (k >= certain) {
                    Object more = Operators.binary("<", (long) k, size);
                    if (!(more instanceof Boolean b ? b : decide(more, efs, "loop condition"))) break;
                }
                frame.scopes.add(new Scope());
                try {
                    frame.scopes.get(frame.scopes.size() - 1).put(name, new Cell(item));
                    if (!body(efs.getBody(), label)) break;
                } finally {
                    frame.scopes.remove(frame.scopes.size() - 1);
                }
                if (mark != null) mark.index++;
                if (!comm && known && (k + 1 > budgets.maxQuietIterations || steps - startSteps > quietSteps)
                        && k + 1 < items.size()) {
                    quietCut(efs); // a long loop without communication, stopped as execFor stops one
                    break;
                }
            }
        } finally {
            while (loops.size() > loopsBefore) loops.remove(loops.size() - 1);
        }
    }

    private Object execSwitch(Expression selector, List<?> stmts, ASTNode node, boolean isExpression) {
        Object v = eval(selector);
        int start = -1;
        int defaultAt = -1;
        boolean arrows = false;
        for (int i = 0; i < stmts.size() && start < 0; i++) {
            if (stmts.get(i) instanceof SwitchCase sc) {
                arrows |= sc.isSwitchLabeledRule();
                if (sc.isDefault()) {
                    defaultAt = i;
                    continue;
                }
                List<?> labels = sc.expressions();
                for (int k = 0, n = labels.size(); k < n; k++) {
                    Expression label = (Expression) labels.get(k);
                    // case COUNT: over an enum names the constant of the selector's enum, unqualified
                    Cell constant = v instanceof ObjVal ov && ov.type instanceof org.eclipse.jdt.core.dom.EnumDeclaration
                            && label instanceof SimpleName ln ? staticCell(ov.type.getName().getIdentifier(), ln.getIdentifier()) : null;
                    Object cv = constant != null ? constant.value : eval(label);
                    Object eq = Operators.equal(v, cv);
                    if (eq == Boolean.TRUE) {
                        start = i;
                        break;
                    }
                    if (Values.isUnknown(eq)) {
                        if (decide(eq, sc, "switch case")) {
                            start = i;
                            break;
                        }
                    }
                }
            }
        }
        if (start < 0) start = defaultAt;
        if (start < 0) return null;
        frame.scopes.add(new Scope());
        try {
            for (int i = start + 1; i < stmts.size(); i++) {
                Object o = stmts.get(i);
                if (o instanceof SwitchCase) {
                    if (arrows) break;
                    continue;
                }
                Statement st = (Statement) o;
                if (arrows && isExpression && st instanceof ExpressionStatement es) {
                    return eval(es.getExpression());
                }
                exec(st);
                if (arrows) break;
            }
        } catch (BreakSig b) {
            if (b.label != null) throw b;
        } catch (YieldSig y) {
            return y.value;
        } finally {
            frame.scopes.remove(frame.scopes.size() - 1);
        }
        return null;
    }

    private void execTry(TryStatement ts) {
        int scopes = frame.scopes.size();
        frame.scopes.add(new Scope());
        try {
            for (Object r : ts.resources()) {
                if (r instanceof VariableDeclarationExpression vde) {
                    for (Object f : vde.fragments()) declare((VariableDeclarationFragment) f, vde.getType());
                }
            }
            exec(ts.getBody());
        } catch (ThrowSig t) {
            CatchClause taker = null;
            for (Object o : ts.catchClauses()) {
                CatchClause cc = (CatchClause) o;
                if (catches(cc.getException().getType(), t.type)) {
                    taker = cc;
                    break;
                }
            }
            if (taker == null) throw t;
            // the frame as at the try (a throw from a nested block or call left its scopes behind)
            while (frame.scopes.size() > scopes) frame.scopes.remove(frame.scopes.size() - 1);
            frame.scopes.add(new Scope());
            frame.scopes.get(frame.scopes.size() - 1).put(taker.getException().getName().getIdentifier(),
                    new Cell(t.value == null ? Unknown.ANY : t.value));
            exec(taker.getBody());
        } finally {
            while (frame.scopes.size() > scopes) frame.scopes.remove(frame.scopes.size() - 1);
            if (ts.getFinally() != null) exec(ts.getFinally());
        }
    }

    /** Parents of the JDK's (and MPJ's) common exceptions, up to {@code Throwable}. */
    private static final Map<String, String> JDK_EXCEPTION_PARENT = Map.ofEntries(
            Map.entry("Exception", "Throwable"), Map.entry("Error", "Throwable"),
            Map.entry("RuntimeException", "Exception"), Map.entry("IOException", "Exception"),
            Map.entry("InterruptedException", "Exception"), Map.entry("MPIException", "Exception"),
            Map.entry("CloneNotSupportedException", "Exception"), Map.entry("ClassNotFoundException", "Exception"),
            Map.entry("FileNotFoundException", "IOException"), Map.entry("EOFException", "IOException"),
            Map.entry("UncheckedIOException", "RuntimeException"),
            Map.entry("IllegalArgumentException", "RuntimeException"),
            Map.entry("NumberFormatException", "IllegalArgumentException"),
            Map.entry("IllegalStateException", "RuntimeException"), Map.entry("ArithmeticException", "RuntimeException"),
            Map.entry("NullPointerException", "RuntimeException"), Map.entry("ClassCastException", "RuntimeException"),
            Map.entry("UnsupportedOperationException", "RuntimeException"),
            Map.entry("IndexOutOfBoundsException", "RuntimeException"),
            Map.entry("ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException"),
            Map.entry("StringIndexOutOfBoundsException", "IndexOutOfBoundsException"),
            Map.entry("AssertionError", "Error"), Map.entry("OutOfMemoryError", "Error"),
            Map.entry("StackOverflowError", "Error"));

    /**
     * Whether a catch clause of {@code caught} (a type or {@code A | B}) takes an exception of class
     * {@code thrown}: the thrown class, its superclasses in the program, then the JDK's parents; a JDK
     * class the table does not know is taken for a checked {@code Exception}. An exception of unknown
     * class is taken only by {@code Exception}, {@code Throwable} or {@code RuntimeException}.
     */
    private boolean catches(Type caught, String thrown) {
        if (caught instanceof UnionType u) {
            for (Object t : u.types()) if (catches((Type) t, thrown)) return true;
            return false;
        }
        String c = Program.simpleTypeName(caught.toString());
        if (thrown == null) return c.equals("Exception") || c.equals("Throwable") || c.equals("RuntimeException");
        String name = thrown;
        AbstractTypeDeclaration t = program.type(name);
        for (int guard = 0; t != null && guard < 16; guard++) {
            if (name.equals(c)) return true;
            AbstractTypeDeclaration sup = superOf(t);
            if (sup == null) {
                name = t instanceof TypeDeclaration td && td.getSuperclassType() != null
                        ? Program.simpleTypeName(td.getSuperclassType().toString()) : "Exception";
                break;
            }
            t = sup;
            name = sup.getName().getIdentifier();
        }
        for (int guard = 0; name != null && guard < 16; guard++) {
            if (name.equals(c)) return true;
            name = JDK_EXCEPTION_PARENT.getOrDefault(name, name.equals("Throwable") ? null : "Exception");
        }
        return false;
    }

    /** The seeded generators this rank made ({@link Values.Seeded}). */
    final List<Values.Seeded> seeded = new ArrayList<>();

    /** Code skipped may have drawn from any generator: where each stands is no longer known. */
    private void loseDraws() {
        for (int i = 0; i < seeded.size(); i++) seeded.get(i).lost = true;
    }

    /** Forgets what the statement may assign (used where a branch or loop is skipped). */
    private void havoc(ASTNode n) {
        havoc(n, null);
    }

    /**
     * Forgets what a skipped loop or branch assigns, but keeps what ranks share. When the code computes only from
     * its variables ({@link Program#alikeInputs}: no call into the program, no clock or random number) and none of
     * them holds a value this rank alone does not know, two ranks whose variables agree compute the same thing: a
     * file read line by line into a list on every rank gives every rank the same list. Each scalar it assigns then
     * becomes a symbol named after the place, its visit and a digest of those variables (lists it appends to get
     * such a symbol for what they hold beyond the known items), so that later tests on them are decided alike by
     * ranks whose inputs agree, and independently by ranks whose inputs differ (the rank itself among them).
     * Otherwise what it assigns is unknown, but each variable gets a symbol of this rank: one value, whose tests
     * agree wherever it is tested (it may travel in a message).
     */
    private void havocAlike(ASTNode n) {
        List<String> inputs = program.alikeInputs(n);
        int occ = occurrence(n);
        long[] digest = {program.nodeId(n) * 0x9E3779B97F4A7C15L + occ};
        boolean alike = inputs != null;
        // each input's variable, looked up once (null past the first input that is not alike): a skipped test inside a
        // loop of half a million steps comes here on each, and the lookups were most of its cost
        Cell[] cells = inputs == null ? null : new Cell[inputs.size()];
        for (int i = 0; alike && i < inputs.size(); i++) {
            String name = inputs.get(i);
            Cell c = cells[i] = lookup(name);
            if (c == null) {
                // a class name (Integer, Math, System) reads nothing; any other name the analysis cannot follow
                alike = program.type(name) != null || Character.isUpperCase(name.charAt(0));
                continue;
            }
            mix(digest, name.hashCode());
            alike = digestOf(c.value, digest, 0);
        }
        if (!alike) {
            // unknown, but each variable now holds one value: tests of it agree with each other, and with the tests a
            // rank that receives it in a message makes (a worker's count of hits, sent to the master). What havoc does,
            // each variable found once: an array forgotten, a list left to forgetLists, any other value this symbol
            loseDraws();
            int line = program.range(n).line();
            for (String name : program.assignedNames(n)) {
                Cell c = written(n, name);
                if (c == null) continue;
                if (c.value instanceof ArrayVal a) forgetWritten(n, name, a);
                else if (!(c.value instanceof ListVal)) c.value = Values.Sym.ownData(line, rank, occ, name);
            }
            forgetLists(n, null);
            skippedReads(inputs, cells, i -> Values.Sym.ownData(line, rank, occ, i).toString());
            return;
        }
        loseDraws();
        String tag = Values.Sym.alikePrefix(program.range(n).line(), digest[0]);
        skippedReads(inputs, cells, i -> tag + i);
        for (String name : program.assignedNames(n)) {
            Cell c = written(n, name);
            if (c == null) continue;
            if (c.value instanceof ArrayVal a) forgetWritten(n, name, a);
            else if (!(c.value instanceof ListVal)) c.value = Values.Sym.of(tag + name);
        }
        forgetLists(n, tag);
    }

    /**
     * The readers among {@code inputs} may have read any number of items in the skipped code: each goes on under a new
     * name ({@code rename} of its variable's name), so that what it reads next is not taken for the item of that
     * position read elsewhere. {@code cells} holds the inputs' variables where they were looked up already (null else).
     */
    private void skippedReads(List<String> inputs, Cell[] cells, java.util.function.Function<String, String> rename) {
        if (inputs == null) return;
        for (int i = 0; i < inputs.size(); i++) {
            String name = inputs.get(i);
            Cell c = cells[i] != null ? cells[i] : lookup(name);
            if (c != null && c.value instanceof Values.Input r) {
                r.name = rename.apply(name);
                r.reads = 0;
            }
        }
    }

    private static void mix(long[] h, long v) {
        h[0] = (h[0] ^ v) * 0x100000001B3L;
        h[0] ^= h[0] >>> 29;
    }

    /** Adds {@code v} to the digest; false when it holds something this rank alone does not know. */
    private static boolean digestOf(Object v, long[] h, int depth) {
        if (depth > 4) return false;
        switch (v) {
            case null -> mix(h, 1);
            case Long l -> mix(h, l * 31 + 2);
            case Double d -> mix(h, Double.doubleToLongBits(d) * 31 + 3);
            case Boolean b -> mix(h, b ? 4 : 5);
            case String s -> mix(h, s.hashCode() * 31L + 6);
            case Values.Sym s -> mix(h, s.expr().hashCode() * 31L + 7);
            case Null x -> mix(h, 8);
            case Values.Input r -> mix(h, (r.name.hashCode() * 31L + r.reads) * 31 + 12);
            case Unknown u -> {
                if (u == Unknown.ANY) return false;
                mix(h, 9);
            }
            case ListVal l -> {
                if (l.unknownSize && l.alike == null || l.items.size() > 10_000) return false;
                mix(h, l.alike == null ? 10 : l.alike.hashCode());
                for (Object x : l.items) if (!digestOf(x, h, depth + 1)) return false;
            }
            case ArrayVal a -> {
                if (a.elems == null || a.elems.length > 10_000) return false;
                mix(h, a.elems.length * 31L + 11);
                for (Object x : a.elems) if (!digestOf(x, h, depth + 1)) return false;
            }
            case Values.MapVal m -> {
                if (m.unknownKeys || m.entries.size() > 10_000) return false;
                for (Map.Entry<Object, Object> e : m.entries.entrySet()) {
                    if (!digestOf(e.getKey(), h, depth + 1) || !digestOf(e.getValue(), h, depth + 1)) return false;
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean isLocal(String name) {
        for (Scope scope : frame.scopes) if (scope.containsKey(name)) return true;
        return false;
    }

    /**
     * The variable {@code n} writes under {@code name}: the receiver's field where {@code n} writes it only as
     * {@code this.name} ({@link Program#thisOnlyTargets}: a local of that name, a constructor's parameter, is only read
     * there), else the one the name resolves to.
     */
    private Cell written(ASTNode n, String name) {
        if (!program.thisOnlyTargets(n).contains(name)) return lookup(name);
        return frame.self == null ? null : frame.self.fields.get(name);
    }

    /**
     * Forgets what {@code n} wrote into the array {@code a} (the variable {@code name}): only the rows it picks by an
     * index it does not change ({@link Program#rowIndices}), each found from that index now, when it writes nothing else
     * of {@code a}; else all of {@code a}. The other rows keep what they hold, as they did in the program.
     */
    private void forgetWritten(ASTNode n, String name, ArrayVal a) {
        List<Expression> rows = a.elems == null ? null : program.rowIndices(n, name);
        if (rows != null) {
            List<ArrayVal> picked = new ArrayList<>(rows.size());
            for (Expression e : rows) {
                // names, numbers and + - * of them: nothing is called or changed by evaluating it again
                Object k = eval(e);
                if (!(k instanceof Long i) || i < 0 || i >= a.elems.length || !(a.elems[(int) (long) i] instanceof ArrayVal row)
                        || row == a) {
                    picked = null;
                    break;
                }
                picked.add(row);
            }
            if (picked != null) {
                for (ArrayVal row : picked) row.forget();
                return;
            }
        }
        a.forget();
    }

    /** Forgets what {@code n} may assign (but {@code keep}); true when an integer variable was lost. */
    private boolean havoc(ASTNode n, String keep) {
        return havoc(n, keep, false);
    }

    /**
     * Forgets what {@code n} assigns; says whether integer variables were lost. With {@code ends} (the code
     * certainly finishes), locals dead afterwards ({@link Program#deadAfter}) do not count, nor do variables
     * that cannot steer the program ({@link StateRelevance}: a count of primes that is only ever sent, reduced
     * or printed). Without it the note stays for any integer: it is also the only word that the loop may never end.
     */
    private boolean havoc(ASTNode n, String keep, boolean ends) {
        loseDraws();
        boolean integers = false;
        StateRelevance relevance = program.stateRelevance();
        for (String name : program.assignedNames(n)) {
            if (name.equals(keep)) continue;
            Cell c = written(n, name);
            if (c == null) continue;
            if (c.value instanceof ArrayVal a) {
                forgetWritten(n, name, a); // array contents are mostly payload; where one decides or addresses, that place says so
            } else if (!(c.value instanceof ListVal)) {
                if (c.value instanceof Long && (!ends || relevance.relevant(name)) && !program.declaredIn(n).contains(name)
                        && !(ends && isLocal(name) && program.deadAfter(n, name))) {
                    integers = true;
                }
                c.value = Unknown.ANY;
            }
        }
        // lists it changes through calls: their size (and, unless it only appends, their elements) become unknown.
        // Maps holding entries are left as they are: they mostly hold timers and counters, and forgetting every key of
        // one for a single put would make every later lookup unknown; an empty one filled there is unknown (forgetLists)
        forgetLists(n, null);
        return integers;
    }

    /**
     * The lists {@code n} changes through calls: their size (and, unless it only appends, their elements) become
     * unknown; with {@code alikeTag}, what they hold beyond the known items is the symbol {@code alikeTag + name}.
     * A map still empty before {@code n} that {@code n} changes has unknown keys after it: a neighbour table read from a
     * file in a skipped loop and then iterated to send to each neighbour ({@code for (int v : weights.keySet())}) was
     * iterated as empty, and the program's communication vanished without a word.
     */
    private void forgetLists(ASTNode n, String alikeTag) {
        for (Map.Entry<String, Boolean> m : program.mutatedCollections(n).entrySet()) {
            Cell c = lookup(m.getKey());
            if (c != null && c.value instanceof ListVal l) {
                l.unknownSize = true;
                l.sizeDatum = null;
                if (!m.getValue()) l.items.clear();
                l.alike = alikeTag == null ? null : alikeTag + m.getKey();
            } else if (c != null && c.value instanceof Values.MapVal map && map.entries.isEmpty()) {
                map.unknownKeys = true;
            }
        }
    }

    // ================================================================ expressions

    /** A number literal's value (set on the node when the program was indexed, else read from its token). */
    static Object numberValue(NumberLiteral n) {
        Object v = n.getProperty(Program.LITERAL_VALUE);
        return v != null ? v : Operators.number(n.getToken());
    }

    /** A character literal's value: its code, a number as every integral value here. */
    static Object charValue(CharacterLiteral c, Program program) {
        return program.literalValue(c) instanceof Character ch ? (Object) (long) ch : Unknown.ANY;
    }

    Object eval(Expression e) {
        switch (e.getNodeType()) {
            case ASTNode.NUMBER_LITERAL -> {
                return numberValue((NumberLiteral) e);
            }
            case ASTNode.BOOLEAN_LITERAL -> {
                return ((BooleanLiteral) e).booleanValue();
            }
            case ASTNode.CHARACTER_LITERAL -> {
                return charValue((CharacterLiteral) e, program);
            }
            case ASTNode.STRING_LITERAL -> {
                StringLiteral s = (StringLiteral) e;
                Object v = program.literalValue(s);
                return v != null ? v : Unknown.ANY;
            }
            case ASTNode.TEXT_BLOCK -> {
                TextBlock t = (TextBlock) e;
                Object v = program.literalValue(t);
                return v != null ? v : Unknown.ANY;
            }
            case ASTNode.NULL_LITERAL -> {
                return Null.NULL;
            }
            case ASTNode.PARENTHESIZED_EXPRESSION -> {
                return eval(((ParenthesizedExpression) e).getExpression());
            }
            case ASTNode.SIMPLE_NAME -> {
                SimpleName sn = (SimpleName) e;
                Cell c = resolve(sn);
                if (c != null) return c.value;
                if (program.type(sn.getIdentifier()) != null || Character.isUpperCase(sn.getIdentifier().charAt(0))) {
                    return new ClassRef(sn.getIdentifier());
                }
                return Unknown.ANY;
            }
            case ASTNode.QUALIFIED_NAME -> {
                return evalQualified((QualifiedName) e);
            }
            case ASTNode.FIELD_ACCESS -> {
                FieldAccess fa = (FieldAccess) e;
                return field(eval(fa.getExpression()), fa.getName().getIdentifier(), fa);
            }
            case ASTNode.THIS_EXPRESSION -> {
                return frame.self == null ? Unknown.ANY : frame.self;
            }
            case ASTNode.ASSIGNMENT -> {
                return assign((Assignment) e);
            }
            case ASTNode.INFIX_EXPRESSION -> {
                return infix((InfixExpression) e);
            }
            case ASTNode.PREFIX_EXPRESSION -> {
                return prefix((PrefixExpression) e);
            }
            case ASTNode.POSTFIX_EXPRESSION -> {
                PostfixExpression pe = (PostfixExpression) e;
                return increment(pe.getOperand(), pe.getOperator() == PostfixExpression.Operator.INCREMENT, false);
            }
            case ASTNode.CONDITIONAL_EXPRESSION -> {
                ConditionalExpression ce = (ConditionalExpression) e;
                Object c = eval(ce.getExpression());
                if (!(c instanceof Boolean) && !program.mayCommunicate(ce)) {
                    // either arm may run: each from the state before the test, as Java runs one of them
                    List<Cell> cells = scalarsAssigned(ce);
                    Object[] before = values(cells);
                    Object a = mayRun(ce.getThenExpression());
                    Object[] afterThen = values(cells);
                    for (int i = 0; i < cells.size(); i++) cells.get(i).value = before[i];
                    Object b = mayRun(ce.getElseExpression());
                    joinInto(cells, afterThen, c);
                    if (Operators.equal(a, b) == Boolean.TRUE) return a;
                    // one of two values chosen by a test of named values: itself a named value, so that ranks holding
                    // it test it alike (a leader picked from gathered data, then "rank == best" on every rank)
                    String tc = Values.Sym.text(c), ta = Values.Sym.text(a), tb = Values.Sym.text(b);
                    if (c instanceof Values.Sym && ta != null && tb != null) return Values.Sym.of("(" + tc + " ? " + ta + " : " + tb + ")");
                    return Values.join(c, c);
                }
                return decide(c, ce, "conditional expression") ? promoted(ce, true, eval(ce.getThenExpression()))
                        : promoted(ce, false, eval(ce.getElseExpression()));
            }
            case ASTNode.CAST_EXPRESSION -> {
                CastExpression ce = (CastExpression) e;
                return cast(eval(ce.getExpression()), ce.getType());
            }
            case ASTNode.INSTANCEOF_EXPRESSION -> {
                InstanceofExpression io = (InstanceofExpression) e;
                return instanceOf(eval(io.getLeftOperand()), io.getRightOperand());
            }
            case ASTNode.PATTERN_INSTANCEOF_EXPRESSION -> {
                // o instanceof Pt p: the test, and where it holds, p bound to o (in the scope of the test: what follows
                // it in the condition and the branch it guards read it there)
                org.eclipse.jdt.core.dom.PatternInstanceofExpression pio = (org.eclipse.jdt.core.dom.PatternInstanceofExpression) e;
                Object v = eval(pio.getLeftOperand());
                if (!(pio.getPattern() instanceof org.eclipse.jdt.core.dom.TypePattern tp)
                        || !(tp.getPatternVariable2() instanceof SingleVariableDeclaration var)) {
                    return Unknown.ANY; // a record pattern
                }
                Object holds = instanceOf(v, var.getType());
                if (Boolean.TRUE.equals(holds)) {
                    frame.scopes.get(frame.scopes.size() - 1).put(var.getName().getIdentifier(),
                            typedCell(v, var.getType(), var.getExtraDimensions()));
                }
                return holds;
            }
            case ASTNode.ARRAY_ACCESS -> {
                ArrayAccess aa = (ArrayAccess) e;
                Object arr = eval(aa.getArray());
                Object idx = eval(aa.getIndex());
                return element(aa, arr, idx);
            }
            case ASTNode.ARRAY_CREATION -> {
                return createArray((ArrayCreation) e);
            }
            case ASTNode.ARRAY_INITIALIZER -> {
                return arrayFromInitializer((ArrayInitializer) e);
            }
            case ASTNode.METHOD_INVOCATION -> {
                return invocation((MethodInvocation) e);
            }
            case ASTNode.SUPER_METHOD_INVOCATION -> {
                return superInvocation((SuperMethodInvocation) e);
            }
            case ASTNode.CLASS_INSTANCE_CREATION -> {
                return construct((ClassInstanceCreation) e);
            }
            case ASTNode.VARIABLE_DECLARATION_EXPRESSION -> {
                VariableDeclarationExpression vde = (VariableDeclarationExpression) e;
                for (Object f : vde.fragments()) declare((VariableDeclarationFragment) f, vde.getType());
                return null;
            }
            case ASTNode.SWITCH_EXPRESSION -> {
                SwitchExpression se = (SwitchExpression) e;
                Object v = execSwitch(se.getExpression(), se.statements(), se, true);
                return v == null ? Unknown.ANY : v;
            }
            case ASTNode.LAMBDA_EXPRESSION -> {
                return new Values.Fn(e, new ArrayList<>(frame.scopes), frame.self, frame.type, null);
            }
            case ASTNode.EXPRESSION_METHOD_REFERENCE -> {
                // expr::name evaluates expr now, as Java does (a later change of the variable does not retarget it)
                Object target = eval(((org.eclipse.jdt.core.dom.ExpressionMethodReference) e).getExpression());
                return new Values.Fn(e, List.of(), frame.self, frame.type, target);
            }
            default -> {
                return Unknown.ANY; // other method references (Type::new, super::m), type literals...
            }
        }
    }

    /** The leftmost identifier of a qualified name ({@code java} in {@code java.util.Arrays}). */
    private static String firstSegment(QualifiedName qn) {
        Name n = qn;
        while (n instanceof QualifiedName q) n = q.getQualifier();
        return ((SimpleName) n).getIdentifier();
    }

    private Object evalQualified(QualifiedName qn) {
        Object constant = program.mpiConstant(qn.getName());
        if (constant != null) return constant;
        Name q = qn.getQualifier();
        String last = qn.getName().getIdentifier();
        if (program.spelledPackageQualified(qn) && lookup(firstSegment(qn)) == null) {
            return new ClassRef(last); // java.util.Arrays, mpi.MPI: a class named with its package
        }
        Object base = eval(q);
        if (base instanceof ClassRef cr && !(q instanceof SimpleName) && program.type(cr.name()) == null
                && Character.isLowerCase(q.getFullyQualifiedName().charAt(0)) && !MpjCalls.isMpjClass(cr.name())) {
            // a package-qualified class name such as java.util.Arrays
            if (Character.isUpperCase(last.charAt(0)) && !last.equals(last.toUpperCase())) return new ClassRef(last);
        }
        if (base instanceof ClassRef cr && Character.isUpperCase(last.charAt(0)) && program.type(last) == null
                && lowerCaseDotted(q.getFullyQualifiedName())) {
            return new ClassRef(last);
        }
        Object v = field(base, last, qn);
        if ((v instanceof Values.Datatype || v instanceof Values.ReduceOp) && base instanceof ClassRef cr && cr.name().equals("MPI")
                && program.type("MPI") == null) {
            program.mpiConstant(qn.getName(), v); // MPJ's own constant: kept for the next evaluation of this node
        }
        return v;
    }

    /** Whether {@code name} has only lower-case letters and dots (a package), without a stream per evaluation. */
    private static boolean lowerCaseDotted(String name) {
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (!Character.isLowerCase(ch) && ch != '.') return false;
        }
        return true;
    }

    private Object field(Object base, String name, ASTNode at) {
        if (base instanceof Values.ArgsVal) {
            if (!name.equals("length")) return Unknown.UNIFORM;
            Values.ArgsVal av = (Values.ArgsVal) base;
            if (probingArgs || av.given != null) return av.length(argsLength);
            if (argsLength < MAX_USAGE_ARGS && usageCheck(at, av.raw)) return av.length(argsLength);
            if (!program.inert(at)) argsAssumed(at);
            return av.length(argsLength);
        }
        if (base instanceof ArrayVal a && name.equals("length")) {
            return a.elems != null ? (Object) (long) a.elems.length : a.lengthValue != null ? a.lengthValue : Unknown.ANY;
        }
        if (base instanceof ObjVal o) {
            Cell c = o.fields.get(name);
            if (c == null) c = staticOf(o.type, name);
            return c == null ? Unknown.ANY : c.value;
        }
        if (base instanceof ClassRef cr) {
            Cell c = staticCell(cr.name(), name);
            if (c == null && program.type(cr.name()) != null) c = staticOf(program.type(cr.name()), name);
            if (c != null) return c.value;
            return mpj.staticField(cr.name(), name);
        }
        return mpj.instanceField(base, name);
    }

    /**
     * Per simple-name node, what {@link #resolve} learnt: the static field's {@link Cell} it means (or a
     * cell holding the class it names), or (a {@link LocalHint}) where it last found its local variable.
     * One map, so a name costs one lookup (two were a seventh of interpreting RodHeat); indexed by the number the
     * program gave the name ({@link Program#NAME_ID}), a node without one (made after the parse) in {@link #nameHints}.
     * The array has a slot for every name of the program on every rank, so a huge file at thousands of processes
     * ({@link #MAX_HINT_SLOTS} in all) keeps the map only.
     */
    private final Object[] hintsById;
    private final Map<SimpleName, Object> nameHints = new IdentityHashMap<>();
    /** Array slots ({@link #hintsById}) all ranks of a run may have together: 16 MB of references. */
    private static final long MAX_HINT_SLOTS = 1L << 22;

    private Object hint(SimpleName sn) {
        return hintsById != null && sn.getProperty(Program.NAME_ID) instanceof Integer id ? hintsById[id] : nameHints.get(sn);
    }

    private void hint(SimpleName sn, Object hint) {
        if (hintsById != null && sn.getProperty(Program.NAME_ID) instanceof Integer id) hintsById[id] = hint;
        else nameHints.put(sn, hint);
    }

    /**
     * What a simple name in an expression means, as {@link #lookup} finds it, with shortcuts that rest
     * on Java's rules: names resolve lexically, so a node that once meant a static field always does;
     * and a local variable never shadows another local of the same method, so the name is in at most
     * one scope of the activation. While that scope is the one it was found in last time, at the same
     * depth, and nothing was put into it since, it still maps the name to the same cell (a loop's
     * variables, declared outside its body, are found so on every iteration); otherwise the depth it
     * was found at is tried first.
     */
    Cell resolve(SimpleName sn) {
        Object hint = hint(sn);
        if (hint instanceof Cell c) return c;
        ArrayList<Scope> scopes = frame.scopes;
        LocalHint local = hint instanceof LocalHint l ? l : null;
        if (local != null && local.depth < scopes.size() && scopes.get(local.depth) == local.scope
                && local.scope.puts == local.puts) {
            return local.cell;
        }
        String name = sn.getIdentifier();
        Cell c;
        if (local != null && local.depth < scopes.size()) {
            Scope scope = scopes.get(local.depth);
            c = scope.get(name);
            if (c != null) {
                local.set(scope, local.depth, c);
                return c;
            }
        }
        for (int i = scopes.size() - 1; i >= 0; i--) {
            Scope scope = scopes.get(i);
            c = scope.get(name);
            if (c != null) {
                if (local == null) hint(sn, new LocalHint().set(scope, i, c));
                else local.set(scope, i, c);
                return c;
            }
        }
        for (ObjVal o = frame.self; o != null; o = o.outer) {
            c = o.fields.get(name);
            if (c != null) return c;
        }
        c = lookupStatic(name);
        if (c == null && (MpjCalls.isModelledClass(name) || JdkCalls.isPureClass(name) || program.type(name) != null)) {
            // a class (MPI, Math, System, one of the program's): what eval makes of a name nothing declares, kept so
            // that the next evaluation of this node does not search the scopes, fields and statics again
            c = new Cell(new ClassRef(name));
        }
        if (c != null) hint(sn, c);
        return c;
    }

    /** The current value of the variable {@code name}, or null when no variable of that name is in scope. */
    private Object valueNow(String name) {
        Cell c = lookup(name);
        return c == null ? null : c.value;
    }

    Cell lookup(String name) {
        Cell c = lookupLocal(name);
        return c != null ? c : lookupStatic(name);
    }

    /** A local variable of the current activation or a field of its receiver. */
    private Cell lookupLocal(String name) {
        for (int i = frame.scopes.size() - 1; i >= 0; i--) {
            Cell c = frame.scopes.get(i).get(name);
            if (c != null) return c;
        }
        for (ObjVal o = frame.self; o != null; o = o.outer) { // the receiver's fields, then its enclosing objects'
            Cell c = o.fields.get(name);
            if (c != null) return c;
        }
        return null;
    }

    /**
     * A static field visible from the current type: its own, its superclasses' and interfaces', its
     * enclosing types', and those its file imports statically ({@code import static a.Constants.*;}).
     */
    private Cell lookupStatic(String name) {
        if (frame.type != null) {
            Cell c = staticOf(frame.type, name); // the type's own statics, then its supertypes'
            if (c != null) return c;
            ASTNode p = frame.type.getParent();
            while (p != null) {
                if (p instanceof AbstractTypeDeclaration outer) {
                    c = staticCell(outer.getName().getIdentifier(), name);
                    if (c != null) return c;
                }
                if (p instanceof CompilationUnit cu) return staticImport(cu, name);
                p = p.getParent();
            }
        }
        return null;
    }

    /** The MPJ class whose static method {@code name} the file of {@code at} imports, by name or on demand, or null. */
    private static String staticImportOwner(ASTNode at, String name) {
        ASTNode p = at;
        while (p != null && !(p instanceof CompilationUnit)) p = p.getParent();
        if (p == null) return null;
        for (Object o : ((CompilationUnit) p).imports()) {
            ImportDeclaration im = (ImportDeclaration) o;
            if (!im.isStatic()) continue;
            String full = im.getName().getFullyQualifiedName();
            String owner = im.isOnDemand() ? full : full.endsWith("." + name) ? full.substring(0, full.length() - name.length() - 1) : null;
            if (owner == null || !owner.startsWith("mpi.")) continue;
            String simple = Program.simpleTypeName(owner);
            if (MpjCalls.isMpjClass(simple)) return simple;
        }
        return null;
    }

    /** The static field {@code name} that {@code cu} imports, by name or on demand, from a type of the program. */
    private Cell staticImport(CompilationUnit cu, String name) {
        for (Object o : cu.imports()) {
            ImportDeclaration im = (ImportDeclaration) o;
            if (!im.isStatic()) continue;
            String full = im.getName().getFullyQualifiedName();
            String typeName;
            if (im.isOnDemand()) {
                typeName = full;
            } else {
                if (!full.endsWith("." + name)) continue;
                typeName = full.substring(0, full.length() - name.length() - 1);
            }
            AbstractTypeDeclaration t = program.type(Program.simpleTypeName(typeName));
            Cell c = t == null ? null : staticOf(t, name);
            if (c != null) return c;
            if (t == null && typeName.startsWith("mpi.") && Character.isUpperCase(name.charAt(0)) && !MpjCalls.isMpjClass(name)
                    && !MpjCalls.isModelledClass(name)) {
                // import static mpi.MPI.*: COMM_WORLD, INT, SUM, ANY_SOURCE are MPJ's, as MPI.COMM_WORLD would be (not MPI
                // itself, nor a name MPJ does not have that staticField would take for a datatype)
                Object v = mpj.staticField(Program.simpleTypeName(typeName), name);
                if (!Values.isUnknown(v) && (!(v instanceof Values.Datatype) || MPJ_DATATYPES.contains(name))) return new Cell(v);
            }
        }
        return null;
    }

    /** MPJ's basic datatypes, as {@code MPI}'s static fields. */
    private static final java.util.Set<String> MPJ_DATATYPES = java.util.Set.of("BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG",
            "FLOAT", "DOUBLE", "OBJECT", "PACKED", "LB", "UB", "SHORT2", "INT2", "LONG2", "FLOAT2", "DOUBLE2");

    /** Whether {@code fd} declares static fields: marked {@code static}, or declared in an interface (implicitly static). */
    private static boolean isStaticField(AbstractTypeDeclaration owner, FieldDeclaration fd) {
        return Modifier.isStatic(fd.getModifiers()) || owner instanceof TypeDeclaration td && td.isInterface();
    }

    private Object assign(Assignment a) {
        Expression lhs = a.getLeftHandSide();
        while (lhs instanceof ParenthesizedExpression p) lhs = p.getExpression();
        // an element's array and index are evaluated once, before the right-hand side (JLS 15.26.1: a[i] = i++ stores
        // into the element i named before the increment; a[k++] += 2 moves k once)
        ArrayAccess target = lhs instanceof ArrayAccess aa ? aa : null;
        Object arr = target == null ? null : eval(target.getArray());
        Object idx = target == null ? null : eval(target.getIndex());
        Object v;
        if (a.getOperator() == Assignment.Operator.ASSIGN) {
            Object rhs = eval(a.getRightHandSide());
            v = rhs == Unknown.ANY ? nameCopied(a.getRightHandSide(), a) : rhs;
        } else {
            String op = a.getOperator().toString();
            // the variable's value is read before the right-hand side runs (JLS 15.26.2): y += y++ + ++y adds to the old y
            Object old = target != null ? element(target, arr, idx) : eval(a.getLeftHandSide());
            Object rhs = eval(a.getRightHandSide());
            if (old instanceof String && a.getOperator() == Assignment.Operator.PLUS_ASSIGN) rhs = asText(rhs, a.getRightHandSide()); // s += c
            v = Operators.binary(Operators.compoundBase(a.getOperator()), old, rhs);
            if (op.startsWith("<<") || op.startsWith(">>")) {
                if (v instanceof Long && old instanceof Long l && l == (int) (long) l && rhs instanceof Long r && intTyped(a.getLeftHandSide())) {
                    int n = (int) (r & 31); // x >>>= 28 on an int shifts its 32 bits, as Java does
                    v = (long) (op.equals("<<=") ? (int) (long) l << n : op.equals(">>=") ? (int) (long) l >> n : (int) (long) l >>> n);
                }
            }
        }
        if (target != null) storeElement(target, arr, idx, v);
        else store(a.getLeftHandSide(), v);
        return v;
    }

    /**
     * What a copy of an unknown value ({@code n[0] = count;}, {@code int count = n[0];}, {@code {count}}) copies: a
     * variable, field or array element holding a value the analysis cannot compute (a random draw, a clock, what a
     * call into a library gave) gets an identity first, a symbol of this rank's own data named at the copy {@code at}, and both places
     * then hold that one value. A root that draws a count, copies it into a buffer and broadcasts it then tests the
     * same value in its own variable as the others test in the copy they received; as two anonymous unknowns, each
     * rank's loop over the count was decided apart and a receiver could wait for a message the root never sent.
     * Only a plain read of a place is named (its index, if any, a literal or a name: reading it again has no effect);
     * anything else stays anonymous, as does a copy inside a pure call (whose value is data) or a field initializer.
     * Where a loop's iterations are compared ({@link #fingerprint}) the name counts for nothing, as before.
     */
    private Object nameCopied(Expression source, ASTNode at) {
        Expression e = source;
        while (e instanceof ParenthesizedExpression p) e = p.getExpression();
        boolean place = e instanceof SimpleName sn && resolve(sn) != null || e instanceof QualifiedName
                || e instanceof FieldAccess fa && fa.getExpression() instanceof ThisExpression
                || e instanceof ArrayAccess aa && (aa.getArray() instanceof SimpleName || aa.getArray() instanceof QualifiedName)
                        && (aa.getIndex() instanceof SimpleName || aa.getIndex() instanceof NumberLiteral);
        if (!place || pureCalls > 0 || initializing > 0) return Unknown.ANY;
        if (e instanceof QualifiedName qn && qn.getName().getIdentifier().equals("length") && qn.getQualifier() instanceof SimpleName base) {
            // the length of an unknown array ({parts.length}, parts split from an input line): the variable becomes an
            // array of unknown length whose length is the name given here, so its loops test what the copy holds
            Cell c = resolve(base);
            if (c != null && c.value == Unknown.ANY) c.set(ArrayVal.unknownLength());
        }
        Object named = Values.Sym.copied(program.range(at).line(), rank, occurrence(at), e.toString());
        store(e, named);
        return named;
    }

    /** The element {@code aa} reads, its array {@code arr} and index {@code idx} already evaluated. */
    private Object element(ArrayAccess aa, Object arr, Object idx) {
        if (arr instanceof Values.ArgsVal av) {
            if (av.raw && av.runtime == null && idx instanceof Long i && i < Values.ArgsVal.MPJ_PREFIX && !program.inert(aa)) {
                assumptions.add(program.range(aa), "main's args" + "[" + i + "] is " + (i == 0 ? "the rank (different on "
                        + "every rank)" : i == 1 ? "the process count" : "the device name") + " under MPJ Express, which "
                        + "puts the rank, process count and device before the user's arguments (the user's first is "
                        + "args[3], or element 0 of the array MPI.Init returns); taken here as an argument the same on "
                        + "every rank, as mpiJava and Open MPI pass it");
            }
            if (av.given != null && idx instanceof Long i && (i < 0 || i >= av.length(argsLength))) {
                // the user's run has fewer arguments than this reads: Java throws, on every rank alike
                throw new ThrowSig("ArrayIndexOutOfBoundsException", Unknown.ANY, aa, "ArrayIndexOutOfBoundsException (index "
                        + i + ", length " + av.length(argsLength) + ")");
            }
            return idx instanceof Long i ? av.element(i) : Unknown.UNIFORM;
        }
        if (arr instanceof ArrayVal a && a.elems != null && idx instanceof Long i) {
            if (i < 0 || i >= a.elems.length) throw outOfBounds(a, i, aa);
            mpj.checkAccess(a, i, false, aa);
            return a.elems[(int) (long) i];
        }
        boolean uniformIndex = idx instanceof Long || idx == Unknown.UNIFORM || idx instanceof Values.Sym && !Values.Sym.local(idx);
        if ((arr == Unknown.UNIFORM || arr instanceof Values.Sym && !Values.Sym.local(arr)) && uniformIndex) {
            // an element of an array every rank has alike (a line of a shared file split up): one symbol when
            // both the array and the index have one
            String index = Values.Sym.text(idx);
            return arr instanceof Values.Sym sym && index != null ? Values.Sym.of(sym.expr() + "[" + index + "]")
                    : Unknown.UNIFORM;
        }
        return Unknown.ANY;
    }

    /** Stores {@code v} into the element {@code aa} names, its array {@code arr} and index {@code idx} already evaluated. */
    private void storeElement(ArrayAccess aa, Object arr, Object idx, Object v) {
        // main's arguments stay symbols the same on every rank (their real length is not elems.length)
        if (arr instanceof ArrayVal av && av.elems != null && !(arr instanceof Values.ArgsVal)) {
            if (idx instanceof Long i && (i < 0 || i >= av.elems.length)) throw outOfBounds(av, i, aa);
            if (idx instanceof Long i) {
                mpj.checkAccess(av, i, true, aa);
                av.writable().elems[(int) (long) i] = av.asElement(v);
            }
            else av.forget();
        } else if (arr instanceof ArrayVal av && av.elems == null && v instanceof dev.rendezvous.core.semantics.RequestValue) {
            av.storeRequest(idx, v); // what a Waitall on it waits for (MpjCalls.requestStatic)
        }
    }

    void store(Expression target, Object v) {
        switch (target) {
            case SimpleName sn -> {
                Cell c = resolve(sn);
                if (c != null) c.set(v);
                else frame.scopes.get(0).put(sn.getIdentifier(), new Cell(v));
            }
            case ParenthesizedExpression p -> store(p.getExpression(), v);
            case ArrayAccess aa -> storeElement(aa, eval(aa.getArray()), eval(aa.getIndex()), v);
            case FieldAccess fa -> storeField(eval(fa.getExpression()), fa.getName().getIdentifier(), v);
            case QualifiedName qn -> storeField(eval(qn.getQualifier()), qn.getName().getIdentifier(), v);
            default -> { }
        }
    }

    /**
     * Java's own check of an array index: the index and the array's length are both known and the
     * index is outside it, so the JVM throws here (a catch clause may take it, as for a {@code throw}).
     */
    private ThrowSig outOfBounds(ArrayVal a, long i, ArrayAccess at) {
        return new ThrowSig("ArrayIndexOutOfBoundsException", Unknown.ANY, at, "ArrayIndexOutOfBoundsException (index " + i
                + ", length " + a.elems.length + ")");
    }

    /** The static field {@code name} of {@code type} or of a superclass declared in the program, or null. */
    private Cell staticOf(AbstractTypeDeclaration type, String name) {
        return staticOf(type, name, 0);
    }

    /** {@code name} among the statics of {@code type}, its superclasses and the interfaces they implement or extend. */
    private Cell staticOf(AbstractTypeDeclaration type, String name, int depth) {
        for (int guard = 0; type != null && guard < 32 && depth < 16; guard++) {
            Cell c = staticCell(type.getName().getIdentifier(), name);
            if (c != null) return c;
            if (type instanceof TypeDeclaration td) {
                for (Object i : td.superInterfaceTypes()) {
                    AbstractTypeDeclaration it = program.type(Program.simpleTypeName(i.toString()));
                    c = it == null || it == type ? null : staticOf(it, name, depth + 1);
                    if (c != null) return c;
                }
                // an interface's own supertypes are listed as super-interfaces, handled above
            }
            type = superOf(type);
        }
        return null;
    }

    private void storeField(Object base, String name, Object v) {
        if (base instanceof ObjVal o) {
            Cell st = o.fields.containsKey(name) ? null : staticOf(o.type, name);
            if (st != null) {
                st.set(v); // this.x = ... where x is static
                return;
            }
            o.fields.computeIfAbsent(name, k -> new Cell(null)).set(v);
        } else if (base instanceof ClassRef cr) {
            Cell c = staticCell(cr.name(), name);
            if (c != null) c.set(v);
        } else if (base instanceof ArrayVal a && a.elems == null && name.equals("length")) {
            a.lengthValue = v; // only nameCopied stores here: Java has no assignment to a length
        }
    }

    /**
     * An operand Java may or may not evaluate, after a test the analysis cannot decide (the right side of {@code &&}
     * after an unknown left side, an arm of {@code ?:} after an unknown condition): evaluated, but an exception it
     * throws is not the program's (the test may have kept Java from evaluating it: {@code left[a++]} once the merge
     * has used up {@code left}), so it gives an unknown value instead of stopping the rank.
     */
    private Object mayRun(Expression e) {
        try {
            return eval(e);
        } catch (ThrowSig t) {
            return Unknown.ANY;
        }
    }

    /** {@link #mayRun}, and each variable the operand assigns keeps its value only if the operand left it unchanged. */
    private Object mayRunJoined(Expression e, Object test) {
        List<Cell> cells = scalarsAssigned(e);
        Object[] before = values(cells);
        Object v = mayRun(e);
        joinInto(cells, before, test);
        return v;
    }

    /** Each cell keeps its value where it equals {@code other}'s, else becomes unknown (as uniform as {@code test}). */
    private static void joinInto(List<Cell> cells, Object[] other, Object test) {
        for (int i = 0; i < cells.size(); i++) {
            Cell c = cells.get(i);
            if (Operators.equal(c.value, other[i]) != Boolean.TRUE) c.value = Values.join(test, test);
        }
    }

    private static Object[] values(List<Cell> cells) {
        Object[] out = new Object[cells.size()];
        for (int i = 0; i < out.length; i++) out[i] = cells.get(i).value;
        return out;
    }

    /** The cells of the variables {@code e} assigns as a whole, as they resolve now (none for an expression assigning none). */
    private List<Cell> scalarsAssigned(Expression e) {
        Set<String> names = program.wholeAssignedNames(e);
        if (names.isEmpty()) return List.of();
        List<Cell> cells = new ArrayList<>(names.size());
        for (String n : names) {
            Cell c = lookup(n);
            if (c != null) cells.add(c);
        }
        return cells;
    }

    private Object infix(InfixExpression in) {
        InfixExpression.Operator operator = in.getOperator();
        Object left = eval(in.getLeftOperand());
        if (operator == InfixExpression.Operator.CONDITIONAL_AND || operator == InfixExpression.Operator.CONDITIONAL_OR) {
            boolean and = operator == InfixExpression.Operator.CONDITIONAL_AND;
            if (left instanceof Boolean b && b != and) return b; // short circuit
            Object acc = Operators.logic(and, left, left instanceof Boolean ? eval(in.getRightOperand()) : mayRunJoined(in.getRightOperand(), left));
            if (!in.hasExtendedOperands()) return acc; // (no iterator: one per test was a third of what a kernel allocated)
            for (Object o : in.extendedOperands()) {
                if (acc instanceof Boolean b && b != and) return b;
                acc = Operators.logic(and, acc, acc instanceof Boolean ? eval((Expression) o) : mayRunJoined((Expression) o, acc));
            }
            return acc;
        }
        Object right = eval(in.getRightOperand());
        if ((operator == InfixExpression.Operator.DIVIDE || operator == InfixExpression.Operator.REMAINDER)
                && right instanceof Long r && r == 0 && left instanceof Long && integral(in.getLeftOperand())
                && integral(in.getRightOperand())) {
            // Java's own check: an integer divided by zero throws (a master dividing the work among size - 1
            // workers, run with one process); a floating-point one gives an infinity, hence the check of both types
            throw new ThrowSig("ArithmeticException", Unknown.ANY, in, "ArithmeticException (/ by zero)");
        }
        if (operator == InfixExpression.Operator.PLUS && (left instanceof String || right instanceof String)) {
            // text joined to a char joins its character ("" + 'a' is "a"; 'a' + 'b' is 195, a number)
            if (left instanceof String) right = asText(right, in.getRightOperand());
            else left = asText(left, in.getLeftOperand());
        }
        // float arithmetic, and a float compared with an integer: the integer is made a float first (JLS 5.6), and
        // each step's result is a float
        boolean toFloat = false;
        if ((left instanceof Double || right instanceof Double) && !program.floatNames().isEmpty()) {
            toFloat = floatArithmetic(in);
            if (toFloat || floatComparison(in)) {
                left = left instanceof Long ? Values.Narrow.toFloat(left) : left;
                right = right instanceof Long ? Values.Narrow.toFloat(right) : right;
            }
        }
        Object acc = Operators.numeric(operator, left, right);
        String op = operator.toString();
        if (acc == null) acc = Operators.binary(op, left, right);
        if (acc instanceof Long v && left instanceof Long l && right instanceof Long r) acc = intArithmetic(in, v, l, r);
        toFloat &= acc instanceof Double;
        if (toFloat) acc = Values.Narrow.toFloat(acc);
        if (!in.hasExtendedOperands()) return acc;
        List<?> extended = in.extendedOperands();
        // a + b + c of ints wraps at every step, as Java computes it (the first step wrapped above)
        boolean wrap = acc instanceof Long && (operator == InfixExpression.Operator.PLUS || operator == InfixExpression.Operator.MINUS
                || operator == InfixExpression.Operator.TIMES) && intTyped(in);
        for (int i = 0, n = extended.size(); i < n; i++) {
            Expression x = (Expression) extended.get(i);
            Object next = eval(x);
            if (acc instanceof String && operator == InfixExpression.Operator.PLUS) next = asText(next, x);
            if (toFloat && next instanceof Long) next = Values.Narrow.toFloat(next);
            acc = Operators.binary(op, acc, next);
            if (toFloat) acc = Values.Narrow.toFloat(acc); // each step of a float sum is a float
            if (wrap && acc instanceof Long v && v != (int) (long) v) acc = (long) (int) (long) v;
        }
        return acc;
    }

    /**
     * Java's 32-bit arithmetic where both operands are {@code int}s ({@link #intTyped}): numbers are held as
     * {@code long}, so a shift needs the width ({@code -16 >>> 28} is 15 on an int, {@code 1 << 32} is 1) and a sum or
     * product past the int range wraps before it is compared ({@code if (a * b < 0)}), as Java does. A result within
     * the range with both operands ints is already Java's (only shifts are recomputed then); anything else is kept.
     */
    Object intArithmetic(InfixExpression in, Long boxed, long l, long r) {
        long v = boxed;
        InfixExpression.Operator o = in.getOperator();
        boolean shift = o == InfixExpression.Operator.LEFT_SHIFT || o == InfixExpression.Operator.RIGHT_SHIFT_SIGNED
                || o == InfixExpression.Operator.RIGHT_SHIFT_UNSIGNED;
        if (shift) {
            if (!intTyped(in.getLeftOperand()) || l != (int) l) return boxed;
            int n = (int) (r & 31);
            return (long) (o == InfixExpression.Operator.LEFT_SHIFT ? (int) l << n
                    : o == InfixExpression.Operator.RIGHT_SHIFT_SIGNED ? (int) l >> n : (int) l >>> n);
        }
        if (v == (int) v || !(o == InfixExpression.Operator.PLUS || o == InfixExpression.Operator.MINUS || o == InfixExpression.Operator.TIMES
                || o == InfixExpression.Operator.DIVIDE)) { // Integer.MIN_VALUE / -1 overflows too
            return boxed; // as computed (not boxed again)
        }
        return intTyped(in.getLeftOperand()) && intTyped(in.getRightOperand()) ? (Object) (long) (int) v : boxed;
    }

    /**
     * The value of a conditional's arm {@code then} (or else) as the conditional's value: an integer becomes a double when
     * the other arm is certainly of a floating-point type ({@link #floating}), as Java's numeric promotion of the two arms
     * makes it (JLS 15.25: {@code (fast ? 7 : 2.5) / 2} is 3.5, not an integer division).
     */
    Object promoted(ConditionalExpression ce, boolean then, Object v) {
        if (!(v instanceof Long l)) return v;
        return floating(then ? ce.getElseExpression() : ce.getThenExpression()) ? (Object) (double) (long) l : v;
    }

    /** {@code Math} functions whose result is a floating-point number whatever their arguments. */
    private static final Set<String> FLOATING_MATH = Set.of("sqrt", "cbrt", "pow", "random", "floor", "ceil", "rint", "exp",
            "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "hypot", "toRadians", "toDegrees", "signum");

    /**
     * Whether {@code e} is certainly of a floating-point type, seen from its source and the variables it names (without
     * evaluating anything): a floating-point literal, a variable declared {@code double} or {@code float}, an element of an
     * array made as one, a cast to one, {@code Math.PI}, a {@code Math} function of {@link #FLOATING_MATH} (or
     * {@code abs}, {@code max}, {@code min} of such), {@code Double.parseDouble}, or arithmetic with such. False when
     * unsure.
     */
    boolean floating(Expression e) {
        return switch (e) {
            case NumberLiteral n -> Operators.floatingLiteral(n.getToken());
            case SimpleName sn -> {
                Cell c = resolve(sn);
                yield c != null && c.narrow.floating();
            }
            case QualifiedName qn -> qn.getQualifier() instanceof SimpleName q && q.getIdentifier().equals("Math")
                    && (qn.getName().getIdentifier().equals("PI") || qn.getName().getIdentifier().equals("E"));
            case ArrayAccess aa -> {
                String component = aa.getArray() instanceof SimpleName an && resolve(an) instanceof Cell c && c.value instanceof ArrayVal a
                        ? a.component : null;
                yield "double".equals(component) || "float".equals(component);
            }
            case ParenthesizedExpression pe -> floating(pe.getExpression());
            case CastExpression ce -> ce.getType() instanceof PrimitiveType pt && (pt.getPrimitiveTypeCode() == PrimitiveType.DOUBLE
                    || pt.getPrimitiveTypeCode() == PrimitiveType.FLOAT);
            case MethodInvocation mi when mi.getExpression() instanceof SimpleName q -> {
                String name = mi.getName().getIdentifier();
                if (q.getIdentifier().equals("Double") || q.getIdentifier().equals("Float")) {
                    yield name.equals("parseDouble") || name.equals("parseFloat");
                }
                Cell math = q.getIdentifier().equals("Math") ? resolve(q) : null;
                if (!q.getIdentifier().equals("Math") || math != null && !(math.value instanceof ClassRef)) yield false;
                if (FLOATING_MATH.contains(name)) yield true;
                boolean any = false;
                if (name.equals("abs") || name.equals("max") || name.equals("min")) {
                    for (Object a : mi.arguments()) any |= floating((Expression) a);
                }
                yield any;
            }
            case PrefixExpression pe -> (pe.getOperator() == PrefixExpression.Operator.MINUS
                    || pe.getOperator() == PrefixExpression.Operator.PLUS) && floating(pe.getOperand());
            case InfixExpression ie -> {
                InfixExpression.Operator o = ie.getOperator();
                if (o != InfixExpression.Operator.PLUS && o != InfixExpression.Operator.MINUS && o != InfixExpression.Operator.TIMES
                        && o != InfixExpression.Operator.DIVIDE && o != InfixExpression.Operator.REMAINDER) yield false;
                List<Expression> operands = new ArrayList<>();
                operands.add(ie.getLeftOperand());
                operands.add(ie.getRightOperand());
                for (Object x : ie.extendedOperands()) operands.add((Expression) x);
                boolean any = false;
                for (Expression x : operands) {
                    if (x instanceof StringLiteral || x instanceof org.eclipse.jdt.core.dom.TextBlock) yield false; // a concatenation
                    any |= floating(x);
                }
                yield any;
            }
            case ConditionalExpression ce -> floating(ce.getThenExpression()) || floating(ce.getElseExpression());
            default -> false;
        };
    }

    /** The boxes whose MAX_VALUE, MIN_VALUE, SIZE and BYTES are of type {@code int} (or narrower). */
    private static final Set<String> INT_BOXES = Set.of("Integer", "Short", "Byte", "Character");

    /**
     * Whether {@code qn} names an {@code int} constant or field: {@code Integer.MAX_VALUE} and its kin, or a static field
     * of the program's own class declared {@code int} (or narrower), so that {@code Integer.MAX_VALUE + 1} wraps as in
     * Java.
     */
    private boolean intConstant(QualifiedName qn) {
        if (!(qn.getQualifier() instanceof SimpleName q)) return false;
        String field = qn.getName().getIdentifier();
        if (INT_BOXES.contains(q.getIdentifier()) && program.type(q.getIdentifier()) == null) {
            return field.equals("MAX_VALUE") || field.equals("MIN_VALUE") || field.equals("SIZE") || field.equals("BYTES");
        }
        Cell c = program.type(q.getIdentifier()) != null && resolve(q) == null ? staticCell(q.getIdentifier(), field) : null;
        return c != null && c.narrow.integral();
    }

    /** Methods whose result is an {@code int} whoever declares them (MPJ's process counts, lengths, counts). */
    private static final Set<String> INT_METHODS = Set.of("Size", "Rank", "size", "length", "parseInt", "nextInt", "intValue",
            "Get_count", "Remote_size", "hashCode", "ordinal", "indexOf", "charAt", "compareTo");

    /**
     * Whether {@code e} is certainly of type {@code int} (or a narrower integral type Java promotes to it): an int or
     * character literal, a variable declared so, a cast to one, an array's length, one of {@link #INT_METHODS}, or an
     * operator over such. False when unsure (a {@code long} is then what the value stays).
     */
    /**
     * Whether {@code e} is certainly of type {@code float} (a literal with an F, a variable or element declared so, a
     * cast to it, arithmetic that promotes to float): Java computes float arithmetic in a float's precision, which
     * {@link #infix} rounds to (numbers are held as doubles).
     */
    boolean floatTyped(Expression e) {
        Boolean declared = declaredAs(e, PrimitiveType.FLOAT, Values.Narrow.FLOAT, "float");
        if (declared != null) return declared;
        return switch (e) {
            case NumberLiteral n -> Operators.floatLiteral(n.getToken());
            case ParenthesizedExpression pe -> floatTyped(pe.getExpression());
            case InfixExpression ie -> floatArithmetic(ie);
            case PrefixExpression pe -> pe.getOperator() != PrefixExpression.Operator.NOT && floatTyped(pe.getOperand());
            case PostfixExpression pe -> floatTyped(pe.getOperand());
            case ConditionalExpression ce -> floatTyped(ce.getThenExpression()) && (floatTyped(ce.getElseExpression())
                    || integral(ce.getElseExpression())) || integral(ce.getThenExpression()) && floatTyped(ce.getElseExpression());
            case MethodInvocation mi -> mi.getName().getIdentifier().equals("floatValue") || mi.getName().getIdentifier().equals("parseFloat");
            default -> false;
        };
    }

    /**
     * Whether {@code ie} is arithmetic Java computes as floats (JLS 5.6: an operand is a float and none is a double):
     * every operand is a float or certainly an integer, and one is a float.
     */
    boolean floatArithmetic(InfixExpression ie) {
        InfixExpression.Operator o = ie.getOperator();
        if (o != InfixExpression.Operator.PLUS && o != InfixExpression.Operator.MINUS && o != InfixExpression.Operator.TIMES
                && o != InfixExpression.Operator.DIVIDE && o != InfixExpression.Operator.REMAINDER) {
            return false;
        }
        boolean any = false;
        Expression l = ie.getLeftOperand(), r = ie.getRightOperand();
        for (int k = 0, n = 2 + ie.extendedOperands().size(); k < n; k++) {
            Expression x = k == 0 ? l : k == 1 ? r : (Expression) ie.extendedOperands().get(k - 2);
            if (floatTyped(x)) any = true;
            else if (!integral(x)) return false;
        }
        return any;
    }

    /** Whether {@code ie} compares a float with an integer (not with a double): the integer is then made a float. */
    boolean floatComparison(InfixExpression ie) {
        InfixExpression.Operator o = ie.getOperator();
        if (o != InfixExpression.Operator.EQUALS && o != InfixExpression.Operator.NOT_EQUALS && o != InfixExpression.Operator.LESS
                && o != InfixExpression.Operator.GREATER && o != InfixExpression.Operator.LESS_EQUALS
                && o != InfixExpression.Operator.GREATER_EQUALS) {
            return false;
        }
        Expression l = ie.getLeftOperand(), r = ie.getRightOperand();
        return floatTyped(l) && integral(r) || integral(l) && floatTyped(r);
    }

    /**
     * Whether {@code e} is certainly a {@code char} (a literal, a variable or element declared so, a cast to it, a
     * {@code charAt}): a character is held as its code, and where Java makes text of a char ({@code "" + c},
     * {@code String.valueOf(c)}) that code must become the character ({@link #asText}).
     */
    boolean charTyped(Expression e) {
        Boolean declared = declaredAs(e, PrimitiveType.CHAR, Values.Narrow.CHAR, "char");
        if (declared != null) return declared;
        return switch (e) {
            case CharacterLiteral c -> true;
            case ParenthesizedExpression pe -> charTyped(pe.getExpression());
            case MethodInvocation mi -> mi.getName().getIdentifier().equals("charAt") && mi.arguments().size() == 1
                    || mi.getExpression() instanceof SimpleName cls && cls.getIdentifier().equals("Character")
                            && (mi.getName().getIdentifier().equals("toUpperCase") || mi.getName().getIdentifier().equals("toLowerCase"))
                            && mi.arguments().size() == 1 && charTyped((Expression) mi.arguments().get(0));
            case ConditionalExpression ce -> charTyped(ce.getThenExpression()) && charTyped(ce.getElseExpression());
            case PostfixExpression pe -> charTyped(pe.getOperand());
            case PrefixExpression pe -> (pe.getOperator() == PrefixExpression.Operator.INCREMENT
                    || pe.getOperator() == PrefixExpression.Operator.DECREMENT) && charTyped(pe.getOperand());
            default -> false;
        };
    }

    /**
     * For a variable, an element of a named array or a cast, whether it is of the primitive type {@code code} (a
     * variable's {@code narrow}, an array's {@code component}); null for any other form of expression.
     */
    private Boolean declaredAs(Expression e, PrimitiveType.Code code, Values.Narrow narrow, String component) {
        return switch (e) {
            case SimpleName sn -> {
                Cell c = resolve(sn);
                yield c != null && c.narrow == narrow;
            }
            case CastExpression ce -> ce.getType() instanceof PrimitiveType pt && pt.getPrimitiveTypeCode() == code;
            case ArrayAccess aa -> aa.getArray() instanceof SimpleName a && resolve(a) instanceof Cell c && c.value instanceof ArrayVal av
                    && component.equals(av.component);
            default -> null;
        };
    }

    /**
     * {@code v}, the value of {@code e}, as text joins it to a string ({@code String.valueOf}): a char as its character,
     * null as "null", an enum constant as its name, an object of the program as its class's {@code toString()} makes it
     * (run here); a number, truth value, string or symbol as it is. Anything else (an object without a
     * {@code toString()} of the program, whose text has an identity hash; an array; a collection) is unknown text.
     */
    Object asText(Object v, Expression e) {
        if (v instanceof Long l) return l >= 0 && l <= Character.MAX_VALUE && e != null && charTyped(e) ? String.valueOf((char) (long) l) : v;
        if (v instanceof Double d && e != null && !program.floatNames().isEmpty() && floatTyped(e)) {
            return Float.toString((float) (double) d); // a float's text: "0.1", not the double nearest to it
        }
        if (v instanceof String || v instanceof Double || v instanceof Boolean || Values.isUnknown(v)) return v;
        if (v == Null.NULL) return "null";
        if (v instanceof ObjVal o) {
            Cell name = o.fields.get(ENUM_NAME);
            MethodDeclaration ts = o.anon == null ? declaredUp(o.type, "toString") : null;
            // a long chain of objects whose toString() joins the next one's is unknown text past a few levels (a
            // linked list printed), not a call nesting too deep to follow
            if (ts != null && depth >= TEXT_DEPTH) return Unknown.ANY;
            if (ts != null) {
                Object t = call(ts, o, List.of(), e != null ? e : position);
                return t instanceof String || Values.isUnknown(t) ? t : Unknown.ANY;
            }
            if (name != null && name.value instanceof String n) return n;
        }
        return Unknown.ANY;
    }

    /** How deep calls may nest for {@link #asText} to still run an object's {@code toString()}. */
    private static final int TEXT_DEPTH = 16;

    /** The method {@code name()} without parameters that {@code type} or its nearest superclass in the program declares; null if none. */
    private MethodDeclaration declaredUp(AbstractTypeDeclaration type, String name) {
        int guard = 0;
        for (AbstractTypeDeclaration t = type; t != null && guard++ < 32; t = superOf(t)) {
            for (MethodDeclaration m : program.methods(name, 0, t)) if (m.getParent() == t && m.getBody() != null) return m;
        }
        return null;
    }

    /**
     * The position of the first (or, {@code last}, the last) of {@code items} that {@code o.equals} accepts, running the
     * program's {@code equals}; -1 when none does, -2 when one of the answers is unknown.
     */
    int indexByEquals(List<Object> items, ObjVal o, boolean last, ASTNode site) {
        MethodDeclaration eq = null;
        int guard = 0;
        for (AbstractTypeDeclaration t = o.type; t != null && eq == null && guard++ < 32; t = superOf(t)) {
            for (MethodDeclaration m : program.methods("equals", 1, t)) if (m.getParent() == t && m.getBody() != null) eq = m;
        }
        if (eq == null) return -2;
        for (int k = 0; k < items.size(); k++) {
            int i = last ? items.size() - 1 - k : k;
            Object r = call(eq, o, List.of(items.get(i)), site);
            if (!(r instanceof Boolean b)) return -2;
            if (b) return i;
        }
        return -1;
    }

    /**
     * {@code v instanceof t}: true or false where the value shows it (null is no instance; a string, a number, an
     * array, an object of the program's classes), unknown where the analysis's values do not tell (an int and a long
     * are held alike, so {@code x instanceof Integer}; a list as an {@code ArrayList}; a library interface).
     */
    Object instanceOf(Object v, Type t) {
        if (Values.isUnknown(v)) return Unknown.ANY;
        if (v == Null.NULL) return false;
        String name = Program.simpleTypeName((t instanceof org.eclipse.jdt.core.dom.ParameterizedType pt ? pt.getType() : t).toString());
        if (name.equals("Object")) return true;
        if (t instanceof org.eclipse.jdt.core.dom.ArrayType at) {
            if (!(v instanceof ArrayVal a)) return v instanceof Long || v instanceof Double || v instanceof Boolean || v instanceof String
                    || v instanceof ObjVal ? (Object) false : Unknown.ANY;
            String component = at.getElementType().toString() + "[]".repeat(at.getDimensions() - 1);
            return a.component == null ? Unknown.ANY : (Object) a.component.equals(component);
        }
        boolean numberish = name.equals("Number") || name.equals("Comparable") || name.equals("Serializable");
        if (v instanceof String) return name.equals("String") || name.equals("CharSequence") || name.equals("Comparable") || name.equals("Serializable");
        if (v instanceof Boolean) return name.equals("Boolean") || name.equals("Serializable") || name.equals("Comparable");
        if (v instanceof Double) return name.equals("Double") || name.equals("Float") ? (name.equals("Double") ? (Object) true : Unknown.ANY) : numberish;
        if (v instanceof Long) {
            if (numberish) return true;
            return name.equals("Integer") || name.equals("Long") || name.equals("Short") || name.equals("Byte") || name.equals("Character")
                    ? Unknown.ANY : (Object) false;
        }
        if (v instanceof ObjVal o && o.type != null && o.anon == null) {
            AbstractTypeDeclaration target = program.type(name);
            if (target == null) return Unknown.ANY; // a library type: its superclasses are not in the program
            return subtypeOf(o.type, target, 0);
        }
        if (v instanceof ArrayVal) return false;
        return Unknown.ANY;
    }

    /** Whether {@code type} is {@code target} or extends or implements it, through the program's declarations. */
    private boolean subtypeOf(AbstractTypeDeclaration type, AbstractTypeDeclaration target, int depth) {
        if (type == target) return true;
        if (depth > 16 || !(type instanceof TypeDeclaration td)) {
            return type instanceof org.eclipse.jdt.core.dom.EnumDeclaration ed && implementsAmong(ed.superInterfaceTypes(), target, depth);
        }
        AbstractTypeDeclaration sup = superOf(td);
        return sup != null && subtypeOf(sup, target, depth + 1) || implementsAmong(td.superInterfaceTypes(), target, depth);
    }

    private boolean implementsAmong(List<?> interfaces, AbstractTypeDeclaration target, int depth) {
        for (Object i : interfaces) {
            AbstractTypeDeclaration it = program.type(Program.simpleTypeName(((Type) i instanceof org.eclipse.jdt.core.dom.ParameterizedType pt
                    ? pt.getType() : (Type) i).toString()));
            if (it != null && subtypeOf(it, target, depth + 1)) return true;
        }
        return false;
    }

    /** Whether objects of {@code type} compare by an {@code equals} of the program (not by identity). */
    boolean declaresEquals(AbstractTypeDeclaration type) {
        int guard = 0;
        for (AbstractTypeDeclaration t = type; t != null && guard++ < 32; t = superOf(t)) {
            for (MethodDeclaration m : program.methods("equals", 1, t)) if (m.getParent() == t) return true;
        }
        return false;
    }

    boolean intTyped(Expression e) {
        return switch (e) {
            case NumberLiteral n -> !n.getToken().endsWith("l") && !n.getToken().endsWith("L") && !Operators.floatingLiteral(n.getToken());
            case CharacterLiteral c -> true;
            case SimpleName sn -> {
                Cell c = resolve(sn);
                yield c != null && c.narrow.integral();
            }
            case QualifiedName qn -> qn.getName().getIdentifier().equals("length") || intConstant(qn);
            case FieldAccess fa -> fa.getName().getIdentifier().equals("length");
            case ParenthesizedExpression pe -> intTyped(pe.getExpression());
            case CastExpression ce -> ce.getType() instanceof PrimitiveType pt && (pt.getPrimitiveTypeCode() == PrimitiveType.INT
                    || pt.getPrimitiveTypeCode() == PrimitiveType.SHORT || pt.getPrimitiveTypeCode() == PrimitiveType.BYTE
                    || pt.getPrimitiveTypeCode() == PrimitiveType.CHAR);
            case MethodInvocation mi -> INT_METHODS.contains(mi.getName().getIdentifier());
            case PrefixExpression pe -> pe.getOperator() != PrefixExpression.Operator.NOT && intTyped(pe.getOperand());
            case PostfixExpression pe -> intTyped(pe.getOperand());
            case InfixExpression ie -> {
                InfixExpression.Operator o = ie.getOperator();
                if (o == InfixExpression.Operator.LEFT_SHIFT || o == InfixExpression.Operator.RIGHT_SHIFT_SIGNED
                        || o == InfixExpression.Operator.RIGHT_SHIFT_UNSIGNED) {
                    yield intTyped(ie.getLeftOperand());
                }
                if (o != InfixExpression.Operator.PLUS && o != InfixExpression.Operator.MINUS && o != InfixExpression.Operator.TIMES
                        && o != InfixExpression.Operator.DIVIDE && o != InfixExpression.Operator.REMAINDER
                        && o != InfixExpression.Operator.AND && o != InfixExpression.Operator.OR && o != InfixExpression.Operator.XOR) {
                    yield false;
                }
                if (!intTyped(ie.getLeftOperand()) || !intTyped(ie.getRightOperand())) yield false;
                for (Object x : ie.extendedOperands()) if (!intTyped((Expression) x)) yield false;
                yield true;
            }
            case ConditionalExpression ce -> intTyped(ce.getThenExpression()) && intTyped(ce.getElseExpression());
            default -> false;
        };
    }

    /** Methods whose result is an integer whoever declares them (MPJ's process counts, lengths, parsed numbers). */
    private static final Set<String> INTEGRAL_METHODS = Set.of("Size", "Rank", "size", "length", "parseInt",
            "parseLong", "nextInt", "intValue", "longValue", "Get_count", "Remote_size");

    /**
     * Whether {@code e} is certainly of an integral type in Java, seen from its source and the variables it names
     * (the parse has no type bindings, and numbers of both kinds may be held as the same value here): an integer or
     * character literal, a variable declared {@code int}, {@code short}, {@code byte} or {@code char}, an array's
     * length, a cast to an integral type, one of {@link #INTEGRAL_METHODS}, or arithmetic on such. False when unsure.
     */
    private boolean integral(Expression e) {
        return switch (e) {
            case NumberLiteral n -> !Operators.floatingLiteral(n.getToken());
            case CharacterLiteral c -> true;
            case SimpleName sn -> {
                Cell c = resolve(sn);
                yield c != null && c.narrow.integral();
            }
            case QualifiedName qn -> qn.getName().getIdentifier().equals("length") || intConstant(qn);
            case FieldAccess fa -> fa.getName().getIdentifier().equals("length");
            case ParenthesizedExpression pe -> integral(pe.getExpression());
            case CastExpression ce -> ce.getType() instanceof PrimitiveType pt
                    && pt.getPrimitiveTypeCode() != PrimitiveType.DOUBLE && pt.getPrimitiveTypeCode() != PrimitiveType.FLOAT
                    && pt.getPrimitiveTypeCode() != PrimitiveType.BOOLEAN;
            case MethodInvocation mi -> INTEGRAL_METHODS.contains(mi.getName().getIdentifier());
            case PrefixExpression pe -> pe.getOperator() != PrefixExpression.Operator.NOT && integral(pe.getOperand());
            case PostfixExpression pe -> integral(pe.getOperand());
            case InfixExpression ie -> {
                InfixExpression.Operator o = ie.getOperator();
                if (o != InfixExpression.Operator.PLUS && o != InfixExpression.Operator.MINUS && o != InfixExpression.Operator.TIMES
                        && o != InfixExpression.Operator.DIVIDE && o != InfixExpression.Operator.REMAINDER) yield false;
                if (!integral(ie.getLeftOperand()) || !integral(ie.getRightOperand())) yield false;
                for (Object x : ie.extendedOperands()) if (!integral((Expression) x)) yield false;
                yield true;
            }
            default -> false;
        };
    }

    private Object prefix(PrefixExpression pe) {
        PrefixExpression.Operator op = pe.getOperator();
        if (op == PrefixExpression.Operator.INCREMENT || op == PrefixExpression.Operator.DECREMENT) {
            return increment(pe.getOperand(), op == PrefixExpression.Operator.INCREMENT, true);
        }
        return unary(pe, eval(pe.getOperand()));
    }

    /** {@code pe}'s operator ({@code - + ~ !}) on its operand's value {@code v}; for an int, {@code -Integer.MIN_VALUE} is MIN_VALUE. */
    Object unary(PrefixExpression pe, Object v) {
        Object r = Operators.unary(pe.getOperator().toString(), v);
        if (pe.getOperator() == PrefixExpression.Operator.MINUS && r instanceof Long l && l != (int) (long) l && intTyped(pe.getOperand())) {
            return (long) (int) (long) l;
        }
        return r;
    }

    /**
     * {@code ++x}, {@code x++}, {@code --x}, {@code x--}: the new value for a prefix, the old one for a postfix. An
     * element's array and index are evaluated once (JLS 15.14.2, 15.15.1): {@code a[k++]++} moves k once and
     * increments the element k named before.
     */
    private Object increment(Expression operand, boolean up, boolean prefix) {
        Expression target = operand;
        while (target instanceof ParenthesizedExpression p) target = p.getExpression();
        Object old, nv;
        if (target instanceof ArrayAccess aa) {
            Object arr = eval(aa.getArray());
            Object idx = eval(aa.getIndex());
            old = element(aa, arr, idx);
            nv = Operators.binary(up ? "+" : "-", old, 1L);
            storeElement(aa, arr, idx, nv);
        } else {
            old = eval(operand);
            nv = Operators.binary(up ? "+" : "-", old, 1L);
            store(operand, nv);
        }
        return prefix ? nv : old;
    }

    Object cast(Object v, Type t) {
        if (!t.isPrimitiveType()) return v;
        PrimitiveType.Code c = ((PrimitiveType) t).getPrimitiveTypeCode();
        if (c == PrimitiveType.FLOAT) return Values.Narrow.toFloat(v);
        if (c == PrimitiveType.DOUBLE) return v instanceof Long l ? (Object) (double) l : v;
        Values.Narrow narrow = Values.Narrow.of(t, 0);
        if (narrow != Values.Narrow.NONE) return narrow.apply(v); // int, short, byte, char: wrapped as a store to one is
        return v instanceof Double d ? (Object) (long) (double) d : v; // long
    }

    private Object coerce(Object v, Type t) {
        if (t != null && t.isPrimitiveType() && v instanceof Long l) {
            PrimitiveType.Code c = ((PrimitiveType) t).getPrimitiveTypeCode();
            if (c == PrimitiveType.DOUBLE) return (double) l;
            if (c == PrimitiveType.FLOAT) return Values.Narrow.toFloat(l);
        }
        return v;
    }

    /**
     * One boxed 0.0 for every default: an array of n doubles holds n references to its fill, and a fresh box per array
     * is a young object that every element of an old (large) array points at, which G1 then scans element by element
     * at each young collection (half of a JGF benchmark's analysis time went to such pauses).
     */
    private static final Double ZERO = 0.0;

    static Object defaultValue(Type t, int extraDims) {
        if (extraDims > 0 || t == null || !t.isPrimitiveType()) return Null.NULL;
        PrimitiveType.Code c = ((PrimitiveType) t).getPrimitiveTypeCode();
        if (c == PrimitiveType.BOOLEAN) return Boolean.FALSE;
        if (c == PrimitiveType.DOUBLE || c == PrimitiveType.FLOAT) return ZERO;
        return 0L;
    }

    private Object createArray(ArrayCreation ac) {
        if (ac.getInitializer() != null) return arrayFromInitializer(ac.getInitializer());
        List<?> dims = ac.dimensions();
        Type elem = ac.getType().getElementType();
        int totalDims = ac.getType().getDimensions();
        return makeArray(dims, 0, elem, totalDims);
    }

    private Object makeArray(List<?> dims, int i, Type elem, int totalDims) {
        Object n = eval((Expression) dims.get(i));
        boolean innermost = i == totalDims - 1;
        Object fill = innermost ? defaultValue(elem, 0) : Null.NULL;
        if (n instanceof Long len && len < 0) {
            // Java's own check: a known negative length throws here (new int[size - 3] run with two processes)
            throw new ThrowSig("NegativeArraySizeException", Unknown.ANY, (ASTNode) dims.get(i),
                    "NegativeArraySizeException (length " + len + ")");
        }
        if (!(n instanceof Long len) || len > budgets.maxArrayLength) {
            ArrayVal a = ArrayVal.unknownLength();
            if (n instanceof Values.Sym) a.lengthValue = n;
            // a new array of requests holds only what the program stores in it
            if (innermost && (typeName(elem).equals("Request") || typeName(elem).equals("Prequest"))) a.requestsAt = new java.util.LinkedHashMap<>();
            return a;
        }
        String component = typeName(elem) + "[]".repeat(totalDims - i - 1);
        if (i + 1 >= dims.size() && innermost) {
            ArrayVal a = ArrayVal.filled((int) (long) len, fill);
            a.component = component;
            return a;
        }
        ArrayVal a = new ArrayVal((int) (long) len, fill);
        a.component = component;
        if (i + 1 < dims.size()) {
            for (int k = 0; k < a.elems.length; k++) a.elems[k] = makeArray(dims, i + 1, elem, totalDims);
        }
        return a;
    }

    /** The source text of element types ({@code Type.toString()} flattens the node each time it is asked). */
    private final Map<Type, String> typeNames = new java.util.IdentityHashMap<>();

    private String typeName(Type t) {
        return typeNames.computeIfAbsent(t, Type::toString);
    }

    private Object arrayFromInitializer(ArrayInitializer ai) {
        Object[] elems = new Object[ai.expressions().size()];
        for (int i = 0; i < elems.length; i++) {
            Expression e = (Expression) ai.expressions().get(i);
            elems[i] = eval(e);
            if (elems[i] == Unknown.ANY) elems[i] = nameCopied(e, e); // {count}: a copy, as in an assignment
        }
        ArrayVal a = new ArrayVal(elems);
        String c = initializerTypes.computeIfAbsent(ai, x -> java.util.Objects.requireNonNullElse(initializerComponent(x), ""));
        a.component = c.isEmpty() ? null : c;
        for (int i = 0; i < elems.length; i++) elems[i] = a.asElement(elems[i]); // {0, 1} of doubles: 0.0 and 1.0
        return a;
    }

    /** {@link #initializerComponent} of each initializer met, "" where the source does not say. */
    private final Map<ArrayInitializer, String> initializerTypes = new java.util.IdentityHashMap<>();

    /**
     * The element type of the array an initializer makes, from where it stands: {@code new int[] {..}}, a declaration
     * {@code double[][] m = {..}} (with the dimensions written after the name), or a row of an enclosing initializer.
     * Null where the source does not say ({@code var}, an initializer elsewhere).
     */
    static String initializerComponent(ArrayInitializer ai) {
        ASTNode parent = ai.getParent();
        String arrayType = null;
        if (parent instanceof ArrayCreation ac) {
            arrayType = ac.getType().toString();
        } else if (parent instanceof ArrayInitializer outer) {
            String rows = initializerComponent(outer);
            return rows != null && rows.endsWith("[]") ? rows.substring(0, rows.length() - 2) : null;
        } else if (parent instanceof org.eclipse.jdt.core.dom.VariableDeclarationFragment f) {
            Type declared = switch (f.getParent()) {
                case org.eclipse.jdt.core.dom.VariableDeclarationStatement d -> d.getType();
                case org.eclipse.jdt.core.dom.FieldDeclaration d -> d.getType();
                case org.eclipse.jdt.core.dom.VariableDeclarationExpression d -> d.getType();
                default -> null;
            };
            if (declared != null && !declared.isVar()) arrayType = declared.toString() + "[]".repeat(f.getExtraDimensions());
        }
        return arrayType != null && arrayType.endsWith("[]") ? arrayType.substring(0, arrayType.length() - 2).trim() : null;
    }

    // ================================================================ calls

    /** Calls that run code in another thread. */
    private static final java.util.Set<String> THREAD_STARTS = java.util.Set.of("start", "submit", "execute",
            "invokeAll", "invokeAny", "runAsync", "supplyAsync", "fork", "schedule", "scheduleAtFixedRate");

    private Object invocation(MethodInvocation mi) {
        String name = mi.getName().getIdentifier();
        Expression recvExpr = mi.getExpression();
        if (program.concurrentCommunication() && THREAD_STARTS.contains(name)) {
            assumptions.add(program.range(mi), "Rank " + rank + " starts a thread here and the program communicates "
                    + "from threads; the analysis follows one thread per rank, so this rank is not followed past this "
                    + "call (ranks waiting for it are not reported as deadlocked)");
            throw new BudgetExceeded("rank " + rank + " starts a communicating thread at line " + program.range(mi).line());
        }
        if (recvExpr == null && program.methods(name, mi.arguments().size(), frame.type).isEmpty()) {
            // a static method of MPJ's imported by name ({@code import static mpi.Cartcomm.Dims_create;})
            String owner = staticImportOwner(mi, name);
            if (owner != null) {
                ASTNode was = position;
                position = mi;
                try {
                    return mpj.invoke(new Values.ClassRef(owner), null, name, mi);
                } finally {
                    position = was;
                }
            }
        }
        if (recvExpr == null) {
            List<Object> args = evalArgs(mi.arguments());
            for (ObjVal o = frame.self; o != null; o = o.outer) { // a helper of an anonymous class, called in its body
                MethodDeclaration own = o.anon == null ? null : anonymousMethod(o, name, args.size());
                if (own != null) return callAnonymous(o, own, args, mi);
            }
            List<MethodDeclaration> cands = dispatch(name, args.size(), frame.self != null ? frame.self.type : frame.type, frame.type);
            if (frame.type instanceof org.eclipse.jdt.core.dom.EnumDeclaration ed && (cands.isEmpty() || cands.get(0).getParent() != ed)) {
                // values(), ordinal()... inside the enum itself
                return frame.self != null && !name.equals("values") && !name.equals("valueOf") ? enumMethod(frame.self, name, args)
                        : enumStatic(ed, name, args, mi);
            }
            if (!cands.isEmpty()) return call(cands.get(0), receiverOf(cands.get(0)), args, mi);
            return Unknown.ANY;
        }
        boolean lambdaForEach = name.equals("forEach") && mi.arguments().size() == 1
                && mi.arguments().get(0) instanceof org.eclipse.jdt.core.dom.LambdaExpression;
        if (lambdaForEach && streamSource(recvExpr)) {
            // the stream is not made (Arrays.stream(ids) as a library call would forget what ids holds): its elements are
            Object done = forEach(recvExpr, null, (org.eclipse.jdt.core.dom.LambdaExpression) mi.arguments().get(0), mi);
            if (done != null) return done;
        }
        Object recv = eval(recvExpr);
        if (recv instanceof Values.Fn fn) {
            List<Object> args = evalArgs(mi.arguments());
            return FN_LIBRARY_METHODS.contains(name) ? Unknown.ANY : applyFn(fn, args, mi);
        }
        if (name.equals("forEach") && mi.arguments().size() == 1 && !(mi.arguments().get(0) instanceof org.eclipse.jdt.core.dom.LambdaExpression)
                && (recv instanceof ListVal || recv instanceof Values.StreamVal)) {
            // list.forEach(me::pong), list.forEach(action): the function runs for each element (a lambda written here
            // is run in place below)
            Object action = eval((Expression) mi.arguments().get(0));
            if (action instanceof Values.Fn fn) {
                Object done = forEachFn(recv, fn, mi);
                if (done != null) return done;
            }
            return Unknown.ANY;
        }
        if (recv instanceof ObjVal o) {
            List<Object> args = evalArgs(mi.arguments());
            if (o.anon != null) {
                MethodDeclaration own = anonymousMethod(o, name, args.size());
                if (own != null) return callAnonymous(o, own, args, mi);
                if (o.libraryBase) return Unknown.ANY; // a Runnable's other methods are the library's
            }
            List<MethodDeclaration> cands = dispatch(name, args.size(), o.type, o.type);
            if (!cands.isEmpty() && (cands.get(0).getParent() == o.type || !(o.type instanceof org.eclipse.jdt.core.dom.EnumDeclaration))) {
                return call(cands.get(0), o, args, mi);
            }
            if (o.type instanceof org.eclipse.jdt.core.dom.EnumDeclaration) return enumMethod(o, name, args);
            if (o.type instanceof org.eclipse.jdt.core.dom.RecordDeclaration && args.isEmpty()
                    && (cands.isEmpty() || cands.get(0).getParent() != o.type) && o.fields.get(name) != null) {
                return o.fields.get(name).value; // a record component's accessor
            }
            if (!cands.isEmpty()) return call(cands.get(0), o, args, mi);
            return Unknown.ANY;
        }
        if (recv instanceof ClassRef cr && program.type(cr.name()) != null) {
            List<Object> args = evalArgs(mi.arguments());
            List<MethodDeclaration> cands = program.methods(name, args.size(), program.type(cr.name()));
            if (!cands.isEmpty() && cands.get(0).getParent() == program.type(cr.name())) return call(cands.get(0), null, args, mi);
            if (program.type(cr.name()) instanceof org.eclipse.jdt.core.dom.EnumDeclaration ed) return enumStatic(ed, name, args, mi);
            if (!cands.isEmpty()) return call(cands.get(0), null, args, mi);
            return Unknown.ANY;
        }
        if (lambdaForEach && recv instanceof ListVal) {
            Object done = forEach(recvExpr, recv, (org.eclipse.jdt.core.dom.LambdaExpression) mi.arguments().get(0), mi);
            if (done != null) return done;
        }
        ASTNode was = position;
        position = mi;
        try {
            return mpj.invoke(recv, recvExpr, name, mi);
        } finally {
            position = was;
        }
    }

    /**
     * {@code super.name(args)}: the declaration of that name and arity nearest above the class that declares the running
     * method (not above the receiver's class, which may override it again), run on the same receiver, as Java binds it.
     * It used to return an unknown without running, so a subclass's override that only added to its parent's
     * {@code step()} sent nothing: a false deadlock. {@code Outer.super.m()}, an interface's default method, or a
     * method the program does not declare (a library superclass's) stays an unknown value.
     */
    private Object superInvocation(SuperMethodInvocation smi) {
        List<Object> args = evalArgs(smi.arguments());
        if (smi.getQualifier() != null || frame.self == null) return Unknown.ANY;
        String name = smi.getName().getIdentifier();
        int guard = 0;
        for (AbstractTypeDeclaration t = superOf(frame.type); t != null && guard++ < 32; t = superOf(t)) {
            for (MethodDeclaration m : program.methods(name, args.size(), t)) {
                if (m.getParent() == t && m.getBody() != null) return call(m, frame.self, args, smi);
            }
        }
        return Unknown.ANY;
    }

    /** {@code IntStream.range(a, b)}, {@code rangeClosed}, {@code Arrays.stream(array)}, {@code IntStream.of(array)}. */
    private static boolean streamSource(Expression e) {
        if (!(e instanceof MethodInvocation src) || src.getExpression() == null) return false;
        String s = src.getName().getIdentifier(), owner = src.getExpression().toString();
        return (owner.equals("IntStream") || owner.equals("LongStream")) && (s.equals("range") || s.equals("rangeClosed") || s.equals("of"))
                || owner.equals("Arrays") && s.equals("stream");
    }

    /**
     * {@code forEach} with a lambda over what the analysis can count: {@code IntStream.range(a, b)} and
     * {@code rangeClosed}, a list, or {@code Arrays.stream(array)} / {@code IntStream.of(array)} — the lambda runs for
     * each element, as the loop it stands for would ({@code IntStream.range(1, size).forEach(w -> Send(..., w, ...))}
     * on a master sent nothing: every worker's receive was a false deadlock). Null (the call stays a library call)
     * for anything else, or a count the analysis cannot know; a lambda that communicates then says so.
     */
    private Object forEach(Expression recvExpr, Object recv, org.eclipse.jdt.core.dom.LambdaExpression l, MethodInvocation mi) {
        List<Object> items = null;
        if (recvExpr instanceof MethodInvocation src && streamSource(src)) {
            String s = src.getName().getIdentifier(), owner = src.getExpression().toString();
            List<?> a = src.arguments();
            if ((owner.equals("IntStream") || owner.equals("LongStream")) && (s.equals("range") || s.equals("rangeClosed")) && a.size() == 2
                    && eval((Expression) a.get(0)) instanceof Long from && eval((Expression) a.get(1)) instanceof Long to) {
                long end = s.equals("range") ? to : to + 1;
                if (end - from <= budgets.maxQuietIterations) {
                    items = new ArrayList<>();
                    for (long i = from; i < end; i++) items.add(i);
                }
            } else if ((owner.equals("Arrays") && s.equals("stream") || owner.equals("IntStream") && s.equals("of")) && a.size() == 1
                    && eval((Expression) a.get(0)) instanceof ArrayVal arr && arr.elems != null) {
                items = java.util.Arrays.asList(arr.elems.clone());
            }
        } else if (recv instanceof ListVal list && !list.unknownSize) {
            items = new ArrayList<>(list.items);
        }
        if (items == null) {
            if (program.mayCommunicate(l)) {
                assumptions.add(program.range(mi), "The elements this forEach runs its lambda for could not be computed; "
                        + "the communication in the lambda is not followed");
            }
            return null;
        }
        List<?> params = l.parameters();
        if (params.size() != 1) return null;
        String param = ((org.eclipse.jdt.core.dom.VariableDeclaration) params.get(0)).getName().getIdentifier();
        for (Object item : items) {
            step(mi);
            frame.scopes.add(new Scope());
            try {
                frame.scopes.get(frame.scopes.size() - 1).put(param, new Cell(item));
                if (l.getBody() instanceof Expression e) eval(e);
                else exec((Statement) l.getBody());
            } catch (ReturnSig r) {
                // return in a block lambda ends this element's run only
            } finally {
                frame.scopes.remove(frame.scopes.size() - 1);
            }
        }
        return Null.NULL;
    }

    /**
     * Methods of the JDK's functional interfaces other than their functional one ({@code andThen}, {@code negate}...):
     * called on a lambda they make another function the analysis does not model.
     */
    private static final java.util.Set<String> FN_LIBRARY_METHODS = java.util.Set.of("andThen", "compose", "negate", "and", "or",
            "reversed", "thenComparing", "identity", "equals", "hashCode", "toString", "getClass");

    /**
     * {@code forEach} of a list or a counted stream with a function value ({@code others.forEach(me::pong)}): the
     * function runs for each element in order. Null when the elements are not known (after an assumption when the
     * function may communicate).
     */
    private Object forEachFn(Object recv, Values.Fn fn, MethodInvocation mi) {
        List<Object> items = null;
        if (recv instanceof ListVal list && !list.unknownSize) items = new ArrayList<>(list.items);
        else if (recv instanceof Values.StreamVal st && st.elems() != null) items = java.util.Arrays.asList(st.elems().clone());
        if (items == null) {
            if (program.mayCommunicate(fn.code())) {
                assumptions.add(program.range(mi), "The elements this forEach runs its function for could not be computed; "
                        + "the communication in the function is not followed");
            }
            return null;
        }
        for (Object item : items) {
            step(mi);
            applyFn(fn, List.of(item), mi);
        }
        return Null.NULL;
    }

    /**
     * Calls function value {@code fn} with {@code args}, as a call of its interface's functional method
     * ({@code run}, {@code accept}, {@code apply}, a program interface's one method) runs it. A lambda's body runs in an
     * activation of its own over the scopes it captured, with its parameters bound; {@code obj::name} runs the
     * program's method on the object it was made with; {@code Type::name} a static method of the program's type, or
     * an instance method on the first argument ({@code workers.forEach(Worker::step)}). Anything else (a library
     * method, {@code Type::new}) gives an unknown value without running.
     */
    Object applyFn(Values.Fn fn, List<Object> args, ASTNode site) {
        if (fn.code() instanceof org.eclipse.jdt.core.dom.LambdaExpression l) {
            List<?> ps = l.parameters();
            if (ps.size() != args.size()) return Unknown.ANY;
            if (depth >= budgets.maxInlineDepth) {
                assumptions.add(program.range(site), "Call nesting deeper than " + budgets.maxInlineDepth
                        + " (recursion?): this call is not followed and returns an unknown value");
                return Unknown.ANY;
            }
            Frame f = new Frame(fn.self(), fn.type());
            @SuppressWarnings("unchecked")
            List<Scope> captured = (List<Scope>) fn.captured();
            f.scopes.addAll(0, captured);
            Scope params = f.scopes.get(f.scopes.size() - 1);
            for (int i = 0; i < ps.size(); i++) {
                org.eclipse.jdt.core.dom.VariableDeclaration p = (org.eclipse.jdt.core.dom.VariableDeclaration) ps.get(i);
                Object v = args.get(i);
                params.put(p.getName().getIdentifier(), p instanceof SingleVariableDeclaration sv
                        ? typedCell(coerce(v, sv.getType()), sv.getType(), sv.getExtraDimensions()) : new Cell(v));
            }
            return runIn(f, l.getBody(), site);
        }
        if (fn.code() instanceof org.eclipse.jdt.core.dom.ExpressionMethodReference ref) {
            String name = ref.getName().getIdentifier();
            if (fn.target() instanceof ObjVal o) {
                List<MethodDeclaration> cands = dispatch(name, args.size(), o.type, o.type);
                if (!cands.isEmpty()) return call(cands.get(0), o, args, site);
            } else if (fn.target() instanceof ClassRef cr && program.type(cr.name()) != null) {
                AbstractTypeDeclaration t = program.type(cr.name());
                for (MethodDeclaration m : program.methods(name, args.size(), t)) {
                    if (Modifier.isStatic(m.getModifiers())) return call(m, null, args, site);
                }
                if (!args.isEmpty() && args.get(0) instanceof ObjVal o) { // Type::method: the first argument is the receiver
                    List<MethodDeclaration> cands = dispatch(name, args.size() - 1, o.type, o.type);
                    if (!cands.isEmpty()) return call(cands.get(0), o, args.subList(1, args.size()), site);
                }
            } else if (fn.target() instanceof ClassRef cr && JdkCalls.isPureClass(cr.name())
                    && args.stream().noneMatch(Values::isUnknown)) {
                // Integer::sum, Math::max, String::length: the JDK's method, of known values
                Object r = JdkCalls.callStatic(cr.name(), name, args);
                if (r == JdkCalls.NOT_HANDLED && !args.isEmpty() && args.get(0) instanceof String s) {
                    r = JdkCalls.callString(s, name, args.subList(1, args.size()));
                }
                if (r != JdkCalls.NOT_HANDLED && r != null) return r;
            }
        }
        return Unknown.ANY;
    }

    /**
     * The methods a call of {@code name} on an object of {@code dynamic} may run, the one Java runs first: the
     * declaration nearest to {@code dynamic} up its superclasses, so that {@code work()} called in an abstract
     * {@code Role.run()} runs the receiver's own override ({@code Receiver.work}), not the first class's that declares a
     * {@code work()} (a receiving rank ran the sender's loop: a false deadlock). Without one up the chain (a method of
     * an enclosing class, an interface's), those of {@code preferred} first, then any of that name.
     */
    private List<MethodDeclaration> dispatch(String name, int arity, AbstractTypeDeclaration dynamic, AbstractTypeDeclaration preferred) {
        List<MethodDeclaration> cands = program.methods(name, arity, preferred);
        if (cands.size() < 2 || dynamic == null) return cands;
        int guard = 0;
        for (AbstractTypeDeclaration t = dynamic; t != null && guard++ < 32; t = superOf(t)) {
            for (int i = 0; i < cands.size(); i++) {
                MethodDeclaration m = cands.get(i);
                if (m.getParent() == t) {
                    if (i == 0) return cands;
                    List<MethodDeclaration> out = new ArrayList<>(cands);
                    out.remove(i);
                    out.add(0, m);
                    return out;
                }
            }
        }
        return cands;
    }

    /**
     * The object an unqualified call of {@code m} runs on: the receiver, or the enclosing object of an inner class's
     * receiver whose class (or a superclass of it) declares {@code m} (a worker object calling its master's method).
     */
    private ObjVal receiverOf(MethodDeclaration m) {
        for (ObjVal o = frame.self; o != null; o = o.outer) {
            int guard = 0;
            for (AbstractTypeDeclaration t = o.type; t != null && guard++ < 32; t = superOf(t)) {
                if (m.getParent() == t) return o;
            }
        }
        return frame.self;
    }

    /** What the methods every enum has return on constant {@code o}: {@code ordinal()}, {@code name()}, {@code equals}... */
    private Object enumMethod(ObjVal o, String name, List<Object> args) {
        Cell n = o.fields.get(ENUM_NAME), ord = o.fields.get(ENUM_ORDINAL);
        if (n == null || ord == null) return Unknown.ANY;
        return switch (name) {
            case "ordinal", "hashCode" -> args.isEmpty() ? ord.value : Unknown.ANY;
            case "name", "toString" -> args.isEmpty() ? n.value : Unknown.ANY;
            case "equals" -> args.size() == 1 ? Operators.equal(o, args.get(0)) : Unknown.ANY;
            case "compareTo" -> args.size() == 1 && args.get(0) instanceof ObjVal other && other.type == o.type
                    && other.fields.get(ENUM_ORDINAL) != null && ord.value instanceof Long a && other.fields.get(ENUM_ORDINAL).value instanceof Long b
                    ? (Object) (a - b) : Unknown.ANY;
            default -> Unknown.ANY;
        };
    }

    /** {@code values()} (a fresh copy of the constants, as Java makes one per call) and {@code valueOf(name)} of enum {@code e}. */
    private Object enumStatic(org.eclipse.jdt.core.dom.EnumDeclaration e, String name, List<Object> args, ASTNode site) {
        String tn = e.getName().getIdentifier();
        Cell values = staticCell(tn, ENUM_VALUES);
        if (values == null || !(values.value instanceof ArrayVal all) || all.elems == null) return Unknown.ANY;
        if (name.equals("values") && args.isEmpty()) return new ArrayVal(all.elems.clone());
        if (name.equals("valueOf") && args.size() == 1 && args.get(0) instanceof String s) {
            Cell c = staticCell(tn, s);
            if (c != null && c.value instanceof ObjVal) return c.value;
            throw new ThrowSig("IllegalArgumentException", Unknown.ANY, site, "No enum constant " + tn + "." + s);
        }
        return Unknown.ANY;
    }

    List<Object> evalArgs(List<?> args) {
        int n = args.size();
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(eval((Expression) args.get(i))); // indexed: a JDT list's iterator locks the list
        return out;
    }

    /** Whether every argument is a number, boolean or string (what a pure call's memo is keyed by). */
    private static boolean allPlain(List<Object> args) {
        for (int i = 0, n = args.size(); i < n; i++) {
            Object a = args.get(i);
            if (!(a instanceof Long || a instanceof Double || a instanceof Boolean || a instanceof String)) return false;
        }
        return true;
    }

    private Object call(MethodDeclaration m, ObjVal self, List<Object> args, ASTNode site) {
        List<MethodDeclaration> overloads = program.overloads(m);
        if (overloads.size() > 1) m = Overloads.choose(m, overloads, args, argumentsOf(site, m, args.size()), this); // f(int) or f(double)
        List<Object> key = null;
        if (allPlain(args) && program.isPure(m)) {
            key = new ArrayList<>(args.size() + 1);
            key.add(m);
            key.addAll(args);
            Object v = program.memo.get(key);
            if (v != null) return v;
        }
        Object v = callUncached(m, self, args, site);
        if (key != null && v != null && !Values.isUnknown(v)) program.memo.put(key, v);
        return v;
    }

    /**
     * The argument expressions of the call {@code site} when it is the call of {@code m} with {@code n} arguments (a
     * method of that name, or a constructor); null otherwise (a method reference, a lambda, an implicit super()).
     */
    private static List<?> argumentsOf(ASTNode site, MethodDeclaration m, int n) {
        String name = m.getName().getIdentifier();
        List<?> exprs = switch (site) {
            case MethodInvocation mi when !m.isConstructor() && mi.getName().getIdentifier().equals(name) -> mi.arguments();
            case SuperMethodInvocation smi when !m.isConstructor() && smi.getName().getIdentifier().equals(name) -> smi.arguments();
            case ClassInstanceCreation cic when m.isConstructor() -> cic.arguments();
            case SuperConstructorInvocation sci when m.isConstructor() -> sci.arguments();
            case org.eclipse.jdt.core.dom.ConstructorInvocation ci when m.isConstructor() -> ci.arguments();
            case null, default -> null;
        };
        return exprs != null && exprs.size() == n ? exprs : null;
    }

    private Object callUncached(MethodDeclaration m, ObjVal self, List<Object> args, ASTNode site) {
        if (depth >= budgets.maxInlineDepth) {
            assumptions.add(program.range(site), "Call nesting deeper than " + budgets.maxInlineDepth
                    + " (recursion?): this call is not followed and returns an unknown value");
            return Unknown.ANY;
        }
        callSites.add(site);
        try {
            return invoke(m, self, args, site);
        } finally {
            callSites.remove(callSites.size() - 1);
        }
    }

    private Object invoke(MethodDeclaration m, ObjVal self, List<Object> args, ASTNode site) {
        Frame saved = frame;
        Frame f = new Frame(Modifier.isStatic(m.getModifiers()) ? null : self, (AbstractTypeDeclaration) m.getParent());
        List<?> params = m.parameters();
        for (int i = 0; i < params.size(); i++) {
            SingleVariableDeclaration p = (SingleVariableDeclaration) params.get(i);
            Object v;
            if (p.isVarargs()) {
                Object[] rest = args.size() > i ? args.subList(i, args.size()).toArray() : new Object[0];
                v = rest.length == 1 && rest[0] instanceof ArrayVal ? rest[0] : new ArrayVal(rest);
            } else {
                v = i < args.size() ? coerce(args.get(i), p.getType()) : Unknown.ANY;
            }
            f.scopes.get(0).put(p.getName().getIdentifier(), p.isVarargs() ? new Cell(v) : typedCell(v, p.getType(), p.getExtraDimensions()));
        }
        depth++;
        frames.add(saved);
        frame = f;
        boolean pure = m.getBody() != null && !m.isConstructor() && (program.isPure(m) || program.isEffectFree(m));
        if (pure) pureCalls++;
        try {
            if (m.getBody() != null) exec(m.getBody());
            return null;
        } catch (ReturnSig r) {
            return coerce(r.value, m.getReturnType2()); // a double method's "return 7" gives 7.0
        } catch (BreakSig | ContinueSig | YieldSig s) {
            return null;
        } catch (AbandonPureCall a) {
            if (pure && pureCalls == 1) return Unknown.ANY; // the outermost pure call: its value is data
            throw a;
        } finally {
            if (pure) pureCalls--;
            frame = saved;
            frames.remove(frames.size() - 1);
            depth--;
        }
    }

    /** Pure calls in progress (see {@link AbandonPureCall}). */
    private int pureCalls;

    private Object construct(ClassInstanceCreation cic) {
        String tn = program.createdTypeName(cic);
        Object qualifier = cic.getExpression() == null ? null : eval(cic.getExpression()); // outer.new Inner(): first, as in Java
        List<Object> args = evalArgs(cic.arguments());
        AbstractTypeDeclaration t = program.type(tn);
        if (cic.getAnonymousClassDeclaration() != null && program.mayCommunicate(cic.getAnonymousClassDeclaration())
                && !(t == null && (tn.equals("Thread") || THREAD_TYPES.contains(tn)))) {
            return anonymous(cic, t, args);
        }
        if (t != null && cic.getAnonymousClassDeclaration() == null) {
            // new Worker(w) inside an instance method, Worker an inner class: it sees the enclosing object's fields;
            // app.new Worker(w) sees app's
            ObjVal outer = !inner(t) ? null : cic.getExpression() == null ? frame.self : qualifier instanceof ObjVal o ? o : null;
            return instantiate(t, args, cic, outer);
        }
        return mpj.construct(tn, args, cic);
    }

    /** The superclass of {@code type} when the program declares it, or null. */
    private AbstractTypeDeclaration superOf(AbstractTypeDeclaration type) {
        if (!(type instanceof TypeDeclaration td) || td.getSuperclassType() == null) return null;
        AbstractTypeDeclaration s = program.type(Program.simpleTypeName(td.getSuperclassType().toString()));
        return s == type ? null : s;
    }

    /**
     * A new object of {@code t}: the fields of {@code t} and of its superclasses in the program (a JGF
     * benchmark's {@code n} and {@code list} live in the kernel class it extends), their initializers
     * from the topmost class down, then the constructor (which runs {@code super(...)} itself, or the
     * superclass's no-argument constructor first).
     */
    private ObjVal instantiate(AbstractTypeDeclaration t, List<Object> args, ASTNode site) {
        return instantiate(t, args, site, null);
    }

    /** Library types whose anonymous subclasses run their code in another thread (left to the thread handling). */
    private static final java.util.Set<String> THREAD_TYPES = java.util.Set.of("TimerTask", "Callable", "RecursiveTask", "RecursiveAction");

    /**
     * An object of an anonymous class whose methods communicate ({@code new Runnable() { public void run() { Send } }},
     * a strategy object implementing an interface of the program): made as the class it extends when the program
     * declares it (its constructor run with {@code args}), with the enclosing object and the locals it captures, so that
     * a call of its method runs the body. Such objects were unknown and their calls skipped: a send in one was never
     * made, and its receiver reported as deadlocked.
     */
    private ObjVal anonymous(ClassInstanceCreation cic, AbstractTypeDeclaration base, List<Object> args) {
        org.eclipse.jdt.core.dom.AnonymousClassDeclaration acd = cic.getAnonymousClassDeclaration();
        boolean programClass = base instanceof TypeDeclaration td && !td.isInterface();
        ObjVal o = programClass ? instantiate(base, args, cic, inner(base) ? frame.self : null)
                : new ObjVal(base != null ? base : frame.type);
        o.anon = acd;
        o.libraryBase = base == null;
        o.outer = frame.self;
        o.captured = new ArrayList<>(frame.scopes);
        Frame saved = frame;
        frame = anonymousFrame(o);
        initializing++;
        try {
            for (Object bd : acd.bodyDeclarations()) {
                if (bd instanceof FieldDeclaration fd) {
                    for (Object fr : fd.fragments()) {
                        VariableDeclarationFragment v = (VariableDeclarationFragment) fr;
                        o.fields.put(v.getName().getIdentifier(), typedCell(v.getInitializer() == null
                                ? defaultValue(fd.getType(), v.getExtraDimensions()) : quietly(v.getInitializer(), fd.getType()),
                                fd.getType(), v.getExtraDimensions()));
                    }
                }
            }
        } finally {
            frame = saved;
            initializing--;
        }
        return o;
    }

    /** A frame for code of anonymous object {@code o}: the scopes it captured, then one of its own. */
    @SuppressWarnings("unchecked")
    private Frame anonymousFrame(ObjVal o) {
        Frame f = new Frame(o, o.type);
        f.scopes.addAll(0, (List<Scope>) o.captured);
        return f;
    }

    /** The method of anonymous object {@code o} named {@code name} taking {@code arity} arguments, or null. */
    private static MethodDeclaration anonymousMethod(ObjVal o, String name, int arity) {
        for (Object bd : o.anon.bodyDeclarations()) {
            if (bd instanceof MethodDeclaration m && m.getName().getIdentifier().equals(name) && m.parameters().size() == arity
                    && m.getBody() != null) {
                return m;
            }
        }
        return null;
    }

    /** Runs {@code m}, a method of anonymous object {@code o}, as {@link #invoke} runs one of a class. */
    private Object callAnonymous(ObjVal o, MethodDeclaration m, List<Object> args, ASTNode site) {
        if (depth >= budgets.maxInlineDepth) return Unknown.ANY;
        Frame f = anonymousFrame(o);
        Scope params = f.scopes.get(f.scopes.size() - 1);
        List<?> ps = m.parameters();
        for (int i = 0; i < ps.size(); i++) {
            SingleVariableDeclaration p = (SingleVariableDeclaration) ps.get(i);
            params.put(p.getName().getIdentifier(), typedCell(i < args.size() ? coerce(args.get(i), p.getType()) : Unknown.ANY,
                    p.getType(), p.getExtraDimensions()));
        }
        return runIn(f, m.getBody(), site);
    }

    /**
     * Runs {@code body} (a block, or a lambda's expression) in activation {@code f}, called at {@code site}: the
     * caller's activation waits on the stack, and a {@code return} gives the value (an expression body's value is it).
     */
    private Object runIn(Frame f, ASTNode body, ASTNode site) {
        Frame saved = frame;
        depth++;
        frames.add(saved);
        callSites.add(site);
        frame = f;
        try {
            if (body instanceof Expression e) return eval(e);
            exec((Statement) body);
            return null;
        } catch (ReturnSig r) {
            return r.value;
        } catch (BreakSig | ContinueSig | YieldSig s) {
            return null;
        } finally {
            frame = saved;
            frames.remove(frames.size() - 1);
            callSites.remove(callSites.size() - 1);
            depth--;
        }
    }

    /** An inner class: a member class declared without {@code static} in a class (not an interface or enum member). */
    private static boolean inner(AbstractTypeDeclaration t) {
        return t instanceof TypeDeclaration td && !td.isInterface() && !Modifier.isStatic(td.getModifiers())
                && td.getParent() instanceof TypeDeclaration outer && !outer.isInterface();
    }

    /** As above, for an object of an inner class made in {@code outer} (null for any other). */
    private ObjVal instantiate(AbstractTypeDeclaration t, List<Object> args, ASTNode site, ObjVal outer) {
        ObjVal o = new ObjVal(t);
        o.outer = outer;
        if (t instanceof org.eclipse.jdt.core.dom.RecordDeclaration rd) {
            // record Task(int id, int owner): its components are fields set from the canonical constructor's arguments
            // (a compact constructor's checks are not run); t.owner() reads them (RankInterpreter.invocation)
            List<?> comps = rd.recordComponents();
            for (int i = 0; i < comps.size(); i++) {
                SingleVariableDeclaration c = (SingleVariableDeclaration) comps.get(i);
                o.fields.put(c.getName().getIdentifier(), typedCell(i < args.size() && args.size() == comps.size()
                        ? coerce(args.get(i), c.getType()) : Unknown.ANY, c.getType(), c.getExtraDimensions()));
            }
            return o;
        }
        List<AbstractTypeDeclaration> chain = new ArrayList<>();
        for (AbstractTypeDeclaration c = t; c != null && chain.size() < 16 && !chain.contains(c); c = superOf(c)) chain.add(0, c);
        Frame saved = frame;
        initializing++;
        try {
            for (AbstractTypeDeclaration c : chain) {
                for (Object bd : c.bodyDeclarations()) {
                    if (bd instanceof FieldDeclaration fd && !isStaticField(c, fd)) {
                        for (Object fr : fd.fragments()) {
                            VariableDeclarationFragment v = (VariableDeclarationFragment) fr;
                            o.fields.put(v.getName().getIdentifier(),
                                    typedCell(defaultValue(fd.getType(), v.getExtraDimensions()), fd.getType(), v.getExtraDimensions()));
                        }
                    }
                }
            }
        } finally {
            frame = saved;
            initializing--;
        }
        construct(t, o, args, site);
        return o;
    }

    /**
     * The instance field initializers and instance initializer blocks of {@code c} on {@code o}, in their order: run
     * when {@code c}'s superclass constructor has returned (JLS 12.5), so a superclass constructor that calls an
     * overridden method sees the subclass's fields still at their defaults, as in Java.
     */
    private void initializeFields(AbstractTypeDeclaration c, ObjVal o) {
        Frame saved = frame;
        initializing++;
        try {
            frame = new Frame(o, c);
            for (Object bd : c.bodyDeclarations()) {
                if (bd instanceof FieldDeclaration fd && !isStaticField(c, fd)) {
                    for (Object fr : fd.fragments()) {
                        VariableDeclarationFragment v = (VariableDeclarationFragment) fr;
                        Cell field = o.fields.get(v.getName().getIdentifier());
                        if (v.getInitializer() != null && field != null) field.set(quietly(v.getInitializer(), fd.getType()));
                    }
                } else if (bd instanceof Initializer in && !Modifier.isStatic(in.getModifiers())) {
                    try {
                        exec(in.getBody());
                    } catch (Signal s) {
                        // ignore
                    }
                }
            }
        } finally {
            frame = saved;
            initializing--;
        }
    }

    /**
     * Runs the constructor of {@code t} with {@code args} on {@code o} as JLS 12.5 orders it: one that starts with
     * {@code this(...)} leaves the rest to the constructor it calls (the statement runs it, {@link #exec}); otherwise the
     * superclass's constructor first (the body's {@code super(...)}, or the plain one), then {@code t}'s field
     * initializers, then the body.
     */
    private void construct(AbstractTypeDeclaration t, ObjVal o, List<Object> args, ASTNode site) {
        if (!(t instanceof TypeDeclaration) && !(t instanceof org.eclipse.jdt.core.dom.EnumDeclaration)) return;
        MethodDeclaration chosen = null;
        for (Object bd : t.bodyDeclarations()) {
            if (bd instanceof MethodDeclaration m && m.isConstructor() && m.parameters().size() == args.size() && m.getBody() != null) {
                chosen = m;
                break;
            }
        }
        Object first = chosen == null || chosen.getBody().statements().isEmpty() ? null : chosen.getBody().statements().get(0);
        boolean explicit = first instanceof SuperConstructorInvocation || first instanceof org.eclipse.jdt.core.dom.ConstructorInvocation;
        AbstractTypeDeclaration sup = superOf(t);
        if (!explicit) {
            if (sup != null && callSites.size() < budgets.maxInlineDepth) construct(sup, o, List.of(), site);
            initializeFields(t, o);
        }
        if (chosen != null) call(chosen, o, args, site);
    }
}
