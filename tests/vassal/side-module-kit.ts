/** Hand-made buildFile parts for the tests of where a unit's side is read, and the sides read. */
import type { ImportResult } from '../../src/vassal/import/import-module';
import { encodePiece } from '../../src/vassal/piece';
import { buildBasicPiece, buildUsePrototype, type Trait } from '../../src/vassal/traits/index';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A piece definition as a buildFile holds it (XML-escaped). */
export const piece = (traits: Trait[]) => xmlText(encodePiece({ id: 'null', traits }));

/** A prototype of the given traits. */
export const prototype = (name: string, traits: Trait[] = []) =>
  `<VASSAL.build.module.PrototypeDefinition name="${name}">${piece([...traits, buildBasicPiece({ name: '' })])}</VASSAL.build.module.PrototypeDefinition>`;

/** A named piece using one prototype, or none. */
export const pieceOf = (name: string, gpid: number, prototypeName?: string) =>
  piece([...(prototypeName ? [buildUsePrototype(prototypeName)] : []), buildBasicPiece({ name, gpid })]);

/** A palette slot of such a piece. */
export const slot = (name: string, gpid: number, prototypeName?: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}">${pieceOf(name, gpid, prototypeName)}</VASSAL.build.widget.PieceSlot>`;

/** Each unit's side id by unit id, from units.csv. */
export function unitSides(result: ImportResult): Record<string, string> {
  const rows = (result.files.get('units.csv') as string)
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  return Object.fromEntries(rows.map((r) => [r[0], r[1]]));
}
