package dev.rendezvous.ui.views;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;

/** "Show Communication Graph": opens the view on the program in the active editor. */
public final class ShowGraphHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        GraphViewParts.open(event, CommunicationGraphView.ID, CommunicationGraphView.class, CommunicationGraphView::showEditor);
        return null;
    }
}
