/**
 * Writing the monster game's buildFile (scripts/make-monster.ts) as text: our writer
 * (src/vassal/module/xml-writer.ts) against xmlbuilder2 writing the same element tree (a document
 * built node by node, then serialised with four-space indentation). Interleaved, median of 7.
 * The figure is xmlbuilder2; the floor is our writer, so the ratio says how much slower it is.
 * The decision it informs is recorded in schemas/README.md ("Why the buildFile writer is our own").
 *
 *   npx tsx scripts/bench-xml.ts
 */
import { performance } from 'node:perf_hooks';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { planCounters } from '../src/plan';
import { buildModule } from '../src/vassal/module/build-file';
import { serializeXml } from '../src/vassal/module/xml-writer';
import type { XmlElement } from '../src/vassal/xml-tree';
import { median, printRow } from './bench-format';
import { monsterArt, monsterGame } from './bench-vassal';

const RUNS = 7;

function addTo(parent: XMLBuilder, el: XmlElement): void {
  const node = parent.ele(el.name);
  for (const [name, value] of el.attributes) node.att(name, value);
  if (el.text) node.txt(el.text);
  for (const child of el.children) addTo(node, child);
}

function withXmlbuilder2(root: XmlElement): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8', standalone: false });
  addTo(doc, root);
  return doc.end({ prettyPrint: true, indent: '    ' });
}

export async function benchXml(): Promise<void> {
  const game = monsterGame();
  const plan = planCounters(game);
  const tree = buildModule(game, monsterArt(game, plan), { version: '1', epoch: 0, plan }).buildFile;
  let elements = 0;
  const count = (el: XmlElement): void => {
    elements++;
    el.children.forEach(count);
  };
  count(tree);
  const ours: number[] = [];
  const theirs: number[] = [];
  let sizes = [0, 0];
  let identical = false;
  for (let run = 0; run < RUNS; run++) {
    let t0 = performance.now();
    const a = serializeXml(tree);
    ours.push(performance.now() - t0);
    t0 = performance.now();
    const b = withXmlbuilder2(tree);
    theirs.push(performance.now() - t0);
    sizes = [a.length, b.length];
    identical = a === b;
  }
  printRow(
    `buildFile text, monster game (${elements} elements; ours ${(sizes[0] / 1e6).toFixed(1)} MB, xmlbuilder2 ${(sizes[1] / 1e6).toFixed(1)} MB, ${identical ? 'identical' : 'not identical'} text): xmlbuilder2`,
    median(theirs),
    median(ours),
    'ms',
    'our xml-writer, same tree',
    1.5,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchXml();
