package hexforge.harness;

import java.awt.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.KeyStroke;
import VASSAL.build.GameModule;
import VASSAL.build.module.GameState;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.counters.Deck;
import VASSAL.counters.Decorator;
import VASSAL.counters.Delete;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.PieceCloner;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;
import VASSAL.tools.NamedKeyStroke;
import VASSAL.tools.SequenceEncoder;

/**
 * Each predefined setup loaded as a player loads it: every piece with VASSAL's location name and
 * snap point; the pieces chosen to probe each prototype; then every piece deleted with its own
 * Delete command, as a player would press it.
 */
final class SetupChecks {
  private SetupChecks() {}

  static List<Map<String, Object>> run(GameModule gm, List<String> properties, Probes probes) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final PredefinedSetup setup : gm.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      if (!setup.isUseFile() || setup.getFileName() == null || setup.getFileName().isEmpty()) continue;
      out.add(one(gm, setup, properties, probes));
    }
    return out;
  }

  private static Map<String, Object> one(GameModule gm, PredefinedSetup setup, List<String> properties, Probes probes) {
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", setup.getConfigureName());
    out.put("file", setup.getFileName());
    final GameState state = gm.getGameState();
    try {
      state.loadGameInForeground(setup.getFileName(), setup.getSavedGameContents());
    }
    catch (Exception e) {
      out.put("loadError", String.valueOf(e));
      out.put("pieces", List.of());
      return out;
    }
    out.put("started", state.isGameStarted());
    final List<GamePiece> pieces = piecesOnMaps();
    final List<Map<String, Object>> reported = new ArrayList<>();
    for (final GamePiece piece : pieces) reported.add(describe(piece, properties));
    out.put("pieces", reported);
    out.put("probes", probes.probeFrom(pieces, setup.getConfigureName()));
    // Delete every piece with its own Delete command, the way a player presses it.
    for (int i = 0; i < pieces.size(); i++) {
      final GamePiece piece = pieces.get(i);
      final Map<String, Object> entry = reported.get(i);
      if (piece.getMap() == null) {
        entry.put("deleted", true);
        continue;
      }
      final KeyCommand delete = deleteCommand(piece);
      if (delete == null || !delete.isEnabled()) {
        entry.put("deleted", false);
        continue;
      }
      piece.keyEvent(delete.getKeyStroke());
      entry.put("deleted", piece.getMap() == null);
    }
    state.setModified(false);
    state.setup(false);
    return out;
  }

  /** Every piece on every map, stacks opened, each once. */
  static List<GamePiece> piecesOnMaps() {
    final List<GamePiece> pieces = new ArrayList<>();
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
      for (final GamePiece p : map.getPieces()) {
        if (p instanceof Stack) pieces.addAll(((Stack) p).asList());
        else pieces.add(p);
      }
    }
    return pieces;
  }

  /** The deck a piece lies in, with the settings its DrawPile (or its saved type) gave it, and whether its cards lie face down. */
  static Map<String, Object> deckOf(Deck deck) {
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", deck.getDeckName());
    out.put("faceDown", deck.getFaceDownOption());
    out.put("shuffle", deck.getShuffleOption());
    out.put("allowMultiple", deck.isAllowMultipleDraw());
    out.put("size", deck.getPieceCount());
    out.put("isFaceDown", deck.isFaceDown());
    return out;
  }

  static Map<String, Object> describe(GamePiece piece, List<String> properties) {
    final Map<String, Object> entry = new LinkedHashMap<>();
    final VASSAL.build.module.Map map = piece.getMap();
    final Point at = piece.getPosition();
    entry.put("name", Decorator.getInnermost(piece).getName());
    entry.put("shownName", piece.getName());
    entry.put("map", map.getMapName());
    entry.put("x", at.x);
    entry.put("y", at.y);
    entry.put("location", map.locationName(at));
    final Object locationProperty = piece.getProperty(VASSAL.counters.BasicPiece.LOCATION_NAME);
    entry.put("locationProperty", locationProperty == null ? "" : String.valueOf(locationProperty));
    final Point snap = map.snapTo(new Point(at));
    entry.put("snapX", snap.x);
    entry.put("snapY", snap.y);
    final Map<String, Object> values = new LinkedHashMap<>();
    for (final String name : properties) {
      final Object v = piece.getProperty(name);
      if (v != null && !String.valueOf(v).isEmpty()) values.put(name, String.valueOf(v));
    }
    entry.put("properties", values);
    if (piece.getParent() instanceof Deck) entry.put("deck", deckOf((Deck) piece.getParent()));
    entry.put("menu", Listing.menu(piece));
    final KeyCommand delete = deleteCommand(piece);
    entry.put("hasDelete", delete != null);
    entry.put("deleteEnabled", delete != null && delete.isEnabled());
    return entry;
  }

  /** The right-click command of the piece's Delete trait (the outermost one), if it has one. */
  static KeyCommand deleteCommand(GamePiece piece) {
    GamePiece trait = Decorator.getDecorator(piece, Delete.class);
    // A trait held in an unexpanded prototype is found on the expanded copy; its command is still the piece's.
    if (trait == null) trait = Decorator.getDecorator(PieceCloner.getInstance().clonePiece(piece), Delete.class);
    if (trait == null) return null;
    final SequenceEncoder.Decoder type = new SequenceEncoder.Decoder(((Decorator) trait).myGetType(), ';');
    type.nextToken();
    final String name = type.nextToken("");
    final NamedKeyStroke key = type.nextNamedKeyStroke(null);
    for (final KeyCommand command : commands(piece)) {
      if (command.getName().equals(name)) return command;
      if (key != null && command.getNamedKeyStroke() != null && key.equals(command.getNamedKeyStroke())) return command;
    }
    return null;
  }

  static KeyCommand[] commands(GamePiece piece) {
    final KeyCommand[] all = (KeyCommand[]) piece.getProperty(Properties.KEY_COMMANDS);
    return all == null ? new KeyCommand[0] : all;
  }

  static String keyText(KeyStroke stroke) {
    return stroke == null ? "" : stroke.toString().replace("pressed ", "");
  }
}
