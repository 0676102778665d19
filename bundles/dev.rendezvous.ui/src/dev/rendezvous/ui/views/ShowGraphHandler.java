package dev.rendezvous.ui.views;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/** "Show Communication Graph": opens the view on the program in the active editor. */
public final class ShowGraphHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ITextEditor editor = CommunicationGraphView.textEditor(HandlerUtil.getActiveEditor(event));
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            CommunicationGraphView view = (CommunicationGraphView) page.showView(CommunicationGraphView.ID);
            if (editor != null) view.showEditor(editor);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Communication Graph view", e);
        }
        return null;
    }
}
