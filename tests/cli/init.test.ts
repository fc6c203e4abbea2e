/** `hexforge init`: a new game folder that validates wherever it is, its $schema paths reaching the package's schemas. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameIdFrom } from '../../src/cli/init';
import { schemaReference } from '../../src/cli/schema-reference';
import { defaultOutDir } from '../../src/cli/package-root';
import { runCli } from './run-cli';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-init-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function schemaTargets(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const value = (JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { $schema: string }).$schema;
      expect(value, name).toMatch(new RegExp(`/schemas/${name.replace('.json', '')}\\.schema\\.json$`));
      return path.resolve(folder, value);
    });
}

describe('hexforge init', () => {
  for (const from of ['demo', 'blank']) {
    it(`--from ${from} writes a folder outside the repository that validates, every $schema an existing file`, async () => {
      const folder = path.join(scratch, 'games', `new-${from}`);
      const init = await runCli(['init', folder, '--from', from]);
      expect(init.code).toBe(0);
      const targets = schemaTargets(folder);
      expect(targets.length).toBeGreaterThanOrEqual(from === 'demo' ? 8 : 4);
      for (const target of targets) expect(existsSync(target), target).toBe(true);
      const validate = await runCli(['validate', folder]);
      expect(validate.stderr).toContain('0 errors, 0 warnings');
      expect(validate.code).toBe(0);
      const game = JSON.parse(readFileSync(path.join(folder, 'game.json'), 'utf8')) as { id: string };
      expect(game.id).toBe(`new-${from}`);
    });
  }

  it('refuses a folder that is not empty', async () => {
    const folder = path.join(scratch, 'taken');
    expect((await runCli(['init', folder, '--from', 'blank'])).code).toBe(0);
    const again = await runCli(['init', folder]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not empty');
  });

  it('refuses a path that is a file, without a stack trace', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    for (const force of [[], ['--force']]) {
      const result = await runCli(['init', file, ...force]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('error init/not-a-folder');
      expect(result.stderr).not.toContain('internal error');
    }
  });

  it('names a dangling link as one, with a hint init can follow (it has no --out)', async () => {
    const link = path.join(scratch, 'dangling');
    symlinkSync(path.join(scratch, 'nowhere'), link);
    const result = await runCli(['init', link]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${link}: error init/dangling-link: it is a link to ${path.join(scratch, 'nowhere')}, which does not exist`,
    );
    expect(result.stderr).not.toContain('--out');
    expect(existsSync(path.join(scratch, 'nowhere'))).toBe(false);
  });

  it('refuses a folder under a file, naming the file in the way', async () => {
    writeFileSync(path.join(scratch, 'plain'), 'x');
    const result = await runCli(['init', path.join(scratch, 'plain', 'game')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error init/not-a-folder: a part of the path is a file');
    expect(result.stderr).not.toContain('--out');
  });

  it('writes nothing when a game file’s path is taken by a folder, rather than half a game', async () => {
    const folder = path.join(scratch, 'blocked');
    mkdirSync(path.join(folder, 'units.csv'), { recursive: true });
    const result = await runCli(['init', folder, '--force']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error init/path-in-the-way');
    expect(readdirSync(folder)).toEqual(['units.csv']);
  });

  it('refuses an unknown --from', async () => {
    expect((await runCli(['init', path.join(scratch, 'x'), '--from', 'kursk'])).code).toBe(2);
  });

  it('writes reports under out/ beside the game folder’s parent, not the working directory', async () => {
    const folder = path.join(scratch, 'games', 'reported');
    await runCli(['init', folder, '--from', 'blank']);
    expect(defaultOutDir(folder)).toBe(path.join(scratch, 'out'));
    const result = await runCli(['validate', folder, '--completeness']);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(scratch, 'out', 'reported', 'completeness.md'))).toBe(true);
  });

  it('derives the game id from the folder name and links schemas relatively', () => {
    expect(gameIdFrom('/x/My Game')).toBe('my-game');
    expect(schemaReference('/games/a', 'map', '/opt/hexforge')).toBe('../../opt/hexforge/schemas/map.schema.json');
  });
});
