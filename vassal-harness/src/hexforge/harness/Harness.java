package hexforge.harness;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.JFrame;
import javax.swing.SwingUtilities;
import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.ModuleExtension;
import VASSAL.launch.StandardConfig;
import VASSAL.tools.DataArchive;
import VASSAL.tools.menu.MenuBarProxy;
import VASSAL.tools.menu.MenuManager;

/**
 * Loads one VASSAL module the way the Player does and writes what VASSAL itself says about it as
 * JSON: load errors and warnings, dialogs, the validation report, each palette piece decoded and
 * re-encoded, missing images, each grid's name → point → name sweep, each predefined setup's pieces
 * (location, snap point, Delete, menu), each palette piece's traits and menu, the pieces a new game
 * starts with, and one probed piece per prototype.
 *
 * Usage: Harness <module.vmod> <report.json> <time limit in seconds> [property,property,…] [extension paths]
 * (extensions separated by the path separator, loaded in order after the module as VASSAL loads them).
 * Needs a display (Xvfb) and its own user.home; the caller starts and stops both.
 */
public final class Harness {
  private static final Map<String, Object> report = new LinkedHashMap<>();
  private static final Capture capture = new Capture();
  private static Path output;

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: Harness <module.vmod> <report.json> <seconds> [properties]");
      System.exit(2);
    }
    final File module = new File(args[0]);
    output = Path.of(args[1]);
    final long limit = Long.parseLong(args[2]) * 1000L;
    final List<String> properties = args.length > 3 && !args[3].isEmpty() ? Arrays.asList(args[3].split(",")) : List.of();
    final List<String> extensions = args.length > 4 && !args[4].isEmpty() ? Arrays.asList(args[4].split(File.pathSeparator)) : List.of();
    final long start = System.nanoTime();
    startWatchdog(limit);
    capture.install();
    report.put("module", module.getAbsolutePath());
    try {
      SwingUtilities.invokeAndWait(() -> run(module, properties, extensions, start));
    }
    catch (java.lang.reflect.InvocationTargetException e) {
      final Throwable cause = e.getCause();
      report.put("crash", String.valueOf(cause));
      cause.printStackTrace();
    }
    report.put("millis", (System.nanoTime() - start) / 1_000_000);
    finish(0);
  }

  private static void run(File module, List<String> properties, List<String> extensions, long start) {
    final Map<String, Object> timing = new LinkedHashMap<>();
    report.put("timing", timing);
    try {
      Info.setConfig(new StandardConfig());
      report.put("vassalVersion", Info.getVersion());
      new MenuManager() {
        private final MenuBarProxy bar = new MenuBarProxy();

        @Override
        public javax.swing.JMenuBar getMenuBarFor(JFrame frame) {
          return null;
        }

        @Override
        public MenuBarProxy getMenuBarProxyFor(JFrame frame) {
          return bar;
        }
      };
      GameModule.init(new GameModule(new DataArchive(module.getPath())));
    }
    catch (Throwable e) {
      report.put("loadError", String.valueOf(e));
      return;
    }
    final GameModule gm = GameModule.getGameModule();
    if (!extensions.isEmpty()) report.put("extensions", loadExtensions(extensions));
    timing.put("load", ms(start));
    report.put("name", gm.getGameName());
    report.put("version", gm.getGameVersion());
    report.put("validation", ModuleChecks.validation(gm));
    report.put("pieceSlots", ModuleChecks.pieceSlots(gm));
    report.put("images", ModuleChecks.images(gm));
    report.put("maps", ModuleChecks.maps(gm));
    report.put("grids", ModuleChecks.grids(gm));
    report.put("zones", ModuleChecks.zones(gm));
    report.put("dice", ModuleChecks.dice(gm));
    report.put("palette", Listing.palette(gm));
    timing.put("module", ms(start));
    final Probes probes = new Probes(gm);
    report.put("setups", SetupChecks.run(gm, properties, probes));
    timing.put("setups", ms(start));
    report.put("atStart", Listing.atStart(gm, properties));
    report.put("atStartDecks", Listing.decks());
    final List<Map<String, Object>> palette = new ArrayList<>(probes.probeFromPalette(gm));
    report.put("paletteProbes", palette);
    timing.put("probes", ms(start));
  }

  /** Each extension built into the module as ExtensionsLoader builds it; one VASSAL refuses says why. */
  private static List<Map<String, Object>> loadExtensions(List<String> extensions) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final String path : extensions) {
      final Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("file", path);
      try {
        new ModuleExtension(new DataArchive(path)).build();
      }
      catch (Throwable e) {
        entry.put("error", e.getMessage() == null ? String.valueOf(e) : e.getMessage());
      }
      out.add(entry);
    }
    return out;
  }

  private static long ms(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }

  /** Past the time limit, writes what is known with "timedOut" and stops the JVM whatever it is doing. */
  private static void startWatchdog(long limit) {
    final Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep(limit);
      }
      catch (InterruptedException e) {
        return;
      }
      synchronized (report) {
        report.put("timedOut", true);
      }
      finish(3);
    }, "hexforge-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
  }

  private static synchronized void finish(int status) {
    capture.stop();
    Map<String, Object> out;
    try {
      synchronized (report) {
        out = new LinkedHashMap<>(report);
      }
    }
    catch (java.util.ConcurrentModificationException busy) {
      out = new LinkedHashMap<>(Map.of("timedOut", true));
    }
    out.put("log", capture.logSnapshot());
    out.put("dialogs", capture.dialogSnapshot());
    try {
      Files.writeString(output, Json.write(out) + "\n", StandardCharsets.UTF_8);
    }
    catch (Exception e) {
      e.printStackTrace();
      status = 4;
    }
    System.out.flush();
    Runtime.getRuntime().halt(status);
  }
}
