/**
 * A hex board whose grid lies in a ZonedGrid, as authors lay out a map with its turn track and
 * boxes beside the hexes: the hex grid tuned by hand to the picture (dx not dy·√3/2, origin off the
 * board), either the ZonedGrid's background grid or the own grid of a zone over the hexes; zones
 * "Turn 1", "Turn 2" and "Reserve" beside the hexes. At-start stacks: "Red 1" at hex 0203 (by its
 * location name), "Blue 1" in zone "Turn 1" at a pixel; nothing stands in "Turn 2" or "Reserve".
 */
import { oneMapBuildFile } from './synthetic-module';
import { greyPicture, sideSlot } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board.mapgrid`;

/** The hex grid's attributes and its numbering's, as the module writes them. */
export const HEX_GRID = { dx: '61.3', dy: '70.4', x0: '-3', y0: '-9', sideways: 'false', snapTo: 'true', visible: 'false' };
export const HEX_NUMBERING = {
  first: 'H',
  sep: '',
  hType: 'N',
  vType: 'N',
  hLeading: '1',
  vLeading: '1',
  hOff: '0',
  vOff: '0',
  stagger: 'false',
};
/** The zones beside the hexes, and their corners. */
export const SIDE_ZONES = [
  { name: 'Turn 1', path: '500,10;590,10;590,90;500,90' },
  { name: 'Turn 2', path: '500,100;590,100;590,180;500,180' },
  { name: 'Reserve', path: '500,300;590,300;590,390;500,390' },
];
/** The zone over the hexes that holds the hex grid, in the kind where a zone does. */
export const HEX_ZONE = { name: 'Hexes', path: '0,0;490,0;490,400;0,400' };

const attributes = (a: Record<string, string>) =>
  Object.entries(a)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
const hexGrid = `<${B}.board.HexGrid ${attributes(HEX_GRID)}><${G}.HexGridNumbering ${attributes(HEX_NUMBERING)}/></${B}.board.HexGrid>`;
/** A zone named by its name, or, holding the hex grid, by the hex's (VASSAL finds no hex name in a zone named by `$name$`). */
const zone = (z: { name: string; path: string }, inner = '') =>
  `<${G}.Zone locationFormat="${inner ? '$gridLocation$' : '$name$'}" name="${z.name}" path="${z.path}" useHighlight="false" useParentGrid="false">${inner}</${G}.Zone>`;

/** Where the hex grid is: the ZonedGrid's background grid, or zone "Hexes"'s own. */
export type GridPlace = 'background' | 'zone';
export const GRID_PLACES: GridPlace[] = ['background', 'zone'];

export function zonedHexBuildFile(place: GridPlace): string {
  const grid =
    place === 'background'
      ? hexGrid + SIDE_ZONES.map((z) => zone(z)).join('')
      : zone(HEX_ZONE, hexGrid) + SIDE_ZONES.map((z) => zone(z)).join('');
  const stack = (name: string, at: string, piece: string) =>
    `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="Field" ${at}>${piece}</VASSAL.build.module.map.SetupStack>`;
  return oneMapBuildFile({
    name: 'Zoned hexes',
    sides: ['Red', 'Blue'],
    palette: sideSlot('Red 1', 1, 'Red') + sideSlot('Blue 1', 2, 'Blue'),
    board: `<${B}.Board image="field.png" name="Field" reversible="false"><${B}.board.ZonedGrid>${grid}</${B}.board.ZonedGrid></${B}.Board>`,
    stacks:
      stack('Red', 'location="0203" useGridLocation="true" x="0" y="0"', sideSlot('Red 1', 10, 'Red')) +
      stack('Blue', 'useGridLocation="false" x="540" y="50"', sideSlot('Blue 1', 11, 'Blue')),
  }).replace('<VASSAL.build.module.PlayerRoster>', '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.PlayerRoster>');
}

export const zonedHexEntries = (place: GridPlace) =>
  new Map([
    ['buildFile.xml', new TextEncoder().encode(zonedHexBuildFile(place))],
    ['images/field.png', greyPicture(600, 400, 200)],
  ]);
