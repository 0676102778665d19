package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.help.HelpSystem;
import org.eclipse.help.IContext;
import org.eclipse.help.IHelpResource;
import org.eclipse.help.IToc;
import org.eclipse.help.ITopic;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;

import dev.rendezvous.core.model.Explanations;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.ui.HelpContexts;
import dev.rendezvous.ui.RendezvousPreferences;
import dev.rendezvous.ui.views.CommunicationGraphView;

/**
 * The help plug-in: Help Contents has a Rendezvous book with a page per finding kind written from
 * the text {@code rendezvous --explain} prints, every link of the book and of the context help
 * resolves, and the preference page and the views carry context ids that the help plug-in defines.
 */
class HelpContentTest {

    private static final String PLUGIN = "/dev.rendezvous.help/";

    private static IToc book() {
        return Arrays.stream(HelpSystem.getTocs()).filter(t -> t.getLabel().equals("Rendezvous for MPJ Express"))
                .findFirst().orElseThrow(() -> new AssertionError("no Rendezvous book among "
                        + Arrays.stream(HelpSystem.getTocs()).map(IToc::getLabel).toList()));
    }

    private static void collect(ITopic[] topics, List<String> hrefs) {
        for (ITopic t : topics) {
            if (t.getHref() != null && !t.getHref().isEmpty()) hrefs.add(t.getHref());
            collect(t.getSubtopics(), hrefs);
        }
    }

    private static String content(String href) throws Exception {
        try (InputStream in = HelpSystem.getHelpContent(href.replaceFirst("#.*$", ""))) {
            assertNotNull(in, "no help content at " + href);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theBookHasOnePagePerFindingKindAndEveryTopicResolves() throws Exception {
        List<String> hrefs = new ArrayList<>();
        collect(book().getTopics(), hrefs);
        Set<String> kindsInBook = hrefs.stream().filter(h -> h.startsWith(PLUGIN + "kinds/") && !h.endsWith("/index.html"))
                .map(h -> h.substring((PLUGIN + "kinds/").length(), h.length() - ".html".length()))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> kinds = Arrays.stream(FindingKind.values()).map(FindingKind::id).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(kinds, kindsInBook, "the table of contents lists exactly the finding kinds");
        for (String href : hrefs) {
            String page = content(href);
            assertTrue(page.contains("<h1>"), href + " is not a page: " + page);
        }
    }

    @Test
    void aKindPageIsTheTextOfExplain() throws Exception {
        for (FindingKind k : FindingKind.values()) {
            var e = Explanations.of(k);
            String page = content(PLUGIN + "kinds/" + k.id() + ".html");
            for (String part : List.of(e.summary(), e.meaning(), e.fix(), e.source())) {
                String html = part.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
                assertTrue(page.contains(html), k.id() + " page lacks: " + part);
            }
        }
        String index = content(PLUGIN + "kinds/index.html");
        for (FindingKind k : FindingKind.values()) assertTrue(index.contains("href=\"" + k.id() + ".html\""), k.id());
    }

    @Test
    void contextHelpOfPreferencesAndViewsIsDefinedAndAttached() throws Exception {
        for (String id : List.of(HelpContexts.PREFERENCES, HelpContexts.PROJECT_PROPERTIES,
                HelpContexts.COMMUNICATION_GRAPH, HelpContexts.CHANNEL_GRAPH)) {
            IContext context = HelpSystem.getContext(id);
            assertNotNull(context, "no context " + id);
            assertTrue(context.getRelatedTopics().length > 0, id);
            for (IHelpResource topic : context.getRelatedTopics()) content(topic.getHref());
        }
        Shell shell = new Shell(PlatformUI.getWorkbench().getDisplay());
        try {
            RendezvousPreferences page = new RendezvousPreferences();
            page.init(PlatformUI.getWorkbench());
            page.createControl(shell);
            assertEquals(HelpContexts.PREFERENCES, page.getControl().getData("org.eclipse.ui.help"));
        } finally {
            shell.dispose();
        }
        IWorkbenchPage wb = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        // a control has the focus only in the active shell: make the workbench window's the active one first
        var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
        var display = window.getDisplay();
        window.forceActive();
        Workbench.spinUntil(() -> display.getActiveShell() == window, 10_000);
        CommunicationGraphView view = (CommunicationGraphView) wb.showView("dev.rendezvous.ui.views.CommunicationGraph");
        wb.activate(view);
        Workbench.spinUntil(() -> display.getFocusControl() != null, 10_000);
        var control = display.getFocusControl();
        assertNotNull(control);
        boolean found = false;
        for (var c = control; c != null && !found; c = c.getParent()) found = HelpContexts.COMMUNICATION_GRAPH.equals(c.getData("org.eclipse.ui.help"));
        assertTrue(found, "the view's controls carry its context id");
    }

    @Test
    void theHelpSearchFindsAKindPageByTheWordsOfItsText() throws Exception {
        var manager = org.eclipse.help.internal.base.BaseHelpSystem.getLocalSearchManager();
        String locale = java.util.Locale.getDefault().toString();
        var monitor = new org.eclipse.core.runtime.NullProgressMonitor();
        manager.ensureIndexUpdated(monitor, manager.getIndex(locale));
        var results = new org.eclipse.help.internal.search.SearchResults(null, 50, locale);
        manager.search(new org.eclipse.help.internal.search.SearchQuery("ssend", false, List.of(), locale), results, monitor);
        List<String> hits = Arrays.stream(results.getSearchHits()).map(h -> h.getHref()).toList();
        assertTrue(hits.stream().anyMatch(h -> h.startsWith(PLUGIN + "kinds/ssend-cycle.html")), "search hits: " + hits);
    }

    @Test
    void f1OnThePreferencesOpensTheHelpViewAndTheHelpServerServesAKindPage() throws Exception {
        // With a Java editor active the help UI asks the editor's context provider instead, and JDT's help is not installed.
        var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        window.getActivePage().closeAllEditors(false);
        // The help UI opens its view only when the workbench window's shell is the active one; from any other shell (or
        // none, as after a dialog closed under Xvfb) it shows a pop-up instead. Activate it as the user's F1 would find it.
        var shell = window.getShell();
        shell.forceActive();
        assertTrue(Workbench.spinUntil(() -> shell.getDisplay().getActiveShell() == shell, 10_000), "the workbench window is active");
        PlatformUI.getWorkbench().getHelpSystem().displayHelp(HelpContexts.PREFERENCES);
        IWorkbenchPage wb = window.getActivePage();
        Workbench.spinUntil(() -> wb.findView("org.eclipse.help.ui.HelpView") != null, 15_000);
        IViewPart help = wb.findView("org.eclipse.help.ui.HelpView");
        assertNotNull(help, "the platform's Help view opens for the context");
        Workbench.spin(500);
        Workbench.screenshot("ide-help-context");

        org.eclipse.help.internal.base.BaseHelpSystem.ensureWebappRunning();
        String base = "http://" + org.eclipse.help.internal.server.WebappManager.getHost() + ":"
                + org.eclipse.help.internal.server.WebappManager.getPort() + "/help/topic";
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + PLUGIN + "kinds/send-cycle.html")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains(Explanations.of(FindingKind.SEND_CYCLE).summary()), page.body());
        HttpResponse<String> toc = http.send(HttpRequest.newBuilder(URI.create(base.replace("/topic", "/index.jsp"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, toc.statusCode(), "Help Contents' start page");
    }
}
