/**
 * The schemas are the contract for authors and third parties, so they are checked by a validator
 * other than the one Hexforge runs on (Hyperjump, against the official 2020-12 meta-schema).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerSchema, unregisterSchema, validate } from '@hyperjump/json-schema/draft-2020-12';

const schemasDir = path.join(__dirname, '..', '..', 'schemas');
const schemaFiles = readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json')).sort();
const META = 'https://json-schema.org/draft/2020-12/schema';

describe('schemas/', () => {
  it('holds a schema for every authored file kind', () => {
    for (const kind of ['common', 'game', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios', 'checks']) {
      expect(schemaFiles).toContain(`${kind}.schema.json`);
    }
  });

  it.each(schemaFiles)('%s is a valid JSON Schema 2020-12 with its own $id', async (file) => {
    const schema = JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8'));
    expect(schema.$schema).toBe(META);
    expect(schema.$id).toBe(`https://hexforge.dev/schemas/${file}`);
    const output = await validate(META, schema);
    expect(output.valid).toBe(true);
  });

  it('validates data with the independent validator too (cross-file $refs resolve)', async () => {
    const loaded = schemaFiles.map((f) => JSON.parse(readFileSync(path.join(schemasDir, f), 'utf8')));
    for (const s of loaded) registerSchema(s);
    try {
      const game = JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'minimal', 'game.json'), 'utf8'));
      expect((await validate('https://hexforge.dev/schemas/game.schema.json', game)).valid).toBe(true);
      expect((await validate('https://hexforge.dev/schemas/game.schema.json', { ...game, titel: 'x' })).valid).toBe(false);
    } finally {
      for (const s of loaded) unregisterSchema(s.$id);
    }
  });
});

describe('data/', () => {
  const dataDir = path.join(__dirname, '..', '..', 'data');
  const games = readdirSync(dataDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const jsonFiles = games.flatMap((g) => readdirSync(path.join(dataDir, g)).filter((f) => f.endsWith('.json')).map((f) => path.join(g, f)));

  it.each(jsonFiles)('%s names its $schema', (file) => {
    const value = JSON.parse(readFileSync(path.join(dataDir, file), 'utf8'));
    const kind = path.basename(file, '.json');
    expect(value.$schema).toBe(`../../schemas/${kind}.schema.json`);
  });
});
