/**
 * game.json's title and version, which update carries into the module's name and version, and
 * its text with both as imported: the text the import hashed when nothing else changed since.
 * The import writes the version the module states (../import/import-module.ts `keptVersion`),
 * or none (a version a build generated); which of the two it wrote is the one whose text hashes
 * as recorded. Pure.
 */
import { createHash } from 'node:crypto';
import type { SidecarIndex } from '../import/sidecar';

export interface GameIdentity {
  title?: string;
  /** The version game.json states now (none: undefined). */
  version?: string;
  /** Whether game.json stated the module's version at import (known when the rest reads as imported). */
  versionImported: boolean;
  /** The text with the title and version as imported. */
  asImported: string;
}

type GameJson = Record<string, unknown>;

/**
 * game.json's identity; undefined for a text that is no JSON object (the data check reports it).
 * `importedHash`: SHA-256 (hex) of game.json as imported (vassal/import.json `dataFiles`).
 */
export function readGameIdentity(text: string, sidecar: SidecarIndex, importedHash: string | undefined): GameIdentity | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const game = parsed as GameJson;
  const title = typeof game.title === 'string' ? game.title : undefined;
  const version = typeof game.version === 'string' ? game.version : undefined;
  const { title: importedTitle, version: moduleVersion } = sidecar.module;
  const withTitle = importedTitle !== undefined && title !== undefined ? { ...game, title: importedTitle } : game;
  const texts = [
    ...(moduleVersion !== '' ? [{ versionImported: true, asImported: jsonText(withVersion(withTitle, moduleVersion)) }] : []),
    { versionImported: false, asImported: jsonText(withVersion(withTitle, undefined)) },
  ];
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  // Neither as imported (the rest changed too): the one stating a version as game.json does now.
  const chosen =
    texts.find((t) => hash(t.asImported) === importedHash) ?? texts.find((t) => t.versionImported === (version !== undefined))!;
  return { ...(title !== undefined ? { title } : {}), ...(version !== undefined ? { version } : {}), ...chosen };
}

/** The import's layout: two-space indent and a final newline. */
const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The game with `version` set, or left out; one added where the import writes it (after the
 * title and description, ../import/import-module.ts `gameFile`).
 */
function withVersion(game: GameJson, version: string | undefined): GameJson {
  const { version: _dropped, ...rest } = game;
  if (version === undefined) return rest;
  if ('version' in game) return { ...game, version };
  const after = 'description' in rest ? 'description' : 'title';
  const entries = Object.entries(rest);
  const at = entries.findIndex(([key]) => key === after) + 1;
  return Object.fromEntries([...entries.slice(0, at), ['version', version], ...entries.slice(at)]);
}
