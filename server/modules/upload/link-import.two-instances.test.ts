// Issue 11, F12 (from link-import.job.test.ts): one link import per member holds across two app
// instances on one database — parallel requests on both, and parallel inserts through both handles.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createServices } from '../../app-services.ts';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, postgresHandle } from '../../db/database.ts';
import { startJobs } from '../../jobs/jobs.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { JobRegistry } from '../../jobs/registry.ts';
import { processVideoJob } from '../../pipeline/definitions.ts';
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../test/db.ts';
import { insertCategories, insertUser } from '../../test/fixtures.ts';
import { IMPORT_STALE_MS, linkImportJob } from './link-import.job.ts';
import { createLinkImportRepository } from './link-import.repository.ts';

const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())('one link import per member across two app instances on %s', (kind) => {
  let database: TestDatabase;
  let second: DatabaseHandle | null = null;
  const apps: FastifyInstance[] = [];
  const queues: JobQueue[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const queue of queues) await queue.stop({ timeoutMs: 1000 });
    await second?.close();
    await database?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('parallel requests of one member on both instances: exactly one accepted, the rest 429', async () => {
    // PostgreSQL: two handles (two pools, as two processes have); PGlite: one handle, two apps.
    const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
    database = pg ?? (await createTestDatabase(kind));
    second = pg ? postgresHandle(pg.url, 4) : null;
    const handles = second ? [database.handle, second] : [database.handle, database.handle];
    const services: ReturnType<typeof createServices>[] = [];
    for (const handle of handles) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'link-two-apps-'));
      dirs.push(dataDir);
      const config = loadConfig({
        DATA_DIR: dataDir,
        SITE_NAME: 'TestTube',
        PUBLIC_URL: ORIGIN,
        LOG_LEVEL: 'silent',
        WRITE_RATE_LIMIT: '0',
        UPLOAD_ALLOW_PRIVATE_LINKS: 'true',
        // Uploaders' age verification (issue 31) is not under test here (uploader-verification.test.ts).
        UPLOADER_VERIFICATION: 'off',
      });
      const s = createServices(config, handle);
      const app = await buildApp({
        config,
        services: s,
        readiness: { ready: true },
        ssr: null,
        logger: false,
      });
      await app.ready();
      apps.push(app);
      // Enqueue only: no import runs (and ends) while the requests race.
      const registry = new JobRegistry()
        .define(processVideoJob, linkImportJob)
        .handle(processVideoJob, async () => {})
        .handle(linkImportJob, async () => {});
      const queue = await startJobs(handle, {
        work: false,
        log: { error: () => {} },
        storage: s.storage,
        registry,
      });
      queues.push(queue);
      s.jobs.attach(queue);
      services.push(s);
    }
    const db = database.handle.db;
    const categoryId = (await insertCategories(db, ['parallel'])).get('parallel')!;
    const session = async (name: string) => {
      const user = await insertUser(db, name);
      const token = await services[0]!.accounts.startSession(Number(user.id), {
        ip: '127.0.0.1',
        userAgent: null,
      });
      return { id: Number(user.id), cookie: `sid=${token}` };
    };
    const lena = await session('lena_parallel');
    const mike = await session('mike_parallel');
    const post = (app: FastifyInstance, cookie: string, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/video_edit.php',
        headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          title: `Parallel import ${n}`,
          'categories[]': String(categoryId),
          preview: 'auto',
          link: `http://127.0.0.1:9/clip-${n}.mp4`,
        }).toString(),
      });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => post(apps[n % 2]!, lena.cookie, n)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(429)]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toMatchObject({
        code: 'import_in_progress',
        codes: [{ field: 'link', code: 'import_in_progress' }],
      });
    }
    const accepted = answers.find((a) => a.statusCode === 200)!.json() as { video_id: number };
    // Exactly one import and one video: a refused request leaves no row behind.
    const rows = await db
      .selectFrom('link_imports')
      .select(['video_id', 'state'])
      .where('user_id', '=', lena.id)
      .execute();
    expect(rows.map((r) => ({ ...r, video_id: Number(r.video_id) }))).toEqual([
      { video_id: accepted.video_id, state: 'importing' },
    ]);
    const videos = await db.selectFrom('videos').select('id').where('user_id', '=', lena.id).execute();
    expect(videos.map((v) => Number(v.id))).toEqual([accepted.video_id]);
    // Another member is not held up by it, on either instance.
    expect((await post(apps[1]!, mike.cookie, 99)).statusCode).toBe(200);

    // The rule itself, without the requests' early check: parallel inserts through both handles.
    const nina = await session('nina_parallel');
    const video = {
      dir: 'race',
      title: 'Race',
      description: '',
      userId: nina.id,
      channelId: null,
      gender: 'str' as const,
      isPrivate: false,
      isExclusive: false,
      categoryIds: [categoryId],
    };
    const repositories = handles.map((h) => createLinkImportRepository(h.db));
    const staleBefore = new Date(Date.now() - IMPORT_STALE_MS);
    const ids = await Promise.all(
      Array.from({ length: 8 }, () =>
        sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence('videos', 'id')) AS id`
          .execute(db)
          .then((r) => Number(r.rows[0]!.id)),
      ),
    );
    const created = await Promise.all(
      ids.map((id, n) =>
        repositories[n % 2]!.create(id, video, [], `http://127.0.0.1:9/${n}.mp4`, staleBefore),
      ),
    );
    expect(created.filter(Boolean)).toEqual([true]);
    const ninas = await db.selectFrom('videos').select('id').where('user_id', '=', nina.id).execute();
    expect(ninas).toHaveLength(1);
  }, 60_000);
});
