/** vassal/import.json's text read as update, roundtrip and verify read it (src/vassal/import/sidecar-read.ts). */
import type { SidecarIndex } from '../../src/vassal/import/sidecar';
import { parseSidecarIndex } from '../../src/vassal/import/sidecar-read';

export function sidecarOf(text: string | Uint8Array): SidecarIndex {
  const read = parseSidecarIndex(text);
  if ('problem' in read) throw new Error(read.problem);
  return read.index;
}
