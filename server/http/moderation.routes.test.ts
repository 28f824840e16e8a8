// The moderation queue (issue 4) through app.inject on both databases: permissions per role, the queue,
// approve and reject with their audit rows, the listing after approval, and bad input. The pages:
// moderation.pages.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import type { ModerationQueue } from '../../contract/moderation.ts';
import { processVideoKey } from '../pipeline/definitions.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertCategories } from '../test/fixtures.ts';
import { type ClipFiles, insertUploadedVideo, makeClipFiles } from '../test/moderation-fixtures.ts';

const URL = '/api/admin/moderation.php';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let clip: ClipFiles;
beforeAll(async () => {
  clip = await makeClipFiles();
}, 60_000);

describe.each(databaseKinds())('/api/admin/moderation.php on %s', (kind) => {
  let t: TestApp;
  const sid: Record<'member' | 'moderator' | 'admin' | 'uploader', string> = {
    member: '',
    moderator: '',
    admin: '',
    uploader: '',
  };
  let uploaderId = 0;
  let moderatorId = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, env: { CATALOG_CACHE: 'off' } });
    const make = async (name: string, role: 'member' | 'moderator' | 'administrator') => {
      const user = await t.services.accounts.createUser({
        username: name,
        email: `${name}@example.com`,
        password: 'secret1',
        role,
      });
      return {
        id: user.user_id,
        sid: await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null }),
      };
    };
    const uploader = await make('uploader', 'member');
    uploaderId = uploader.id;
    sid.uploader = uploader.sid;
    sid.member = (await make('bystander', 'member')).sid;
    const moderator = await make('moderator', 'moderator');
    moderatorId = moderator.id;
    sid.moderator = moderator.sid;
    sid.admin = (await make('boss', 'administrator')).sid;

    const db = t.database.handle.db;
    const add = async (key: string, fixture: Parameters<typeof insertUploadedVideo>[3]) => {
      ids[key] = (await insertUploadedVideo(db, t.services.storage, clip, fixture)).id;
    };
    await add('newer', { title: 'Harbour Lights Test', userId: uploaderId, minutesAgo: 5 });
    await add('older', { title: 'Meadow Walk Test', userId: uploaderId, minutesAgo: 30 });
    await add('third', { title: 'Rooftop Garden Test', userId: uploaderId, minutesAgo: 20 });
    await add('fourth', { title: 'Lake Morning Test', userId: uploaderId, minutesAgo: 10 });
    await add('active', { title: 'Already Listed Test', userId: uploaderId, status: 1, minutesAgo: 60 * 24 });
    await add('processing', { title: 'Still Processing Test', userId: uploaderId, status: 2 });
    const categories = await insertCategories(db, ['test-patterns']);
    await db
      .insertInto('video_categories')
      .values({ video_id: ids.older ?? 0, category_id: categories.get('test-patterns') ?? 0 })
      .execute();
  });
  afterAll(() => t.close());

  const get = (cookie?: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${URL}${query}`,
      headers: cookie ? { cookie: `sid=${cookie}` } : {},
    });
  const post = (
    cookie: string | undefined,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...FORM, ...(cookie ? { cookie: `sid=${cookie}` } : {}), ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  const statusOf = async (id: number | undefined) =>
    t.database.handle.db
      .selectFrom('videos')
      .select(['status', 'reject_reason', 'post_date'])
      .where('id', '=', id ?? 0)
      .executeTakeFirstOrThrow();

  /** The audit log's entries about a video (issue 17). */
  const auditOf = (id: number | undefined) =>
    t.database.handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'details'])
      .where('target_type', '=', 'video')
      .where('target_id', '=', String(id ?? 0))
      .execute();

  describe('permissions', () => {
    it('asks a guest to sign in (401) and refuses a member (403), on both methods', async () => {
      const guest = await get();
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'login_required', codes: [] });
      const member = await get(sid.member);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({
        error: 'You do not have permission to view.',
        code: 'forbidden',
        codes: [],
      });

      expect((await post(undefined, { act: 'approve', video_id: String(ids.older) })).statusCode).toBe(401);
      const memberPost = await post(sid.member, { act: 'approve', video_id: String(ids.older) });
      expect(memberPost.statusCode).toBe(403);
      expect(memberPost.json().code).toBe('forbidden');
      // Bad input does not reveal the rules to someone who may not use them.
      expect((await post(sid.member, { act: 'nonsense' })).statusCode).toBe(403);
      expect((await get(sid.member, '?page=x')).statusCode).toBe(403);
      expect((await statusOf(ids.older)).status).toBe(3);
    });

    it('lets moderators and administrators in, never cached', async () => {
      for (const who of [sid.moderator, sid.admin]) {
        const res = await get(who);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('refuses a foreign Origin on POST', async () => {
      const res = await post(
        sid.moderator,
        { act: 'approve', video_id: String(ids.older) },
        { origin: 'https://evil.example' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('bad_origin');
      expect((await statusOf(ids.older)).status).toBe(3);
    });
  });

  describe('the queue', () => {
    it('lists waiting videos only, oldest first, with uploader, facts and file URLs that load', async () => {
      const res = await get(sid.moderator);
      const body = res.json() as ModerationQueue;
      expect(body.total_count).toBe(4);
      expect(body.page).toBe(1);
      expect(body.videos.map((v) => v.video_id)).toEqual([ids.older, ids.third, ids.fourth, ids.newer]);
      const first = body.videos[0];
      expect(first).toMatchObject({
        title: 'Meadow Walk Test',
        duration: 3,
        width: 320,
        height: 180,
        uploader: { user_id: uploaderId, username: 'uploader' },
      });
      expect(first?.size).toBeGreaterThan(1000);
      // No probe facts yet: every field is null, never a 500.
      expect(first?.probe).toEqual({
        container: null,
        video_codec: null,
        audio_codec: null,
        fps: null,
        bitrate: null,
      });
      expect(first?.thumbs).toHaveLength(3);
      expect(first?.sources).toHaveLength(1);
      expect(first?.sources[0]).toMatchObject({ format: '180p', mime: 'video/mp4', height: 180 });
      // The local store answers /media/ URLs: the moderator's player and stills really load, for the
      // moderator only (the video is not listed yet).
      for (const url of [first?.sources[0]?.url, first?.poster, first?.thumbs[0]]) {
        expect(url).toMatch(/^\/media\/videos\//);
        const file = await t.app.inject({
          method: 'GET',
          url: url ?? '',
          headers: { cookie: `sid=${sid.moderator}` },
        });
        expect(file.statusCode).toBe(200);
        expect(Number(file.headers['content-length'])).toBeGreaterThan(100);
        expect((await t.app.inject({ method: 'GET', url: url ?? '' })).statusCode).toBe(404);
      }
    });

    it("shows the pipeline's probe facts (videos.probe)", async () => {
      await sql`UPDATE videos SET probe = ${JSON.stringify({
        container: 'mov,mp4,m4a,3gp,3g2,mj2',
        video_codec: 'h264',
        audio_codec: 'aac',
        fps: 25,
        bitrate: 912000,
        width: 320,
        height: 180,
      })}::jsonb WHERE id = ${ids.newer}`.execute(t.database.handle.db);
      const body = (await get(sid.moderator)).json() as ModerationQueue;
      expect(body.videos.find((v) => v.video_id === ids.newer)?.probe).toEqual({
        container: 'mov,mp4,m4a,3gp,3g2,mj2',
        video_codec: 'h264',
        audio_codec: 'aac',
        fps: 25,
        bitrate: 912000,
      });
    });

    it('pages, and answers 400 for a bad page', async () => {
      const empty = (await get(sid.moderator, '?page=2')).json() as ModerationQueue;
      expect(empty.videos).toEqual([]);
      expect(empty.total_count).toBe(4);
      for (const bad of ['0', '-1', 'abc', '01', '99999']) {
        const res = await get(sid.moderator, `?page=${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid', codes: [{ field: 'page', code: 'invalid' }] });
      }
    });
  });

  describe('decisions', () => {
    const latest = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: videos2Path({ gender: 'str', sort: 'latest-updates', count: 60, section: 'videos', page: 1 }),
      });
      return (res.json() as { videos: { video_id: number }[] }).videos.map((v) => v.video_id);
    };

    it('approves: status 1, a fresh post date, an audit row, the top of latest-updates', async () => {
      expect(await latest()).not.toContain(ids.older);
      const before = Date.now();
      const res = await post(sid.moderator, { act: 'approve', video_id: String(ids.older) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', video_id: ids.older, status_id: 1 });
      const row = await statusOf(ids.older);
      expect(row.status).toBe(1);
      expect(new Date(row.post_date).getTime()).toBeGreaterThanOrEqual(before - 5_000);
      const events = await t.database.handle.db
        .selectFrom('moderation_events')
        .selectAll()
        .where('video_id', '=', ids.older ?? 0)
        .execute();
      expect(events).toMatchObject([{ moderator_id: moderatorId, action: 'approve', reason: null }]);
      expect(await auditOf(ids.older)).toEqual([
        { actor_id: moderatorId, action: 'video.approve', details: {} },
      ]);
      expect((await latest())[0]).toBe(ids.older);
      const player = await t.app.inject({ method: 'GET', url: `/api/videofile.php?video_id=${ids.older}` });
      expect(player.statusCode).toBe(200);
      const uploader = await t.database.handle.db
        .selectFrom('users')
        .select('videos_count')
        .where('id', '=', uploaderId)
        .executeTakeFirstOrThrow();
      expect(uploader.videos_count).toBe(1);
      const category = await t.database.handle.db
        .selectFrom('categories')
        .select('total_videos')
        .where('dir', '=', 'test-patterns')
        .executeTakeFirstOrThrow();
      expect(category.total_videos).toBe(1);
      // It left the queue.
      expect(((await get(sid.moderator)).json() as ModerationQueue).total_count).toBe(3);
    });

    it('a second approval is 409 invalid_state, and writes nothing', async () => {
      const res = await post(sid.admin, { act: 'approve', video_id: String(ids.older) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'invalid_state', info: { status_id: 1 } });
      const events = await t.database.handle.db
        .selectFrom('moderation_events')
        .select('id')
        .where('video_id', '=', ids.older ?? 0)
        .execute();
      expect(events).toHaveLength(1);
      expect(await auditOf(ids.older)).toHaveLength(1);
      // Neither an active nor a processing video can be decided on.
      expect(
        (await post(sid.admin, { act: 'reject', video_id: String(ids.active), reason: 'blood' })).statusCode,
      ).toBe(409);
      expect((await post(sid.admin, { act: 'approve', video_id: String(ids.processing) })).statusCode).toBe(
        409,
      );
    });

    it('an unknown video is 404', async () => {
      const res = await post(sid.moderator, { act: 'approve', video_id: '999999' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('video_not_found');
    });

    it('rejects with a standard reason: status 4, the reason kept, never listed or played', async () => {
      const res = await post(sid.admin, { act: 'reject', video_id: String(ids.third), reason: 'violence' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', video_id: ids.third, status_id: 4 });
      expect(await statusOf(ids.third)).toMatchObject({ status: 4, reject_reason: 'violence' });
      expect(await latest()).not.toContain(ids.third);
      const player = await t.app.inject({ method: 'GET', url: `/api/videofile.php?video_id=${ids.third}` });
      expect(player.statusCode).toBe(404);
      // A rejected video cannot then be approved.
      expect((await post(sid.admin, { act: 'approve', video_id: String(ids.third) })).statusCode).toBe(409);
    });

    it("rejects with 'other' and the moderator's words", async () => {
      const res = await post(sid.moderator, {
        act: 'reject',
        video_id: String(ids.fourth),
        reason: 'other',
        reason_text: '  Watermark of another site  ',
      });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(ids.fourth)).toMatchObject({
        status: 4,
        reject_reason: 'Watermark of another site',
      });
      const event = await t.database.handle.db
        .selectFrom('moderation_events')
        .select(['action', 'reason', 'note'])
        .where('video_id', '=', ids.fourth ?? 0)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ action: 'reject', reason: 'other', note: 'Watermark of another site' });
      expect(await auditOf(ids.fourth)).toEqual([
        {
          actor_id: moderatorId,
          action: 'video.reject',
          details: { reason: 'other', text: 'Watermark of another site' },
        },
      ]);
    });

    it('answers bad input with 400 and the field codes', async () => {
      const id = String(ids.newer);
      const cases: [Record<string, string>, { field: string; code: string }[]][] = [
        [
          {},
          [
            { field: 'act', code: 'required' },
            { field: 'video_id', code: 'required' },
          ],
        ],
        [{ act: 'delete', video_id: id }, [{ field: 'act', code: 'invalid' }]],
        [{ act: 'approve', video_id: 'abc' }, [{ field: 'video_id', code: 'invalid' }]],
        [{ act: 'approve', video_id: '0' }, [{ field: 'video_id', code: 'invalid' }]],
        [{ act: 'reject', video_id: id }, [{ field: 'reason', code: 'required' }]],
        [{ act: 'reject', video_id: id, reason: 'boring' }, [{ field: 'reason', code: 'invalid' }]],
        [{ act: 'reject', video_id: id, reason: 'other' }, [{ field: 'reason_text', code: 'required' }]],
        [
          { act: 'reject', video_id: id, reason: 'other', reason_text: 'x'.repeat(501) },
          [{ field: 'reason_text', code: 'max_length' }],
        ],
      ];
      for (const [form, codes] of cases) {
        const res = await post(sid.moderator, form);
        expect(res.statusCode, JSON.stringify(form)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid', codes });
      }
      // JSON with non-string fields is a 400 too, never a 500.
      const json = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json', cookie: `sid=${sid.moderator}` },
        payload: JSON.stringify({ act: ['approve'], video_id: 5 }),
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().codes).toEqual([
        { field: 'act', code: 'invalid' },
        { field: 'video_id', code: 'invalid' },
      ]);
      expect((await statusOf(ids.newer)).status).toBe(3);
      // 500 characters exactly is accepted.
      const ok = await post(sid.moderator, {
        act: 'reject',
        video_id: id,
        reason: 'other',
        reason_text: 'y'.repeat(500),
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('uploads of a member', () => {
    it('the uploader sees every status with the reason; others see active public videos only', async () => {
      const viewer = async (cookie: string | undefined) => {
        const user = cookie ? ((await t.services.accounts.userForSession(cookie))?.user ?? null) : null;
        return t.services.moderation.uploads(user, uploaderId, 1);
      };
      await t.database.handle.db
        .insertInto('job_progress')
        .values({
          job_id: 'job-1',
          name: 'video.process',
          singleton_key: processVideoKey(ids.processing ?? 0),
          percent: 40,
        })
        .execute();
      const own = await viewer(sid.uploader);
      expect(own?.own).toBe(true);
      const byId = new Map(own?.videos.map((v) => [v.video_id, v]));
      expect(byId.get(ids.third ?? 0)).toMatchObject({ status_id: 4, reject_reason: 'violence' });
      expect(byId.get(ids.fourth ?? 0)).toMatchObject({
        status_id: 4,
        reject_reason: 'Watermark of another site',
      });
      expect(byId.get(ids.processing ?? 0)).toMatchObject({ status_id: 2, progress: 40 });
      expect(byId.get(ids.older ?? 0)).toMatchObject({ status_id: 1 });
      expect(own?.total_count).toBe(6);

      for (const other of [sid.member, undefined]) {
        const seen = await viewer(other);
        expect(seen?.own).toBe(false);
        expect(seen?.videos.map((v) => v.video_id).sort()).toEqual([ids.older, ids.active].sort());
        expect(seen?.videos.every((v) => v.reject_reason === null)).toBe(true);
      }
      expect(await t.services.moderation.uploads(null, 999999, 1)).toBeNull();
    });
  });
});

// Issue 12: a staff write that changes what the public site shows purges the caches
// (services.changes.notify). With the catalogue's caches on, the list read just before an approval
// would otherwise be served for another minute without the newly listed video.
describe.each(databaseKinds())('an approval on %s with the caches on', (kind) => {
  let t: TestApp;
  let moderator = '';
  let waiting = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false, env: { CATALOG_CACHE: 'on' } });
    const user = await t.services.accounts.createUser({
      username: 'cachemod',
      email: 'cachemod@example.com',
      password: 'secret1',
      role: 'moderator',
    });
    moderator = await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null });
    const db = t.database.handle.db;
    const userId = user.user_id;
    await insertUploadedVideo(db, t.services.storage, clip, {
      title: 'Listed Before Test',
      userId,
      status: 1,
      minutesAgo: 60,
    });
    waiting = (
      await insertUploadedVideo(db, t.services.storage, clip, { title: 'Approved Now Test', userId })
    ).id;
  });
  afterAll(() => t.close());

  const latest = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: videos2Path({ gender: 'str', sort: 'latest-updates', count: 60, section: 'videos', page: 1 }),
    });
    return (res.json() as { videos: { video_id: number }[] }).videos.map((v) => v.video_id);
  };

  it('shows the approved video in the next read of the lists', async () => {
    expect(await latest()).not.toContain(waiting);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...FORM, cookie: `sid=${moderator}` },
      payload: new URLSearchParams({ act: 'approve', video_id: String(waiting) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect((await latest())[0]).toBe(waiting);
  });
});
