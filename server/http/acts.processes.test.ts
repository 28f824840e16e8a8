// The comment limits across two real server processes on one PostgreSQL database and one Redis
// (issue 13: "enforced across processes"): 5 comments per member and 20 per IP in any 10 minutes
// (contract/acts.ts COMMENT_LIMITS), sent in parallel and split over both processes. Exactly the limit
// is accepted, the rest is 429 too_many_comments with info {count, minutes}, and the comment rows
// match. Skipped unless TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_LIMITS } from '../../contract/acts.ts';
import { type RunningServer, startServer } from '../../e2e/server.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { createPostgresDatabase, type TestDatabase } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const PASSWORD = 'secret12';

describe.skipIf(!enabled)('comment limits across two server processes (PostgreSQL + Redis)', () => {
  let database: TestDatabase & { url: string };
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  let redis: Redis;
  let net = '';
  let videoId: number;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const db = database.handle.db;
    videoId = Number((await insertVideo(db, { title: 'Two process clip' })).id);
    const hash = await hashPassword(PASSWORD);
    const users = Array.from({ length: 26 }, (_, i) => ({
      username: `proc_member_${i}`,
      email: `proc${i}@example.com`,
      status: 'active' as const,
      password_hash: hash,
    }));
    const ids = await db.insertInto('users').values(users).returning('id').execute();
    // A fresh database reuses user ids: counts of an earlier run must not leak into this one. The
    // addresses are this run's own (a random /16).
    redis = new Redis(process.env.TEST_REDIS_URL as string);
    await redis.del(...ids.map((row) => `limit:comment:u:${row.id}`));
    net = `10.${100 + Math.floor(Math.random() * 150)}.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-procs-'));
      dirs.push(dataDir);
      servers.push(
        await startServer({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          REDIS_URL: process.env.TEST_REDIS_URL as string,
          SEED_DEMO: 'false',
          WORKERS: 'off',
          TRUST_PROXY: '1',
          WRITE_RATE_LIMIT: '0',
          LOGIN_MAX_ATTEMPTS: '1000',
        }),
      );
    }
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) if (server.process.exitCode === null) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await redis?.quit();
    await database?.dispose();
  });

  /** Signs member `i` in on server `i % 2`, from its own address; the session works on both. */
  async function login(i: number): Promise<string> {
    const server = servers[i % 2] as RunningServer;
    const res = await fetch(`${server.url}/api/login.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        origin: server.url,
        'x-forwarded-for': `${net}.${i + 1}`,
      },
      body: new URLSearchParams({ usr: `proc_member_${i}`, pwd: PASSWORD }).toString(),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    return (cookie ?? '').split(';')[0] as string;
  }

  function comment(n: number, cookie: string, ip: string) {
    const server = servers[n % 2] as RunningServer;
    return fetch(`${server.url}/api/input.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.url,
        cookie,
        'x-forwarded-for': ip,
      },
      body: new URLSearchParams({
        act: 'comm',
        section: 'video',
        object_id: String(videoId),
        msg: `Comment number ${n} from the process test`,
      }).toString(),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));
  }

  const count = async (userIds?: string[]) => {
    let query = database.handle.db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (userIds) query = query.where('users.username', 'in', userIds);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('accepts exactly 5 comments of one member sent in parallel to both processes', async () => {
    const cookie = await login(0);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => comment(n, cookie, `${net}.${100 + n}`)),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted.length).toBe(COMMENT_LIMITS.perMember);
    expect(refused.length).toBe(16 - COMMENT_LIMITS.perMember);
    for (const r of refused) {
      expect(r.body.code).toBe('too_many_comments');
      expect(r.body.info).toEqual({ count: COMMENT_LIMITS.perMember, minutes: 10 });
    }
    expect(await count(['proc_member_0'])).toBe(COMMENT_LIMITS.perMember);
  });

  it('accepts exactly 20 comments from one address, whichever members and processes send them', async () => {
    const cookies = await Promise.all(Array.from({ length: 25 }, (_, i) => login(i + 1)));
    // 25 members, one comment each, all from one address: 20 pass, 5 are refused.
    const answers = await Promise.all(cookies.map((cookie, n) => comment(n, cookie, `${net}.250`)));
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBe(COMMENT_LIMITS.perIp);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(25 - COMMENT_LIMITS.perIp);
    for (const r of refused) expect(r.body.info).toEqual({ count: COMMENT_LIMITS.perIp, minutes: 10 });
    const names = Array.from({ length: 25 }, (_, i) => `proc_member_${i + 1}`);
    expect(await count(names)).toBe(COMMENT_LIMITS.perIp);
  });
});
