/**
 * A board that names a picture the module does not hold, and states no size: the import's warning
 * names the missing file and the board's line, so that the author knows what to add.
 */
import { expect, it } from 'vitest';
import { importBuildFile } from './synthetic-module';
import { zonedHexBuildFile } from './zoned-hex-grid-kit';

it('names the missing picture of a board of unknown size', async () => {
  const xml = zonedHexBuildFile('background');
  const imported = await importBuildFile(xml);
  const warning = imported.diagnostics.find((d) => d.code === 'vassal/board-size-unknown');
  expect(warning?.message).toContain('"field.png"');
  expect(warning?.hint).toContain('images/field.png');
  const boardLine = xml.split('\n').findIndex((l) => l.includes('image="field.png"')) + 1;
  expect(warning?.line).toBe(boardLine);
});
