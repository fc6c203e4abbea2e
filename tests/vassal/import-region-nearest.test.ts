/**
 * A piece placed by pixel in a zone whose location format is `$gridLocation$` over a RegionGrid
 * is in the region nearest to it, wherever it stands: VASSAL's RegionGrid.locationName names the
 * region its doSnap finds (the least squared distance to a region's origin), snapping or not. An
 * area map places its lords and markers so (a public area-map module's kingdoms hold regions with
 * snapto="false"). VASSAL 3.7.26 itself, given a setup of that module's zones with pieces near but
 * not on a region, reported "Zamora" and "Turn 1 Levy/Campaign" (the nearest regions) where the
 * import had put them in boxes named after their zones ("León", "1"): before, only a piece
 * standing exactly on a region's origin was named by it.
 */
import { expect, it } from 'vitest';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board.mapgrid`;

function slot(name: string, gpid: number): string {
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${name}.png;${name}/Red\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
}

const region = (name: string, x: number, y: number) => `<${B}.board.Region name="${name}" originx="${x}" originy="${y}"/>`;

// A kingdom of three towns (regions not snapping) and, overlapping the same ground, a turn box named by $name$ alone.
const board = `<${B}.Board image="Spain.png" name="Spain" width="2000" height="1200"><${B}.board.ZonedGrid><${G}.Zone locationFormat="$gridLocation$" name="Leon" path="100,100;1100,100;1100,900;100,900" useHighlight="false" useParentGrid="false"><${B}.board.RegionGrid fontsize="9" snapto="false" visible="false">${region('Astorga', 300, 300)}${region('Zamora', 600, 700)}${region('Burgos', 900, 250)}</${B}.board.RegionGrid></${G}.Zone><${G}.Zone locationFormat="$name$" name="Turn 1" path="100,100;1100,100;1100,900;100,900" useHighlight="false" useParentGrid="false"/></${B}.board.ZonedGrid></${B}.Board>`;

const byPixel = (name: string, x: number, y: number, piece: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" location="" owningBoard="Spain" useGridLocation="false" x="${x}" y="${y}">${piece}</VASSAL.build.module.map.SetupStack>`;

it('a piece by pixel in a zone of regions is in the nearest region, as VASSAL names it', async () => {
  const imported = await importBuildFile(
    oneMapBuildFile({
      name: 'Reconquista',
      sides: ['Red'],
      palette: slot('Lord', 1) + slot('Cid', 2) + slot('Bishop', 3),
      board,
      stacks:
        // (620, 640): Zamora at 60² + 20² = 4000 beats Astorga (320² + 340²) and Burgos (280² + 390²).
        byPixel('Lord', 620, 640, slot('Lord', 10)) +
        // (330, 280): Astorga at 30² + 20² = 1300.
        byPixel('Cid', 330, 280, slot('Cid', 11)) +
        // (900, 250): exactly on Burgos's origin.
        byPixel('Bishop', 900, 250, slot('Bishop', 12)),
    }),
  );
  expect(imported.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const setup = JSON.parse(imported.files.get('scenarios.json') as string).scenarios[0].setup as Array<{
    units: string[];
    box: string;
    at?: object;
  }>;
  expect(setup.map((p) => [p.units[0], p.box, p.at])).toEqual([
    ['lord', 'zamora', { board: 'Spain', x: 620, y: 640 }],
    ['cid', 'astorga', { board: 'Spain', x: 330, y: 280 }],
    ['bishop', 'burgos', { board: 'Spain', x: 900, y: 250 }],
  ]);
  const boxes = JSON.parse(imported.files.get('map.json') as string).boxes as Array<{ id: string; name: string }>;
  expect(boxes.map((b) => b.name)).not.toContain('Leon');
  // The module built from the data writes the zones again and the pieces at their pixels: the same boxes.
  const again = await importBuiltModule(imported);
  expect(JSON.parse(again.files.get('scenarios.json') as string).scenarios[0].setup).toEqual(setup);
}, 60_000);

// A point-to-point board: its grid a RegionGrid of its own (no zones), as modules before zones had them.
const pointToPointBoard = `<${B}.Board image="France.png" name="France" width="1000" height="800"><${B}.board.RegionGrid fontsize="9" snapto="false" visible="false">${region('Paris', 200, 200)}${region('Lyon', 400, 500)}</${B}.board.RegionGrid></${B}.Board>`;

// A ZonedGrid whose background is a RegionGrid: a point no zone holds is named by the background's nearest region.
const backgroundBoard = `<${B}.Board image="Coast.png" name="Coast" width="1000" height="800"><${B}.board.ZonedGrid><${G}.Zone locationFormat="$name$" name="Sea" path="600,0;1000,0;1000,800;600,800" useHighlight="false" useParentGrid="false"/><${B}.board.RegionGrid fontsize="9" snapto="false" visible="false">${region('Brest', 100, 300)}${region('Nantes', 300, 600)}</${B}.board.RegionGrid></${B}.board.ZonedGrid></${B}.Board>`;

it.each([
  ['a RegionGrid of its own', pointToPointBoard, 'France', [210, 190, 'paris'], [390, 480, 'lyon']],
  ['a ZonedGrid background RegionGrid, outside its zones', backgroundBoard, 'Coast', [120, 330, 'brest'], [280, 560, 'nantes']],
] as const)(
  'a piece by pixel on a board of %s is in the nearest region',
  async (_, boardXml, boardName, first, second) => {
    const imported = await importBuildFile(
      oneMapBuildFile({
        name: 'Campaign',
        sides: ['Red'],
        palette: slot('Army', 1) + slot('Fleet', 2),
        board: boardXml,
        stacks:
          byPixel('Army', first[0], first[1], slot('Army', 10)).replace('owningBoard="Spain"', `owningBoard="${boardName}"`) +
          byPixel('Fleet', second[0], second[1], slot('Fleet', 11)).replace('owningBoard="Spain"', `owningBoard="${boardName}"`),
      }),
    );
    const setup = JSON.parse(imported.files.get('scenarios.json') as string).scenarios[0].setup as Array<{ units: string[]; box: string }>;
    expect(setup.map((p) => [p.units[0], p.box])).toEqual([
      ['army', first[2]],
      ['fleet', second[2]],
    ]);
  },
  60_000,
);
