package dev.rendezvous.ui.views;

import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.ScalableLayeredPane;
import org.eclipse.draw2d.StackLayout;
import org.eclipse.draw2d.geometry.Dimension;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.swt.graphics.Rectangle;

/**
 * Zoom for a graph view's canvas, shared by both graph views: Fit, Zoom In, Zoom Out and 100% on
 * the view's toolbar. A new drawing shrinks to the view down to a readable size and scrolls beyond
 * it, until the user picks a zoom, which later drawings then keep.
 */
final class ZoomControl {
    /** Below this zoom the labels are no longer readable: a new drawing is not shrunk further, it scrolls. */
    static final double READABLE = 0.6;

    private final FigureCanvas canvas;
    private ScalableLayeredPane pane;
    /** Whether the user chose a zoom (then a new drawing keeps it instead of fitting itself to the view). */
    private boolean userZoom;

    ZoomControl(FigureCanvas canvas) {
        this.canvas = canvas;
    }

    void addActions(IToolBarManager toolbar) {
        toolbar.add(action("Fit", this::fitToView));
        toolbar.add(action("Zoom In", () -> setZoom(zoom() * 1.25)));
        toolbar.add(action("Zoom Out", () -> setZoom(zoom() * 0.8)));
        toolbar.add(action("100%", () -> setZoom(1.0)));
    }

    static Action action(String text, Runnable r) {
        return new Action(text) {
            @Override
            public void run() {
                r.run();
            }
        };
    }

    /** Shows {@code root} at the current zoom, or fitted to the view when the user has not chosen one. */
    void setContents(IFigure root) {
        double scale = zoom();
        pane = new ScalableLayeredPane();
        pane.setLayoutManager(new StackLayout());
        pane.add(root);
        pane.setScale(scale);
        canvas.setContents(pane);
        if (!userZoom) fit(READABLE);
    }

    /** The scaled drawing (null before the first one), for export. */
    ScalableLayeredPane pane() {
        return pane;
    }

    /** Sets the zoom (0.1 to 4). */
    void setZoom(double scale) {
        userZoom = true;
        if (pane != null) pane.setScale(Math.max(0.1, Math.min(4.0, scale)));
    }

    double zoom() {
        return pane == null ? 1.0 : pane.getScale();
    }

    /** Scales the drawing so that all of it is visible in the view (never above 100%): the Fit button. */
    void fitToView() {
        fit(0.1);
    }

    private void fit(double floor) {
        userZoom = false;
        if (pane == null || pane.getChildren().isEmpty()) return;
        Dimension pref = ((IFigure) pane.getChildren().get(0)).getPreferredSize();
        Rectangle area = canvas.getClientArea();
        if (pref.width <= 0 || pref.height <= 0 || area.width <= 0 || area.height <= 0) return;
        double scale = Math.min(1.0, Math.min((double) area.width / pref.width, (double) area.height / pref.height));
        pane.setScale(Math.max(floor, scale));
    }

    /** Whether the whole drawing is visible at the current zoom. */
    boolean drawingFits() {
        if (pane == null) return true;
        Dimension d = pane.getPreferredSize();
        Rectangle area = canvas.getClientArea();
        return d.width <= area.width && d.height <= area.height;
    }

    /** Whether the canvas offers a scroll bar (the drawing is larger than the view at this zoom). */
    boolean scrolls() {
        canvas.getLightweightSystem().getRootFigure().validate();
        return canvas.getVerticalBar() != null && canvas.getVerticalBar().isVisible()
                || canvas.getHorizontalBar() != null && canvas.getHorizontalBar().isVisible();
    }

    /** Writes what is drawn as a PNG, at the current zoom (both views' Export PNG). */
    void exportPng(java.nio.file.Path out) throws java.io.IOException {
        org.eclipse.draw2d.ScalableLayeredPane zoomPane = pane();
        if (zoomPane == null) throw new java.io.IOException("nothing drawn yet");
        org.eclipse.draw2d.geometry.Dimension size = zoomPane.getPreferredSize();
        org.eclipse.swt.graphics.Image image = new org.eclipse.swt.graphics.Image(org.eclipse.swt.widgets.Display.getDefault(), Math.max(1, size.width),
                Math.max(1, size.height));
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(image);
        try {
            org.eclipse.draw2d.SWTGraphics g = new org.eclipse.draw2d.SWTGraphics(gc);
            g.setBackgroundColor(org.eclipse.draw2d.ColorConstants.white);
            g.fillRectangle(0, 0, size.width, size.height);
            g.translate(-zoomPane.getBounds().x, -zoomPane.getBounds().y);
            zoomPane.paint(g);
            g.dispose();
            org.eclipse.swt.graphics.ImageLoader loader = new org.eclipse.swt.graphics.ImageLoader();
            loader.data = new org.eclipse.swt.graphics.ImageData[] {image.getImageData()};
            loader.save(out.toString(), org.eclipse.swt.SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
    }
}
