/**
 * `hexforge update` renames a marker whose pieces have no name of their own, which VASSAL names by
 * their Text Label (" (Fog)" from the label "Fog", ./label-named-markers-kit.ts), in the label's
 * text, and only in the pieces VASSAL names so: every nameless piece shares one match key, so the
 * "Rain slip" beside it stays byte for byte. A name the label cannot make, and a marker named
 * after its slot's label, are refused, nothing written. VASSAL 3.7.26 names the renamed pieces so.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { withTempDir } from './import-fixtures';
import { VASSAL_SHOWN_NAMES, label, labelNamedBuildFile, slot } from './label-named-markers-kit';
import { changedTraits, edit, importedModule, update } from './update-masks-kit';
import { describeVassal } from '../vassal-tier';
import { vassalReport } from './vassal-run';

const limits = readLimits();
/** The kit's module with a second nameless palette marker, "Rain slip", labelled "Rain" as the at-start Rain is. */
const BUILD_FILE = labelNamedBuildFile(true).replace(
  '</VASSAL.build.widget.ListWidget>',
  `${slot('Rain slip', 4, [label('Rain')])}</VASSAL.build.widget.ListWidget>`,
);
/** The kit's default Text Label (format `$pieceName$ ($label$)`) reading `text`. */
const FOG_LABEL = label('Fog');

type Counters = { markers: Array<{ id: string; name: string }> };
const rename = (game: string, id: string, name: string) =>
  edit(game, 'counters.json', (c: Counters) => (c.markers.find((m) => m.id === id)!.name = name));

describe('update renames a marker whose pieces have no name', () => {
  it('in the Text Label of the pieces VASSAL names so, the other nameless marker byte for byte; a new import reads the new name', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, BUILD_FILE, []);
      const imported = JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8')) as Counters;
      const names = new Map(imported.markers.map((m) => [m.id, m.name]));
      expect([names.get('fog'), names.get('rain')]).toEqual([' (Fog)', ' (Rain)']);
      const origins = JSON.parse(await readFile(path.join(game, 'vassal/import.json'), 'utf8')).markerOrigins;
      // Both found by the one match key of a piece with neither a name nor a picture.
      expect([origins.fog.matchKey, origins.rain.matchKey, origins.rain.entryName]).toEqual(['face:\u0000', 'face:\u0000', 'Rain slip']);

      await rename(game, 'fog', ' (Mist)');
      const out = path.join(dir, 'new.vmod');
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(
        /marker fog name: " \(Fog\)" → " \(Mist\)" \(the text of the Text Label naming its pieces\), 3 place\(s\)/,
      );
      // The palette's Fog slip (gpid 3) and the two at-start Fogs (11, 12): their label's text
      // alone; every other definition, Rain slip (4) and the at-start Rain (13) among them, and
      // every other byte of the buildFile as they were.
      const mist = { type: FOG_LABEL.type, state: 'Mist' };
      expect(await changedTraits(vmod, out)).toEqual(
        ['slot 11', 'slot 12', 'slot 3'].map((where) => ({ where, index: 0, before: FOG_LABEL, after: mist })),
      );

      const entries = (await readZip(await readFile(out), { file: out, limits })).entries;
      const again = await importModule((await readModule(entries, { source: out, limits })).module!, { id: 'weather' });
      const reread = JSON.parse(again.files.get('counters.json') as string) as Counters;
      expect(reread.markers.map((m) => [m.id, m.name]).sort()).toEqual(
        imported.markers.map((m) => [m.id === 'fog' ? 'mist' : m.id, m.id === 'fog' ? ' (Mist)' : m.name]).sort(),
      );
    });
  }, 60_000);

  it('refuses a name its Text Label cannot make, and a marker named after its slot; nothing written', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, BUILD_FILE, []);
      const out = path.join(dir, 'new.vmod');
      let restore = await rename(game, 'fog', 'Mist');
      let run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(
        /VASSAL names it " \(Fog\)" by its Text Label, but the names it can give are " \(…\)", the label's text in place of …; "Mist" cannot be its name/,
      );
      expect(existsSync(out)).toBe(false);
      await restore();

      // The at-start piece of the blank label: VASSAL gives it no name, the import its slot's.
      restore = await rename(game, 'weather', 'Clear');
      run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(
        /update\/no-place: marker weather was renamed \("Weather" → "Clear"\), but its pieces in the module have no name/,
      );
      expect(existsSync(out)).toBe(false);
      await restore();
    });
  }, 60_000);
});

describeVassal('a nameless marker renamed by update, in VASSAL itself', () => {
  it('names the two at-start Fogs " (Mist)", the other at-start pieces as before', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, BUILD_FILE, []);
      await rename(game, 'fog', ' (Mist)');
      const out = path.join(dir, 'new.vmod');
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      const shown = async (file: string) => (await vassalReport(file)).atStart!.map((p) => p.shownName).sort();
      expect(await shown(vmod)).toEqual([...VASSAL_SHOWN_NAMES].sort());
      expect(await shown(out)).toEqual(VASSAL_SHOWN_NAMES.map((n) => (n === ' (Fog)' ? ' (Mist)' : n)).sort());
    });
  }, 900_000);
});
