/**
 * Module equivalence: what a round trip must preserve. Two modules are equivalent when they have
 * the same entries; their buildFiles have the same components in the same order with the same
 * attributes (order of attributes aside) and text, piece definitions compared after decoding
 * (trait by trait, type and state); their saved games hold the same commands; and every other
 * entry (images, moduledata aside, help files) has the same bytes.
 */
import { decodePiece } from '../piece';
import { DEFINITION_ELEMENTS, readModuleSave, type ReadModule } from '../reader/module';
import { imagesVassalLacks } from '../vassal-images';
import { ArchiveEntries } from '../reader/zip-file';
import { traitId } from '../traits/index';
import { attribute, type XmlElement } from '../xml-tree';

export interface ModuleDifference {
  /** Entry name, then a component path inside the buildFile when it is about the buildFile. */
  where: string;
  message: string;
}

export interface ModuleComparison {
  differences: ModuleDifference[];
  /** Images the original refers to but does not contain (reported, not a difference). */
  missingImages: string[];
}

function label(el: XmlElement, index: number): string {
  const name = attribute(el, 'entryName') ?? attribute(el, 'name') ?? attribute(el, 'mapName');
  return `${el.name.split('.').pop()}${name ? `[${name}]` : `#${index}`}`;
}

function compareDefinitions(a: string, b: string, where: string, out: ModuleDifference[]): void {
  const da = decodePiece(a.trim()).piece;
  const db = decodePiece(b.trim()).piece;
  if (!da || !db) {
    if (a.trim() !== b.trim()) out.push({ where, message: 'piece definition text differs' });
    return;
  }
  if (da.id !== db.id) out.push({ where, message: `piece id "${da.id}" became "${db.id}"` });
  if (da.traits.length !== db.traits.length) {
    out.push({ where, message: `${da.traits.length} traits became ${db.traits.length}` });
    return;
  }
  da.traits.forEach((t, i) => {
    const u = db.traits[i];
    if (t.type !== u.type)
      out.push({
        where,
        message: `trait ${i + 1} (${traitId(t.type)}) type differs: ${JSON.stringify(t.type.slice(0, 80))} vs ${JSON.stringify(u.type.slice(0, 80))}`,
      });
    if (t.state !== u.state)
      out.push({
        where,
        message: `trait ${i + 1} (${traitId(t.type)}) state differs: ${JSON.stringify(t.state.slice(0, 80))} vs ${JSON.stringify(u.state.slice(0, 80))}`,
      });
  });
}

export function compareTrees(a: XmlElement, b: XmlElement, where: string, out: ModuleDifference[]): void {
  if (a.name !== b.name) {
    out.push({ where, message: `component <${a.name}> became <${b.name}>` });
    return;
  }
  const attrsA = new Map(a.attributes);
  const attrsB = new Map(b.attributes);
  for (const [k, v] of attrsA) {
    if (!attrsB.has(k)) out.push({ where, message: `attribute ${k} lost` });
    else if (attrsB.get(k) !== v)
      out.push({ where, message: `attribute ${k}: ${JSON.stringify(v)} became ${JSON.stringify(attrsB.get(k))}` });
  }
  for (const k of attrsB.keys()) if (!attrsA.has(k)) out.push({ where, message: `attribute ${k} added` });
  if (DEFINITION_ELEMENTS.has(a.name)) compareDefinitions(a.text ?? '', b.text ?? '', where, out);
  else if ((a.text ?? '').trim() !== (b.text ?? '').trim())
    out.push({
      where,
      message: `text ${JSON.stringify((a.text ?? '').slice(0, 60))} became ${JSON.stringify((b.text ?? '').slice(0, 60))}`,
    });
  const n = Math.max(a.children.length, b.children.length);
  for (let i = 0; i < n; i++) {
    const ca = a.children[i];
    const cb = b.children[i];
    if (!cb) out.push({ where: `${where}/${label(ca, i)}`, message: 'component lost' });
    else if (!ca) out.push({ where: `${where}/${label(cb, i)}`, message: 'component added' });
    else compareTrees(ca, cb, `${where}/${label(ca, i)}`, out);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return (
    a.byteLength === b.byteLength &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))
  );
}

export async function compareModules(original: ReadModule, copy: ReadModule): Promise<ModuleComparison> {
  const differences: ModuleDifference[] = [];
  if (original.buildFileName !== copy.buildFileName)
    differences.push({ where: copy.buildFileName, message: `the buildFile entry was ${original.buildFileName}` });
  compareTrees(original.root, copy.root, original.buildFileName, differences);
  if (original.metadata || copy.metadata) {
    if (!original.metadata || !copy.metadata) differences.push({ where: 'moduledata', message: original.metadata ? 'lost' : 'added' });
    else compareTrees(original.metadata, copy.metadata, 'moduledata', differences);
  }
  for (const name of original.files.keys()) {
    if (!copy.files.has(name)) {
      differences.push({ where: name, message: 'entry lost' });
      continue;
    }
    // Identical bytes hold identical contents: a save is decoded only when its bytes changed. Two
    // archives on disk are compared as packed, in blocks, so the art is never read whole.
    if (original.files instanceof ArchiveEntries && copy.files instanceof ArchiveEntries && original.files.packedAlike(name, copy.files))
      continue;
    if (sameBytes(original.files.get(name)!, copy.files.get(name)!)) continue;
    // One pair of saves at a time, dropped after the comparison.
    const saveA = await readModuleSave(original, name);
    const saveB = saveA ? await readModuleSave(copy, name) : undefined;
    if (saveA && saveB) {
      if (saveA.commands.length !== saveB.commands.length || saveA.commands.some((c, i) => c !== saveB.commands[i])) {
        differences.push({ where: name, message: 'saved game commands differ' });
      }
    } else if (name === 'moduledata' || name === 'extensiondata') {
      // Compared as trees above.
    } else differences.push({ where: name, message: 'bytes differ' });
  }
  for (const name of copy.files.keys()) if (!original.files.has(name)) differences.push({ where: name, message: 'entry added' });
  const missingImages = imagesVassalLacks(original);
  return { differences, missingImages };
}
