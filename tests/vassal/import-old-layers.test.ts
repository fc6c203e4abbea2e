/**
 * Layers as modules before VASSAL 3.2 wrote them (`emb;`, which VASSAL still reads through
 * `Embellishment.originalSetType`): the id, the activate keys (a nested `;` list: key, reset command,
 * reset key, reset level), the activate command (`_` first: drawn underneath), up key and command,
 * down key and command, x and y offsets, then one `image,level name` token per level.
 */
import { describe, expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { oldLayerLevels } from '../../src/vassal/traits/index';
import { greyPicture, importEntries } from './rebuild-kit';
import { oneMapBuildFile } from './synthetic-module';

// Activate key F with reset command "Reset" at level 1; drawn underneath; Ctrl+A / Ctrl+Z step up
// and down; offset (2, -3); three levels, the second blank.
const STEPS = 'emb;F\\;Reset\\;\\;1;_Flip;A;Step up;Z;Step down;2;-3;full.gif,Full;,;reduced.gif,+ (reduced)';

describe('an old Layer (emb;)', () => {
  it('gives its levels as VASSAL reads them: images without the blank level, one name per level', () => {
    expect(oldLayerLevels(STEPS)).toEqual({ images: ['full.gif', 'reduced.gif'], levelNames: ['Full', '', '+ (reduced)'] });
    // A level without a name, and a layer of one level.
    expect(oldLayerLevels('emb;;Flip;;;;;0;0;back.gif')).toEqual({ images: ['back.gif'], levelNames: [''] });
  });

  it("is a unit's back picture on import, and its pictures the module lacks are reported", async () => {
    const piece = encodePiece({
      id: 'null',
      traits: [
        { type: 'emb;F;Flip;;;;;0;0;ger-1-back.gif,+ reduced', state: '-1' },
        { type: 'mark;Side', state: 'Germany' },
        { type: 'piece;;;ger-1.gif;Ger 1 Pz', state: 'null;92;30' },
      ],
    });
    const xml = oneMapBuildFile({
      name: 'Old',
      sides: ['Germany', 'Russia'],
      palette: `<VASSAL.build.widget.PieceSlot entryName="Ger 1 Pz" height="60" width="60">${piece}</VASSAL.build.widget.PieceSlot>`,
      board: '<VASSAL.build.module.map.boardPicker.Board name="Front" width="300" height="200"/>',
      stacks: '',
    });
    const entries = (back: boolean) =>
      new Map([
        ['buildFile', new TextEncoder().encode(xml)],
        ['images/ger-1.gif', greyPicture(60, 60, 90)],
        ...(back ? [['images/ger-1-back.gif', greyPicture(60, 60, 150)] as const] : []),
      ]);
    const imported = await importEntries(entries(true), 'old');
    expect((imported.files.get('units.csv') as string).split('\n').slice(0, 2)).toEqual([
      'id,side,type,name,image,backImage',
      'ger-1-pz,germany,unknown,Ger 1 Pz,vassal/module/images/ger-1.gif,vassal/module/images/ger-1-back.gif',
    ]);
    const lacking = await importEntries(entries(false), 'old');
    expect(lacking.diagnostics.find((d) => d.code === 'vassal/missing-images')?.message).toContain('ger-1-back.gif');
  });
});
