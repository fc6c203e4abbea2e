/**
 * Components a module builds from Java classes of its own. VASSAL builds each buildFile element by
 * loading the class its tag names (VASSAL.build.Builder.create), from VASSAL's jar first, then from
 * the module's archive: an element naming no class of VASSAL's jar (`<BBCounterFactory/>`,
 * `<com.example.Foo/>`) is built by code the module brings, which may make its pieces, menus or
 * maps. Hexforge keeps such an element in the module it updates or round-trips, byte for byte, but
 * cannot make anything of it from the data. Pure.
 */
import type { Diagnostic } from '../../diagnostics';
import { entryLocation, positionOf } from '../reader/xml';
import type { DefinitionRecord, ReadModule } from '../reader/module';
import { isVassalTraitId } from '../piece';
import { VASSAL_CLASSES_BY_PACKAGE } from '../vassal-classes';
import { attribute, type XmlElement } from '../xml-tree';

/** The VASSAL release whose jar ../vassal-classes.ts lists. */
const VASSAL_RELEASE = '3.7.26';

let vassalClasses: ReadonlySet<string> | undefined;

/** Whether VASSAL's own jar holds the class `name` (a fully qualified name). */
export function isVassalClass(name: string): boolean {
  if (!vassalClasses) {
    const names = new Set<string>();
    for (const [pkg, classes] of Object.entries(VASSAL_CLASSES_BY_PACKAGE)) for (const c of classes.split(' ')) names.add(`${pkg}.${c}`);
    vassalClasses = names;
  }
  return vassalClasses.has(name);
}

/**
 * Children a component reads itself rather than building them as components: every child of the
 * player roster (its sides), the global options' `option`s, the board picker's `setup`.
 */
function readByParent(parent: XmlElement, child: XmlElement): boolean {
  switch (parent.name) {
    case 'VASSAL.build.module.PlayerRoster':
      return true;
    case 'VASSAL.build.module.GlobalOptions':
      return child.name === 'option';
    case 'VASSAL.build.module.map.BoardPicker':
      return child.name === 'setup';
    default:
      return false;
  }
}

/** The outermost elements naming a class VASSAL does not ship, in document order (the module's own code builds what they hold). */
export function customComponents(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  // Pre-order: each element with its parent, children pushed last-first.
  const stack: Array<[XmlElement, XmlElement]> = [];
  const pushChildren = (el: XmlElement) => {
    for (let i = el.children.length - 1; i >= 0; i--) stack.push([el.children[i], el]);
  };
  pushChildren(root);
  while (stack.length > 0) {
    const [el, parent] = stack.pop()!;
    if (readByParent(parent, el)) continue;
    if (isVassalClass(el.name)) pushChildren(el);
    else out.push(el);
  }
  return out;
}

/** The archive entry a class's bytecode is in (`com/example/Foo.class`). */
const classEntry = (name: string) => `${name.replaceAll('.', '/')}.class`;

/** Where a diagnostic about the module's buildFile points: the file, and whether its elements' positions are that file's. */
function buildFilePlace(module: ReadModule): { file: string; located: boolean } {
  // Positions are the module's buildFile's only when no extension was grafted into its tree.
  const located = module.buildFileBytes !== undefined;
  return { file: located ? entryLocation(module.source, module.buildFileName, module.folder) : module.source, located };
}

/** One warning per class the module's components need of its own code, at its first element (in the extension's file when the extension added it). */
export function customClassWarnings(module: ReadModule): Diagnostic[] {
  const { file, located } = buildFilePlace(module);
  const byClass = new Map<string, XmlElement[]>();
  for (const el of customComponents(module.root)) {
    const list = byClass.get(el.name);
    if (list) list.push(el);
    else byClass.set(el.name, [el]);
  }
  const diagnostics: Diagnostic[] = [];
  for (const [name, elements] of byClass) {
    const first = elements[0];
    // An element an extension added names the extension's buildFile itself (a FiledElement), grafted or not.
    const position = positionOf(first);
    const grafted = position?.file !== undefined;
    const at = located || grafted ? position : undefined;
    const holder = grafted ? 'the extension' : 'the module';
    const own = attribute(first, 'name');
    const label = own ? ` "${own}"` : '';
    const count = elements.length > 1 ? ` (${elements.length} elements)` : '';
    const held = module.files.has(classEntry(name))
      ? `${holder} holds ${classEntry(name)}`
      : `${holder} does not hold ${classEntry(name)}, so VASSAL fails to build it: "failed to load class ${name}"`;
    diagnostics.push({
      code: 'vassal/custom-class',
      severity: 'warning',
      message: `component <${name}>${label}${count} is no class of VASSAL ${VASSAL_RELEASE}: VASSAL builds it from ${grafted ? "the extension's" : "the module's"} own Java classes (${held}), and Hexforge reads nothing of it; roundtrip and update keep it byte for byte, a module built from the data (build --only vassal) drops it`,
      hint: 'keep the module up to date with hexforge update <module> <game folder>, which keeps the component and its classes; do not rebuild the module from the data',
      file,
      ...(at ?? {}),
    });
  }
  return diagnostics;
}

/**
 * One warning per trait id VASSAL does not build (a decorator of the module's own command encoder,
 * "AircraftSheet;…"), at the first definition holding it: VASSAL's BasicCommandEncoder makes no such
 * trait, so only the module's own code builds those pieces.
 */
export function customTraitWarnings(module: ReadModule): Diagnostic[] {
  const holders = new Map<string, DefinitionRecord[]>();
  for (const def of module.definitions)
    for (const trait of def.decoded) {
      if (trait.kind !== 'unknown' || isVassalTraitId(trait.id)) continue;
      const list = holders.get(trait.id);
      if (!list) holders.set(trait.id, [def]);
      else if (list.at(-1) !== def) list.push(def);
    }
  if (holders.size === 0) return [];
  const { file, located } = buildFilePlace(module);
  const own = [...new Set(customComponents(module.root).map((el) => `<${el.name}>`))];
  const builder =
    own.length > 0
      ? `the module's own components: ${own.join(', ')}`
      : 'the module has no component of its own, so VASSAL cannot build it: "GamePiece - couldn\'t build piece"';
  return [...holders].map(([id, defs]) => {
    const first = defs[0];
    const position = positionOf(first.element);
    const label =
      first.kind === 'prototype'
        ? `prototype "${attribute(first.element, 'name') ?? ''}"`
        : `piece "${attribute(first.element, 'entryName') ?? ''}"`;
    const others = defs.length > 1 ? ` and ${defs.length - 1} other definition(s)` : '';
    return {
      code: 'vassal/custom-trait',
      severity: 'warning',
      message: `trait "${id.replace(/;$/, '')}" of ${label}${others} is no trait of VASSAL ${VASSAL_RELEASE}: only a command encoder of the module's own Java classes builds such a piece (${builder}), and Hexforge reads nothing of the trait; roundtrip and update keep it byte for byte, a module built from the data (build --only vassal) drops it`,
      hint: 'keep the module up to date with hexforge update <module> <game folder>, which keeps the trait and the classes that build it; do not rebuild the module from the data',
      file,
      ...(located || position?.file !== undefined ? position : {}),
    };
  });
}
