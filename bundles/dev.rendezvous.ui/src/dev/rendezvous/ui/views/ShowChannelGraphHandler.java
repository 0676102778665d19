package dev.rendezvous.ui.views;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/** "Show Channel Graph": opens the view on the streaming program in the active editor. */
public final class ShowChannelGraphHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        ITextEditor editor = CommunicationGraphView.textEditor(HandlerUtil.getActiveEditor(event));
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            ChannelGraphView view = (ChannelGraphView) page.showView(ChannelGraphView.ID);
            if (editor != null) view.showEditor(editor, 0);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the Channel Graph view", e);
        }
        return null;
    }
}
