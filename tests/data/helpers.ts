/** Builds GameSources from the minimal fixture, with per-file text edits, without touching disk. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GameSources } from '../../src/data/parse-game';
import { FILE_NAMES } from '../../src/data/parse-game';
import { FILE_KINDS, type FileKind } from '../../src/data/schemas';

export const MINIMAL_DIR = path.join(__dirname, '..', 'fixtures', 'minimal');

export function minimalSources(edit: Partial<Record<FileKind, (text: string) => string>> = {}): GameSources {
  const present = new Set(readdirSync(MINIMAL_DIR));
  const sources: GameSources = { dir: 'minimal', files: {} };
  for (const kind of FILE_KINDS) {
    const name = FILE_NAMES[kind];
    if (!present.has(name)) continue;
    const text = readFileSync(path.join(MINIMAL_DIR, name), 'utf8');
    sources.files[kind] = { file: `minimal/${name}`, text: edit[kind] ? edit[kind]!(text) : text };
  }
  return sources;
}
