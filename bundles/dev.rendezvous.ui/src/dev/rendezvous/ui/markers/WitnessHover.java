package dev.rendezvous.ui.markers;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.ui.text.java.hover.IJavaEditorTextHover;
import org.eclipse.jface.text.AbstractInformationControl;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IInformationControlCreator;
import org.eclipse.jface.text.IInformationControlExtension2;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHoverExtension;
import org.eclipse.jface.text.ITextHoverExtension2;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.texteditor.ITextEditor;

import dev.rendezvous.core.FileReport;
import dev.rendezvous.core.RunReport;
import dev.rendezvous.core.model.Finding;
import dev.rendezvous.core.model.FindingKind;
import dev.rendezvous.core.model.Related;
import dev.rendezvous.core.model.Severity;
import dev.rendezvous.ui.HelpContexts;
import dev.rendezvous.ui.IdeAnalysis;

/**
 * The Rendezvous hover on an MPJ call: for each finding at the hovered line, its message, the
 * witness rank by rank and the related operations on other ranks as links that jump to their
 * lines, and the NBAP buffer numbers of the ranks involved. Drawn with SWT {@link Link} widgets,
 * so the links work without a browser. Registered as a Java editor text hover (Preferences → Java
 * → Editor → Hovers); where JDT's problem hover is asked first it shows the same message, and
 * this hover is one modifier key away.
 */
public final class WitnessHover implements IJavaEditorTextHover, ITextHoverExtension, ITextHoverExtension2 {
    /** What the hover shows for one line: findings at it, with the editor to navigate in. */
    public record Info(List<Finding> findings, List<String> bufferLines, ITextEditor editor, IDocument document) {}

    private static final Pattern LINE = Pattern.compile("\\bline[ \u00a0](\\d+)");
    private IEditorPart editor;

    @Override
    public void setEditor(IEditorPart editorPart) {
        this.editor = editorPart;
    }

    @Override
    public IRegion getHoverRegion(ITextViewer textViewer, int offset) {
        return new Region(offset, 0);
    }

    @Override
    @Deprecated
    public String getHoverInfo(ITextViewer textViewer, IRegion hoverRegion) {
        Info info = (Info) getHoverInfo2(textViewer, hoverRegion);
        return info == null ? null : info.findings().get(0).message();
    }

    @Override
    public Object getHoverInfo2(ITextViewer textViewer, IRegion hoverRegion) {
        if (!(editor instanceof ITextEditor te)) return null;
        IDocument doc = textViewer.getDocument();
        String file = IdeAnalysis.fileOf(te);
        try {
            return infoAt(file, doc, doc.getLineOfOffset(hoverRegion.getOffset()) + 1, te);
        } catch (BadLocationException e) {
            return null;
        }
    }

    /** The findings at a 1-based line of the document (the analysis is cached by text, so this is a lookup). */
    public static Info infoAt(String file, IDocument doc, int line, ITextEditor te) {
        String text = doc.get();
        if (!text.contains("MPI.Init")) return null;
        FileReport report = IdeAnalysis.analyze(file, text, () -> false);
        List<Finding> here = new ArrayList<>();
        for (Finding f : IdeAnalysis.merged(report)) {
            if (f.severity() == Severity.INFO && f.kind() != dev.rendezvous.core.model.FindingKind.BUFFER_REQUIREMENT
                    && f.kind() != dev.rendezvous.core.model.FindingKind.DUMMY_INTERVAL) continue;
            boolean at = f.range() != null && f.range().line() == line && file.equals(f.range().file());
            for (Related r : f.related()) at |= r.partner() && r.range().line() == line && file.equals(r.range().file());
            if (at) here.add(f);
        }
        if (here.isEmpty()) return null;
        List<String> buffers = new ArrayList<>();
        RunReport first = report.runs().isEmpty() ? null : report.runs().get(0);
        if (first != null && first.buffers() != null) {
            java.util.Set<Integer> ranks = new java.util.TreeSet<>();
            for (Finding f : here) ranks.addAll(f.ranks());
            for (int r : ranks) {
                if (r < 0 || r >= first.buffers().receiveModel().length) continue;
                buffers.add("rank " + r + " at np=" + first.np() + ": " + first.buffers().receiveModel()[r]
                        + " receive buffer(s) so no send to it blocks (NBAP)"
                        + (first.buffers().minimumSafe() == null ? "" : ", " + first.buffers().minimumSafe()[r] + " in a minimum deadlock-free assignment"));
            }
        }
        return new Info(here, buffers, te, doc);
    }

    @Override
    public IInformationControlCreator getHoverControlCreator() {
        return parent -> new WitnessControl(parent);
    }

    /** The hover's content: one SWT Link per line, "line N" turned into a link to that line. */
    public static final class WitnessControl extends AbstractInformationControl implements IInformationControlExtension2 {
        private Composite body;
        private Info info;
        private final List<Link> links = new ArrayList<>();
        /** The prefix of a link to a finding kind's help page ("help:send-cycle"); other links are line numbers. */
        static final String HELP = "help:";

        public WitnessControl(Shell parent) {
            super(parent, "Rendezvous \u2014 click a line to go there");
            create();
        }

        @Override
        protected void createContent(Composite parent) {
            body = new Composite(parent, SWT.NONE);
            GridLayout l = new GridLayout(1, false);
            l.marginWidth = 6;
            l.marginHeight = 4;
            l.verticalSpacing = 2;
            body.setLayout(l);
        }

        @Override
        public void setInput(Object input) {
            for (Control c : body.getChildren()) c.dispose();
            links.clear();
            this.info = (Info) input;
            if (info == null) return;
            for (Finding f : info.findings()) {
                add("<a href=\"" + (f.range() == null ? 0 : f.range().line()) + "\">" + f.kind().id() + "</a> \u2014 "
                        + (f.verdict() == dev.rendezvous.core.model.Verdict.NONE ? "" : f.verdict().plainWords() + " (" + f.verdict().runId() + "), ")
                        + "ranks " + f.ranks().toString().replaceAll("[\\[\\]]", ""));
                add(linked(wrap(f.message().replaceAll("\\bline (\\d+)", "line\u00a0$1"), 110)));
                var x = dev.rendezvous.core.model.Explanations.of(f.kind()); // the text of rendezvous --explain
                add(esc(wrap("What it means: " + x.summary() + " How to fix it: " + x.fix(), 110))
                        + " <a href=\"" + HELP + f.kind().id() + "\">More in Help</a>");
                if (!f.witness().isBlank()) {
                    for (String w : f.witness().split("\n")) add("    " + linked(w));
                }
                for (Related r : f.related()) {
                    add("    \u2192 <a href=\"" + r.range().line() + "\">line " + r.range().line() + "</a> (rank " + r.rank() + "): "
                            + esc(r.message()));
                }
            }
            for (String b : info.bufferLines()) add(esc(b));
            body.layout(true, true);
        }

        private void add(String markup) {
            Link link = new Link(body, SWT.WRAP);
            link.setText(markup);
            link.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
            link.addListener(SWT.Selection, e -> {
                if (e.text.startsWith(HELP)) {
                    dispose();
                    HelpContexts.showKindPage(FindingKind.byId(e.text.substring(HELP.length())));
                } else {
                    go(Integer.parseInt(e.text));
                }
            });
            links.add(link);
        }

        /** Selects the given 1-based line in the editor and closes the hover. */
        public void go(int line) {
            if (info == null || info.editor() == null || line < 1) return;
            try {
                IRegion r = info.document().getLineInformation(line - 1);
                info.editor().selectAndReveal(r.getOffset(), r.getLength());
            } catch (BadLocationException e) {
                return;
            }
            dispose();
        }

        /** The link texts shown (for tests). */
        public List<String> texts() {
            return links.stream().map(Link::getText).toList();
        }

        @Override
        public boolean hasContents() {
            return info != null && !info.findings().isEmpty();
        }

        @Override
        public Point computeSizeHint() {
            Point p = getShell().computeSize(SWT.DEFAULT, SWT.DEFAULT, true);
            return new Point(Math.min(p.x, 900), Math.min(p.y, 600));
        }

        @Override
        public IInformationControlCreator getInformationPresenterControlCreator() {
            return parent -> new WitnessControl(parent);
        }

        private static String linked(String text) {
            Matcher m = LINE.matcher(esc(text));
            return m.replaceAll("<a href=\"$1\">line $1</a>");
        }

        private static String esc(String s) {
            return s.replace("&", "&&").replace("<", "\u2039").replace(">", "\u203a");
        }

        private static String wrap(String s, int width) {
            StringBuilder b = new StringBuilder();
            int col = 0;
            for (String w : s.split(" ")) {
                if (col + w.length() > width && col > 0) {
                    b.append('\n');
                    col = 0;
                } else if (col > 0) {
                    b.append(' ');
                    col++;
                }
                b.append(w);
                col += w.length();
            }
            return b.toString();
        }
    }
}
