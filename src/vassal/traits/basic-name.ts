/**
 * Basic Name `basicName;` (VASSAL 3.6+): names the piece. Type: name. State: "". Its name answers
 * the property BasicName, and BasicPiece.getName() reads that property from the outermost trait,
 * so the outermost Basic Name gives the piece its name, $BasicName$ and the base of $PieceName$.
 * Any trait answering that property does the same (VASSAL 3.7.26: a Marker, Dynamic Property or
 * Text Label of that name returns its value from getProperty before passing the name inward).
 */
import { fieldCodec, type FieldValues } from './trait';

export const BASIC_NAME_ID = 'basicName;';

/** The property BasicPiece.getName() asks the outermost trait for (BasicPiece.BASIC_NAME). */
export const BASIC_NAME_PROPERTY = 'BasicName';

export const basicNameType = fieldCodec(BASIC_NAME_ID, ['name'] as const);
export type BasicNameType = FieldValues<(typeof basicNameType.names)[number]>;
