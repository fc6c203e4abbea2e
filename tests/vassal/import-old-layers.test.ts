/**
 * Layers as modules before VASSAL 3.2 wrote them (`emb;`, which VASSAL still reads through
 * `Embellishment.originalSetType`): the id, the activate keys (a nested `;` list: key, reset command,
 * reset key, reset level), the activate command (`_` first: drawn underneath), up key and command,
 * down key and command, x and y offsets, then one `image,level name` token per level.
 */
import { describe, expect, it } from 'vitest';
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { encodePiece, type PieceDefinition } from '../../src/vassal/piece';
import { oldLayerLevels } from '../../src/vassal/traits/index';
import { importLayerPieces } from './layer-pieces-kit';
import { greyPicture, importEntries, jsonOf } from './rebuild-kit';
import { oneMapBuildFile } from './synthetic-module';

// Activate key F with reset command "Reset" at level 1; drawn underneath; Ctrl+A / Ctrl+Z step up
// and down; offset (2, -3); three levels, the second blank.
const STEPS = 'emb;F\\;Reset\\;\\;1;_Flip;A;Step up;Z;Step down;2;-3;full.gif,Full;,;reduced.gif,+ (reduced)';

describe('an old Layer (emb;)', () => {
  it('gives its levels as VASSAL reads them: images without the blank level, one name per level', () => {
    expect(oldLayerLevels(STEPS)).toEqual({
      images: ['full.gif', 'reduced.gif'],
      levelNames: ['Full', '', '+ (reduced)'],
      canBeActivated: true,
    });
    // A level without a name, and a layer of one level.
    expect(oldLayerLevels('emb;;Flip;;;;;0;0;back.gif')).toEqual({ images: ['back.gif'], levelNames: [''], canBeActivated: false });
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

  it('in a saved game, a unit whose old Layer is active (state > 0) is placed reduced, as with emb2;', async () => {
    // Ctrl+F flips; an old Layer without an activate key is always active, its level no flip.
    const unit = (name: string, layer: string, state: string): PieceDefinition => ({
      id: 'null',
      traits: [
        { type: layer, state },
        { type: 'mark;Side', state: 'Germany' },
        { type: `piece;;;${name}.gif;${name}`, state: 'null;0;0;1;0' },
      ],
    });
    const FLIP = 'emb;F;Flip;;;;;0;0;back.gif,+ reduced';
    const ALWAYS = 'emb;;;;;;;0;0;back.gif,+ reduced';
    // A Layer of version 0 without an activate key: VASSAL makes it always active (Embellishment.mySetType).
    const VERSION_0 = 'emb2;;128;;;128;;;128;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;0';
    // A Layer of version 1 whose type ends at the version: VASSAL reads the absent flag as always active (nextBoolean(true)).
    const VERSION_1_SHORT = 'emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;1';
    const slot = (p: PieceDefinition) =>
      `<VASSAL.build.widget.PieceSlot entryName="${p.traits[2].type.split(';')[4]}" height="60" width="60">${encodePiece(p)}</VASSAL.build.widget.PieceSlot>`;
    const B = 'VASSAL.build.module.map.boardPicker';
    const board = `<${B}.Board name="Front" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board>`;
    const xml = oneMapBuildFile({
      name: 'Old',
      sides: ['Germany'],
      palette:
        slot(unit('Flipped', FLIP, '-1')) +
        slot(unit('Front up', FLIP, '-1')) +
        slot(unit('Always', ALWAYS, '1')) +
        slot(unit('Version 0', VERSION_0, '1')) +
        slot(unit('Version 1 short', VERSION_1_SHORT, '1')),
      board,
      stacks: '',
    }).replace(
      '</VASSAL.build.GameModule>',
      '<VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/></VASSAL.build.GameModule>',
    );
    // 0101 at (40, 40), 0201 at (96, 72), 0103 at (40, 168), 0202 at (96, 136), 0102 at (40, 104) (reference §4.2 golden grid).
    const stacks = [
      { mapId: 'Main Map', x: 40, y: 40, pieces: [unit('Flipped', FLIP, '1')] },
      { mapId: 'Main Map', x: 96, y: 72, pieces: [unit('Front up', FLIP, '-1')] },
      { mapId: 'Main Map', x: 40, y: 168, pieces: [unit('Always', ALWAYS, '1')] },
      { mapId: 'Main Map', x: 96, y: 136, pieces: [unit('Version 0', VERSION_0, '1')] },
      { mapId: 'Main Map', x: 40, y: 104, pieces: [unit('Version 1 short', VERSION_1_SHORT, '1')] },
    ];
    const save = await savedGameArchive(
      { stacks, boards: [setBoardsCommand('Main Map', [{ name: 'Front', column: 0, row: 0 }])] },
      { name: 'Old', version: '1', description: '', dateSaved: 0 },
      '',
      1767225600,
    );
    const imported = await importEntries(
      new Map([
        ['buildFile', new TextEncoder().encode(xml)],
        ['opening.vsav', save],
        ...['Flipped', 'Front up', 'Always', 'Version 0', 'Version 1 short', 'back'].map(
          (n, i) => [`images/${n}.gif`, greyPicture(60, 60, 60 + 40 * i)] as const,
        ),
      ]),
      'old',
    );
    const opening = (
      jsonOf(imported, 'scenarios.json').scenarios as Array<{ setup: Array<{ units: string[]; hex?: string; reduced?: boolean }> }>
    ).find((s) => s.setup.length === 5)!;
    const placed = Object.fromEntries(opening.setup.map((p) => [p.units[0], [p.hex, p.reduced ?? false]]));
    expect(placed).toEqual({
      flipped: ['0101', true],
      'front-up': ['0201', false],
      always: ['0103', false],
      'version-0': ['0202', false],
      'version-1-short': ['0102', false],
    });
  });
  it('an old Layer without an activate key is always active in VASSAL: its one picture is no back', async () => {
    // Embellishment.canBeActivated: a Layer of version 0 (emb; or emb2; before 3.3) by its activate
    // key, a later one unless always active. A Layer that cannot be switched off has no flip side.
    const layers: Record<string, string> = {
      'Old flip': 'emb;F;Flip;;;;;0;0;back.gif,+ reduced',
      'Old always': 'emb;;;;;;;0;0;back.gif,+ reduced',
      'V0 flip': 'emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;0',
      'V0 always': 'emb2;;128;;;128;;;128;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;0',
      'V1 flip': 'emb2;Flip;128;F;;128;;;128;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;1;false;70,130;;;;1.0;;true',
      'V1 always': 'emb2;;128;;;128;;;128;;;;1;false;0;0;back.gif;+ reduced;true;Step;;;false;;1;1;true;;;;;1.0;;true',
    };
    const imported = await importLayerPieces(
      Object.entries(layers).map(([name, layer]) => ({ name, layer, state: '-1', image: 'front.gif' })),
      ['front.gif', 'back.gif'],
    );
    const rows = (imported.files.get('units.csv') as string).trim().split('\n').slice(1);
    const backs = Object.fromEntries(rows.map((row) => [row.split(',')[3], row.split(',')[5]]));
    expect(backs).toEqual({
      'Old flip': 'vassal/module/images/back.gif',
      'Old always': '',
      'V0 flip': 'vassal/module/images/back.gif',
      'V0 always': '',
      'V1 flip': 'vassal/module/images/back.gif',
      'V1 always': '',
    });
  });
});
