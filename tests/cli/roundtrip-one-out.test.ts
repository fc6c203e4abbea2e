/**
 * roundtrip --out and --vmod keep what one module's round trip makes (their help says so): with two
 * modules the second's folder silently replaced the first's. Refused before any module is read.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const dir = tempDir('hexforge-roundtrip-one-');
const a = path.join(dir, 'a.vmod');
const b = path.join(dir, 'b.vmod');
// Not ZIPs: reading either would report vassal/zip-unreadable.
writeFileSync(a, 'PK\u0003\u0004 cut short');
writeFileSync(b, 'PK\u0003\u0004 cut short');

describe('roundtrip of two modules', () => {
  for (const flag of ['--out', '--vmod']) {
    it(`with ${flag} is a usage error, and nothing is read or written`, async () => {
      const where = path.join(dir, `kept${flag}`);
      const r = await runCli(['roundtrip', a, b, flag, where]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flag} keeps what one module's round trip makes: name one module with it, not 2`);
      expect(r.stderr).not.toContain('zip-unreadable');
      expect(existsSync(where)).toBe(false);
    });
  }
});
