package dev.rendezvous.ui;
import org.eclipse.ui.plugin.AbstractUIPlugin;
public final class RendezvousPlugin extends AbstractUIPlugin {}
