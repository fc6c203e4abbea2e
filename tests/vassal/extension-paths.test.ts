/**
 * An extension's components land where VASSAL's ComponentPathBuilder puts them: each target step is
 * `class[:configure name]`, '/' and ':' escaped with a backslash; the first exact match wins, then,
 * for the last step, the first component of the class; for an inner step, the first component of
 * the class below which the rest of the path resolves. Expectations follow that Java source.
 */
import { describe, expect, it } from 'vitest';
import { applyExtension, configureName } from '../../src/vassal/reader/extension';
import { parseXml } from '../../src/vassal/reader/xml';
import { readLimits } from '../../src/vassal/reader/limits';
import { attribute, type XmlElement } from '../../src/vassal/xml-tree';

const parse = (xml: string): XmlElement => parseXml(xml, { file: 't.xml', limits: readLimits() }).root!;

const BASE = `<VASSAL.build.GameModule name="Base" version="1.0">
  <VASSAL.build.module.PieceWindow text="Pieces">
    <VASSAL.build.widget.TabWidget entryName="Units">
      <VASSAL.build.widget.ListWidget entryName="Red"/>
      <VASSAL.build.widget.ListWidget entryName="Blue"/>
    </VASSAL.build.widget.TabWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="North/South"><VASSAL.build.module.map.BoardPicker/></VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Reserve">
    <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="R"/></VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PrototypesContainer/>
</VASSAL.build.GameModule>`;

const PW = 'VASSAL.build.module.PieceWindow';
const TABS = 'VASSAL.build.widget.TabWidget';
const LIST = 'VASSAL.build.widget.ListWidget';
const MAP = 'VASSAL.build.module.Map';
const PICKER = 'VASSAL.build.module.map.BoardPicker';
const BOARD = 'VASSAL.build.module.map.boardPicker.Board';

/** An extension whose ExtensionElements each add a marker element `<Added id="n"/>` at a target. */
function extension(targets: string[], loose = false): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const elements = targets.map(
    (t, i) => `  <VASSAL.build.module.ExtensionElement target="${escape(t)}"><Added id="${i}"/></VASSAL.build.module.ExtensionElement>`,
  );
  return [
    '<VASSAL.build.module.ModuleExtension module="Base" moduleVersion="1.0" version="2">',
    ...elements,
    ...(loose ? ['  <VASSAL.build.module.Map mapName="Loose"/>'] : []),
    '</VASSAL.build.module.ModuleExtension>',
  ].join('\n');
}

/** Where each `<Added id>` ended up: the path of configure names of its parent. */
function placements(root: XmlElement): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (el: XmlElement, trail: string[]) => {
    for (const child of el.children) {
      if (child.name === 'Added') found[attribute(child, 'id')!] = trail.join(' > ');
      else visit(child, [...trail, `${child.name.split('.').pop()}(${configureName(child) ?? 'null'})`]);
    }
  };
  visit(root, ['root']);
  return found;
}

/** The base module with an extension adding a marker at each target. */
function graft(targets: string[], loose = false) {
  const base = parse(BASE);
  return { base, result: applyExtension(base, parse(extension(targets, loose)), { file: 'ext.vmdx!buildFile.xml' }) };
}

describe('extension target paths', () => {
  it('resolves names, unnamed steps, escaped delimiters and the empty path as VASSAL does', () => {
    const { base, result } = graft([
      `${PW}/${TABS}:Units/${LIST}:Blue`, // exact names; the PieceWindow has no name, so the step has none
      `${MAP}:North\\/South`, // a '/' in a name is escaped
      '', // the module itself
      `${MAP}:Reserve/${PICKER}/${BOARD}:R`,
      `${PW}/${TABS}:Units`,
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(placements(base)).toEqual({
      0: 'root > PieceWindow(null) > TabWidget(Units) > ListWidget(Blue)',
      1: 'root > Map(North/South)',
      2: 'root',
      3: 'root > Map(Reserve) > BoardPicker(null) > Board(R)',
      4: 'root > PieceWindow(null) > TabWidget(Units)',
    });
    // Appended after the target's own children, as Buildable.add appends.
    const tabs = base.children[0].children[0];
    expect(tabs.children.map((c) => configureName(c) ?? attribute(c, 'id'))).toEqual(['Red', 'Blue', '4']);
  });

  it('falls back to the first of a class on the last step, and searches candidates on an inner step', () => {
    const { base, result } = graft([
      `${PW}/${TABS}:Units/${LIST}:Green`, // no list named Green: the first list (Red)
      `${MAP}:Nowhere/${PICKER}/${BOARD}:R`, // no map named Nowhere: the first map whose picker has board R (Reserve)
    ]);
    expect(result.diagnostics).toEqual([]);
    expect(placements(base)).toEqual({
      0: 'root > PieceWindow(null) > TabWidget(Units) > ListWidget(Red)',
      1: 'root > Map(Reserve) > BoardPicker(null) > Board(R)',
    });
  });

  it('lets a later element target a component an earlier one added', () => {
    const base = parse(BASE);
    const ext = parse(
      [
        '<VASSAL.build.module.ModuleExtension module="Base" moduleVersion="1.0">',
        `<VASSAL.build.module.ExtensionElement target="${PW}/${TABS}:Units"><VASSAL.build.widget.ListWidget entryName="Green"/></VASSAL.build.module.ExtensionElement>`,
        `<VASSAL.build.module.ExtensionElement target="${PW}/${TABS}:Units/${LIST}:Green"><Added id="0"/></VASSAL.build.module.ExtensionElement>`,
        '</VASSAL.build.module.ModuleExtension>',
      ].join('\n'),
    );
    const result = applyExtension(base, ext, { file: 'x' });
    expect(result.diagnostics).toEqual([]);
    expect(placements(base)).toEqual({ 0: 'root > PieceWindow(null) > TabWidget(Units) > ListWidget(Green)' });
    // Everything that came from the extension is marked as such (for diagnostics naming its file).
    expect([...result.added].map((el) => el.name)).toEqual(['VASSAL.build.widget.ListWidget', 'Added']);
  });

  it('refuses a target the module does not have, at the line of its ExtensionElement, and warns of loose components', () => {
    const { result } = graft([`${PW}/${TABS}:Units`, `${MAP}:Reserve/${PICKER}/${BOARD}:Q/X`], true);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line])).toEqual([
      ['vassal/extension-target-missing', 'error', 'ext.vmdx!buildFile.xml', 3],
      ['vassal/extension-loose-component', 'warning', 'ext.vmdx!buildFile.xml', 4],
    ]);
    expect(result.diagnostics[0].message).toContain('no X in <VASSAL.build.module.map.boardPicker.Board>');
  });

  it('names components by the attribute VASSAL reads for each class', () => {
    const name = (xml: string) => configureName(parse(xml));
    expect(name('<VASSAL.build.module.Map mapName="M" name="other"/>')).toBe('M');
    expect(name('<VASSAL.build.widget.PieceSlot entryName="E"/>')).toBe('E');
    expect(name('<VASSAL.build.widget.Chart chartName="C"/>')).toBe('C');
    expect(name('<VASSAL.build.module.PieceWindow entryName="Old"/>')).toBe('Old');
    expect(name('<VASSAL.build.module.PieceWindow text="Pieces"/>')).toBeUndefined();
    expect(name('<VASSAL.build.module.PrototypeDefinition name="Unit"/>')).toBe('Unit');
    // SetupStack: its name, the first named child, then where it stands (VASSAL 3.7.26 loading the
    // Kassala test extension names its stack "Mos-Inf-J - Moslem_Infantry_5-2_Janissary - (962,852)").
    const stack = (attrs: string) =>
      name(
        `<VASSAL.build.module.map.SetupStack ${attrs}><VASSAL.build.widget.PieceSlot entryName="P"/></VASSAL.build.module.map.SetupStack>`,
      );
    expect(stack('name="S" useGridLocation="false" x="962" y="852"')).toBe('S - P - (962,852)');
    expect(stack('name="S" useGridLocation="true" location="0504"')).toBe('S - P - 0504');
    expect(stack('useGridLocation="true"')).toBe('P');
  });
});
