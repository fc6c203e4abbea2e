/**
 * Where the pieces of a module's setups stand, read as the import reads them (../import/scenarios.ts):
 * the hex of an at-start stack and whether its name tells it apart, the hex of a saved game's
 * position. Update tells by these which of a counter's pieces a placement of scenarios.json names
 * (./face-down-edits.ts). A place that is no hex (a box, off the map) has none here: boxes are
 * named in the order setups first use them, which one setup alone does not tell.
 */
import { moduleMapGeometry } from '../import/import-module';
import { Locator } from '../import/map';
import { mapIdOf, namedApart, savedGameLocate } from '../import/scenarios';
import type { ReadModule } from '../reader/module';
import { attribute, type XmlElement } from '../xml-tree';

export interface SetupPlaces {
  /** An at-start stack's hex, and its name (`stack`) where it tells the stack apart from its place. */
  atStart(stack: XmlElement, ancestors: readonly XmlElement[]): { hex?: string; stack?: string };
  /** The hex of each position of a saved game (whose commands may lay out boards of their own). */
  savedHexes(commands: readonly string[]): (mapId: string, x: number, y: number) => string | undefined;
}

export async function setupPlaces(module: ReadModule): Promise<SetupPlaces> {
  const { maps, geometry } = await moduleMapGeometry(module);
  const locator = new Locator(geometry, maps);
  const mapIds = new Map(maps.map((m) => [m.element, m.id]));
  const stacks = new Map<XmlElement, { hex?: string; stack?: string }>();
  return {
    atStart(stack, ancestors) {
      let place = stacks.get(stack);
      if (place) return place;
      const where = locator.atSetupStack(mapIdOf(ancestors, mapIds) ?? '', stack);
      place =
        'problem' in where
          ? {}
          : {
              ...('hex' in where ? { hex: where.hex } : {}),
              ...(namedApart(stack, where, locator) ? { stack: attribute(stack, 'name') } : {}),
            };
      stacks.set(stack, place);
      return place;
    },
    savedHexes(commands) {
      const locate = savedGameLocate(locator, commands);
      return (mapId, x, y) => {
        const where = locate(mapId, { x, y });
        return 'hex' in where ? where.hex : undefined;
      };
    },
  };
}
