/**
 * The segments of a game turn (4.2–4.3, 5.2–5.4, 19.0) as the game classifies tracks.json `sequence`
 * (systemRules.schwerpunkt segments): which are Schwerpunkt, General or Administrative Segments,
 * which are second Schwerpunkt Segments, and which ones a turn of a given weather has.
 */
import type { PhaseFile } from '../../../model/files';
import type { Engine } from '../../context';
import { QueryInputError } from '../../checks/input';
import { segments as segmentRules, type SegmentKind, type SegmentRule } from './rules';

export type { SegmentKind };

const KINDS: readonly string[] = ['administrative', 'schwerpunkt', 'general', 'victory', 'other'];

export function sequence(engine: Engine): PhaseFile[] {
  return engine.game.tracks.sequence ?? [];
}

function segmentRule(engine: Engine, phase: PhaseFile): SegmentRule | undefined {
  return segmentRules(engine).value.find((s) => s.phase === phase.id);
}

export function segmentKind(engine: Engine, phase: PhaseFile): SegmentKind {
  return segmentRule(engine, phase)?.kind ?? 'other';
}

/** A segment kind, or a segment id of the sequence. */
export function kindOfSegment(engine: Engine, segment: string): SegmentKind {
  if (KINDS.includes(segment)) return segment as SegmentKind;
  const phase = sequence(engine).find((p) => p.id === segment);
  if (!phase)
    throw new QueryInputError(`segment "${segment}" is neither a segment kind (${KINDS.join(', ')}) nor a segment id of tracks.json`);
  return segmentKind(engine, phase);
}

export function checkWeather(engine: Engine, weather: string): void {
  if (!(engine.game.info.weather ?? []).some((w) => w.id === weather))
    throw new QueryInputError(`weather "${weather}" is not a weather of game.json`);
}

/** Segments of a turn in order, without those the game skips on this turn or in this weather. */
export function turnSegments(engine: Engine, weather: string, turn: number, reasons: string[]): PhaseFile[] {
  checkWeather(engine, weather);
  const rules = segmentRules(engine);
  const weatherName = engine.game.info.weather?.find((w) => w.id === weather)?.name ?? weather;
  const out: PhaseFile[] = [];
  for (const phase of sequence(engine)) {
    const r = segmentRule(engine, phase);
    if (r?.notOnTurns?.includes(turn)) {
      reasons.push(`${phase.name}: not on Game Turn ${turn}${rules.cite}`);
      continue;
    }
    if (r?.skippedIn?.includes(weather)) {
      reasons.push(`${phase.name}: skipped in ${weatherName}${rules.cite}`);
      continue;
    }
    out.push(phase);
  }
  const perSide = new Map<string, number>();
  for (const p of out) if (segmentKind(engine, p) === 'schwerpunkt' && p.side) perSide.set(p.side, (perSide.get(p.side) ?? 0) + 1);
  reasons.push(
    `${weatherName}: ${[...perSide].map(([side, n]) => `${n} Schwerpunkt Segment(s) for ${side}`).join(', ') || 'no Schwerpunkt Segments'}${rules.cite}`,
  );
  return out;
}
