/** The pre-write checks catch what makes VASSAL refuse or degrade a module (reference §1, §2.1, §7). */
import { describe, expect, it } from 'vitest';
import type { XmlElement } from '../../src/vassal/xml-tree';
import {
  type CheckedPiece,
  type CheckedPieces,
  type CheckedSavePiece,
  checkModule,
  type ModuleContents,
  pieceTextDigest,
} from '../../src/vassal/module/checks';
import { escapeAttribute, serializeXml } from '../../src/vassal/module/xml-writer';
import { standInModule } from './module-helpers';

function clone(el: XmlElement): XmlElement {
  return JSON.parse(JSON.stringify(el)) as XmlElement;
}

function find(root: XmlElement, suffix: string): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (e: XmlElement) => {
    if (e.name.endsWith(suffix)) out.push(e);
    e.children.forEach(visit);
  };
  visit(root);
  return out;
}

async function contents(): Promise<ModuleContents & { saves: Map<string, string> }> {
  const { result } = await standInModule('tests/fixtures/minimal');
  const images = new Set<string>();
  for (const line of result.xml.match(/(units|charts)\\?\/[a-z0-9-]+\.png/g) ?? []) images.add(line.replace('\\', ''));
  images.add('map.png');
  images.add('holding.png');
  const saves = new Map(result.module.setups.map((s) => [s.path, '']));
  const { savedGameCommands } = await import('../../src/vassal/module/saved-game');
  for (const s of result.module.setups) saves.set(s.path, savedGameCommands(s.save));
  return { buildFile: result.module.buildFile, xml: result.xml, images, entries: new Set(saves.keys()), saves };
}

const codes = async (c: ModuleContents) => (await checkModule(c)).map((d) => d.code);

describe('module checks', () => {
  it('a generated module passes', async () => {
    expect(await checkModule(await contents())).toEqual([]);
  });

  it('a trait without its state segment (VASSAL aborts loading)', async () => {
    const c = await contents();
    const buildFile = clone(c.buildFile);
    const slot = find(buildFile, 'PieceSlot')[0];
    // Drop the Layer's state segment "-1<TAB>" so 6 traits meet 5 state segments.
    slot.text = slot.text!.replace('/-1\t', '/');
    expect(await codes({ ...c, buildFile, xml: serializeXml(buildFile) })).toContain('vassal/state-segment-count');
  });

  it('an image that is not in the module', async () => {
    const c = await contents();
    const images = new Set(c.images);
    images.delete('units/b1-back.png');
    images.delete('map.png');
    const found = (await checkModule({ ...c, images })).filter((d) => d.code === 'vassal/missing-image');
    const named = new Set(found.map((d) => /"([^"]+\.png)"/.exec(d.message)![1]));
    expect([...named].sort()).toEqual(['map.png', 'units/b1-back.png']);
  });

  it('duplicate gpids and gpids not below nextPieceSlotId', async () => {
    const c = await contents();
    const buildFile = clone(c.buildFile);
    const slots = find(buildFile, 'PieceSlot');
    slots[1].attributes = slots[1].attributes.map(([k, v]) => [k, k === 'gpid' ? '1' : v]);
    buildFile.attributes = buildFile.attributes.map(([k, v]) => [k, k === 'nextPieceSlotId' ? '1' : v]);
    const found = await codes({ ...c, buildFile, xml: serializeXml(buildFile) });
    expect(found).toContain('vassal/duplicate-gpid');
    expect(found).toContain('vassal/gpid-mismatch');
    expect(found).toContain('vassal/gpid-not-below-next');
  });

  it('CDATA and unescaped attribute newlines', async () => {
    const c = await contents();
    expect(
      await codes({
        ...c,
        xml: c.xml.replace(
          '<VASSAL.build.module.Documentation/>',
          '<VASSAL.build.module.Documentation><![CDATA[x]]></VASSAL.build.module.Documentation>',
        ),
      }),
    ).toContain('vassal/cdata');
    const buildFile = clone(c.buildFile);
    buildFile.attributes = buildFile.attributes.map(([k, v]) => [k, k === 'description' ? 'two\nlines' : v]);
    const escaped = serializeXml(buildFile);
    expect(escaped).toContain('description="two&#10;lines"');
    expect(await codes({ ...c, buildFile, xml: escaped })).toEqual([]);
    // The same value written with a literal newline reads back as a space: caught.
    const literal = escaped.replace('two&#10;lines', 'two\nlines');
    expect(await codes({ ...c, buildFile, xml: literal })).toContain('vassal/xml-round-trip');
  });

  it('a map without its interaction components, a setup file that is missing or lacks SETUP_STACK', async () => {
    const c = await contents();
    const buildFile = clone(c.buildFile);
    const map = find(buildFile, 'module.Map')[0];
    map.children = map.children.filter((e) => !e.name.endsWith('PieceMover'));
    expect(await codes({ ...c, buildFile, xml: serializeXml(buildFile) })).toContain('vassal/map-component');
    expect(await codes({ ...c, entries: new Set() })).toContain('vassal/missing-setup');
    // A save the data says is absent (the imported module lacked it) is not an error; only that one.
    const [first, ...others] = [...c.saves.keys()];
    const missing = async (absentSaves: Set<string>) =>
      (await checkModule({ ...c, entries: new Set(), absentSaves })).filter((d) => d.code === 'vassal/missing-setup').length;
    expect(await missing(new Set([first]))).toBe(others.length);
    expect(await missing(new Set([first, ...others]))).toBe(0);
    const saves = new Map([...c.saves].map(([k, v]) => [k, v.replace('SETUP_STACK\t\u001b', '')]));
    expect(await codes({ ...c, saves })).toContain('vassal/save-setup-stack');
  });
});

describe('XML writer', () => {
  it('escapes attribute TAB/LF/CR and markup characters', () => {
    expect(escapeAttribute('a\tb\nc\rd&<>"')).toBe('a&#9;b&#10;c&#13;d&amp;&lt;&gt;&quot;');
  });
  it('writes definitions as escaped text, never CDATA', () => {
    const xml = serializeXml({ name: 'R', attributes: [], children: [{ name: 'S', attributes: [], children: [], text: 'a<b&c\td' }] });
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<R>\n    <S>a&lt;b&amp;c\td</S>\n</R>\n');
  });

  describe('with the definitions an earlier build checked', () => {
    /** An in-memory store, counting the definitions decoded (put) and the ones taken from it (hits). */
    function store(): CheckedPieces & { entries: Map<string, CheckedPiece>; saves: Map<string, readonly string[]>; hits: number } {
      const entries = new Map<string, CheckedPiece>();
      const saves = new Map<string, readonly string[]>();
      const kept = {
        entries,
        saves,
        hits: 0,
        async get(text: string) {
          const hit = entries.get(text);
          if (hit) kept.hits++;
          return hit;
        },
        async put(text: string, piece: CheckedPiece) {
          entries.set(text, piece);
        },
        async getSave(commands: string) {
          return saves.get(commands);
        },
        async putSave(commands: string, images: readonly string[]) {
          saves.set(commands, images);
        },
      };
      return kept;
    }

    it('keeps a clean save whole, not its pieces one by one, and still finds an image it names that the module lacks', async () => {
      const c = await contents();
      const kept = store();
      expect(await checkModule(c, kept)).toEqual([]);
      expect([...kept.saves.keys()].sort()).toEqual([...c.saves.values()].sort());
      const placed = [...c.saves.values()].flatMap((commands) => commands.split('\u001b').filter((command) => command.startsWith('+/')));
      expect(placed.length).toBeGreaterThan(0);
      for (const command of placed) expect(kept.entries.has(command)).toBe(false);
      // The pieces of the fixture's saves draw the units' faces: one of them gone is found from the kept save.
      const named = [...kept.saves.values()].flat();
      expect(named).toContain('units/b1-front.png');
      const images = new Set(c.images);
      images.delete('units/b1-front.png');
      const found = (await checkModule({ ...c, images }, kept)).filter((d) => d.code === 'vassal/missing-image');
      expect(found.some((d) => d.message.includes('.vsav names image "units/b1-front.png"'))).toBe(true);
    });

    it('decodes each clean definition once and finds the same', async () => {
      const c = await contents();
      const kept = store();
      expect(await checkModule(c, kept)).toEqual([]);
      expect(kept.entries.size).toBeGreaterThan(0);
      expect(kept.hits).toBe(0);
      expect(await checkModule(c, kept)).toEqual([]);
      expect(kept.hits).toBeGreaterThanOrEqual(kept.entries.size);
    });

    it('still finds an image a kept definition names that the module no longer ships', async () => {
      const c = await contents();
      const kept = store();
      await checkModule(c, kept);
      const images = new Set(c.images);
      images.delete('units/b1-back.png');
      const found = (await checkModule({ ...c, images }, kept)).filter((d) => d.code === 'vassal/missing-image');
      expect(kept.hits).toBeGreaterThan(0);
      expect(found.map((d) => /"([^"]+\.png)"/.exec(d.message)![1])).toContain('units/b1-back.png');
    });

    it('still finds a gpid that no longer matches a kept definition, and decodes a changed one', async () => {
      const c = await contents();
      const kept = store();
      await checkModule(c, kept);
      // The same definition text under another gpid attribute: the kept BasicPiece state disagrees.
      const moved = clone(c.buildFile);
      const slot = find(moved, 'PieceSlot')[0];
      const gpid = Number(slot.attributes.find(([k]) => k === 'gpid')![1]);
      slot.attributes = slot.attributes.map(([k, v]) => [k, k === 'gpid' ? String(gpid + 1000) : v]);
      moved.attributes = moved.attributes.map(([k, v]) => [k, k === 'nextPieceSlotId' ? '100000' : v]);
      expect(await codes2(kept, { ...c, buildFile: moved, xml: serializeXml(moved) })).toContain('vassal/gpid-mismatch');
      // A definition whose text changed is not the kept one: decoded, and its fault found.
      const broken = clone(c.buildFile);
      const first = find(broken, 'PieceSlot')[0];
      first.text = first.text!.replace('/-1\t', '/');
      expect(kept.entries.has(first.text)).toBe(false);
      expect(await codes2(kept, { ...c, buildFile: broken, xml: serializeXml(broken) })).toContain('vassal/state-segment-count');
      // Nor is a definition with faults ever kept.
      expect(kept.entries.has(first.text)).toBe(false);
    });

    it('a changed save decodes only the pieces whose text changed, the others found by the digest of their text', async () => {
      const c = await contents();
      const records = new Map<string, ReadonlyMap<string, CheckedSavePiece>>();
      let found = 0;
      const kept: CheckedPieces = {
        ...store(),
        async getSavePieces(file) {
          const record = records.get(file);
          // Counts the pieces taken from the record instead of decoded.
          return (
            record &&
            ({ get: (digest: string) => (record.has(digest) ? (found++, record.get(digest)) : undefined) } as ReadonlyMap<
              string,
              CheckedSavePiece
            >)
          );
        },
        async putSavePieces(file, pieces) {
          records.set(file, new Map(pieces));
        },
      };
      expect(await checkModule(c, kept)).toEqual([]);
      const [file, commands] = [...c.saves].find(([, text]) => text.includes('.png'))!;
      const list = commands.split('\u001b');
      const pieces = list.filter((command) => command.startsWith('+/') && !/^\+\/\d+\/stack\//.test(command));
      expect(pieces.length).toBeGreaterThan(1);
      expect(records.get(file)?.size).toBe(pieces.length);
      // One piece names a picture the module lacks: only it is decoded, and its fault is found.
      const changed = list.indexOf(pieces[0]);
      const image = records.get(file)!.get(pieceTextDigest(pieces[0]))!.images[0];
      // The name as the command holds it: its `/` escaped at each level of nesting, its file name as it is.
      const name = image.slice(image.lastIndexOf('/') + 1);
      const gone = image.replace(name, `gone-${name}`);
      list[changed] = list[changed].replaceAll(name, `gone-${name}`);
      const saves = new Map(c.saves).set(file, list.join('\u001b'));
      const faults = (await checkModule({ ...c, saves }, kept)).filter((d) => d.code === 'vassal/missing-image');
      expect(faults.map((d) => d.message)).toEqual([`${file} names image "${gone}", which is not in the module's images/`]);
      expect(found).toBe(pieces.length - 1);
      expect(pieceTextDigest(list[changed])).not.toBe(pieceTextDigest(commands.split('\u001b')[changed]));
    });

    const codes2 = async (kept: CheckedPieces, c: ModuleContents) => (await checkModule(c, kept)).map((d) => d.code);
  });
});
