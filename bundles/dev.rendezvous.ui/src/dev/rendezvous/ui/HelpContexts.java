package dev.rendezvous.ui;

import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.PlatformUI;

import dev.rendezvous.core.model.FindingKind;

/**
 * The context-help ids of Rendezvous's preference pages and views. Their text and topics are in the
 * help plug-in ({@code dev.rendezvous.help/contexts.xml}); F1 or the dialog's "?" shows them in the
 * Help view when the platform's help UI is installed, and does nothing otherwise.
 */
public final class HelpContexts {
    public static final String PREFERENCES = RendezvousPlugin.ID + ".preferences";
    public static final String PROJECT_PROPERTIES = RendezvousPlugin.ID + ".projectProperties";
    public static final String COMMUNICATION_GRAPH = RendezvousPlugin.ID + ".communicationGraph";
    public static final String CHANNEL_GRAPH = RendezvousPlugin.ID + ".channelGraph";

    private HelpContexts() {}

    /** The help page of {@code kind} (written by the help plug-in from the text of {@code rendezvous --explain}). */
    public static String kindPage(FindingKind kind) {
        return "/dev.rendezvous.help/kinds/" + kind.id() + ".html";
    }

    /** Opens the help page of {@code kind} in the help window. */
    public static void showKindPage(FindingKind kind) {
        PlatformUI.getWorkbench().getHelpSystem().displayHelpResource(kindPage(kind));
    }

    /** Attaches the context {@code id} to {@code control} (and so to its children). */
    public static void attach(Control control, String id) {
        if (PlatformUI.isWorkbenchRunning()) PlatformUI.getWorkbench().getHelpSystem().setHelp(control, id);
    }
}
