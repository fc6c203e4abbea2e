/**
 * A marker only an at-start stack places, whose piece has no name of its own, is named as VASSAL's
 * editor shows the stack's slot (PieceSlot.getLocalizedConfigureName, 3.7.26: the piece's name,
 * else the slot's entryName), not after its picture's file; a named piece keeps its own name.
 */
import { expect, it } from 'vitest';
import { importEntries, jsonOf } from './rebuild-kit';
import { M, TOOLBAR_BUILD_FILE, toolbarModuleEntries } from './toolbar-module-kit';

const stack = (name: string, x: number, slot: string) =>
  `<${M}.map.SetupStack name="${name}" owningBoard="Table" useGridLocation="false" x="${x}" y="120">${slot}</${M}.map.SetupStack>`;
/** A slot of the stack: its BasicPiece named `pieceName` ('' for none), drawn with act.png. */
const slot = (entryName: string, pieceName: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${entryName}" gpid="${gpid}" height="0" width="0">+/null/piece;;;act.png;${pieceName}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = TOOLBAR_BUILD_FILE.replace(
  `</${M}.Map>`,
  `${stack('French activation', 40, slot('Activation', '', 50))}${stack('Fatigue', 90, slot('Tired', 'Fatigue', 51))}</${M}.Map>`,
);

it('names a nameless at-start marker after its slot, a named one after its piece, neither after the picture', async () => {
  expect(BUILD_FILE).not.toBe(TOOLBAR_BUILD_FILE);
  const imported = await importEntries(await toolbarModuleEntries(BUILD_FILE), 'setup-markers');
  const markers = (jsonOf(imported, 'counters.json').markers as Array<{ id: string; name: string }>).map((m) => m.name).sort();
  expect(markers).toEqual(['Activation', 'Fatigue']);
  const origins = jsonOf(imported, 'vassal/import.json').markerOrigins as Record<string, { from: string; name: string; image: string }>;
  expect(
    Object.values(origins)
      .map((o) => [o.from, o.name, o.image])
      .sort(),
  ).toEqual([
    ['at-start stack', 'Activation', 'act.png'],
    ['at-start stack', 'Fatigue', 'act.png'],
  ]);
});
