// Thumbnail trials over HTTP (issue 32 part 1): the listing cards of a video in a trial carry its
// candidate stills (and a settled or pinned still becomes the card's picture); POST /api/thumbs.php counts
// impressions and clicks per still once flushed, refuses bad input with the contract's codes (never a
// 500), ignores ended trials, holds its per-address budget under parallel calls; the console's call is
// staff only and pins, unpins and restarts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api-values.ts';
import {
  ADMIN_THUMBS_PATH,
  THUMBS_BODY_LIMIT,
  THUMBS_CALLS_PER_MINUTE,
  THUMBS_MAX_EVENTS,
  THUMBS_PATH,
} from '../../contract/thumbs.ts';
import { insertVideoWithThumbs } from '../modules/thumbs/thumbs-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createRoles, type RoleFixture } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
let nextAddress = 1;
const freshAddress = () => {
  const n = nextAddress++;
  return `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

describe.each(databaseKinds())('thumbnail trials on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let trialVideo: number;
  let plainVideo: number;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      ssr: false,
      ...(process.env.TEST_REDIS_URL ? { env: { REDIS_URL: process.env.TEST_REDIS_URL } } : {}),
    });
    roles = await createRoles(t, 'thumbs');
    const db = t.database.handle.db;
    trialVideo = await insertVideoWithThumbs(db, 'Trial Harbour Walk');
    plainVideo = await insertVideoWithThumbs(db, 'Plain Morning Slate', 0);
    await t.services.thumbs.sweep();
  }, 240_000);
  afterAll(() => t?.close());

  const post = (body: string, options: { ip?: string; origin?: string; type?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: THUMBS_PATH,
      headers: {
        'content-type': options.type ?? 'text/plain;charset=UTF-8',
        origin: options.origin ?? ORIGIN,
      },
      remoteAddress: options.ip ?? freshAddress(),
      payload: body,
    });
  const send = (events: unknown[], options: { ip?: string } = {}) =>
    post(JSON.stringify({ events }), options);
  const counts = async (videoId: number) =>
    Object.fromEntries(
      (
        await t.database.handle.db
          .selectFrom('thumb_counts')
          .select(['still', 'impressions', 'clicks'])
          .where('video_id', '=', videoId)
          .execute()
      ).map((r) => [r.still, [Number(r.impressions), Number(r.clicks)]]),
    );
  const card = async (videoId: number) => {
    const res = await t.app.inject({
      url: videos2Path({
        lifetime: 0,
        gender: 'str',
        sort: 'latest-updates',
        count: 60,
        section: 'videos',
        page: 1,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().videos as { video_id: number; scr: string; stills?: [number, string][] }[]).find(
      (v) => v.video_id === videoId,
    );
  };
  const admin = (
    method: 'GET' | 'POST',
    who: 'guest' | 'member' | 'moderator',
    body?: Record<string, string>,
  ) =>
    t.app.inject({
      method,
      url:
        method === 'GET'
          ? `${ADMIN_THUMBS_PATH}?video_id=${body?.video_id ?? trialVideo}`
          : ADMIN_THUMBS_PATH,
      headers: {
        ...roles.headers(who),
        origin: ORIGIN,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { payload: new URLSearchParams(body).toString() } : {}),
    });

  it('puts a new video in a trial and its listing card carries the candidate stills', async () => {
    const c = await card(trialVideo);
    expect(c?.stills).toEqual([
      [0, `/media/fixture/${trialVideo}/poster.jpg`],
      [2, `/media/fixture/${trialVideo}/thumbs/2.jpg`],
      [4, `/media/fixture/${trialVideo}/thumbs/4.jpg`],
      [6, `/media/fixture/${trialVideo}/thumbs/6.jpg`],
    ]);
    expect(c?.scr).toBe(`/media/fixture/${trialVideo}/poster.jpg`);
    // A video without thumbnails has no trial; its card is as before.
    expect((await card(plainVideo))?.stills).toBeUndefined();
  });

  it('counts impressions and clicks per still once flushed', async () => {
    const res = await send([
      { video_id: trialVideo, still: 2, type: 'impression' },
      { video_id: trialVideo, still: 2, type: 'click' },
      { video_id: trialVideo, still: 4, type: 'impression' },
      // An ended or unknown trial's event in a batch with others: ignored, the rest counted.
      { video_id: plainVideo, still: 0, type: 'impression' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, accepted: 3, ignored: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await counts(trialVideo)).toEqual({});
    await t.services.thumbs.flush();
    expect(await counts(trialVideo)).toEqual({ 2: [1, 1], 4: [1, 0] });
  });

  it('refuses bad input with the contract codes and counts nothing of it', async () => {
    const ok = { video_id: trialVideo, still: 0, type: 'impression' };
    const cases: { body: string; status: number; code: string; type?: string }[] = [
      { body: 'not json', status: 400, code: 'invalid_json' },
      { body: '{}', status: 400, code: 'required' },
      { body: '{"events":[]}', status: 400, code: 'required' },
      { body: JSON.stringify({ events: [{ ...ok, still: 16 }] }), status: 400, code: 'invalid_still' },
      { body: JSON.stringify({ events: [{ ...ok, still: -1 }] }), status: 400, code: 'invalid_still' },
      { body: JSON.stringify({ events: [{ ...ok, still: 1.5 }] }), status: 400, code: 'invalid_still' },
      { body: JSON.stringify({ events: [{ ...ok, video_id: 0 }] }), status: 400, code: 'invalid_video' },
      { body: JSON.stringify({ events: [{ ...ok, video_id: '7' }] }), status: 400, code: 'invalid_video' },
      { body: JSON.stringify({ events: [{ ...ok, type: 'view' }] }), status: 400, code: 'invalid_type' },
      {
        body: JSON.stringify({ events: Array(THUMBS_MAX_EVENTS + 1).fill(ok) }),
        status: 400,
        code: 'too_many_events',
      },
      // Well formed, but no event of a running trial: an unknown video, a still the trial does not have.
      { body: JSON.stringify({ events: [{ ...ok, video_id: 999999 }] }), status: 404, code: 'unknown_video' },
      {
        body: JSON.stringify({ events: [{ ...ok, video_id: plainVideo }] }),
        status: 404,
        code: 'unknown_video',
      },
      { body: JSON.stringify({ events: [{ ...ok, still: 1 }] }), status: 404, code: 'unknown_still' },
      { body: 'x'.repeat(THUMBS_BODY_LIMIT + 1), status: 413, code: 'fst_err_ctp_body_too_large' },
    ];
    await t.services.thumbs.flush();
    const before = await counts(trialVideo);
    for (const c of cases) {
      const res = await post(c.body, c.type ? { type: c.type } : {});
      expect(res.statusCode, `${c.body.slice(0, 80)}: ${res.body}`).toBe(c.status);
      expect(res.json().code, c.body.slice(0, 80)).toBe(c.code);
    }
    const foreign = await send([ok], { ip: freshAddress() });
    expect(foreign.statusCode).toBe(200);
    const bad = await post(JSON.stringify({ events: [ok] }), { origin: 'https://elsewhere.example' });
    expect(bad.statusCode).toBe(403);
    await t.services.thumbs.flush();
    const after = await counts(trialVideo);
    expect(after[0]).toEqual([(before[0]?.[0] ?? 0) + 1, 0]);
  });

  it("holds an address's budget under parallel calls, and counts exactly what it admitted", async () => {
    await t.services.thumbs.flush();
    const before = (await counts(trialVideo))[6]?.[0] ?? 0;
    const ip = freshAddress();
    const calls = THUMBS_CALLS_PER_MINUTE + 10;
    const results = await Promise.all(
      Array.from({ length: calls }, () =>
        send([{ video_id: trialVideo, still: 6, type: 'impression' }], { ip }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(THUMBS_CALLS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(results.find((r) => r.statusCode === 429)?.json().code).toBe('too_many_requests');
    // Another address is not held back.
    expect((await send([{ video_id: trialVideo, still: 6, type: 'impression' }])).statusCode).toBe(200);
    await t.services.thumbs.flush();
    expect((await counts(trialVideo))[6]?.[0]).toBe(before + THUMBS_CALLS_PER_MINUTE + 1);
  });

  it('lets staff only read the trial, and pin, unpin and restart it: the card follows', async () => {
    expect((await admin('GET', 'guest')).statusCode).toBe(401);
    expect((await admin('GET', 'member')).statusCode).toBe(403);
    expect(
      (await admin('POST', 'member', { video_id: String(trialVideo), act: 'pin', still: '2' })).statusCode,
    ).toBe(403);
    const view = await admin('GET', 'moderator');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().state).toBe('trial');
    expect(view.json().stills.map((s: { still: number }) => s.still)).toEqual([0, 2, 4, 6]);
    const two = view.json().stills.find((s: { still: number }) => s.still === 2);
    expect(two).toMatchObject({ impressions: 1, clicks: 1, rate: 1, live: true });

    const pinned = await admin('POST', 'moderator', { video_id: String(trialVideo), act: 'pin', still: '4' });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ state: 'pinned', chosen: 4 });
    let c = await card(trialVideo);
    expect(c?.scr).toBe(`/media/fixture/${trialVideo}/thumbs/4.jpg`);
    expect(c?.stills).toBeUndefined();
    // A pinned trial takes no more counts: the beacon's events are ignored.
    const late = await send([{ video_id: trialVideo, still: 4, type: 'impression' }]);
    expect(late.statusCode).toBe(404);

    const unpinned = await admin('POST', 'moderator', { video_id: String(trialVideo), act: 'unpin' });
    expect(unpinned.json()).toMatchObject({ state: 'trial', chosen: null });
    c = await card(trialVideo);
    expect(c?.stills?.map(([n]) => n)).toEqual([0, 2, 4, 6]);
    expect(
      (await admin('POST', 'moderator', { video_id: String(trialVideo), act: 'unpin' })).json().code,
    ).toBe('not_pinned');

    // A still outside the candidates can be pinned too, and the console lists it.
    const five = await admin('POST', 'moderator', { video_id: String(trialVideo), act: 'pin', still: '5' });
    expect(five.json()).toMatchObject({ state: 'pinned', chosen: 5 });
    expect(five.json().stills.map((s: { still: number }) => s.still)).toContain(5);
    expect((await card(trialVideo))?.scr).toBe(`/media/fixture/${trialVideo}/thumbs/5.jpg`);

    const restarted = await admin('POST', 'moderator', { video_id: String(trialVideo), act: 'restart' });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json().stills.every((s: { impressions: number }) => s.impressions === 0)).toBe(true);

    const errors: [Record<string, string>, number, string][] = [
      [{ video_id: String(trialVideo), act: 'pin', still: '7' }, 404, 'still_not_found'],
      [{ video_id: String(trialVideo), act: 'pin' }, 400, 'invalid'],
      [{ video_id: String(trialVideo), act: 'pin', still: '99' }, 400, 'invalid'],
      [{ video_id: '999999', act: 'pin', still: '0' }, 404, 'not_found'],
      [{ video_id: 'x', act: 'pin', still: '0' }, 400, 'invalid'],
      [{ video_id: String(trialVideo), act: 'explode' }, 400, 'invalid'],
      [{ video_id: String(plainVideo), act: 'restart' }, 409, 'no_stills'],
    ];
    for (const [body, status, code] of errors) {
      const res = await admin('POST', 'moderator', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await admin('GET', 'moderator', { video_id: '999999' })).statusCode).toBe(404);
  });
});
