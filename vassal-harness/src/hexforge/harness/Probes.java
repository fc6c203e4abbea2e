package hexforge.harness;

import java.awt.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import VASSAL.build.GameModule;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.map.MovementReporter;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.PieceCloner;
import VASSAL.counters.UsePrototype;

/**
 * One piece of each prototype the palette uses, exercised as a player would: its right-click
 * commands with their enabled state, then Flip, a one-hex move and Delete with the report each gives.
 * A piece placed by a predefined setup is preferred (that is how a game starts); a prototype no setup
 * uses is probed on a piece dragged from the palette.
 */
final class Probes {
  /** Prototype name → the names of the palette pieces that use it, and its first slot. */
  private final Map<String, Set<String>> pieceNames = new LinkedHashMap<>();
  private final Map<String, PieceSlot> firstSlot = new LinkedHashMap<>();
  private final Set<String> probed = new LinkedHashSet<>();

  Probes(GameModule gm) {
    for (final PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
      final GamePiece piece = slot.getPiece();
      if (piece == null) continue;
      for (final GamePiece use : Decorator.getDecorators(piece, UsePrototype.class)) {
        final String proto = ((UsePrototype) use).getPrototypeName();
        pieceNames.computeIfAbsent(proto, k -> new LinkedHashSet<>()).add(Decorator.getInnermost(piece).getName());
        firstSlot.putIfAbsent(proto, slot);
      }
    }
  }

  List<Map<String, Object>> probeFrom(List<GamePiece> pieces, String setupName) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final Map.Entry<String, Set<String>> e : pieceNames.entrySet()) {
      if (probed.contains(e.getKey())) continue;
      GamePiece chosen = null;
      for (final GamePiece p : pieces) {
        if (p.getMap() != null && e.getValue().contains(Decorator.getInnermost(p).getName()) && Moves.neighbour(p) != null) {
          chosen = p;
          break;
        }
      }
      if (chosen == null) continue;
      probed.add(e.getKey());
      out.add(probe(e.getKey(), chosen, "setup " + setupName));
    }
    return out;
  }

  /** The prototypes no setup piece exercised, each on a piece dragged from its palette slot. */
  List<Map<String, Object>> probeFromPalette(GameModule gm) {
    final List<Map<String, Object>> out = new ArrayList<>();
    final List<VASSAL.build.module.Map> maps = gm.getAllDescendantComponentsOf(VASSAL.build.module.Map.class);
    if (maps.isEmpty()) return out;
    gm.getGameState().setModified(false);
    gm.getGameState().setup(false);
    gm.getGameState().setup(true);
    for (final Map.Entry<String, PieceSlot> e : firstSlot.entrySet()) {
      if (probed.contains(e.getKey())) continue;
      final GamePiece piece = PieceCloner.getInstance().clonePiece(e.getValue().getPiece());
      final Moves.Cell cell = Moves.firstCell(maps);
      if (cell == null) break;
      cell.map().placeOrMerge(piece, cell.at());
      probed.add(e.getKey());
      out.add(probe(e.getKey(), piece, "palette"));
    }
    return out;
  }

  private static Map<String, Object> probe(String prototype, GamePiece piece, String source) {
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("prototype", prototype);
    out.put("source", source);
    out.put("piece", Decorator.getInnermost(piece).getName());
    out.put("location", piece.getMap().locationName(piece.getPosition()));
    final List<Map<String, Object>> commands = new ArrayList<>();
    KeyCommand flip = null;
    for (final KeyCommand command : SetupChecks.commands(piece)) {
      final Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", command.getName());
      entry.put("key", SetupChecks.keyText(command.getKeyStroke()));
      entry.put("enabled", command.isEnabled());
      commands.add(entry);
      if (flip == null && command.isEnabled() && command.getName().toLowerCase().contains("flip")) flip = command;
    }
    out.put("commands", commands);
    if (flip != null) {
      final String before = piece.getState();
      final Map<String, Object> effect = new LinkedHashMap<>();
      effect.put("command", flip.getName());
      effect.put("reports", reports(piece.keyEvent(flip.getKeyStroke())));
      effect.put("changed", !before.equals(piece.getState()));
      effect.put("nameAfter", piece.getName());
      out.put("flip", effect);
    }
    final Point to = Moves.neighbour(piece);
    if (to != null) {
      final VASSAL.build.module.Map map = piece.getMap();
      final Map<String, Object> effect = new LinkedHashMap<>();
      effect.put("from", map.locationName(piece.getPosition()));
      effect.put("to", map.locationName(to));
      final Command moved = map.placeOrMerge(piece, to);
      effect.put("reports", reports(new MovementReporter(moved).getReportCommand()));
      effect.put("locationAfter", String.valueOf(piece.getProperty(VASSAL.counters.BasicPiece.LOCATION_NAME)));
      out.put("move", effect);
    }
    final KeyCommand delete = SetupChecks.deleteCommand(piece);
    if (delete != null) {
      final Map<String, Object> effect = new LinkedHashMap<>();
      effect.put("command", delete.getName());
      effect.put("enabled", delete.isEnabled());
      effect.put("reports", delete.isEnabled() ? reports(piece.keyEvent(delete.getKeyStroke())) : List.of());
      effect.put("removed", piece.getMap() == null);
      out.put("delete", effect);
    }
    return out;
  }

  /** The chat lines a command would show (report traits and move reports). */
  static List<String> reports(Command command) {
    final List<String> out = new ArrayList<>();
    collect(command, out);
    return out;
  }

  private static void collect(Command command, List<String> out) {
    if (command == null) return;
    if (command instanceof Chatter.DisplayText) out.add(((Chatter.DisplayText) command).getMessage());
    for (final Command sub : command.getSubCommands()) collect(sub, out);
  }
}
