/**
 * A pattern met in real modules: Global Key Commands and Trigger Actions find pieces by name
 * (`{BasicName=="HQ Tiger"}`, or the old form `BasicName=HQ Tiger`). VASSAL evaluates such a filter
 * against the name the piece has in play, so once the data renames the unit the update renames
 * the piece, and an expression still naming the old name finds nothing. The update changes only
 * what carries the name; it keeps those expressions and says where they are.
 */
import { expect, it } from 'vitest';
import { encodePiece } from '../../../src/vassal/piece';
import { namedInExpression } from '../../../src/vassal/update/name-references';
import { withTempDir } from '../import-fixtures';
import { editUnitsLine, importedModule, updated } from './update-kit';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const TRIGGER = 'macro;Rally;;82,130;{BasicName=="HQ Tiger"};;;false;;;counted;;;1;false;;;';
const GKC = 'globalkey;Support HQ;;65,130;70,130;BasicName=HQ Tiger;-1;false;false;';
const piece = (name: string, traits: string[]) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="1" height="0" width="0">${esc(
    encodePiece({
      id: 'null',
      traits: [
        { type: 'mark;Side', state: 'Axis' },
        ...traits.map((type) => ({ type, state: '' })),
        { type: `piece;;;;${name}`, state: 'null;0;0' },
      ],
    }),
  )}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Tigers" version="1" VassalVersion="3.7.12" nextPieceSlotId="10">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Axis</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Axis">${piece('HQ Tiger', [])}${piece('Tiger 1', [TRIGGER, GKC])}${piece('Tiger 2', ['macro;Rally;;82,130;{BasicName=="HQ Tigerfly"};;;false;;;counted;;;1;false;;;'])}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.GlobalKeyCommand buttonText="Rally HQ" hotkey="" icon="" name="Rally HQ" propertyFilter="{BasicName==&quot;HQ Tiger&quot;}" reportFormat="" tooltip=""/>
</VASSAL.build.GameModule>`;

it('an expression operand, not a longer name or free text', () => {
  const names = namedInExpression('HQ Tiger');
  expect(
    ['{BasicName=="HQ Tiger"}', 'BasicName=HQ Tiger', 'BasicName = HQ Tiger && Side=Axis', '{PieceName!="HQ Tiger"}'].map(names),
  ).toEqual([true, true, true, true]);
  expect(['{BasicName=="HQ Tigerfly"}', 'BasicName=HQ Tigers', 'label;Rally HQ Tiger now'].map(names)).toEqual([false, false, false]);
});

it('renaming a unit that filters name keeps the filters and lists them', async () => {
  await withTempDir(async (dir) => {
    const { vmod, game } = await importedModule(dir, BUILD_FILE);
    await editUnitsLine(game, ',HQ Tiger', ',HQ Panther');
    const { lines, xml } = await updated(vmod, game);
    const warning = lines.find((l) => l.includes('update/name-referenced'));
    expect(warning).toContain('"HQ Tiger" becomes "HQ Panther", but 2 expression(s)');
    expect(warning).toContain('PieceSlot[Tiger 1] (macro;, globalkey;)');
    expect(warning).toContain('GlobalKeyCommand[Rally HQ] attribute propertyFilter');
    expect(xml).toContain('piece;;;;HQ Panther');
    expect(xml).toContain('propertyFilter="{BasicName==&quot;HQ Tiger&quot;}"');
  });
}, 60_000);
