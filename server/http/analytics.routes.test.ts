// POST /api/stats.php over HTTP (issue 17): the browser's batches of page views and goals. Bad input is
// a 400 with the contract's codes and counts nothing, an oversize body 413, a foreign Origin 403; 20
// parallel calls add up exactly once flushed; an address past its budget gets 429 while others go on;
// the call spends none of the site's general write budget; the flusher's timer writes stats_daily.
// GET /api/stats.php?goal=… (the pixel form, for ad impressions) counts its few goals only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_CALLS_PER_MINUTE, STATS_MAX_EVENTS, STATS_PATH } from '../../contract/analytics.ts';
import { startStatsFlusher } from '../modules/analytics/stats-flusher.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';

const ORIGIN = 'http://tube.test';
let nextAddress = 1;
const freshAddress = () => {
  const n = nextAddress++;
  return `192.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

describe.each(databaseKinds())('POST /api/stats.php on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
  });
  afterAll(() => t?.close());

  const post = (body: string, options: { type?: string; ip?: string; origin?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: STATS_PATH,
      headers: {
        'content-type': options.type ?? 'text/plain;charset=UTF-8',
        origin: options.origin ?? ORIGIN,
      },
      remoteAddress: options.ip ?? freshAddress(),
      payload: body,
    });
  const send = (events: unknown[], options: { type?: string; ip?: string } = {}) =>
    post(JSON.stringify({ events }), options);

  /** stats_daily of today as { 'metric|name': count }. */
  const counted = async () => {
    const rows = await t.database.handle.db
      .selectFrom('stats_daily')
      .select(['metric', 'name', 'count'])
      .where('day', '=', new Date().toISOString().slice(0, 10))
      .execute();
    return Object.fromEntries(rows.map((r) => [`${r.metric}|${r.name}`, Number(r.count)]));
  };
  const reset = async () => {
    await t.services.analytics.flush();
    await t.database.handle.db.deleteFrom('stats_daily').execute();
  };

  it('counts a batch sent as sendBeacon sends it (text/plain) and as JSON, once flushed', async () => {
    await reset();
    const beacon = await send([
      { type: 'hit', route: 'routes/home' },
      { type: 'hit', route: 'routes/video', campaign: 'Spring-24' },
      { type: 'goal', name: 'player_play' },
    ]);
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect(beacon.json()).toEqual({ ok: true, accepted: 3 });
    expect(beacon.headers['cache-control']).toBe('no-store');
    const json = await send([{ type: 'goal', name: 'tablink_click' }], { type: 'application/json' });
    expect(json.statusCode, json.body).toBe(200);
    // Nothing is written by the call itself.
    expect(await counted()).toEqual({});
    expect(await t.services.analytics.unflushed()).toBe(4);
    await t.services.analytics.flush();
    expect(await counted()).toEqual({
      'page_view|routes/home': 1,
      'page_view|routes/video': 1,
      'campaign|Spring-24': 1,
      'goal|player_play': 1,
      'goal|tablink_click': 1,
    });
  });

  it('refuses bad input with the codes, and counts nothing of it', async () => {
    await reset();
    const cases: { body: string; type?: string; status: number; code: string }[] = [
      { body: 'not json', status: 400, code: 'invalid_json' },
      { body: '', status: 400, code: 'invalid_json' },
      { body: '{}', status: 400, code: 'required' },
      { body: '{"events":[]}', status: 400, code: 'required' },
      { body: '{"events":"x"}', status: 400, code: 'required' },
      { body: '{"events":[{"type":"view","route":"routes/home"}]}', status: 400, code: 'invalid_type' },
      { body: '{"events":[{"type":"hit"}]}', status: 400, code: 'invalid_name' },
      { body: '{"events":[{"type":"hit","route":"Routes/Home"}]}', status: 400, code: 'invalid_name' },
      { body: `{"events":[{"type":"goal","name":"${'a'.repeat(65)}"}]}`, status: 400, code: 'invalid_name' },
      { body: '{"events":[{"type":"goal","name":"a|b"}]}', status: 400, code: 'invalid_name' },
      {
        body: '{"events":[{"type":"hit","route":"routes/home","campaign":"two words"}]}',
        status: 400,
        code: 'invalid_campaign',
      },
      {
        body: `{"events":[{"type":"hit","route":"routes/home","campaign":"${'c'.repeat(65)}"}]}`,
        status: 400,
        code: 'invalid_campaign',
      },
      {
        // One bad event refuses the whole batch.
        body: '{"events":[{"type":"goal","name":"ok"},{"type":"goal","name":"NO"}]}',
        status: 400,
        code: 'invalid_name',
      },
      {
        body: JSON.stringify({ events: Array(STATS_MAX_EVENTS + 1).fill({ type: 'goal', name: 'x' }) }),
        status: 400,
        code: 'too_many_events',
      },
      { body: 'events=x', type: 'application/x-www-form-urlencoded', status: 400, code: 'required' },
      {
        body: '\u0000',
        type: 'application/octet-stream',
        status: 415,
        code: 'fst_err_ctp_invalid_media_type',
      },
    ];
    for (const c of cases) {
      const res = await post(c.body, c.type ? { type: c.type } : {});
      expect(res.statusCode, `${c.body.slice(0, 80)}: ${res.body}`).toBe(c.status);
      expect(res.json().code, c.body.slice(0, 80)).toBe(c.code);
    }
    // 50 events is the most a call takes.
    const fifty = await send(Array(STATS_MAX_EVENTS).fill({ type: 'goal', name: 'x' }));
    expect(fifty.statusCode, fifty.body).toBe(200);
    await t.services.analytics.flush();
    expect(await counted()).toEqual({ 'goal|x': STATS_MAX_EVENTS });
  });

  it('refuses a body over 16 KiB with 413, and a foreign Origin with 403', async () => {
    const big = JSON.stringify({ events: [{ type: 'goal', name: 'x' }], pad: 'x'.repeat(17 * 1024) });
    const res = await post(big);
    expect(res.statusCode).toBe(413);
    const evil = await post(JSON.stringify({ events: [{ type: 'goal', name: 'x' }] }), {
      origin: 'https://evil.example',
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe('bad_origin');
  });

  it('adds up 20 parallel calls exactly', async () => {
    await reset();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send([
          { type: 'hit', route: 'routes/video', campaign: 'test1' },
          { type: 'hit', route: 'routes/home' },
          { type: 'goal', name: i % 2 === 0 ? 'player_start' : 'player_complete' },
        ]),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await Promise.all([t.services.analytics.flush(), t.services.analytics.flush()]);
    expect(await counted()).toEqual({
      'page_view|routes/video': 20,
      'page_view|routes/home': 20,
      'campaign|test1': 20,
      'goal|player_start': 10,
      'goal|player_complete': 10,
    });
  });

  it('gives an address its budget of calls a minute (429 past it), others unaffected', async () => {
    await reset();
    const ip = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: STATS_CALLS_PER_MINUTE + 10 }, () =>
        send([{ type: 'goal', name: 'budget' }], { ip }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(STATS_CALLS_PER_MINUTE);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.json().code).toBe('too_many_requests');
    expect((await send([{ type: 'goal', name: 'budget' }])).statusCode).toBe(200);
    await t.services.analytics.flush();
    expect(await counted()).toEqual({ 'goal|budget': STATS_CALLS_PER_MINUTE + 1 });
  });

  it('counts an ad impression through the pixel form (GET, any Origin), and no other goal', async () => {
    await reset();
    const pixel = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: `${STATS_PATH}${query}`, headers, remoteAddress: freshAddress() });
    // What a VAST client asks once it replaced [CACHEBUSTING]; an image request from another site too.
    const shown = await pixel('?goal=house_preroll_impression&cb=12345678', {
      origin: 'https://player.example',
    });
    expect(shown.statusCode, shown.body).toBe(204);
    expect(shown.body).toBe('');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect((await pixel('?goal=house_preroll_impression&cb=[CACHEBUSTING]')).statusCode).toBe(204);
    for (const query of ['', '?goal=player_play', '?goal=page_view', '?name=house_preroll_impression']) {
      const res = await pixel(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('invalid_name');
    }
    await t.services.analytics.flush();
    expect(await counted()).toEqual({ 'goal|house_preroll_impression': 2 });
  });

  it('writes stats_daily on the flusher timer, and a last time when stopped', async () => {
    await reset();
    const flusher = startStatsFlusher(t.services.analytics, { intervalMs: 50, log: console });
    try {
      await send([{ type: 'hit', route: 'routes/video', campaign: 'timer' }]);
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && (await counted())['page_view|routes/video'] !== 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await counted()).toEqual({ 'page_view|routes/video': 1, 'campaign|timer': 1 });
      await send([{ type: 'goal', name: 'last' }]);
    } finally {
      await flusher.stop();
    }
    expect((await counted())['goal|last']).toBe(1);
  });
});

describe('POST /api/stats.php beside the general write budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false, env: { WRITE_RATE_LIMIT: '3' } });
  });
  afterAll(() => t?.close());

  it('spends none of it: a page sends more beacons than the budget of writes', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: STATS_PATH,
        headers: { 'content-type': 'text/plain', origin: ORIGIN },
        remoteAddress: '198.51.100.77',
        payload: JSON.stringify({ events: [{ type: 'goal', name: 'x' }] }),
      });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await call()).statusCode);
    expect(answers).toEqual(Array(8).fill(200));
    // Another write from the address still has its budget.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      remoteAddress: '198.51.100.77',
      payload: 'act=view&section=video&object_id=1',
    });
    expect(form.statusCode).not.toBe(429);
  });
});
