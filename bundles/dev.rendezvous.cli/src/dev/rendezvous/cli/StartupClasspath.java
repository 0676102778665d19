package dev.rendezvous.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The class path {@code ./rendezvous} starts the command line with: the build's, with each signed jar (the Eclipse
 * jars JDT comes in) replaced by a copy without its signature files. A signed jar makes the JVM check a digest of
 * every class it loads from it and verify the signature once; for a command that runs a few seconds that is about a
 * fifth of its time (measured: `check examples --np 2` 3.9-4.3 s with the signed jars, 3.2-3.3 s with the copies;
 * the first parse of a file 1.5 s against 0.9 s). The copies hold the same classes; nothing is verified that the
 * Maven build did not already take from Maven Central. Run by the script after each build:
 * {@code StartupClasspath <classpath file> <copies folder> <output classpath file>}.
 */
public final class StartupClasspath {
    private StartupClasspath() {}

    private static final Pattern SIGNATURE = Pattern.compile("META-INF/[^/]+\\.(SF|RSA|DSA|EC)", Pattern.CASE_INSENSITIVE);

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: StartupClasspath <classpath file> <copies folder> <output classpath file>");
            System.exit(2);
        }
        String classpath = Files.readString(Path.of(args[0])).trim();
        Path copies = Path.of(args[1]);
        Files.createDirectories(copies);
        List<String> out = new ArrayList<>();
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) continue;
            Path jar = Path.of(entry);
            out.add(entry.endsWith(".jar") && Files.isRegularFile(jar) && signed(jar) ? unsignedCopy(jar, copies).toString() : entry);
        }
        Path target = Path.of(args[2]);
        Path tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "classpath", ".tmp"); // two starts at once do not clash
        Files.writeString(tmp, String.join(java.io.File.pathSeparator, out));
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static boolean signed(Path jar) throws IOException {
        try (ZipFile z = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> e = z.entries();
            while (e.hasMoreElements()) if (SIGNATURE.matcher(e.nextElement().getName()).matches()) return true;
        }
        return false;
    }

    /** A copy of {@code jar} without its signature files, in {@code copies}; made again when the jar is newer. */
    static Path unsignedCopy(Path jar, Path copies) throws IOException {
        Path copy = copies.resolve(jar.getFileName());
        if (Files.isRegularFile(copy) && Files.getLastModifiedTime(copy).compareTo(Files.getLastModifiedTime(jar)) >= 0) return copy;
        Path tmp = Files.createTempFile(copies, "copy", ".tmp");
        try (ZipFile z = new ZipFile(jar.toFile()); OutputStream os = Files.newOutputStream(tmp); ZipOutputStream zo = new ZipOutputStream(os)) {
            Enumeration<? extends ZipEntry> e = z.entries();
            while (e.hasMoreElements()) {
                ZipEntry in = e.nextElement();
                if (SIGNATURE.matcher(in.getName()).matches()) continue;
                ZipEntry o = new ZipEntry(in.getName());
                o.setTime(in.getTime());
                zo.putNextEntry(o);
                try (InputStream is = z.getInputStream(in)) {
                    is.transferTo(zo);
                }
                zo.closeEntry();
            }
        }
        Files.move(tmp, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return copy;
    }
}
