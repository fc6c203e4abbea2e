/**
 * A hand-written module of cards named by Basic Name traits (VASSAL 3.6+), as card-driven modules
 * name them: each card's BasicPiece is named after its picture, its Basic Name trait gives the
 * name VASSAL shows. "Eastern Fleet" has its own Basic Name; "Reserve
 * Card" has one of its own too, but the prototype "Card", used outside it, has another ("Card"),
 * which VASSAL reads first; "Supply" has no Basic Name. Each is in the palette and placed at the start;
 * the saved game "Turn 1" holds Eastern Fleet and Supply, their chains expanded as VASSAL saves them.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { updateCommand } from '../../src/cli/update';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { buildBasicPiece } from '../../src/vassal/traits/basic-piece';
import { buildUsePrototype } from '../../src/vassal/traits/use-prototype';
import { basicNameType } from '../../src/vassal/traits/basic-name';
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { encodePiece } from '../../src/vassal/piece';
import type { Trait } from '../../src/vassal/traits/trait';

const basicName = (name: string): Trait => ({ type: basicNameType.encode({ name }), state: '' });
const piece = (traits: Trait[]) => encodePiece({ id: 'null', traits });
const cardTraits = (picture: string, outer: Trait[], gpid?: number) => [
  ...outer,
  buildBasicPiece({ name: picture.replace('.png', ''), image: picture, gpid }),
];
const card = (label: string, gpid: number, picture: string, outer: Trait[]) =>
  `<VASSAL.build.widget.PieceSlot entryName="${label}" gpid="${gpid}" height="0" width="0">${piece(
    cardTraits(picture, outer),
  )}</VASSAL.build.widget.PieceSlot>`;

const EASTERN_FLEET = (gpid: number) => card('Event001', gpid, 'Event001.png', [basicName('Eastern Fleet')]);
const RESERVE_CARD = (gpid: number) => card('Event002', gpid, 'Event002.png', [buildUsePrototype('Card'), basicName('Reserve Card')]);
const SUPPLY = (gpid: number) => card('Supply', gpid, 'Supply.png', []);

const B = 'VASSAL.build.module.map.boardPicker';
export const BASIC_NAME_BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Cards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Table" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Table" width="600" height="400"/></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.SetupStack name="Hand" owningBoard="Table" useGridLocation="false" x="100" y="100">${EASTERN_FLEET(50)}${RESERVE_CARD(51)}${SUPPLY(52)}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Cards">${EASTERN_FLEET(1)}${RESERVE_CARD(2)}${SUPPLY(3)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup name="Turn 1" file="turn1.vsav" useFile="true" isMenu="false"/>
  <VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name="Card">${piece([basicName('Card'), buildBasicPiece({ name: '' })])}</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>
</VASSAL.build.GameModule>`;

const EPOCH = 1767225600;

function turnOneSave(): Promise<Uint8Array> {
  const pieces = [
    { id: '1', traits: cardTraits('Event001.png', [basicName('Eastern Fleet')], 1) },
    { id: '3', traits: cardTraits('Supply.png', [], 3) },
  ];
  const identity = { name: 'Cards', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive(
    { stacks: [{ mapId: 'Table', x: 300, y: 200, pieces }], boards: [setBoardsCommand('Table', [{ name: 'Table', column: 0, row: 0 }])] },
    identity,
    '',
    EPOCH,
  );
}

/** The module's bytes (a .vmod). */
export async function basicNameModule(): Promise<Uint8Array> {
  return writeZip(
    [
      { path: 'buildFile.xml', data: BASIC_NAME_BUILD_FILE },
      { path: 'turn1.vsav', data: await turnOneSave() },
    ],
    EPOCH,
  );
}

const limits = readLimits();

interface CountersMarkers {
  markers: Array<{ id: string; name: string }>;
}

/** Imports the module file into `game`: its counters.json markers. */
export async function importInto(vmod: string, game: string): Promise<CountersMarkers['markers']> {
  const entries = (await readZip(await readFile(vmod), { file: vmod, limits })).entries;
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  await writeGameFolder(game, (await importModule(module, { id: 'cards' })).files);
  return (JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8')) as CountersMarkers).markers;
}

/** Renames marker `id` in counters.json. */
export async function rename(game: string, id: string, name: string): Promise<void> {
  const file = path.join(game, 'counters.json');
  const counters = JSON.parse(await readFile(file, 'utf8')) as CountersMarkers;
  counters.markers.find((m) => m.id === id)!.name = name;
  await writeFile(file, `${JSON.stringify(counters, null, 2)}\n`);
}

/** `hexforge update --json` of the module with the game folder, written to `out`. */
export async function update(vmod: string, game: string, out: string): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits, json: true }, io);
  return { ok, lines };
}

/** The errors `update --json` printed, as [code, message]. */
export function updateErrors(lines: readonly string[]): Array<[string, string]> {
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.startsWith('{"code"'))
    .map((l) => JSON.parse(l) as { code: string; message: string })
    .map((e) => [e.code, e.message]);
}

/**
 * The module written to `dir`, imported, the marker named `from` renamed `to`, and `update` run:
 * its result, and whether it wrote the new module.
 */
export async function renameAndUpdate(
  module: Uint8Array,
  dir: string,
  from: string,
  to: string,
): Promise<{ ok: boolean; lines: string[]; written: boolean }> {
  const vmod = path.join(dir, 'module.vmod');
  await writeFile(vmod, module);
  const game = path.join(dir, 'game');
  const markers = await importInto(vmod, game);
  await rename(game, markers.find((m) => m.name === from)!.id, to);
  const out = path.join(dir, 'new.vmod');
  const result = await update(vmod, game, out);
  return { ...result, written: existsSync(out) };
}
