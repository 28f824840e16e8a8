// Issue 34, item 8: the pornstars page filters by cup size, tattoo and piercing, but the models read
// call could not (its tail had eight parts). The tail now takes three more, optional at its end:
// {page}.{letter}.{hair}.{race}.{weight}.{height}.{age}.{country}[.{size_tits}.{tattoo}.{piercing}].
// A call answers exactly the models the page shows for the same filter; eight-part URLs keep working.
// Server-rendered (needs `npx react-router build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';

const CALL = '/api/json/models/3600/str/alphabetaz/48/';

describe('the models read call filters as the pornstars page does', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { CATALOG_CACHE: 'off' } });
    await seedCatalogueFixture(t.database.handle.db);
    const db = t.database.handle.db;
    // Bella Ray keeps nulls: no cup size, tattoo or piercing known (matches no yes/no filter).
    await db
      .updateTable('models')
      .set({ size_tits: 'C', tattoo: true, piercing: false })
      .where('dir', '=', 'zoe-kay')
      .execute();
    await db
      .updateTable('models')
      .set({ size_tits: 'DD', tattoo: false, piercing: true })
      .where('dir', '=', 'anna-bell')
      .execute();
  });
  afterAll(() => t.close());

  const call = async (tail: string) => {
    const r = await t.app.inject({ url: `${CALL}${tail}.json` });
    return { status: r.statusCode, body: r.json() };
  };
  const callNames = async (tail: string) => {
    const { status, body } = await call(tail);
    expect(status, tail).toBe(200);
    expect(body.total_count, tail).toBe(body.models.length);
    return (body.models as { title: string }[]).map((m) => m.title);
  };
  const pageNames = async (query: string) => {
    const r = await t.app.inject({ url: `/pornstars/alphabetaz/1/?${query}` });
    expect(r.statusCode, query).toBe(200);
    return [...r.body.matchAll(/class="model__title">([^<]*)</g)].map((m) => m[1]);
  };

  it.each([
    ['size_tits=C', '1.all.all.all.all.all.all.all.C.all.all', ['Zoe Kay']],
    ['size_tits=DD', '1.all.all.all.all.all.all.all.DD.all.all', ['Anna Bell']],
    ['size_tits=F', '1.all.all.all.all.all.all.all.F.all.all', []],
    ['tattoo=1', '1.all.all.all.all.all.all.all.all.1.all', ['Zoe Kay']],
    ['tattoo=0', '1.all.all.all.all.all.all.all.all.0.all', ['Anna Bell']],
    ['piercing=1', '1.all.all.all.all.all.all.all.all.all.1', ['Anna Bell']],
    ['piercing=0', '1.all.all.all.all.all.all.all.all.all.0', ['Zoe Kay']],
    ['size_tits=C&tattoo=1&piercing=0', '1.all.all.all.all.all.all.all.C.1.0', ['Zoe Kay']],
    ['size_tits=C&piercing=1', '1.all.all.all.all.all.all.all.C.all.1', []],
    ['race=latin&piercing=1', '1.all.all.latin.all.all.all.all.all.all.1', ['Anna Bell']],
  ])('?%s: the call (%s) answers the models the page shows', async (query, tail, expected) => {
    const shown = await pageNames(query);
    expect(shown).toEqual(expected);
    expect(await callNames(tail)).toEqual(shown);
  });

  it('keeps the eight-part tail of older clients: the three filters are then `all`', async () => {
    const every = ['Anna Bell', 'Bella Ray', 'Zoe Kay'];
    expect(await callNames('1.all.all.all.all.all.all.all')).toEqual(every);
    expect(await callNames('1.all.all.all.all.all.all.all.all.all.all')).toEqual(every);
    // Leaving off only the last ones works too.
    expect(await callNames('1.all.all.all.all.all.all.all.C')).toEqual(['Zoe Kay']);
    expect(await callNames('1.all.all.all.all.all.all.all.all.1')).toEqual(['Zoe Kay']);
  });

  it('takes the values the page takes and refuses the rest with the field named', async () => {
    for (const [tail, code] of [
      // Cup sizes as the page lists them (upper case, MODEL_CUP_SIZES).
      ['1.all.all.all.all.all.all.all.c.all.all', 'invalid_size_tits'],
      ['1.all.all.all.all.all.all.all.G.all.all', 'invalid_size_tits'],
      ['1.all.all.all.all.all.all.all.all.yes.all', 'invalid_tattoo'],
      ['1.all.all.all.all.all.all.all.all.all.2', 'invalid_piercing'],
      ['1.all.all.all.all.all.all.all.all.all.all.all', 'invalid_path'],
      ['1.all.all.all.all.all.all', 'invalid_path'],
    ] as const) {
      const { status, body } = await call(tail);
      expect(status, tail).toBe(400);
      expect(body.code, tail).toBe(code);
    }
  });

  it('documents the three segments in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/json/models/{lifetime}/{gender}/{sort}/{count}/{file}'].get;
    expect(op.summary).toMatch(/cup size \(`size_tits`/);
    expect(op.summary).toMatch(/tattoo and piercing/);
    const file = op.parameters.find((p: { name: string }) => p.name === 'file');
    expect(JSON.stringify(file)).toContain(
      '{page}.{letter}.{hair}.{race}.{weight}.{height}.{age}.{country}[.{size_tits}.{tattoo}.{piercing}].json',
    );
  });
});
