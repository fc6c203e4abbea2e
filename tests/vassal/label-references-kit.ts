/**
 * A hand-written module of counters whose Text Labels refer to the piece's properties (`$name$`),
 * each in the palette and in one at-start stack. What each label answers (Labeler.getProperty) is
 * worked out by hand from VASSAL 3.7.26's source (Labeler.mySetState/setLabel/getLabel,
 * Expression.createExpression, FormattedStringExpression.evaluate, BasicPiece.getProperty):
 * - Rifles: Markers Top 4, Mid 3, Low 6; label Stats "$Top$-$Mid$-$Low$" reads "4-3-6".
 * - Guards: Markers 5, 5, 4; a label without a property name " $Top$-$Mid$-$Low$ " (edge
 *   spaces: mySetState trims) shows "5-5-4".
 * - Scouts: label Stats "$Strength$-2", no property Strength: getProperty finds none (no global
 *   either), so VASSAL writes the bare name, "Strength-2".
 * - Mortars: Markers Top 2, Mid 1; label Stats `{Top + "-" + Mid}`, BeanShell: "2-1" (numeric
 *   property values enter BeanShell as numbers, a number plus a string is their text).
 * - HQ: its one label Title "$PieceName$ HQ": the label's own PieceName, the BasicPiece's name, "HQ HQ".
 * - Depot: label Alias "$pieceName$": pieceName is a property of the label's name format only,
 *   not of the piece, so it reads the bare name "pieceName".
 * - Engineers: Marker Top 2; label Stats "$Stats$1-$Top$": its own name is taken out (setLabel), "1-2".
 * - Pioneers: Marker Top 3; label Stats "$Core$-1" outside label Core "$Top$": "3-1", and Core "3".
 * - Staff: label Title "$PieceName$ staff" outside a label without a property name "x": the name
 *   inside Title is the BasicPiece's as that label's name format shows it, "Staff (x)", so
 *   "Staff (x) staff" (the import, which cannot tell in general when VASSAL read it, keeps the text).
 * - Battalion: Marker Unit "1/5"; label BasicName "$Unit$ Bn" names the piece "1/5 Bn"
 *   (BasicPiece.getName asks the outermost trait for BasicName, and the label answers).
 * Each piece has a Marker Nation (Allies or Axis) naming its side.
 */
import { buildBasicPiece, buildMarker, type Trait } from '../../src/vassal/traits/index';
import { encodePiece } from '../../src/vassal/piece';
import { writeZip } from '../../src/vassal/module/zip';

/** A Text Label as the 3.7 editor writes it (format reference §3.4), bound to `propertyName`. */
export function label(propertyName: string, text: string): Trait {
  return {
    type: `label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;${propertyName};;false`,
    state: text,
  };
}

const marks = (nation: string, values: Array<[string, string]> = []) => buildMarker([...values, ['Nation', nation]]);

export const PIECES: Array<[name: string, traits: Trait[]]> = [
  [
    'Rifles',
    [
      label('Stats', '$Top$-$Mid$-$Low$'),
      marks('Allies', [
        ['Top', '4'],
        ['Mid', '3'],
        ['Low', '6'],
      ]),
    ],
  ],
  [
    'Guards',
    [
      label('', ' $Top$-$Mid$-$Low$ '),
      marks('Axis', [
        ['Top', '5'],
        ['Mid', '5'],
        ['Low', '4'],
      ]),
    ],
  ],
  ['Scouts', [label('Stats', '$Strength$-2'), marks('Allies')]],
  [
    'Mortars',
    [
      label('Stats', '{Top + "-" + Mid}'),
      marks('Axis', [
        ['Top', '2'],
        ['Mid', '1'],
      ]),
    ],
  ],
  ['HQ', [label('Title', '$PieceName$ HQ'), marks('Allies')]],
  ['Depot', [label('Alias', '$pieceName$'), marks('Axis')]],
  ['Engineers', [label('Stats', '$Stats$1-$Top$'), marks('Allies', [['Top', '2']])]],
  ['Pioneers', [label('Stats', '$Core$-1'), label('Core', '$Top$'), marks('Axis', [['Top', '3']])]],
  ['Staff', [label('Title', '$PieceName$ staff'), label('', 'x'), marks('Axis')]],
  ['Battalion', [label('BasicName', '$Unit$ Bn'), marks('Allies', [['Unit', '1/5']])]],
];

/** The names VASSAL gives the pieces, in the order of PIECES (the last one's is its label's). */
export const VASSAL_NAMES = [...PIECES.slice(0, -1).map(([name]) => name), '1/5 Bn'];

/** The properties the labels name, and what VASSAL answers for each piece by its name (by hand, see above). */
export const LABEL_PROPERTIES = ['Stats', 'Title', 'Alias', 'Core'];
export const VASSAL_ANSWERS: Record<string, Record<string, string>> = {
  Rifles: { Stats: '4-3-6' },
  Guards: {},
  Scouts: { Stats: 'Strength-2' },
  Mortars: { Stats: '2-1' },
  HQ: { Title: 'HQ HQ' },
  Depot: { Alias: 'pieceName' },
  Engineers: { Stats: '1-2' },
  Pioneers: { Stats: '3-1', Core: '3' },
  '1/5 Bn': {},
  Staff: { Title: 'Staff (x) staff' },
};

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const slots = (firstGpid: number) =>
  PIECES.map(([name, traits], i) => {
    const piece = encodePiece({ id: 'null', traits: [...traits, buildBasicPiece({ name, image: '', gpid: firstGpid + i })] });
    return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${firstGpid + i}" height="0" width="0">${xmlText(piece)}</VASSAL.build.widget.PieceSlot>`;
  }).join('');

const B = 'VASSAL.build.module.map.boardPicker';
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Labels" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Allies</entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Table" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Table" width="600" height="400"/></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.SetupStack name="All" owningBoard="Table" useGridLocation="false" x="100" y="100">${slots(50)}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Counters">${slots(1)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

/** The module's bytes (a .vmod). */
export function labelReferencesModule(): Promise<Uint8Array> {
  return writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600);
}
