package dev.rendezvous.help;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.eclipse.help.IHelpContentProducer;

import dev.rendezvous.core.model.Explanations;
import dev.rendezvous.core.model.Explanations.Explanation;
import dev.rendezvous.core.model.FindingKind;

/**
 * Writes the help pages of the finding kinds, {@code kinds/<id>.html} and {@code kinds/index.html},
 * from {@link Explanations}: the text that {@code rendezvous --explain} prints, that SARIF carries as
 * rule help and that the editor hover shows. Help Contents and the CLI therefore cannot drift apart.
 * Every other page of this plug-in is a static file under {@code html/}; for those this producer
 * answers {@code null} and the help system reads the file.
 */
public final class KindPages implements IHelpContentProducer {

    private static final String PREFIX = "kinds/";

    @Override
    public InputStream getInputStream(String pluginID, String href, Locale locale) {
        String page = page(href);
        return page == null ? null : new ByteArrayInputStream(page.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The page at {@code href} (relative to this plug-in, with or without a query or an anchor), or
     * {@code null} when it is not a kind page.
     */
    public static String page(String href) {
        if (href == null) return null;
        String path = href.replaceFirst("[?#].*$", "");
        if (!path.startsWith(PREFIX) || !path.endsWith(".html")) return null;
        String name = path.substring(PREFIX.length(), path.length() - ".html".length());
        if (name.equals("index")) return index();
        for (FindingKind k : FindingKind.values()) if (k.id().equals(name)) return kindPage(Explanations.of(k));
        return null;
    }

    /** The page of one kind: what it means, a minimal example, how to fix it, where it comes from. */
    static String kindPage(Explanation e) {
        StringBuilder b = head(e.kind().id());
        b.append("<h1><code>").append(e.kind().id()).append("</code></h1>\n");
        b.append("<p class=\"summary\">").append(escape(e.summary())).append("</p>\n");
        b.append("<h2>What it means</h2>\n<p>").append(escape(e.meaning())).append("</p>\n");
        if (!e.example().isEmpty()) {
            b.append("<h2>A minimal example</h2>\n<pre>").append(escape(e.example())).append("</pre>\n");
        }
        b.append("<h2>How to fix it</h2>\n<p>").append(escape(e.fix())).append("</p>\n");
        b.append("<h2>Where it comes from</h2>\n<p>").append(escape(e.source())).append("</p>\n");
        b.append("<p class=\"more\">The same text is printed by <code>rendezvous --explain ").append(e.kind().id())
                .append("</code>. See also: <a href=\"index.html\">all finding kinds</a>, ")
                .append("<a href=\"../html/verdicts.html\">verdicts</a>, ")
                .append("<a href=\"../html/silencing.html\">silencing a finding</a>.</p>\n");
        return b.append("</body>\n</html>\n").toString();
    }

    /** The table of every kind with its one-line summary. */
    static String index() {
        StringBuilder b = head("Finding kinds");
        b.append("<h1>Finding kinds</h1>\n<p>Each marker, each line of <code>rendezvous check</code> and each SARIF result ")
                .append("names one of these kinds in brackets, for example <code>[send-cycle]</code>. ")
                .append("<em>Window &gt; Preferences &gt; Rendezvous</em> chooses which kinds are shown and with which severity.</p>\n");
        b.append("<table>\n<tr><th>Kind</th><th>What it says</th></tr>\n");
        for (FindingKind k : FindingKind.values()) {
            b.append("<tr><td><a href=\"").append(k.id()).append(".html\"><code>").append(k.id()).append("</code></a></td><td>")
                    .append(escape(Explanations.of(k).summary())).append("</td></tr>\n");
        }
        return b.append("</table>\n</body>\n</html>\n").toString();
    }

    private static StringBuilder head(String title) {
        return new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"UTF-8\">\n<title>")
                .append(escape(title)).append(" - Rendezvous</title>\n")
                .append("<link rel=\"stylesheet\" href=\"../html/style.css\">\n</head>\n<body>\n");
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
