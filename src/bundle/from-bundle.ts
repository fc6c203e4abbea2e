/**
 * Bundle JSON → Game. The bundle is untrusted input (it may come from anywhere): it is checked
 * against schemas/bundle.schema.json and then for what a schema cannot say (palette indexes in
 * range, one cell per hex of the extent, hexsides on the map), and every problem becomes a
 * diagnostic. The Game is returned only when there are none.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { compiledBundleValidator } from '../data/compiled-validators';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { MAX_JSON_DEPTH, type Position } from '../data/json-source';
import { censusOf } from '../data/number-bounds';
import { outOfRange } from '../data/parse-game';
import {
  AXIAL_DIRECTIONS,
  containsHex,
  extentSize,
  formatHexId,
  hexesOf,
  hexsideBetween,
  tryFormatHexId,
  validateExtent,
  validateNumbering,
  type Hex,
} from '../hex';
import type { Game, GameMap, MapHex, MapHexside, MapZone } from '../model/game';
import { checkBundleData } from './bundle-checks';
import { BUNDLE_FORMAT_VERSION, type Bundle, type BundleMap } from './format';

function bundleValidator(): ValidateFunction {
  return compiledBundleValidator();
}

export interface FromBundleResult {
  game?: Game;
  diagnostics: Diagnostic[];
}

/**
 * `file` names the bundle in diagnostics; `position` (when the bundle's text is at hand) gives a
 * pointer's line and column in it.
 */
export function fromBundle(json: unknown, file?: string, position?: (pointer: string, atKey: boolean) => Position): FromBundleResult {
  const at = (pointer: string) => ({ pointer, ...(file ? { file } : {}) });
  const error = (code: string, message: string, pointer: string, hint?: string): Diagnostic => ({
    code,
    severity: 'error',
    message,
    ...at(pointer),
    ...(hint ? { hint } : {}),
  });

  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof json === 'object' && json !== null && typeof version === 'number' && version > BUNDLE_FORMAT_VERSION) {
    const newer = error(
      'bundle/version',
      `bundle format version ${version} is newer than this Hexforge reads (${BUNDLE_FORMAT_VERSION})`,
      '/formatVersion',
      'rebuild the bundle with this version of Hexforge or upgrade Hexforge',
    );
    return { diagnostics: located([newer], position) };
  }
  const validate = bundleValidator();
  if (!validate(json)) {
    return { diagnostics: located(schemaDiagnostics(validate.errors ?? [], at), position) };
  }
  // As in a game folder's files: a number no game value comes near is a slip, not data.
  const insane = censusOf(json, MAX_JSON_DEPTH).insaneNumbers;
  const numberOutOfRange = (pointer: string): Diagnostic => {
    const { atKey: _atKey, ...problem } = outOfRange(pointer);
    return { ...problem, severity: 'error', ...at(pointer) };
  };
  if (insane.length > 0) return { diagnostics: located(insane.map(numberOutOfRange), position) };
  const bundle = json as Bundle;
  const diagnostics: Diagnostic[] = [];
  const map = unpackMap(bundle, (code, message, pointer) => diagnostics.push(error(code, message, pointer)));
  if (!map || diagnostics.length > 0) return { diagnostics: located(diagnostics, position) };
  const game: Game = {
    id: bundle.id,
    info: bundle.info,
    map,
    terrain: bundle.terrain,
    units: bundle.units,
    counters: bundle.counters,
    tables: bundle.tables,
    tracks: bundle.tracks,
    scenarios: bundle.scenarios,
    checks: bundle.checks,
    ...(bundle.contradictions ? { contradictions: bundle.contradictions } : {}),
  };
  const found = checkBundleData(game, file, position);
  return hasErrors(found) ? { diagnostics: found } : { game, diagnostics: found };
}

function located(diagnostics: Diagnostic[], position: ((pointer: string, atKey: boolean) => Position) | undefined): Diagnostic[] {
  if (!position) return diagnostics;
  return diagnostics.map((d) => (d.pointer === undefined ? d : { ...d, ...position(d.pointer, false) }));
}

function schemaDiagnostics(errors: ErrorObject[], at: (pointer: string) => { pointer: string; file?: string }): Diagnostic[] {
  // A oneOf failure lists every branch; the deepest errors say what is really wrong.
  const deepest = errors.filter((e) => !errors.some((o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`)));
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const e of deepest) {
    const extra =
      e.keyword === 'additionalProperties' ? ` "${String((e.params as { additionalProperty?: string }).additionalProperty)}"` : '';
    const message = `${e.message ?? 'invalid value'}${extra}`;
    const key = `${e.instancePath} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code: 'bundle/schema', severity: 'error', message: `${e.instancePath || '/'}: ${message}`, ...at(e.instancePath) });
  }
  return out;
}

type Report = (code: string, message: string, pointer: string) => void;

/** The extent's hexes in its dense order: their positions and ids, which the packed arrays index. */
interface Extent {
  size: number;
  positions: Hex[];
  ids: string[];
}

const inRange = (value: number, length: number) => Number.isInteger(value) && value >= 0 && value < length;

function unpackMap(bundle: Bundle, report: Report): GameMap | undefined {
  const m = bundle.map;
  const before = [...validateNumbering(m.numbering, '/map/numbering'), ...validateExtent(m.numbering, m.extent, '/map/extent')];
  for (const d of before) report(d.code, d.message, d.pointer ?? '/map');
  if (before.length > 0) return undefined;
  const size = extentSize(m.extent);
  if (m.hexes.cells.length !== size) {
    report('bundle/bad-cells', `map.hexes.cells has ${m.hexes.cells.length} entries but the extent has ${size} hexes`, '/map/hexes/cells');
    return undefined;
  }
  const positions: Hex[] = hexesOf(m.numbering, m.extent);
  const extent: Extent = { size, positions, ids: positions.map((h) => formatHexId(m.numbering, h)) };
  const hexes = unpackHexes(m, extent, report);
  const hexsides = hexes && unpackHexsides(m, extent, report);
  const zones = hexsides && unpackZones(m, extent, report);
  if (!hexes || !hexsides || !zones) return undefined;

  const map: GameMap = {
    numbering: m.numbering,
    extent: m.extent,
    hexSize: m.hexSize,
    moduleScale: m.moduleScale,
    hexes,
    hexsides,
    paths: m.paths,
    places: m.places,
    zones,
    boxes: m.boxes,
  };
  if (m.name !== undefined) map.name = m.name;
  if (m.unstated !== undefined) map.unstated = m.unstated;
  if (m.style !== undefined) map.style = m.style;
  if (m.boards !== undefined) map.boards = m.boards;
  if (m.source !== undefined) map.source = m.source;
  return map;
}

function unpackHexes(m: BundleMap, { size, positions, ids }: Extent, report: Report): MapHex[] | undefined {
  const hexes: MapHex[] = new Array(size);
  for (let i = 0; i < size; i++) {
    const k = m.hexes.cells[i];
    if (!inRange(k, m.hexes.kinds.length)) {
      report('bundle/bad-cells', `map.hexes.cells[${i}] = ${k} is not an index into map.hexes.kinds`, `/map/hexes/cells/${i}`);
      return undefined;
    }
    const kind = m.hexes.kinds[k];
    const cell: MapHex = { id: ids[i], q: positions[i].q, r: positions[i].r, terrain: kind.terrain };
    if (kind.partial !== undefined) cell.partial = kind.partial;
    if (kind.source !== undefined) cell.source = kind.source;
    hexes[i] = cell;
  }
  return hexes;
}

function unpackHexsides(m: BundleMap, { size, positions, ids }: Extent, report: Report): MapHexside[] | undefined {
  const sides = m.hexsides.sides;
  if (sides.length % 3 !== 0) {
    report('bundle/bad-hexsides', 'map.hexsides.sides must hold [position, direction, kind] triples', '/map/hexsides/sides');
    return undefined;
  }
  const hexsides: MapHexside[] = [];
  for (let t = 0; t < sides.length; t += 3) {
    const [from, dir, k] = [sides[t], sides[t + 1], sides[t + 2]];
    if (!inRange(from, size) || !inRange(dir, 6) || !inRange(k, m.hexsides.kinds.length)) {
      report(
        'bundle/bad-hexsides',
        `map.hexsides.sides triple at ${t} (${from}, ${dir}, ${k}) is out of range`,
        `/map/hexsides/sides/${t}`,
      );
      return undefined;
    }
    const a = positions[from];
    const d = AXIAL_DIRECTIONS[dir];
    const b = { q: a.q + d.q, r: a.r + d.r };
    const kind = m.hexsides.kinds[k];
    const side: MapHexside = {
      key: hexsideBetween(a, b)!,
      a: ids[from],
      b: containsHex(m.numbering, m.extent, b) ? (tryFormatHexId(m.numbering, b) ?? null) : null,
      feature: kind.feature,
    };
    if (kind.name !== undefined) side.name = kind.name;
    if (kind.source !== undefined) side.source = kind.source;
    hexsides.push(side);
  }
  return hexsides;
}

function unpackZones(m: BundleMap, { size, ids }: Extent, report: Report): MapZone[] | undefined {
  const zones: MapZone[] = [];
  for (const [z, { zone, hexes: list }] of m.zones.entries()) {
    const bad = list.findIndex((p) => !inRange(p, size));
    if (bad >= 0) {
      report('bundle/bad-zone', `zone ${zone.id}: hex position ${list[bad]} is not on the map`, `/map/zones/${z}/hexes/${bad}`);
      return undefined;
    }
    zones.push({ ...zone, hexIds: list.map((p) => ids[p]) });
  }
  return zones;
}
