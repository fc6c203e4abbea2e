/**
 * `hexforge update` carries a marker renamed in counters.json into every piece of the module named
 * so: the palette slot (its BasicPiece name and its label), each copy in the at-start stacks, and
 * each piece of the saved games, and nothing else; a new import reads the new name. A rename the
 * module has no place for (a marker named after its picture) or to a name another marker has is
 * refused, nothing written.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readModule, readModuleSave, readZip } from '../../src/vassal/reader/index';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import { withTempDir } from './import-fixtures';
import { SLOT, STACK, markersModuleEntries } from './marker-module-kit';

const limits = readLimits();
// The kit's module, with a nameless tile (named after its picture) at the start in 0103.
const TILE = STACK('Tile', 'Hexes', 40, 168, SLOT('', 57, 'tile.png'));

/** The module written to `dir`, imported into `dir/game`. */
async function importedModule(dir: string): Promise<{ vmod: string; game: string }> {
  const vmod = path.join(dir, 'markers.vmod');
  const entries = await markersModuleEntries(TILE);
  await writeFile(
    vmod,
    await writeZip(
      [...entries].map(([entry, data]) => ({ path: entry, data })),
      0,
    ),
  );
  const module = (await readModule(entries, { source: vmod, limits })).module!;
  const game = path.join(dir, 'game');
  await writeGameFolder(game, (await importModule(module, { id: 'markers' })).files);
  return { vmod, game };
}

interface CountersMarkers {
  markers: Array<{ id: string; name: string }>;
}

async function renameMarker(game: string, id: string, name: string): Promise<void> {
  const file = path.join(game, 'counters.json');
  const counters = JSON.parse(await readFile(file, 'utf8')) as CountersMarkers;
  counters.markers.find((m) => m.id === id)!.name = name;
  await writeFile(file, `${JSON.stringify(counters, null, 2)}\n`);
}

async function update(vmod: string, game: string, out: string, json = false): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const ok = await updateCommand(vmod, game, { out, limits, json }, io);
  return { ok, lines };
}

describe('update carries a marker renamed in counters.json', () => {
  it('into the palette slot, its at-start copies and the saved game, and a new import reads it', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const imported = JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8')) as CountersMarkers;
      expect(imported.markers.map((m) => [m.id, m.name])).toEqual([
        ['control', 'Control'],
        ['tile', 'tile'],
        ['location-paris', 'Location Paris'],
        ['cube', 'Cube'],
      ]);
      await renameMarker(game, 'control', 'Control Marker');
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out, true);
      expect(ok, lines.join('\n')).toBe(true);
      const result = JSON.parse(lines.find((l) => l.startsWith('{"module"'))!) as {
        changes: Array<{ subject: string; before: string; after: string; places: ChangedPlace[] }>;
      };
      expect(result.changes.map((c) => [c.subject, c.before, c.after])).toEqual([['marker control name', 'Control', 'Control Marker']]);
      // The four slots the buildFile holds (palette, Red HQ, Controls twice, told apart by #1 and #2):
      // BasicPiece name and label; the save's one piece.
      const places = result.changes[0].places.map(
        (p) => `${p.entry} ${p.where.replace(/^.*\//, '').replace(/^piece \d+$/, 'piece')} ${p.what}`,
      );
      expect(places.sort()).toEqual(
        ['PieceSlot[Control]', 'PieceSlot[Control]', 'PieceSlot[Control]#1', 'PieceSlot[Control]#2']
          .flatMap((slot) => [`${slot} trait 1 (piece;)`, `${slot} attribute entryName`])
          .map((what) => `buildFile.xml ${what}`)
          .concat('opening.vsav piece trait 1 (piece;)')
          .sort(),
      );

      // The new module: every Control is now named so (four slots, one saved piece), nothing else changed.
      const original = (await readZip(await readFile(vmod), { file: vmod, limits })).entries;
      const entries = (await readZip(await readFile(out), { file: out, limits })).entries;
      const before = new TextDecoder().decode(original.get('buildFile.xml'));
      const after = new TextDecoder().decode(entries.get('buildFile.xml'));
      expect(after).toBe(before.replaceAll('Control"', 'Control Marker"').replaceAll(';Control/', ';Control Marker/'));
      const module = (await readModule(entries, { source: out, limits })).module!;
      const save = (await readModuleSave(module, 'opening.vsav'))!;
      expect(save.pieces.map((p) => p.piece.traits.at(-1)!.type)).toEqual([
        'piece;;;;Blue 1',
        'piece;;;;Control Marker',
        'piece;;;;Cube',
        'piece;;;;Cube',
      ]);
      const again = await importModule(module, { id: 'markers' });
      const reread = JSON.parse(again.files.get('counters.json') as string) as CountersMarkers;
      expect(reread.markers.map((m) => m.name)).toEqual(['Control Marker', 'tile', 'Location Paris', 'Cube']);
    });
  }, 60_000);

  it('refuses a name the module has no place for, and a name another marker has; nothing written', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await renameMarker(game, 'tile', 'Paris');
      let run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.lines.join('\n')).toMatch(/update\/no-place.*marker tile was renamed \("tile" → "Paris"\).*picture's file name/);
      expect(existsSync(out)).toBe(false);

      await renameMarker(game, 'tile', 'tile');
      await renameMarker(game, 'cube', 'Control');
      run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.lines.join('\n')).toMatch(/update\/marker-name-taken.*marker cube was renamed \("Cube" → "Control"\), but marker control/);
      expect(existsSync(out)).toBe(false);
    });
  }, 60_000);

  it('keeps a rename in the data only, saying to import again, in a folder whose import recorded no marker names', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const sidecarFile = path.join(game, 'vassal', 'import.json');
      const sidecar = JSON.parse(await readFile(sidecarFile, 'utf8')) as {
        markerOrigins: Record<string, { name?: string; matchKey?: string }>;
      };
      for (const origin of Object.values(sidecar.markerOrigins)) {
        delete origin.name;
        delete origin.matchKey;
      }
      await writeFile(sidecarFile, JSON.stringify(sidecar));
      await renameMarker(game, 'control', 'Control Marker');
      const out = path.join(dir, 'new.vmod');
      const run = await update(vmod, game, out);
      expect(run.ok).toBe(true);
      const report = run.lines.join('\n');
      expect(report).toMatch(/warning update\/not-in-module: counters.json changed since the import/);
      expect(report).toContain('import the module again to rename markers');
      expect(report).toContain('no change');
    });
  }, 60_000);
});
