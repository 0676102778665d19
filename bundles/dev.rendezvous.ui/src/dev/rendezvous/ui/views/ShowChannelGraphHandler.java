package dev.rendezvous.ui.views;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;

/** "Show Channel Graph": opens the view on the streaming program in the active editor. */
public final class ShowChannelGraphHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        GraphViewParts.open(event, ChannelGraphView.ID, ChannelGraphView.class, (view, editor) -> view.showEditor(editor, 0));
        return null;
    }
}
