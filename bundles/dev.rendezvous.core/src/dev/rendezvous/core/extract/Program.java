package dev.rendezvous.core.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.compiler.IProblem;
import org.eclipse.jdt.core.dom.AST;
import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.ASTParser;
import org.eclipse.jdt.core.dom.ASTVisitor;
import org.eclipse.jdt.core.dom.AbstractTypeDeclaration;
import org.eclipse.jdt.core.dom.BreakStatement;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.ArrayAccess;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.CompilationUnit;
import org.eclipse.jdt.core.dom.Expression;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.PostfixExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.Statement;
import org.eclipse.jdt.core.dom.WhileStatement;
import org.eclipse.jdt.core.dom.TypeDeclaration;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.FieldDeclaration;
import org.eclipse.jdt.core.dom.SingleVariableDeclaration;
import org.eclipse.jdt.core.dom.Modifier;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.NumberLiteral;

import dev.rendezvous.core.model.SourceRange;

/**
 * One parsed source file: the JDT AST, its methods by name, the SPMD entry point, and the
 * derived facts the interpreter asks for repeatedly (which subtrees may communicate, which
 * variables a subtree assigns), each computed once.
 */
public final class Program {
    /** Method names that make a call a communication call when the receiver is MPJ (or unknown). */
    static final Set<String> COMM_NAMES = Set.of("Send", "Ssend", "Bsend", "Rsend", "Isend", "Issend", "Ibsend",
            "Irsend", "Recv", "Irecv", "Sendrecv", "Sendrecv_replace", "Probe", "Iprobe", "Wait", "Waitall",
            "Waitany", "Waitsome", "Test", "Testall", "Testany", "Testsome", "Start", "Startall", "Barrier", "Bcast",
            "Reduce", "Allreduce", "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather", "Allgatherv", "Alltoall",
            "Alltoallv", "Scan", "Reduce_scatter", "Split", "Create", "Dup", "Send_init", "Ssend_init", "Bsend_init",
            "Rsend_init", "Recv_init", "Buffer_attach", "Buffer_detach", "Abort",
            "Create_cart", "Create_graph", "Create_intercomm", "Merge");

    private final String file;
    private final String source;
    private final CompilationUnit cu;
    private final Map<String, List<MethodDeclaration>> methods = new HashMap<>();
    private final Map<String, AbstractTypeDeclaration> types = new HashMap<>();
    private final List<String> syntaxErrors = new ArrayList<>();
    private final Map<ASTNode, Boolean> communicates = new IdentityHashMap<>();
    private final Map<ASTNode, Set<String>> assigned = new IdentityHashMap<>();
    private final Map<ASTNode, Set<String>> wholeAssigned = new IdentityHashMap<>();
    private MethodDeclaration entry;
    private final Map<ASTNode, Integer> nodeIds = new IdentityHashMap<>();
    private final Map<ASTNode, Boolean> resumePoints = new IdentityHashMap<>();
    private StateRelevance stateRelevance;

    /** The other files of the program (classes the entry file uses), by compilation unit. */
    private final Map<CompilationUnit, String> companionFiles = new java.util.LinkedHashMap<>();
    private final Map<String, String> companionSources;

    private Program(String file, String source, CompilationUnit cu, Map<String, String> companionSources) {
        this.file = file;
        this.source = source;
        this.cu = cu;
        this.companionSources = companionSources;
    }

    /** A number for a node of this program, the same in every run (state hashing; identity hash codes can collide). */
    public synchronized int nodeId(ASTNode n) {
        Integer id = nodeIds.get(n);
        if (id == null) nodeIds.put(n, id = nodeIds.size());
        return id;
    }

    private final Map<ASTNode, List<String>> namesIn = new IdentityHashMap<>();

    /** The identifiers of the simple names inside {@code node}, sorted, each once (memoised). */
    public synchronized List<String> namesIn(ASTNode node) {
        return namesIn.computeIfAbsent(node, n -> {
            java.util.TreeSet<String> names = new java.util.TreeSet<>();
            n.accept(new ASTVisitor() {
                @Override
                public boolean visit(SimpleName sn) {
                    names.add(sn.getIdentifier());
                    return true;
                }
            });
            return List.copyOf(names);
        });
    }

    /** {@link ResumePoints#resumesFromVariables}, memoised. */
    synchronized boolean resumesFromVariables(ASTNode call) {
        return resumePoints.computeIfAbsent(call, ResumePoints::resumesFromVariables);
    }

    private final Map<ASTNode, String> createdTypes = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The simple name of the class a {@code new} creates, memoised: JDT spells a type by printing its subtree
     * (a visitor and a string builder per call), which was a sixth of running a benchmark that creates objects in a
     * loop.
     */
    String createdTypeName(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
        return createdTypes.computeIfAbsent(c, n -> simpleTypeName(c.getType().toString()));
    }

    private final Map<ASTNode, Object> literals = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Object MALFORMED = new Object();

    /**
     * The value of a string literal or text block (a String) or a character literal (a Character), or
     * null when the literal is malformed. Memoised: JDT scans the literal's source again at every call
     * (with a scanner whose tables it builds once per thread, and every rank runs on a fresh one). Under
     * a profiler that was a tenth of analysing RingShift; in plain A/B runs the difference stayed within
     * the machine's noise. ASTNode keeps identity equality, so a concurrent map keys nodes by identity.
     */
    Object literalValue(org.eclipse.jdt.core.dom.Expression literal) {
        Object v = literals.computeIfAbsent(literal, n -> {
            try {
                return switch (n) {
                    case org.eclipse.jdt.core.dom.StringLiteral s -> s.getLiteralValue();
                    case org.eclipse.jdt.core.dom.TextBlock t -> t.getLiteralValue();
                    case org.eclipse.jdt.core.dom.CharacterLiteral c -> c.charValue();
                    default -> MALFORMED;
                };
            } catch (IllegalArgumentException e) {
                return MALFORMED;
            }
        });
        return v == MALFORMED ? null : v;
    }

    private final Map<ASTNode, Boolean> packageQualified = new java.util.concurrent.ConcurrentHashMap<>(); // nodes: identity equality
    private static final java.util.regex.Pattern PACKAGE_QUALIFIED = java.util.regex.Pattern.compile("([a-z_][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_]*");

    /**
     * Whether a qualified name is spelled like a class named with its package ({@code java.util.Arrays},
     * {@code mpi.MPI}): lower-case segments and a capitalised last one. Memoised: the interpreter asks at every
     * evaluation, and matching the pattern was a tenth of an exploration's time.
     */
    boolean spelledPackageQualified(org.eclipse.jdt.core.dom.QualifiedName qn) {
        return packageQualified.computeIfAbsent(qn, n -> PACKAGE_QUALIFIED.matcher(qn.getFullyQualifiedName()).matches());
    }

    /** The variables that can steer control or communication ({@link StateRelevance}), computed once. */
    synchronized StateRelevance stateRelevance() {
        if (stateRelevance == null) stateRelevance = StateRelevance.of(this);
        return stateRelevance;
    }

    /** Parses {@code source}; never throws for bad Java (syntax errors are kept, the rest is usable). */
    public static Program parse(String file, String source) {
        return parse(file, source, Map.of());
    }

    /**
     * Parses a program spread over several files: {@code source} holds the entry point, the
     * companions (file name to text) the classes it uses, whose methods the interpreter follows
     * like the entry file's own. Findings in a companion carry that file's name.
     */
    public static Program parse(String file, String source, Map<String, String> companions) {
        Program p = new Program(file, source, parseUnit(source), Map.copyOf(companions));
        for (Map.Entry<String, String> c : companions.entrySet()) {
            if (!c.getKey().equals(file)) p.companionFiles.put(parseUnit(c.getValue()), c.getKey());
        }
        p.index();
        return p;
    }

    /**
     * The parser's options, read once: Java 21, and neither Javadoc nor task tags, which nothing here reads (a Javadoc
     * stays a comment; a declaration's range then starts at its modifiers). Reading them from {@code JavaCore} on
     * every parse and parsing every Javadoc took a quarter of the time a small file's parse takes, and a file is parsed
     * again for every quick fix that is checked.
     */
    private static final Map<String, String> PARSER_OPTIONS = parserOptions();

    private static Map<String, String> parserOptions() {
        Map<String, String> options = JavaCore.getOptions();
        JavaCore.setComplianceOptions(JavaCore.VERSION_21, options);
        options.put(JavaCore.COMPILER_DOC_COMMENT_SUPPORT, JavaCore.DISABLED);
        options.put(JavaCore.COMPILER_TASK_TAGS, "");
        return java.util.Collections.unmodifiableMap(new java.util.HashMap<>(options));
    }

    /**
     * The same program with the entry file's text replaced (a quick fix being checked). The last few are kept: a sweep
     * over process counts checks the same fixes at every count, on the same parse of the file (one per thread, see
     * {@code Rendezvous.sweep}), and each check parsed the fixed text again.
     */
    public Program withSource(String newSource) {
        Program p = versions.get(newSource);
        if (p == null) {
            p = parse(file, newSource, companionSources);
            if (versions.size() >= MAX_VERSIONS) versions.clear();
            versions.put(newSource, p);
        }
        return p;
    }

    /** The fixed versions {@link #withSource} parsed, by their text; a program is used by one thread at a time. */
    private final Map<String, Program> versions = new java.util.HashMap<>();
    private static final int MAX_VERSIONS = 8;

    private static CompilationUnit parseUnit(String source) {
        ASTParser parser = ASTParser.newParser(AST.getJLSLatest());
        parser.setCompilerOptions(PARSER_OPTIONS); // copied by the parser
        parser.setKind(ASTParser.K_COMPILATION_UNIT);
        parser.setSource(source.toCharArray());
        parser.setResolveBindings(false);
        parser.setStatementsRecovery(true);
        return (CompilationUnit) parser.createAST(null);
    }

    /** The companion files of this program (empty for a single-file program). */
    public java.util.Collection<String> companions() {
        return companionFiles.values();
    }

    /** The parsed entry file followed by its companion files. */
    public List<CompilationUnit> units() {
        List<CompilationUnit> all = new ArrayList<>();
        all.add(cu);
        all.addAll(companionFiles.keySet());
        return all;
    }

    private void index() {
        for (IProblem problem : cu.getProblems()) {
            if (problem.isError()) {
                syntaxErrors.add("line " + problem.getSourceLineNumber() + ": " + problem.getMessage());
                for (ASTNode n = org.eclipse.jdt.core.dom.NodeFinder.perform(cu, Math.max(0, problem.getSourceStart()), 0); n != null
                        && !syntaxErrorInCode; n = n.getParent()) {
                    syntaxErrorInCode = n instanceof MethodDeclaration || n instanceof org.eclipse.jdt.core.dom.Initializer;
                }
            }
        }
        indexUnit(cu);
        for (CompilationUnit c : companionFiles.keySet()) indexUnit(c);
        if (names <= MAX_CONSTANT_SLOTS) mpiConstants = new Object[names];
        findEntry();
    }

    /** A number literal's value, set on the node while the program is indexed (read, never written, by the interpreters). */
    static final String LITERAL_VALUE = "dev.rendezvous.literal";

    /**
     * A simple name's number (an {@code Integer} from 0 to {@link #nameCount} - 1), set on the node while the program is
     * indexed: the interpreters keep what they learnt of a name in an array at that index ({@code RankInterpreter.resolve}).
     */
    static final String NAME_ID = "dev.rendezvous.name";

    private int names;

    /** How many simple names the program's files have ({@link #NAME_ID}). */
    int nameCount() {
        return names;
    }

    /**
     * Per simple name ({@link #NAME_ID}), the MPI datatype or reduction operator a qualified name ending in it was found
     * to mean ({@code MPI.DOUBLE}, {@code MPI.SUM}): the same value on every rank and at every evaluation, as names
     * resolve lexically. Null for a program with more names than {@link #MAX_CONSTANT_SLOTS}.
     */
    private Object[] mpiConstants;
    private static final int MAX_CONSTANT_SLOTS = 1 << 20;

    /** What {@code name}, the last segment of a qualified name, was found to mean ({@link #mpiConstants}), or null. */
    Object mpiConstant(SimpleName name) {
        Object[] known = mpiConstants;
        return known != null && name.getProperty(NAME_ID) instanceof Integer id ? known[id] : null;
    }

    /** Keeps what {@code name}, the last segment of a qualified name, means ({@link #mpiConstants}). */
    void mpiConstant(SimpleName name, Object value) {
        Object[] known = mpiConstants;
        if (known != null && name.getProperty(NAME_ID) instanceof Integer id) known[id] = value;
    }

    private void indexUnit(CompilationUnit unit) {
        unit.accept(new ASTVisitor() {
            @Override
            public boolean visit(NumberLiteral node) {
                node.setProperty(LITERAL_VALUE, Operators.number(node.getToken()));
                return false;
            }

            @Override
            public boolean visit(SimpleName node) {
                node.setProperty(NAME_ID, names++);
                return false;
            }

            @Override
            public boolean visit(TypeDeclaration node) {
                types.putIfAbsent(node.getName().getIdentifier(), node);
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.EnumDeclaration node) {
                types.putIfAbsent(node.getName().getIdentifier(), node); // its constants: RankInterpreter.initEnums
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.RecordDeclaration node) {
                types.putIfAbsent(node.getName().getIdentifier(), node); // its components: RankInterpreter.instantiate
                return true;
            }

            @Override
            public boolean visit(MethodDeclaration node) {
                // methods of anonymous classes and enum constants are not called by name from the SPMD body
                if (node.getParent() instanceof AbstractTypeDeclaration) {
                    methods.computeIfAbsent(node.getName().getIdentifier(), k -> new ArrayList<>()).add(node);
                }
                return true;
            }
        });
    }

    private void findEntry() {
        for (MethodDeclaration m : methods.getOrDefault("main", List.of())) {
            if (m.getRoot() == cu && m.getBody() != null && callsInit(m)) {
                entry = m;
                break;
            }
        }
        if (entry == null) {
            // main calls Init through a method or constructor of its own (new App(args) whose constructor calls
            // MPI.Init, then app.run()): main is the program; the method that calls Init is only its first step
            for (MethodDeclaration m : methods.getOrDefault("main", List.of())) {
                if (m.getRoot() == cu && m.getBody() != null && Modifier.isStatic(m.getModifiers()) && reachesInit(m)) {
                    entry = m;
                    break;
                }
            }
        }
        if (entry == null) {
            for (List<MethodDeclaration> ms : methods.values()) {
                for (MethodDeclaration m : ms) {
                    if (m.getRoot() == cu && m.getBody() != null && callsInit(m)) entry = m;
                }
            }
        }
        if (entry == null) {
            for (MethodDeclaration m : methods.getOrDefault("main", List.of())) {
                if (m.getRoot() == cu && m.getBody() != null && mayCommunicate(m.getBody())) entry = m;
            }
        }
    }

    private Boolean concurrentCommunication;

    /**
     * Whether code meant to run in another thread communicates: a lambda, an anonymous class, or a
     * class extending {@code Thread} or implementing {@code Runnable}/{@code Callable} whose body
     * calls MPJ. The interpreter follows one thread per rank, so it stops following a rank that
     * starts such a thread instead of silently dropping its communication.
     */
    public boolean concurrentCommunication() {
        if (concurrentCommunication == null) {
            boolean found = threadsCommunicateIn(cu);
            for (CompilationUnit c : companionFiles.keySet()) found = found || threadsCommunicateIn(c);
            concurrentCommunication = found;
        }
        return concurrentCommunication;
    }

    private Set<String> invokedNames;

    /** Whether the program or a companion file calls a method by one of these names (a syntactic check). */
    public synchronized boolean callsAnyOf(Set<String> names) {
        if (invokedNames == null) {
            Set<String> found = new java.util.HashSet<>();
            ASTVisitor v = new ASTVisitor() {
                @Override
                public boolean visit(MethodInvocation node) {
                    found.add(node.getName().getIdentifier());
                    return true;
                }
            };
            cu.accept(v);
            for (CompilationUnit c : companionFiles.keySet()) c.accept(v);
            invokedNames = found;
        }
        for (String n : names) if (invokedNames.contains(n)) return true;
        return false;
    }

    private Boolean floatingControl;

    /**
     * Whether a floating-point value may steer the program anywhere: a condition (if, loop, switch,
     * {@code ?:}) or a cast to an integer type that mentions a floating-point literal, a variable,
     * field or parameter declared {@code double}/{@code float} (or an array of them), a method
     * returning one, or {@code Math}. When none does, the numbers a numerical kernel computes are
     * payload only: they can change what is sent, never whether, where or how much, so the kernel
     * can be forgotten at once instead of computed (the speed of a {@code --np} sweep on block
     * matrix products). A syntactic check over the program and its companion files.
     */
    /**
     * The names the program (and its companion files) declares of type {@code float} or {@code float[]}, and whether it
     * writes a float literal or a cast to float (its names include "" then); empty for the many programs without floats,
     * which then pay nothing for a float's precision ({@code RankInterpreter.floatArithmetic}, {@link CompiledLoops}).
     */
    Set<String> floatNames() {
        Set<String> names = floatNames;
        if (names == null) {
            Set<String> found = new HashSet<>();
            for (CompilationUnit u : units()) {
                u.accept(new ASTVisitor() {
                    @Override
                    public boolean visit(org.eclipse.jdt.core.dom.PrimitiveType t) {
                        if (t.getPrimitiveTypeCode() != org.eclipse.jdt.core.dom.PrimitiveType.FLOAT) return false;
                        ASTNode owner = t.getParent() instanceof org.eclipse.jdt.core.dom.ArrayType at ? at.getParent() : t.getParent();
                        switch (owner) {
                            case VariableDeclarationStatement v -> v.fragments().forEach(f -> found.add(((VariableDeclarationFragment) f).getName().getIdentifier()));
                            case FieldDeclaration f -> f.fragments().forEach(x -> found.add(((VariableDeclarationFragment) x).getName().getIdentifier()));
                            case org.eclipse.jdt.core.dom.VariableDeclarationExpression v -> v.fragments().forEach(x -> found.add(((VariableDeclarationFragment) x).getName().getIdentifier()));
                            case SingleVariableDeclaration v -> found.add(v.getName().getIdentifier());
                            default -> found.add(""); // a cast, a method's result, an array created as float[]
                        }
                        return false;
                    }

                    @Override
                    public boolean visit(NumberLiteral n) {
                        if (Operators.floatLiteral(n.getToken())) found.add("");
                        return false;
                    }
                });
            }
            floatNames = names = Set.copyOf(found);
        }
        return names;
    }

    private volatile Set<String> floatNames;

    public boolean floatingControl() {
        if (floatingControl == null) {
            Set<String> floating = new HashSet<>();
            List<CompilationUnit> units = units();
            for (CompilationUnit u : units) collectFloatingNames(u, floating);
            boolean found = false;
            for (CompilationUnit u : units) found = found || steersWithFloating(u, floating);
            floatingControl = found;
        }
        return floatingControl;
    }

    private static boolean floatingType(org.eclipse.jdt.core.dom.Type t) {
        String name = t.toString().replace("[]", "").trim();
        return name.equals("double") || name.equals("float") || name.equals("Double") || name.equals("Float");
    }

    private static void collectFloatingNames(CompilationUnit unit, Set<String> out) {
        unit.accept(new ASTVisitor() {
            // int a, b; double x, y;  — the names a declaration of a floating type introduces
            private boolean declare(org.eclipse.jdt.core.dom.Type t, List<?> fragments) {
                if (floatingType(t)) for (Object f : fragments) out.add(((VariableDeclarationFragment) f).getName().getIdentifier());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.VariableDeclarationStatement d) {
                return declare(d.getType(), d.fragments());
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.FieldDeclaration d) {
                return declare(d.getType(), d.fragments());
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.VariableDeclarationExpression d) {
                return declare(d.getType(), d.fragments());
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.SingleVariableDeclaration d) {
                if (floatingType(d.getType())) out.add(d.getName().getIdentifier());
                return true;
            }

            @Override
            public boolean visit(MethodDeclaration m) {
                if (m.getReturnType2() != null && floatingType(m.getReturnType2())) out.add(m.getName().getIdentifier());
                return true;
            }
        });
    }

    private static boolean steersWithFloating(CompilationUnit unit, Set<String> floating) {
        boolean[] found = {false};
        java.util.function.Consumer<Expression> check = e -> {
            if (e == null || found[0]) return;
            e.accept(new ASTVisitor() {
                @Override
                public boolean visit(SimpleName n) {
                    if (floating.contains(n.getIdentifier()) || n.getIdentifier().equals("Math")) found[0] = true;
                    return false;
                }

                @Override
                public boolean visit(NumberLiteral n) {
                    if (Operators.floatingLiteral(n.getToken())) found[0] = true;
                    return false;
                }
            });
        };
        unit.accept(new ASTVisitor() {
            @Override
            public boolean visit(org.eclipse.jdt.core.dom.IfStatement s) {
                check.accept(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(WhileStatement s) {
                check.accept(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.DoStatement s) {
                check.accept(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ForStatement s) {
                check.accept(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ConditionalExpression c) {
                check.accept(c.getExpression());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.SwitchStatement s) {
                check.accept(s.getExpression());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.CastExpression c) {
                String t = c.getType().toString();
                if (t.equals("int") || t.equals("long") || t.equals("short") || t.equals("byte") || t.equals("char")) {
                    check.accept(c.getExpression());
                }
                return true;
            }
        });
        return found[0];
    }

    private boolean threadsCommunicateIn(CompilationUnit unit) {
        boolean[] found = {false};
        unit.accept(new ASTVisitor() {
            @Override
            public boolean visit(org.eclipse.jdt.core.dom.LambdaExpression node) {
                if (!found[0] && mayCommunicate(node)) found[0] = true;
                return !found[0];
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.AnonymousClassDeclaration node) {
                if (!found[0] && mayCommunicate(node)) found[0] = true;
                return !found[0];
            }

            @Override
            public boolean visit(TypeDeclaration node) {
                boolean threadLike = node.getSuperclassType() != null
                        && simpleTypeName(node.getSuperclassType().toString()).equals("Thread");
                for (Object t : node.superInterfaceTypes()) {
                    String n = simpleTypeName(t.toString());
                    threadLike |= n.equals("Runnable") || n.equals("Callable");
                }
                if (threadLike && !found[0]) {
                    for (MethodDeclaration m : node.getMethods()) {
                        String n = m.getName().getIdentifier();
                        if ((n.equals("run") || n.equals("call")) && m.getBody() != null && mayCommunicate(m.getBody())) {
                            found[0] = true;
                        }
                    }
                }
                return !found[0];
            }
        });
        return found[0];
    }

    private static boolean callsInit(MethodDeclaration m) {
        return firstInit(m) != null;
    }

    /**
     * Whether running {@code m} may call {@code MPI.Init} through the program's own methods and constructors (by name,
     * as {@link #communicatingMethods} follows calls), in any of its files.
     */
    private boolean reachesInit(MethodDeclaration m) {
        java.util.ArrayDeque<MethodDeclaration> work = new java.util.ArrayDeque<>(List.of(m));
        Set<MethodDeclaration> seen = new HashSet<>();
        while (!work.isEmpty()) {
            MethodDeclaration cur = work.pop();
            if (!seen.add(cur) || cur.getBody() == null) continue;
            if (callsInit(cur)) return true;
            Set<String> callees = new HashSet<>();
            cur.getBody().accept(new ASTVisitor() {
                @Override
                public boolean visit(MethodInvocation inv) {
                    callees.add(inv.getName().getIdentifier());
                    return true;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                    callees.add(simpleTypeName(c.getType().toString()));
                    return true;
                }
            });
            for (String callee : callees) work.addAll(methods.getOrDefault(callee, List.of()));
        }
        return false;
    }

    /**
     * The first {@code MPI.Init} or {@code MPI.Init_thread} call in {@code node}, in source order, or null: which
     * method is the entry, where a fix goes after Init, whether a call comes before the entry's own Init.
     */
    public static MethodInvocation firstInit(ASTNode node) {
        MethodInvocation[] found = {null};
        node.accept(new ASTVisitor() {
            @Override
            public boolean visit(MethodInvocation mi) {
                String id = mi.getName().getIdentifier();
                if (found[0] == null && (id.equals("Init") || id.equals("Init_thread")) && mi.getExpression() != null
                        && mi.getExpression().toString().endsWith("MPI")) {
                    found[0] = mi;
                }
                return found[0] == null;
            }
        });
        return found[0];
    }

    public String file() {
        return file;
    }

    public String source() {
        return source;
    }

    public CompilationUnit ast() {
        return cu;
    }

    public List<String> syntaxErrors() {
        return syntaxErrors;
    }

    private boolean syntaxErrorInCode;

    /**
     * Whether a compile error lies inside a method or initializer: the code the analysis runs there is the parser's
     * repair of what was typed (a half-typed statement can take the {@code if} around it along), not the program.
     */
    public boolean syntaxErrorInCode() {
        return syntaxErrorInCode;
    }

    /** The method the SPMD body starts in, or null when the file has none. */
    public MethodDeclaration entry() {
        return entry;
    }

    /** Selects another method as the SPMD body (the IDE's "analyse this method"). */
    public void setEntry(MethodDeclaration m) {
        this.entry = m;
    }

    public AbstractTypeDeclaration type(String name) {
        return types.get(name);
    }

    public Iterable<AbstractTypeDeclaration> types() {
        return types.values();
    }

    /**
     * Methods with this name and arity, those of {@code preferred} first; an unmodifiable list, found once per name,
     * arity and preferred type (the interpreter asks at every call: a list built each time was a twentieth of a
     * message-heavy run's time).
     */
    public List<MethodDeclaration> methods(String name, int arity, ASTNode preferred) {
        MethodsAsked key = new MethodsAsked(name, arity, preferred);
        List<MethodDeclaration> found = methodsFound.get(key);
        if (found != null) return found;
        List<MethodDeclaration> out = new ArrayList<>();
        for (MethodDeclaration m : methods.getOrDefault(name, List.of())) {
            if (m.getBody() == null) continue;
            boolean varargs = m.isVarargs();
            int n = m.parameters().size();
            if (n == arity || (varargs && arity >= n - 1)) {
                if (preferred != null && m.getParent() == preferred) out.add(0, m);
                else out.add(m);
            }
        }
        found = List.copyOf(out);
        methodsFound.put(key, found);
        return found;
    }

    /**
     * The methods (or constructors) declared beside {@code m} with its name and number of parameters, {@code m}
     * included, in the order declared ({@link Overloads}); found once per method.
     */
    List<MethodDeclaration> overloads(MethodDeclaration m) {
        return overloadsOf.computeIfAbsent(m, x -> {
            List<?> members = x.getParent() instanceof AbstractTypeDeclaration t ? t.bodyDeclarations()
                    : x.getParent() instanceof org.eclipse.jdt.core.dom.AnonymousClassDeclaration a ? a.bodyDeclarations() : List.of();
            List<MethodDeclaration> out = new ArrayList<>();
            for (Object bd : members) {
                if (bd instanceof MethodDeclaration o && o.getBody() != null && o.isConstructor() == x.isConstructor()
                        && o.getName().getIdentifier().equals(x.getName().getIdentifier()) && o.parameters().size() == x.parameters().size()) {
                    out.add(o);
                }
            }
            return List.copyOf(out);
        });
    }

    private final Map<MethodDeclaration, List<MethodDeclaration>> overloadsOf = new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether a loop has an element access or an {@code arraycopy} ({@link IndexRanges#accessesElements}), found once. */
    boolean accessesElements(ASTNode loop) {
        return elementAccesses.computeIfAbsent(loop, IndexRanges::accessesElements);
    }

    private final Map<ASTNode, Boolean> elementAccesses = new java.util.concurrent.ConcurrentHashMap<>();

    /** The names a loop assigns as a whole or declares ({@link IndexRanges#reassignedIn}), found once per loop. */
    java.util.Set<String> reassignedIn(ASTNode loop) {
        return reassigned.computeIfAbsent(loop, IndexRanges::reassignedIn);
    }

    private final Map<ASTNode, java.util.Set<String>> reassigned = new java.util.concurrent.ConcurrentHashMap<>();

    /** The compiled form of a loop ({@link CompiledLoops}), made once; {@link CompiledLoops#NONE} if nothing compiles. */
    CompiledLoops.Loop compiledLoop(org.eclipse.jdt.core.dom.Statement loop) {
        return compiledLoops.computeIfAbsent(loop, l -> CompiledLoops.compile(l, this));
    }

    private final Map<org.eclipse.jdt.core.dom.Statement, CompiledLoops.Loop> compiledLoops = new java.util.concurrent.ConcurrentHashMap<>();

    /** What {@link #methods} was asked (a node is equal only to itself). */
    private record MethodsAsked(String name, int arity, ASTNode preferred) {}

    private final Map<MethodsAsked, List<MethodDeclaration>> methodsFound = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Where {@code node} is in its file. Kept per node: the interpreter asks it at every communication call, and a line
     * number is a search of the file's line table (a sixtieth of interpreting a halo exchange). The nodes are the
     * program's own, parsed once, so the map holds at most one entry per node.
     */
    public SourceRange range(ASTNode node) {
        SourceRange r = ranges.get(node);
        if (r == null) {
            r = rangeOf(node);
            ranges.put(node, r);
        }
        return r;
    }

    private final Map<ASTNode, SourceRange> ranges = new java.util.concurrent.ConcurrentHashMap<>();

    private SourceRange rangeOf(ASTNode node) {
        int start = node.getStartPosition();
        int end = start + node.getLength();
        CompilationUnit unit = cu;
        String in = file;
        if (!companionFiles.isEmpty() && node.getRoot() instanceof CompilationUnit root && root != cu) {
            String f = companionFiles.get(root);
            if (f != null) {
                unit = root;
                in = f;
            }
        }
        int line = unit.getLineNumber(start);
        return new SourceRange(in, start, end, line < 0 ? 0 : line);
    }

    private final Map<ASTNode, Set<String>> counters = new IdentityHashMap<>();
    private final Map<ASTNode, Boolean> counterData = new IdentityHashMap<>();

    /** The loop's counters: variables its updaters change, or (while/do) variables of its test the body assigns. */
    public Set<String> loopCounters(ASTNode loop) {
        return counters.computeIfAbsent(loop, l -> {
            Set<String> out = new HashSet<>();
            if (l instanceof org.eclipse.jdt.core.dom.ForStatement fs) {
                for (Object u : fs.updaters()) out.addAll(assignedNames((ASTNode) u));
            } else {
                Expression cond = l instanceof WhileStatement ws ? ws.getExpression()
                        : l instanceof org.eclipse.jdt.core.dom.DoStatement ds ? ds.getExpression() : null;
                Statement body = l instanceof WhileStatement ws ? ws.getBody()
                        : l instanceof org.eclipse.jdt.core.dom.DoStatement ds ? ds.getBody() : null;
                if (cond != null && body != null) {
                    Set<String> inTest = new HashSet<>();
                    cond.accept(new ASTVisitor() {
                        @Override
                        public boolean visit(SimpleName n) {
                            inTest.add(n.getIdentifier());
                            return true;
                        }
                    });
                    for (String a : assignedNames(body)) if (inTest.contains(a)) out.add(a);
                }
            }
            return out;
        });
    }

    private final Map<ASTNode, Set<String>> independent = new IdentityHashMap<>();

    /**
     * The local variables assigned in {@code loop} whose value can only be the same on every rank: in
     * the enclosing method every assignment to them is a literal, a {@code final} field with such an
     * initializer, or arithmetic over those and the other names of the set, and is not under a test or
     * loop other than {@code loop} itself (whose test the caller knows to be rank-uniform). A greatest
     * fixed point, so {@code size = INIT; ... size *= 2;} qualifies and {@code x = rank} does not.
     */
    public Set<String> rankIndependentLocals(ASTNode loop) {
        return independent.computeIfAbsent(loop, l -> {
            MethodDeclaration m = null;
            for (ASTNode p = l.getParent(); p != null && m == null; p = p.getParent()) if (p instanceof MethodDeclaration md) m = md;
            if (m == null || m.getBody() == null) return Set.of();
            Set<String> locals = new HashSet<>();
            Map<String, List<Expression>> rhs = new HashMap<>();
            Set<String> bad = new HashSet<>();
            MethodDeclaration method = m;
            m.getBody().accept(new ASTVisitor() {
                @Override
                public boolean visit(VariableDeclarationFragment f) {
                    String n = f.getName().getIdentifier();
                    locals.add(n);
                    if (f.getInitializer() != null) assign(n, f.getInitializer(), f);
                    return true;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.SingleVariableDeclaration d) {
                    bad.add(d.getName().getIdentifier()); // parameters, catch and for-each variables
                    return true;
                }

                @Override
                public boolean visit(Assignment a) {
                    if (a.getLeftHandSide() instanceof SimpleName n) {
                        assign(n.getIdentifier(), a.getRightHandSide(), a);
                        if (a.getOperator() != Assignment.Operator.ASSIGN) rhs.computeIfAbsent(n.getIdentifier(), k -> new ArrayList<>()).add(n);
                    }
                    return true;
                }

                @Override
                public boolean visit(PostfixExpression p) {
                    if (p.getOperand() instanceof SimpleName n) assign(n.getIdentifier(), n, p);
                    return true;
                }

                @Override
                public boolean visit(PrefixExpression p) {
                    if (p.getOperand() instanceof SimpleName n && (p.getOperator() == PrefixExpression.Operator.INCREMENT
                            || p.getOperator() == PrefixExpression.Operator.DECREMENT)) {
                        assign(n.getIdentifier(), n, p);
                    }
                    return true;
                }

                /** Records the value assigned and the tests deciding whether (and how often) it is assigned. */
                private void assign(String name, Expression value, ASTNode at) {
                    List<Expression> values = rhs.computeIfAbsent(name, k -> new ArrayList<>());
                    values.add(value);
                    ASTNode child = at;
                    for (ASTNode p = at.getParent(); p != null && p != method; child = p, p = p.getParent()) {
                        if (p == l) continue; // the caller has checked that this loop's test is rank-uniform
                        Expression test = switch (p) {
                            case org.eclipse.jdt.core.dom.IfStatement x -> x.getExpression();
                            case WhileStatement x -> x.getExpression();
                            case org.eclipse.jdt.core.dom.DoStatement x -> x.getExpression();
                            case org.eclipse.jdt.core.dom.ForStatement x -> x.getExpression();
                            case org.eclipse.jdt.core.dom.SwitchStatement x -> x.getExpression();
                            default -> null;
                        };
                        if (test != null) {
                            values.add(test);
                        } else if (p instanceof org.eclipse.jdt.core.dom.TryStatement t) {
                            if (child != t.getBody()) {
                                bad.add(name); // catch and finally clauses run on failures
                                return;
                            }
                        } else if (p instanceof org.eclipse.jdt.core.dom.EnhancedForStatement
                                || p instanceof org.eclipse.jdt.core.dom.ConditionalExpression || p instanceof org.eclipse.jdt.core.dom.LambdaExpression
                                || p instanceof AbstractTypeDeclaration || p instanceof org.eclipse.jdt.core.dom.AnonymousClassDeclaration
                                || p instanceof InfixExpression || p instanceof org.eclipse.jdt.core.dom.CatchClause) {
                            bad.add(name);
                            return;
                        }
                    }
                }
            });
            // a greatest fixed point over all locals: drop a name while one of its values or tests is not constant over the rest
            Set<String> out = new HashSet<>(locals);
            out.removeAll(bad);
            boolean changed = true;
            while (changed) {
                changed = false;
                for (java.util.Iterator<String> it = out.iterator(); it.hasNext();) {
                    String n = it.next();
                    for (Expression e : rhs.getOrDefault(n, List.of())) {
                        if (!constantOver(e, out, 0)) {
                            it.remove();
                            changed = true;
                            break;
                        }
                    }
                }
            }
            out.retainAll(assignedNames(l));
            out.removeIf(n -> !onlyControlsOrData(l, n));
            return Set.copyOf(out);
        });
    }

    /**
     * Whether the local {@code name}, assigned in {@code loop}, is dead once the loop ends: every read of
     * it elsewhere in the enclosing method sits in a {@code for} statement (not around the loop) whose
     * initializer assigns or declares it afresh, as with {@code j} after
     * {@code for (i...) for (j = 0; ...)} followed by {@code for (j = 0; ...)}. A value the analysis
     * loses in such a variable cannot matter, so losing it is not worth a note.
     */
    public boolean deadAfter(ASTNode loop, String name) {
        MethodDeclaration m = null;
        for (ASTNode p = loop.getParent(); p != null && m == null; p = p.getParent()) if (p instanceof MethodDeclaration md) m = md;
        if (m == null || m.getBody() == null) return false;
        boolean[] live = {false};
        m.getBody().accept(new ASTVisitor() {
            @Override
            public boolean visit(SimpleName n) {
                if (live[0] || !n.getIdentifier().equals(name) || inside(n, loop)) return false;
                if (n.getParent() instanceof Assignment a && a.getLeftHandSide() == n && a.getOperator() == Assignment.Operator.ASSIGN) return false;
                if (n.getParent() instanceof VariableDeclarationFragment f && f.getName() == n) return false;
                if (n.getParent() instanceof org.eclipse.jdt.core.dom.SingleVariableDeclaration d && d.getName() == n) return false;
                if (n.getParent() instanceof org.eclipse.jdt.core.dom.FieldAccess || n.getParent() instanceof org.eclipse.jdt.core.dom.QualifiedName q
                        && q.getName() == n || n.getParent() instanceof MethodInvocation mi && mi.getName() == n) {
                    return false;
                }
                for (ASTNode p = n.getParent(); p != null; p = p.getParent()) {
                    if (p instanceof org.eclipse.jdt.core.dom.ForStatement f && !inside(loop, f) && freshIn(f, name)) return false;
                    if (p instanceof MethodDeclaration) break;
                }
                live[0] = true;
                return false;
            }
        });
        return !live[0];
    }

    private static boolean inside(ASTNode n, ASTNode container) {
        for (ASTNode p = n; p != null; p = p.getParent()) if (p == container) return true;
        return false;
    }

    private static boolean freshIn(org.eclipse.jdt.core.dom.ForStatement f, String name) {
        for (Object o : f.initializers()) {
            if (o instanceof Assignment a && a.getOperator() == Assignment.Operator.ASSIGN && a.getLeftHandSide() instanceof SimpleName s
                    && s.getIdentifier().equals(name)) {
                return true;
            }
            if (o instanceof org.eclipse.jdt.core.dom.VariableDeclarationExpression v) {
                for (Object fr : v.fragments()) if (((VariableDeclarationFragment) fr).getName().getIdentifier().equals(name)) return true;
            }
        }
        return false;
    }

    private final Map<ASTNode, java.util.Optional<PayloadWrites>> payload = new IdentityHashMap<>();

    /**
     * What a loop that only computes numbers writes: the arrays whose elements it assigns, and the variables it
     * assigns that are declared outside it and live after it; {@code callsOwn} when it calls methods of the program
     * (none with an effect: {@linkplain #readOnly read-only}). A name may be written as a field of the receiver
     * ({@code this.density[x][y] = ...}), which a local of the same name may shadow ({@link #thisOnlyTargets}).
     */
    public record PayloadWrites(Set<String> arrays, Set<String> scalars, boolean callsOwn, boolean allocates) {}

    /**
     * The arrays a loop without communication writes, when that is all it does: element assignments
     * (whose values are not arrays or objects), variables declared inside the loop or dead after it
     * ({@link #deadAfter}), calls only on library classes ({@code Math.abs}, {@code System.out.println}),
     * no allocation, no return, throw or labelled jump. Null when the loop does anything else.
     * The caller checks that the arrays hold floating-point numbers.
     */
    public Set<String> payloadArrays(ASTNode loop) {
        PayloadWrites w = payloadWrites(loop);
        return w == null || !w.scalars().isEmpty() || w.arrays().isEmpty() || w.callsOwn() || w.allocates() ? null : w.arrays();
    }

    /**
     * As {@link #payloadArrays}, but variables declared outside the loop and live after it may be assigned too (an
     * accumulator {@code s += f(x)}), and unqualified calls of the program's own methods are allowed when every method
     * of that name is {@linkplain #readOnly read-only}, on any receiver: what the loop writes, or null when it does anything else or writes
     * nothing outside itself. The caller checks that those hold floating-point numbers and steer nothing.
     */
    public PayloadWrites payloadWrites(ASTNode loop) {
        return payload.computeIfAbsent(loop, l -> {
            Set<String> arrays = new HashSet<>();
            Set<String> declared = new HashSet<>();
            Set<String> scalars = new HashSet<>();
            Set<String> plain = new HashSet<>();
            Set<String> qualified = new HashSet<>();
            boolean[] ok = {true};
            boolean[] callsOwn = {false};
            boolean[] allocates = {false};
            l.accept(new Writes() {
                @Override
                public void preVisit(ASTNode x) {
                    if (x instanceof org.eclipse.jdt.core.dom.ClassInstanceCreation c && plainConstruction(c)) {
                        allocates[0] = true;
                    } else if (x instanceof org.eclipse.jdt.core.dom.ClassInstanceCreation || x instanceof org.eclipse.jdt.core.dom.ArrayCreation
                            || x instanceof org.eclipse.jdt.core.dom.ReturnStatement || x instanceof org.eclipse.jdt.core.dom.ThrowStatement
                            || x instanceof org.eclipse.jdt.core.dom.SuperMethodInvocation || x instanceof org.eclipse.jdt.core.dom.LambdaExpression
                            || x instanceof org.eclipse.jdt.core.dom.BreakStatement b && b.getLabel() != null
                            || x instanceof org.eclipse.jdt.core.dom.ContinueStatement c && c.getLabel() != null
                            || x instanceof org.eclipse.jdt.core.dom.ArrayInitializer) {
                        ok[0] = false;
                    }
                    List<MethodDeclaration> own = x instanceof MethodInvocation mi ? methods.get(mi.getName().getIdentifier()) : null;
                    if (own != null) {
                        // the program's own method, called on the receiver or on another object (a getter of the
                        // strip a neighbour sent): allowed when no method of that name has an effect
                        callsOwn[0] = true;
                        for (MethodDeclaration m : own) if (!readOnly(m)) ok[0] = false;
                    } else if (x instanceof MethodInvocation mi && !onClassName(mi)) {
                        ok[0] = false;
                    }
                }

                @Override
                public boolean visit(VariableDeclarationFragment f) {
                    declared.add(f.getName().getIdentifier());
                    return true;
                }

                @Override
                void written(Expression e) {
                    record(e, e instanceof ArrayAccess);
                }

                @Override
                void elementsWritten(Expression array) {
                    record(array, true); // System.arraycopy(row, 0, flat, i * n, n): flat's elements
                }

                private void record(Expression e, boolean element) {
                    while (e instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression pe) e = pe.getExpression();
                    while (e instanceof ArrayAccess aa) e = aa.getArray();
                    String name;
                    if (e instanceof SimpleName n) {
                        name = n.getIdentifier();
                        plain.add(name);
                    } else if (e instanceof org.eclipse.jdt.core.dom.FieldAccess f && f.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression t
                            && t.getQualifier() == null) {
                        name = f.getName().getIdentifier(); // this.density[x][y] = density[x][y] in a constructor
                        qualified.add(name);
                    } else {
                        ok[0] = false;
                        return;
                    }
                    (element ? arrays : scalars).add(name);
                }
            });
            // one name written both as a field and as a local that shadows it: which is which is not kept apart
            for (String q : qualified) if (plain.contains(q)) ok[0] = false;
            Set<String> live = new HashSet<>();
            for (String s : scalars) if (qualified.contains(s) || !declared.contains(s) && !deadAfter(l, s)) live.add(s);
            if (arrays.isEmpty() && live.isEmpty()) ok[0] = false;
            return ok[0] ? java.util.Optional.of(new PayloadWrites(Set.copyOf(arrays), Set.copyOf(live), callsOwn[0], allocates[0])) : java.util.Optional.empty();
        }).orElse(null);
    }

    /** Library classes whose constructors only make the value (a loop filling an array with them does nothing else). */
    private static final Set<String> VALUE_CLASSES = Set.of("Double", "Float", "Long", "Integer", "Short", "Byte", "Character",
            "Boolean", "String", "Object");

    /**
     * Whether {@code c} only makes an object, with no effect the analysis could miss if it were not interpreted: a
     * boxed number or string, or a class of the program with no superclass, no anonymous body and no initializer
     * block, whose fields start at a literal or their default and whose every constructor only assigns its own fields
     * ({@code this.x = x}) from its parameters, literals and constants, by arithmetic that cannot throw (no division,
     * array element or call but {@code Math}'s); or a class the analysis knows nothing of. JGF's {@code obj_double} is
     * either, as its file is given or not: a benchmark fills arrays of a million of them before each round, and a loop
     * doing only that ({@code RankInterpreter.steersNothing}) is forgotten at once instead of interpreted up to the
     * quiet-step budget on every run.
     */
    boolean plainConstruction(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
        if (c.getAnonymousClassDeclaration() != null || c.getExpression() != null) return false;
        String name = createdTypeName(c);
        AbstractTypeDeclaration declared = types.get(name);
        if (declared == null) {
            // a boxed number or a string (its arguments are the loop's, checked with it), or a class the program does
            // not declare and the interpreter does not model: its object is an unknown value, whose constructor the
            // analysis does not follow, interpreted or not (the JGF benchmarks' obj_double, in a file of its own)
            return VALUE_CLASSES.contains(name) || !MpjCalls.modelsConstruction(name);
        }
        return declared instanceof TypeDeclaration td && plainClass(td);
    }

    private final Map<TypeDeclaration, Boolean> plainClasses = new IdentityHashMap<>();

    private boolean plainClass(TypeDeclaration td) {
        Boolean known = plainClasses.get(td);
        if (known != null) return known;
        boolean ok = !td.isInterface() && (td.getSuperclassType() == null || td.getSuperclassType().toString().equals("Object"))
                && td.typeParameters().isEmpty();
        Set<String> fields = new HashSet<>();
        for (Object o : td.bodyDeclarations()) {
            if (o instanceof org.eclipse.jdt.core.dom.Initializer) ok = false;
            if (o instanceof org.eclipse.jdt.core.dom.FieldDeclaration fd) {
                boolean isStatic = org.eclipse.jdt.core.dom.Modifier.isStatic(fd.getModifiers());
                for (Object f : fd.fragments()) {
                    VariableDeclarationFragment v = (VariableDeclarationFragment) f;
                    if (!isStatic) fields.add(v.getName().getIdentifier());
                    if (!isStatic && v.getInitializer() != null && !literal(v.getInitializer())) ok = false;
                }
            }
        }
        for (Object o : td.bodyDeclarations()) {
            if (!ok) break;
            if (!(o instanceof MethodDeclaration m) || !m.isConstructor()) continue;
            if (m.getBody() == null) {
                ok = false;
                break;
            }
            Set<String> params = new HashSet<>();
            for (Object p : m.parameters()) params.add(((org.eclipse.jdt.core.dom.SingleVariableDeclaration) p).getName().getIdentifier());
            for (Object st : m.getBody().statements()) {
                if (!(st instanceof org.eclipse.jdt.core.dom.ExpressionStatement es) || !(es.getExpression() instanceof Assignment a)
                        || a.getOperator() != Assignment.Operator.ASSIGN || !ownField(a.getLeftHandSide(), fields, params)
                        || !plainValue(a.getRightHandSide(), params, fields)) {
                    ok = false;
                    break;
                }
            }
        }
        plainClasses.put(td, ok);
        return ok;
    }

    private static boolean literal(Expression e) {
        return e instanceof NumberLiteral || e instanceof org.eclipse.jdt.core.dom.BooleanLiteral || e instanceof org.eclipse.jdt.core.dom.StringLiteral
                || e instanceof org.eclipse.jdt.core.dom.CharacterLiteral || e instanceof org.eclipse.jdt.core.dom.NullLiteral
                || e instanceof org.eclipse.jdt.core.dom.PrefixExpression p && p.getOperator() == org.eclipse.jdt.core.dom.PrefixExpression.Operator.MINUS
                        && literal(p.getOperand());
    }

    /** {@code this.x} or a bare {@code x} naming a field of the class (not shadowed by a parameter). */
    private static boolean ownField(Expression lhs, Set<String> fields, Set<String> params) {
        if (lhs instanceof org.eclipse.jdt.core.dom.FieldAccess fa) {
            return fa.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression && fields.contains(fa.getName().getIdentifier());
        }
        return lhs instanceof SimpleName n && fields.contains(n.getIdentifier()) && !params.contains(n.getIdentifier());
    }

    /**
     * An expression over {@code names} (parameters, fields), literals and upper-case constants that cannot throw or
     * have an effect: arithmetic without division, comparisons, casts to a primitive type, {@code Math} calls.
     */
    private static boolean plainValue(Expression e, Set<String> params, Set<String> fields) {
        if (literal(e)) return true;
        if (e instanceof SimpleName n) {
            String id = n.getIdentifier();
            return params.contains(id) || fields.contains(id) || id.equals(id.toUpperCase()) && Character.isLetter(id.charAt(0));
        }
        if (e instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression p) return plainValue(p.getExpression(), params, fields);
        if (e instanceof org.eclipse.jdt.core.dom.CastExpression ce) {
            return ce.getType().isPrimitiveType() && plainValue(ce.getExpression(), params, fields);
        }
        if (e instanceof org.eclipse.jdt.core.dom.PrefixExpression p) {
            org.eclipse.jdt.core.dom.PrefixExpression.Operator op = p.getOperator();
            return op != org.eclipse.jdt.core.dom.PrefixExpression.Operator.INCREMENT
                    && op != org.eclipse.jdt.core.dom.PrefixExpression.Operator.DECREMENT && plainValue(p.getOperand(), params, fields);
        }
        if (e instanceof InfixExpression ie) {
            if (ie.getOperator() == InfixExpression.Operator.DIVIDE || ie.getOperator() == InfixExpression.Operator.REMAINDER) return false;
            if (!plainValue(ie.getLeftOperand(), params, fields) || !plainValue(ie.getRightOperand(), params, fields)) return false;
            for (Object o : ie.extendedOperands()) if (!plainValue((Expression) o, params, fields)) return false;
            return true;
        }
        if (e instanceof org.eclipse.jdt.core.dom.ConditionalExpression ce) {
            return plainValue(ce.getExpression(), params, fields) && plainValue(ce.getThenExpression(), params, fields)
                    && plainValue(ce.getElseExpression(), params, fields);
        }
        if (e instanceof MethodInvocation mi && mi.getExpression() instanceof SimpleName q && q.getIdentifier().equals("Math")) {
            for (Object a : mi.arguments()) if (!plainValue((Expression) a, params, fields)) return false;
            return true;
        }
        return false;
    }

    /**
     * Whether no read of {@code name} in {@code loop} reaches a message: it is not in the arguments of
     * a communication call or of a method that may communicate, and not assigned to another variable
     * (only to itself or to array elements). A widened value there would lose the matching.
     */
    private boolean onlyControlsOrData(ASTNode loop, String name) {
        boolean[] ok = {true};
        Set<String> comm = communicatingMethods();
        loop.accept(new ASTVisitor() {
            @Override
            public boolean visit(SimpleName n) {
                if (!ok[0] || !n.getIdentifier().equals(name)) return false;
                if (n.getParent() instanceof Assignment a && a.getLeftHandSide() == n) return false;
                for (ASTNode p = n.getParent(); p != null && p != loop; p = p.getParent()) {
                    if (p instanceof MethodInvocation mi && (COMM_NAMES.contains(mi.getName().getIdentifier())
                            || comm.contains(mi.getName().getIdentifier()))
                            || p instanceof VariableDeclarationFragment
                            || p instanceof Assignment a && !(a.getLeftHandSide() instanceof ArrayAccess)
                                    && !(a.getLeftHandSide() instanceof SimpleName t && t.getIdentifier().equals(name))) {
                        ok[0] = false;
                        return false;
                    }
                    if (p instanceof Statement) break;
                }
                return false;
            }
        });
        return ok[0];
    }

    private final Map<ASTNode, Set<String>> declaredIn = new IdentityHashMap<>();

    /** The variables declared inside {@code node} (a loop's own counter included): gone once it ends. */
    public Set<String> declaredIn(ASTNode node) {
        return declaredIn.computeIfAbsent(node, n -> {
            Set<String> out = new HashSet<>();
            n.accept(new ASTVisitor() {
                @Override
                public boolean visit(VariableDeclarationFragment f) {
                    out.add(f.getName().getIdentifier());
                    return true;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.SingleVariableDeclaration d) {
                    out.add(d.getName().getIdentifier());
                    return true;
                }
            });
            return out;
        });
    }

    /**
     * Whether the value read at {@code at} cannot reach communication: it is printed (or otherwise
     * only data, {@link #dataUse}), or it is in the test of a loop or if whose body does not
     * communicate, does not jump out and assigns only its own variables (a loop printing the
     * arguments). Then what the analysis takes for it needs no note.
     */
    public boolean inert(ASTNode at) {
        if (dataUse(at)) return true;
        ASTNode child = at;
        for (ASTNode p = at.getParent(); p != null; child = p, p = p.getParent()) {
            Expression test = null;
            ASTNode body = null;
            if (p instanceof org.eclipse.jdt.core.dom.ForStatement f) {
                test = f.getExpression();
                body = f.getBody();
            } else if (p instanceof WhileStatement w) {
                test = w.getExpression();
                body = w.getBody();
            } else if (p instanceof org.eclipse.jdt.core.dom.IfStatement i) {
                test = i.getExpression();
                body = i;
            }
            if (test != null) {
                if (child != test) return false;
                Set<String> own = new HashSet<>(declaredIn(p));
                own.addAll(loopCounters(p));
                return !mayCommunicate(p) && !transfersControl(body) && own.containsAll(assignedNames(body));
            }
            if (p instanceof Statement) return false;
        }
        return false;
    }

    /** Whether {@code e} is literals, final constant fields and names of {@code names}, combined by operators. */
    private boolean constantOver(Expression e, Set<String> names, int depth) {
        if (depth > 8) return false;
        return switch (e) {
            case NumberLiteral x -> true;
            case org.eclipse.jdt.core.dom.BooleanLiteral x -> true;
            case org.eclipse.jdt.core.dom.CharacterLiteral x -> true;
            case org.eclipse.jdt.core.dom.ParenthesizedExpression x -> constantOver(x.getExpression(), names, depth);
            case org.eclipse.jdt.core.dom.CastExpression x -> constantOver(x.getExpression(), names, depth);
            case PrefixExpression x -> x.getOperator() != PrefixExpression.Operator.INCREMENT
                    && x.getOperator() != PrefixExpression.Operator.DECREMENT && constantOver(x.getOperand(), names, depth);
            case InfixExpression x -> {
                if (!constantOver(x.getLeftOperand(), names, depth) || !constantOver(x.getRightOperand(), names, depth)) yield false;
                for (Object o : x.extendedOperands()) if (!constantOver((Expression) o, names, depth)) yield false;
                yield true;
            }
            case SimpleName n -> names.contains(n.getIdentifier()) || constantField(n.getIdentifier(), names, depth);
            default -> false;
        };
    }

    private boolean constantField(String name, Set<String> names, int depth) {
        for (CompilationUnit unit : units()) {
            boolean[] found = {false};
            unit.accept(new ASTVisitor() {
                @Override
                public boolean visit(org.eclipse.jdt.core.dom.FieldDeclaration fd) {
                    if (!org.eclipse.jdt.core.dom.Modifier.isFinal(fd.getModifiers())) return false;
                    for (Object o : fd.fragments()) {
                        VariableDeclarationFragment f = (VariableDeclarationFragment) o;
                        if (f.getName().getIdentifier().equals(name) && f.getInitializer() != null
                                && constantOver(f.getInitializer(), Set.of(), depth + 1)) {
                            found[0] = true;
                        }
                    }
                    return false;
                }
            });
            if (found[0]) return true;
        }
        return false;
    }

    /**
     * Whether the loop's counters are read in its body only as data: inside array indices, in values
     * stored into array elements, or in arguments of calls that are neither communication nor the
     * program's own methods (printing). Never in a test, a communication argument or a variable.
     */
    public boolean counterOnlyData(ASTNode loop) {
        return counterData.computeIfAbsent(loop, l -> countersOnlyData(l, loopCounters(l)));
    }

    /** As {@link #counterOnlyData(ASTNode)}, for the loop's counters other than {@code except}. */
    public boolean counterOnlyData(ASTNode loop, Set<String> except) {
        if (except.isEmpty()) return counterOnlyData(loop);
        Set<String> cs = new HashSet<>(loopCounters(loop));
        cs.removeAll(except);
        return countersOnlyData(loop, cs);
    }

    private boolean countersOnlyData(ASTNode l, Set<String> cs) {
        if (cs.isEmpty()) return true;
        Statement body = l instanceof org.eclipse.jdt.core.dom.ForStatement fs ? fs.getBody()
                : l instanceof WhileStatement ws ? ws.getBody()
                : l instanceof org.eclipse.jdt.core.dom.DoStatement ds ? ds.getBody() : null;
        if (body == null) return false;
        boolean[] ok = {true};
        body.accept(new ASTVisitor() {
            @Override
            public boolean visit(SimpleName n) {
                if (!ok[0] || !cs.contains(n.getIdentifier())) return false;
                if (!dataUse(n)) ok[0] = false;
                return false;
            }
        });
        return ok[0];
    }

    /** Whether the value read at {@code n} ends up only in array elements or in output (not in a test, variable or message). */
    private boolean dataUse(ASTNode n) {
        return dataUse(n, 0);
    }

    /**
     * As {@link #dataUse(ASTNode)}; a local variable initialised with the value counts as data when
     * every read of that variable is a data use too (a string of the arguments built, then printed),
     * followed {@code depth} variables deep at most.
     */
    private boolean dataUse(ASTNode n, int depth) {
        for (ASTNode p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof org.eclipse.jdt.core.dom.VariableDeclarationFragment f && f.getInitializer() != null
                    && p.getParent() instanceof org.eclipse.jdt.core.dom.VariableDeclarationStatement && depth < 3) {
                return readsAreData(f, depth + 1);
            }
            if (p instanceof Assignment a) return a.getLeftHandSide() instanceof ArrayAccess;
            if (p instanceof MethodInvocation mi) {
                String name = mi.getName().getIdentifier();
                if (COMM_NAMES.contains(name) || methods.containsKey(name)) return false;
                continue; // a library call (printing, formatting): where does its result go?
            }
            if (p instanceof org.eclipse.jdt.core.dom.ExpressionStatement) return true; // result discarded
            if (p instanceof Statement || p instanceof org.eclipse.jdt.core.dom.VariableDeclarationFragment
                    || p instanceof org.eclipse.jdt.core.dom.ConditionalExpression
                    || p instanceof org.eclipse.jdt.core.dom.ClassInstanceCreation) {
                return false;
            }
        }
        return false;
    }

    /** Whether every read of the local variable {@code f} declares, in its method, is a data use. */
    private boolean readsAreData(org.eclipse.jdt.core.dom.VariableDeclarationFragment f, int depth) {
        ASTNode method = f;
        while (method != null && !(method instanceof MethodDeclaration) && !(method instanceof org.eclipse.jdt.core.dom.LambdaExpression)) {
            method = method.getParent();
        }
        if (method == null) return false;
        String name = f.getName().getIdentifier();
        boolean[] ok = {true};
        method.accept(new ASTVisitor() {
            @Override
            public boolean visit(SimpleName s) {
                if (ok[0] && s != f.getName() && s.getIdentifier().equals(name) && !dataUse(s, depth)) ok[0] = false;
                return false;
            }
        });
        return ok[0];
    }

    /** Names of the file's methods (and constructors, by type name) that may communicate. */
    private Set<String> communicating;

    /**
     * The methods that may communicate: those that call an MPJ communication method by name, and
     * by a fixpoint over the (name-based) call graph, those that call them. Computed once, linear in
     * the call graph per round, so deep or mutually recursive call graphs cost no more than flat ones.
     */
    private Set<String> communicatingMethods() {
        if (communicating != null) return communicating;
        Map<String, Set<String>> calls = new HashMap<>();
        Set<String> comm = new HashSet<>();
        for (Map.Entry<String, List<MethodDeclaration>> e : methods.entrySet()) {
            for (MethodDeclaration m : e.getValue()) {
                if (m.getBody() == null) continue;
                String key = m.isConstructor() ? m.getName().getIdentifier() : e.getKey();
                Set<String> callees = calls.computeIfAbsent(key, k -> new HashSet<>());
                m.getBody().accept(new ASTVisitor() {
                    @Override
                    public boolean visit(MethodInvocation inv) {
                        String n = inv.getName().getIdentifier();
                        if (COMM_NAMES.contains(n)) comm.add(key);
                        callees.add(n);
                        if (functionCall(inv)) callees.add(FN_CALL);
                        return true;
                    }

                    @Override
                    public boolean visit(org.eclipse.jdt.core.dom.ExpressionMethodReference r) {
                        callees.add(r.getName().getIdentifier()); // others.forEach(me::pong) runs pong
                        return true;
                    }

                    @Override
                    public boolean visit(org.eclipse.jdt.core.dom.SuperMethodInvocation inv) {
                        callees.add(inv.getName().getIdentifier());
                        return true;
                    }

                    @Override
                    public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                        callees.add(simpleTypeName(c.getType().toString()));
                        return true;
                    }
                });
            }
        }
        propagate(calls, comm);
        if (functionsCommunicate(comm)) {
            // a lambda or method reference that communicates exists: a call of a function value may communicate
            comm.add(FN_CALL);
            propagate(calls, comm);
        }
        communicating = comm;
        return comm;
    }

    /** Callers of communicating methods communicate, to a fixpoint over the name-based call graph {@code calls}. */
    private static void propagate(Map<String, Set<String>> calls, Set<String> comm) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, Set<String>> e : calls.entrySet()) {
                if (comm.contains(e.getKey())) continue;
                for (String callee : e.getValue()) {
                    if (comm.contains(callee)) {
                        comm.add(e.getKey());
                        changed = true;
                        break;
                    }
                }
            }
        }
    }

    /**
     * The callee name standing for "a call of a function value" in the call graph ({@code sendTo.accept(d)} on a
     * variable declared with a functional type or holding a lambda): it communicates when some lambda or method
     * reference of the program does ({@link #functionsCommunicate}). Not a Java identifier, so no method has it.
     */
    static final String FN_CALL = "->";

    /** Simple names of the JDK's functional interfaces (and {@code Runnable}, {@code Callable}, {@code Comparator}). */
    private static boolean functionalTypeName(String t) {
        return t.endsWith("Consumer") || t.endsWith("Function") || t.endsWith("Operator") || t.endsWith("Predicate")
                || t.endsWith("Supplier") || t.equals("Runnable") || t.equals("Callable") || t.equals("Comparator");
    }

    /** Names of variables, parameters and fields that may hold a function value (see {@link #functionValueNames()}). */
    private Set<String> functionValueNames;

    /**
     * The names declared with a functional type (a JDK functional interface, or an interface of the program with one
     * abstract method) or initialized with a lambda or method reference, over all units: a call
     * {@code name.m(...)} on one of them may run a lambda.
     */
    private Set<String> functionValueNames() {
        if (functionValueNames != null) return functionValueNames;
        Set<String> functional = new HashSet<>();
        for (AbstractTypeDeclaration t : types.values()) {
            if (t instanceof TypeDeclaration td && td.isInterface()) {
                int abstracts = 0;
                for (MethodDeclaration m : td.getMethods()) {
                    if (m.getBody() == null && !Modifier.isStatic(m.getModifiers())) abstracts++;
                }
                if (abstracts == 1) functional.add(td.getName().getIdentifier());
            }
        }
        Set<String> names = new HashSet<>();
        ASTVisitor v = new ASTVisitor() {
            private boolean functionalType(org.eclipse.jdt.core.dom.Type type) {
                String t = simpleTypeName(type.toString());
                return functionalTypeName(t) || functional.contains(t);
            }

            private boolean functionValue(Expression init) {
                return init instanceof org.eclipse.jdt.core.dom.LambdaExpression || init instanceof org.eclipse.jdt.core.dom.MethodReference;
            }

            /** The variables of one declaration ({@code IntConsumer a = ..., b;}) that may hold a function value. */
            private boolean declared(org.eclipse.jdt.core.dom.Type type, List<?> fragments) {
                for (Object f : fragments) {
                    VariableDeclarationFragment v = (VariableDeclarationFragment) f;
                    if (functionalType(type) || v.getInitializer() != null && functionValue(v.getInitializer())) {
                        names.add(v.getName().getIdentifier());
                    }
                }
                return true;
            }

            @Override
            public boolean visit(VariableDeclarationStatement s) {
                return declared(s.getType(), s.fragments());
            }

            @Override
            public boolean visit(FieldDeclaration d) {
                return declared(d.getType(), d.fragments());
            }

            @Override
            public boolean visit(SingleVariableDeclaration d) {
                if (functionalType(d.getType())) names.add(d.getName().getIdentifier());
                return true;
            }
        };
        cu.accept(v);
        for (CompilationUnit c : companionFiles.keySet()) c.accept(v);
        functionValueNames = names;
        return names;
    }

    /** Whether {@code inv} calls a method on a name that may hold a function value ({@code sendTo.accept(d)}). */
    private boolean functionCall(MethodInvocation inv) {
        Expression r = inv.getExpression();
        String n = r instanceof SimpleName sn ? sn.getIdentifier()
                : r instanceof FieldAccess fa ? fa.getName().getIdentifier()
                : r instanceof ArrayAccess aa && aa.getArray() instanceof SimpleName an ? an.getIdentifier() : null;
        return n != null && functionValueNames().contains(n);
    }

    /**
     * Whether some lambda of the program calls an MPJ communication method or a communicating method of the program,
     * or some method reference names one ({@code me::pong}), given the communicating names {@code comm}.
     */
    private boolean functionsCommunicate(Set<String> comm) {
        boolean[] found = {false};
        ASTVisitor v = new ASTVisitor() {
            @Override
            public boolean visit(org.eclipse.jdt.core.dom.LambdaExpression l) {
                l.getBody().accept(new ASTVisitor() {
                    @Override
                    public boolean visit(MethodInvocation inv) {
                        String n = inv.getName().getIdentifier();
                        if (COMM_NAMES.contains(n) || comm.contains(n)) found[0] = true;
                        return !found[0];
                    }
                });
                return !found[0];
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ExpressionMethodReference r) {
                String n = r.getName().getIdentifier();
                if (COMM_NAMES.contains(n) || comm.contains(n)) found[0] = true;
                return !found[0];
            }
        };
        cu.accept(v);
        for (CompilationUnit c : companionFiles.keySet()) c.accept(v);
        return found[0];
    }

    /** {@code java.io.IOException} or {@code List<String>} to {@code IOException}, {@code List}. */
    static String simpleTypeName(String t) {
        int lt = t.indexOf('<');
        if (lt >= 0) t = t.substring(0, lt);
        int dot = t.lastIndexOf('.');
        return dot >= 0 ? t.substring(dot + 1) : t;
    }

    /**
     * Whether executing {@code node} may reach an MPJ communication call (by name, through the
     * file's own methods too). Conservative: a name match is enough.
     */
    public boolean mayCommunicate(ASTNode node) {
        Boolean known = communicates.get(node);
        if (known != null) return known;
        Set<String> comm = communicatingMethods();
        boolean[] found = {false};
        node.accept(new ASTVisitor() {
            @Override
            public boolean visit(MethodInvocation inv) {
                String name = inv.getName().getIdentifier();
                if (COMM_NAMES.contains(name) || comm.contains(name) || comm.contains(FN_CALL) && functionCall(inv)) found[0] = true;
                return !found[0];
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ExpressionMethodReference r) {
                if (comm.contains(r.getName().getIdentifier())) found[0] = true;
                return !found[0];
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.SuperMethodInvocation inv) {
                if (comm.contains(inv.getName().getIdentifier())) found[0] = true;
                return !found[0];
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                if (comm.contains(simpleTypeName(c.getType().toString()))) found[0] = true;
                return !found[0];
            }
        });
        communicates.put(node, found[0]);
        return found[0];
    }

    private final Map<ASTNode, Boolean> jumps = new IdentityHashMap<>();
    private final Map<MethodDeclaration, Boolean> pure = new IdentityHashMap<>();
    /** Results of pure methods by (method, arguments), shared by all ranks and runs of this program. */
    final Map<List<Object>, Object> memo = new java.util.concurrent.ConcurrentHashMap<>();

    /** Whether {@code node} contains a break, continue, return, yield or throw (leaves its statement). */
    /**
     * Whether {@code r} is a {@code return;} the method would do anyway: the last statement of blocks
     * and if-arms up to the method's body (LINPACK's {@code daxpy} ends its strided case so).
     */
    static boolean tailReturn(org.eclipse.jdt.core.dom.ReturnStatement r) {
        if (r.getExpression() != null) return false;
        ASTNode at = r;
        for (ASTNode p = r.getParent(); p != null; at = p, p = p.getParent()) {
            if (p instanceof org.eclipse.jdt.core.dom.Block b) {
                if (b.statements().isEmpty() || b.statements().get(b.statements().size() - 1) != at) return false;
                if (b.getParent() instanceof MethodDeclaration) return true;
            } else if (!(p instanceof org.eclipse.jdt.core.dom.IfStatement is) || is.getExpression() == at) {
                return false;
            }
        }
        return false;
    }

    public boolean transfersControl(ASTNode node) {
        return jumps.computeIfAbsent(node, n -> {
            boolean[] found = {false};
            n.accept(new ASTVisitor() {
                @Override
                public void preVisit(ASTNode x) {
                    if (x instanceof org.eclipse.jdt.core.dom.BreakStatement || x instanceof org.eclipse.jdt.core.dom.ContinueStatement
                            || x instanceof org.eclipse.jdt.core.dom.ReturnStatement r && !tailReturn(r) || x instanceof org.eclipse.jdt.core.dom.ThrowStatement
                            || x instanceof org.eclipse.jdt.core.dom.YieldStatement
                            || x instanceof MethodInvocation mi && mi.getName().getIdentifier().equals("exit")
                                    && mi.getExpression() != null && mi.getExpression().toString().equals("System")) {
                        found[0] = true;
                    }
                }
            });
            return found[0];
        });
    }

    private final Map<MethodDeclaration, Boolean> effectFree = new java.util.concurrent.ConcurrentHashMap<>();
    private final Set<MethodDeclaration> effectFreeDeciding = new HashSet<>();

    /**
     * A method whose only effect is its result: it does not communicate, throws nothing itself, creates no
     * object of this program's classes, and writes only its own local variables and the arrays and JDK
     * collections it creates itself (held by locals that are assigned nothing else); it may print. Unlike
     * {@link #isPure} it may read fields, statics and its arguments' contents, so its results are not
     * memoised: what it allows is that a test on an unknown value inside it decides only what the call
     * returns, so the interpreter may give up the call and return an unknown value instead of exploring
     * both outcomes (a breadth-first search over an adjacency matrix the rank received, say). A recursive
     * method is not effect-free.
     */
    public boolean isEffectFree(MethodDeclaration m) {
        Boolean known = effectFree.get(m);
        return known != null ? known : decideEffectFree(m);
    }

    private synchronized boolean decideEffectFree(MethodDeclaration m) {
        Boolean known = effectFree.get(m);
        if (known != null) return known;
        if (m.getBody() == null || m.isConstructor() || !effectFreeDeciding.add(m)) return false; // recursion: not effect-free
        try {
            boolean ok = !mayCommunicate(m.getBody()) && writesOnlyOwnObjects(m);
            effectFree.put(m, ok);
            return ok;
        } finally {
            effectFreeDeciding.remove(m);
        }
    }

    /** Types whose new instances are plain containers: creating one does nothing else. */
    private static final Set<String> CONTAINER_TYPES = Set.of("String", "StringBuilder", "StringBuffer", "ArrayList",
            "LinkedList", "ArrayDeque", "HashMap", "TreeMap", "LinkedHashMap", "HashSet", "TreeSet", "LinkedHashSet",
            "PriorityQueue", "Stack", "Vector", "Integer", "Long", "Double", "Boolean");

    /** Whether {@code c} creates a plain JDK container ({@link #CONTAINER_TYPES}), not an object of this program or an anonymous class. */
    private boolean newContainer(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
        String t = c.getType().toString().replaceAll("<.*", "");
        return c.getAnonymousClassDeclaration() == null && type(t) == null && CONTAINER_TYPES.contains(t);
    }

    /** Methods that read their receiver and return a value without changing anything. */
    private static final Set<String> READERS = Set.of("length", "charAt", "size", "get", "isEmpty", "contains",
            "containsKey", "containsValue", "getOrDefault", "indexOf", "lastIndexOf", "equals", "equalsIgnoreCase",
            "compareTo", "substring", "startsWith", "endsWith", "trim", "strip", "toLowerCase", "toUpperCase", "split",
            "toString", "toCharArray", "intValue", "longValue", "doubleValue", "floatValue", "booleanValue", "peek",
            "peekFirst", "peekLast", "getFirst", "getLast", "first", "last", "keySet", "values", "entrySet", "getKey",
            "getValue", "stream", "min", "max", "sum", "count", "average", "getAsInt", "getAsDouble", "getAsLong",
            "orElse", "isPresent", "clone");

    /** What a method may call on {@code System.out} and {@code System.err}. */
    private static final Set<String> PRINTS = Set.of("print", "println", "printf", "format", "flush");

    /** {@code java.util.Arrays} methods that change their first argument. */
    private static final Set<String> ARRAYS_WRITERS = Set.of("fill", "sort", "setAll", "parallelSort", "parallelPrefix",
            "parallelSetAll");
    /** {@code java.util.Arrays} methods that read their arguments only. */
    private static final Set<String> ARRAYS_READERS = Set.of("copyOf", "copyOfRange", "equals", "deepEquals", "toString",
            "deepToString", "hashCode", "deepHashCode", "binarySearch", "stream", "asList", "mismatch", "compare");

    /** The names {@code m} declares for itself: its parameters and the locals of its body. */
    private Set<String> locals(MethodDeclaration m) {
        Set<String> locals = new HashSet<>();
        for (Object p : m.parameters()) locals.add(((org.eclipse.jdt.core.dom.SingleVariableDeclaration) p).getName().getIdentifier());
        locals.addAll(declaredIn(m.getBody()));
        return locals;
    }

    /** A call on a class named directly ({@code Math.abs}, {@code System.out.println}): a library's, not an object's. */
    private static boolean onClassName(MethodInvocation mi) {
        Expression r = mi.getExpression();
        String first = r == null ? "" : r.toString();
        return r instanceof org.eclipse.jdt.core.dom.Name && !first.isEmpty() && Character.isUpperCase(first.charAt(0));
    }

    /** The effect-freedom test of {@link #isEffectFree} on {@code m}'s body, communication aside. */
    private boolean writesOnlyOwnObjects(MethodDeclaration m) {
        Set<String> locals = locals(m);
        Set<String> own = ownObjects(m.getBody(), locals);
        boolean[] bad = {false};
        m.getBody().accept(new ASTVisitor() {
            private boolean localTarget(Expression e) {
                if (e instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression pe) return localTarget(pe.getExpression());
                if (e instanceof SimpleName sn) return locals.contains(sn.getIdentifier());
                return e instanceof ArrayAccess aa && ownObject(aa.getArray());
            }

            private boolean ownObject(Expression e) {
                return e instanceof SimpleName sn && own.contains(sn.getIdentifier());
            }

            @Override
            public boolean visit(Assignment a) {
                if (!localTarget(a.getLeftHandSide())) bad[0] = true;
                return true;
            }

            @Override
            public boolean visit(PostfixExpression p) {
                if (!localTarget(p.getOperand())) bad[0] = true;
                return true;
            }

            @Override
            public boolean visit(PrefixExpression p) {
                if ((p.getOperator() == PrefixExpression.Operator.INCREMENT || p.getOperator() == PrefixExpression.Operator.DECREMENT)
                        && !localTarget(p.getOperand())) {
                    bad[0] = true;
                }
                return true;
            }

            @Override
            public boolean visit(MethodInvocation inv) {
                String name = inv.getName().getIdentifier();
                Expression recv = inv.getExpression();
                List<MethodDeclaration> mine = methods.getOrDefault(name, List.of());
                if (recv == null || recv instanceof org.eclipse.jdt.core.dom.ThisExpression || !mine.isEmpty()) {
                    // a method of the program (whatever its receiver: one of ours named get or size may write fields)
                    if (mine.isEmpty()) bad[0] = true; // an inherited method: unknown
                    for (MethodDeclaration o : mine) if (!isEffectFree(o)) bad[0] = true;
                    return true;
                }
                String r = recv.toString();
                if (JdkCalls.isPureClass(r)) return true;
                if (ownObject(recv)) {
                    // anything on a container of its own, but copying it into an array it was given
                    for (Object a : inv.arguments()) {
                        if (name.equals("toArray") && !(a instanceof org.eclipse.jdt.core.dom.ArrayCreation)) bad[0] = true;
                    }
                    return true;
                }
                if (r.equals("Arrays")) {
                    boolean writes = ARRAYS_WRITERS.contains(name);
                    if (!writes && !ARRAYS_READERS.contains(name)
                            || writes && (inv.arguments().isEmpty() || !ownObject((Expression) inv.arguments().get(0)))) {
                        bad[0] = true;
                    }
                    return true;
                }
                if ((r.equals("System.out") || r.equals("System.err"))
                        && PRINTS.contains(name)) {
                    return true;
                }
                if (!READERS.contains(name) || type(r) != null) bad[0] = true; // a reader of a value, not a static of ours
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                if (!newContainer(c)) bad[0] = true;
                return true;
            }

            // a throw, a super call, a lambda or method reference (code that may run later), a local class
            @Override
            public boolean preVisit2(ASTNode n) {
                if (n instanceof org.eclipse.jdt.core.dom.ThrowStatement || n instanceof org.eclipse.jdt.core.dom.SuperMethodInvocation
                        || n instanceof org.eclipse.jdt.core.dom.LambdaExpression || n instanceof org.eclipse.jdt.core.dom.MethodReference
                        || n instanceof org.eclipse.jdt.core.dom.TypeDeclarationStatement) {
                    bad[0] = true;
                    return false;
                }
                return true;
            }
        });
        return !bad[0];
    }

    /**
     * The locals of a method body that only ever hold objects the body creates: every declaration and
     * assignment of the name gives it a new array or container (or null), and it is never an enhanced
     * {@code for}'s element or a caught exception.
     */
    private Set<String> ownObjects(ASTNode body, Set<String> locals) {
        Map<String, Boolean> fresh = new HashMap<>();
        body.accept(new ASTVisitor() {
            private void assigned(String name, Expression value) {
                Expression v = value;
                while (v instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression pe) v = pe.getExpression();
                boolean created = v instanceof org.eclipse.jdt.core.dom.ArrayCreation
                        || v instanceof org.eclipse.jdt.core.dom.ArrayInitializer
                        || v instanceof org.eclipse.jdt.core.dom.NullLiteral
                        || v instanceof org.eclipse.jdt.core.dom.ClassInstanceCreation c && newContainer(c);
                fresh.merge(name, created, Boolean::logicalAnd);
            }

            @Override
            public boolean visit(VariableDeclarationFragment f) {
                if (f.getInitializer() != null) assigned(f.getName().getIdentifier(), f.getInitializer());
                return true;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.SingleVariableDeclaration d) {
                fresh.put(d.getName().getIdentifier(), false); // a loop element, a caught exception or a lambda's parameter
                return true;
            }

            @Override
            public boolean visit(Assignment a) {
                if (a.getLeftHandSide() instanceof SimpleName sn) {
                    if (a.getOperator() == Assignment.Operator.ASSIGN) assigned(sn.getIdentifier(), a.getRightHandSide());
                    else fresh.put(sn.getIdentifier(), false);
                }
                return true;
            }
        });
        Set<String> out = new HashSet<>();
        for (Map.Entry<String, Boolean> e : fresh.entrySet()) if (e.getValue() && locals.contains(e.getKey())) out.add(e.getKey());
        return out;
    }

    private final Map<MethodDeclaration, Boolean> readOnly = new IdentityHashMap<>();

    /**
     * A method without an effect the analysis could miss if a loop calling it were not interpreted: it does not
     * communicate, assigns only its own parameters and locals (no field, static or array element), creates nothing,
     * throws nothing, and calls only such methods of the program or library classes by their name ({@code Math.abs},
     * {@code System.out.println}). It may read anything: a getter ({@code return density;}) is read-only, not
     * {@linkplain #isPure pure}.
     */
    public synchronized boolean readOnly(MethodDeclaration m) {
        Boolean known = readOnly.get(m);
        if (known != null) return known;
        readOnly.put(m, false); // recursion: assume an effect while deciding
        boolean ok = m.getBody() != null && !mayCommunicate(m.getBody());
        if (ok) {
            Set<String> locals = locals(m);
            boolean[] bad = {false};
            m.getBody().accept(new Writes() {
                @Override
                void written(Expression target) {
                    if (!(target instanceof SimpleName n) || !locals.contains(n.getIdentifier())) bad[0] = true;
                }

                @Override
                void elementsWritten(Expression array) {
                    bad[0] = true; // an array element, as an assignment to one is
                }

                @Override
                public boolean visit(MethodInvocation inv) {
                    List<MethodDeclaration> own = methods.get(inv.getName().getIdentifier());
                    if (own != null) {
                        for (MethodDeclaration o : own) if (!readOnly(o)) bad[0] = true;
                    } else if (!onClassName(inv)) {
                        bad[0] = true;
                    }
                    return true;
                }

                @Override
                public void preVisit(ASTNode x) {
                    if (x instanceof org.eclipse.jdt.core.dom.ClassInstanceCreation || x instanceof org.eclipse.jdt.core.dom.ArrayCreation
                            || x instanceof org.eclipse.jdt.core.dom.ThrowStatement || x instanceof org.eclipse.jdt.core.dom.SuperMethodInvocation
                            || x instanceof org.eclipse.jdt.core.dom.LambdaExpression || x instanceof org.eclipse.jdt.core.dom.ArrayInitializer) {
                        bad[0] = true;
                    }
                }
            });
            ok = !bad[0];
        }
        readOnly.put(m, ok);
        return ok;
    }

    /**
     * A method whose result depends only on its arguments: it does not communicate, writes no
     * field, static or array, and calls only such methods of the file. Its results are memoised.
     */
    public boolean isPure(MethodDeclaration m) {
        Boolean known = pure.get(m);
        if (known != null) return known;
        pure.put(m, false); // recursion: assume impure while deciding
        boolean ok = m.getBody() != null && !mayCommunicate(m.getBody());
        if (ok) {
            Set<String> locals = locals(m);
            boolean[] bad = {false};
            m.getBody().accept(new ASTVisitor() {
                @Override
                public boolean visit(Assignment a) {
                    if (!(a.getLeftHandSide() instanceof SimpleName)) bad[0] = true;
                    return true;
                }

                @Override
                public boolean visit(MethodInvocation inv) {
                    String name = inv.getName().getIdentifier();
                    List<MethodDeclaration> own = methods.getOrDefault(name, List.of());
                    if (!own.isEmpty()) {
                        for (MethodDeclaration o : own) if (!isPure(o)) bad[0] = true;
                    } else if (inv.getExpression() == null || !inv.getExpression().toString().equals("Math")) {
                        bad[0] = true;
                    }
                    return true;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                    bad[0] = true;
                    return false;
                }

                // its result may be cached by the arguments alone only if it reads nothing else: no field
                // (this.n, a static counter) and no variable of an enclosing scope
                @Override
                public boolean visit(org.eclipse.jdt.core.dom.FieldAccess f) {
                    bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.ThisExpression t) {
                    bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.QualifiedName q) {
                    // Math.PI, or the length of a local array; any other qualified name is a field
                    if (q.getQualifier() instanceof SimpleName base && (base.getIdentifier().equals("Math")
                            || locals.contains(base.getIdentifier()) && q.getName().getIdentifier().equals("length"))) {
                        return false;
                    }
                    bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(SimpleName n) {
                    if (readsVariable(n) && !locals.contains(n.getIdentifier()) && !n.getIdentifier().equals("Math")) bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.ArrayCreation c) {
                    bad[0] = true;
                    return false;
                }
            });
            for (String n : assignedNames(m.getBody())) if (!locals.contains(n)) bad[0] = true;
            ok = !bad[0];
        }
        pure.put(m, ok);
        return ok;
    }

    /**
     * The variables whose values decide what {@code node} (a loop or branch the interpreter skips) computes, when it
     * computes nothing else: it calls no method of this program and only library methods that are functions of
     * their receiver and arguments ({@link #ALIKE_CALLS}: parsing, string and collection access, reading a line),
     * creates no object but strings, lists and maps, and does not use {@code this} or a lambda. Null when it does
     * something else (a random number, a clock read, a call into the program), since its result could then differ
     * between ranks whose variables agree. Names declared inside {@code node} are left out.
     */
    public List<String> alikeInputs(ASTNode node) {
        return alike.computeIfAbsent(node, n -> {
            Set<String> names = new java.util.LinkedHashSet<>();
            Set<String> inside = declaredIn(n);
            boolean[] bad = {false};
            n.accept(new ASTVisitor() {
                @Override
                public boolean visit(MethodInvocation inv) {
                    String name = inv.getName().getIdentifier();
                    if (methods.containsKey(name) || !ALIKE_CALLS.contains(name)) bad[0] = true;
                    return !bad[0];
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.ClassInstanceCreation c) {
                    String t = c.getType().toString();
                    if (c.getAnonymousClassDeclaration() != null || type(t) != null || !ALIKE_TYPES.contains(t.replaceAll("<.*", ""))) bad[0] = true;
                    return !bad[0];
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.ThisExpression t) {
                    bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.LambdaExpression l) {
                    bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.SuperMethodInvocation s) {
                    bad[0] = true;
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.QualifiedName q) {
                    // a.length, obj.field, Integer.MAX_VALUE: the leftmost name is what is read
                    org.eclipse.jdt.core.dom.Name base = q;
                    while (base instanceof org.eclipse.jdt.core.dom.QualifiedName qq) base = qq.getQualifier();
                    base.accept(this);
                    return false;
                }

                @Override
                public boolean visit(org.eclipse.jdt.core.dom.FieldAccess f) {
                    f.getExpression().accept(this);
                    return false;
                }

                @Override
                public boolean visit(SimpleName s) {
                    if (readsVariable(s) && !inside.contains(s.getIdentifier())) names.add(s.getIdentifier());
                    return false;
                }
            });
            return bad[0] ? java.util.Optional.<List<String>>empty() : java.util.Optional.of(List.copyOf(names));
        }).orElse(null);
    }

    /**
     * Whether {@code n} names a variable or a class it reads from, not a method, a type, a declaration's own name or a
     * label.
     */
    private static boolean readsVariable(SimpleName n) {
        ASTNode p = n.getParent();
        return !(p instanceof MethodInvocation mi && mi.getName() == n)
                && !(p instanceof org.eclipse.jdt.core.dom.Type) && !(p instanceof MethodDeclaration)
                && !(p instanceof org.eclipse.jdt.core.dom.SingleVariableDeclaration svd && svd.getName() == n)
                && !(p instanceof org.eclipse.jdt.core.dom.VariableDeclarationFragment vdf && vdf.getName() == n)
                && !(p instanceof org.eclipse.jdt.core.dom.LabeledStatement)
                && !(p instanceof org.eclipse.jdt.core.dom.BreakStatement)
                && !(p instanceof org.eclipse.jdt.core.dom.ContinueStatement);
    }

    /** Library methods whose result follows from their receiver and arguments (or that only print). */
    private static final Set<String> ALIKE_CALLS = Set.of("readLine", "read", "ready", "next", "nextLine", "nextInt",
            "nextDouble", "nextLong", "nextFloat", "nextBoolean", "hasNext", "hasNextLine", "hasNextInt", "hasNextDouble",
            "hasNextLong", "split", "trim", "strip", "length", "charAt", "substring", "indexOf", "lastIndexOf", "startsWith",
            "endsWith", "contains", "equals", "equalsIgnoreCase", "isEmpty", "isBlank", "toLowerCase", "toUpperCase",
            "replace", "replaceAll", "toCharArray", "compareTo", "valueOf", "parseInt", "parseDouble", "parseLong",
            "parseFloat", "parseBoolean", "add", "addAll", "get", "set", "size", "put", "getOrDefault", "containsKey",
            "append", "toString", "abs", "max", "min", "sqrt", "pow", "floor", "ceil", "round", "intValue", "doubleValue",
            "longValue", "close", "print", "println", "printf", "format");
    private static final Set<String> ALIKE_TYPES = Set.of("String", "StringBuilder", "StringBuffer", "ArrayList",
            "LinkedList", "HashMap", "TreeMap", "LinkedHashMap", "Integer", "Long", "Double");
    private final Map<ASTNode, java.util.Optional<List<String>>> alike = new java.util.concurrent.ConcurrentHashMap<>();

    /** Calls that change a collection in place; {@link #APPENDS} only add at its end. */
    private static final Set<String> MUTATORS = Set.of("add", "addAll", "addElement", "addLast", "addFirst", "offer",
            "offerLast", "offerFirst", "push", "insertElementAt", "set", "setElementAt", "remove", "removeFirst", "removeLast",
            "removeElement", "removeElementAt", "removeAll", "removeIf", "retainAll", "clear", "poll", "pollFirst", "pollLast",
            "pop", "put", "putAll", "putIfAbsent", "merge", "compute", "computeIfAbsent", "computeIfPresent", "replace",
            "replaceAll", "sort");
    private static final Set<String> APPENDS = Set.of("add", "addAll", "addElement", "addLast", "offer", "offerLast");

    private final Map<ASTNode, Map<String, Boolean>> mutated = new IdentityHashMap<>();

    /**
     * The variables whose collection {@code node} changes in place ({@code list.add(x)}, {@code map.put(k, v)}),
     * each with whether every such change only appends ({@code add}, {@code offer}...).
     */
    public Map<String, Boolean> mutatedCollections(ASTNode node) {
        return mutated.computeIfAbsent(node, n -> {
            Map<String, Boolean> out = new HashMap<>();
            n.accept(new ASTVisitor() {
                @Override
                public boolean visit(MethodInvocation mi) {
                    String name = mi.getName().getIdentifier();
                    if (mi.getExpression() instanceof SimpleName target && MUTATORS.contains(name)) {
                        boolean append = APPENDS.contains(name) && !(name.equals("add") && mi.arguments().size() == 2);
                        out.merge(target.getIdentifier(), append, Boolean::logicalAnd);
                    }
                    return true;
                }
            });
            return out;
        });
    }

    /**
     * Whether {@code loop}'s body can leave it before its test fails: a {@code break} of this loop (without a label,
     * not inside an inner loop or switch) or a labelled {@code break} or {@code continue}. Its counter's exit value is
     * then not the bound: a loop cut past the quiet budget that would have stopped at {@code i == 150000} of a million
     * had its counter set to a million, and a send tagged by it reported as a deadlock.
     */
    boolean leavesEarly(ForStatement loop) {
        return earlyExits.computeIfAbsent(loop, l -> findsEarlyExit(loop));
    }

    private final Map<ASTNode, Boolean> earlyExits = new IdentityHashMap<>();

    private static boolean findsEarlyExit(ForStatement loop) {
        boolean[] found = {false};
        loop.getBody().accept(new ASTVisitor() {
            private int inner; // loops and switches around the node visited, inside the body

            @Override
            public boolean visit(BreakStatement b) {
                if (b.getLabel() != null || inner == 0) found[0] = true;
                return false;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.ContinueStatement c) {
                if (c.getLabel() != null) found[0] = true;
                return false;
            }

            @Override
            public void preVisit(ASTNode n) {
                if (nests(n)) inner++;
            }

            @Override
            public void postVisit(ASTNode n) {
                if (nests(n)) inner--;
            }

            private static boolean nests(ASTNode n) {
                return n instanceof ForStatement || n instanceof org.eclipse.jdt.core.dom.EnhancedForStatement
                        || n instanceof WhileStatement || n instanceof DoStatement || n instanceof org.eclipse.jdt.core.dom.SwitchStatement;
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.LambdaExpression l) {
                return false; // its statements jump inside it
            }

            @Override
            public boolean visit(org.eclipse.jdt.core.dom.AnonymousClassDeclaration a) {
                return false;
            }
        });
        return found[0];
    }

    /**
     * Where {@code node} writes the array {@code name} (a variable, or {@code this.name}) only into rows it picks by an
     * index that {@code node} does not change ({@code a[i][j] = i + j} in a loop over {@code j}): those index
     * expressions, each a name, a number or a sum, difference or product of them, none assigned in {@code node}; so
     * that a loop cut there forgets only those rows ({@code RankInterpreter.forgetWritten}). Other uses may only read:
     * an element {@code a[k][j]}, a row's or the array's {@code length}. Null when {@code name} appears any other way
     * (the array or a row handed to a call, kept in a variable or replaced, {@code a[i] = new double[n]}; an element of
     * a deeper array; {@code obj.name}; a name declared there). A 3000 x 3000 matrix filled row by row forgot all its
     * rows at each row's loop: nine million rows forgotten for three matrices (mpjexpress's {@code SeqMatrix}, which
     * then ran out of time).
     */
    public List<Expression> rowIndices(ASTNode node, String name) {
        List<Expression> rows = rowIndices.computeIfAbsent(new RowsOf(node, name), k -> {
            List<Expression> out = new ArrayList<>();
            Set<String> assignedThere = assignedNames(node);
            Set<String> seen = new HashSet<>();
            boolean[] other = {false};
            node.accept(new ASTVisitor() {
                @Override
                public boolean visit(SimpleName sn) {
                    if (!sn.getIdentifier().equals(name) || other[0]) return false;
                    Expression root = sn;
                    if (sn.getParent() instanceof FieldAccess f && f.getName() == sn) {
                        if (!(f.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression)) {
                            other[0] = true; // another object's field
                            return false;
                        }
                        root = f;
                    }
                    Object use = rowWritten(root, assignedThere);
                    if (use == READ_ONLY) return false;
                    if (!(use instanceof Expression index)) other[0] = true;
                    else if (seen.add(index.toString())) out.add(index);
                    return false;
                }
            });
            return other[0] || out.isEmpty() ? NO_ROWS : out;
        });
        return rows == NO_ROWS ? null : rows;
    }

    /** What {@link #rowWritten} answers for a use that only reads. */
    private static final Object READ_ONLY = new Object();

    /**
     * For a use of the array {@code root}: the row index of an element written there ({@code root[E][F] = ...},
     * {@code root[E][F]++}, E invariant), {@link #READ_ONLY} for a read ({@code root[E][F]}, {@code root[E].length},
     * {@code root.length}), null for any other use.
     */
    private static Object rowWritten(Expression root, Set<String> assigned) {
        ASTNode p = root.getParent();
        if (p instanceof org.eclipse.jdt.core.dom.QualifiedName q && q.getQualifier() == root && q.getName().getIdentifier().equals("length")) {
            return READ_ONLY;
        }
        if (p instanceof FieldAccess f && f.getExpression() == root && f.getName().getIdentifier().equals("length")) return READ_ONLY;
        if (!(p instanceof ArrayAccess row) || row.getArray() != root) return null;
        ASTNode q = row.getParent();
        if (q instanceof FieldAccess f && f.getExpression() == row && f.getName().getIdentifier().equals("length")) return READ_ONLY;
        if (!(q instanceof ArrayAccess element) || element.getArray() != row) return null;
        ASTNode top = element.getParent();
        if (top instanceof ArrayAccess deeper && deeper.getArray() == element) return null; // an element of a deeper array
        boolean written = top instanceof Assignment a && a.getLeftHandSide() == element
                || top instanceof PostfixExpression pe && pe.getOperand() == element
                || top instanceof PrefixExpression pr && pr.getOperand() == element
                        && (pr.getOperator() == PrefixExpression.Operator.INCREMENT || pr.getOperator() == PrefixExpression.Operator.DECREMENT);
        if (!written) return READ_ONLY;
        return invariantIndex(row.getIndex(), assigned) ? row.getIndex() : null;
    }

    /**
     * Names {@code node} writes only through {@code this.name} (an element of it, or the field itself), never as a
     * plain name nor as another object's field: what is written there is the field, also where a local of that name
     * hides it (a constructor copying its parameter {@code density} into {@code this.density}).
     */
    public Set<String> thisOnlyTargets(ASTNode node) {
        return thisOnly.computeIfAbsent(node, n -> {
            Set<String> viaThis = new HashSet<>(), otherwise = new HashSet<>();
            n.accept(new Writes() {
                @Override
                void written(Expression target) {
                    Expression e = target;
                    while (e instanceof org.eclipse.jdt.core.dom.ParenthesizedExpression pe) e = pe.getExpression();
                    while (e instanceof ArrayAccess aa) e = aa.getArray();
                    if (e instanceof FieldAccess f && f.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression t
                            && t.getQualifier() == null) {
                        viaThis.add(f.getName().getIdentifier());
                    } else {
                        addTarget(target, otherwise);
                    }
                }
            });
            viaThis.removeAll(otherwise);
            return Set.copyOf(viaThis);
        });
    }

    private final Map<ASTNode, Set<String>> thisOnly = new java.util.concurrent.ConcurrentHashMap<>();

    private record RowsOf(ASTNode node, String name) {}

    private final Map<RowsOf, List<Expression>> rowIndices = new java.util.concurrent.ConcurrentHashMap<>();
    private static final List<Expression> NO_ROWS = List.of();

    /** A name, number, or sum, difference or product of them (parenthesized or not), no name of which is in {@code assigned}. */
    private static boolean invariantIndex(Expression e, Set<String> assigned) {
        return switch (e) {
            case SimpleName n -> !assigned.contains(n.getIdentifier());
            case NumberLiteral l -> true;
            case org.eclipse.jdt.core.dom.ParenthesizedExpression p -> invariantIndex(p.getExpression(), assigned);
            case InfixExpression ie when !ie.hasExtendedOperands() && (ie.getOperator() == InfixExpression.Operator.PLUS
                    || ie.getOperator() == InfixExpression.Operator.MINUS || ie.getOperator() == InfixExpression.Operator.TIMES) ->
                invariantIndex(ie.getLeftOperand(), assigned) && invariantIndex(ie.getRightOperand(), assigned);
            default -> false;
        };
    }

    /** Names (locals and fields) that {@code node} may assign, including arrays whose elements it writes. */
    public Set<String> assignedNames(ASTNode node) {
        return assigned.computeIfAbsent(node, n -> {
            Set<String> out = new HashSet<>();
            n.accept(new Writes() {
                @Override
                void written(Expression target) {
                    addTarget(target, out);
                }
            });
            return out;
        });
    }

    /**
     * Names {@code node} assigns as a whole ({@code x = ...}, {@code a++}): the writes whose target is a plain name,
     * not an element nor an array a library call fills.
     */
    public Set<String> wholeAssignedNames(ASTNode node) {
        return wholeAssigned.computeIfAbsent(node, n -> {
            Set<String> out = new HashSet<>();
            n.accept(new Writes() {
                @Override
                void written(Expression target) {
                    if (target instanceof SimpleName s) out.add(s.getIdentifier());
                }

                @Override
                void elementsWritten(Expression array) {
                    // an element write: the variable keeps its array
                }
            });
            return out.isEmpty() ? Set.of() : out;
        });
    }

    /** Whether {@code mi} is {@code System.arraycopy(src, srcPos, dst, dstPos, length)}. */
    static boolean arraycopy(MethodInvocation mi) {
        return mi.getExpression() instanceof SimpleName cls && cls.getIdentifier().equals("System")
                && mi.getName().getIdentifier().equals("arraycopy") && mi.arguments().size() == 5;
    }

    /**
     * A visitor told of every place a node writes: the target of an assignment, of {@code ++} or {@code --}, and the
     * array a library call writes into ({@link #elementsWritten}).
     */
    private abstract static class Writes extends ASTVisitor {
        abstract void written(Expression target);

        /**
         * The array whose elements a library call writes: {@code System.arraycopy}'s destination, the array of
         * {@code Arrays.fill} and {@code Arrays.sort} ({@link #ARRAYS_WRITERS}). By default told as a write of the array
         * expression itself, which is what a visitor collecting names needs.
         */
        void elementsWritten(Expression array) {
            written(array);
        }

        @Override
        public boolean preVisit2(ASTNode node) {
            if (node instanceof MethodInvocation mi && mi.getExpression() instanceof SimpleName cls) {
                String c = cls.getIdentifier(), name = mi.getName().getIdentifier();
                List<?> args = mi.arguments();
                if (arraycopy(mi)) elementsWritten((Expression) args.get(2));
                else if (c.equals("Arrays") && ARRAYS_WRITERS.contains(name) && !args.isEmpty()) elementsWritten((Expression) args.get(0));
            }
            preVisit(node);
            return true;
        }

        @Override
        public boolean visit(Assignment a) {
            written(a.getLeftHandSide());
            return true;
        }

        @Override
        public boolean visit(PostfixExpression p) {
            written(p.getOperand());
            return true;
        }

        @Override
        public boolean visit(PrefixExpression p) {
            if (p.getOperator() == PrefixExpression.Operator.INCREMENT || p.getOperator() == PrefixExpression.Operator.DECREMENT) {
                written(p.getOperand());
            }
            return true;
        }
    }

    private static void addTarget(Expression e, Set<String> out) {
        while (e instanceof ArrayAccess aa) e = aa.getArray();
        if (e instanceof SimpleName s) out.add(s.getIdentifier());
        else if (e instanceof FieldAccess f) out.add(f.getName().getIdentifier());
        else if (e instanceof org.eclipse.jdt.core.dom.QualifiedName q) out.add(q.getName().getIdentifier());
    }
}
