/**
 * vassal/import.json's text → the sidecar index (./sidecar.ts), of the format written now or of
 * the one before, which holds its units' records as they are read; or what is wrong with it.
 */
import { SIDECAR_FORMAT, SIDECAR_FORMAT_RECORDS, SIDECAR_INDEX, type SidecarFile, type SidecarIndex } from './sidecar';
import { sidecarUnitRecords } from './sidecar-units';

export type SidecarReading = { index: SidecarIndex } | { problem: string; hint: string };

const IMPORT_AGAIN = 'import the module again (`hexforge import <module> --out <folder>`) to write it anew';

export function parseSidecarIndex(text: string | Uint8Array): SidecarReading {
  let parsed: Partial<SidecarFile> | Partial<SidecarIndex> | null;
  try {
    parsed = JSON.parse(typeof text === 'string' ? text : new TextDecoder().decode(text)) as typeof parsed;
  } catch (error) {
    return { problem: `${SIDECAR_INDEX} is not JSON (${(error as Error).message})`, hint: IMPORT_AGAIN };
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.module?.entries))
    return { problem: `${SIDECAR_INDEX} is not an import's index (it lists no module entries)`, hint: IMPORT_AGAIN };
  if (parsed.format === SIDECAR_FORMAT_RECORDS) {
    if (typeof parsed.units !== 'object' || parsed.units === null)
      return { problem: `${SIDECAR_INDEX} has no units' records`, hint: IMPORT_AGAIN };
    return { index: parsed as SidecarIndex };
  }
  if (parsed.format !== SIDECAR_FORMAT)
    return {
      problem: `${SIDECAR_INDEX} has an unknown format (${JSON.stringify(parsed.format)}; this Hexforge reads formats ${SIDECAR_FORMAT_RECORDS} and ${SIDECAR_FORMAT})`,
      hint: `${IMPORT_AGAIN}, or use the Hexforge that imported it`,
    };
  const units = sidecarUnitRecords(parsed.units);
  if (typeof units === 'string') return { problem: `${SIDECAR_INDEX}: ${units}`, hint: IMPORT_AGAIN };
  return { index: { ...(parsed as SidecarFile), units } };
}
