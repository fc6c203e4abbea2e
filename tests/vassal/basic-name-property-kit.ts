/**
 * A hand-written module of cards named by a property BasicName rather than a Basic Name trait.
 * VASSAL 3.7.26's BasicPiece.getName() asks the outermost trait for the property BasicName, and a
 * Marker, Dynamic Property or Text Label of that name answers with its value before passing the
 * name inward; the outermost answer wins. Each card's BasicPiece is named after its picture:
 * - "North Fleet": a Marker whose second key is BasicName (keys in its type, values in its state);
 * - "South Fleet": a Dynamic Property BasicName (its value is its state);
 * - "Raider Fleet": a Text Label whose property name is BasicName (its text is its state);
 * - "East Fleet": a Basic Name trait outside a Marker BasicName "Hidden";
 * - "West Fleet": a Marker BasicName outside a Basic Name trait "Ignored";
 * - "Convoy": a Marker BasicName in the prototype "Named" the card uses;
 * - "Supply": nothing but its BasicPiece.
 * Each is in the palette and in one at-start stack; the saved game "Turn 1" holds North, South and
 * Raider Fleet, their chains as VASSAL saves them.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { buildBasicPiece } from '../../src/vassal/traits/basic-piece';
import { basicNameType } from '../../src/vassal/traits/basic-name';
import { buildMarker } from '../../src/vassal/traits/marker';
import { buildUsePrototype } from '../../src/vassal/traits/use-prototype';
import { writeZip } from '../../src/vassal/module/zip';
import { encodePiece } from '../../src/vassal/piece';
import type { Trait } from '../../src/vassal/traits/trait';
import { importInto, rename, update } from './basic-name-kit';

const basicName = (name: string): Trait => ({ type: basicNameType.encode({ name }), state: '' });
const nameMarker = (name: string): Trait => buildMarker([['BasicName', name]]);
// A Text Label answering BasicName with its text (Labeler.getProperty): the format reference's
// example, its property name BasicName, its name format the piece name alone.
const nameLabel = (name: string): Trait => ({
  type: 'label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$;Dialog;0;0;BasicName;;false',
  state: name,
});
// A Dynamic Property: name; numeric,min,max,wrap; no commands; no description (DynamicProperty.myGetType).
const nameProperty = (name: string): Trait => ({ type: 'PROP;BasicName;false,0,100,false;;', state: name });
const piece = (traits: Trait[]) => encodePiece({ id: 'null', traits });

/** Each card: its picture, and its traits outside the BasicPiece given the name it is to bear. */
const CARDS: Array<[picture: string, outer: (name: string) => Trait[]]> = [
  [
    'Event003',
    (name) => [
      buildMarker([
        ['Note', 'Blue'],
        ['BasicName', name],
      ]),
    ],
  ],
  ['Event004', (name) => [nameProperty(name)]],
  ['Event005', (name) => [basicName(name), nameMarker('Hidden')]],
  ['Event006', (name) => [nameMarker(name), basicName('Ignored')]],
  ['Event007', () => [buildUsePrototype('Named')]],
  ['Supply', () => []],
  ['Event008', (name) => [nameLabel(name)]],
];

/** The names VASSAL gives the cards, in the order of CARDS (what the kit is built to show). */
export const CARD_NAMES: readonly string[] = ['North Fleet', 'South Fleet', 'East Fleet', 'West Fleet', 'Convoy', 'Supply', 'Raider Fleet'];

/** The cards the saved game holds, by their index in CARDS. */
const SAVED = [0, 1, 6];

/** The names VASSAL gives the saved game's cards. */
export const SAVED_NAMES = SAVED.map((i) => CARD_NAMES[i]);

const cardTraits = (i: number, names: readonly string[], gpid?: number): Trait[] => [
  ...CARDS[i][1](names[i]),
  buildBasicPiece({ name: CARDS[i][0], image: `${CARDS[i][0]}.png`, gpid }),
];

const slots = (firstGpid: number, names: readonly string[]) =>
  CARDS.map(
    ([picture], i) =>
      `<VASSAL.build.widget.PieceSlot entryName="${picture}" gpid="${firstGpid + i}" height="0" width="0">${piece(
        cardTraits(i, names),
      )}</VASSAL.build.widget.PieceSlot>`,
  ).join('');

const B = 'VASSAL.build.module.map.boardPicker';
const buildFile = (names: readonly string[]) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Named cards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Table" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Table" width="600" height="400"/></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.SetupStack name="Hand" owningBoard="Table" useGridLocation="false" x="100" y="100">${slots(50, names)}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Cards">${slots(1, names)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup name="Turn 1" file="turn1.vsav" useFile="true" isMenu="false"/>
  <VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name="Named">${piece([nameMarker('Convoy'), buildBasicPiece({ name: '' })])}</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>
</VASSAL.build.GameModule>`;

const EPOCH = 1767225600;

function turnOneSave(names: readonly string[]): Promise<Uint8Array> {
  const pieces = SAVED.map((i) => ({ id: String(i + 1), traits: cardTraits(i, names, i + 1) }));
  const identity = { name: 'Named cards', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive(
    { stacks: [{ mapId: 'Table', x: 300, y: 200, pieces }], boards: [setBoardsCommand('Table', [{ name: 'Table', column: 0, row: 0 }])] },
    identity,
    '',
    EPOCH,
  );
}

/**
 * The module's bytes (a .vmod), its cards bearing `names` (in the order of CARD_NAMES; the names
 * of East Fleet's Basic Name, Convoy's prototype and Supply's BasicPiece stay as they are).
 */
export async function basicNamePropertyModule(names: readonly string[] = CARD_NAMES): Promise<Uint8Array> {
  return writeZip(
    [
      { path: 'buildFile.xml', data: buildFile(names) },
      { path: 'turn1.vsav', data: await turnOneSave(names) },
    ],
    EPOCH,
  );
}

/** The renames the update is asked for, and the names the cards then bear (in the order of CARD_NAMES). */
export const RENAMES: ReadonlyArray<[from: string, to: string]> = [
  ['North Fleet', 'Fleet, Arctic'],
  ['South Fleet', 'Southern Fleet'],
  ['West Fleet', 'Western Fleet'],
  ['Raider Fleet', 'Corsair Fleet'],
];
export const RENAMED_NAMES = CARD_NAMES.map((name) => RENAMES.find(([from]) => from === name)?.[1] ?? name);

/** The kit's module in `dir`, imported, the RENAMES made in the data, and updated into new.vmod. */
export async function renameAll(dir: string): Promise<{ vmod: string; out: string; ok: boolean; lines: string[] }> {
  const vmod = path.join(dir, 'named.vmod');
  await writeFile(vmod, await basicNamePropertyModule());
  const game = path.join(dir, 'game');
  const markers = await importInto(vmod, game);
  for (const [from, to] of RENAMES) await rename(game, markers.find((m) => m.name === from)!.id, to);
  const out = path.join(dir, 'new.vmod');
  return { vmod, out, ...(await update(vmod, game, out)) };
}
