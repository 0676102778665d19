package dev.rendezvous.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * {@code rendezvous bench-ab <core-classes-dir> [file.java|folder]...}: the warm whole-file analysis at np=8 (quick fixes
 * not confirmed, as in {@code bench ... latency}) of this build's engine and of another build's, in one JVM, alternating
 * round by round, so that both see the same host. On a shared 2-core machine the latency section's absolute figures moved
 * by a factor of two between runs of the same build; a ratio measured this way moved by a few percent. The other engine
 * is the {@code dev.rendezvous.core} classes of a directory (another checkout's {@code target/classes}), loaded by a class
 * loader of their own; everything else (the JDK, JDT) is shared.
 */
final class BenchAB {
    private BenchAB() {}

    /** Calls per round per engine, and rounds: each file's figure is the median over rounds of each round's median. */
    static final int CALLS = 20, ROUNDS = 7;
    /**
     * Warm-up calls per file and engine, every file before any is measured: with ten, the first file measured swung
     * between 0.47 and 1.48 of the other engine in three runs of the same two builds (the JIT still at work).
     */
    static final int WARM_UP = 40;

    static int main(Path otherClasses, List<Path> inputs, int rounds, int calls, PrintStream out) throws IOException {
        if (!Files.isRegularFile(otherClasses.resolve("dev/rendezvous/core/Rendezvous.class"))) {
            throw new IOException("no dev/rendezvous/core/Rendezvous.class under " + otherClasses
                    + " (give the target/classes folder of another build of dev.rendezvous.core)");
        }
        List<Path> files = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    files.addAll(s.filter(f -> f.toString().endsWith(".java")).sorted().toList());
                }
            } else {
                files.add(p);
            }
        }
        OtherEngineLoader loader = new OtherEngineLoader(otherClasses, BenchAB.class.getClassLoader());
        Engine other = Engine.of(loader), self = Engine.of(BenchAB.class.getClassLoader());
        out.println("## A/B: whole-file analysis at np=8 (fixes not confirmed), this build (B) against " + otherClasses + " (A)");
        out.printf("%d rounds of %d calls per engine, alternating; per file the median over rounds of each round's median%n",
                rounds, calls);
        out.printf("%-28s %10s %10s %8s%n", "file", "A ms", "B ms", "B/A");
        List<String> sources = new ArrayList<>();
        for (Path f : files) sources.add(SourceText.read(f));
        for (int k = 0; k < files.size(); k++) {
            for (int i = 0; i < Math.max(calls, WARM_UP); i++) {
                other.time(files.get(k).toString(), sources.get(k));
                self.time(files.get(k).toString(), sources.get(k));
            }
        }
        double logSum = 0;
        int n = 0;
        for (int k = 0; k < files.size(); k++) {
            Path f = files.get(k);
            String source = sources.get(k);
            String name = f.toString();
            double[] a = new double[rounds], b = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                a[r] = median(other, name, source, calls);
                b[r] = median(self, name, source, calls);
            }
            Arrays.sort(a);
            Arrays.sort(b);
            double ma = a[rounds / 2], mb = b[rounds / 2];
            out.printf("%-28s %10.2f %10.2f %8.2f%n", f.getFileName(), ma / 1e6, mb / 1e6, mb / ma);
            logSum += Math.log(mb / ma);
            n++;
        }
        if (n > 0) out.printf("over %d files: geometric mean of B/A %.3f; other engine: %d classes loaded from %s%n", n,
                Math.exp(logSum / n), loader.defined(), otherClasses);
        return 0;
    }

    private static double median(Engine e, String name, String source, int calls) {
        long[] t = new long[calls];
        for (int i = 0; i < calls; i++) t[i] = e.time(name, source);
        Arrays.sort(t);
        return t[calls / 2];
    }

    /** {@code Rendezvous.analyze(file, source, options, cancelled)} of one engine, reached by reflection. */
    private record Engine(Method analyze, Object options) {
        static Engine of(ClassLoader loader) {
            try {
                Class<?> rendezvous = Class.forName("dev.rendezvous.core.Rendezvous", true, loader);
                Class<?> optionsClass = Class.forName("dev.rendezvous.core.AnalysisOptions", true, loader);
                Object options = optionsClass.getMethod("of", int[].class).invoke(null, (Object) new int[] {8});
                Object budgets = optionsClass.getMethod("budgets").invoke(options);
                budgets.getClass().getField("checkFixes").setBoolean(budgets, false);
                return new Engine(rendezvous.getMethod("analyze", String.class, String.class, optionsClass, BooleanSupplier.class),
                        options);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("the engine's entry point is not there: " + e, e);
            }
        }

        long time(String name, String source) {
            BooleanSupplier never = () -> false;
            long t0 = System.nanoTime();
            try {
                analyze.invoke(null, name, source, options, never);
            } catch (InvocationTargetException e) {
                throw new IllegalStateException("the analysis of " + name + " failed: " + e.getCause(), e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            return System.nanoTime() - t0;
        }
    }

    /** Loads the classes of {@code dev.rendezvous.core} from a directory itself; any other class from its parent. */
    static final class OtherEngineLoader extends ClassLoader {
        private static final String CORE = "dev.rendezvous.core.";
        private final Path root;
        private int defined;

        OtherEngineLoader(Path root, ClassLoader parent) {
            super("rendezvous-other-engine", parent);
            this.root = root;
        }

        /** How many classes this loader made from the directory. */
        synchronized int defined() {
            return defined;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(CORE)) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    byte[] bytes;
                    try {
                        bytes = Files.readAllBytes(root.resolve(name.replace('.', '/') + ".class"));
                    } catch (NoSuchFileException e) {
                        throw new ClassNotFoundException(name + " is not in " + root);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                    c = defineClass(name, bytes, 0, bytes.length);
                    synchronized (this) {
                        defined++;
                    }
                }
                if (resolve) resolveClass(c);
                return c;
            }
        }
    }
}
