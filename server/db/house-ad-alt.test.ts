// 0033: the default banner zones' alt text "Advertise here" (0016) becomes "Advertise on this site";
// an administrator's own creatives and alt texts are left as they are.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/db.ts';

const MIGRATION = readFileSync(new URL('./migrations/0033-house-ad-alt.sql', import.meta.url), 'utf8');

interface Creative {
  kind?: string;
  src: string;
  alt: string;
}

describe.each(databaseKinds())('0033 house ad alt text on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  const creatives = async () => {
    const rows = await database.handle.db.selectFrom('ad_zones').select(['key', 'config']).execute();
    return Object.fromEntries(
      rows
        .filter((r) => Array.isArray((r.config as { creatives?: unknown }).creatives))
        .map((r) => [r.key, (r.config as { creatives: Creative[] }).creatives]),
    );
  };

  it('a fresh site has no "Advertise here"', async () => {
    const zones = await creatives();
    expect(Object.keys(zones).sort()).toEqual(['aside', 'carousel', 'footer', 'pause']);
    for (const list of Object.values(zones)) {
      // 0049 (issue 34) left the footer one house ad, drawn as text: it has no alt text.
      for (const c of list) if (c.kind !== 'house') expect(c.alt).toBe('Advertise on this site');
    }
  });

  it("changes only the untouched default: an administrator's creatives keep their alt", async () => {
    const db = database.handle.db;
    const set = (key: 'footer', list: Creative[]) =>
      db
        .updateTable('ad_zones')
        .set({
          config: JSON.stringify({
            creatives: list.map((c) => ({ kind: 'image', href: '/x/', width: 300, height: 250, ...c })),
          }),
        })
        .where('key', '=', key)
        .execute();
    await set('footer', [
      { src: '/ads/house/300x250-1.svg', alt: 'Advertise here' },
      { src: 'https://ads.example.net/b.png', alt: 'Advertise here' },
      { src: '/ads/house/300x250-2.svg', alt: 'Our partner' },
    ]);
    await sql.raw(MIGRATION).execute(db);
    expect((await creatives()).footer?.map((c: Creative) => c.alt)).toEqual([
      'Advertise on this site',
      'Advertise here',
      'Our partner',
    ]);
  });
});
