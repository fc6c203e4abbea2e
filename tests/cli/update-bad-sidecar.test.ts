/** `hexforge update` on a game folder whose vassal/import.json was damaged: a diagnostic, never a stack trace. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-update-sidecar-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The demo game (which validates) with `index` as its import index. */
function gameWithIndex(name: string, index: string): string {
  const game = path.join(scratch, name);
  cpSync(path.join(__dirname, '..', '..', 'data', 'demo'), game, { recursive: true });
  mkdirSync(path.join(game, 'vassal'), { recursive: true });
  writeFileSync(path.join(game, 'vassal', 'import.json'), index);
  return game;
}

describe('hexforge update with a damaged vassal/import.json', () => {
  const cases = {
    'cut short': '{"format": 1',
    'without its module': '{"format": 1, "module": null}',
    'of another format': '{"format": 99, "module": {"entries": []}}',
    'with units in columns of other lengths':
      '{"format": 2, "module": {"entries": []}, "units": {"csv": "id\\n", "ids": ["a"], "gpid": []}}',
  };
  for (const [what, index] of Object.entries(cases)) {
    it(`refuses an index ${what} with a diagnostic and writes nothing`, async () => {
      const game = gameWithIndex(what.replace(/ /g, '-'), index);
      const out = path.join(scratch, `${path.basename(game)}.vmod`);
      const result = await runCli(['update', path.join(scratch, 'unread.vmod'), game, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/error roundtrip\/bad-sidecar: .*vassal[/\\]import\.json/);
      expect(result.stderr).not.toContain('internal error');
      expect(existsSync(out)).toBe(false);
    });
  }
});
