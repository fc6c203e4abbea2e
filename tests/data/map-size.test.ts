/**
 * A map drawn from its hexes whose hexSize (or moduleScale) asks for a module picture of billions of
 * pixels, or for hexes under one pixel, is refused where hexSize is written: before, the build
 * crashed allocating the picture (hexSize 200) or drew an empty map (hexSize 1e-300).
 */
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/data/validate';
import { runCli } from '../cli/run-cli';
import { MINIMAL_DIR, minimalSources } from './helpers';
import { EXIT } from '../../src/cli/exit-codes';
import { tempDir } from '../temp-dir';

const withHexSize = (size: string, extra = '') =>
  validateGame(minimalSources({ map: (t) => t.replace('"hexSize": 0.625', `"hexSize": ${size}${extra}`) })).diagnostics.filter(
    (d) => d.severity === 'error',
  );

describe('the size of a drawn map', () => {
  it('hexSize 200 in (for 0.2): map/too-large at hexSize, with the size in inches', () => {
    const [error, ...rest] = withHexSize('200');
    expect(rest).toEqual([]);
    // 4 flat-top columns of 200 in hexes: 3 × 0.75 × 230.94 + 230.94 = 750.6 in across the corners, 3 staggered rows
    // 3.5 × 200 = 700 in, each with 0.25 in of margin on both sides.
    expect(error).toMatchObject({ code: 'map/too-large', file: 'minimal/map.json', line: 5, column: 14 });
    expect(error.message).toContain('the map is 751.1 × 700.5 in');
  });

  it('a moduleScale that makes the picture too large is named in the hint', () => {
    const [error] = withHexSize('0.625', ', "moduleScale": 100000');
    expect(error.code).toBe('map/too-large');
    expect(error.hint).toContain('check hexSize and moduleScale');
  });

  it('a hex under one pixel of the module picture: map/hex-too-small', () => {
    expect(withHexSize('1e-300').map((d) => d.code)).toEqual(['map/hex-too-small']);
    expect(withHexSize('0.006').map((d) => d.code)).toEqual(['map/hex-too-small']);
    expect(withHexSize('0.007')).toEqual([]);
    expect(withHexSize('20')).toEqual([]);
  });

  it('build: exit 1 with the diagnostic, not an internal error', async () => {
    const { cpSync, readFileSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const dir = tempDir('hexforge-map-size-');
    const game = path.join(dir, 'minimal');
    cpSync(MINIMAL_DIR, game, { recursive: true });
    const mapFile = path.join(game, 'map.json');
    writeFileSync(mapFile, readFileSync(mapFile, 'utf8').replace('"hexSize": 0.625', '"hexSize": 200'));
    const r = await runCli(['build', game, '--only', 'map', '--quiet', '--out', path.join(dir, 'out')]);
    expect(r.stderr).toContain('map.json:5:14: error map/too-large');
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(EXIT.invalid);
  });
});
