/**
 * Zones, boxes and record tracks carry a short name (what VASSAL shows as a piece's location and
 * the holding board prints on the box) and may carry a longer description: a long name is a
 * warning, two boxes of one name an error, and every bundled game's box labels fit their strip.
 */
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { validateGame } from '../../src/data/validate';
import { maxLocationName } from '../../src/data/location-names';
import { holdingLabel } from '../../src/vassal/module/holding';
import { moduleHoldingLayout } from '../../src/vassal/module/build-file';
import { minimalSources } from '../data/helpers';
import { mustLoad } from './module-helpers';

const withBoxes = (boxes: object[]) => minimalSources({ map: (text) => JSON.stringify({ ...JSON.parse(text), boxes }) });

describe('location names', () => {
  it('a name over the limit is a warning at its line that suggests a short name and description', () => {
    const long = 'Smolensk Region Holding Area (German OB code I)';
    expect(long.length).toBeGreaterThan(maxLocationName('box'));
    const { diagnostics, game } = validateGame(withBoxes([{ id: 'ger-ob-i', name: long }]));
    const found = diagnostics.filter((d) => d.code === 'names/long-location');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', file: 'minimal/map.json' });
    expect(found[0].line).toBeGreaterThan(0);
    expect(found[0].hint).toContain('"Smolensk Region Holding Area"');
    expect(found[0].hint).toContain('description');
    expect(game).toBeDefined();
  });

  it('a short name with a description is clean, and the description is kept in the game', () => {
    const box = { id: 'ger-ob-i', name: 'German I: Smolensk Region', description: 'Smolensk Region Holding Area (German OB code I)' };
    const { diagnostics, game } = validateGame(withBoxes([box]));
    expect(diagnostics).toEqual([]);
    expect(game!.map.boxes[0]).toMatchObject(box);
  });

  it('two boxes of one name are an error: the module would merge them', () => {
    const { diagnostics, game } = validateGame(
      withBoxes([
        { id: 'a', name: 'Reserve' },
        { id: 'b', name: 'reserve ' },
      ]),
    );
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([['names/duplicate-location', 'error']]);
    expect(game).toBeUndefined();
  });
});

describe.each(['demo', 'kursk', 'rof', 'ttt', 'vmbb'])('data/%s holding board', (id) => {
  it('names stay short and every box label fits its two-line strip whole', async () => {
    const game = await mustLoad(`data/${id}`);
    const named = [
      ...game.map.zones.map((item) => ({ item, limit: maxLocationName('zone') })),
      ...game.map.boxes.map((item) => ({ item, limit: maxLocationName('box') })),
      ...(game.tracks.records ?? []).map((item) => ({ item, limit: maxLocationName('record track') })),
    ];
    for (const { item, limit } of named) expect((item.name ?? '').length, item.id).toBeLessThanOrEqual(limit);
    const fonts = loadFonts();
    const layout = moduleHoldingLayout(game);
    for (const box of layout.boxes) {
      const label = holdingLabel(fonts, box, layout.labelSize);
      expect(label.fits, box.label).toBe(true);
      expect(label.lines.length, box.label).toBeLessThanOrEqual(2);
      expect(label.lines.join(' ').replace(/- /g, '-'), box.label).toBe(box.label.replace(/\s+/g, ' '));
    }
  });
});
