package dev.rendezvous.core.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/**
 * What each {@link FindingKind} means, in plain words: a summary, the meaning, a minimal example,
 * how to fix it and the paper section it comes from. One text ({@code explanations.txt} next to
 * this class) serves the CLI ({@code --explain KIND}), the SARIF rules' help and the IDE.
 */
public final class Explanations {

    /** The explanation of one kind. */
    public record Explanation(FindingKind kind, String summary, String meaning, String example, String fix, String source) {

        /** The whole explanation as plain text, the way {@code rendezvous --explain} prints it. */
        public String text() {
            StringBuilder b = new StringBuilder();
            b.append(kind.id()).append(": ").append(summary).append("\n\n");
            b.append(meaning).append("\n\n");
            if (!example.isEmpty()) b.append("Example:\n").append(example).append("\n\n");
            b.append("How to fix it: ").append(fix).append("\n\n");
            b.append("Where it comes from: ").append(source).append('\n');
            return b.toString();
        }
    }

    private static final Map<FindingKind, Explanation> ALL = load();

    private Explanations() {}

    /** The explanation of {@code kind} (every kind has one; a test checks it). */
    public static Explanation of(FindingKind kind) {
        Explanation e = ALL.get(kind);
        return e != null ? e : new Explanation(kind, kind.id(), "", "", "", "");
    }

    /** Whether the text has a section for {@code kind}. */
    public static boolean has(FindingKind kind) {
        return ALL.containsKey(kind);
    }

    private static Map<FindingKind, Explanation> load() {
        String text;
        try (InputStream in = Explanations.class.getResourceAsStream("explanations.txt")) {
            if (in == null) return new EnumMap<>(FindingKind.class);
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return parse(text);
    }

    /** Parses the sections of {@code explanations.txt}; unknown kinds and fields are skipped. */
    static Map<FindingKind, Explanation> parse(String text) {
        Map<FindingKind, Explanation> out = new EnumMap<>(FindingKind.class);
        FindingKind kind = null;
        Map<String, StringBuilder> fields = new java.util.HashMap<>();
        String field = null;
        for (String line : (text + "\n== end").split("\n", -1)) {
            if (line.startsWith("#")) continue;
            if (line.startsWith("== ")) {
                if (kind != null) out.put(kind, build(kind, fields));
                String id = line.substring(3).trim();
                kind = null;
                for (FindingKind k : FindingKind.values()) if (k.id().equals(id)) kind = k;
                fields = new java.util.HashMap<>();
                field = null;
                continue;
            }
            int colon = line.indexOf(':');
            if (!line.startsWith(" ") && colon > 0 && line.substring(0, colon).matches("[a-z]+")) {
                field = line.substring(0, colon);
                fields.put(field, new StringBuilder(line.substring(colon + 1).trim()));
            } else if (field != null && !line.isBlank()) {
                StringBuilder b = fields.get(field);
                if (b.length() > 0) b.append('\n');
                b.append(line);
            }
        }
        return out;
    }

    private static Explanation build(FindingKind kind, Map<String, StringBuilder> f) {
        java.util.function.Function<String, String> get = k -> f.containsKey(k) ? f.get(k).toString() : "";
        return new Explanation(kind, get.apply("summary"), get.apply("meaning"), get.apply("example"), get.apply("fix"),
                get.apply("source"));
    }
}
