/**
 * The compiled CLI validates data with the validators compiled at build time (ajv standalone code):
 * ajv's compiler, about a hundred modules, is loaded only when a schema has to be compiled, which
 * valid data never needs. A static import of it anywhere on the validate path costs every start.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The modules of `pattern` that `hexforge <args>` loaded, run in-process from dist/. */
function loadedModules(args: string[], pattern: RegExp): string[] {
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    const { main } = await import(${JSON.stringify(path.join(ROOT, 'dist', 'main.mjs'))});
    const code = await main(${JSON.stringify(args)});
    console.log(JSON.stringify({ code, loaded: Object.keys(require.cache) }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout.trim().split('\n').pop()!) as { code: number; loaded: string[] };
  expect(report.code).toBe(0);
  return report.loaded.filter((file) => pattern.test(file.split(path.sep).join('/')));
}

describe('validate from the compiled CLI', () => {
  it("loads none of ajv's compiler for a valid game", () => {
    expect(loadedModules(['validate', 'data/demo'], /node_modules\/ajv\/dist\/(2020|core|compile)/)).toEqual([]);
  });

  it('sees the ajv runtime helpers the compiled validators require, so the empty list above is no blind spot', () => {
    expect(loadedModules(['validate', 'data/demo'], /node_modules\/ajv\/dist\/runtime/).length).toBeGreaterThan(0);
  });
});
