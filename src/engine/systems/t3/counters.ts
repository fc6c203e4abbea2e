/**
 * Reading the counters: designations (2.4.5), who exerts a ZOC (6.0.A with the counter errata
 * 2.4.5[Errata].A), and marker misprints (2.5).
 */
import { isUnknown } from '../../../model/common';
import { string, unitFrom } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { hasFlagEffect, label, ordinal } from './read';
import { substituteFlag } from './rules';

/** Drops a trailing "(305 ID)"-style abbreviation from a formation name. */
function plainName(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*$/, '');
}

export const designation: QueryHandler = (engine, input) => {
  const text = string(input, 'designation');
  const nationality = string(input, 'nationality');
  const candidates = engine.game.units.filter(
    (u) =>
      !isUnknown(u.designation) &&
      u.designation === text &&
      u.nationality === nationality &&
      !u.flags.includes(substituteFlag(engine).value),
  );
  const unit = candidates[0];
  const two = /^(\d+)\/(\d+)$/.exec(text);
  if (two) {
    // 2.4.5.1.B: left of the box the regiment/Kampfgruppe, right of it the division.
    const left = Number(two[1]);
    const right = Number(two[2]);
    const formation = unit?.formation ? engine.game.info.formations?.find((f) => f.id === unit.formation) : undefined;
    const size = unit && !isUnknown(unit.size) ? engine.game.info.unitSizes?.find((s) => s.id === unit.size)?.name : undefined;
    const reasoning = [`two numbers: ${left} is the regiment/Kampfgruppe, ${right} the division [2.4.5.1.B L264]`];
    if (!formation || !size)
      return {
        actual: { regiment: left, division: right },
        reasoning,
        unsupported: `no counter "${text}" (${nationality}) with a known size and formation in units.csv to name it`,
      };
    reasoning.push(`${unit!.id}: ${size} of ${formation.name}${cite(formation.source)}`);
    return { actual: { regiment: left, division: right, reads: `${ordinal(left)} ${size} of ${plainName(formation.name)}` }, reasoning };
  }
  if (!/^\d+$/.test(text)) return unsupported(`designation "${text}" is neither one number nor two numbers separated by a slash (2.4.5)`);
  const number = Number(text);
  if (!unit || !unit.name) return unsupported(`no counter designated "${text}" (${nationality}) in units.csv`);
  // 2.4.5.1.A / 2.4.5.2: a single number designates the unit itself.
  const actual: Record<string, unknown> = { reads: unit.name };
  if (!isUnknown(unit.size) && unit.size) actual[unit.size] = number;
  return {
    actual,
    reasoning: [
      `single number ${number}: ${unit.id}, ${unit.name} [2.4.5.1.A L262, 2.4.5.2 L275]`,
      ...(candidates.length > 1
        ? [
            `also matches ${candidates
              .slice(1)
              .map((u) => u.id)
              .join(', ')}`,
          ]
        : []),
    ],
  };
};

export const exertsZoc: QueryHandler = (engine, input) => {
  const unit = unitFrom(engine, input.unit);
  const noZoc = hasFlagEffect(engine, unit, 'no-zoc');
  return {
    actual: { zoc: !noZoc },
    reasoning: [
      noZoc
        ? `${label(unit)} carries the no-ZOC flag: it exerts no ZOC [6.0.A L475]`
        : `${label(unit)} exerts a ZOC into the surrounding hexes, whatever the counter art shows [6.0.A L475, 2.4.5[Errata].A L326]`,
    ],
  };
};

/** Marker text as printed and what it stands for: the abbreviation whose meaning names the marker. */
export const markerText: QueryHandler = (engine, input) => {
  const id = string(input, 'marker');
  const marker = engine.game.counters?.markers?.find((m) => m.id === id);
  if (!marker) return unsupported(`no marker "${id}" in counters.json`);
  const printedText = marker.front?.text;
  const meaning = marker.name.replace(/\s+Markers?$/i, '');
  const abbreviation = engine.game.info.abbreviations?.find((a) => a.meaning.toLowerCase() === meaning.toLowerCase())?.abbreviation;
  if (printedText === undefined || abbreviation === undefined)
    return unsupported(`counters.json gives no printed text for marker "${id}", or no abbreviation means "${meaning}"`);
  return {
    actual: { printed: printedText, means: abbreviation },
    reasoning: [
      `${marker.name} is printed "${printedText}"${cite(marker.source)}`,
      `it stands for ${abbreviation} (${meaning})${printedText !== abbreviation ? ': a misprint [2.5 L346]' : ''}`,
    ],
  };
};
