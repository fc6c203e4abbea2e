package hexforge.harness;

import java.awt.Point;
import java.awt.Rectangle;
import java.util.List;
import VASSAL.build.module.Map;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.HexGrid;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.map.boardPicker.board.SquareGrid;
import VASSAL.build.module.map.boardPicker.board.ZonedGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;
import VASSAL.counters.GamePiece;

/** Map geometry the probes need: the grid cell a piece sits in, and a cell one step away. */
final class Moves {
  private Moves() {}

  /** The hex or square grid at a map point, or null (a box, a zone without a grid, off the boards). */
  static MapGrid cellGridAt(Map map, Point at) {
    final Board board = map.findBoard(at);
    if (board == null) return null;
    MapGrid grid = board.getGrid();
    if (grid instanceof ZonedGrid) {
      final Rectangle b = board.bounds();
      final Zone zone = ((ZonedGrid) grid).findZone(new Point(at.x - b.x, at.y - b.y));
      grid = zone != null ? zone.getGrid() : ((ZonedGrid) grid).getBackgroundGrid();
    }
    return grid instanceof HexGrid || grid instanceof SquareGrid ? grid : null;
  }

  /** A neighbouring cell's snap point with another location name, or null when the piece is in no cell. */
  static Point neighbour(GamePiece piece) {
    final Map map = piece.getMap();
    if (map == null) return null;
    final Point at = piece.getPosition();
    final MapGrid grid = cellGridAt(map, at);
    if (grid == null) return null;
    final double dx = grid instanceof HexGrid ? ((HexGrid) grid).getDx() : ((SquareGrid) grid).getDx();
    final double dy = grid instanceof HexGrid ? ((HexGrid) grid).getDy() : ((SquareGrid) grid).getDy();
    final boolean sideways = grid instanceof HexGrid && ((HexGrid) grid).isSideways();
    final double[][] steps = sideways
      ? new double[][] {{dy, 0}, {-dy, 0}, {dy / 2, dx}, {-dy / 2, dx}, {dy / 2, -dx}, {-dy / 2, -dx}}
      : new double[][] {{0, dy}, {0, -dy}, {dx, dy / 2}, {dx, -dy / 2}, {-dx, dy / 2}, {-dx, -dy / 2}};
    final String here = map.locationName(at);
    for (final double[] step : steps) {
      final Point to = map.snapTo(new Point((int) Math.round(at.x + step[0]), (int) Math.round(at.y + step[1])));
      if (map.findBoard(to) == null || cellGridAt(map, to) == null) continue;
      final String name = map.locationName(to);
      if (name != null && !name.isEmpty() && !name.equals(here)) return to;
    }
    return null;
  }

  record Cell(Map map, Point at) {}

  /** The snap point of a grid cell near the middle of the first map with a hex or square grid. */
  static Cell firstCell(List<Map> maps) {
    for (final Map map : maps) {
      for (final Board board : map.getBoards()) {
        final Rectangle b = board.bounds();
        final Point middle = map.snapTo(new Point(b.x + b.width / 2, b.y + b.height / 2));
        if (cellGridAt(map, middle) != null) return new Cell(map, middle);
      }
    }
    return null;
  }
}
