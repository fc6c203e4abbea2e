/**
 * Palette slots that Place Marker and Replace traits name by component path
 * (`…/VASSAL.build.widget.PieceSlot:<entryName>`, as VASSAL's ComponentPathBuilder writes it).
 * VASSAL finds the piece such a trait puts down by that path alone (PlaceMarker.createBaseMarker),
 * and an unresolved path puts down a blank piece: a slot named so must keep its label.
 */
import type { DefinitionRecord } from '../reader/module';
import { decodeSequence } from '../sequence-encoder';
import { traitId } from '../traits/trait';

const PLACING_TRAITS = new Set(['placemark;', 'replace;']);
const PIECE_SLOT = 'VASSAL.build.widget.PieceSlot';
/** BasicCommandEncoder.ADD: the marker is defined in the trait itself, not found by a path. */
const DEFINED_IN_PLACE = '+/';
/** The markerSpec's field in a Place Marker or Replace type (after the id, the menu text and the key). */
const MARKER_SPEC_FIELD = 3;

/** The entryNames of the PieceSlots the definitions' Place Marker and Replace traits name by path. */
export function slotNamesInMarkerPaths(definitions: readonly DefinitionRecord[]): Set<string> {
  const names = new Set<string>();
  for (const def of definitions)
    for (const trait of def.piece.traits) {
      if (!PLACING_TRAITS.has(traitId(trait.type))) continue;
      const spec = decodeSequence(trait.type, ';')[MARKER_SPEC_FIELD];
      if (spec === undefined || spec === '' || spec === 'null' || spec.startsWith(DEFINED_IN_PLACE)) continue;
      const parts = decodeSequence(spec, '/');
      const [className, name] = decodeSequence(parts[parts.length - 1], ':');
      if (className === PIECE_SLOT && name !== undefined) names.add(name);
    }
  return names;
}
