package dev.rendezvous.ui;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.ui.plugin.AbstractUIPlugin;
import org.osgi.framework.BundleContext;

/** The UI bundle's activator. */
public final class RendezvousPlugin extends AbstractUIPlugin {
    public static final String ID = "dev.rendezvous.ui";
    private static RendezvousPlugin instance;

    @Override
    public void start(BundleContext context) throws Exception {
        super.start(context);
        instance = this;
        ProgramArguments.install();
    }

    @Override
    public void stop(BundleContext context) throws Exception {
        ProgramArguments.uninstall();
        instance = null;
        super.stop(context);
    }

    public static RendezvousPlugin getDefault() {
        return instance;
    }

    public static void log(String message, Throwable t) {
        ILog.of(RendezvousPlugin.class).log(new Status(IStatus.ERROR, ID, message, t));
    }
}
