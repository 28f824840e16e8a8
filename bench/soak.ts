// The soak (issue 28): the production shape — two web processes, one worker, PostgreSQL, Redis and S3
// (s3rver) — under a mixed load of page and API reads, views, comments, messages and one upload a minute,
// while PostgreSQL is restarted once, Redis once, the worker is killed once and one web process once.
// PostgreSQL and Redis are this run's own (server/test/own-servers.ts), on free ports: the machine's
// shared servers are never stopped. At the end it counts: every acknowledged comment and message is in
// the database, views within the stated bound, every upload a playable video, no 5xx and no failed
// connection outside the fault windows, latency outside them. Usage:
//   npm run soak [-- --minutes 10 --users 8 --report]   (--report appends the figures to bench/report.md)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { commentsPath } from '../contract/acts.ts';
import { videos2Path } from '../contract/catalog-api.ts';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { postgresHandle } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { binaryPath } from '../server/media/runner.ts';
import { hashPassword } from '../server/modules/accounts/password.ts';
import { insertCategories, insertVideo } from '../server/test/fixtures.ts';
import {
  ownPostgresUnavailable,
  ownRedisUnavailable,
  startOwnPostgres,
  startOwnRedis,
} from '../server/test/own-servers.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    users: { type: 'string', default: '8' },
    report: { type: 'boolean', default: false },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'soak-secret1';
/** After a fault ends, errors still count as the fault's for this long (reconnects, probes, restarts). */
const FAULT_TAIL_MS = 10_000;

for (const reason of [ownPostgresUnavailable(), ownRedisUnavailable()]) {
  if (reason) {
    console.error(`soak: cannot run here: ${reason}`);
    process.exit(2);
  }
}

interface Sample {
  at: number;
  kind: string;
  status: number;
  ms: number;
}
const samples: Sample[] = [];
const faults: { name: string; from: number; to: number }[] = [];
const acked = { comments: new Set<string>(), messages: new Set<string>(), views: 0 };
const uploads: { videoId: number; at: number }[] = [];
const log = (message: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

const dirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `tube-soak-${prefix}-`));
  dirs.push(dir);
  return dir;
};

const pg = await startOwnPostgres();
const redis = await startOwnRedis();
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: tmp('s3'),
  vhostBuckets: false,
  configureBuckets: [{ name: 'media' }],
});
const { port: s3Port } = await s3.run();
const bucket = new S3Client({
  endpoint: `http://127.0.0.1:${s3Port}`,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});

const admin = postgresHandle(pg.url, 1);
await admin.withSession((s) => s.exec('CREATE DATABASE tube_soak'));
await admin.close();
const databaseUrl = pg.url.replace(/\/postgres$/, '/tube_soak');
const handle = postgresHandle(databaseUrl, 2);
await migrate(handle);
const db = handle.db;

// A catalogue of rows (no media: pages link posters that need not exist) and the members.
const categories = await insertCategories(db, ['soak-bars', 'soak-tones']);
const catalogue: { id: number; dir: string }[] = [];
for (let i = 0; i < 40; i++) {
  const row = await insertVideo(
    db,
    { title: `Soak Pattern ${i}`, views: i, categories: ['soak-bars'] },
    categories,
  );
  catalogue.push({ id: Number(row.id), dir: row.dir });
}
const passwordHash = await hashPassword(PASSWORD);
const members: { id: number; name: string }[] = [];
for (let i = 0; i < USERS; i++) {
  const name = `soak_member_${i}`;
  const row = await db
    .insertInto('users')
    .values({ username: name, email: `${name}@example.com`, status: 'active', password_hash: passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  members.push({ id: Number(row.id), name });
}
const viewsBefore = await totalViews();

const env: Record<string, string> = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_BUCKET: 'media',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  SEED_DEMO: 'false',
  WORKERS: 'off',
  TRUST_PROXY: '1',
  UPLOAD_MIN_FREE_BYTES: '0',
  MEDIA_ALLOW_BUNDLED_FFMPEG: 'true',
  LOG_LEVEL: 'warn',
};
const startWeb = () => startServer({ ...env, DATA_DIR: tmp('web') });
const web: RunningServer[] = [await startWeb(), await startWeb()];
const startWorker = () => {
  const child = spawn(process.execPath, ['cli/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: tmp('worker'), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
};
let worker: ChildProcess = startWorker();

// A test pattern to upload: 6 min 10 s (an exclusive upload's minimum), 1 fps, 64×36: processed in seconds.
const clipFile = path.join(tmp('clip'), 'soak.mp4');
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
// Each upload is a new file (the site refuses a copy of a video it has): the same pattern with its own
// metadata, remuxed without re-encoding.
const clipFor = (n: number) => {
  const file = path.join(path.dirname(clipFile), `soak-${n}.mp4`);
  execFileSync(binaryPath('ffmpeg'), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', clipFile, '-c', 'copy'],
    ...['-metadata', `comment=soak upload ${n} ${Date.now()}`, file],
  ]);
  return readFileSync(file);
};

async function totalViews(): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.sum<string>('views').as('views'))
    .executeTakeFirstOrThrow();
  return Number(row.views ?? 0);
}

// ---- the load ----

const started = Date.now();
const endsAt = started + MINUTES * 60_000;
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function request(kind: string, url: string, init: RequestInit = {}): Promise<Response | null> {
  const at = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    await response.clone().arrayBuffer();
    samples.push({ at, kind, status: response.status, ms: Date.now() - at });
    return response;
  } catch {
    samples.push({ at, kind, status: 0, ms: Date.now() - at });
    return null;
  }
}

async function virtualUser(index: number) {
  const member = members[index] as { id: number; name: string };
  const address = `10.77.${Math.floor(index / 200)}.${(index % 200) + 1}`;
  let cookie = '';
  let sent = 0;
  const headers = (server: RunningServer, extra: Record<string, string> = {}) => ({
    origin: server.url,
    'x-forwarded-for': address,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const login = async () => {
    const server = pick(web);
    const response = await request('login', `${server.url}/api/login.php`, {
      method: 'POST',
      headers: headers(server, { ...form, accept: 'application/json' }),
      body: new URLSearchParams({ usr: member.name, pwd: PASSWORD }).toString(),
    });
    const set = response?.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) cookie = set.split(';')[0] as string;
  };
  while (Date.now() < endsAt) {
    if (!cookie) await login();
    const server = pick(web);
    const video = pick(catalogue);
    const roll = Math.random();
    let response: Response | null = null;
    if (roll < 0.3) {
      const page = pick(['/', '/videos/latest-updates/1/', `/video/${video.id}/${video.dir}/`]);
      response = await request('page', server.url + page, { headers: headers(server) });
    } else if (roll < 0.5) {
      const call = pick([
        videos2Path({ gender: 'str', sort: 'latest-updates', count: 24, section: 'videos', page: 1 }),
        commentsPath(video.id, 1, true),
      ]);
      response = await request('read', server.url + call, { headers: headers(server) });
    } else if (roll < 0.75) {
      response = await request('view', `${server.url}/api/input.php`, {
        method: 'POST',
        headers: headers(server, form),
        body: new URLSearchParams({ act: 'view', section: 'video', object_id: String(video.id) }).toString(),
      });
      if (response?.status === 200 && ((await response.json()) as { counted?: boolean }).counted)
        acked.views += 1;
    } else if (roll < 0.85) {
      sent += 1;
      const text = `Soak comment ${index}-${sent} at ${Date.now()}`;
      response = await request('comment', `${server.url}/api/input.php`, {
        method: 'POST',
        headers: headers(server, form),
        body: new URLSearchParams({
          act: 'comm',
          section: 'video',
          object_id: String(video.id),
          msg: text,
        }).toString(),
      });
      if (response?.status === 200) acked.comments.add(text);
    } else if (roll < 0.95) {
      sent += 1;
      const to = pick(members.filter((m) => m.id !== member.id));
      const text = `Soak message ${index}-${sent} at ${Date.now()}`;
      response = await request('message', `${server.url}/api/messages.php`, {
        method: 'POST',
        headers: headers(server, form),
        body: new URLSearchParams({ act: 'send', to_user_id: String(to.id), message: text }).toString(),
      });
      if (response?.status === 200) acked.messages.add(text);
    } else {
      response = await request('me', `${server.url}/api/me.php`, { headers: headers(server) });
    }
    if (response?.status === 401) cookie = '';
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
  }
}

/** One upload a minute, through a random web process, as member 0 (a session of its own). */
async function uploader() {
  const member = members[0] as { id: number; name: string };
  let cookie = '';
  const tus = { 'tus-resumable': '1.0.0' };
  while (Date.now() < endsAt - 30_000) {
    const server = pick(web);
    const h = (extra: Record<string, string> = {}) => ({
      origin: server.url,
      'x-forwarded-for': '10.78.0.1',
      ...(cookie ? { cookie } : {}),
      ...extra,
    });
    if (!cookie) {
      const response = await request('login', `${server.url}/api/login.php`, {
        method: 'POST',
        headers: h({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }),
        body: new URLSearchParams({ usr: member.name, pwd: PASSWORD }).toString(),
      });
      const set = response?.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (set) cookie = set.split(';')[0] as string;
    }
    const next = Date.now() + 60_000;
    const clip = clipFor(uploads.length + 1);
    const created = await request('upload', `${server.url}/api/upload/`, {
      method: 'POST',
      headers: h({
        ...tus,
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${Buffer.from('soak.mp4').toString('base64')}`,
      }),
    });
    const location = created?.status === 201 ? created.headers.get('location') : null;
    if (!location) log(`upload not created: ${created?.status} ${await created?.text()}`);
    // Signed out (the sessions went with an empty Redis): sign in again at once, not a minute later.
    if (created?.status === 401) {
      cookie = '';
      continue;
    }
    if (location) {
      const patched = await request('upload', server.url + location, {
        method: 'PATCH',
        headers: h({ ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(clip),
      });
      if (patched?.status !== 204) log(`upload chunk refused: ${patched?.status} ${await patched?.text()}`);
      if (patched?.status === 204) {
        const submitted = await request('upload', `${server.url}/api/video_edit.php`, {
          method: 'POST',
          headers: h({ 'content-type': 'application/x-www-form-urlencoded' }),
          body: new URLSearchParams({
            title: `Soak upload ${uploads.length + 1}`,
            description: 'A synthetic pattern uploaded during the soak.',
            gender: 'str',
            'categories[]': String(categories.get('soak-tones')),
            visibility: '0',
            exclusive: '1',
            preview: 'auto',
            upload_id: location.split('/').pop() ?? '',
          }).toString(),
        });
        if (submitted?.status !== 200) log(`upload refused: ${submitted?.status} ${await submitted?.text()}`);
        if (submitted?.status === 200) {
          uploads.push({
            videoId: ((await submitted.json()) as { video_id: number }).video_id,
            at: Date.now(),
          });
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(1_000, next - Date.now())));
  }
}

// ---- the faults ----

async function fault(name: string, act: () => Promise<void>) {
  const from = Date.now();
  log(`fault: ${name}`);
  await act();
  faults.push({ name, from, to: Date.now() + FAULT_TAIL_MS });
  log(`fault over: ${name} (${Math.round((Date.now() - from) / 1000)} s)`);
}
const at = (fraction: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, started + fraction * MINUTES * 60_000 - Date.now())),
  );
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function faultScript() {
  await at(0.15);
  await fault('PostgreSQL restart', async () => {
    await pg.stop();
    await pause(3_000);
    await pg.start();
  });
  await at(0.35);
  await fault('Redis restart (empty)', async () => {
    await redis.stop();
    await pause(3_000);
    await redis.start();
  });
  await at(0.55);
  await fault('worker killed (SIGKILL)', async () => {
    const gone = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await gone;
    await pause(2_000);
    worker = startWorker();
  });
  await at(0.75);
  await fault('web process killed (SIGKILL)', async () => {
    const victim = web[1] as RunningServer;
    web.splice(1, 1);
    const gone = new Promise((resolve) => victim.process.once('exit', resolve));
    victim.process.kill('SIGKILL');
    await gone;
    web.push(await startWeb());
  });
}

log(`load: ${USERS} users, ${MINUTES} min, 2 web processes, 1 worker`);
await Promise.all([...members.map((_, i) => virtualUser(i)), uploader(), faultScript()]);
log('load over: waiting for the uploads and the view flush');

// ---- the counts ----

// Uploads: each processed (status 3, waiting for moderation) with an MP4 that ffprobe reads, within 5 min.
const uploadResults: { videoId: number; status: number; playable: boolean }[] = [];
const uploadDeadline = Date.now() + 300_000;
for (const upload of uploads) {
  let status = 0;
  while (Date.now() < uploadDeadline) {
    status =
      (await db.selectFrom('videos').select('status').where('id', '=', upload.videoId).executeTakeFirst())
        ?.status ?? -1;
    if (status === 3 || status === 1) break;
    await pause(2_000);
  }
  let playable = false;
  const mp4 = await db
    .selectFrom('video_files')
    .select('storage_key')
    .where('video_id', '=', upload.videoId)
    .where('kind', '=', 'mp4')
    .executeTakeFirst();
  if (mp4) {
    const object = await bucket.send(new GetObjectCommand({ Bucket: 'media', Key: mp4.storage_key }));
    const file = path.join(tmp('probe'), 'file.mp4');
    writeFileSync(
      file,
      Buffer.from(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      ),
    );
    try {
      const out = execFileSync(
        binaryPath('ffprobe'),
        ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file],
        { encoding: 'utf8' },
      );
      playable = out.includes('video');
    } catch {
      playable = false;
    }
  }
  uploadResults.push({ videoId: upload.videoId, status, playable });
}

// Views: the web processes flush staged views every 5 s, and on SIGTERM.
for (const server of web) await server.stop();
if (worker.exitCode === null) {
  const gone = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGTERM');
  await gone;
}
const viewsCounted = (await totalViews()) - viewsBefore;

const comments = new Set(
  (
    await db.selectFrom('comments').select('comment').where('comment', 'like', 'Soak comment %').execute()
  ).map((r) => r.comment),
);
const messages = new Set(
  (
    await db.selectFrom('messages').select('message').where('message', 'like', 'Soak message %').execute()
  ).map((r) => r.message),
);
const missing = (acks: Set<string>, stored: Set<string>) => [...acks].filter((text) => !stored.has(text));
const inFault = (s: Sample) => faults.some((f) => s.at >= f.from - 1_000 && s.at <= f.to);
const outside = samples.filter((s) => !inFault(s));
const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : 0;
};
const kinds = [...new Set(samples.map((s) => s.kind))].sort();
const rows = kinds.map((kind) => {
  const all = samples.filter((s) => s.kind === kind);
  const out = outside.filter((s) => s.kind === kind);
  const ms = out.filter((s) => s.status > 0).map((s) => s.ms);
  return {
    kind,
    requests: all.length,
    outside5xx: out.filter((s) => s.status >= 500).length,
    outsideFailed: out.filter((s) => s.status === 0).length,
    inside5xx: all.filter((s) => inFault(s) && (s.status >= 500 || s.status === 0)).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
  };
});
const result = {
  minutes: MINUTES,
  users: USERS,
  requests: samples.length,
  faults: faults.map((f) => ({ name: f.name, seconds: Math.round((f.to - FAULT_TAIL_MS - f.from) / 1000) })),
  comments: { acknowledged: acked.comments.size, missing: missing(acked.comments, comments).length },
  messages: { acknowledged: acked.messages.size, missing: missing(acked.messages, messages).length },
  views: { acknowledgedCounted: acked.views, counted: viewsCounted, lost: acked.views - viewsCounted },
  uploads: {
    submitted: uploads.length,
    processed: uploadResults.filter((u) => u.status === 3 || u.status === 1).length,
    playable: uploadResults.filter((u) => u.playable).length,
  },
  outside5xx: rows.reduce((n, r) => n + r.outside5xx, 0),
  outsideFailed: rows.reduce((n, r) => n + r.outsideFailed, 0),
};

const table = [
  '| request | count | 5xx outside faults | failed outside faults | 5xx/failed in fault windows | p50 ms outside | p99 ms outside |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.kind} | ${r.requests} | ${r.outside5xx} | ${r.outsideFailed} | ${r.inside5xx} | ${r.p50} | ${r.p99} |`,
  ),
].join('\n');
const summary = [
  `## Soak — ${new Date().toISOString()} (\`npm run soak -- --minutes ${MINUTES} --users ${USERS}\`)`,
  '',
  `Two web processes, one worker, PostgreSQL ${'(own, restarted)'}, Redis (own, restarted empty), s3rver; ${samples.length} requests.`,
  `Faults: ${result.faults.map((f) => `${f.name} (${f.seconds} s)`).join('; ')}; each window counts until ${FAULT_TAIL_MS / 1000} s after the fault ends.`,
  '',
  table,
  '',
  `- Comments acknowledged: ${result.comments.acknowledged}, missing from the database: ${result.comments.missing}.`,
  `- Messages acknowledged: ${result.messages.acknowledged}, missing: ${result.messages.missing}.`,
  `- Views acknowledged as counted: ${result.views.acknowledgedCounted}; counted in the database: ${result.views.counted} (lost: ${result.views.lost}).`,
  `- Uploads: ${result.uploads.submitted} submitted, ${result.uploads.processed} processed, ${result.uploads.playable} playable (ffprobe reads a video stream from the bucket's MP4).`,
  `- Outside the fault windows: ${result.outside5xx} answers 5xx, ${result.outsideFailed} failed connections.`,
  '',
].join('\n');
console.log(summary);
console.log(JSON.stringify(result));
if (values.report) appendFileSync(path.join(ROOT, 'bench', 'report.md'), `\n${summary}`);

await handle.close();
await s3.close();
await redis.dispose();
pg.dispose();
for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
const ok =
  result.comments.missing === 0 &&
  result.messages.missing === 0 &&
  result.uploads.submitted >= Math.max(1, MINUTES - 1) &&
  result.uploads.playable === result.uploads.submitted &&
  result.outside5xx === 0 &&
  result.outsideFailed === 0;
process.exit(ok ? 0 : 1);
