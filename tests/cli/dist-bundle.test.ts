/** How scripts/build-dist.ts bundles the dependencies it bundles (pdf-lib and what it requires). */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { externalDependencies } from '../../scripts/build-dist';

/** Bundles `source` as the CLI's build does, and returns the code. */
async function bundled(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    plugins: [externalDependencies],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

describe('dist bundling', () => {
  it('evaluates tslib once for every require of it, not a fresh copy of its exports per require', async () => {
    const code = await bundled(`const a = require('tslib'); const b = require('tslib'); export const same = a === b;`);
    // A CommonJS module in the bundle is one cached factory; an ES module required from
    // CommonJS is wrapped anew by each require (__toCommonJS copies its exports every time).
    expect(code).toMatch(/require_tslib\(\)/);
    expect(code).not.toMatch(/__toCommonJS\(/);
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const module = (await import(url)) as { same: boolean };
    expect(module.same).toBe(true);
  });

  it('keeps a dependency it does not bundle external', async () => {
    const code = await bundled(`import { Ajv2020 } from 'ajv/dist/2020'; export default Ajv2020;`);
    expect(code).toMatch(/from "ajv\/dist\/2020\.js"/);
  });
});
