/**
 * Historical identification (2.4.2 L96–154): a German designation is "parent-unit" (parent formation
 * left) or one group naming the unit; one of a one-group side (game.json rules) is a number with letter suffixes. Abbreviations
 * come from game.json.
 */
import { string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { sideName } from './read';
import { oneGroupDesignationSides } from './rules';

export const designation: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  const text = string(input, 'designation').trim();
  const reasoning: string[] = [];
  const abbreviations = (engine.game.info.abbreviations ?? []).filter((a) => a.side === undefined || a.side === side);
  const parts = text.split('-');
  let parent: string | null = null;
  let unit = text;
  let letters: string | undefined;
  const oneGroup = oneGroupDesignationSides(engine);
  if (oneGroup.value.includes(side)) {
    // 2.4.2 B: one group; "41G reads 41st Guards": the number is the unit, trailing letters abbreviate.
    const m = /^(\d+)([A-Za-z]+)?$/.exec(text);
    if (m) {
      unit = m[1];
      letters = m[2];
    }
    reasoning.push(`${sideName(engine, side)} units carry one group: unit ${unit}${letters ? `, suffix ${letters}` : ''}${oneGroup.cite}`);
  } else if (parts.length === 2 && parts[0] && parts[1]) {
    [parent, unit] = parts;
    const formation = (engine.game.info.formations ?? []).find((f) => f.id === parent!.toLowerCase());
    reasoning.push(`two groups: parent formation ${parent}${formation ? ` (${formation.name})` : ''}, unit ${unit} [2.4.2 L98]`);
    letters = /^([A-Za-zÄÖÜäöü]+)/.exec(unit)?.[1];
  } else {
    reasoning.push(`one group: the unit itself, ${unit} [2.4.2 L99]`);
    letters = /^([A-Za-zÄÖÜäöü]+)/.exec(unit)?.[1];
  }
  const abbreviation = letters ? abbreviations.find((a) => a.abbreviation === letters) : undefined;
  if (letters && abbreviation) reasoning.push(`${letters}: ${abbreviation.meaning}${cite(abbreviation.source)}`);
  else if (letters) reasoning.push(`${letters} is not in the abbreviation list of game.json`);
  return {
    actual: { parent, unit, abbreviation: abbreviation?.abbreviation ?? null, meaning: abbreviation?.meaning ?? null },
    reasoning,
  };
};
