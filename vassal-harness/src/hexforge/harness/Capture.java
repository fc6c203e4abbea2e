package hexforge.harness;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;
import java.awt.Dialog;
import java.awt.Window;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.JDialog;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.SwingUtilities;
import javax.swing.text.JTextComponent;
import java.awt.Component;
import java.awt.Container;
import org.slf4j.LoggerFactory;
import VASSAL.tools.ErrorDialog;
import VASSAL.tools.bug.BugHandler;

/**
 * What VASSAL says while the harness drives it: every WARN or ERROR logged through logback (data
 * warnings included), every throwable handed to ErrorDialog.bug, and every dialog it pops up, which
 * is recorded and closed so that nothing waits for a click.
 */
final class Capture {
  final List<Map<String, Object>> log = new ArrayList<>();
  final List<Map<String, Object>> dialogs = new ArrayList<>();
  private volatile boolean closing = true;

  void install() {
    final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
      @Override
      protected void append(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.WARN)) return;
        final Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("level", event.getLevel().toString().toLowerCase());
        entry.put("logger", event.getLoggerName());
        entry.put("message", event.getFormattedMessage());
        final IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) entry.put("exception", thrown.getClassName() + ": " + thrown.getMessage());
        synchronized (log) {
          log.add(entry);
        }
      }
    };
    appender.setContext(context);
    appender.setName("hexforge-harness");
    appender.start();
    context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(appender);

    ErrorDialog.addBugHandler(new BugHandler() {
      @Override
      public boolean accept(Throwable thrown) {
        return true;
      }

      @Override
      public void handle(Throwable thrown) {
        final Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("level", "error");
        entry.put("logger", "ErrorDialog.bug");
        entry.put("message", String.valueOf(thrown));
        synchronized (log) {
          log.add(entry);
        }
      }
    });

    final Thread closer = new Thread(() -> {
      while (closing) {
        try {
          Thread.sleep(150);
        }
        catch (InterruptedException e) {
          return;
        }
        SwingUtilities.invokeLater(this::closeDialogs);
      }
    }, "hexforge-dialog-closer");
    closer.setDaemon(true);
    closer.start();
  }

  void stop() {
    closing = false;
  }

  /** Records and disposes every visible dialog (modal ones included: they run their own event loop). */
  private void closeDialogs() {
    for (final Window window : Window.getWindows()) {
      if (!(window instanceof Dialog) || !window.isShowing()) continue;
      final Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("title", ((Dialog) window).getTitle());
      entry.put("text", textOf(window).trim());
      synchronized (dialogs) {
        dialogs.add(entry);
      }
      if (window instanceof JDialog) {
        final JOptionPane pane = findOptionPane(((JDialog) window).getContentPane());
        if (pane != null) pane.setValue(JOptionPane.CLOSED_OPTION);
      }
      window.setVisible(false);
      window.dispose();
    }
  }

  private static JOptionPane findOptionPane(Component c) {
    if (c instanceof JOptionPane) return (JOptionPane) c;
    if (c instanceof Container) {
      for (final Component child : ((Container) c).getComponents()) {
        final JOptionPane found = findOptionPane(child);
        if (found != null) return found;
      }
    }
    return null;
  }

  private static String textOf(Component c) {
    final StringBuilder out = new StringBuilder();
    collectText(c, out);
    return out.toString();
  }

  private static void collectText(Component c, StringBuilder out) {
    if (c instanceof JLabel && ((JLabel) c).getText() != null) out.append(((JLabel) c).getText()).append('\n');
    else if (c instanceof JTextComponent) out.append(((JTextComponent) c).getText()).append('\n');
    if (c instanceof Container) for (final Component child : ((Container) c).getComponents()) collectText(child, out);
  }

  List<Map<String, Object>> logSnapshot() {
    synchronized (log) {
      return new ArrayList<>(log);
    }
  }

  List<Map<String, Object>> dialogSnapshot() {
    synchronized (dialogs) {
      return new ArrayList<>(dialogs);
    }
  }
}
