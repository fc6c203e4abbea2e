/**
 * Whether a proposed setup keeps to a scenario's setup rules (scenarios.json `setup`): fixed
 * placements (this unit in this hex, or in one of these hexes or this zone), and free setups
 * ("choose" N of these units, each on one of these hexes or in this zone, at most `perHex` in one
 * hex). A placement the data cannot judge (a zone that lists only some of its hexes, units set up
 * by a description in words) makes the answer a gap, not a guess.
 */
import { parseHexRange, tryFormatHexId, HEX_SIDES } from '../hex';
import type { PlacementFile, ScenarioFile } from '../model/files';
import type { Engine } from './context';
import { cite } from './source-text';

export interface Placed {
  unit: string;
  hex: number;
}

export interface SetupVerdict {
  legal: boolean;
  problems: string[];
  reasons: string[];
  /** Why the data cannot decide (a gap), when it cannot. */
  undecided?: string;
}

/** The hexes a placement allows, and whether that list is complete. */
export function allowedHexes(engine: Engine, p: PlacementFile): { hexes: Set<number>; complete: boolean } | undefined {
  const g = engine.graph;
  const hexes = new Set<number>();
  let complete = true;
  const ids = [...(p.hex ? [p.hex] : []), ...(p.hexes ?? [])];
  for (const id of ids) {
    // Validation expands ranges only in zones: a placement's "A..B" is expanded here.
    const range = id.includes('..') ? parseHexRange(engine.game.map.numbering, id) : undefined;
    const members = range?.ok ? range.hexes.map((h) => tryFormatHexId(engine.game.map.numbering, h)) : [id];
    for (const m of members) {
      const i = m === undefined ? undefined : g.indexOf(m);
      if (i !== undefined) hexes.add(i);
    }
  }
  if (p.zone !== undefined) {
    const zone = engine.game.map.zones.find((z) => z.id === p.zone);
    if (!zone) return undefined;
    for (const id of zone.hexIds) {
      const i = g.indexOf(id);
      if (i !== undefined) hexes.add(i);
    }
    if (zone.complete === false) complete = false;
  }
  if (hexes.size === 0) return undefined;
  if (p.within !== undefined && p.within > 0) {
    let frontier = [...hexes];
    for (let k = 0; k < p.within; k++) {
      const next: number[] = [];
      for (const i of frontier)
        for (let d = 0; d < HEX_SIDES; d++) {
          const j = g.neighbors[i * HEX_SIDES + d];
          if (j >= 0 && !hexes.has(j)) {
            hexes.add(j);
            next.push(j);
          }
        }
      frontier = next;
    }
  }
  return { hexes, complete };
}

function whereText(p: PlacementFile): string {
  const parts = [p.hex, ...(p.hexes ?? []), p.zone ? `zone ${p.zone}` : undefined].filter(Boolean);
  return `${parts.join(', ')}${p.within ? ` (or within ${p.within} hexes)` : ''}`;
}

/** The setup entries of a scenario for a side (by the entry's side, or its units' side). */
function entriesOf(engine: Engine, scenario: ScenarioFile, side: string | undefined): PlacementFile[] {
  const sideOf = (p: PlacementFile) => p.side ?? (p.units ?? []).map((u) => engine.unit(u)?.side).find((s) => s !== undefined);
  return (scenario.setup ?? []).filter((p) => side === undefined || sideOf(p) === side);
}

export function checkSetup(
  engine: Engine,
  scenario: ScenarioFile,
  side: string | undefined,
  placed: Placed[],
  complete: boolean,
): SetupVerdict {
  const g = engine.graph;
  const problems: string[] = [];
  const reasons: string[] = [];
  let undecided: string | undefined;
  const entries = entriesOf(engine, scenario, side);
  const byUnit = new Map<string, { entry: PlacementFile; index: number }>();
  entries.forEach((entry, index) => {
    for (const u of entry.units ?? []) byUnit.set(u, { entry, index });
  });
  const perEntry = new Map<number, Placed[]>();
  const seen = new Set<string>();
  for (const p of placed) {
    if (seen.has(p.unit)) problems.push(`${p.unit} is placed twice`);
    seen.add(p.unit);
    const found = byUnit.get(p.unit);
    if (!found) {
      const described = entries.filter((e) => !e.units?.length && e.text);
      if (described.length)
        undecided ??= `${p.unit} is in no setup entry that names it, and ${scenario.name} also sets up units described only in words ("${described[0].text}")`;
      else problems.push(`${p.unit} does not set up on the map in ${scenario.name}`);
      continue;
    }
    perEntry.set(found.index, [...(perEntry.get(found.index) ?? []), p]);
    const allowed = allowedHexes(engine, found.entry);
    if (!allowed) {
      undecided ??= `where ${p.unit} sets up is not given as hexes or a zone (${found.entry.where ?? found.entry.code ?? found.entry.box ?? 'no hex'})`;
      continue;
    }
    if (allowed.hexes.has(p.hex)) continue;
    if (!allowed.complete)
      undecided ??= `${g.ids[p.hex]} is not among the listed hexes of zone ${found.entry.zone}, which lists only some of its hexes`;
    else problems.push(`${p.unit} in ${g.ids[p.hex]}: must set up in ${whereText(found.entry)}${cite(found.entry.source)}`);
  }
  entries.forEach((entry, index) => {
    const mine = perEntry.get(index) ?? [];
    const listed = entry.units ?? [];
    if (entry.choose !== undefined) {
      reasons.push(
        `${entry.choose} of ${listed.length} units (${listed.join(', ')}) in ${whereText(entry)}${entry.perHex ? `, at most ${entry.perHex} per hex` : ''}${cite(entry.source)}`,
      );
      if (mine.length > entry.choose) problems.push(`${mine.length} of those units set up; only ${entry.choose} may${cite(entry.source)}`);
      else if (complete && mine.length < entry.choose)
        problems.push(`${mine.length} of those units set up; ${entry.choose} must${cite(entry.source)}`);
    } else if (complete && listed.length) {
      for (const u of listed)
        if (!seen.has(u)) problems.push(`${u} is not set up (it sets up in ${whereText(entry)})${cite(entry.source)}`);
    }
    if (entry.perHex !== undefined) {
      const count = new Map<number, number>();
      for (const p of mine) count.set(p.hex, (count.get(p.hex) ?? 0) + 1);
      for (const [hex, n] of count)
        if (n > entry.perHex) problems.push(`${n} of those units in ${g.ids[hex]}: at most ${entry.perHex}${cite(entry.source)}`);
    }
  });
  return { legal: problems.length === 0, problems, reasons, ...(undecided && problems.length === 0 ? { undecided } : {}) };
}

/** Units whose start hex the scenario fixes (one hex), for questions about a whole side. */
export function fixedStartHexes(engine: Engine, scenario: ScenarioFile | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const u of engine.game.units) if (u.setupHex !== undefined) out.set(u.id, engine.graph.indexOf(u.setupHex)!);
  for (const p of scenario?.setup ?? []) {
    if (p.choose !== undefined || p.hex === undefined) continue;
    const i = engine.graph.indexOf(p.hex);
    if (i !== undefined) for (const u of p.units ?? []) out.set(u, i);
  }
  return out;
}
