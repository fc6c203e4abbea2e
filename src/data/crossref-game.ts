/** Cross-references inside game.json and terrain.json: ids unique, vocabularies consistent. */
import { isUnknown } from '../model/common';
import { type GameFile, type MoveCost, type MovementSpec, type TerrainFile, type TerrainTypeFile, PATTERNS_BY_KIND } from '../model/files';
import type { CheckContext } from './check-context';

export interface GameVocabulary {
  sides: Set<string>;
  nationalities: Map<string, string>;
  unitTypes: Set<string>;
  unitSizes: Set<string>;
  unitFlags: Set<string>;
  unitFields: Set<string>;
  /** Each unit field's declared kind and role: the domain its values must lie in. */
  unitFieldSpecs: Map<string, { kind: 'number' | 'text'; role?: string }>;
  formations: Set<string>;
  movementClasses: Set<string>;
  weather: Set<string>;
  dice: Set<string>;
  terrain: Set<string>;
}

export function checkGame(ctx: CheckContext, game: GameFile): GameVocabulary {
  const sides = ctx.unique('game', game.sides, '/sides', 'side');
  const nationalities = new Map<string, string>();
  game.sides.forEach((side, s) => {
    (side.nationalities ?? []).forEach((n, k) => {
      if (nationalities.has(n.id)) ctx.error('game', `/sides/${s}/nationalities/${k}/id`, 'ref/duplicate-id', `duplicate nationality id "${n.id}"`, 'nationality ids are unique across all sides');
      else nationalities.set(n.id, side.id);
    });
  });
  const unitTypes = ctx.unique('game', game.unitTypes, '/unitTypes', 'unit type');
  const unitSizes = ctx.unique('game', game.unitSizes, '/unitSizes', 'unit size');
  const unitFlags = ctx.unique('game', game.unitFlags, '/unitFlags', 'unit flag');
  const formations = ctx.unique('game', game.formations, '/formations', 'formation');
  const movementClasses = ctx.unique('game', game.movementClasses, '/movementClasses', 'movement class');
  const weather = ctx.unique('game', game.weather, '/weather', 'weather');
  const dice = ctx.unique('game', game.dice, '/dice', 'die');
  const unitFields = new Set<string>();
  const unitFieldSpecs = new Map<string, { kind: 'number' | 'text'; role?: string }>();
  (game.unitFields ?? []).forEach((f, i) => {
    if (unitFields.has(f.id)) ctx.error('game', `/unitFields/${i}/id`, 'ref/duplicate-id', `duplicate unit field "${f.id}"`);
    if (RESERVED_COLUMNS.has(f.id)) ctx.error('game', `/unitFields/${i}/id`, 'game/reserved-field', `unit field "${f.id}" clashes with a fixed units.csv column`, 'choose another id');
    unitFields.add(f.id);
    unitFieldSpecs.set(f.id, { kind: f.kind ?? 'number', role: f.role });
  });
  (game.unitTypes ?? []).forEach((t, i) => {
    if (t.movementClass !== undefined) ctx.ref('game', `/unitTypes/${i}/movementClass`, 'movement class', t.movementClass, movementClasses, 'game.json movementClasses');
  });
  (game.formations ?? []).forEach((f, i) => {
    ctx.ref('game', `/formations/${i}/side`, 'side', f.side, sides, 'game.json sides');
    ctx.ref('game', `/formations/${i}/parent`, 'formation', f.parent, formations, 'game.json formations');
  });
  checkFormationCycles(ctx, game);
  (game.stacking ?? []).forEach((rule, i) => {
    ctx.ref('game', `/stacking/${i}/side`, 'side', rule.side, sides, 'game.json sides');
    ctx.ref('game', `/stacking/${i}/weather`, 'weather', rule.weather, weather, 'game.json weather');
    for (const size of Object.keys(rule.sizeValues ?? {})) ctx.ref('game', `/stacking/${i}/sizeValues`, 'unit size', size, unitSizes, 'game.json unitSizes');
    for (const type of Object.keys(rule.typeValues ?? {})) ctx.ref('game', `/stacking/${i}/typeValues`, 'unit type', type, unitTypes, 'game.json unitTypes');
  });
  for (const key of Object.keys(game.systemRules ?? {}))
    if (key !== game.system)
      ctx.error('game', `/systemRules/${key}`, 'game/system-rules-mismatch', `systemRules.${key} is not this game's system ("${game.system ?? 'none'}")`, 'name the block like game.json "system"; the engine reads only that one', true);
  return { sides, nationalities, unitTypes, unitSizes, unitFlags, unitFields, unitFieldSpecs, formations, movementClasses, weather, dice, terrain: new Set() };
}

/** A formation may not contain itself, directly or through a chain of parents. */
function checkFormationCycles(ctx: CheckContext, game: GameFile): void {
  const parentOf = new Map((game.formations ?? []).map((f) => [f.id, f.parent]));
  const reported = new Set<string>();
  (game.formations ?? []).forEach((f, i) => {
    const chain = [f.id];
    let cursor = f.parent;
    while (cursor !== undefined && parentOf.has(cursor) && !chain.includes(cursor)) {
      chain.push(cursor);
      cursor = parentOf.get(cursor);
    }
    if (cursor !== f.id || reported.has(f.id)) return;
    chain.forEach((id) => reported.add(id));
    ctx.error(
      'game',
      `/formations/${i}/parent`,
      'game/formation-cycle',
      chain.length === 1 ? `formation "${f.id}" is its own parent` : `formations contain each other: ${[...chain, f.id].join(' → ')}`,
      'a formation\'s parent is a larger formation that does not, in turn, belong to it',
    );
  });
}

export const RESERVED_COLUMNS = new Set([
  'id', 'side', 'nationality', 'type', 'size', 'formation', 'designation', 'name', 'steps', 'back', 'next',
  'flags', 'setup', 'entry', 'template', 'image', 'backImage', 'count', 'source', 'notes',
]);

export function checkTerrain(ctx: CheckContext, terrain: TerrainFile, vocab: GameVocabulary): void {
  vocab.terrain = ctx.unique('terrain', terrain.terrain, '/terrain', 'terrain');
  terrain.terrain.forEach((t, i) => {
    checkMovement(ctx, t.movement, `/terrain/${i}/movement`, vocab);
    (t.combat?.weather ?? []).forEach((w, k) => ctx.ref('terrain', `/terrain/${i}/combat/weather/${k}`, 'weather', w, vocab.weather, 'game.json weather'));
    checkTerrainStyle(ctx, t, i);
  });
}

/** A pattern the terrain's kind cannot show (rail ties on a hex, trees along a road) would be drawn as nothing. */
function checkTerrainStyle(ctx: CheckContext, t: TerrainTypeFile, i: number): void {
  const pattern = t.style?.pattern;
  const allowed = PATTERNS_BY_KIND[t.kind];
  if (pattern !== undefined && !allowed.includes(pattern))
    ctx.error('terrain', `/terrain/${i}/style/pattern`, 'terrain/style-pattern-kind', `pattern "${pattern}" cannot draw ${t.kind} terrain "${t.id}"`, `a ${t.kind} terrain takes one of: ${allowed.join(', ')}`);
  if (t.style?.dash !== undefined && t.kind !== 'hexside' && t.kind !== 'path')
    ctx.warning('terrain', `/terrain/${i}/style/dash`, 'terrain/style-unused', `dash only applies to hexside and path terrain; "${t.id}" is ${t.kind} terrain`, 'remove dash');
}

const isCost = (v: unknown): v is MoveCost =>
  typeof v === 'number' || typeof v === 'string' || isUnknown(v) || (typeof v === 'object' && v !== null && 'add' in v);

function checkMovement(ctx: CheckContext, spec: MovementSpec | undefined, pointer: string, vocab: GameVocabulary): void {
  if (spec === undefined || isCost(spec)) return;
  for (const [cls, value] of Object.entries(spec)) {
    if (cls !== 'default') ctx.ref('terrain', `${pointer}/${cls}`, 'movement class', cls, vocab.movementClasses, 'game.json movementClasses');
    if (isCost(value)) continue;
    for (const w of Object.keys(value)) {
      if (w !== 'default') ctx.ref('terrain', `${pointer}/${cls}/${w}`, 'weather', w, vocab.weather, 'game.json weather');
    }
  }
}
