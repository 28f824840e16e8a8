// Search terms offered to everyone (issue 34 item 1), through app.inject on each database: a search text
// reaches the suggester, the top searches and the home keyword chips only once its last search found
// videos and enough distinct visitors (an address once per term per day) searched it; markup is never
// offered (nor stored); a blocked word (a setting) and a term staff hid leave every list at once; the
// same address searching in parallel, in one process or two, counts once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SEARCH_TERMS_PATH, type AdminSearchTermList } from '../../contract/admin-search-terms.ts';
import { ADMIN_SETTINGS_PATH } from '../../contract/admin-settings.ts';
import { createSearchRepository } from '../modules/search/search.repository.ts';
import { createSearchService } from '../modules/search/search.service.ts';
import { countKeywordResults, fillSearchVectors } from '../seed/seed-sql.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
/** Videos only these tests' terms find. */
const TITLES = [
  'Harbour Lights Evening',
  'Meadow Picnic Afternoon',
  'Glacier Hike Morning',
  'Canyon Ride Dusk',
  'Orchard Stroll Noon',
  'Lagoon Swim Sunrise',
  'Quarry Climb Autumn',
];

const searchUrl = (text: string, lifetime = 0) =>
  `/api/videos2.php?params=${encodeURIComponent(`${lifetime}/str/most-relevant/60/search..1.all.all.all`)}&s=${encodeURIComponent(text)}`;

/** The home page's keyword chips (app/components/catalogue/seo-keywords.tsx). */
function chipsOf(html: string): string[] {
  const nav = /<nav class="chips seo-keywords"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a [^>]*class="chip"[^>]*>([^<]*)<\/a>/g)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'"),
  );
}

describe.each(databaseKinds())('search terms offered to everyone on %s', (kind) => {
  let t: TestApp;
  let staff: { moderator: SignedInUser; administrator: SignedInUser; member: SignedInUser };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.handle.db;
    await seedCatalogueFixture(db);
    for (const title of TITLES) await insertVideo(db, { title, views: 10 });
    await fillSearchVectors(db);
    staff = {
      moderator: await createSignedInUser(t, 'terms_moderator', 'moderator'),
      administrator: await createSignedInUser(t, 'terms_admin', 'administrator'),
      member: await createSignedInUser(t, 'terms_member', 'member'),
    };
  });
  afterAll(() => t.close());

  /** One search of `text` from `address`; its answer must be a 200. */
  async function search(text: string, address: string, lifetime = 0) {
    const res = await t.app.inject({ url: searchUrl(text, lifetime), remoteAddress: address });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total_count: number };
  }
  /** Searches from each address, then writes the batch (what the 5-second timer does). */
  async function searchFrom(text: string, addresses: string[], lifetime = 0) {
    for (const address of addresses) await search(text, address, lifetime);
    await t.services.search.flush();
  }
  /** The suggester, the top searches and the home chips, each read past every cache. */
  async function offered() {
    await t.services.changes.notify();
    const suggest = async (c: string) =>
      (await t.app.inject({ url: `/api/suggester.php?c=${encodeURIComponent(c)}` })).json()
        .keywords as string[];
    const top = (await t.app.inject({ url: '/api/json/suggester/0/100.json' })).json().keywords as string[];
    const main = (await t.app.inject({ url: '/api/json/main/0/str.en.json' })).json().keywords as string[];
    const home = await t.app.inject({ url: '/', headers: { cookie: 'kt_lang=en' } });
    expect(home.statusCode).toBe(200);
    return { suggest, top, main, chips: chipsOf(home.body) };
  }
  const terms = async (query = '') => {
    const res = await t.app.inject({
      url: `${ADMIN_SEARCH_TERMS_PATH}${query}`,
      headers: { cookie: staff.moderator.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminSearchTermList;
  };
  const termOf = async (keyword: string) =>
    (await terms(`?q=${encodeURIComponent(keyword)}`)).terms.find((x) => x.keyword === keyword);

  it('offers a term only once three distinct addresses searched it, and it found videos', async () => {
    expect((await search('harbour lights', '198.51.100.1')).total_count).toBe(1);
    await searchFrom('harbour lights', ['198.51.100.2']);
    let now = await offered();
    expect(await now.suggest('harb')).toEqual([]);
    expect(now.top).not.toContain('harbour lights');
    expect(now.main).not.toContain('harbour lights');
    expect(now.chips).not.toContain('harbour lights');
    expect(await termOf('harbour lights')).toMatchObject({ visitors: 2, results: 1, state: 'few_visitors' });

    // The same two addresses again (another day would count again; the same day does not).
    await searchFrom('harbour lights', ['198.51.100.1', '198.51.100.2', '198.51.100.1']);
    expect(await termOf('harbour lights')).toMatchObject({ searches: 5, visitors: 2 });
    expect(await (await offered()).suggest('harb')).toEqual([]);

    await searchFrom('harbour lights', ['198.51.100.3']);
    now = await offered();
    expect(await now.suggest('harb')).toEqual(['harbour lights']);
    expect(now.top).toContain('harbour lights');
    expect(now.main).toContain('harbour lights');
    expect(now.chips).toContain('harbour lights');
    expect(await termOf('harbour lights')).toMatchObject({ visitors: 3, state: 'offered' });
  });

  it('counts hits of a cached search answer by their own address', async () => {
    // Lifetime 3600: the second and third answers come from the stored answer, not the route.
    await searchFrom('meadow picnic', ['203.0.113.1', '203.0.113.2', '203.0.113.3'], 3600);
    expect(await termOf('meadow picnic')).toMatchObject({ searches: 3, visitors: 3, results: 1 });
    expect(await (await offered()).suggest('meadow')).toEqual(['meadow picnic']);
  });

  it('counts the addresses of one IPv6 /64 network as one visitor', async () => {
    await searchFrom('lagoon swim', ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:aaaa::9']);
    expect(await termOf('lagoon swim')).toMatchObject({ visitors: 1, state: 'few_visitors' });
  });

  it('never offers a term whose search found no video', async () => {
    const found = await search('zzqx nowhere', '192.0.2.1');
    expect(found.total_count).toBe(0);
    await searchFrom('zzqx nowhere', ['192.0.2.2', '192.0.2.3', '192.0.2.4']);
    const now = await offered();
    expect(await now.suggest('zzqx')).toEqual([]);
    expect(now.top).not.toContain('zzqx nowhere');
    expect(now.chips).not.toContain('zzqx nowhere');
    expect(await termOf('zzqx nowhere')).toMatchObject({ visitors: 4, results: 0, state: 'no_results' });
  });

  it('never offers (nor stores) a term with markup or control characters', async () => {
    const marked = [
      '<b>bold</b> harbour',
      'harbour &lt;i&gt;',
      'harbour\u200blights',
      'www.spam.example harbour',
    ];
    for (const text of marked) {
      await searchFrom(text, ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14']);
    }
    const db = t.database.handle.db;
    const stored = await db.selectFrom('search_keywords').select('keyword').execute();
    for (const text of marked) expect(stored.map((r) => r.keyword)).not.toContain(text.toLowerCase());
    // A row stored before the rule (or by hand) with every count is still never offered.
    await db
      .insertInto('search_keywords')
      .values({ keyword: '<b>bold</b> sunset', searches: 99, visitors: 9, results: 3 })
      .execute();
    const now = await offered();
    expect(await now.suggest('<b>')).toEqual([]);
    expect(await now.suggest('bold')).toEqual([]);
    expect(now.top.filter((k) => k.includes('<'))).toEqual([]);
    expect(now.main.filter((k) => k.includes('<'))).toEqual([]);
    expect(now.chips.filter((k) => k.includes('<'))).toEqual([]);
    expect(await termOf('<b>bold</b> sunset')).toMatchObject({ state: 'markup' });
  });

  it('counts the same address searching in parallel once, in one process and across two', async () => {
    await Promise.all(Array.from({ length: 12 }, () => search('glacier hike', '198.51.100.50')));
    await t.services.search.flush();
    expect(await termOf('glacier hike')).toMatchObject({ searches: 12, visitors: 1 });
    // Another process (its own service over the same database) counts the same visitor at the same time.
    const other = createSearchService(createSearchRepository(t.database.handle.db), { cacheTtlMs: 0 });
    for (let i = 0; i < 5; i++) {
      other.recordSearch('glacier hike', { address: '198.51.100.50', results: 1 });
      t.services.search.recordSearch('glacier hike', { address: '198.51.100.50', results: 1 });
    }
    other.recordSearch('glacier hike', { address: '198.51.100.51', results: 1 });
    t.services.search.recordSearch('glacier hike', { address: '198.51.100.51', results: 1 });
    await Promise.all([other.flush(), t.services.search.flush(), other.flush()]);
    expect(await termOf('glacier hike')).toMatchObject({ searches: 24, visitors: 2, state: 'few_visitors' });
  });

  it('takes a term with a blocked word out of every list, and back when the word is unblocked', async () => {
    await searchFrom('canyon ride', ['198.51.100.61', '198.51.100.62', '198.51.100.63']);
    expect(await (await offered()).suggest('canyon')).toEqual(['canyon ride']);
    const setWords = async (words: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: ADMIN_SETTINGS_PATH,
        headers: { origin: ORIGIN, cookie: staff.administrator.cookie },
        payload: { act: 'save', values: { search_blocked_words: words } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setWords(['Ride']);
    let now = await offered();
    expect(await now.suggest('canyon')).toEqual([]);
    expect(now.top).not.toContain('canyon ride');
    expect(now.main).not.toContain('canyon ride');
    expect(now.chips).not.toContain('canyon ride');
    expect(await termOf('canyon ride')).toMatchObject({ state: 'blocked' });
    // Whole words only: "rid" blocks nothing here.
    await setWords(['rid', 'kid']);
    now = await offered();
    expect(await now.suggest('canyon')).toEqual(['canyon ride']);
    expect(now.chips).toContain('canyon ride');
  });

  it('lets staff hide a term from every list, audited, and show it again', async () => {
    await searchFrom('orchard stroll', ['198.51.100.71', '198.51.100.72', '198.51.100.73']);
    const term = await termOf('orchard stroll');
    expect(term?.state).toBe('offered');
    // Read with the caches on first: the hide must purge them.
    expect(await (await offered()).suggest('orchard')).toEqual(['orchard stroll']);
    const act = (act: string, who: SignedInUser | null = staff.moderator) =>
      t.app.inject({
        method: 'POST',
        url: ADMIN_SEARCH_TERMS_PATH,
        headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
        payload: { act, ids: String(term?.id) },
      });
    expect((await act('hide', null)).statusCode).toBe(401);
    expect((await act('hide', staff.member)).statusCode).toBe(403);
    const hidden = await act('hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ status: 'success', act: 'hide', changed: [term?.id], not_found: [] });
    expect((await act('hide')).json().changed).toEqual([]);
    // No purge by hand here: the hide itself purged the suggester's and the home page's caches.
    const suggest = await t.app.inject({ url: '/api/suggester.php?c=orchard' });
    expect(suggest.json().keywords).toEqual([]);
    const home = await t.app.inject({ url: '/', headers: { cookie: 'kt_lang=en' } });
    expect(chipsOf(home.body)).not.toContain('orchard stroll');
    const now = await offered();
    expect(now.top).not.toContain('orchard stroll');
    expect(now.main).not.toContain('orchard stroll');
    expect(await termOf('orchard stroll')).toMatchObject({ state: 'hidden' });
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('action', 'like', 'search_term.%')
      .execute();
    expect(audit).toEqual([
      { action: 'search_term.hide', target_type: 'search_term', target_id: String(term?.id) },
    ]);

    expect((await act('unhide')).json().changed).toEqual([term?.id]);
    expect(await (await offered()).suggest('orchard')).toEqual(['orchard stroll']);
  });

  it('answers the console call to staff only, with 400 and 404 codes', async () => {
    expect((await t.app.inject({ url: ADMIN_SEARCH_TERMS_PATH })).statusCode).toBe(401);
    const member = await t.app.inject({
      url: ADMIN_SEARCH_TERMS_PATH,
      headers: { cookie: staff.member.cookie },
    });
    expect(member.statusCode).toBe(403);
    const list = await terms('?state=offered');
    expect(list.threshold).toBe(3);
    expect(list.terms.every((x) => x.state === 'offered')).toBe(true);
    expect(list.terms.map((x) => x.keyword)).toEqual(expect.arrayContaining(['beach party', 'beach']));
    // Most searched first.
    const counts = list.terms.map((x) => x.searches);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const bad = await t.app.inject({
      url: `${ADMIN_SEARCH_TERMS_PATH}?state=gone`,
      headers: { cookie: staff.moderator.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual([{ field: 'state', code: 'invalid' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: ADMIN_SEARCH_TERMS_PATH,
      headers: { origin: ORIGIN, cookie: staff.moderator.cookie },
      payload: { act: 'hide', ids: '999999' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('search_term_not_found');
    // The console page: each term with why it is (not) offered; markup shown as text, never as markup.
    const page = await t.app.inject({
      url: '/admin/search-terms/?q=bold',
      headers: { cookie: staff.moderator.cookie, host: 'tube.test' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;b&gt;bold&lt;/b&gt; sunset');
    expect(page.body).toContain('Markup or control characters');
    expect(page.body).not.toContain('<b>bold</b>');
  });

  it('follows the threshold setting', async () => {
    await searchFrom('quarry climb', ['198.51.100.81', '198.51.100.82']);
    expect(await (await offered()).suggest('quarry')).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: ADMIN_SETTINGS_PATH,
      headers: { origin: ORIGIN, cookie: staff.administrator.cookie },
      payload: { act: 'save', values: { search_suggestion_threshold: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await (await offered()).suggest('quarry')).toEqual(['quarry climb']);
    expect((await terms()).threshold).toBe(2);
  });

  it('gives the demo seed’s terms the videos their words find, so they are offered like real ones', async () => {
    const db = t.database.handle.db;
    await db
      .insertInto('search_keywords')
      .values([
        { keyword: 'sunrise lagoon', searches: 7, visitors: 5 },
        { keyword: 'nowhere zzqy', searches: 6, visitors: 5 },
      ])
      .execute();
    await countKeywordResults(db);
    const rows = await db
      .selectFrom('search_keywords')
      .select(['keyword', 'results'])
      .where('keyword', 'in', ['sunrise lagoon', 'nowhere zzqy'])
      .orderBy('keyword')
      .execute();
    expect(rows).toEqual([
      { keyword: 'nowhere zzqy', results: 0 },
      { keyword: 'sunrise lagoon', results: 1 },
    ]);
    expect(await (await offered()).suggest('sunrise')).toEqual(['sunrise lagoon']);
  });
});
