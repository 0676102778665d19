package dev.rendezvous.ui.views;

import java.util.function.BiConsumer;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.ColorConstants;
import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.XYLayout;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/** What the two graph views share: the process-count row, the canvas, waiting for a render, opening from a command. */
final class GraphViewParts {
    private GraphViewParts() {}

    /** "Processes: [n]" across the top of {@code parent}; {@code onChange} runs when the count changes. */
    static Spinner processCounts(Composite parent, int initial, int max, int page, Runnable onChange) {
        parent.setLayout(new GridLayout(2, false));
        new org.eclipse.swt.widgets.Label(parent, SWT.NONE).setText("Processes:");
        Spinner spinner = new Spinner(parent, SWT.BORDER);
        spinner.setValues(initial, 1, max, 0, 1, page);
        spinner.addListener(SWT.Selection, e -> onChange.run());
        return spinner;
    }

    /** The drawing area below it, showing {@code hint} until there is something to draw. */
    static FigureCanvas canvas(Composite parent, Label hint) {
        FigureCanvas canvas = new FigureCanvas(parent, SWT.DOUBLE_BUFFERED);
        canvas.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        canvas.setBackground(ColorConstants.white);
        Figure empty = new Figure();
        empty.setLayoutManager(new XYLayout());
        empty.add(hint, new Rectangle(10, 5, 600, 20));
        canvas.setContents(empty);
        return canvas;
    }

    /** Waits for the view's analysis job, then lets the render it posted to the UI thread run (tests). */
    static void join(Job job) throws InterruptedException {
        if (job != null) job.join();
        Display d = Display.getDefault();
        while (d.readAndDispatch()) {
            // run the asyncExec that renders
        }
    }

    /** Opens the view {@code id} and shows the active editor's program in it (the commands' handlers). */
    static <V> void open(ExecutionEvent event, String id, Class<V> type, BiConsumer<V, ITextEditor> show) throws ExecutionException {
        ITextEditor editor = CommunicationGraphView.textEditor(HandlerUtil.getActiveEditor(event));
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            V view = type.cast(page.showView(id));
            if (editor != null) show.accept(view, editor);
        } catch (PartInitException e) {
            throw new ExecutionException("Cannot open the view " + id, e);
        }
    }
}
