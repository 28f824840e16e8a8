// Issue 28: Redis down and back. The test runs a Redis of its own (own-servers.ts), stops it under guest,
// member, login, sign-up, view and analytics traffic, then starts it again empty (a restart without
// persistence). What it holds to (docs/ARCHITECTURE.md "When things fail", docs/decisions.md 2026-11-29):
// - nothing hangs (every answer within 3 s), nothing is a 500, the process lives on;
// - guests' pages and read calls keep serving from the database (the response cache is skipped);
// - a browser with a session gets 503 with Retry-After (its session cannot be checked), and so does a
//   login (no session could be stored: no password is checked, nothing is counted);
// - sign-ups and the write budget are limited per process meanwhile (limit × processes), not unlimited;
// - views and analytics counts are staged in the process meanwhile and reach the database; what was staged
//   in Redis since the last flush is lost with an empty Redis (at most one flush interval, 5 s);
// - once Redis is back everything is counted and cached in Redis again within seconds, no restart.
// A second part puts a proxy between the app and Redis and stalls it (the connection stays open, nothing
// is answered: a frozen Redis, a network cut): the same answers within the command timeout, and once it
// answers again the sessions it kept work again.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos2Path } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { type DatabaseKind, databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { type OwnRedis, ownRedisUnavailable, startOwnRedis } from '../test/own-servers.ts';
import { createSignedInUser, ROLE_PASSWORD, type SignedInUser } from '../test/roles.ts';

const unavailable = ownRedisUnavailable();
const ORIGIN = 'http://tube.test';
/** The longest any answer may take, Redis away or not. */
const ANSWER_WITHIN_MS = 3_000;
const WRITE_BUDGET = 30;
const SIGNUPS_PER_IP = 2;
// The production shape when there is a PostgreSQL to test on; else the embedded database.
const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['postgres'] : databaseKinds();

interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  setCookie: string[];
  ms: number;
  body: string;
}

describe.skipIf(unavailable !== null).each(kinds)(
  `Redis down and back on %s${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  (kind) => {
    let own: OwnRedis;
    let t: TestApp;
    let base: string;
    let member: SignedInUser;
    let videos: { id: number; dir: string }[];
    const answers: Answer[] = [];

    beforeAll(async () => {
      own = await startOwnRedis();
      t = await createTestApp(kind, {
        env: {
          REDIS_URL: own.url,
          // Each part below speaks from an address of its own (X-Forwarded-For), so limits do not mix.
          TRUST_PROXY: '1',
          WRITE_RATE_LIMIT: String(WRITE_BUDGET),
          SIGNUP_MAX_PER_IP: String(SIGNUPS_PER_IP),
        },
      });
      member = await createSignedInUser(t, 'redis_member');
      videos = [];
      for (const title of ['Redis Pattern One', 'Redis Pattern Two', 'Redis Pattern Three']) {
        const row = await insertVideo(t.database.handle.db, { title });
        videos.push({ id: Number(row.id), dir: row.dir });
      }
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await own?.dispose();
    });

    async function call(what: string, path: string, init: RequestInit = {}): Promise<Answer> {
      const started = Date.now();
      try {
        const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
        const body = await response.text();
        const answer = {
          what,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          setCookie: response.headers.getSetCookie(),
          ms: Date.now() - started,
          body,
        };
        answers.push(answer);
        return answer;
      } catch (error) {
        const answer = {
          what,
          status: 0,
          retryAfter: null,
          setCookie: [],
          ms: Date.now() - started,
          body: '',
        };
        answer.body = String(error);
        answers.push(answer);
        return answer;
      }
    }
    const from = (ip: string, headers: Record<string, string> = {}) => ({
      'x-forwarded-for': ip,
      'user-agent': `faults-redis ${ip}`,
      ...headers,
    });
    const page = (path: string, ip: string, cookie?: string) =>
      call(`page ${path}${cookie ? ' (member)' : ''}`, path, {
        headers: from(ip, cookie ? { cookie } : {}),
      });
    const post = (what: string, path: string, ip: string, form: Record<string, string>, cookie?: string) =>
      call(what, path, {
        method: 'POST',
        headers: from(ip, {
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        }),
        body: new URLSearchParams(form).toString(),
      });
    const view = (video: { id: number }, ip: string) =>
      post(`view ${video.id}`, '/api/input.php', ip, {
        act: 'view',
        section: 'video',
        object_id: String(video.id),
      });
    const login = (ip: string, pwd = ROLE_PASSWORD) =>
      post('login', '/api/login.php', ip, { usr: member.username, pwd });
    const signup = (name: string, ip: string) =>
      post(`signup ${name}`, '/api/signup.php', ip, {
        username: name,
        email: `${name}@example.com`,
        password: 'secret-pass1',
      });
    const readCall = (page: number) =>
      videos2Path({
        lifetime: 3600,
        gender: 'str',
        sort: 'latest-updates',
        count: 60,
        section: 'videos',
        page,
      });
    const viewsOf = async (video: { id: number }) =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('videos')
            .select('views')
            .where('id', '=', video.id)
            .executeTakeFirstOrThrow()
        ).views,
      );
    const pageViews = async (route: string) =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('stats_daily')
            .select('count')
            .where('metric', '=', 'page_view')
            .where('name', '=', route)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    const stats = (ip: string, route: string) =>
      call(`stats ${route}`, '/api/stats.php', {
        method: 'POST',
        headers: from(ip, { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' }),
        body: JSON.stringify({ events: [{ type: 'hit', route }] }),
      });
    /** Keys in our Redis matching `pattern` (a client of the test's own, for looking only). */
    const redisKeys = async (pattern: string) => {
      const redis = new Redis(own.url, { maxRetriesPerRequest: 0, lazyConnect: true });
      try {
        await redis.connect();
        return await redis.keys(pattern);
      } finally {
        redis.disconnect();
      }
    };
    const poll = async <T>(what: string, probe: () => Promise<T | null>, withinMs: number): Promise<T> => {
      const until = Date.now() + withinMs;
      for (;;) {
        const value = await probe();
        if (value !== null) return value;
        if (Date.now() > until) throw new Error(`${what}: not within ${withinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const expectUnavailable = (answer: Answer) => {
      expect(answer.status, `${answer.what}: ${answer.body}`).toBe(503);
      expect(answer.retryAfter, answer.what).toBe('5');
    };
    const json = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;

    it('serves and counts through Redis while it is up', async () => {
      expect((await page('/', '198.51.100.1')).status).toBe(200);
      const me = await call('me (member)', '/api/me.php', {
        headers: from('198.51.100.1', { cookie: member.cookie }),
      });
      expect(me.status).toBe(200);
      expect((json(me).user as { username: string }).username).toBe(member.username);
      expect((await call('read call', readCall(1), { headers: from('198.51.100.1') })).status).toBe(200);
      await poll(
        'the read call in the shared response cache',
        async () => {
          const keys = await redisKeys('rc:*');
          return keys.length > 0 ? keys : null;
        },
        5_000,
      );
      const first = videos[0] as { id: number };
      expect(json(await view(first, '198.51.100.2'))).toEqual({ ok: true, counted: true });
      expect(await redisKeys('tube:views:pending')).toHaveLength(1);
      await t.services.watch.flushViews();
      expect(await viewsOf(first)).toBe(1);
      // Staged in Redis and not yet flushed when Redis goes: the bounded loss of an empty restart.
      expect(json(await view(videos[2] as { id: number }, '198.51.100.2'))).toEqual({
        ok: true,
        counted: true,
      });
    });

    it('keeps guests served and answers every request within seconds while Redis is down', async () => {
      await own.stop();

      // Guests: pages and read calls from the database (a read call not asked before, so no cache has it).
      for (const path of ['/', `/video/${videos[0]?.id}/${videos[0]?.dir}/`, '/categories/']) {
        const answer = await page(path, '198.51.100.10');
        expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
      for (const n of [2, 3]) {
        const answer = await call(`read call ${n}`, readCall(n), { headers: from('198.51.100.10') });
        expect(answer.status, answer.body).toBe(200);
        expect(json(answer)).toHaveProperty('videos');
      }

      // A browser with a session: who it is cannot be checked, so 503 with Retry-After (page and API).
      expectUnavailable(await page('/', '198.51.100.11', member.cookie));
      const me = await call('me (member)', '/api/me.php', {
        headers: from('198.51.100.11', { cookie: member.cookie }),
      });
      expectUnavailable(me);
      expect(json(me)).toMatchObject({ code: 'service_unavailable' });
      const comment = await post(
        'comment (member)',
        '/api/input.php',
        '198.51.100.11',
        {
          act: 'comm',
          section: 'video',
          object_id: String(videos[0]?.id),
          msg: 'A comment while Redis is away',
        },
        member.cookie,
      );
      expectUnavailable(comment);

      // Login: no session could be stored, so no password is checked and nothing is counted.
      for (const pwd of [ROLE_PASSWORD, 'a-wrong-password']) {
        const answer = await login('198.51.100.12', pwd);
        expectUnavailable(answer);
        expect(answer.setCookie.filter((c) => c.startsWith('sid='))).toEqual([]);
      }

      // Sign-ups work (database and mail), limited per process meanwhile.
      for (let i = 1; i <= SIGNUPS_PER_IP; i++) {
        const answer = await signup(`away${i}`, '198.51.100.13');
        expect(answer.status, answer.body).toBe(200);
      }
      const over = await signup('away_over', '198.51.100.13');
      expect(over.status, over.body).toBe(429);
      expect(json(over)).toMatchObject({ code: 'too_many_requests' });

      // Views are staged in the process: once per viewer, and they reach the database.
      const second = videos[1] as { id: number };
      expect(json(await view(second, '198.51.100.14'))).toEqual({ ok: true, counted: true });
      expect(json(await view(second, '198.51.100.14'))).toEqual({ ok: true, counted: false });
      expect(json(await view(second, '198.51.100.15'))).toEqual({ ok: true, counted: true });
      await t.services.watch.flushViews();
      expect(await viewsOf(second)).toBe(2);

      // Analytics counts likewise.
      expect((await stats('198.51.100.16', 'routes/redis-away')).status).toBe(200);
      await t.services.analytics.flush();
      expect(await pageViews('routes/redis-away')).toBe(1);

      // The write budget still holds, per process: WRITE_BUDGET writes (views of no video: 404), then 429.
      const writes: Answer[] = [];
      for (let i = 0; i <= WRITE_BUDGET; i++) writes.push(await view({ id: 999_999 }, '198.51.100.17'));
      expect(writes.slice(0, WRITE_BUDGET).map((a) => a.status)).toEqual(Array(WRITE_BUDGET).fill(404));
      expect(writes[WRITE_BUDGET]?.status).toBe(429);

      // Nothing hung, nothing failed.
      const slow = answers.filter((a) => a.ms > ANSWER_WITHIN_MS).map((a) => `${a.what} ${a.ms} ms`);
      expect(slow).toEqual([]);
      const broken = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
      expect(broken.map((a) => `${a.what}: ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    }, 60_000);

    it('uses Redis again once it is back (empty), without a restart', async () => {
      await own.start();
      // Its sessions went with it: the member signs in again, within seconds of Redis being back.
      const signedIn = await poll(
        'a login',
        async () => {
          const answer = await login('198.51.100.20');
          return answer.status === 200 ? answer : null;
        },
        10_000,
      );
      const cookie = signedIn.setCookie.find((c) => c.startsWith('sid='))?.split(';')[0] as string;
      expect(cookie).toMatch(/^sid=/);
      expect(await redisKeys('sess:*')).toHaveLength(1);
      const me = await call('me (member)', '/api/me.php', { headers: from('198.51.100.20', { cookie }) });
      expect((json(me).user as { username: string }).username).toBe(member.username);
      // The old session is not known to the new Redis: that browser is a guest now.
      const old = await call('me (old session)', '/api/me.php', {
        headers: from('198.51.100.20', { cookie: member.cookie }),
      });
      expect(json(old)).toEqual({ user: null });
      const comment = await post(
        'comment (member)',
        '/api/input.php',
        '198.51.100.20',
        {
          act: 'comm',
          section: 'video',
          object_id: String(videos[0]?.id),
          msg: 'A comment once Redis is back',
        },
        cookie,
      );
      expect(comment.status, comment.body).toBe(200);
      expect(await redisKeys('limit:comment:*')).not.toEqual([]);

      // Read calls are cached in Redis again; the write budget and the login limit count there again.
      expect((await call('read call 4', readCall(4), { headers: from('198.51.100.21') })).status).toBe(200);
      await poll(
        'the read call in the shared response cache',
        async () => {
          const keys = await redisKeys('rc:*');
          return keys.length > 0 ? keys : null;
        },
        5_000,
      );
      expect(await redisKeys('limit:writes:*')).not.toEqual([]);
      expect((await login('198.51.100.22', 'a-wrong-password')).status).toBe(401);
      expect(await redisKeys('login:fail:*')).not.toEqual([]);

      // Views are staged in Redis again and counted once flushed. The view staged in Redis before it went
      // (video three) was lost with it: the bounded loss, nothing else.
      const third = videos[2] as { id: number };
      expect(json(await view(third, '198.51.100.23'))).toEqual({ ok: true, counted: true });
      expect(await redisKeys('tube:views:pending')).toHaveLength(1);
      await t.services.watch.flushViews();
      expect(await viewsOf(third)).toBe(1);
      expect(await viewsOf(videos[0] as { id: number })).toBe(1);
      expect(await viewsOf(videos[1] as { id: number })).toBe(2);

      const broken = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
      expect(broken.map((a) => `${a.what}: ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
      expect(answers.filter((a) => a.ms > ANSWER_WITHIN_MS).map((a) => `${a.what} ${a.ms} ms`)).toEqual([]);
    }, 60_000);
  },
);

/** A TCP proxy to `port` whose traffic can be held (both ways, the connections left open) and let go. */
async function stallingProxy(port: number) {
  const pairs: Socket[][] = [];
  let held = false;
  const server: Server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    pairs.push([client, upstream]);
    client.pipe(upstream);
    upstream.pipe(client);
    if (held) for (const socket of [client, upstream]) socket.pause();
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as { port: number };
  // Paused sockets stop reading: what is sent waits in the kernel's buffers, as with a frozen server.
  const setHeld = (value: boolean) => {
    held = value;
    for (const socket of pairs.flat()) {
      if (value) socket.pause();
      else socket.resume();
    }
  };
  return {
    url: `redis://127.0.0.1:${own}/0`,
    hold: () => setHeld(true),
    release: () => setHeld(false),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of pairs.flat()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(unavailable !== null)(
  `Redis that stops answering${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let own: OwnRedis;
    let proxy: Awaited<ReturnType<typeof stallingProxy>>;
    let t: TestApp;
    let base: string;
    let member: SignedInUser;
    let video: { id: number; dir: string };

    beforeAll(async () => {
      own = await startOwnRedis();
      proxy = await stallingProxy(Number(new URL(own.url).port));
      t = await createTestApp(kinds[0] as DatabaseKind, { env: { REDIS_URL: proxy.url, TRUST_PROXY: '1' } });
      member = await createSignedInUser(t, 'stalled_member');
      const row = await insertVideo(t.database.handle.db, { title: 'Stalled Pattern' });
      video = { id: Number(row.id), dir: row.dir };
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      await own?.dispose();
    });

    const timed = async (path: string, init: RequestInit = {}) => {
      const started = Date.now();
      const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body,
        ms: Date.now() - started,
      };
    };
    const me = () =>
      timed('/api/me.php', { headers: { cookie: member.cookie, 'x-forwarded-for': '192.0.2.1' } });

    it('answers within the command timeout while Redis is stalled, and uses it again once it answers', async () => {
      expect((await me()).status).toBe(200);
      proxy.hold();

      const answers = [
        await timed('/', { headers: { 'x-forwarded-for': '192.0.2.2' } }),
        await timed(
          videos2Path({
            lifetime: 3600,
            gender: 'str',
            sort: 'latest-updates',
            count: 60,
            section: 'videos',
            page: 1,
          }),
          { headers: { 'x-forwarded-for': '192.0.2.2' } },
        ),
        await timed('/api/input.php', {
          method: 'POST',
          headers: {
            'x-forwarded-for': '192.0.2.3',
            origin: ORIGIN,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            act: 'view',
            section: 'video',
            object_id: String(video.id),
          }).toString(),
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const member503 = await me();
      expect(member503.status).toBe(503);
      expect(member503.retryAfter).toBe('5');
      for (const answer of [...answers, member503]) expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      await t.services.watch.flushViews();
      const views = await t.database.handle.db
        .selectFrom('videos')
        .select('views')
        .where('id', '=', video.id)
        .executeTakeFirstOrThrow();
      expect(Number(views.views)).toBe(1);

      // Answering again, and with its data: the session it kept is good again within seconds.
      proxy.release();
      const until = Date.now() + 10_000;
      let back = await me();
      while (back.status !== 200 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        back = await me();
      }
      expect(back.status).toBe(200);
      expect((JSON.parse(back.body) as { user: { username: string } }).user.username).toBe(member.username);
    }, 60_000);
  },
);
