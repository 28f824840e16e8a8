// Issue 34, item 2: the pornstars Country filter found no one. The demo stored `DE`, the filter compared
// `de`, and the read call answered `{"models":[]}` for `.de` and 400 for `.DE`. Country codes are now
// lower case everywhere: stored (a trigger lower-cases every write, migration 0047 lower-cased what was
// there), compared, and in URLs (read calls take either case; pages move `?country=DE` to `?country=de`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES_BY_RACE, MEMBER_COUNTRIES } from '../seed/demo-words.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertUser } from '../test/fixtures.ts';

const MIGRATION = path.join(import.meta.dirname, '../db/migrations/0047-country-codes-lower-case.sql');
const models = (country: string) =>
  `/api/json/models/3600/str/most-popular/48/1.all.all.all.all.all.all.${country}.json`;
const members = (country: string) => `/api/json/members/7200/recent/96/1.${country}.all.all.all.all.all.json`;

describe.each(databaseKinds())('country codes in one case (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: kind === 'pglite', env: { CATALOG_CACHE: 'off' } });
    const db = t.database.handle.db;
    // Written in upper case, as the demo seed and older consoles did.
    await db
      .insertInto('models')
      .values([
        { dir: 'greta-berg', title: 'Greta Berg', country: 'DE' },
        { dir: 'june-lake', title: 'June Lake', country: 'US' },
      ])
      .execute();
    const member = await insertUser(db, 'berlin_member');
    await db.updateTable('users').set({ country: 'DE' }).where('id', '=', member.id).execute();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'tube.test' } });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  };
  const dirs = (body: string) => (JSON.parse(body) as { models: { dir: string }[] }).models.map((m) => m.dir);

  it('stores every written code in lower case', async () => {
    const db = t.database.handle.db;
    const rows = await db.selectFrom('models').select(['dir', 'country']).orderBy('dir').execute();
    expect(rows).toEqual([
      { dir: 'greta-berg', country: 'de' },
      { dir: 'june-lake', country: 'us' },
    ]);
    const user = await db
      .selectFrom('users')
      .select('country')
      .where('username', '=', 'berlin_member')
      .execute();
    expect(user).toEqual([{ country: 'de' }]);
  });

  it('the models read call finds them by either case', async () => {
    const lower = await get(models('de'));
    expect(lower.status).toBe(200);
    expect(dirs(lower.body)).toEqual(['greta-berg']);
    const upper = await get(models('DE'));
    expect(upper.status).toBe(200);
    expect(dirs(upper.body)).toEqual(['greta-berg']);
    expect(dirs((await get(models('Us'))).body)).toEqual(['june-lake']);
    // Still two letters or `all`, nothing else.
    expect((await get(models('deu'))).status).toBe(400);
  });

  it('the members read call takes either case too', async () => {
    for (const code of ['de', 'DE']) {
      const res = await get(members(code));
      expect(res.status, code).toBe(200);
      const names = (JSON.parse(res.body) as { members: { username: string }[] }).members.map(
        (m) => m.username,
      );
      expect(names, code).toEqual(['berlin_member']);
    }
  });

  it('migration 0047 lower-cases rows written before it', async () => {
    const db = t.database.handle.db;
    // Rows as they were before the trigger existed.
    await sql`ALTER TABLE models DISABLE TRIGGER models_country_lower`.execute(db);
    await db.insertInto('models').values({ dir: 'old-row', title: 'Old Row', country: 'FR' }).execute();
    await sql`ALTER TABLE models ENABLE TRIGGER models_country_lower`.execute(db);
    const updates = readFileSync(MIGRATION, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('UPDATE '));
    expect(updates).toHaveLength(3);
    for (const statement of updates) await sql.raw(statement).execute(db);
    const row = await db
      .selectFrom('models')
      .select('country')
      .where('dir', '=', 'old-row')
      .executeTakeFirst();
    expect(row?.country).toBe('fr');
    expect(dirs((await get(models('FR'))).body)).toEqual(['old-row']);
  });

  it('the demo seed writes lower-case codes', () => {
    const codes = [...Object.values(COUNTRIES_BY_RACE).flat(), ...MEMBER_COUNTRIES];
    expect(codes.filter((code) => code !== code.toLowerCase())).toEqual([]);
  });

  it.runIf(kind === 'pglite')(
    'the pornstars and community pages move ?country=DE to ?country=de',
    async () => {
      const upper = await get('/pornstars/most-popular/1/?letter=g&country=DE');
      expect(upper.status).toBe(301);
      expect(upper.headers.location).toBe('/pornstars/most-popular/1/?letter=g&country=de');
      const lower = await get('/pornstars/most-popular/1/?country=de');
      expect(lower.status).toBe(200);
      expect(lower.body).toContain('Greta Berg');
      expect(lower.body).not.toContain('June Lake');

      const community = await get('/community/recent/1/?country=DE');
      expect(community.status).toBe(301);
      expect(community.headers.location).toBe('/community/recent/1/?country=de');
      expect((await get('/community/recent/1/?country=de')).body).toContain('berlin_member');
    },
  );
});
