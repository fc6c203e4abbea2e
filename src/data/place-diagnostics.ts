/**
 * Generators report problems in data terms: `units.csv/<unit id>/<field>`, or a file name followed
 * by ids (`counters.json/markers/<marker id>/count`). This turns such a reference into the file,
 * line, column and JSON pointer of the authored data, so every diagnostic points where to edit.
 */
import type { Diagnostic } from '../diagnostics';
import { escapePointer, locate } from './json-source';
import { FILE_NAMES, type ParsedGame } from './parse-game';
import type { FileKind } from './schemas';
import { locateCsvCell } from './units-csv';
import { partOfPointer } from './scenario-parts';

const KIND_OF_FILE = new Map<string, FileKind>(Object.entries(FILE_NAMES).map(([kind, name]) => [name, kind as FileKind]));

export function placeDiagnostic(d: Diagnostic, parsed: ParsedGame, fileOf: (kind: FileKind) => string): Diagnostic {
  if (d.file !== undefined || d.pointer === undefined) return d;
  const [fileName, ...segments] = d.pointer.split('/');
  const kind = KIND_OF_FILE.get(fileName);
  if (!kind) return d;
  const file = fileOf(kind);
  if (kind === 'units') {
    const row = parsed.units ? indexOfId(parsed.units, segments[0]) : -1;
    if (row < 0 || !parsed.csv) return { ...d, file };
    const pointer = `/${row}${segments[1] !== undefined ? `/${escapePointer(segments[1])}` : ''}`;
    return { ...d, file, pointer, ...locateCsvCell(parsed.csv, pointer) };
  }
  const source = parsed.json[kind];
  if (!source) return { ...d, file };
  // Walk the value: a segment naming an id inside an array becomes that element's index.
  // Scenarios spread over several files are walked as the one list they make.
  let node: unknown = kind === 'scenarios' && parsed.scenarioParts && parsed.scenarios ? parsed.scenarios : source.value;
  const parts: string[] = [];
  for (const segment of segments) {
    if (Array.isArray(node)) {
      const index = /^\d+$/.test(segment) ? Number(segment) : indexOfId(node, segment);
      if (index < 0 || index >= node.length) break;
      parts.push(String(index));
      node = node[index];
    } else if (node !== null && typeof node === 'object' && segment in node) {
      parts.push(escapePointer(segment));
      node = (node as Record<string, unknown>)[segment];
    } else break;
  }
  const pointer = parts.length > 0 ? `/${parts.join('/')}` : '';
  if (kind === 'scenarios' && parsed.scenarioParts) {
    const inPart = partOfPointer(parsed.scenarioParts, pointer);
    return { ...d, file: inPart.source.file, pointer: inPart.pointer, ...locate(inPart.source, inPart.pointer) };
  }
  return { ...d, file, pointer, ...locate(source, pointer) };
}

/** Each array's ids indexed once, so placing thousands of diagnostics stays linear. */
const idIndexes = new WeakMap<readonly unknown[], Map<unknown, number>>();

function indexOfId(array: readonly unknown[], id: string): number {
  let index = idIndexes.get(array);
  if (!index) {
    index = new Map();
    for (let i = array.length - 1; i >= 0; i--) index.set((array[i] as { id?: unknown } | null)?.id, i);
    idIndexes.set(array, index);
  }
  return index.get(id) ?? -1;
}
