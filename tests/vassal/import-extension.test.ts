/**
 * `hexforge import <ext.vmdx> --base <module>`: an extension of the Kassala fixture, in VASSAL's
 * format, adds a palette list (one counter drawn with a picture of the base module, one with its
 * own picture, both using the base's "Unit" prototype) and an at-start stack. Imported with its
 * base, its pieces, setup and art are data; imported alone, it is refused and nothing is written.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { readLimits, readModuleFrom, referencedImages } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { runCli } from '../cli/run-cli';
import { describeShared } from '../shared-dir';
import { BASE_PICTURE, OWN_PICTURE, REINFORCED_SETUP, extensionBuildFile, reinforcements, writeExtension } from './extension-kit';
import { KASSALA, MODULE_TEMPLATE, fixture, withTempDir } from './import-fixtures';

const csvRows = (text: string) => {
  const [header, ...lines] = text.trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
};

describeShared('an extension imported with its base module', () => {
  it("yields the extension's pieces, art and setup as data, with pictures found in the base and the extension", async () => {
    await withTempDir(async (dir) => {
      // Read on its own, the extension names pictures it does not hold: what the base supplies.
      const plain = path.join(dir, 'plain.vmdx');
      await writeExtension(plain, reinforcements());
      const alone = await readModuleFrom(plain, readLimits());
      const held = new Set([...alone.module!.files.keys()]);
      expect(referencedImages(alone.module!).filter((i) => !held.has(`images/${i}`))).toEqual([BASE_PICTURE]);

      // The extension imported also holds a picture of the base's name: VASSAL looks in the module first.
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, reinforcements({ images: { [OWN_PICTURE]: [75, 64], [BASE_PICTURE]: [10, 10] } }));
      const out = path.join(dir, 'kassala-reinforced');
      const run = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', out, '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const lines = run.stdout.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      // Kassala's About screen names Splash.png, which neither file holds: VASSAL shows the one in its own jar.
      expect(lines.filter((l) => l.code === 'vassal/missing-images')).toEqual([]);
      const summary = lines.at(-1)!;
      expect(summary.valid).toBe(true);
      expect(summary.base).toBe(fixture(KASSALA));
      expect(summary.missingImages).toEqual([]);
      // Kassala's own units and the extension's 2 counters.
      const baseAlone = await runCli(['import', fixture(KASSALA), '--out', path.join(dir, 'kassala'), '--json']);
      expect((JSON.parse(baseAlone.stdout.split('\n').at(-1)!) as { units: number }).units + 2).toBe(summary.units);

      const units = csvRows(await readFile(path.join(out, 'units.csv'), 'utf8'));
      const byId = new Map(units.map((u) => [u.id, u]));
      const turkish = byId.get('moslem_cavalry_4-3_turkish_reinforcement')!;
      const janissary = byId.get('moslem_infantry_5-2_janissary')!;
      expect(turkish.image).toBe(`vassal/module/images/${BASE_PICTURE}`);
      expect(janissary.image).toBe(`vassal/module/images/${OWN_PICTURE}`);
      // The values come from the names ("4-3", "5-2"); the side from the base's vocabulary.
      expect([turkish.side, janissary.side]).toEqual(['moslem', 'moslem']);
      // Both pictures are in the folder: the base's byte for byte (not the extension's picture of that
      // name), the extension's own as it wrote it.
      expect(await readFile(path.join(out, turkish.image))).toEqual(await readFile(path.join(fixture(KASSALA), 'images', BASE_PICTURE)));
      expect(existsSync(path.join(out, janissary.image))).toBe(true);

      // The at-start stack at (962, 852): Kassala's grid has x0 51, dx 227.9, y0 55, dy 265.9, not
      // sideways; 962 ≈ 51 + 4·227.9 and 852 ≈ 55 + 3·265.9 in an unshifted (odd, 1-based) column:
      // column 5, row 4, "0504" in the default numbering.
      const scenarios = JSON.parse(await readFile(path.join(out, 'scenarios.json'), 'utf8')) as {
        scenarios: { name: string; setup?: { units: string[]; hex?: string }[] }[];
      };
      const placed = scenarios.scenarios.flatMap((s) => s.setup ?? []).filter((p) => p.units.includes('moslem_infantry_5-2_janissary'));
      expect(placed.map((p) => p.hex)).toEqual(['0504']);
      // The extension's predefined setup reads its save from the extension: the same placements as
      // Kassala's Default Setup, whose save it copies.
      const named = (name: string) => scenarios.scenarios.find((sc) => sc.name === name)?.setup;
      expect(named(REINFORCED_SETUP)).toEqual(named('Default Setup'));
      expect(named(REINFORCED_SETUP)?.length).toBeGreaterThan(0);

      // game.json names the module the extension extends, with its version, and the extension.
      const game = JSON.parse(await readFile(path.join(out, 'game.json'), 'utf8')) as Record<string, unknown>;
      expect(game.sources).toEqual([
        expect.objectContaining({ id: 'vassal-module', title: 'Kassala', edition: '0.2.0' }),
        expect.objectContaining({ id: 'vassal-extension', title: 'Reinforcements', edition: '1.0' }),
      ]);
      const sidecar = JSON.parse(await readFile(path.join(out, 'vassal/import.json'), 'utf8')) as { module: { extension?: unknown } };
      // It records the extension's own entries, in its archive's order, and the base it was read with.
      const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
      const archive = (await readModuleEntries(ext, readLimits())).entries!;
      expect(sidecar.module.extension).toEqual({
        name: 'Reinforcements',
        version: '1.0',
        entries: [...archive.keys()],
        buildFile: 'buildFile.xml',
        buildFileSha256: sha256(archive.get('buildFile.xml')!),
        base: { name: 'Kassala', version: '0.2.0', buildFileSha256: sha256(await readFile(path.join(fixture(KASSALA), 'buildFile.xml'))) },
        // The module's entries start with the base's: all of Kassala's.
        baseEntries: (await readModuleEntries(fixture(KASSALA), readLimits())).entries!.size,
      });
      // The extension's buildFile and extensiondata are kept as they are; its picture, the same bytes
      // as the module's copy, once.
      expect(await readFile(path.join(out, 'vassal/extension/buildFile.xml'))).toEqual(Buffer.from(archive.get('buildFile.xml')!));
      expect(existsSync(path.join(out, 'vassal/extension/extensiondata'))).toBe(true);
      expect(existsSync(path.join(out, `vassal/extension/images/${OWN_PICTURE}`))).toBe(false);

      // The folder is Kassala with the extension: `update` refuses Kassala alone as its origin, and
      // says what to pass.
      const updated = path.join(dir, 'updated.vmod');
      const update = await runCli(['update', fixture(KASSALA), out, '--out', updated]);
      expect(update.code).toBe(EXIT.invalid);
      expect(update.stderr).toContain('update/extension-needs-base');
      expect(update.stderr).toContain(`hint: hexforge update <Reinforcements.vmdx> ${out} --base <Kassala.vmod> --out <new.vmdx>`);
      expect(existsSync(updated)).toBe(false);
    });
  });

  it("says once which missing pictures the extension names, of those neither file holds, at the extension's first piece naming one", async () => {
    await withTempDir(async (dir) => {
      // Without its own picture: the Janissary's is in neither file; a picture of the base's own,
      // missing from the base, is counted but not the extension's.
      const ext = path.join(dir, 'Reinforcements.vmdx');
      const lost = 'Lost_Banner.png';
      const spec = reinforcements({ images: {} });
      const base = path.join(dir, 'base');
      await cp(fixture(KASSALA), base, { recursive: true });
      const buildFile = path.join(base, 'buildFile.xml');
      await writeFile(buildFile, (await readFile(buildFile, 'utf8')).replace('fileName="Splash.png"', `fileName="${lost}"`));
      await writeExtension(ext, spec);
      const run = await runCli(['import', ext, '--base', base, '--out', path.join(dir, 'out'), '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const lines = run.stdout.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      const missing = lines.filter((l) => l.code === 'vassal/missing-images');
      expect(missing).toHaveLength(1);
      expect(missing[0].message).toMatch(
        /^2 image\(s\) the module with the extension "Reinforcements" loaded refers to are in neither file \(1 named by the extension's own components\): /,
      );
      expect(String(missing[0].message).split(': ')[1].split(', ').sort()).toEqual([lost, OWN_PICTURE].sort());
      // The Janissary's slot, in the extension's buildFile: the line holding the palette list, its
      // start tag ending after the Cavalry's slot on that line.
      const text = extensionBuildFile(spec).split('\n');
      const line = text.findIndex((l) => l.includes('entryName="Reinforcements"'));
      const slotStart = text[line].indexOf('<VASSAL.build.widget.PieceSlot entryName="Moslem_Infantry_5-2_Janissary"');
      expect(slotStart).toBeGreaterThan(0);
      expect(missing[0].file).toBe(`${ext}!buildFile.xml`);
      expect(missing[0].line).toBe(line + 1);
      expect(missing[0].column).toBe(text[line].indexOf('>', slotStart) + 1);
    });
  });

  // An extension zipped from its sources without extensiondata imported silently; VASSAL then refused it with "entry".
  it('warns once that an extension without extensiondata or moduledata will not load in VASSAL, and imports it all the same', async () => {
    await withTempDir(async (dir) => {
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, reinforcements({ withoutExtensionData: true, baseFolder: undefined }));
      const out = path.join(dir, 'game');
      const run = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', out, '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const lines = run.stdout.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.filter((l) => l.code === 'vassal/extension-no-metadata')).toEqual([
        expect.objectContaining({
          severity: 'warning',
          file: ext,
          message: expect.stringContaining('VASSAL refuses to load the extension'),
        }),
      ]);
      expect(existsSync(path.join(out, 'units.csv'))).toBe(true);
      // With extensiondata, as VASSAL's editor saves it, or moduledata alone, which VASSAL reads instead, there is nothing to say.
      const whole = path.join(dir, 'Whole.vmdx');
      await writeExtension(whole, reinforcements());
      const again = await runCli(['import', whole, '--base', fixture(KASSALA), '--out', path.join(dir, 'whole'), '--json']);
      expect(again.stdout).not.toContain('vassal/extension-no-metadata');
      const moduleData = path.join(dir, 'ModuleData.vmdx');
      await writeExtension(moduleData, reinforcements({ withoutExtensionData: true }));
      const third = await runCli(['import', moduleData, '--base', fixture(KASSALA), '--out', path.join(dir, 'moduledata'), '--json']);
      expect(third.code, third.stderr).toBe(EXIT.ok);
      expect(third.stdout).not.toContain('vassal/extension-no-metadata');
    });
  });

  // VASSAL reads the metadata of an extension saved before 3.5 from its old-style `buildFile` itself
  // (ExtensionMetaData.read) and loads it: a public VASL extension so made was warned of as refused.
  it('says nothing of metadata for an extension whose buildFile has the old name, which VASSAL reads instead', async () => {
    await withTempDir(async (dir) => {
      const ext = path.join(dir, 'Old.vmdx');
      await writeExtension(ext, reinforcements({ withoutExtensionData: true, baseFolder: undefined, legacyBuildFile: true }));
      const run = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', path.join(dir, 'game'), '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect(run.stdout).not.toContain('vassal/extension-no-metadata');
      expect(existsSync(path.join(dir, 'game', 'units.csv'))).toBe(true);
    });
  });

  // The warning named the base module, with no line, for a component the extension added.
  it("places a component of the extension's own Java classes in the extension's buildFile", async () => {
    await withTempDir(async (dir) => {
      const ext = path.join(dir, 'Reinforcements.vmdx');
      const spec = reinforcements();
      spec.grafts.push({ target: '', xml: '<com.example.Checker name="Checker"/>' });
      await writeExtension(ext, spec);
      const run = await runCli(['import', ext, '--base', fixture(KASSALA), '--out', path.join(dir, 'game'), '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const lines = run.stdout.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      // extensionBuildFile writes the declaration and root on lines 1-2, then each graft as three lines
      // (ExtensionElement, component, close): the fourth graft's component is on line 3·4 + 1.
      const text = extensionBuildFile(spec).split('\n');
      const line = text.findIndex((l) => l.includes('<com.example.Checker')) + 1;
      expect(line).toBe(3 * 4 + 1);
      expect(lines.filter((l) => l.code === 'vassal/custom-class')).toEqual([
        expect.objectContaining({
          file: `${ext}!buildFile.xml`,
          line,
          column: text[line - 1].indexOf('/>') + 2,
          message: expect.stringContaining(
            "from the extension's own Java classes (the extension does not hold com/example/Checker.class, so VASSAL fails to build it",
          ),
        }),
      ]);
    });
  });

  it('refuses an extension imported alone, naming the base module and its version, and writes nothing', async () => {
    await withTempDir(async (dir) => {
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, reinforcements());
      const out = path.join(dir, 'game');
      const run = await runCli(['import', ext, '--out', out]);
      expect(run.code).toBe(EXIT.usage);
      expect(run.stderr).toContain(`${ext}: error import/extension-needs-base:`);
      expect(run.stderr).toContain('extension of the module "Kassala" version 0.2.0');
      expect(run.stderr).toContain(`hint: import it with its module: hexforge import ${ext} --base <Kassala.vmod>`);
      expect(run.stderr).not.toContain('missing');
      expect(existsSync(out)).toBe(false);
      // The round trip, which imports too, refuses it alike.
      const roundTrip = await runCli(['roundtrip', ext]);
      expect(roundTrip.code).toBe(EXIT.invalid);
      expect(roundTrip.stderr).toContain('import/extension-needs-base');
    });
  });

  it('refuses a base module other than the one the extension names, and a target the base does not have', async () => {
    await withTempDir(async (dir) => {
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, reinforcements());
      const out = path.join(dir, 'game');
      const other = await runCli(['import', ext, '--base', fixture(MODULE_TEMPLATE), '--out', out]);
      expect(other.code).toBe(EXIT.invalid);
      expect(other.stderr).toContain('import/extension-other-module');
      expect(other.stderr).toContain('extends the module "Kassala" version 0.2.0');
      expect(existsSync(out)).toBe(false);

      const lost = path.join(dir, 'Lost.vmdx');
      const spec = reinforcements();
      await writeExtension(lost, {
        ...spec,
        grafts: [
          {
            ...spec.grafts[1],
            // Kassala's map has no deck at all (a folder or stack of another name would resolve: VASSAL
            // then takes the first of the class).
            target: 'VASSAL.build.module.Map:Main Map/VASSAL.build.module.map.DrawPile:Reserves',
          },
        ],
      });
      const missing = await runCli(['import', lost, '--base', fixture(KASSALA), '--out', out]);
      expect(missing.code).toBe(EXIT.invalid);
      // The ExtensionElement is on line 3 of the extension's buildFile (after the declaration and the root).
      expect(missing.stderr).toContain(`${lost}!buildFile.xml:3:`);
      expect(missing.stderr).toContain('vassal/extension-target-missing');
      expect(existsSync(out)).toBe(false);

      // --base given for a module that is no extension: the command line was wrong.
      const notExtension = await runCli(['import', fixture(KASSALA), '--base', fixture(KASSALA), '--out', out]);
      expect(notExtension.code).toBe(EXIT.usage);
      expect(notExtension.stderr).toContain('import/not-an-extension');
      expect(existsSync(out)).toBe(false);
    });
  });
});
