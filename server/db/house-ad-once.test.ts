// 0049 (issue 34): a fresh site's ad zones hold one house ad (the footer's, drawn in the page's
// language) and two new zones, partner and live, empty and off; an operator's creatives stay.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';

const MIGRATION = readFileSync(new URL('./migrations/0049-house-ad-once.sql', import.meta.url), 'utf8');

describe.each(databaseKinds())('0049 one house ad on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  const configs = async () =>
    Object.fromEntries(
      (await database.handle.db.selectFrom('ad_zones').select(['key', 'config', 'enabled']).execute()).map(
        (r) => [r.key, { config: r.config, enabled: r.enabled }],
      ),
    );

  it('leaves a fresh site one house ad, no English images, and the partner and live zones off', async () => {
    const zones = await configs();
    expect(zones.footer?.config).toEqual({ creatives: [{ kind: 'house', width: 300, height: 250 }] });
    for (const key of ['pause', 'carousel', 'aside']) expect(zones[key]?.config).toEqual({ creatives: [] });
    expect(zones.promo?.config).toEqual({ banner: null });
    expect(JSON.stringify(zones)).not.toContain('/ads/house/');
    expect(zones.partner).toEqual({ enabled: false, config: { src: null, height: 250, clipId: false } });
    expect(zones.live).toEqual({
      enabled: false,
      config: { feedUrl: null, countries: ['de', 'fr', 'nl', 'us'], probability: 90 },
    });
  });

  it("keeps an operator's creatives and any zone an administrator saved", async () => {
    const db = database.handle.db;
    const image = (src: string) => ({ kind: 'image', src, href: '/x/', alt: 'A', width: 300, height: 250 });
    const own = { creatives: [image('/ads/house/300x250-1.svg'), image('https://ads.example.net/b.png')] };
    const saved = { creatives: [image('/ads/house/300x250-2.svg')] };
    const admin = await db
      .insertInto('users')
      .values({ username: 'zone_owner', email: 'zone_owner@example.com', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('ad_zones')
      .set({ config: JSON.stringify(own) })
      .where('key', '=', 'footer')
      .execute();
    await db
      .updateTable('ad_zones')
      .set({ config: JSON.stringify(saved), updated_by: admin.id })
      .where('key', '=', 'carousel')
      .execute();
    await db
      .updateTable('ad_zones')
      .set({ config: JSON.stringify({ creatives: [image('/ads/house/300x250-3.svg')] }) })
      .where('key', '=', 'aside')
      .execute();
    // One statement at a time (a prepared statement takes one); running it again changes nothing else.
    const statements = MIGRATION.replace(/^--.*$/gm, '')
      .split(/;\s*\n/)
      .map((statement) => statement.trim())
      .filter(Boolean);
    for (const statement of statements) await sql.raw(statement).execute(db);
    const zones = await configs();
    expect(zones.footer?.config).toEqual(own);
    expect(zones.carousel?.config).toEqual(saved);
    // Untouched built-in images still go.
    expect(zones.aside?.config).toEqual({ creatives: [] });
  });
});
