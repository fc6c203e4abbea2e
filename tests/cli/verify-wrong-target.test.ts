/**
 * verify and engine read a game folder or its bundle: a .vmod given instead was reported as "byte
 * 0xd9 at offset 15 is not UTF-8" under a line of ZIP bytes, and a missing target had no hint.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const dir = tempDir('hexforge-verify-target-');
// The first bytes of any ZIP: a local file header, then a name.
const vmod = path.join(dir, 'game.vmod');
writeFileSync(vmod, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x08, 0x08, 0x00, 0xd9, 0x57, 0x00]));

describe('a target that is not a game folder or bundle', () => {
  for (const args of [
    ['verify', vmod],
    ['engine', 'odds', vmod, '--attack', '1', '--defend', '1'],
  ]) {
    it(`${args[0]} names a .vmod as a module, with a hint`, async () => {
      const r = await runCli(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('error bundle/not-a-bundle');
      expect(r.stderr).toContain('hint: pass a game folder or its .bundle.json');
      expect(r.stderr).not.toContain('file/encoding');
    });
  }

  // Was read as a bundle: "/$schema: must be equal to constant" at game.json's $schema line.
  for (const file of ['game.json', 'units.csv'])
    it(`a game folder's own ${file} points at the folder`, async () => {
      const target = path.join('data', 'demo', file);
      const r = await runCli(['verify', target]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`error bundle/not-a-bundle: ${target} is a file of the game folder data/demo, not a game bundle`);
      expect(r.stderr).toContain('hint: pass the folder itself: data/demo');
    });

  it('an empty file is named as empty, with no syntax hint', async () => {
    for (const [name, text] of [
      ['empty.bundle.json', ''],
      ['blank.bundle.json', '  \n'],
    ]) {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      const r = await runCli(['verify', file]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`${file}: error bundle/empty: ${file} is empty, not a game bundle`);
      expect(r.stderr).toContain('hint: pass a game folder, or the <game>.bundle.json that hexforge build writes');
      expect(r.stderr).not.toContain('comma');
    }
  });

  it('a missing target has a hint', async () => {
    const r = await runCli(['verify', path.join(dir, 'nowhere')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error io\/not-found: .* does not exist\n\s+hint: pass a game folder/);
  });
});
