/**
 * The masks of counters.json and scenarios.json apart from the rest: counters.json's
 * `vassal.masks`; a scenario's `vassal.masks` and `vassal.unitMasks` and its placements'
 * `faceDown`. The import records a hash of each part, so that an update tells a mask edit (which it
 * carries into the module on its own, ../update/mask-edits.ts) from other edits. Pure.
 */
import { createHash } from 'node:crypto';

export interface MaskPartHashes {
  /** SHA-256 (hex) of the masks. */
  masks: string;
  /** SHA-256 (hex) of the rest of the file. */
  rest: string;
}

/** The files whose masks are told apart. */
export const FILES_WITH_MASKS = new Set(['counters.json', 'scenarios.json']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const hash = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');

/** The hashes of a data file's masks and of the rest; undefined for another file, or a text that is no JSON object. */
export function maskPartHashes(name: string, text: string): MaskPartHashes | undefined {
  if (!FILES_WITH_MASKS.has(name)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const parts = name === 'counters.json' ? counterMaskParts(parsed) : scenarioMaskParts(parsed);
  return { masks: hash(parts.masks), rest: hash(parts.rest) };
}

/** A copy of `object` without `key`. */
function without(object: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

/**
 * A `vassal` holding nothing but masks is no part of the rest: masks added to a file that had no
 * `vassal` (or all taken off with it) change the masks alone.
 */
function counterMaskParts(counters: Json): { masks: unknown; rest: Json } {
  if (!isObject(counters.vassal)) return { masks: undefined, rest: counters };
  const vassal = without(counters.vassal, 'masks');
  return { masks: counters.vassal.masks, rest: Object.keys(vassal).length > 0 ? { ...counters, vassal } : without(counters, 'vassal') };
}

function scenarioMaskParts(file: Json): { masks: unknown; rest: Json } {
  if (!Array.isArray(file.scenarios)) return { masks: undefined, rest: file };
  const masks: unknown[] = [];
  const scenarios = file.scenarios.map((scenario: unknown) => {
    if (!isObject(scenario)) {
      masks.push(null);
      return scenario;
    }
    const placed = (list: unknown) =>
      Array.isArray(list)
        ? list.map((p: unknown) => (isObject(p) && 'faceDown' in p ? [p.faceDown, without(p, 'faceDown')] : [undefined, p]))
        : undefined;
    const [setup, markers] = [placed(scenario.setup), placed(scenario.markers)];
    const vassal = isObject(scenario.vassal) ? scenario.vassal : undefined;
    masks.push({
      masks: vassal?.masks,
      unitMasks: vassal?.unitMasks,
      setup: setup?.map(([faceDown]) => faceDown),
      markers: markers?.map(([faceDown]) => faceDown),
    });
    let rest: Json = scenario;
    if (setup) rest = { ...rest, setup: setup.map(([, p]) => p) };
    if (markers) rest = { ...rest, markers: markers.map(([, p]) => p) };
    if (vassal) rest = { ...rest, vassal: without(without(vassal, 'masks'), 'unitMasks') };
    return rest;
  });
  return { masks, rest: { ...file, scenarios } };
}
