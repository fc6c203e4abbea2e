/**
 * A square grid inside a zone named by `$name$` alone: VASSAL's zone answers a location name with
 * its own name only (Zone.getLocation matches the name against the zone's location format), so a
 * square's name such as "K7" is a "Bad location name" and the at-start stack stays at its pixel;
 * a region inside such a zone is still found by its name (SetupStack.updatePosition), where the
 * zone holds its origin (one pointing outside it is a "Bad location name", as VASSAL 3.7.26 reports
 * for the same board shape from a public Blood Bowl module). A zone
 * whose format is `$gridLocation$` hands the name to its grid.
 */
import { expect, it } from 'vitest';
import { importBuildFile, oneMapBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board.mapgrid`;

function slot(name: string, gpid: number): string {
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${name}.png;${name}/Red\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
}

// Rows unpadded (vLeading 0): "K7" is a name of this grid (VASSAL's default vLeading 1 would want "K07").
const squares = (format: string) =>
  `<${B}.board.SquareGrid dx="150.0" dy="150.0" x0="667" y0="351" snapTo="true" visible="false"><${G}.SquareGridNumbering first="H" hOff="1" hType="A" locationFormat="$gridLocation$" sep="" vLeading="0" vOff="0" vType="N" visible="false"/></${B}.board.SquareGrid>`.replace(
    '$gridLocation$"',
    `${format}"`,
  );

const zone = (name: string, format: string, path: string, inner: string) =>
  `<${G}.Zone locationFormat="${format}" name="${name}" path="${path}" useHighlight="false" useParentGrid="false">${inner}</${G}.Zone>`;

const stack = (name: string, location: string, x: number, y: number, piece: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" location="${location}" useGridLocation="true" x="${x}" y="${y}">${piece}</VASSAL.build.module.map.SetupStack>`;

const buildFile = (pitchFormat: string) =>
  oneMapBuildFile({
    name: 'Pitch',
    sides: ['Red'],
    palette: slot('Blitzer', 1) + slot('Thrower', 2) + slot('Catcher', 3),
    board: `<${B}.Board image="Pitch.png" name="Grass Pitch"><${B}.board.ZonedGrid>${zone('Pitch', pitchFormat, '444,417;4044,417;4038,2687;444,2688', squares('$gridLocation$'))}${zone(
      'Red Turn',
      '$name$',
      '312,70;591,71;591,195;310,199',
      `<${B}.board.RegionGrid snapto="true" visible="false"><${B}.board.Region name="Red Team First Half" originx="437" originy="135"/></${B}.board.RegionGrid>`,
    )}${zone(
      'Red Re-Rolls (8)',
      '$name$',
      '1728,2880;1857,2880;1853,2748;1725,2746',
      // Its region's origin lies far outside the zone (a copied Region not moved).
      `<${B}.board.RegionGrid snapto="true" visible="false"><${B}.board.Region name="Red Team Re-Rolls (8)" originx="1541" originy="493"/></${B}.board.RegionGrid>`,
    )}</${B}.board.ZonedGrid></${B}.Board>`,
    stacks:
      stack('Kick-off', 'K7', 40, 30, slot('Blitzer', 10)) +
      stack('Turn', 'Red Team First Half', 0, 0, slot('Thrower', 11)) +
      stack('Reroll', 'Red Team Re-Rolls (8)', 5, 6, slot('Catcher', 12)),
  });

const setup = (files: Map<string, string | Uint8Array>) =>
  (JSON.parse(files.get('scenarios.json') as string).scenarios[0].setup as Array<{ units: string[]; box: string; at?: object }>).map(
    (p) => [p.units[0], p.box, p.at],
  );

it('a square of a zone named by $name$ is no location: the stack stays at its pixel, with a warning; a region there is found', async () => {
  const imported = await importBuildFile(buildFile('$name$'));
  expect(setup(imported.files)).toEqual([
    ['blitzer', 'main-map', { board: 'Grass Pitch', x: 40, y: 30 }],
    // The region's origin, which VASSAL names by its zone "Red Turn" ($name$), the pixel kept.
    ['thrower', 'red-turn', { board: 'Grass Pitch', x: 437, y: 135 }],
    // A region whose origin its zone does not hold: VASSAL 3.7.26 reports "Bad location name Red
    // Team Re-Rolls (8)" (ZonedGrid.getRegionLocation wants the zone to hold it) and leaves the stack at its pixel.
    ['catcher', 'main-map', { board: 'Grass Pitch', x: 5, y: 6 }],
  ]);
  const warnings = imported.diagnostics.filter((d) => d.code === 'vassal/setup-location-unknown');
  expect(warnings.map((d) => d.message.includes('"K7"'))).toEqual([true, false]);
  expect(warnings[1].message).toContain(
    '"Red Team Re-Rolls (8)", a region of board "Grass Pitch" of map "Main Map" whose origin lies outside the zone holding it',
  );
  expect(warnings[1].hint).toContain("move the region's origin inside its zone");
}, 60_000);

it('a zone named by $gridLocation$ hands the name to its square grid', async () => {
  const imported = await importBuildFile(buildFile('$gridLocation$'));
  // K = 10 less hOff 1 = column 9, row 7: (667 + 9 × 150, 351 + 7 × 150) (SquareGridNumbering.getCenterPoint).
  expect(setup(imported.files)[0]).toEqual(['blitzer', 'k7', { board: 'Grass Pitch', x: 2017, y: 1401 }]);
  const warnings = imported.diagnostics.filter((d) => d.code === 'vassal/setup-location-unknown');
  expect(warnings.map((d) => d.message.includes('"Red Team Re-Rolls (8)"'))).toEqual([true]);
}, 60_000);
