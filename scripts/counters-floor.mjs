// The floor of the CLI counters figure (scripts/bench-print.ts), run as its own Node process in
// plain JavaScript (no transpiler): load pdf-lib and both DejaVu faces, embed them whole as
// counters.pdf does, draw one plain rectangle per counter face on as many letter pages as the
// sheets need, save and write the file.
//
//   node scripts/counters-floor.mjs <out.pdf> <faces> <faces per page>
import fontkit from '@pdf-lib/fontkit';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

const [out, faces, perPage] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const doc = await PDFDocument.create({ updateMetadata: false });
doc.registerFontkit(fontkit);
for (const file of ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf']) {
  await doc.embedFont(readFileSync(path.join(fonts, file)), { subset: false });
}
const COUNTER = 36;
const columns = Math.floor(612 / COUNTER);
let page;
for (let i = 0; i < faces; i++) {
  if (i % perPage === 0) page = doc.addPage([612, 792]);
  const slot = i % perPage;
  page.drawRectangle({ x: (slot % columns) * COUNTER, y: Math.floor(slot / columns) * COUNTER, width: COUNTER, height: COUNTER });
}
writeFileSync(out, await doc.save({ updateFieldAppearances: false }));
