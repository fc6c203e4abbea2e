import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import bundleSchema from '../../schemas/bundle.schema.json';
import { ALL_SCHEMAS } from '../../src/data/schemas';
import { BUNDLE_FORMAT_VERSION, bundleJson, fromBundle, toBundle } from '../../src/bundle';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';

const MINIMAL = 'tests/fixtures/minimal';

async function load(dir: string): Promise<Game> {
  const { game, diagnostics } = await loadGame(dir);
  if (!game) throw new Error(`${dir} did not load: ${diagnostics.map((d) => d.message).join('; ')}`);
  return game;
}

function dataGames(): string[] {
  if (!existsSync('data')) return [];
  return (
    readdirSync('data')
      .map((name) => path.join('data', name))
      // Folders still being written (a required file missing) are not games yet.
      .filter((dir) => ['game.json', 'map.json', 'terrain.json', 'units.csv', 'tracks.json'].every((f) => existsSync(path.join(dir, f))))
  );
}

describe('bundle schema', () => {
  it('compiles under ajv 2020 strict with the file schemas it refers to', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allowMatchingProperties: true });
    for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
    const validate = ajv.compile(bundleSchema);
    expect(bundleSchema.$id).toBe('https://hexforge.dev/schemas/bundle.schema.json');
    expect(typeof validate).toBe('function');
  });
});

describe('toBundle / fromBundle', () => {
  it('round-trips the minimal game exactly', async () => {
    const game = await load(MINIMAL);
    const back = fromBundle(JSON.parse(bundleJson(game)));
    expect(back.diagnostics).toEqual([]);
    expect(back.game).toStrictEqual(game);
  });

  it('leaves out face art: a unit naming a picture still makes a bundle that reads back', async () => {
    const game = await load(MINIMAL);
    const [first, ...rest] = game.units;
    const withArt: Game = { ...game, units: [{ ...first, image: 'art/front.png', backImage: 'art/back.png' }, ...rest] };
    const back = fromBundle(JSON.parse(bundleJson(withArt)));
    expect(back.diagnostics).toEqual([]);
    expect(back.game!.units).toStrictEqual(game.units);
  });

  it('packs hex terrain and hexsides into position arrays', async () => {
    const game = await load(MINIMAL);
    const b = toBundle(game);
    // 4 columns × 3 rows; 0202 (column 2, row 2) is forest: position (2-1)*3 + (2-1) = 4.
    expect(b.map.hexes.cells).toHaveLength(12);
    expect(b.map.hexes.kinds[b.map.hexes.cells[4]].terrain).toEqual(['forest']);
    expect(b.map.hexes.cells.filter((c) => b.map.hexes.kinds[c].terrain.toString() === 'clear')).toHaveLength(11);
    // The river on 0101/0102: from 0101 (position 0) towards 0102, straight down = axial direction 5 (+r).
    expect(b.map.hexsides.sides).toEqual([0, 5, 0]);
    expect(b.map.hexsides.kinds).toEqual([{ feature: 'river' }]);
    expect(b.formatVersion).toBe(BUNDLE_FORMAT_VERSION);
  });

  it('writes the same bytes whatever order the model’s keys were built in', async () => {
    const game = await load(MINIMAL);
    const shuffled = JSON.parse(JSON.stringify(game), function (this: unknown, _key, value) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return Object.fromEntries(Object.entries(value).reverse());
      }
      return value;
    }) as Game;
    expect(bundleJson(shuffled)).toBe(bundleJson(game));
    expect(bundleJson(game).endsWith('\n')).toBe(true);
  });

  it('keeps the boards setup placements name pixels of, and the pixels', async () => {
    const game: Game = structuredClone(await load(MINIMAL));
    game.map.boxes = [{ id: 'europe', name: 'Europe' }];
    game.map.boards = [{ name: 'West', map: 'Europe', width: 600, height: 400 }];
    const unit = game.units[0].id;
    game.scenarios[0].setup = [{ units: [unit], box: 'europe', at: { board: 'West', x: 120, y: 80 } }];
    const back = fromBundle(JSON.parse(bundleJson(game)));
    expect(back.diagnostics).toEqual([]);
    expect(back.game).toStrictEqual(game);
  });

  for (const dir of dataGames()) {
    it(`round-trips ${dir}`, async () => {
      const game = await load(dir);
      const back = fromBundle(JSON.parse(bundleJson(game)));
      expect(back.diagnostics).toEqual([]);
      expect(back.game).toStrictEqual(game);
    });
  }
});

describe('fromBundle rejects bad bundles with diagnostics', () => {
  async function bundle() {
    return JSON.parse(bundleJson(await load(MINIMAL)));
  }

  it('a newer format version', async () => {
    const b = await bundle();
    b.formatVersion = BUNDLE_FORMAT_VERSION + 1;
    const r = fromBundle(b, 'x.bundle.json');
    expect(r.game).toBeUndefined();
    expect(r.diagnostics[0]).toMatchObject({ code: 'bundle/version', file: 'x.bundle.json', pointer: '/formatVersion' });
  });

  it('a schema violation', async () => {
    const b = await bundle();
    b.units[0].surprise = 1;
    const r = fromBundle(b);
    expect(r.game).toBeUndefined();
    expect(r.diagnostics.some((d) => d.code === 'bundle/schema' && d.pointer === '/units/0')).toBe(true);
  });

  it('too few cells for the extent', async () => {
    const b = await bundle();
    b.map.hexes.cells.pop();
    expect(fromBundle(b).diagnostics[0].code).toBe('bundle/bad-cells');
  });

  it('a cell pointing past the palette', async () => {
    const b = await bundle();
    b.map.hexes.cells[3] = 9;
    expect(fromBundle(b).diagnostics[0]).toMatchObject({ code: 'bundle/bad-cells', pointer: '/map/hexes/cells/3' });
  });

  it('a hexside triple out of range', async () => {
    const b = await bundle();
    b.map.hexsides.sides[1] = 6;
    expect(fromBundle(b).diagnostics[0].code).toBe('bundle/bad-hexsides');
  });

  // A schema-valid bundle still passes validate's table and reference checks, named in the bundle.
  it("a table's DRM range running backwards", async () => {
    const b = await bundle();
    b.tables[0].drmRange = { min: 5, max: -5 };
    const r = fromBundle(b, 'x.bundle.json');
    expect(r.game).toBeUndefined();
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'tables/bad-range', file: 'x.bundle.json', pointer: '/tables/0/drmRange' }),
    ]);
  });

  it('a table rolling dice the game does not declare', async () => {
    const b = await bundle();
    b.tables[0].dice = '0d6';
    const r = fromBundle(b, 'x.bundle.json');
    expect(r.game).toBeUndefined();
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: 'ref/unknown-die', file: 'x.bundle.json', pointer: '/tables/0/dice' })]);
  });

  it('a unit listed twice, and a scenario placing a unit that does not exist', async () => {
    const b = await bundle();
    b.units.push(b.units[0]);
    b.scenarios[0].setup[0].units = ['nobody'];
    const codes = fromBundle(b).diagnostics.map((d) => [d.code, d.pointer]);
    expect(codes).toContainEqual(['ref/duplicate-id', `/units/${b.units.length - 1}/id`]);
    expect(codes).toContainEqual(['ref/unknown-unit', '/scenarios/0/setup/0/units/0']);
  });

  it('a number no game value comes near, as in a game folder', async () => {
    const b = await bundle();
    b.map.hexSize = 1e308;
    expect(fromBundle(b).diagnostics).toEqual([expect.objectContaining({ code: 'schema/number-range', pointer: '/map/hexSize' })]);
  });

  it("a unit of a side and type the game does not declare, as units.csv's rows are checked", async () => {
    const b = await bundle();
    b.units[0].side = 'nobody';
    b.units[0].type = 'ghost';
    const found = fromBundle(b, 'x.bundle.json').diagnostics.map((d) => [d.code, d.pointer]);
    expect(found).toContainEqual(['ref/unknown-side', '/units/0/side']);
    expect(found).toContainEqual(['ref/unknown-unit type', '/units/0/type']);
  });

  it("a unit's values and step chain, as units.csv's rows are checked: a loop, a reduced back with no values, a negative or text strength", async () => {
    const b = await bundle();
    const [first, second] = b.units;
    first.next = second.id;
    second.next = first.id;
    first.front.attack = -3;
    first.reverse.defense = 'abc';
    second.back = 'reduced';
    second.reverse = {};
    const found = fromBundle(b, 'x.bundle.json').diagnostics.map((d) => [d.code, d.pointer]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['units/step-loop', '/units/0/next'],
        ['units/step-loop', '/units/1/next'],
        ['units/value-range', '/units/0/front/attack'],
        ['units/not-a-number', '/units/0/reverse/defense'],
        ['units/missing-back', '/units/1/back'],
      ]),
    );
  });

  it('a unit value of a field the game does not declare', async () => {
    const b = await bundle();
    b.units[0].front.atack = 4;
    expect(fromBundle(b).diagnostics).toContainEqual(
      expect.objectContaining({ code: 'ref/unknown-unit field', pointer: '/units/0/front/atack' }),
    );
  });

  it('a duplicate side in the game information', async () => {
    const b = await bundle();
    b.info.sides.push(b.info.sides[0]);
    expect(fromBundle(b).diagnostics).toContainEqual(expect.objectContaining({ code: 'ref/duplicate-id', pointer: '/info/sides/2/id' }));
  });

  it('not an object at all', () => {
    expect(fromBundle('nope').diagnostics[0].code).toBe('bundle/schema');
  });
});
