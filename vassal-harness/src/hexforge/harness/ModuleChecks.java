package hexforge.harness;

import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import VASSAL.build.GameModule;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.PrototypeDefinition;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.HexGrid;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.map.boardPicker.board.SquareGrid;
import VASSAL.build.module.map.boardPicker.board.ZonedGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.AddPiece;
import VASSAL.configure.ValidationReport;
import VASSAL.counters.GamePiece;
import VASSAL.tools.image.ImageUtils;

/** Checks of the module as built: validation, palette pieces, images, grids. */
final class ModuleChecks {
  private ModuleChecks() {}

  static List<String> validation(GameModule gm) {
    final ValidationReport report = new ValidationReport();
    gm.validate(gm, report);
    return new ArrayList<>(report.getWarnings());
  }

  /** Each PieceSlot's stored text, decoded into a piece and encoded again. */
  static Map<String, Object> pieceSlots(GameModule gm) {
    final List<Map<String, Object>> mismatches = new ArrayList<>();
    final List<Map<String, Object>> undecodable = new ArrayList<>();
    int count = 0;
    for (final PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
      count++;
      final String stored = slot.getPieceDefinition();
      final GamePiece piece = slot.getPiece();
      if (piece == null) {
        final Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("slot", slot.getConfigureName());
        entry.put("definition", stored);
        undecodable.add(entry);
        continue;
      }
      final String again = gm.encode(new AddPiece(piece));
      if (!again.equals(stored)) {
        final Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("slot", slot.getConfigureName());
        entry.put("definition", stored);
        entry.put("reencoded", again);
        mismatches.add(entry);
      }
    }
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("count", count);
    out.put("mismatches", mismatches);
    out.put("undecodable", undecodable);
    return out;
  }

  /** Every image the module's components and pieces name, and those VASSAL cannot find or read. */
  static Map<String, Object> images(GameModule gm) {
    final Set<String> names = new TreeSet<>(gm.getAllImageNames());
    for (final PieceSlot slot : gm.getAllDescendantComponentsOf(PieceSlot.class)) {
      final GamePiece piece = slot.getPiece();
      if (piece instanceof VASSAL.search.ImageSearchTarget) ((VASSAL.search.ImageSearchTarget) piece).addImageNamesRecursively(names);
    }
    for (final PrototypeDefinition proto : gm.getAllDescendantComponentsOf(PrototypeDefinition.class)) {
      final GamePiece piece = proto.getPiece();
      if (piece instanceof VASSAL.search.ImageSearchTarget) ((VASSAL.search.ImageSearchTarget) piece).addImageNamesRecursively(names);
    }
    final List<Map<String, Object>> missing = new ArrayList<>();
    for (final String name : names) {
      if (name == null || name.isEmpty()) continue;
      final String problem = imageProblem(gm, name);
      if (problem != null) {
        final Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("image", name);
        entry.put("problem", problem);
        missing.add(entry);
      }
    }
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("referenced", names.size());
    out.put("missing", missing);
    return out;
  }

  private static String imageProblem(GameModule gm, String name) {
    InputStream in = null;
    try {
      // A name starting with "/" is one of VASSAL's own resources; others are the module's images/.
      if (name.startsWith("/")) in = GameModule.class.getResourceAsStream(name);
      else {
        try {
          in = gm.getDataArchive().getInputStream("images/" + name);
        }
        catch (java.io.IOException notInModule) {
          in = GameModule.class.getResourceAsStream("/images/" + name);
        }
      }
      if (in == null) return "not in the module's images/ nor bundled with VASSAL";
      final Dimension size = ImageUtils.getImageSize(name, in);
      return size.width > 0 && size.height > 0 ? null : "has no pixels";
    }
    catch (Exception e) {
      return "cannot be read: " + e.getMessage();
    }
    finally {
      if (in != null) try {
        in.close();
      }
      catch (java.io.IOException ignored) {
        // nothing was written
      }
    }
  }

  /**
   * Every map (a chart window's too) with each board its board picker offers: name, image, size as
   * VASSAL takes it, its colour as VASSAL gives it (Board `color`: "" for none, null beside a
   * picture) and, for a board without a picture, what VASSAL paints at its centre.
   */
  static List<Map<String, Object>> maps(GameModule gm) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final VASSAL.build.module.Map map : gm.getAllDescendantComponentsOf(VASSAL.build.module.Map.class)) {
      final List<Map<String, Object>> boards = new ArrayList<>();
      for (final Board board : map.getBoardPicker().getAllDescendantComponentsOf(Board.class)) {
        final Map<String, Object> entry = new LinkedHashMap<>();
        final Rectangle area = board.bounds();
        entry.put("name", board.getName());
        entry.put("image", board.getAttributeValueString(Board.IMAGE));
        entry.put("width", area.width);
        entry.put("height", area.height);
        entry.put("color", board.getAttributeValueString(Board.COLOR));
        final String image = board.getAttributeValueString(Board.IMAGE);
        if (image == null || image.isBlank()) entry.put("painted", paintedAtCentre(board));
        boards.add(entry);
      }
      final Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", map.getMapName());
      entry.put("kind", map.getClass().getSimpleName());
      entry.put("boards", boards);
      out.add(entry);
    }
    return out;
  }

  /**
   * The pixel VASSAL draws at the board's centre, "r,g,b,a", drawn alone on a clear canvas (no map
   * background under it): a board without a picture is its colour there, or clear without one; or
   * why VASSAL could not draw it.
   */
  private static String paintedAtCentre(Board board) {
    final Rectangle area = board.bounds();
    final BufferedImage canvas = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB);
    final Graphics2D g = canvas.createGraphics();
    try {
      // With no observer, Board.drawRegion waits for each tile it draws.
      board.drawRegion(g, new Point(-area.width / 2, -area.height / 2), new Rectangle(0, 0, 1, 1), 1.0, null);
    }
    catch (RuntimeException e) {
      // A board VASSAL cannot draw (its grid failing) is reported, not the end of the report.
      return "not drawn: " + e;
    }
    finally {
      g.dispose();
    }
    final int argb = canvas.getRGB(0, 0);
    return ((argb >> 16) & 255) + "," + ((argb >> 8) & 255) + "," + (argb & 255) + "," + (argb >>> 24);
  }

  /** Every zone of every board's ZonedGrid: its name and the location VASSAL names at the centre of its bounds. */
  static List<Map<String, Object>> zones(GameModule gm) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final VASSAL.build.module.Map map : gm.getAllDescendantComponentsOf(VASSAL.build.module.Map.class)) {
      for (final Board board : map.getBoardPicker().getAllDescendantComponentsOf(Board.class)) {
        final MapGrid grid = board.getGrid();
        if (!(grid instanceof ZonedGrid)) continue;
        for (final Zone zone : ((ZonedGrid) grid).getZonesList()) {
          final Rectangle bounds = zone.getBounds();
          final Point centre = new Point(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2);
          final Map<String, Object> entry = new LinkedHashMap<>();
          entry.put("map", map.getMapName());
          entry.put("board", board.getName());
          entry.put("zone", zone.getName());
          entry.put("location", grid.locationName(centre));
          out.add(entry);
        }
      }
    }
    return out;
  }

  /** Every DiceButton: its name (what its roll report prints as $name$), its button's text and tooltip as shown. */
  static List<Map<String, Object>> dice(GameModule gm) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final DiceButton die : gm.getAllDescendantComponentsOf(DiceButton.class)) {
      final Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", die.getConfigureName());
      entry.put("text", die.getLaunchButton().getText());
      entry.put("tooltip", die.getLaunchButton().getToolTipText());
      out.add(entry);
    }
    return out;
  }

  /** For every hex or square grid on every board: each cell's name → point → name. */
  static List<Map<String, Object>> grids(GameModule gm) {
    final List<Map<String, Object>> out = new ArrayList<>();
    for (final VASSAL.build.module.Map map : gm.getAllDescendantComponentsOf(VASSAL.build.module.Map.class)) {
      for (final Board board : map.getBoardPicker().getAllDescendantComponentsOf(Board.class)) {
        final MapGrid grid = board.getGrid();
        if (grid == null) continue;
        final List<MapGrid> cellGrids = new ArrayList<>();
        if (grid instanceof ZonedGrid) {
          final ZonedGrid zoned = (ZonedGrid) grid;
          if (zoned.getBackgroundGrid() != null) cellGrids.add(zoned.getBackgroundGrid());
          for (final Zone zone : zoned.getZonesList()) if (zone.getGrid() != null) cellGrids.add(zone.getGrid());
        }
        else cellGrids.add(grid);
        for (final MapGrid cells : cellGrids) {
          if (cells instanceof HexGrid || cells instanceof SquareGrid) out.add(sweep(map, board, cells));
        }
      }
    }
    return out;
  }

  private static Map<String, Object> sweep(VASSAL.build.module.Map map, Board board, MapGrid grid) {
    final Rectangle area = board.bounds();
    final Set<Point> centres = new LinkedHashSet<>();
    final double dx = grid instanceof HexGrid ? ((HexGrid) grid).getDx() : ((SquareGrid) grid).getDx();
    final double dy = grid instanceof HexGrid ? ((HexGrid) grid).getDy() : ((SquareGrid) grid).getDy();
    final int step = (int) Math.max(2, Math.floor(Math.min(dx, dy) / 3));
    for (int y = 0; y < area.height; y += step) {
      for (int x = 0; x < area.width; x += step) {
        final Point p = new Point(x, y);
        final Point c = grid instanceof HexGrid ? ((HexGrid) grid).snapToHex(p) : grid.snapTo(p);
        if (c.x >= 0 && c.y >= 0 && c.x < area.width && c.y < area.height) centres.add(c);
      }
    }
    // Each cell's name, then name → point → name: the point VASSAL gives a name must carry that name.
    final Map<String, Point> names = new LinkedHashMap<>();
    for (final Point c : centres) {
      final String name = grid.locationName(c);
      if (name != null && !name.isEmpty()) names.putIfAbsent(name, c);
    }
    final List<Map<String, Object>> problems = new ArrayList<>();
    for (final Map.Entry<String, Point> cell : names.entrySet()) {
      final String name = cell.getKey();
      String back = null;
      Point point = null;
      try {
        point = grid.getLocation(name);
        back = point == null ? null : grid.locationName(point);
      }
      catch (Exception e) {
        back = null;
      }
      if (!name.equals(back) && problems.size() < 50) {
        final Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("name", name);
        entry.put("x", cell.getValue().x);
        entry.put("y", cell.getValue().y);
        entry.put("pointX", point == null ? null : point.x);
        entry.put("pointY", point == null ? null : point.y);
        entry.put("nameBack", back);
        problems.add(entry);
      }
    }
    final Map<String, Object> out = new LinkedHashMap<>();
    out.put("map", map.getMapName());
    out.put("board", board.getName());
    out.put("grid", grid.getClass().getSimpleName());
    out.put("cells", centres.size());
    out.put("named", names.size());
    out.put("failures", problems);
    return out;
  }
}
