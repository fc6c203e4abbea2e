/**
 * Every conflict the four inventories list (shared/research) has a disposition in its game's
 * checks.json: a genuine contradiction is decided by an erratum check with both readings, shown to
 * be no contradiction by the checks listed, or says why no check can decide it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readGameDir } from '../../src/data/read-game-dir';
import { validateGame } from '../../src/data/validate';
import { CHECK_QUERY_CATALOG } from '../../src/engine/checks/catalog';
import { runCheck } from '../../src/engine';
import { SHARED_DIR, describeShared } from '../shared-dir';

interface Inventory {
  game: string;
  file: string;
  /** The heading of the conflicts section and how its items are numbered. */
  heading: string;
  item: RegExp;
  id: (n: string) => string;
}

const INVENTORIES: Inventory[] = [
  { game: 'vmbb', file: '000_vmbb.md', heading: '### 12.B', item: /^(\d+)\. /gm, id: (n) => `12.B.${n}` },
  { game: 'ttt', file: '002_ttt.md', heading: '### 12.2', item: /^\| (C\d+) \|/gm, id: (n) => n },
  { game: 'kursk', file: '003_kursk.md', heading: '### 11.4', item: /^(\d+)\. /gm, id: (n) => `11.4.${n}` },
  { game: 'rof', file: '004_rof.md', heading: '### 11.5', item: /^(\d+)\. /gm, id: (n) => `11.5.${n}` },
];

function itemsOf(inv: Inventory): string[] {
  const text = readFileSync(path.join(SHARED_DIR, 'research', inv.file), 'utf8');
  const start = text.indexOf(inv.heading);
  const rest = text.slice(start + inv.heading.length);
  const end = rest.search(/^(## |---)/m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(inv.item)].map((m) => inv.id(m[1]));
}

describeShared.each(INVENTORIES)('$game: the inventory’s conflicts', (inv) => {
  it('each has a disposition, and each contradiction is checked or says why it cannot be', async () => {
    const items = itemsOf(inv);
    expect(items.length).toBeGreaterThan(10);
    const { sources } = await readGameDir(path.join(__dirname, '..', '..', 'data', inv.game));
    const { game, diagnostics } = validateGame(sources!, { checkQueries: CHECK_QUERY_CATALOG });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const listed = new Map((game!.contradictions ?? []).map((c) => [c.id, c]));
    expect(items.filter((id) => !listed.has(id))).toEqual([]);
    expect([...listed.keys()].filter((id) => !items.includes(id))).toEqual([]);
    for (const c of listed.values()) {
      if (c.kind !== 'contradiction') continue;
      const errata = (c.checks ?? []).map((id) => game!.checks.find((k) => k.id === id)!).filter((k) => k.kind === 'erratum');
      // An erratum check shows both readings and the engine follows the decided one.
      for (const k of errata) {
        expect(k.erratum?.exampleExpect, `${k.id} states the other reading's answer`).toBeDefined();
        expect(runCheck(game!, k).status, `${k.id}`).toBe('erratum');
      }
      expect(errata.length > 0 || c.resolved !== undefined || c.unchecked !== undefined, `${c.id} is decided`).toBe(true);
    }
  });
});
