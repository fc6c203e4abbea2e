/**
 * A hand-written module of cards named by a property BasicName rather than a Basic Name trait.
 * VASSAL 3.7.26's BasicPiece.getName() asks the outermost trait for the property BasicName, and a
 * Marker or Dynamic Property of that name answers with its value before passing the name inward;
 * the outermost answer wins. Each card's BasicPiece is named after its picture:
 * - "North Fleet": a Marker BasicName;
 * - "South Fleet": a Dynamic Property BasicName (its value is its state);
 * - "East Fleet": a Basic Name trait outside a Marker BasicName "Hidden";
 * - "West Fleet": a Marker BasicName outside a Basic Name trait "Ignored";
 * - "Convoy": a Marker BasicName in the prototype "Named" the card uses;
 * - "Supply": nothing but its BasicPiece.
 * Each is in the palette and in one at-start stack.
 */
import { buildBasicPiece } from '../../src/vassal/traits/basic-piece';
import { basicNameType } from '../../src/vassal/traits/basic-name';
import { buildMarker } from '../../src/vassal/traits/marker';
import { buildUsePrototype } from '../../src/vassal/traits/use-prototype';
import { writeZip } from '../../src/vassal/module/zip';
import { encodePiece } from '../../src/vassal/piece';
import type { Trait } from '../../src/vassal/traits/trait';

const basicName = (name: string): Trait => ({ type: basicNameType.encode({ name }), state: '' });
const nameMarker = (name: string): Trait => buildMarker([['BasicName', name]]);
// A Dynamic Property: name; numeric,min,max,wrap; no commands; no description (DynamicProperty.myGetType).
const nameProperty = (name: string): Trait => ({ type: 'PROP;BasicName;false,0,100,false;;', state: name });
const piece = (traits: Trait[]) => encodePiece({ id: 'null', traits });

const CARDS: Array<[picture: string, outer: Trait[]]> = [
  ['Event003', [nameMarker('North Fleet')]],
  ['Event004', [nameProperty('South Fleet')]],
  ['Event005', [basicName('East Fleet'), nameMarker('Hidden')]],
  ['Event006', [nameMarker('West Fleet'), basicName('Ignored')]],
  ['Event007', [buildUsePrototype('Named')]],
  ['Supply', []],
];

/** The names VASSAL gives the cards, in the order of CARDS (what the kit is built to show). */
export const CARD_NAMES = ['North Fleet', 'South Fleet', 'East Fleet', 'West Fleet', 'Convoy', 'Supply'];

const slots = (firstGpid: number) =>
  CARDS.map(
    ([picture, outer], i) =>
      `<VASSAL.build.widget.PieceSlot entryName="${picture}" gpid="${firstGpid + i}" height="0" width="0">${piece([
        ...outer,
        buildBasicPiece({ name: picture, image: `${picture}.png` }),
      ])}</VASSAL.build.widget.PieceSlot>`,
  ).join('');

const B = 'VASSAL.build.module.map.boardPicker';
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Named cards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Table" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Table" width="600" height="400"/></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.SetupStack name="Hand" owningBoard="Table" useGridLocation="false" x="100" y="100">${slots(50)}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Cards">${slots(1)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name="Named">${piece([nameMarker('Convoy'), buildBasicPiece({ name: '' })])}</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>
</VASSAL.build.GameModule>`;

/** The module's bytes (a .vmod). */
export function basicNamePropertyModule(): Promise<Uint8Array> {
  return writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600);
}
