/**
 * The art of a piece drawn only by an always-active Layer is the level its state shows: VASSAL
 * 3.7.26 keeps a Layer's value within ±(its level count) (Embellishment.mySetState) and draws
 * level k at value k > 0, nothing at 0 or below (rendered in VASSAL: no pixels, empty bounds) and
 * nothing for a blank level. Such a piece shows nothing at a state ≤ 0: its unit has no front art.
 */
import { describe, expect, it } from 'vitest';
import { importLayerPieces } from './layer-pieces-kit';

/** A version-1 Layer that cannot be activated (always active), of the given level pictures. */
const alwaysActive = (images: string, names: string) =>
  `emb2;;128;;;128;;;128;;;;1;false;0;0;${images};${names};true;Step;;;false;;1;1;true;;;;;1.0;;true`;
const TWO = alwaysActive('a.gif,b.gif', 'A,B');
const THREE_BLANK_SECOND = alwaysActive('a.gif,,c.gif', 'A,,C');
/** The old form (emb;) without an activate key: always active too (Embellishment.originalSetType). */
const OLD_TWO = 'emb;;;;;;;0;0;a.gif,A;b.gif,B';

/** Piece name → its Layer and that Layer's state; the piece has no image of its own. */
const PIECES: Record<string, [string, string]> = {
  'State 0': [TWO, '0'],
  'State -1': [TWO, '-1'],
  'State -2': [TWO, '-2'],
  'State 1': [TWO, '1'],
  'State 2': [TWO, '2'],
  'State 7': [TWO, '7'],
  'Blank level': [THREE_BLANK_SECOND, '2'],
  'Third level': [THREE_BLANK_SECOND, '3'],
  'Old 0': [OLD_TWO, '0'],
  'Old 2': [OLD_TWO, '2'],
};

describe('an always-active Layer on a piece without its own picture', () => {
  it("gives the unit the level VASSAL draws at the piece's state, and no front where it draws none", async () => {
    const imported = await importLayerPieces(
      Object.entries(PIECES).map(([name, [layer, state]]) => ({ name, layer, state, image: '' })),
      ['a.gif', 'b.gif', 'c.gif'],
    );
    const [header, ...rows] = (imported.files.get('units.csv') as string).trim().split('\n');
    const columns = header.split(',');
    const art = Object.fromEntries(
      rows.map((row) => {
        const cells = row.split(',');
        const cell = (name: string) => (columns.includes(name) ? cells[columns.indexOf(name)] : '');
        return [cell('name'), [cell('image'), cell('backImage')]];
      }),
    );
    const A = 'vassal/module/images/a.gif';
    const B = 'vassal/module/images/b.gif';
    const C = 'vassal/module/images/c.gif';
    expect(art).toEqual({
      'State 0': ['', ''],
      'State -1': ['', ''],
      'State -2': ['', ''],
      'State 1': [A, B],
      'State 2': [B, A],
      // Above the last level VASSAL shows the last level.
      'State 7': [B, A],
      'Blank level': ['', ''],
      // Of two pictures, the one not shown is the back, as a piece without its own image flips between them.
      'Third level': [C, A],
      'Old 0': ['', ''],
      'Old 2': [B, A],
    });
  });
});
