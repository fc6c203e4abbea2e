/**
 * Modules of VASSAL 3.0/3.1 write a Text Label without its later fields (font family, rotation,
 * property name …): `label;key;menu;size;bg;fg;vPos;vOff;hPos;hOff;vJust;hJust;format`. VASSAL
 * reads the absent property name as "" (Labeler.mySetType), as the import does when it takes a
 * unit's "6-5-3" from the label's text; the update must find that same label to change a value.
 */
import { expect, it } from 'vitest';
import { encodePiece } from '../../../src/vassal/piece';
import { withTempDir } from '../import-fixtures';
import { editUnitsLine, importedModule, updated } from './update-kit';

const OLD_LABEL = 'label;76,130;Change Label;10;0,0,0;255,255,255;t;0;c;0;b;c;$pieceName$';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const slot = (name: string, values: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" height="60" width="60">${esc(
    encodePiece({
      id: 'null',
      traits: [
        { type: 'mark;Nationality', state: 'German' },
        { type: OLD_LABEL, state: values },
        { type: `piece;;;${name}.gif;${name}`, state: 'null;0;0' },
      ],
    }),
  )}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.launch.BasicModule name="Old Front" version="1.1">
<VASSAL.build.module.PlayerRoster><entry>German</entry><entry>Soviet</entry></VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.PieceWindow name="Forces"><VASSAL.build.widget.PanelWidget entryName="German" fixed="false" nColumns="3" vert="false">${slot('12 Inf Div', '6-5-3')}${slot('23 Inf Div', '5-5-3')}</VASSAL.build.widget.PanelWidget></VASSAL.build.module.PieceWindow>
</VASSAL.launch.BasicModule>`;

it('a value read from an old Text Label (no property name field) is changed in that label', async () => {
  await withTempDir(async (dir) => {
    const { vmod, game } = await importedModule(dir, BUILD_FILE);
    await editUnitsLine(game, '12 Inf Div,6,5,3', '12 Inf Div,6,4,3');
    const { lines, xml } = await updated(vmod, game);
    expect(lines.join('\n')).toContain('value2: "5" → "4" (number 2 of the text of Text Label "")');
    expect(xml).toContain('\t6-4-3\\\t');
    expect(xml).not.toContain('6-5-3');
    expect(xml).toContain('5-5-3');
  });
}, 60_000);
