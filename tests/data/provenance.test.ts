/**
 * The four rulebook games against their sources (shared/ beside the repository): every worked
 * example of each inventory is a check, every quote is the rulebook's own words, and every stated
 * value carries a citation.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readGameDir } from '../../src/data/read-game-dir';
import { validateGame } from '../../src/data/validate';
import type { Game } from '../../src/model/game';
import { citedValues, sample } from '../../scripts/sample-sources';
import { SHARED_DIR, describeShared } from '../shared-dir';

const root = path.join(__dirname, '..', '..');
const shared = SHARED_DIR;

interface Rulebook {
  game: string;
  inventory: string;
  seed: string;
  /** Counts stated by the inventory itself (its summary, or its own list). */
  examples: number;
  derived: number;
}

const RULEBOOKS: Rulebook[] = [
  // "15 verbatim examples + 40 derived cases" (000_vmbb.md summary)
  { game: 'vmbb', inventory: '000_vmbb.md', seed: '000_11f7d47ba2f609fc.txt', examples: 15, derived: 40 },
  // "17 verbatim examples + 28 derived cases" (002_ttt.md summary)
  { game: 'ttt', inventory: '002_ttt.md', seed: '002_4d5ab3d452e13d47.txt', examples: 17, derived: 28 },
  // "30 printed examples … (E1-E30), plus 74 derived numeric tests (D1-D74)" (003_kursk.md summary)
  { game: 'kursk', inventory: '003_kursk.md', seed: '003_b0e7ed5d60afd136.txt', examples: 30, derived: 74 },
  // EX-01..EX-27 and 26 defined DT-* items (§9; DT-CONC is referred to but never defined there)
  { game: 'rof', inventory: '004_rof.md', seed: '004_6b721d7cf939dc9a.txt', examples: 27, derived: 26 },
];

/** Ids the inventory defines: at the start of a heading, a bold lead or a table row. */
function inventoryIds(text: string): { examples: string[]; derived: string[] } {
  const ids = new Set<string>();
  const pattern = /^(?:#+ |\*\*|- \*\*|\| *)(EX-\d+|E\d+|DT-[A-Z0-9]+(?:-[A-Z0-9]+)*|D-?\d+)(?=[\s:*|(]|$)/gm;
  for (const m of text.matchAll(pattern)) ids.add(m[1]);
  const all = [...ids];
  return { examples: all.filter((id) => /^EX?-?\d/.test(id)), derived: all.filter((id) => /^D/.test(id)) };
}

/** Typographic quotes and dashes vary between sources; words and their order must not. */
function normalise(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/\s+/g, ' ').trim();
}

const games = new Map<string, Game>();
async function load(game: string): Promise<Game> {
  if (!games.has(game)) {
    const { sources } = await readGameDir(path.join(root, 'data', game));
    const { game: resolved, diagnostics } = validateGame(sources!);
    if (!resolved) throw new Error(`data/${game} does not validate: ${JSON.stringify(diagnostics[0])}`);
    games.set(game, resolved);
  }
  return games.get(game)!;
}

describeShared.each(RULEBOOKS)('$game against its rulebook', (book) => {
  it('can read the shared research and seed', () => {
    expect(existsSync(path.join(shared, 'research', book.inventory)), `missing ${shared}/research; shared/ must sit beside the repository`).toBe(true);
  });

  it('has a check, with a rule citation, for every worked example and derived case of the inventory', async () => {
    const { examples, derived } = inventoryIds(readFileSync(path.join(shared, 'research', book.inventory), 'utf8'));
    expect(examples).toHaveLength(book.examples);
    expect(derived).toHaveLength(book.derived);
    const checks = (await load(book.game)).checks;
    for (const id of [...examples, ...derived]) {
      const found = checks.filter((c) => c.id === id || c.id.startsWith(`${id}.`));
      expect(found.length, `no check for ${id}`).toBeGreaterThan(0);
      for (const check of found) {
        expect(check.rule, `${check.id} cites no rule`).toMatch(/\S/);
        expect(check.source, `${check.id} has no source`).toBeDefined();
      }
    }
    for (const id of examples) {
      const kinds = checks.filter((c) => c.id === id || c.id.startsWith(`${id}.`)).map((c) => c.kind);
      expect(kinds.some((k) => k === 'example' || k === 'erratum' || k === 'derived'), id).toBe(true);
    }
  });

  it('quotes the rulebook word for word ("…" marks an omission)', async () => {
    const seed = normalise(readFileSync(path.join(shared, 'seeds', book.seed), 'utf8'));
    const checks = (await load(book.game)).checks.filter((c) => c.quote);
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) {
      for (const fragment of check.quote!.split(/…|\.\.\./).map(normalise).filter((f) => f.length > 0)) {
        expect(seed.includes(fragment), `${check.id}: "${fragment.slice(0, 80)}" is not in the rulebook`).toBe(true);
      }
    }
  });

  it('cites a source for every stated value (a sample is printed for review)', async () => {
    const values = citedValues(await load(book.game));
    const uncited = values.filter((v) => v.source === undefined).map((v) => v.path);
    expect(uncited).toEqual([]);
    expect(sample(values, 10).every((v) => typeof v.source === 'string' && v.source.length > 0)).toBe(true);
  });

  it('places named places on hexes their cited rulebook lines mention', async () => {
    const lines = readFileSync(path.join(shared, 'seeds', book.seed), 'utf8').split('\n');
    const places = (await load(book.game)).map.places.filter((p) => typeof p.hex === 'string' && typeof p.source === 'object' && p.source.line !== undefined);
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) {
      const cited = String((place.source as { line: number | string }).line).match(/\d+/g)!.map(Number);
      const window = lines.slice(Math.max(0, Math.min(...cited) - 3), Math.max(...cited) + 2).join('\n');
      expect(window, `${place.id} at ${place.hex as string}`).toContain(place.hex as string);
    }
  });
});

describeShared("Kursk's order of battle (rule 22.0)", () => {
  it('has every surviving OB row of the rulebook as a counter, with its location codes per scenario', async () => {
    const lines = readFileSync(path.join(shared, 'seeds', '003_b0e7ed5d60afd136.txt'), 'utf8').split('\n');
    // The OB tables run from L1020 to L1381: markdown tables "| Unit | 5/1 | 7/4 | 8/1 |".
    const rows: { line: number; cells: string[]; headings: string[] }[] = [];
    let headings: string[] | undefined;
    for (let i = 1019; i < 1381; i++) {
      const text = lines[i];
      const cells = text.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      if (!text.startsWith('|')) {
        if (text.trim() === '') headings = undefined;
        continue;
      }
      if (text.startsWith('|---')) continue;
      if (headings === undefined || cells[0] === 'Unit' || cells[0] === 'Name') {
        headings = cells;
        continue;
      }
      rows.push({ line: i + 1, cells, headings });
    }
    // "194 OB table rows survive" (003_kursk.md, count of surviving rows)
    expect(rows).toHaveLength(194);
    const units = (await load('kursk')).units;
    for (const row of rows) {
      const unit = units.find((u) => new RegExp(`\\bL${row.line}\\b`).test(u.source ?? ''));
      expect(unit, `no counter for OB row L${row.line} (${row.cells[0]})`).toBeDefined();
      const codes = row.headings.slice(1).map((h, k) => `${h}:${row.cells[k + 1] || '?'}`).join(' ');
      expect(unit!.setup, `OB row L${row.line}`).toBe(codes);
    }
  });
});
