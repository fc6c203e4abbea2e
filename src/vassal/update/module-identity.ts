/**
 * The module's name and version set to the data's title and version (game.json), as VASSAL's
 * editor saves them: the buildFile root's `name` and `version` attributes, which the GameModule
 * reads (a saved game's module check compares them), and moduledata's `<name>` and `<version>`,
 * which the Module Manager shows before the module is opened. Each is edited in its own text. Pure.
 */
import type { ReadModule } from '../reader/module';
import { attribute, walkElements, type XmlElement } from '../xml-tree';
import { componentLabel } from './component-path';
import type { DataChanges } from './data-changes';
import type { AppliedChange } from './applied-change';
import { editableXml } from './xml-bytes';
import { applyEdits, attributeEdit, elementSpans, textEdit, type ElementSpan, type RawEdit } from './xml-spans';

/** Where each carried field stands: the root attribute and the moduledata element. */
const FIELDS = [
  { key: 'title', attribute: 'name', element: 'name', source: 'the module name' },
  { key: 'version', attribute: 'version', element: 'version', source: 'the module version' },
] as const;

export interface IdentityEdits {
  /** Edits of the buildFile's text. */
  edits: RawEdit[];
  /** moduledata with its elements set, when it has them. */
  metadata?: { entry: string; bytes: Uint8Array };
  applied: AppliedChange[];
  problems: Array<{ message: string; hint?: string }>;
}

/** The edits of the module's name and version; `rootSpan`: the buildFile root's span in `xml`. */
export function moduleIdentityEdits(
  xml: string,
  rootSpan: ElementSpan,
  buildFile: string,
  entries: ReadonlyMap<string, Uint8Array>,
  module: ReadModule,
  changes: Pick<DataChanges, 'title' | 'version'>,
): IdentityEdits {
  const result: IdentityEdits = { edits: [], applied: [], problems: [] };
  const fields = FIELDS.flatMap((field) => {
    const change = changes[field.key];
    return change ? [{ ...field, change }] : [];
  });
  if (fields.length === 0) return result;
  const metadata = metadataEdits(
    entries,
    module,
    fields.map((f) => ({ element: f.element, value: f.change.after })),
  );
  if (metadata) result.metadata = { entry: metadata.entry, bytes: metadata.bytes };
  for (const { key, attribute: name, element, source, change } of fields) {
    const edit = attribute(module.root, name) !== undefined ? attributeEdit(xml, rootSpan, name, change.after) : undefined;
    const record: AppliedChange = { subject: key, ...change, source, places: [] };
    if (edit) {
      result.edits.push(edit);
      record.places.push({ entry: buildFile, where: componentLabel(module.root), what: `attribute ${name}`, ...change });
    }
    if (metadata?.edited.has(element)) record.places.push({ entry: metadata.entry, where: 'data', what: element, ...change });
    if (key === 'title' && record.places.length === 0) result.problems.push({ message: 'the module states no name to change' });
    // The version VASSAL reads is the root's: moduledata's alone would leave it as it was.
    if (key === 'version' && !edit)
      result.problems.push({
        message: `${buildFile} states no version (its root has no \`version\` attribute); the module's version cannot be set where VASSAL reads it`,
        hint: "set the version in VASSAL's editor (the module's properties), save, and import the module again",
      });
    result.applied.push(record);
  }
  return result;
}

/**
 * moduledata with the first element of each name set to its value, edited in its text (`<name>`:
 * the one without `lang`, the module's own name); undefined without moduledata or those elements.
 */
function metadataEdits(
  entries: ReadonlyMap<string, Uint8Array>,
  module: ReadModule,
  values: ReadonlyArray<{ element: string; value: string }>,
): { entry: string; bytes: Uint8Array; edited: Set<string> } | undefined {
  const entry = 'moduledata';
  const bytes = entries.get(entry);
  if (!bytes || !module.metadata) return undefined;
  const editable = editableXml(bytes);
  if (!editable) return undefined;
  const xml = editable.text;
  const targets = new Map<number, { element: XmlElement; value: string; name: string }>();
  let i = 0;
  for (const el of walkElements(module.metadata)) {
    const wanted = values.find((v) => v.element === el.name);
    const taken = [...targets.values()].some((t) => t.name === el.name);
    if (wanted && !taken && !(el.name === 'name' && el.attributes.some(([k]) => k === 'lang')))
      targets.set(i, { element: el, value: wanted.value, name: el.name });
    i++;
  }
  if (targets.size === 0) return undefined;
  const spans = elementSpans(xml, new Set(targets.keys()));
  const edits: RawEdit[] = [];
  const edited = new Set<string>();
  for (const [index, { element, value, name }] of targets) {
    const span = spans.get(index)!;
    // An empty element written `<version/>` has no text to edit in place.
    if (xml.slice(span.tagStart, span.tagEnd).endsWith('/>')) continue;
    const edit = textEdit(xml.slice(span.tagEnd, span.textEnd), span.tagEnd, element.text ?? '', value);
    if (!edit) continue;
    edits.push(edit);
    edited.add(name);
  }
  if (edits.length === 0) return undefined;
  return { entry, bytes: editable.encode(applyEdits(xml, edits)), edited };
}
