/**
 * Prototypes a module's pieces use but does not define. VASSAL says nothing of them: its
 * UsePrototype finds no definition (PrototypesContainer.getPrototype gives null) and stands for no
 * trait, so the piece lacks every trait the author meant it to take from there (a misspelt name is
 * enough). One warning per name, at the first element using it. Pure.
 */
import type { Diagnostic } from '../../diagnostics';
import type { DefinitionRecord, ReadModule } from '../reader/module';
import { entryLocation, positionOf } from '../reader/xml';
import { attribute, type XmlElement } from '../xml-tree';

/** A definition's label: a palette slot's entry name, or the prototype's name. */
function labelOf(def: DefinitionRecord): string {
  return attribute(def.element, def.kind === 'prototype' ? 'name' : 'entryName') ?? '';
}

export function unknownPrototypeWarnings(
  module: Pick<ReadModule, 'definitions' | 'source' | 'buildFileName' | 'folder' | 'buildFileBytes'>,
): Diagnostic[] {
  const defined = new Set(module.definitions.filter((d) => d.kind === 'prototype').map((d) => attribute(d.element, 'name') ?? ''));
  const users = new Map<string, DefinitionRecord[]>();
  for (const def of module.definitions) {
    for (const trait of def.decoded) {
      if (trait.kind !== 'usePrototype') continue;
      const name = trait.type.prototypeName ?? '';
      if (defined.has(name)) continue;
      const list = users.get(name);
      if (!list) users.set(name, [def]);
      else if (list.at(-1) !== def) list.push(def);
    }
  }
  // Positions are the module's buildFile's only when no extension was grafted into its tree; an
  // element the extension added names the extension's file itself.
  const located = module.buildFileBytes !== undefined;
  const file = located ? entryLocation(module.source, module.buildFileName, module.folder) : module.source;
  const at = (el: XmlElement) => {
    const position = positionOf(el);
    return located || position?.file !== undefined ? position : {};
  };
  return [...users].map(([name, defs]) => {
    const first = defs[0];
    const others = defs.length > 1 ? ` and ${defs.length - 1} other definition(s)` : '';
    const what = first.kind === 'prototype' ? 'prototype' : 'piece';
    return {
      code: 'vassal/unknown-prototype',
      severity: 'warning',
      message: `${what} "${labelOf(first)}"${others} use(s) the prototype "${name}", which the module does not define: VASSAL leaves that trait out without a word, so none of the traits meant to come from it are there (nor read here)`,
      hint: `correct the name in the piece's Prototype trait to a prototype the module defines, or define a prototype named "${name}"`,
      file,
      ...at(first.element),
    };
  });
}
