/**
 * The layering of src/ (rules.ts): src/ itself keeps every rule, and each rule catches a planted
 * violation in a small tree written for the test (so the check can fail).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, specifiersOf } from './import-graph';
import { importCycles, layeringViolations } from './rules';

const planted = mkdtempSync(path.join(os.tmpdir(), 'hexforge-layering-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

/** Writes a tree of files (path → text) under a fresh folder and returns its violations. */
function violationsOf(name: string, files: Record<string, string>) {
  const root = path.join(planted, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return layeringViolations(importGraph(root).edges);
}

describe('src/ layering', () => {
  it('holds on src/', () => {
    const graph = importGraph(path.resolve(__dirname, '../../src'));
    expect(graph.files.length).toBeGreaterThan(100);
    expect(graph.edges.some((e) => e.local && e.typeOnly)).toBe(true);
    expect(layeringViolations(graph.edges).map((v) => v.message)).toEqual([]);
  });
});

describe('the layering check catches', () => {
  const clean = {
    'hex/index.ts': 'export const size = 1;\n',
    'plan/index.ts': "import { size } from '../hex';\nexport const plan = size;\n",
    'print/pdf.ts': "import { plan } from '../plan/index';\nexport const pdf = plan;\n",
    'vassal/module.ts': "import { plan } from '../plan';\nexport const vmod = plan;\n",
  };

  it('nothing in a clean tree', () => {
    expect(violationsOf('clean', clean)).toEqual([]);
  });

  it('engine/ or render/ reading files', () => {
    const v = violationsOf('fs', {
      ...clean,
      'engine/a.ts': "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
      'render/b.ts': "export async function b() {\n  return import('fs/promises');\n}\n",
    });
    expect(v.map((x) => x.rule)).toEqual(['file-system', 'file-system']);
    expect(v[0].message).toMatch(/^engine\/a\.ts:1: engine\/ imports node:fs/);
    expect(v[1].message).toMatch(/^render\/b\.ts:2: render\/ imports fs\/promises/);
  });

  it('render/ importing an output or the CLI, a type-only import too', () => {
    const v = violationsOf('outer', {
      ...clean,
      'cli/main.ts': 'export type Options = { quiet: boolean };\n',
      'render/face.ts':
        "import type { Options } from '../cli/main';\nimport { pdf } from '../print/pdf';\nexport const f = (o: Options) => (o.quiet ? pdf : 0);\n",
    });
    expect(v.map((x) => `${x.rule} ${x.message.split(':')[0]}:${x.message.split(':')[1]}`)).toEqual([
      'pure-imports-outer render/face.ts:1',
      'pure-imports-outer render/face.ts:2',
    ]);
  });

  it('one output importing another', () => {
    const v = violationsOf('outputs', {
      ...clean,
      'vassal/art.ts': "export { pdf } from '../print/pdf';\n",
      'diff/pages.ts': "type Pdf = import('../print/pdf').Pdf;\nexport const p: Pdf | undefined = undefined;\n",
    });
    expect(v.map((x) => x.rule)).toEqual(['output-imports-output', 'output-imports-output']);
    expect(v.map((x) => x.message.split(':')[0]).sort()).toEqual(['diff/pages.ts', 'vassal/art.ts']);
  });

  it('a cycle held together by a type-only import', () => {
    const v = violationsOf('cycle', {
      ...clean,
      'plan/a.ts': "import { b } from './b';\nexport const a = b + 1;\nexport type A = number;\n",
      'plan/b.ts': "import type { A } from './a';\nexport const b: A = 1;\n",
    });
    expect(v).toEqual([{ rule: 'cycle', message: 'import cycle among plan/a.ts, plan/b.ts' }]);
  });

  it('a file importing itself, and a longer cycle through an index', () => {
    const cycles = importCycles([
      { from: 'x.ts', to: 'x.ts', local: true, typeOnly: false, line: 1 },
      { from: 'a/index.ts', to: 'a/b.ts', local: true, typeOnly: false, line: 1 },
      { from: 'a/b.ts', to: 'c.ts', local: true, typeOnly: true, line: 1 },
      { from: 'c.ts', to: 'a/index.ts', local: true, typeOnly: false, line: 1 },
      { from: 'c.ts', to: 'd.ts', local: true, typeOnly: false, line: 2 },
    ]);
    expect(cycles).toEqual([['a/b.ts', 'a/index.ts', 'c.ts'], ['x.ts']]);
  });
});

describe('import specifiers', () => {
  it('are found in every import form, with type-only ones marked', () => {
    const text = [
      "import a from 'a';",
      "import type { B } from 'b';",
      "import { type C } from 'c';",
      "import { type D, e } from 'd';",
      "export * from 'f';",
      "export type { G } from 'g';",
      "const h = await import('h');",
      "let i: import('i').I;",
      "import j = require('j');",
    ].join('\n');
    expect(specifiersOf('x.ts', text)).toEqual([
      { specifier: 'a', typeOnly: false, line: 1 },
      { specifier: 'b', typeOnly: true, line: 2 },
      { specifier: 'c', typeOnly: true, line: 3 },
      { specifier: 'd', typeOnly: false, line: 4 },
      { specifier: 'f', typeOnly: false, line: 5 },
      { specifier: 'g', typeOnly: true, line: 6 },
      { specifier: 'h', typeOnly: false, line: 7 },
      { specifier: 'i', typeOnly: true, line: 8 },
      { specifier: 'j', typeOnly: false, line: 9 },
    ]);
  });
});
