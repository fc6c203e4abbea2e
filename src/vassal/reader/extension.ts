/**
 * A VASSAL module extension (.vmdx) applied to its base module's buildFile tree, as VASSAL loads it
 * (ModuleExtension, ExtensionElement, ComponentPathBuilder): each ExtensionElement's first child is
 * appended to the component its `target` path names, in document order, so a later target may name
 * a component an earlier element added. Pure: trees in, tree and diagnostics out.
 */
import type { Diagnostic } from '../../diagnostics';
import { decodeSequence } from '../sequence-encoder';
import { attribute, walkElements, type XmlElement } from '../xml-tree';
import { adoptChild, positionOf } from './xml';

export const EXTENSION_ROOT = 'VASSAL.build.module.ModuleExtension';
export const EXTENSION_ELEMENT = 'VASSAL.build.module.ExtensionElement';

/** What an extension's root says about itself and the module it extends. */
export interface ExtensionIdentity {
  /** The base module's name (`module`) and the version it was made against (`moduleVersion`). */
  baseName: string;
  baseVersion: string;
  version: string;
  description: string;
  /** `anyModule`: VASSAL loads the extension into any module. */
  universal: boolean;
}

export function extensionIdentity(root: XmlElement): ExtensionIdentity {
  return {
    baseName: attribute(root, 'module') ?? '',
    baseVersion: attribute(root, 'moduleVersion') ?? '',
    version: attribute(root, 'version') ?? '',
    description: attribute(root, 'description') ?? '',
    universal: attribute(root, 'anyModule') === 'true',
  };
}

/** The attribute VASSAL takes a component's configure name from, where it is not `name`. */
const NAME_ATTRIBUTE: Record<string, string> = {
  'VASSAL.build.module.Map': 'mapName',
  'VASSAL.build.module.PrivateMap': 'mapName',
  'VASSAL.build.module.PlayerHand': 'mapName',
  'VASSAL.build.widget.PieceSlot': 'entryName',
  'VASSAL.build.widget.CardSlot': 'entryName',
  'VASSAL.build.widget.TabWidget': 'entryName',
  'VASSAL.build.widget.ListWidget': 'entryName',
  'VASSAL.build.widget.PanelWidget': 'entryName',
  'VASSAL.build.widget.BoxWidget': 'entryName',
  'VASSAL.build.widget.MapWidget': 'entryName',
  'VASSAL.build.widget.Chart': 'chartName',
  'VASSAL.build.widget.HtmlChart': 'chartName',
  'VASSAL.build.module.ToolbarMenu': 'description',
  'VASSAL.build.module.map.CounterDetailViewer': 'description',
  'VASSAL.build.module.documentation.AboutScreen': 'title',
  'VASSAL.build.module.documentation.HelpFile': 'title',
  'VASSAL.build.module.documentation.BrowserHelpFile': 'title',
  'VASSAL.build.module.SpecialDieFace': 'text',
};

const SETUP_STACK = 'VASSAL.build.module.map.SetupStack';
const PIECE_WINDOW = 'VASSAL.build.module.PieceWindow';

/** A component's configure name as VASSAL's `getConfigureName` gives it (undefined for null). */
export function configureName(el: XmlElement): string | undefined {
  if (el.name === PIECE_WINDOW) return attribute(el, 'name') ?? attribute(el, 'entryName');
  if (el.name === SETUP_STACK) return setupStackName(el);
  return attribute(el, NAME_ATTRIBUTE[el.name] ?? 'name');
}

/** A SetupStack names itself "name - first named child - where": its grid location, or "(x,y)" (100 by default). */
function setupStackName(el: XmlElement): string {
  const where =
    attribute(el, 'useGridLocation') === 'true'
      ? attribute(el, 'location')
      : `(${attribute(el, 'x') ?? '100'},${attribute(el, 'y') ?? '100'})`;
  const firstNamed = el.children.map(configureName).find((n) => n !== undefined && n !== '');
  return [attribute(el, 'name'), firstNamed, where].filter((p) => p !== undefined && p !== '').join(' - ');
}

export interface PathStep {
  className: string;
  /** undefined: the step names no configure name (matches a component whose name is null). */
  name?: string;
}

function parsePath(target: string): PathStep[] {
  if (target === '') return [];
  return decodeSequence(target, '/').map((step) => {
    const [className, name] = decodeSequence(step, ':');
    return name === undefined ? { className } : { className, name };
  });
}

/**
 * The component a path names below `parent`, as ComponentPathBuilder.addToPath finds it: the
 * first child of the class with that exact name; failing that, the first of the class when the step
 * is the last, or else the first of the class below which the rest of the path resolves.
 */
function resolveSteps(parent: XmlElement, steps: readonly PathStep[]): XmlElement | { failedAt: PathStep; parent: XmlElement } {
  if (steps.length === 0) return parent;
  const [step, ...rest] = steps;
  const sameClass = parent.children.filter((c) => c.name === step.className);
  const exact = sameClass.find((c) => configureName(c) === step.name);
  if (exact) return resolveSteps(exact, rest);
  if (sameClass.length === 0) return { failedAt: step, parent };
  if (rest.length === 0) return sameClass[0];
  let failure: { failedAt: PathStep; parent: XmlElement } | undefined;
  for (const candidate of sameClass) {
    const found = resolveSteps(candidate, rest);
    if (!('failedAt' in found)) return found;
    failure ??= found;
  }
  return failure ?? { failedAt: step, parent };
}

/** The component an ExtensionElement's `target` path names in `root`, or the step not found and where. */
export function resolveTarget(root: XmlElement, target: string): XmlElement | { failedAt: PathStep; parent: XmlElement } {
  return resolveSteps(root, parsePath(target));
}

export interface AppliedExtension {
  /** Every element the extension added, with its descendants (they come from the extension's file). */
  added: Set<XmlElement>;
  diagnostics: Diagnostic[];
}

/**
 * Appends the extension's components to `base` (changed in place). An ExtensionElement whose target
 * does not resolve stops VASSAL from loading the extension: it is an error here too. Components the
 * extension holds outside an ExtensionElement are not grafted anywhere by VASSAL's editor: a warning.
 */
export function applyExtension(base: XmlElement, extension: XmlElement, where: { file: string }): AppliedExtension {
  const added = new Set<XmlElement>();
  const diagnostics: Diagnostic[] = [];
  const at = (el: XmlElement) => ({ file: where.file, ...positionOf(el) });
  for (const wrapper of extension.children) {
    if (wrapper.name !== EXTENSION_ELEMENT) {
      diagnostics.push({
        code: 'vassal/extension-loose-component',
        severity: 'warning',
        message: `<${wrapper.name}> sits in the extension outside an ExtensionElement: it extends no component of the module and is not imported`,
        hint: "open the extension in VASSAL's editor and add the component where it belongs, or remove it",
        ...at(wrapper),
      });
      continue;
    }
    const component = wrapper.children[0];
    if (!component) continue;
    const target = attribute(wrapper, 'target') ?? '';
    const found = resolveTarget(base, target);
    if ('failedAt' in found) {
      const missing = found.failedAt.name ?? found.failedAt.className.split('.').pop();
      diagnostics.push({
        code: 'vassal/extension-target-missing',
        severity: 'error',
        message: `the extension's target "${target}" names a component the module does not have: no ${missing} in <${found.parent.name}> (VASSAL refuses to load the extension)`,
        hint: 'import the extension with the base module it was made for',
        ...at(wrapper),
      });
      continue;
    }
    adoptChild(found, component);
    for (const el of walkElements(component)) added.add(el);
  }
  return { added, diagnostics };
}
