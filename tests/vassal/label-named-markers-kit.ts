/**
 * A hand-written module of pieces with neither a name nor a picture, drawn only by a Text Label,
 * in at-start stacks ("Fog" twice, "Rain", "Smoke" with a name format of its own, a blank label, a
 * "Storm" under a Layer whose active level is named "+ (spent)") and in the palette ("Fog" as the
 * slot "Fog slip"). The names VASSAL gives them are worked out by hand from VASSAL 3.7.26's source:
 * Labeler.getName puts the name of the traits inside a label with a text into its name format
 * (`$pieceName$ ($label$)` by default: "" and "Fog" give " (Fog)"; "$label$" gives "Smoke"); a
 * blank label gives the inner name, here "" (PieceSlot.getLocalizedConfigureName then shows the
 * slot's entryName); Embellishment.getName appends a level name "+ (spent)" at its level.
 */
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { encodePiece } from '../../src/vassal/piece';
import { writeZip } from '../../src/vassal/module/zip';
import { sideSlot } from './rebuild-kit';

/** A Text Label with the name format `format`, reading `text` (format reference §3.4). */
export const label = (text: string, format = '$pieceName$ ($label$)'): Trait => ({
  type: `label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;${format};Dialog;0;0;TextLabel;;false`,
  state: text,
});
/** A Layer of one level named "+ (spent)", active (format reference §3.4, Embellishment). */
const SPENT: Trait = {
  type: 'emb2;Activate;2;A;;0;;;0;;;;1;false;0;0;spent.png;+ (spent);true;Spent;;;false;;1;1;true;65,130;;;;1.0;;false',
  state: '1',
};

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
/** A palette or at-start PieceSlot of a nameless piece drawn by `traits`. */
export const slot = (entryName: string, gpid: number, traits: Trait[]) =>
  `<VASSAL.build.widget.PieceSlot entryName="${entryName}" gpid="${gpid}" height="0" width="0">${xmlText(
    encodePiece({ id: 'null', traits: [...traits, buildBasicPiece({ name: '', image: '', gpid })] }),
  )}</VASSAL.build.widget.PieceSlot>`;
const stack = (name: string, x: number, slots: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="Table" useGridLocation="false" x="${x}" y="60">${slots}</VASSAL.build.module.map.SetupStack>`;

/** The names VASSAL gives the at-start pieces (Decorator.getOutermost(piece).getName()). */
export const VASSAL_SHOWN_NAMES = [' (Fog)', ' (Fog)', ' (Rain)', 'Smoke', '', ' (Storm) (spent)'];

const STACKS =
  stack('North', 50, slot('Weather', 11, [label('Fog')]) + slot('Weather', 12, [label('Fog')])) +
  stack('South', 150, slot('Weather', 13, [label('Rain')])) +
  stack('East', 250, slot('Weather', 14, [label('Smoke', '$label$')]) + slot('Weather', 15, [label('')])) +
  stack('West', 350, slot('Weather', 16, [SPENT, label('Storm')]));

/** The module's buildFile, with the "Fog slip" palette slot when `paletteFog`. */
export function labelNamedBuildFile(paletteFog: boolean): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Weather" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Table" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Table" width="600" height="400"/></VASSAL.build.module.map.BoardPicker>${STACKS}</VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}${paletteFog ? slot('Fog slip', 3, [label('Fog')]) : ''}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;
}

/** The module's bytes (a .vmod). */
export function labelNamedModule(): Promise<Uint8Array> {
  return writeZip([{ path: 'buildFile.xml', data: labelNamedBuildFile(true) }], 1767225600);
}
