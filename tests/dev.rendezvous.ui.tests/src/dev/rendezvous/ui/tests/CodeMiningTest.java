package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.codemining.LineHeaderCodeMining;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

import dev.rendezvous.ui.minings.DummyIntervalMinings;

/** Dummy-interval code minings above the send of each channel of the FilterDiamond pipeline. */
class CodeMiningTest {

    @Test
    void eachChannelOfTheDiamondGetsAMiningWithBothIntervals() throws Exception {
        org.eclipse.jface.preference.IPreferenceStore jdt = org.eclipse.jdt.ui.PreferenceConstants.getPreferenceStore();
        boolean was = jdt.getBoolean("editor_codemining_enabled");
        jdt.setValue("editor_codemining_enabled", true);
        try {
            IFile file = Workbench.example("FilterDiamond.java");
            IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
            ITextEditor editor = (ITextEditor) IDE.openEditor(page, file);
            IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
            List<LineHeaderCodeMining> minings = new DummyIntervalMinings().minings(file.getFullPath().toString(), doc.get(), doc,
                    () -> false);
            List<String> labels = minings.stream().map(LineHeaderCodeMining::getLabel).toList();
            assertEquals(1, labels.size(), "one header over the send statement all channels share: " + labels);
            assertTrue(labels.get(0).contains("0\u21921 (capacity 2): every 3 / 2"), labels.toString());
            assertTrue(labels.get(0).startsWith("\u21e2 dummy tokens needed: 0\u2192") && labels.get(0).contains("N if stages forward dummies / N if they do not") && !labels.get(0).contains("Alg."),
                    "plain words, no algorithm numbers: " + labels);
            assertTrue(labels.get(0).contains("0\u21922 (capacity 1): every 5 / 3"), labels.toString());
            assertTrue(labels.get(0).contains("1\u21923 (capacity 3): every \u221e / 2"), labels.toString());
            assertTrue(labels.get(0).contains("2\u21923 (capacity 2): every \u221e / 3"), labels.toString());
            int sendLine = doc.getLineOfOffset(doc.get().indexOf("sent.add(MPI.COMM_WORLD.Isend(token"));
            assertTrue(minings.stream().allMatch(m -> {
                try {
                    return doc.getLineOfOffset(m.getPosition().getOffset()) == sendLine;
                } catch (org.eclipse.jface.text.BadLocationException e) {
                    return false;
                }
            }), "above the Isend that carries every channel's tokens");
            page.closeEditor(editor, false); // reopened with minings on, the editor installs the providers
            Workbench.spin(300);
            editor = (ITextEditor) IDE.openEditor(page, file);
            assertTrue(editor.getSite().getPage().isPartVisible(editor));
            editor.selectAndReveal(doc.get().indexOf("sent.add(MPI.COMM_WORLD.Isend(token"), 0);
            Workbench.spin(2500); // minings are computed asynchronously and drawn on the next paint
            Workbench.screenshot("ide-dummy-interval-minings");
        } finally {
            jdt.setValue("editor_codemining_enabled", was);
        }
    }
}
