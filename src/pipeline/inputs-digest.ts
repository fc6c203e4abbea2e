/**
 * The digest of exactly what one generator reads (its declared game parts and `--set` keys), the
 * date written into outputs and the code that draws them: equal digests, equal outputs.
 */
import { hash } from 'node:crypto';
import type { Game } from '../model/game';
import type { Settings } from '../plan/paper';
import { type GamePart, type Reads, effectiveReads, partValue, unguarded } from './reads';

/** The SHA-256 of the data (a string as UTF-8), in hex; one call, no hash object (thousands of small keys a build). */
export function sha256(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

/** Each part's digest, computed once per resolved game however many generators (each with its own view) read it. */
const partDigests = new WeakMap<Game, Map<GamePart, string>>();

function partDigest(view: Game, part: GamePart): string {
  const game = unguarded(view);
  let parts = partDigests.get(game);
  if (!parts) partDigests.set(game, (parts = new Map()));
  let digest = parts.get(part);
  if (digest === undefined) parts.set(part, (digest = sha256(JSON.stringify(partValue(game, part)) ?? 'absent')));
  return digest;
}

/** The digest of some parts of the game (each part's digest made once per game): a key for what they alone draw. */
export function partsDigest(game: Game, parts: readonly GamePart[]): string {
  return sha256(JSON.stringify(parts.map((part) => [part, partDigest(game, part)])));
}

export interface DigestScope {
  /** Identifies the code that builds (a new Hexforge draws differently). */
  codeStamp: string;
  epoch: number;
}

export function inputsDigest(game: Game, settings: Settings, reads: Reads, scope: DigestScope): string {
  const { game: parts, settings: keys } = effectiveReads(reads);
  return sha256(
    JSON.stringify({
      code: scope.codeStamp,
      epoch: scope.epoch,
      id: game.id,
      parts: parts.map((part) => [part, partDigest(game, part)]),
      settings: keys.map((key) => [key, settings[key] ?? null]),
    }),
  );
}
