/**
 * The main map's hex grid: the one the module was imported with (map.json `vassal`), written as
 * the author wrote it, with the picture it goes with or on a board that shows none (no picture, no
 * size), while the data still agrees with it; else a regular grid of the data's
 * numbering and hex size, laid where the map image has its first hex. Setups, saved games and
 * at-start stacks are placed through the model returned with it, on the grid's own snap points.
 */
import type { Diagnostic } from '../../diagnostics';
import { hexCenter, offsetToAxial } from '../../hex';
import type { Game } from '../../model/game';
import {
  HIDDEN_NUMBERING_DISPLAY,
  numberingFromVassal,
  readVassalGridAttributes,
  readVassalNumberingAttributes,
  vassalAttributeStrings,
  vassalGridFor,
  type VassalGridModel,
} from '../grid';
import { attribute, type XmlElement } from '../xml-tree';
import { gridElement } from '../board-grid';
import type { ModuleArt } from './art';
import { P, el } from './components';
import { boardHasNoSize } from './unstated';

const HEX_GRID = `${P}module.map.boardPicker.board.HexGrid`;
const HEX_NUMBERING = `${P}module.map.boardPicker.board.mapgrid.HexGridNumbering`;
const ZONE = `${P}module.map.boardPicker.board.mapgrid.Zone`;

export interface MainGrid {
  hexGrid: XmlElement;
  /** The module's ZonedGrid kept with the grid (map.json `vassal.zonedGrid`), `hexGrid` in its place: the board's grid then. */
  zonedGrid?: XmlElement;
  gridModel: VassalGridModel;
}

export function mainGrid(game: Game, art: ModuleArt, diagnostics: Diagnostic[]): MainGrid {
  const kept = keptGrid(game);
  if ('grid' in kept) return kept.grid;
  if (kept.reason !== undefined)
    diagnostics.push({
      code: 'vassal/grid-not-kept',
      severity: 'warning',
      message: `the module's hex grid in map.json \`vassal\` is not written again: ${kept.reason}; the built module has a regular grid of the data's hex size`,
      hint: 'remove map.json `vassal` once the map is meant to change, or restore the value the import wrote',
      pointer: 'map.json/vassal/hexGrid',
    });
  return regularGrid(game, art, diagnostics);
}

/** The imported grid as the module wrote it, or why the data no longer fits it (undefined: the data keeps none). */
function keptGrid(game: Game): { grid: MainGrid } | { reason?: string } {
  const kept = game.map.vassal;
  if (!kept) return {};
  // A board of unknown size without a picture is not drawn: the author's grid is all there is to follow.
  if (!game.map.image && !boardHasNoSize(game))
    return { reason: 'the map has no picture of its own (map.json `image`), and a drawn map follows the data' };
  const read = readVassalGridAttributes(kept.hexGrid);
  const numbering = kept.hexGridNumbering && readVassalNumberingAttributes(kept.hexGridNumbering);
  const problem = [...read.diagnostics, ...(numbering?.diagnostics ?? [])].find((d) => d.severity === 'error');
  if (problem) return { reason: problem.message };
  // The data's ids may be padded wider than VASSAL pads its names (an unpadded grid of ten or more columns).
  const model = numberingFromVassal(read.grid, numbering?.gridNumbering, game.map.numbering.digits);
  const differs = disagreement(game, model);
  if (differs) return { reason: differs };
  const children = kept.hexGridNumbering ? [el(HEX_NUMBERING, kept.hexGridNumbering)] : [];
  const hexGrid = el(HEX_GRID, kept.hexGrid, children);
  const zonedGrid = kept.zonedGrid && withHexGrid(gridElement(kept.zonedGrid), hexGrid, kept.gridZone);
  return { grid: { hexGrid, ...(zonedGrid ? { zonedGrid } : {}), gridModel: model } };
}

/** The ZonedGrid with the hex grid where the module had it: the zone `gridZone`'s own grid, else the background grid. */
function withHexGrid(zoned: XmlElement, hexGrid: XmlElement, gridZone: string | undefined): XmlElement {
  const host = gridZone === undefined ? -1 : zoned.children.findIndex((z) => z.name === ZONE && attribute(z, 'name') === gridZone);
  if (host < 0) return { ...zoned, children: [hexGrid, ...zoned.children] };
  const children = zoned.children.map((z, i) => (i === host ? { ...z, children: [...z.children, hexGrid] } : z));
  return { ...zoned, children };
}

/** What of the data no longer matches the kept grid: numbering, size across the flats, first hex centre. */
function disagreement(game: Game, model: VassalGridModel): string | undefined {
  const { numbering, extent, hexSize, moduleScale, image } = game.map;
  const fields = ['orientation', 'order', 'digits', 'stagger'] as const;
  const changed = fields.find((f) => model.numbering[f] !== numbering[f]);
  if (changed) return `its numbering has ${changed} "${model.numbering[changed]}", the data "${numbering[changed]}"`;
  if ((model.numbering.separator ?? '') !== (numbering.separator ?? '')) return 'its numbering has another separator';
  const across = hexSize * moduleScale;
  if (Math.abs(model.grid.dy - across) > 1e-6 * across)
    return `it is ${model.grid.dy} px across the flats, the data's hexSize ${across} px`;
  const centre = hexCenter(model.layout, offsetToAxial(model.numbering, extent.columns.first, extent.rows.first));
  const at = { x: Math.round(centre.x), y: Math.round(centre.y) };
  if (image && (at.x !== image.firstHexCenter.x || at.y !== image.firstHexCenter.y))
    return `its first hex is centred at (${at.x}, ${at.y}), the picture's firstHexCenter at (${image.firstHexCenter.x}, ${image.firstHexCenter.y})`;
  return undefined;
}

/** A grid of regular hexes the data's size, numbered as the game numbers its hexes. */
function regularGrid(game: Game, art: ModuleArt, diagnostics: Diagnostic[]): MainGrid {
  const vgrid = vassalGridFor({
    numbering: game.map.numbering,
    extent: game.map.extent,
    layout: art.map.geometry.layout,
    firstHexCenter: art.map.geometry.firstHexCenter,
    flatSize: art.map.geometry.flatSize,
  });
  diagnostics.push(...vgrid.diagnostics.filter((d) => d.severity !== 'info'));
  const gridModel = numberingFromVassal(vgrid.grid, vgrid.gridNumbering);
  const hexGrid = el(HEX_GRID, { ...vassalAttributeStrings(vgrid.grid), color: '0,0,0', dotsVisible: false, visible: false }, [
    el(HEX_NUMBERING, { ...vassalAttributeStrings(vgrid.gridNumbering), ...HIDDEN_NUMBERING_DISPLAY }),
  ]);
  return { hexGrid, gridModel };
}
