/**
 * A folder imported from an extension keeps the module with the extension grafted in, written out
 * as XML, and the extension's own buildFile. Taking the extension's components out of that tree
 * again must give the base module's tree exactly, also when a later component is grafted into one
 * an earlier one added; a tree that does not hold a component where the extension puts it is found.
 */
import { describe, expect, it } from 'vitest';
import { serializeXml } from '../../src/vassal/module/xml-writer';
import { applyExtension } from '../../src/vassal/reader/extension';
import { readLimits } from '../../src/vassal/reader/limits';
import { sameElement, ungraftExtension } from '../../src/vassal/reader/ungraft-extension';
import { parseXml } from '../../src/vassal/reader/xml';
import type { XmlElement } from '../../src/vassal/xml-tree';

const parse = (xml: string): XmlElement => parseXml(xml, { file: 't.xml', limits: readLimits() }).root!;

// The base holds a list named like the one the extension adds, and a slot equal to one it adds:
// only the components the extension appended may go.
const BASE = `<VASSAL.build.GameModule name="Base" version="1.0">
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.TabWidget entryName="Units">
      <VASSAL.build.widget.ListWidget entryName="Red"><VASSAL.build.widget.PieceSlot entryName="A" gpid="1">piece;;;a.png;A</VASSAL.build.widget.PieceSlot></VASSAL.build.widget.ListWidget>
    </VASSAL.build.widget.TabWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main"><VASSAL.build.module.map.BoardPicker/></VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

const UNITS = 'VASSAL.build.module.PieceWindow:Pieces/VASSAL.build.widget.TabWidget:Units';
const EXTENSION = `<VASSAL.build.module.ModuleExtension module="Base" version="1">
  <VASSAL.build.module.ExtensionElement target="${UNITS}"><VASSAL.build.widget.ListWidget entryName="Blue"/></VASSAL.build.module.ExtensionElement>
  <VASSAL.build.module.ExtensionElement target="${UNITS}/VASSAL.build.widget.ListWidget:Blue"><VASSAL.build.widget.PieceSlot entryName="B" gpid="2">piece;;;b &amp; c.png;B</VASSAL.build.widget.PieceSlot></VASSAL.build.module.ExtensionElement>
  <VASSAL.build.module.ExtensionElement target="${UNITS}/VASSAL.build.widget.ListWidget:Red"><VASSAL.build.widget.PieceSlot entryName="A" gpid="1">piece;;;a.png;A</VASSAL.build.widget.PieceSlot></VASSAL.build.module.ExtensionElement>
  <VASSAL.build.module.ExtensionElement target=""><VASSAL.build.module.PredefinedSetup name="More" file="More.vsav" useFile="true"/></VASSAL.build.module.ExtensionElement>
</VASSAL.build.module.ModuleExtension>`;

/** The base with the extension grafted in, written out as the import keeps it and read again. */
function keptMerged(): XmlElement {
  const merged = parse(BASE);
  expect(applyExtension(merged, parse(EXTENSION), { file: 'e.xml' }).diagnostics).toEqual([]);
  return parse(serializeXml(merged));
}

describe('an extension taken out of the module it was grafted into', () => {
  it("gives the base tree back, the base's own copy of an equal slot kept", () => {
    const merged = keptMerged();
    // Grafted: Red has two equal slots, Blue (with B) after Red, the setup last.
    expect(sameElement(merged, parse(BASE))).toBe(false);
    expect(ungraftExtension(merged, parse(EXTENSION))).toEqual({});
    expect(sameElement(merged, parse(BASE))).toBe(true);
    expect(serializeXml(merged)).toBe(serializeXml(parse(BASE)));
  });

  it("grafted anew, gives the module as read with the extension, its components the extension's own elements", () => {
    const merged = keptMerged();
    const extension = parse(EXTENSION);
    ungraftExtension(merged, extension);
    const applied = applyExtension(merged, extension, { file: 'e.xml' });
    expect(sameElement(merged, keptMerged())).toBe(true);
    const blue = extension.children[0].children[0];
    expect(applied.added.has(blue)).toBe(true);
    // The slot B, grafted into Blue, is the extension's element in the module's tree.
    expect(blue.children[0]).toBe(extension.children[1].children[0]);
  });

  it('names the target of a component the tree does not hold where the extension put it', () => {
    const merged = keptMerged();
    // The last child of Blue is no longer the extension's slot B.
    const tabs = merged.children[0].children[0];
    tabs.children
      .at(-1)!
      .children.push(parse('<VASSAL.build.widget.PieceSlot entryName="C" gpid="3">piece;;;c.png;C</VASSAL.build.widget.PieceSlot>'));
    expect(ungraftExtension(merged, parse(EXTENSION))).toEqual({ missing: `${UNITS}/VASSAL.build.widget.ListWidget:Blue` });
    expect(ungraftExtension(parse(BASE), parse(EXTENSION))).toEqual({ missing: '' });
  });
});
