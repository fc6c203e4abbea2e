/**
 * Combat modifiers from terrain (the defender's hex, hexsides attacked across) and from a table's
 * listed modifiers: DRM, column shifts and strength multipliers, with their citations.
 * Effects are summed (rules 'all modifiers are cumulative' is the schema default); effects marked
 * cumulative: false do not add up: of those only the one largest in size counts.
 */
import { isUnknown } from '../model/common';
import type { CombatEffectFile, TableFile } from '../model/files';
import type { Engine } from './context';
import { cite } from './source-text';

export interface ModifierInput {
  table?: TableFile;
  defenderTerrain?: string[];
  /** Hexside terrain ids, or hexside references ("0101/0102") whose features are used. */
  across?: string[];
  /** Ids of the table's modifiers that apply. */
  modifiers?: string[];
  weather?: string;
}

export interface ModifierTotal {
  value: number;
  reasons: string[];
  unknown?: string;
}

type Field = 'drm' | 'shift';

/** Terrain ids a hexside reference stands for (its features on the map), or the id itself. */
export function acrossTerrain(engine: Engine, across: string[]): { ids: string[]; unknown?: string } {
  const ids: string[] = [];
  for (const ref of across) {
    if (engine.terrain(ref)) {
      ids.push(ref);
      continue;
    }
    const [a, b] = ref.split('/');
    const g = engine.graph;
    const i = g.indexOf(a ?? '');
    const j = g.indexOf(b ?? '');
    if (i === undefined || j === undefined) return { ids, unknown: `"${ref}" is neither a terrain id nor a hexside of the map` };
    for (let d = 0; d < 6; d++) if (g.neighbors[i * 6 + d] === j) ids.push(...(g.sideFeatures[i * 6 + d] ?? []));
  }
  return { ids };
}

export function combatModifier(engine: Engine, field: Field, input: ModifierInput): ModifierTotal {
  const reasons: string[] = [];
  const cumulative: number[] = [];
  const single: { value: number; line: string }[] = [];
  let unknown: string | undefined;
  const take = (label: string, effect: CombatEffectFile | undefined, fallbackSource: unknown, where: 'defender' | 'across') => {
    if (!effect) return;
    const applies = effect.appliesTo ?? (where === 'across' ? 'attack-across' : 'defender-hex');
    if ((where === 'defender' && applies !== 'defender-hex') || (where === 'across' && applies !== 'attack-across')) return;
    if (effect.weather && input.weather !== undefined && !effect.weather.includes(input.weather)) {
      reasons.push(`${label}: no ${field} in ${input.weather}${cite(effect.source)}`);
      return;
    }
    const v = effect[field];
    if (v === undefined) return;
    const source = effect.source ?? (fallbackSource as never);
    if (isUnknown(v)) {
      unknown ??= `${field} of ${label} is not given${v.reason ? ` (${v.reason})` : ''}`;
      return;
    }
    const line = `${label} ${v >= 0 ? '+' : ''}${v}${effect.condition ? ` (${effect.condition})` : ''}${cite(source)}`;
    if (effect.cumulative === false) single.push({ value: v, line });
    else {
      cumulative.push(v);
      reasons.push(line);
    }
  };
  for (const id of input.defenderTerrain ?? []) {
    const t = engine.terrain(id);
    if (!t) {
      unknown ??= `terrain "${id}" is not in terrain.json`;
      continue;
    }
    take(t.name, t.combat, t.source, 'defender');
  }
  const across = acrossTerrain(engine, input.across ?? []);
  if (across.unknown) unknown ??= across.unknown;
  for (const id of across.ids) {
    const t = engine.terrain(id);
    if (t) take(`across ${t.name}`, t.combat, t.source, 'across');
  }
  for (const id of input.modifiers ?? []) {
    const m = input.table?.modifiers?.find((x) => x.id === id);
    if (!m) {
      unknown ??= `table ${input.table?.id ?? '(none)'} has no modifier "${id}"`;
      continue;
    }
    const kind = m.kind ?? 'drm';
    if (kind !== field) continue;
    if (m.value === undefined || isUnknown(m.value)) {
      unknown ??= `modifier ${m.label} has no stated value`;
      continue;
    }
    cumulative.push(m.value);
    reasons.push(`${m.label} ${m.value >= 0 ? '+' : ''}${m.value}${cite(m.source ?? input.table?.source)}`);
  }
  let value = cumulative.reduce((a, b) => a + b, 0);
  if (single.length > 0) {
    const best = single.reduce((a, b) => (Math.abs(b.value) > Math.abs(a.value) ? b : a));
    reasons.push(`${best.line} (not cumulative: the largest such effect only)`);
    value += best.value;
  }
  if (reasons.length === 0 && !unknown) reasons.push(`no ${field === 'drm' ? 'DRM' : 'column shift'} applies`);
  else if (cumulative.length + single.length > 1)
    reasons.push(`total ${field === 'drm' ? 'DRM' : 'shift'} ${value >= 0 ? '+' : ''}${value}`);
  return { value, reasons, ...(unknown ? { unknown } : {}) };
}
