// The production shape (issue 18): two web processes and one worker on one PostgreSQL database, one
// Redis and S3 (s3rver) — an upload through one web process, its page served by the other, the job done
// by the worker, a view counted once whichever process takes it, a session valid on both, a limit
// shared. Real processes (`node server/main.ts`, `node cli/worker.ts`), real HTTP. Skipped unless
// TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../e2e/server.ts';
import { binaryPath } from '../media/runner.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { createPostgresDatabase, type TestDatabase } from '../test/db.ts';
import { insertCategories } from '../test/fixtures.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'secret12';

/** A Redis database of this file's own beside TEST_REDIS_URL's: other files' processes flush staged views. */
function ownRedisUrl(): string {
  const url = new URL(process.env.TEST_REDIS_URL as string);
  const db = Number(url.pathname.slice(1) || '0');
  url.pathname = `/${(db + 1) % 16}`;
  return url.toString();
}

describe.skipIf(!enabled)('two web processes and a worker on PostgreSQL, Redis and S3', () => {
  let database: TestDatabase & { url: string };
  let s3: S3rver;
  let bucket: S3Client;
  let redis: Redis;
  let worker: ChildProcess;
  let workerOutput = '';
  const web: RunningServer[] = [];
  const dirs: string[] = [];
  let clip: Buffer;
  let categoryId = 0;
  let cookie = '';
  let videoId = 0;
  let videoDir = '';
  const address = `10.${150 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 200)}`;

  beforeAll(async () => {
    const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'tube-fleet-s3-'));
    dirs.push(s3Dir);
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    const { port } = await s3.run();
    bucket = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    database = await createPostgresDatabase();
    const db = database.handle.db;
    categoryId = (await insertCategories(db, ['fleet-patterns'])).get('fleet-patterns') ?? 0;
    await db
      .insertInto('users')
      .values({
        username: 'fleet_member',
        email: 'fleet@example.com',
        status: 'active',
        password_hash: await hashPassword(PASSWORD),
      })
      .execute();
    const redisUrl = ownRedisUrl();
    redis = new Redis(redisUrl);
    // Views staged by an earlier run of this file that died must not count here.
    for (const key of await redis.keys('tube:views:*')) await redis.del(key);

    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SEED_DEMO: 'false',
      WORKERS: 'off',
      TRUST_PROXY: '1',
      WRITE_RATE_LIMIT: '0',
      LOGIN_MAX_ATTEMPTS: '3',
      UPLOAD_MIN_FREE_BYTES: '0',
      MEDIA_ALLOW_BUNDLED_FFMPEG: 'true',
      LOG_LEVEL: 'warn',
    };
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-fleet-web-'));
      dirs.push(dataDir);
      web.push(await startServer({ ...env, DATA_DIR: dataDir }));
    }
    const workerDir = mkdtempSync(path.join(os.tmpdir(), 'tube-fleet-worker-'));
    dirs.push(workerDir);
    worker = spawn(process.execPath, ['cli/worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: workerDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk) => {
      workerOutput += chunk;
    });
    worker.stderr?.on('data', (chunk) => {
      workerOutput += chunk;
    });

    // Six minutes and ten seconds of a tiny test pattern: long enough for an exclusive upload.
    const clipFile = path.join(workerDir, 'fleet.mp4');
    execFileSync(binaryPath('ffmpeg'), [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x36:rate=1:duration=370',
      ],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clipFile],
    ]);
    clip = readFileSync(clipFile);
  }, 240_000);

  afterAll(async () => {
    for (const server of web) if (server.process.exitCode === null) await server.stop();
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await redis?.quit();
    await s3?.close();
    await database?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const [a, b] = [() => web[0] as RunningServer, () => web[1] as RunningServer];
  const headers = (server: RunningServer, extra: Record<string, string> = {}) => ({
    origin: server.url,
    'x-forwarded-for': `${address}.7`,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const login = (server: RunningServer, pwd: string) =>
    fetch(`${server.url}/api/login.php`, {
      method: 'POST',
      headers: headers(server, {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      }),
      body: new URLSearchParams({ usr: 'fleet_member', pwd }).toString(),
    });

  it('signs in on one web process; the session is valid on the other', async () => {
    const res = await login(a(), PASSWORD);
    expect(res.status).toBe(200);
    cookie = (res.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] as string;
    const me = await fetch(`${b().url}/api/me.php`, { headers: headers(b()) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe('fleet_member');
  });

  it('uploads through one web process; the worker processes it into S3; the other serves its page', async () => {
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await fetch(`${a().url}/api/upload/`, {
      method: 'POST',
      headers: headers(a(), {
        ...tus,
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${Buffer.from('fleet.mp4').toString('base64')}`,
      }),
    });
    expect(created.status).toBe(201);
    const location = String(created.headers.get('location'));
    const sent = await fetch(a().url + location, {
      method: 'PATCH',
      headers: headers(a(), {
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: new Uint8Array(clip),
    });
    expect(sent.status).toBe(204);
    const form = new URLSearchParams({
      title: 'Fleet test pattern',
      description: 'A synthetic pattern sent through a fleet.',
      gender: 'str',
      'categories[]': String(categoryId),
      visibility: '0',
      exclusive: '1',
      preview: 'auto',
      upload_id: location.split('/').pop() ?? '',
    });
    const submitted = await fetch(`${a().url}/api/video_edit.php`, {
      method: 'POST',
      headers: headers(a(), { 'content-type': 'application/x-www-form-urlencoded' }),
      body: form.toString(),
    });
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    videoId = ((await submitted.json()) as { video_id: number }).video_id;

    // Only the worker works jobs (WORKERS=off on both web processes).
    const db = database.handle.db;
    await expect
      .poll(
        async () =>
          (await db.selectFrom('videos').select('status').where('id', '=', videoId).executeTakeFirstOrThrow())
            .status,
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(3);
    expect(workerOutput).not.toMatch(/"level":50/);
    // The files are in the bucket.
    const files = await db
      .selectFrom('video_files')
      .select('storage_key')
      .where('video_id', '=', videoId)
      .execute();
    expect(files.length).toBeGreaterThan(1);
    const mp4 = await db
      .selectFrom('video_files')
      .select('storage_key')
      .where('video_id', '=', videoId)
      .where('kind', '=', 'mp4')
      .executeTakeFirstOrThrow();
    const listed = await bucket.send(
      new ListObjectsV2Command({ Bucket: 'media', Prefix: `videos/${videoId}/` }),
    );
    expect((listed.Contents ?? []).map((o) => o.Key)).toContain(mp4.storage_key);

    // Approved (as a moderator would), then the other web process serves the page.
    const row = await db
      .updateTable('videos')
      .set({ status: 1 })
      .where('id', '=', videoId)
      .returning('dir')
      .executeTakeFirstOrThrow();
    videoDir = row.dir;
    const page = await fetch(`${b().url}/video/${videoId}/${videoDir}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fleet test pattern');
  }, 200_000);

  it('counts a view once, whichever web process each request reaches', async () => {
    const view = (server: RunningServer) =>
      fetch(`${server.url}/api/input.php`, {
        method: 'POST',
        headers: {
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `${address}.99`,
          'user-agent': 'Fleet viewer',
        },
        body: new URLSearchParams({ act: 'view', section: 'video', object_id: String(videoId) }).toString(),
      }).then((res) => res.json() as Promise<{ counted: boolean }>);
    const answers = await Promise.all([view(a()), view(b()), view(a()), view(b())]);
    expect(answers.filter((r) => r.counted)).toHaveLength(1);
    const db = database.handle.db;
    // The web processes' flushers move staged views every 5 s.
    await expect
      .poll(
        async () =>
          Number(
            (
              await db
                .selectFrom('videos')
                .select('views')
                .where('id', '=', videoId)
                .executeTakeFirstOrThrow()
            ).views,
          ),
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
  });

  it('shares the login limit: failures on both processes add up', async () => {
    const wrong = [await login(a(), 'wrong-1'), await login(b(), 'wrong-2'), await login(a(), 'wrong-3')];
    expect(wrong.map((r) => r.status)).toEqual([401, 401, 401]);
    const fourth = await login(b(), 'wrong-4');
    expect(fourth.status).toBe(429);
  });
});
