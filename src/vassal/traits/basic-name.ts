/**
 * Basic Name `basicName;` (VASSAL 3.6+): names the piece. Type: name. State: "". Its name answers
 * the property BasicName, and BasicPiece.getName() reads that property from the outermost trait,
 * so the outermost Basic Name gives the piece its name, $BasicName$ and the base of $PieceName$.
 */
import { fieldCodec, type FieldValues } from './trait';

export const BASIC_NAME_ID = 'basicName;';

export const basicNameType = fieldCodec(BASIC_NAME_ID, ['name'] as const);
export type BasicNameType = FieldValues<(typeof basicNameType.names)[number]>;
