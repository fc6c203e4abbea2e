/**
 * Our buildFile speaks the same vocabulary as real modules: every element we emit appears in one
 * of the public fixture modules or in the format reference (the §2.3 skeleton or the §2.4
 * component table), and every attribute we give it is one those sources give it too.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { walkElements } from '../../src/vassal/xml-tree';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { standInModule } from './module-helpers';
import { HAS_SHARED, VASSAL_FIXTURES, VASSAL_REFERENCE, describeShared } from '../shared-dir';

const FIXTURES = VASSAL_FIXTURES;
const REFERENCE = VASSAL_REFERENCE;

type Vocabulary = Map<string, Set<string>>;

function add(vocab: Vocabulary, name: string, attributes: Iterable<string>): void {
  const set = vocab.get(name) ?? new Set<string>();
  for (const a of attributes) set.add(a);
  vocab.set(name, set);
}

function fixtureVocabulary(): Vocabulary {
  const vocab: Vocabulary = new Map();
  for (const dir of readdirSync(FIXTURES)) {
    for (const file of ['buildFile.xml', 'buildFile']) {
      let text: string;
      try {
        text = readFileSync(join(FIXTURES, dir, file), 'utf8');
      } catch {
        continue;
      }
      for (const el of walkElements(parseXml(text)))
        add(
          vocab,
          el.name,
          el.attributes.map(([k]) => k),
        );
    }
  }
  return vocab;
}

/** The §2.3 skeleton (an XML block) and the §2.4 table rows `element | attributes`. */
function referenceVocabulary(): Vocabulary {
  const text = readFileSync(REFERENCE, 'utf8');
  const vocab: Vocabulary = new Map();
  const skeleton = /### 2\.3[\s\S]*?```xml\n([\s\S]*?)```/.exec(text)![1].replace(/<!--[\s\S]*?-->/g, '');
  for (const el of walkElements(parseXml(skeleton)))
    add(
      vocab,
      el.name,
      el.attributes.map(([k]) => k),
    );
  const table = /### 2\.4[\s\S]*?(?=\n### |\n## )/.exec(text)![0];
  const expand = (short: string) => short.replace(/^…/, '');
  for (const row of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const cells = row.split('|').map((c) => c.trim());
    const name = /`([^` ]+)`/.exec(cells[1])![1];
    const attrs = [...cells[2].matchAll(/`([^`]+)`/g)].flatMap((m) => m[1].split(',').map((s) => s.trim().split(' ')[0]));
    add(
      vocab,
      expand(name),
      attrs.filter((a) => /^[A-Za-z]+$/.test(a)),
    );
    // Child components described inline: `…turn.ListTurnLevel (name, property, …)`.
    for (const m of cells[3]?.matchAll(/`(…?[\w.]+) \(([^)]*)\)`/g) ?? [])
      add(
        vocab,
        expand(m[1]),
        m[2].split(',').map((s) => s.trim().split(' ')[0]),
      );
  }
  return vocab;
}

/** Reference names may be abbreviated (`…map.Zoomer`): match by suffix. */
function lookup(vocab: Vocabulary, name: string): Set<string> | undefined {
  const exact = vocab.get(name);
  if (exact) return exact;
  for (const [key, attrs] of vocab) if (!key.startsWith('VASSAL.') && name.endsWith(`.${key}`)) return attrs;
  return undefined;
}

describeShared('buildFile vocabulary matches real modules and the reference', () => {
  const fixtures = HAS_SHARED ? fixtureVocabulary() : new Map();
  const reference = HAS_SHARED ? referenceVocabulary() : new Map();

  it('the sources are read (sanity)', () => {
    expect(fixtures.get('VASSAL.build.module.map.boardPicker.board.HexGrid')).toContain('sideways');
    expect(lookup(reference, 'VASSAL.build.module.turn.ListTurnLevel')).toContain('list');
    expect(reference.get('VASSAL.build.module.map.SetupStack')).toContain('useGridLocation');
  });

  it.each(['demo', 'kursk'])('data/%s: every element and attribute is attested', async (game) => {
    const { result } = await standInModule(`data/${game}`);
    const unknown: string[] = [];
    for (const el of walkElements(result.module.buildFile)) {
      const known = [fixtures.get(el.name), lookup(reference, el.name)].filter((s): s is Set<string> => s !== undefined);
      if (known.length === 0) {
        unknown.push(`element ${el.name}`);
        continue;
      }
      for (const [attr] of el.attributes) if (!known.some((s) => s.has(attr))) unknown.push(`${el.name}@${attr}`);
    }
    expect([...new Set(unknown)]).toEqual([]);
  });

  it('attribute forms: booleans true/false, integer grid origin and gpids, colours r,g,b', async () => {
    const { result } = await standInModule('data/demo');
    for (const el of walkElements(result.module.buildFile)) {
      for (const [k, v] of el.attributes) {
        if (['x0', 'y0', 'gpid', 'nextPieceSlotId', 'hOff', 'vOff', 'hLeading', 'vLeading', 'nDice', 'nSides'].includes(k))
          expect(v, `${el.name}@${k}`).toMatch(/^-?[0-9]+$/);
        if (['snapTo', 'sideways', 'visible', 'stagger', 'useFile', 'isMenu', 'launch', 'allowMultiple', 'reversible'].includes(k))
          expect(v, `${el.name}@${k}`).toMatch(/^(true|false)$/);
        if (['color', 'backgroundcolor', 'fgColor'].includes(k)) expect(v, `${el.name}@${k}`).toMatch(/^[0-9]+,[0-9]+,[0-9]+$/);
      }
    }
  });
});
