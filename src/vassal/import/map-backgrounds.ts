/**
 * Map windows' background colours (VASSAL's Map `backgroundcolor`, painted around and under the
 * boards) for map.json `backgrounds`: read as VASSAL reads a colour (../color.ts), kept for the maps
 * the data keeps (the game map, and those its boards name) where the colour differs from VASSAL's
 * default white, so a folder of white maps states nothing and a built module writes the rest back.
 */
import type { Diagnostic } from '../../diagnostics';
import { MAP_BACKGROUND_DEFAULT, readVassalColor } from '../color';
import { positionOf } from '../reader/xml';
import { attribute } from '../xml-tree';
import type { MapInfo } from './map';

export function mapBackgrounds(
  maps: readonly MapInfo[],
  keptMaps: ReadonlySet<string>,
): { backgrounds?: Record<string, string>; diagnostics: Diagnostic[] } {
  const backgrounds: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  for (const map of maps) {
    if (!keptMaps.has(map.id)) continue;
    const text = attribute(map.element, 'backgroundcolor');
    const reading = readVassalColor(text);
    if (!reading || reading.color === MAP_BACKGROUND_DEFAULT) continue;
    if (reading.unreadable)
      diagnostics.push({
        code: 'vassal/map-background-unreadable',
        severity: 'warning',
        message: `map "${map.id}" has the background colour "${text}", which VASSAL cannot read: it takes it as black, and so does the data`,
        hint: 'give the map its background colour again in VASSAL\'s editor ("r,g,b" or "r,g,b,a", each 0 to 255)',
        ...positionOf(map.element),
      });
    backgrounds[map.id] = reading.color;
  }
  return Object.keys(backgrounds).length > 0 ? { backgrounds, diagnostics } : { diagnostics };
}
