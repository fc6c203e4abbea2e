package hexforge.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import VASSAL.build.GameModule;
import VASSAL.build.widget.PieceSlot;
import VASSAL.counters.Deck;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyCommand;

/**
 * What a player can see of a module's pieces, for comparing two versions of one module: every
 * palette piece with its traits and right-click menu, and the pieces File > New Game places
 * (at-start stacks) with their locations and menus.
 */
final class Listing {
  private Listing() {}

  /** Every palette slot in document order: name, traits and their states (outermost first, as VASSAL encodes each), menu. */
  static List<Map<String, Object>> palette(GameModule gm) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
      final GamePiece piece = slot.getPiece();
      final Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("slot", slot.getConfigureName());
      if (piece == null) {
        out.add(entry);
        continue;
      }
      entry.put("name", Decorator.getInnermost(piece).getName());
      entry.put("traits", traits(piece));
      entry.put("states", states(piece));
      entry.put("menu", menu(piece));
      out.add(entry);
    }
    return out;
  }

  /** The pieces a new game starts with (at-start stacks), each described as a setup piece is. */
  static List<Map<String, Object>> atStart(GameModule gm, List<String> properties) {
    gm.getGameState().setModified(false);
    gm.getGameState().setup(false);
    gm.getGameState().setup(true);
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final GamePiece piece : SetupChecks.piecesOnMaps()) out.add(SetupChecks.describe(piece, properties));
    return out;
  }

  /** The decks on the maps as the game stands (after atStart: a new game's), empty ones too: settings, map and position. */
  static List<Map<String, Object>> decks() {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final VASSAL.build.module.Map map : VASSAL.build.module.Map.getMapList()) {
      for (final GamePiece p : map.getPieces()) {
        if (!(p instanceof Deck)) continue;
        final Map<String, Object> entry = SetupChecks.deckOf((Deck) p);
        entry.put("map", map.getMapName());
        entry.put("x", p.getPosition().x);
        entry.put("y", p.getPosition().y);
        out.add(entry);
      }
    }
    return out;
  }

  /** Each trait's type text, outermost first, ending with the basic piece. */
  static List<String> traits(GamePiece piece) {
    return chain(piece, false);
  }

  /** Each trait's state text, in the order of traits(). */
  static List<String> states(GamePiece piece) {
    return chain(piece, true);
  }

  private static List<String> chain(GamePiece piece, boolean state) {
    final List<String> out = new ArrayList<>();
    GamePiece p = piece;
    while (p instanceof Decorator) {
      final Decorator trait = (Decorator) p;
      out.add(state ? trait.myGetState() : trait.myGetType());
      p = trait.getInner();
    }
    out.add(state ? p.getState() : p.getType());
    return out;
  }

  /** The right-click menu: each key command's text, with its key when it has one. */
  static List<String> menu(GamePiece piece) {
    final List<String> out = new ArrayList<>();
    for (final KeyCommand command : SetupChecks.commands(piece)) {
      final String key = command.getNamedKeyStroke() != null && command.getNamedKeyStroke().isNamed()
        ? command.getNamedKeyStroke().getName()
        : SetupChecks.keyText(command.getKeyStroke());
      out.add(key.isEmpty() ? command.getName() : command.getName() + " [" + key + "]");
    }
    return out;
  }
}
