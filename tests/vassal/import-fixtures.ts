/** Shared by the reader, import and round-trip tests: the VASSAL fixtures and a temp-folder helper. */
import { mkdtemp, rm } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HAS_SHARED, VASSAL_FIXTURES } from '../shared-dir';

export const FIXTURES = VASSAL_FIXTURES;
export const fixture = (name: string) => path.join(FIXTURES, name);
/** The fixture folders; none where the shared tier is skipped. */
export const FIXTURE_NAMES = HAS_SHARED
  ? readdirSync(FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  : [];

export const KASSALA = 'rummelsworth__vassal-module-kassala__vmod';
export const TLD = 'uckelman__tld-mod__root';
export const TEMPLATE = 'jzedwards__vassal-hex-n-counters-template__template';
export const RAGNAROK = 'jzedwards__vassal-hex-n-counters-template__ragnarok-vassal';
export const SAYDEN = 'sayden__counters__vassal';
export const MODULE_TEMPLATE = 'vassalengine__vassal-module-template__dist';

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hexforge-vassal-test-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
