/**
 * Turn tracker, dice and charts of a module in game terms.
 *   TurnTracker: a CounterTurnLevel gives turns start..loopLimit (the end the author configured);
 *   a ListTurnLevel at the top gives one turn per list item (labelled with it); a ListTurnLevel
 *   inside the turn level gives the sequence of play. Without a tracker the turn track and
 *   sequence are not in the module: the smallest valid track (turn 1, one phase) is written and
 *   declared in the notes.
 *   DiceButton: nDice × nSides. SpecialDiceButton: one die per SpecialDie when every die's faces
 *   are worth 1..n, each once (a d6 drawn with pictures); dice of symbols are no numbered die.
 *   Chart / HtmlChart: a table whose body is a declared unknown (the module holds only a picture).
 */
import type { DieFile, PhaseFile, TableFile, TracksFile, TurnFile } from '../../model/files';
import { CHART_TABLE_PREFIX } from '../module/names';
import { attribute, type XmlElement } from '../xml-tree';
import { elementsNamed } from './elements';
import { decodeSequence } from '../sequence-encoder';
import { IdSpace } from './ids';

const T = 'VASSAL.build.module.turn.';

function num(el: XmlElement, name: string, fallback: number): number {
  const v = Number(attribute(el, name));
  return Number.isFinite(v) && (attribute(el, name) ?? '') !== '' ? v : fallback;
}

export interface TracksResult {
  tracks: TracksFile;
  first: number;
  last: number;
  /** The turn track was not in the module: placeholders were written. */
  placeholder: boolean;
}

function phasesOf(list: XmlElement): PhaseFile[] {
  const ids = new IdSpace();
  return decodeSequence(attribute(list, 'list') ?? '', ',')
    .filter((p) => p.trim() !== '')
    .map((p) => ({
      id: ids.take(p, 'phase'),
      name: p,
      source: { derived: `VASSAL turn tracker level "${attribute(list, 'name') ?? ''}"` },
    }));
}

const NO_TRACKER = { unknown: true, reason: 'the module has no turn tracker' } as const;

export function importTracks(root: XmlElement): TracksResult {
  const tracker = elementsNamed(root, `${T}TurnTracker`)[0];
  const placeholderPhase: PhaseFile = {
    id: 'turn',
    name: 'Turn',
    text: 'The module does not give the sequence of play; this single phase only makes the track valid.',
  };
  if (!tracker) {
    return {
      tracks: {
        turns: [{ turn: 1, label: 'Turn 1 (placeholder)' }],
        sequence: [placeholderPhase],
        unstated: { '/turns': NO_TRACKER, '/sequence': NO_TRACKER },
        notes:
          'The VASSAL module has no turn tracker: the number of turns and the sequence of play are not in it. Turn 1 and the single phase are placeholders that make the track valid, not game facts.',
      },
      first: 1,
      last: 1,
      placeholder: true,
    };
  }
  const level = tracker.children.find((c) => c.name === `${T}CounterTurnLevel` || c.name === `${T}ListTurnLevel`);
  let turns: TurnFile[] = [];
  const notes: string[] = [];
  let phases: PhaseFile[] = [];
  const unstated: TracksFile['unstated'] = {};
  if (level?.name === `${T}CounterTurnLevel`) {
    const start = Math.trunc(num(level, 'start', 1));
    const incr = Math.max(1, Math.trunc(num(level, 'incr', 1)));
    const limit = Math.trunc(num(level, 'loopLimit', -1));
    if (limit >= start && (limit - start) / incr <= 10_000) {
      for (let t = start; t <= limit; t += incr) turns.push({ turn: t });
      turns[0].source = { derived: `VASSAL turn tracker "${attribute(tracker, 'name') ?? ''}": counter from ${start} to ${limit}` };
    } else {
      turns = [{ turn: start }];
      unstated['/turns/last'] = { unknown: true, reason: "the module's turn tracker has no last turn" };
      notes.push(`The turn tracker counts from ${start} with no end; the last turn is not in the module.`);
    }
    const inner = level.children.find((c) => c.name === `${T}ListTurnLevel`);
    if (inner) phases = phasesOf(inner);
  } else if (level?.name === `${T}ListTurnLevel`) {
    const items = decodeSequence(attribute(level, 'list') ?? '', ',').filter((s) => s.trim() !== '');
    turns = items.map((label, i) => ({ turn: i + 1, label }));
    const inner = level.children.find((c) => c.name === `${T}ListTurnLevel`);
    if (inner) phases = phasesOf(inner);
  }
  if (turns.length === 0) {
    turns = [{ turn: 1, label: 'Turn 1 (placeholder)' }];
    unstated['/turns'] = { unknown: true, reason: "the module's turn tracker has no turn level" };
    notes.push('The turn tracker has no turn level; turn 1 is a placeholder.');
  }
  if (phases.length === 0) {
    phases = [placeholderPhase];
    unstated['/sequence'] = { unknown: true, reason: "the module's turn tracker has no phase level" };
    notes.push('The turn tracker has no phase level: the sequence of play is not in the module; the single phase is a placeholder.');
  }
  return {
    tracks: {
      turns,
      sequence: phases,
      ...(Object.keys(unstated).length > 0 ? { unstated } : {}),
      ...(notes.length > 0 ? { notes: notes.join(' ') } : {}),
    },
    first: turns[0].turn,
    last: turns[turns.length - 1].turn,
    placeholder: false,
  };
}

/** A face's text VASSAL reports for it ($result1$): a number, or none (its picture alone). */
const NUMBER_OR_NOTHING = /^\s*(-?\d+)?\s*$/;

/**
 * The faces of a SpecialDiceButton's dice when they are plain numbered dice: the same number of
 * faces on each, worth 1..n each once (VASSAL rolls a face uniformly and reports its value). A face
 * whose text is a word ("Capture", "Minus one") is a symbol, whatever value it has for totals.
 */
function numberedSpecialDice(button: XmlElement): { count: number; faces: number } | undefined {
  const dice = button.children.filter((c) => c.name === 'VASSAL.build.module.SpecialDie');
  const faceCounts = new Set<number>();
  for (const die of dice) {
    const faces = die.children.filter((c) => c.name === 'VASSAL.build.module.SpecialDieFace');
    if (!faces.every((f) => NUMBER_OR_NOTHING.test(attribute(f, 'text') ?? ''))) return undefined;
    const values = faces.map((f) => Number(attribute(f, 'value')));
    const numbered = [...values].sort((a, b) => a - b).every((v, i) => v === i + 1);
    if (!numbered) return undefined;
    faceCounts.add(values.length);
  }
  const [faces] = faceCounts;
  return dice.length > 0 && faceCounts.size === 1 && faces >= 2 ? { count: dice.length, faces } : undefined;
}

/** A die of game.json and the dice button of the module it was read from (whose toolbar button map.json `buttons` keeps). */
export interface ImportedDie {
  die: DieFile;
  button: XmlElement;
}

/**
 * A dice button's name as VASSAL reads it: a DiceButton of a module before VASSAL 1.3 has one
 * `label` for name and button text (DiceButton.DEPRECATED_NAME), which a `name` overrides (VASSAL's
 * Builder sets attributes in DOM order, which the JDK's Xerces keeps sorted: `label` before `name`).
 */
function configuredName(button: XmlElement, special: boolean): string | undefined {
  return attribute(button, 'name') ?? (special ? undefined : attribute(button, 'label'));
}

export function importDice(root: XmlElement): ImportedDie[] {
  const ids = new IdSpace();
  const dice: ImportedDie[] = [];
  for (const el of elementsNamed(root, 'VASSAL.build.module.DiceButton', 'VASSAL.build.module.SpecialDiceButton')) {
    const special = el.name.endsWith('SpecialDiceButton');
    const rolled = special ? numberedSpecialDice(el) : { count: Math.trunc(num(el, 'nDice', 2)), faces: Math.trunc(num(el, 'nSides', 6)) };
    if (!rolled || rolled.count < 1 || rolled.faces < 2) continue;
    const { count, faces } = rolled;
    // A button's `name` is what VASSAL's roll report prints ($name$); a module Hexforge built writes the die's name there too.
    const name = configuredName(el, special) || attribute(el, 'text') || attribute(el, 'description') || `${count}d${faces}`;
    // One wording for both kinds: a module built from the data writes every die as a DiceButton.
    dice.push({
      die: { id: ids.take(`${count}d${faces}`), count, faces, name, source: { derived: `VASSAL dice button "${name}"` } },
      button: el,
    });
  }
  return dice;
}

/**
 * Charts → tables whose bodies are unknown (pictures). In a module Hexforge built, only the charts
 * that print a table (their description says which) are tables, with that table's id; the others
 * (sequence of play, terrain effects, turn record) print other data.
 */
export function importCharts(root: XmlElement, builtByHexforge = false): { tables: TableFile[]; charts: { id: string; file: string }[] } {
  const ids = new IdSpace();
  const tables: TableFile[] = [];
  const charts: { id: string; file: string }[] = [];
  for (const el of elementsNamed(root, 'VASSAL.build.widget.Chart', 'VASSAL.build.widget.HtmlChart')) {
    const file = attribute(el, 'fileName') ?? '';
    const name = attribute(el, 'chartName') || file || 'Chart';
    const description = attribute(el, 'description') ?? '';
    const printed = description.startsWith(CHART_TABLE_PREFIX) ? description.slice(CHART_TABLE_PREFIX.length) : undefined;
    if (builtByHexforge && printed === undefined) continue;
    const id = ids.take(printed ?? name, 'chart');
    const html = el.name.endsWith('HtmlChart');
    charts.push({ id, file });
    tables.push({
      id,
      name,
      columnKind: 'none',
      body: {
        unknown: true,
        reason: `the module holds this chart only as ${html ? 'an HTML page' : 'a picture'} (kept in vassal/, listed in vassal/import.json); its cells are not data in the module`,
      },
      ...(html ? { vassal: { chart: 'html' as const } } : {}),
      source: { derived: `VASSAL chart "${name}"` },
    });
  }
  return { tables, charts };
}
