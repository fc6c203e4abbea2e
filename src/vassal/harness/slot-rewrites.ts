/**
 * What VASSAL itself does to a palette piece before it writes it again, so that a re-encoding that
 * differs only by that is no fault of the module. Pure.
 *
 * `PieceSlot.getPiece` decodes the stored text, sets the BasicPiece's state, takes the piece off any
 * map, moves it to the centre of the slot's panel and gives it the slot's gpid; `BasicPiece.getState`
 * then writes every field (`mapId;x;y;gpid;count;key;value…`). A map, a position or a gpid in the
 * stored state is therefore never kept by VASSAL, whatever the module says.
 */
import { decodePiece, encodePiece, type PieceDefinition } from '../piece';
import { BASIC_PIECE_ID, basicPieceState, decodeBasicPieceState } from '../traits/basic-piece';
import { traitId, type Trait } from '../traits/trait';
import { upgradeOldForms } from './old-forms';

/** The map id `BasicPiece.getState` writes for a piece on no map. */
const NO_MAP = 'null';

/**
 * A BasicPiece state as the slot leaves it: off every map, at the position and with the gpid VASSAL's
 * re-encoding shows (the panel's centre and the slot's own gpid, both set by `getPiece`), and a
 * property count of 0 when the text stops before it. Fields the text has are kept as they are, so
 * one VASSAL reads with a default (a count that is no number) still differs.
 */
function slotBasicPieceState(stored: string, reencoded: string): string {
  const read = decodeBasicPieceState(stored);
  const vassals = decodeBasicPieceState(reencoded);
  return basicPieceState.encode({
    mapId: NO_MAP,
    x: vassals.x,
    y: vassals.y,
    gpid: vassals.gpid,
    propertyCount: read.propertyCount ?? '0',
    extra: read.extra,
  });
}

function withBasicPieceState(piece: PieceDefinition, state: string): PieceDefinition {
  const traits = [...piece.traits];
  traits[traits.length - 1] = { ...traits[traits.length - 1], state };
  return { id: piece.id, traits };
}

function decodedExactly(text: string): PieceDefinition | null {
  const { piece } = decodePiece(text);
  return piece !== null && encodePiece(piece) === text ? piece : null;
}

/**
 * The stored traits with the fields VASSAL adds after them: a trait of an older VASSAL lacks fields
 * later versions added (a 3.2 module's Clone, Immobilized, Return to Deck or Mask), which VASSAL
 * reads with their defaults and writes after the stored ones. Nothing the module stated changes, so
 * such a trait is taken as VASSAL writes it; any other difference stays.
 */
function withFieldsVassalAdds(stored: PieceDefinition, again: PieceDefinition): PieceDefinition {
  if (stored.traits.length !== again.traits.length) return stored;
  const traits = stored.traits.map((trait, i) => {
    const written = again.traits[i].type;
    const onlyAdds =
      written.length > trait.type.length &&
      written.startsWith(trait.type) &&
      written[trait.type.length] === ';' &&
      !trait.type.endsWith('\\');
    return onlyAdds ? { ...trait, type: written } : trait;
  });
  return { id: stored.id, traits };
}

/** The key codes `NamedKeyManager` allots named key strokes, in the order a session meets their names. */
const NAMED_KEY_CODES = { first: 0xe000, last: 0xf8fe };

/**
 * A key stroke "code,modifiers,name" at any depth of a trait chain: its two commas escaped alike,
 * so that in a list of strokes ("68\\,65,63743\\,0\\,Report") the list's commas part no stroke.
 */
const KEY_STROKE = /(?<!\d)(\d+)(\\*),(\d+)\2,([^\\,;:\t]+)/g;

/**
 * The stored text with the code and modifiers VASSAL gives each named key stroke: `NamedKeyStroke`
 * keeps only the name of a stroke that has one and takes the code `NamedKeyManager` allots that name
 * this session, with no modifiers (a 3.2 module's "63743,0,Report" is written "57373,0,Report").
 * Only names VASSAL's re-encoding shows with such a code are changed; a plain key stroke stays.
 */
function withVassalsNamedKeyCodes(definition: string, reencoded: string): string {
  const allotted = new Map<string, string>();
  for (const [, code, , modifiers, name] of reencoded.matchAll(KEY_STROKE)) {
    const n = Number(code);
    if (n >= NAMED_KEY_CODES.first && n <= NAMED_KEY_CODES.last && modifiers === '0') allotted.set(name, code);
  }
  if (allotted.size === 0) return definition;
  return definition.replace(KEY_STROKE, (stroke: string, _code: string, escape: string, _modifiers: string, name: string) => {
    const code = allotted.get(name);
    return code === undefined ? stroke : `${code}${escape},0${escape},${name}`;
  });
}

function innermost(piece: PieceDefinition): Trait {
  return piece.traits[piece.traits.length - 1];
}

/**
 * The stored text of a palette piece as VASSAL writes it back when nothing is wrong with it: old
 * trait forms upgraded, named key strokes with the codes VASSAL allots them, the fields later
 * versions added written after the stored ones, and its
 * BasicPiece off every map at the position and with the gpid VASSAL's own re-encoding gives it (the
 * slot panel's centre and the slot's gpid). The upgraded text alone when either text does not
 * decode, or they do not end in the same BasicPiece type.
 */
export function asVassalRewritesSlot(definition: string, reencoded: string): string {
  const upgraded = withVassalsNamedKeyCodes(upgradeOldForms(definition), reencoded);
  const decoded = decodedExactly(upgraded);
  const again = decodedExactly(reencoded);
  if (decoded === null || again === null) return upgraded;
  const stored = withFieldsVassalAdds(decoded, again);
  const basic = innermost(stored);
  if (traitId(basic.type) !== BASIC_PIECE_ID || innermost(again).type !== basic.type) return upgraded;
  return encodePiece(withBasicPieceState(stored, slotBasicPieceState(basic.state, innermost(again).state)));
}

/** Whether VASSAL's re-encoding of a palette piece is only its own rewrite of it: nothing lost or changed. */
export function isOnlyVassalsRewrite(definition: string, reencoded: string): boolean {
  return definition !== reencoded && asVassalRewritesSlot(definition, reencoded) === reencoded;
}
