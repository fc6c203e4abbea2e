/**
 * ReportState / Report Action `report;` (format reference §3.4). `keys` is a `,`-list of
 * keystrokes, so each keystroke's own comma is escaped (`70\,130,68\,130`).
 * State: the cycle index (usually `-1` or "").
 */
import { decodeList, encodeList, fieldCodec, type FieldValues, type Trait } from './trait';

export const REPORT_STATE_ID = 'report;';

export const reportStateType = fieldCodec(REPORT_STATE_ID, [
  'keys',
  'reportFormat',
  'cycleDownKeys',
  'cycleReportFormats',
  'description',
  'noSuppress',
] as const);
export type ReportStateType = FieldValues<(typeof reportStateType.names)[number]>;

export function reportKeys(type: ReportStateType): string[] {
  return type.keys ? decodeList(type.keys) : [];
}

export interface ReportStateOptions {
  /** Keystrokes `code,modifiers` that trigger the report. */
  keys: readonly string[];
  /** Message format, e.g. `$location$: $newPieceName$ *`. */
  reportFormat: string;
  description?: string;
}

export function buildReportState(options: ReportStateOptions): Trait {
  return {
    type: reportStateType.encode({
      keys: encodeList(options.keys),
      reportFormat: options.reportFormat,
      cycleDownKeys: '',
      cycleReportFormats: '',
      description: options.description ?? '',
      noSuppress: 'false',
    }),
    state: '',
  };
}
