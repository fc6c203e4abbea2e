/**
 * The lean validators only give verdicts, so their nested calls share one context, with no path
 * spelt (validator-call-paths.ts); verdicts stay those of the verbose validators, whose paths make
 * the diagnostics.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { standaloneValidators } from '../../scripts/build-dist';
import { moduleWithSharedCallContext, readsCallContext, withSharedCallContext } from '../../src/data/validator-call-paths';
import { compiledValidators } from '../../src/data/compiled-validators';

function load(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(import.meta.url));
  return module.exports;
}

const HEADER = 'return function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){';

describe('lean validators with one shared call context', () => {
  it('shares it in each form of nested call ajv writes, and changes nothing else', () => {
    const escaped = 'key0.replace(/~/g, "~0").replace(/\\//g, "~1")';
    const contexts = [
      '{instancePath:instancePath+"/a",parentData:data,parentDataProperty:"a",rootData,dynamicAnchors}',
      '{instancePath:instancePath+"/" + i0,parentData:data,parentDataProperty:i0,rootData,dynamicAnchors}',
      `{instancePath:instancePath+"/" + ${escaped},parentData:data0,parentDataProperty:key0,rootData,dynamicAnchors}`,
      '{instancePath:instancePath+"/turns/" + i1+"/source",parentData:data2,parentDataProperty:"source",rootData,dynamicAnchors}',
      `{instancePath:instancePath+"/" + ${escaped}+"/" + ${escaped.replace('key0', 'key3')},parentData:data,parentDataProperty:key3,rootData,dynamicAnchors}`,
      '{instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}',
    ];
    // An error object keeps its path (in lean code it is never read; the verbose code is not rewritten).
    const error = 'const err0 = {instancePath:instancePath+"/" + i0,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};';
    for (const context of contexts) {
      const code = `${HEADER}if(!(validate2(data.a, ${context}))){${error}}return true;}`;
      expect(readsCallContext(code)).toBe(true);
      const shared = withSharedCallContext(code);
      expect(shared).toBe(`const leanCallContext = {instancePath:"",dynamicAnchors:{}};${HEADER}if(!(validate2(data.a, leanCallContext))){${error}}return true;}`);
      expect(readsCallContext(shared)).toBe(false);
    }
    // Code that reads the context (a keyword using $data or dynamic anchors) is caught.
    expect(readsCallContext(withSharedCallContext(`${HEADER}if(!dynamicAnchors.meta){dynamicAnchors.meta = validate1;}return true;}`))).toBe(true);
    expect(() => moduleWithSharedCallContext('exports.a = validate1;')).toThrow(/use strict/);
  });

  it('the standalone lean validators build no call context and give the verbose verdicts', () => {
    const files = standaloneValidators();
    expect(readsCallContext(files['validators-lean.cjs'])).toBe(false);
    expect(readsCallContext(files['validators-lean-rows.cjs'])).toBe(false);
    expect(readsCallContext(files['validators-verbose.cjs'])).toBe(true);
    const lean = { ...load(files['validators-lean.cjs']), ...load(files['validators-lean-rows.cjs']) };
    const verbose = load(files['validators-verbose.cjs']);
    const rows = [
      [{ id: 'u1', side: 'north', type: 'infantry', attack: 4, 'back.attack': 2 }],
      [{ id: 'u1', side: 'north', type: 'infantry' }, { id: 'u2', side: 'north', type: 'Bad Type' }],
      [{ id: 'u1', side: 'north', type: 'infantry', flags: ['ok', 'Not ok'] }],
      [{ id: 'u1', side: 'north', type: 'infantry', 'bad key': 1 }],
    ];
    const tracks = [
      { turns: [{ turn: 1 }], sequence: [{ id: 'move', name: 'Movement' }] },
      { turns: [{ turn: 1 }, { turn: 'two' }], sequence: [{ id: 'move', name: 'Movement' }] },
      { turns: [{ turn: 1 }], sequence: [{ id: 'Move', name: 'Movement' }] },
    ];
    expect(rows.map((value) => [lean.rows(value), verbose.rows(value)])).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(tracks.map((value) => [lean.tracks(value), verbose.tracks(value)])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
  }, 60_000);

  it('the lean validators compiled from source give the same verdicts, the verbose ones the paths', () => {
    const lean = compiledValidators(false);
    const verbose = compiledValidators(true);
    const row = { id: 'u1', side: 'north', type: 'infantry', attack: 4 };
    expect(lean.rows([row, { ...row, id: 'u2' }])).toBe(true);
    expect(lean.rows([row, { ...row, side: 'North' }])).toBe(false);
    expect(verbose.rows([row, { ...row, side: 'North' }])).toBe(false);
    expect(verbose.rows.errors?.[0]?.instancePath).toBe('/1/side');
  });
});
