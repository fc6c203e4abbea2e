/**
 * The lean validators only give verdicts, so their nested calls pass no path on (validator-call-paths.ts);
 * verdicts stay those of the verbose validators, whose paths make the diagnostics.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { standaloneValidators } from '../../scripts/build-dist';
import { buildsCallPaths, withoutCallPaths } from '../../src/data/validator-call-paths';
import { compiledValidators } from '../../src/data/compiled-validators';

function load(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  return module.exports;
}

describe('lean validators without call paths', () => {
  it('rewrites each form of nested call path ajv writes, and nothing else', () => {
    const escaped = 'key0.replace(/~/g, "~0").replace(/\\//g, "~1")';
    const calls = [
      'v1(data.a, {instancePath:instancePath+"/a",parentData:data,parentDataProperty:"a",rootData,dynamicAnchors})',
      'v2(data[i0], {instancePath:instancePath+"/" + i0,parentData:data,parentDataProperty:i0,rootData,dynamicAnchors})',
      `v3(data[key0], {instancePath:instancePath+"/" + ${escaped},parentData:data,parentDataProperty:key0,rootData,dynamicAnchors})`,
      'v4(x, {instancePath:instancePath+"/turns/" + i1+"/source",parentData:data,parentDataProperty:"source",rootData,dynamicAnchors})',
      `v5(x, {instancePath:instancePath+"/" + ${escaped}+"/" + ${escaped.replace('key0', 'key3')},parentData:data,parentDataProperty:key3,rootData,dynamicAnchors})`,
    ];
    for (const call of calls) {
      const rewritten = withoutCallPaths(call);
      expect(rewritten).toBe(call.replace(/\{instancePath:instancePath\+.*,parentData:/, '{instancePath,parentData:'));
      expect(buildsCallPaths(call)).toBe(true);
      expect(buildsCallPaths(rewritten)).toBe(false);
    }
    // An error object keeps its path (the verbose compilation's diagnostics are made from them).
    const error = 'const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};';
    expect(withoutCallPaths(error)).toBe(error);
  });

  it('the standalone lean validators build no call path and give the verbose verdicts', () => {
    const files = standaloneValidators();
    expect(buildsCallPaths(files['validators-lean.cjs'])).toBe(false);
    expect(buildsCallPaths(files['validators-lean-rows.cjs'])).toBe(false);
    expect(buildsCallPaths(files['validators-verbose.cjs'])).toBe(true);
    const lean = { ...load(files['validators-lean.cjs']), ...load(files['validators-lean-rows.cjs']) };
    const verbose = load(files['validators-verbose.cjs']);
    const rows = [
      [{ id: 'u1', side: 'north', type: 'infantry', attack: 4, 'back.attack': 2 }],
      [{ id: 'u1', side: 'north', type: 'infantry' }, { id: 'u2', side: 'north', type: 'Bad Type' }],
      [{ id: 'u1', side: 'north', type: 'infantry', flags: ['ok', 'Not ok'] }],
      [{ id: 'u1', side: 'north', type: 'infantry', 'bad key': 1 }],
    ];
    for (const value of rows) expect(lean.rows(value)).toBe(verbose.rows(value));
    const tracks = [
      { turns: [{ turn: 1 }], sequence: [{ id: 'move', name: 'Movement' }] },
      { turns: [{ turn: 1 }, { turn: 'two' }], sequence: [{ id: 'move', name: 'Movement' }] },
      { turns: [{ turn: 1 }], sequence: [{ id: 'Move', name: 'Movement' }] },
    ];
    for (const value of tracks) expect(lean.tracks(value)).toBe(verbose.tracks(value));
    expect(rows.map((value) => lean.rows(value))).toEqual([true, false, false, false]);
    expect(tracks.map((value) => lean.tracks(value))).toEqual([true, false, false]);
  }, 60_000);

  it('the lean validators compiled from source give the same verdicts', () => {
    const lean = compiledValidators(false);
    const verbose = compiledValidators(true);
    const row = { id: 'u1', side: 'north', type: 'infantry', attack: 4 };
    expect(lean.rows([row, { ...row, id: 'u2' }])).toBe(true);
    expect(lean.rows([row, { ...row, side: 'North' }])).toBe(false);
    expect(verbose.rows([row, { ...row, side: 'North' }])).toBe(false);
    expect(verbose.rows.errors?.[0]?.instancePath).toBe('/1/side');
  });
});
