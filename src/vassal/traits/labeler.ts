/**
 * Labeler / Text Label `label;` (format reference §3.4). Positions and justifications are
 * `t`/`b`/`c` and `l`/`r`/`c`. State: the label text.
 */
import { fieldCodec, type FieldValues } from './trait';

export const LABELER_ID = 'label;';

export const labelerType = fieldCodec(LABELER_ID, [
  'labelKey',
  'menuCommand',
  'fontSize',
  'bgColor',
  'fgColor',
  'vPos',
  'vOff',
  'hPos',
  'hOff',
  'vJust',
  'hJust',
  'nameFormat',
  'fontFamily',
  'fontStyle',
  'rotateDegrees',
  'propertyName',
  'description',
  'alwaysUseFormat',
] as const);
export type LabelerType = FieldValues<(typeof labelerType.names)[number]>;
