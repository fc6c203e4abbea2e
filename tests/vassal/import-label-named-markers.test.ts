/**
 * Pieces with neither a name nor a picture, drawn only by a Text Label, are the markers VASSAL
 * names by their labels (./label-named-markers-kit.ts: the names worked out from VASSAL's source,
 * which ./label-named-markers-in-vassal.test.ts checks in VASSAL itself), so a "Fog" and a "Rain"
 * slip stay two markers, " (Fog)" and " (Rain)"; a blank label gives no name (the slot's is
 * used). The module built from the data imports again to the same data.
 */
import { describe, expect, it } from 'vitest';
import { dataFiles, jsonOf, rebuilt } from './rebuild-kit';
import { importBuildFile } from './synthetic-module';
import { withTempDir } from './import-fixtures';
import { labelNamedBuildFile } from './label-named-markers-kit';

describe('a nameless piece drawn by a Text Label', () => {
  it('is the marker VASSAL names by the label, one per name, and reads back the same from the built module', async () => {
    const first = await importBuildFile(labelNamedBuildFile(false));
    const markers = jsonOf(first, 'counters.json').markers.map((m: { id: string; name: string; count: number }) => [m.id, m.name, m.count]);
    // Markers in places without units come in the order of their places (scenarios.ts markerSequence).
    expect(markers.sort()).toEqual([
      ['fog', ' (Fog)', 2],
      ['rain', ' (Rain)', 1],
      ['smoke', 'Smoke', 1],
      ['storm-spent', ' (Storm) (spent)', 1],
      ['weather', 'Weather', 1],
    ]);
    await withTempDir(async (dir) => {
      const { second } = await rebuilt(dir, first, 'synthetic');
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 60_000);

  it('in the palette is named by the label too, and its placed copies are that marker', async () => {
    const first = await importBuildFile(labelNamedBuildFile(true));
    const names = new Map(jsonOf(first, 'counters.json').markers.map((m: { id: string; name: string }) => [m.id, m.name]));
    expect([names.get('fog'), names.get('rain')]).toEqual([' (Fog)', ' (Rain)']);
    const origins = jsonOf(first, 'vassal/import.json').markerOrigins;
    expect([origins.fog.from, origins.fog.entryName]).toEqual(['palette slot', 'Fog slip']);
  }, 60_000);
});
