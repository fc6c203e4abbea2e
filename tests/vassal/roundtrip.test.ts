import { describe, expect, it } from 'vitest';
import { describeShared } from '../shared-dir';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';
import type { XmlElement } from '../../src/vassal/xml-tree';
import { demoModule } from './import-demo-module';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleFrom, readZip } from '../../src/vassal/reader/index';
import { compareModules } from '../../src/vassal/roundtrip/compare';
import { roundTrip } from '../../src/vassal/roundtrip/roundtrip';
import { serializeXml } from '../../src/vassal/module/xml-writer';
import { FIXTURE_NAMES, KASSALA, fixture, withTempDir } from './import-fixtures';
import path from 'node:path';

const limits = readLimits();

describeShared('every fixture round-trips with no difference', () => {
  it.each(FIXTURE_NAMES)('%s', async (name) => {
    const original = (await readModuleFrom(fixture(name), limits)).module!;
    const result = await roundTrip(original, { id: name, limits, epoch: 0 });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.comparison?.differences).toEqual([]);
  });

  it("Kassala misses no image: the splash picture it names without holding it is VASSAL's own (vassal-check finds none missing)", async () => {
    const original = (await readModuleFrom(fixture(KASSALA), limits)).module!;
    const result = await roundTrip(original, { id: 'k', limits, epoch: 0 });
    expect(result.comparison?.missingImages).toEqual([]);
  });
});

describeShared("the module writer's serialisation of every fixture's buildFile reads back to the same module", () => {
  // The import keeps a module's own buildFile bytes, so the round trip above no longer passes
  // fixture buildFiles through the serialiser: this does.
  it.each(FIXTURE_NAMES)('%s', async (name) => {
    const original = (await readModuleFrom(fixture(name), limits)).module!;
    const entries = new Map(original.files);
    entries.set(original.buildFileName, new TextEncoder().encode(serializeXml(original.root)));
    const copy = (await readModule(entries, { source: `${name} (serialised)`, limits })).module!;
    expect((await compareModules(original, copy)).differences).toEqual([]);
  });
});

describeShared('the comparison finds what changed', () => {
  it('reports a changed attribute, a changed trait, a lost component and changed image bytes', async () => {
    const original = (await readModuleFrom(fixture(KASSALA), limits)).module!;
    const copy = structuredClone(original);
    const map = copy.root.children.find((c) => c.name === 'VASSAL.build.module.Map')!;
    map.attributes = map.attributes.map(([k, v]) => [k, k === 'mapName' ? 'Other Map' : v]);
    const slot = copy.definitions.find((d) => d.kind === 'slot')!;
    const el = findSame(copy.root, slot.element.text!)!;
    el.text = el.text!.replace('Moslem_Cannon_1-0.png', 'other.png');
    copy.root.children.pop();
    copy.files = new Map([...copy.files, ['images/Mapboard.png', new Uint8Array([1, 2, 3])]]);
    const diff = (await compareModules(original, copy)).differences.map((d) => d.message);
    expect(diff).toContain('attribute mapName: "Main Map" became "Other Map"');
    expect(diff.some((m) => m.startsWith('trait 2 (piece;) type differs'))).toBe(true);
    expect(diff).toContain('component lost');
    expect(diff).toContain('bytes differ');
  });
});

function findSame(root: XmlElement, text: string): XmlElement | undefined {
  if (root.text === text) return root;
  for (const c of root.children) {
    const f = findSame(c, text);
    if (f) return f;
  }
  return undefined;
}

describe('our own data/demo module imports back to the data it came from', () => {
  it('units, values, setups and grid agree', async () => {
    const source = (await loadGame('data/demo')).game!;
    const vmod = await demoModule(source);
    const zip = await readZip(vmod, { file: 'demo.vmod', limits });
    const module = (await readModule(zip.entries, { source: 'demo.vmod', limits })).module!;
    const imported = await importModule(module, { id: 'demo' });
    await withTempDir(async (dir) => {
      const out = path.join(dir, 'demo');
      await writeGameFolder(out, imported.files);
      const loaded = await loadGame(out);
      expect(loaded.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      const back = loaded.game!;
      expect(back.map.numbering).toEqual(
        expect.objectContaining({
          orientation: source.map.numbering.orientation,
          order: source.map.numbering.order,
          digits: source.map.numbering.digits,
          stagger: source.map.numbering.stagger,
        }),
      );
      expect(back.units.map((u) => u.id).sort()).toEqual(source.units.map((u) => u.id).sort());
      for (const unit of source.units) {
        const copy = back.units.find((u) => u.id === unit.id)!;
        expect({
          id: copy.id,
          side: copy.side,
          nationality: copy.nationality,
          type: copy.type,
          size: copy.size,
          formation: copy.formation,
          designation: copy.designation,
          name: copy.name,
          steps: copy.steps,
          flags: copy.flags,
          setup: copy.setupHex ?? copy.setup,
          entry: copy.entry,
          front: copy.front,
          reverse: copy.reverse,
        }).toEqual({
          id: unit.id,
          side: unit.side,
          nationality: unit.nationality,
          type: unit.type,
          size: unit.size,
          formation: unit.formation,
          designation: unit.designation,
          name: unit.name,
          steps: unit.steps,
          flags: unit.flags,
          setup: unit.setupHex ?? unit.setup,
          entry: unit.entry,
          front: unit.front,
          reverse: unit.reverse,
        });
        if (unit.back === 'reduced') expect(copy.back).toBe('reduced');
      }
      // Setups: every unit the source places in a hex is in the same hex; units in boxes are in a box of the same name.
      const boxName = (g: Game, id: string) => g.map.boxes.find((b) => b.id === id)?.name;
      for (const scenario of source.scenarios) {
        const copy = back.scenarios.find((s) => s.name === scenario.name)!;
        expect(copy).toBeDefined();
        const where = (g: Game, s: typeof scenario) => {
          const m = new Map<string, string>();
          for (const p of s.setup ?? [])
            for (const u of p.units ?? []) m.set(u, p.hex ? `hex ${p.hex}` : p.box ? `box ${boxName(g, p.box)}` : 'other');
          return m;
        };
        const a = where(source, scenario);
        const b = where(back, copy);
        for (const [unit, place] of a) if (place !== 'other') expect([unit, b.get(unit)]).toEqual([unit, place]);
      }
    });
  }, 60_000);
});
