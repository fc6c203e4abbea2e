import { expect, it } from 'vitest';
import { describeShared } from '../shared-dir';
import {
  decodeSavedGameBytes,
  parseSavedGame,
  readLimits,
  readModule,
  readModuleFrom,
  readSavedGame,
  splitCommands,
  readModuleSave,
} from '../../src/vassal/reader/index';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { FIXTURE_NAMES, KASSALA, MODULE_TEMPLATE, RAGNAROK, TEMPLATE, TLD, fixture } from './import-fixtures';

const limits = readLimits();
const utf8 = (s: string) => new TextEncoder().encode(s);

function count(root: Parameters<typeof walkElements>[0], name: string): number {
  return [...walkElements(root)].filter((e) => e.name === name).length;
}

describeShared('reading the fixtures', () => {
  it.each(FIXTURE_NAMES)('%s reads without errors', async (name) => {
    const r = await readModuleFrom(fixture(name), limits);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.module?.rootKind).toBe('GameModule');
  });

  it('Kassala: 36 palette and at-start slots, 1 prototype, 21 at-start stacks, a !VCSK save (fixture README §1)', async () => {
    const m = (await readModuleFrom(fixture(KASSALA), limits)).module!;
    expect(m.buildFileName).toBe('buildFile.xml');
    expect(m.definitions.filter((d) => d.kind === 'slot')).toHaveLength(36);
    expect(m.definitions.filter((d) => d.kind === 'prototype')).toHaveLength(1);
    expect(count(m.root, 'VASSAL.build.module.map.SetupStack')).toBe(21);
    expect(m.savedGameNames).toEqual(['Default Setup.vsav']);
    const save = (await readModuleSave(m, 'Default Setup.vsav'))!;
    expect(save.encoding).toBe('VCSK');
    expect(save.commands[0]).toBe('begin_save');
    expect(save.commands[save.commands.length - 1]).toBe('end_save');
    // The first at-start stack "Mos-Can_x3" stands at (734, 718) (README §1); the save keeps a stack there.
    expect(save.stacks.some((s) => s.mapId === 'Main Map' && s.x === 734 && s.y === 718)).toBe(true);
    expect(m.files.has('images/Mapboard.png')).toBe(true);
  });

  it('The Longest Day: legacy `buildFile`, 2,070 slots, 6 prototypes, custom wga.Refresher kept (README §4)', async () => {
    const m = (await readModuleFrom(fixture(TLD), limits)).module!;
    expect(m.buildFileName).toBe('buildFile');
    expect(m.definitions.filter((d) => d.element.name === 'VASSAL.build.widget.PieceSlot')).toHaveLength(2070);
    expect(m.definitions.filter((d) => d.kind === 'prototype')).toHaveLength(6);
    const refresher = [...walkElements(m.root)].find((e) => e.name === 'wga.Refresher')!;
    expect(refresher.attributes).toEqual([
      ['name', 'Refresher'],
      ['text', 'Refresher'],
      ['visible', 'false'],
    ]);
  });

  it('reads a bare buildFile path and an unzipped folder alike', async () => {
    const a = (await readModuleFrom(fixture(TEMPLATE), limits)).module!;
    const b = (await readModuleFrom(`${fixture(TEMPLATE)}/buildFile.xml`, limits)).module!;
    expect(b.definitions.length).toBe(a.definitions.length);
    expect(b.root).toEqual(a.root);
  });

  it('keeps attribute order as written', async () => {
    const m = (await readModuleFrom(fixture(MODULE_TEMPLATE), limits)).module!;
    expect(m.root.attributes.map(([k]) => k)).toEqual([
      'ModuleOther1',
      'ModuleOther2',
      'VassalVersion',
      'description',
      'name',
      'nextPieceSlotId',
      'version',
    ]);
  });

  it('decodes traits with named fields (Ragnarok: Layer, UsePrototype, BasicPiece)', async () => {
    const m = (await readModuleFrom(fixture(RAGNAROK), limits)).module!;
    const freyr = m.definitions.find((d) => attribute(d.element, 'entryName') === 'en-freyr')!;
    expect(freyr.decoded.map((t) => t.kind)).toEqual(['layer', 'usePrototype', 'basicPiece']);
    const layer = freyr.decoded[0];
    expect(layer.kind === 'layer' && layer.type.images).toBe('en-freyr-r.png');
    const proto = freyr.decoded[1];
    expect(proto.kind === 'usePrototype' && proto.type.prototypeName).toBe('Counter-Aesir');
  });
});

describeShared('roots, custom components and custom traits', () => {
  const module = (root: string, body: string) =>
    new Map([['buildFile.xml', utf8(`<?xml version="1.0"?><${root} name="X" zz="1" aa="2">${body}</${root}>`)]]);
  const customSlot =
    '<VASSAL.build.widget.PieceSlot entryName="c" gpid="1">+/null/info;some;custom;fields\tpiece;;;c.png;C/st\\;ate\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>';

  it.each(['VASSAL.build.GameModule', 'VASSAL.launch.BasicModule', 'VASSAL.build.module.ModuleExtension'])(
    'accepts root %s',
    async (root) => {
      const r = await readModule(module(root, ''), { source: 'm', limits });
      expect(r.module?.root.name).toBe(root);
    },
  );

  it('refuses a root that is not a module', async () => {
    const r = await readModule(module('html', ''), { source: 'm', limits });
    expect(r.module).toBeUndefined();
    expect(r.diagnostics[0].code).toBe('vassal/unknown-root');
  });

  // An Ant build.xml saved as buildFile.xml was refused at the archive alone, with no line and column.
  it('places the refusal of a root that is not a module at that root, in the buildFile', async () => {
    const r = await readModule(module('project', ''), { source: 'm.vmod', limits });
    const tagEnd = '<?xml version="1.0"?><project name="X" zz="1" aa="2">'.length;
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'vassal/unknown-root', file: 'm.vmod!buildFile.xml', line: 1, column: tagEnd }),
    ]);
    expect(r.diagnostics[0].message).toBe(
      "the buildFile's root is <project>, not a module (VASSAL.build.GameModule, VASSAL.launch.BasicModule or VASSAL.build.module.ModuleExtension)",
    );
  });

  it('keeps unknown component classes and unknown traits verbatim', async () => {
    const r = await readModule(
      module('VASSAL.build.GameModule', `<VASL.build.module.ASLMap mapName="M" b="1"><Child/></VASL.build.module.ASLMap>${customSlot}`),
      { source: 'm', limits },
    );
    const m = r.module!;
    expect(m.root.attributes).toEqual([
      ['name', 'X'],
      ['zz', '1'],
      ['aa', '2'],
    ]);
    expect(m.root.children[0]).toEqual({
      name: 'VASL.build.module.ASLMap',
      attributes: [
        ['mapName', 'M'],
        ['b', '1'],
      ],
      children: [{ name: 'Child', attributes: [], children: [] }],
    });
    const custom = m.definitions[0].decoded[0];
    expect(custom).toEqual({ kind: 'unknown', id: 'info;', trait: { type: 'info;some;custom;fields', state: 'st\\;ate' } });
  });

  it('reports a missing buildFile', async () => {
    const r = await readModule(new Map([['moduledata', utf8('<data/>')]]), { source: 'x.vmod', limits });
    expect(r.diagnostics[0].code).toBe('vassal/no-buildfile');
  });
});

describeShared('saved games in the three encodings (reference §5.2)', () => {
  const ESC = '\u001b';
  const commands = [
    'begin_save',
    '',
    `+/1000/piece;;;a.png;A/Main Map;96;72;1;0`,
    `+/1001/stack/Main Map;96;72;1000;@@-1`,
    'SETUP_STACK\t',
    'end_save',
  ];
  const text = commands.join(ESC);

  // Independent encoders written from the reference's description.
  const vcsk = (payload: string, key: number) => {
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    return utf8(`!VCSK${hex(key)}${[...utf8(payload)].map((b) => hex(b ^ key)).join('')}`);
  };
  const vobs = (payload: string, key: number) => new Uint8Array([...utf8('VOBS'), key, ...[...utf8(payload)].map((b) => b ^ key)]);

  it.each([
    ['plain', utf8(text)],
    ['VCSK', vcsk(text, 0x5a)],
    ['VCSK', utf8(new TextDecoder().decode(vcsk(text, 0xc3)).toUpperCase().replace('!VCSK', '!VCSK'))],
    ['VOBS', vobs(text, 0x7e)],
  ] as const)('%s decodes to the same commands', (encoding, bytes) => {
    const decoded = decodeSavedGameBytes(bytes, 's');
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text).toBe(text);
    const save = parseSavedGame(decoded.text, decoded.encoding, 's');
    expect(save.pieces).toHaveLength(1);
    expect(save.pieces[0]).toMatchObject({ id: '1000', mapId: 'Main Map', x: 96, y: 72, gpid: '1' });
    expect(save.stacks).toEqual([{ id: '1001', mapId: 'Main Map', x: 96, y: 72, pieceIds: ['1000'] }]);
  });

  it('flattens nested command lists (inner ESC escaped as \\ESC)', () => {
    const nested = [
      'begin_save',
      ['+/1/piece;;;a.png;A/null;0;0;1;0', '+/2/piece;;;b.png;B/null;0;0;2;0'].join(`\\${ESC}`),
      'end_save',
    ].join(ESC);
    expect(splitCommands(nested)).toEqual([
      'begin_save',
      '+/1/piece;;;a.png;A/null;0;0;1;0',
      '+/2/piece;;;b.png;B/null;0;0;2;0',
      'end_save',
    ]);
  });

  it('refuses a bare savedGame payload: VASSAL reads a save only as a ZIP ("Invalid saveFile format")', async () => {
    const save = await readSavedGame(vobs(text, 1), { file: 'm.vmod!s.vsav', limits });
    expect(save.commands).toEqual([]);
    expect(save.diagnostics).toMatchObject([{ code: 'vassal/save-not-zip', severity: 'error', file: 'm.vmod!s.vsav' }]);
    expect(save.diagnostics[0].message).toContain('m.vmod!s.vsav');
  });
});
