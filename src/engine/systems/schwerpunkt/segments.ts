/**
 * The segments of a game turn (4.2–4.3, 5.2–5.4, 19.0) read from tracks.json `sequence`: which are
 * Schwerpunkt, General or Administrative Segments, which are second Schwerpunkt Segments, and which
 * ones a turn of a given weather has.
 */
import type { PhaseFile } from '../../../model/files';
import type { Engine } from '../../context';
import { QueryInputError } from '../../checks/input';
import { DEEP_MUD, FROZEN, MUD } from './rules';

export type SegmentKind = 'administrative' | 'schwerpunkt' | 'general' | 'victory' | 'other';

/** Classified by the segment names the rulebook prints (4.2 L219, 4.3 L221–272). */
export function segmentKind(phase: PhaseFile): SegmentKind {
  if (/Schwerpunkt Segment/i.test(phase.name)) return 'schwerpunkt';
  if (/General Segment/i.test(phase.name)) return 'general';
  if (/Administrative Segment/i.test(phase.name)) return 'administrative';
  if (/Victory/i.test(phase.name)) return 'victory';
  return 'other';
}

const isSecond = (phase: PhaseFile) => /\bSecond\b/i.test(phase.name);

export function sequence(engine: Engine): PhaseFile[] {
  return engine.game.tracks.sequence ?? [];
}

/** "schwerpunkt"/"general", or a segment id of the sequence. */
export function kindOfSegment(engine: Engine, segment: string): SegmentKind {
  if (segment === 'schwerpunkt' || segment === 'general') return segment;
  const phase = sequence(engine).find((p) => p.id === segment);
  if (!phase) throw new QueryInputError(`segment "${segment}" is neither schwerpunkt, general nor a segment id of tracks.json`);
  return segmentKind(phase);
}

export function checkWeather(engine: Engine, weather: string): void {
  if (!(engine.game.info.weather ?? []).some((w) => w.id === weather))
    throw new QueryInputError(`weather "${weather}" is not a weather of game.json`);
}

/**
 * Segments of a turn in order: Game Turn 1 has no Administrative Segment (19.0 L575); Mud skips the
 * second Schwerpunkt Segments (5.3 L286); Deep Mud skips every Schwerpunkt Segment (5.4 L290).
 */
export function turnSegments(engine: Engine, weather: string, turn: number, reasons: string[]): PhaseFile[] {
  checkWeather(engine, weather);
  const out: PhaseFile[] = [];
  for (const phase of sequence(engine)) {
    const kind = segmentKind(phase);
    if (kind === 'administrative' && turn === 1) {
      reasons.push(`${phase.name}: not on Game Turn 1, which starts with the First Soviet Schwerpunkt Segment [19.0 L575]`);
      continue;
    }
    if (kind === 'schwerpunkt' && weather === DEEP_MUD) {
      reasons.push(`${phase.name}: skipped in Deep Mud [5.4 L290]`);
      continue;
    }
    if (kind === 'schwerpunkt' && weather === MUD && isSecond(phase)) {
      reasons.push(`${phase.name}: skipped in Mud [5.3 L286]`);
      continue;
    }
    out.push(phase);
  }
  if (weather === FROZEN) reasons.push('Frozen: two Schwerpunkt Segments per side plus one General Segment each [5.2 L282]');
  return out;
}
