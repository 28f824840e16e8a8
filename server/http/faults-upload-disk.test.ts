// Issue 28: the upload disk full. A real server process (`node server/main.ts`) whose upload folder is
// a 4 MiB tmpfs of its own mount namespace (`unshare -m`: the mount ends with the process, and no other
// process sees it). Two uploads of 3 MiB each pass the free-space check at creation (the disk is empty
// then); the first is written, the second fills the disk mid-write: a real ENOSPC. Its PATCH answers
// 413 upload_no_space, its partial file, its tus metadata and its row go (the first upload is untouched),
// the site answers pages at once, and the disk is usable again. Skipped, saying why, without
// TEST_DATABASE_URL or where a tmpfs cannot be mounted (not root, no unshare).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../e2e/server.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { createPostgresDatabase, type TestDatabase } from '../test/db.ts';

const MIB = 1024 * 1024;
const PASSWORD = 'secret12';

/** Why a private tmpfs cannot be mounted here, or null when it can. */
function privateMountUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not root: cannot mount a tmpfs';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-mount-probe-'));
  try {
    const probe = spawnSync('unshare', ['-m', '--', 'mount', '-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], {
      encoding: 'utf8',
    });
    if (probe.error) return `no unshare (${probe.error.message})`;
    return probe.status === 0 ? null : `unshare -m / mount refused: ${probe.stderr.trim()}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unavailable = process.env.TEST_DATABASE_URL
  ? privateMountUnavailable()
  : 'TEST_DATABASE_URL is not set';

describe.skipIf(unavailable !== null)(
  `the upload disk full${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let database: TestDatabase & { url: string };
    let server: RunningServer;
    let dataDir: string;
    let uploads: string;
    let cookie = '';

    beforeAll(async () => {
      database = await createPostgresDatabase();
      await database.handle.db
        .insertInto('users')
        .values({
          username: 'disk_member',
          email: 'disk@example.com',
          status: 'active',
          password_hash: await hashPassword(PASSWORD),
        })
        .execute();
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-disk-full-'));
      uploads = path.join(dataDir, 'uploads');
      mkdirSync(uploads);
      server = await startServer(
        {
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          WORKERS: 'off',
          LOG_LEVEL: 'warn',
          // The check at creation passes (an empty 4 MiB disk holds a 3 MiB upload); the write fills it.
          UPLOAD_MIN_FREE_BYTES: '0',
          WRITE_RATE_LIMIT: '0',
        },
        60_000,
        (command, args) => [
          'unshare',
          [
            '-m',
            '--',
            'sh',
            '-c',
            'mount -t tmpfs -o size=4m tmpfs "$0" && exec "$@"',
            uploads,
            command,
            ...args,
          ],
        ],
      );
      const login = await fetch(`${server.url}/api/login.php`, {
        method: 'POST',
        headers: {
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ usr: 'disk_member', pwd: PASSWORD }).toString(),
      });
      expect(login.status).toBe(200);
      cookie = (login.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] as string;
    }, 90_000);

    afterAll(async () => {
      if (server?.process.exitCode === null) await server.stop();
      await database?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const headers = (extra: Record<string, string> = {}) => ({
      origin: server.url,
      cookie,
      'tus-resumable': '1.0.0',
      ...extra,
    });
    /** The upload folder as the server sees it (its own mount namespace). */
    const inServer = (name: string) => path.join(`/proc/${server.process.pid}/root`, uploads, name);

    async function createUpload(size: number): Promise<Response> {
      return fetch(`${server.url}/api/upload/`, {
        method: 'POST',
        headers: headers({
          'upload-length': String(size),
          'upload-metadata': `filename ${Buffer.from('pattern.mp4').toString('base64')}`,
        }),
      });
    }

    async function send(id: string, body: Uint8Array<ArrayBuffer>): Promise<Response> {
      return fetch(`${server.url}/api/upload/${id}`, {
        method: 'PATCH',
        headers: headers({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        body,
      });
    }

    /** 3 MiB that start like an MP4 (an `ftyp` box): the first-bytes check lets them through. */
    function videoLike(size: number): Uint8Array<ArrayBuffer> {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i++) bytes[i] = (i * 7919) % 251;
      bytes.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom')], 0);
      return bytes;
    }

    const uploadRows = async () =>
      (await database.handle.db.selectFrom('uploads').select('id').orderBy('id').execute()).map((r) => r.id);

    it('a write that fills the disk answers 413 upload_no_space, removes that upload, and the site serves on', async () => {
      const size = 3 * MIB;
      const first = await createUpload(size);
      const second = await createUpload(size);
      expect([first.status, second.status]).toEqual([201, 201]);
      const firstId = String(first.headers.get('location')).split('/').pop()!;
      const secondId = String(second.headers.get('location')).split('/').pop()!;
      expect((await uploadRows()).sort()).toEqual([firstId, secondId].sort());

      expect((await send(firstId, videoLike(size))).status).toBe(204);
      expect(statSync(inServer(firstId)).size).toBe(size);

      // About 1 MiB fits: the rest of the second is a real ENOSPC in the middle of the write.
      const full = await send(secondId, videoLike(size));
      expect(full.status).toBe(413);
      expect(JSON.parse(await full.text())).toMatchObject({
        code: 'upload_no_space',
        codes: [{ field: 'file', code: 'upload_no_space' }],
      });
      // The server's warning (its log line may reach the pipe just after the answer).
      await expect
        .poll(() => server.output(), { timeout: 5_000 })
        .toContain('the upload folder’s disk is full');

      // The partial file and its metadata are gone, and its row: nothing half-written stays.
      expect(existsSync(inServer(secondId))).toBe(false);
      expect(existsSync(inServer(`${secondId}.json`))).toBe(false);
      expect(await uploadRows()).toEqual([firstId]);
      expect(await database.handle.db.selectFrom('videos').select('id').execute()).toEqual([]);
      // The first upload is whole and can be resumed from its end.
      const head = await fetch(`${server.url}/api/upload/${firstId}`, { method: 'HEAD', headers: headers() });
      expect([head.status, head.headers.get('upload-offset')]).toEqual([200, String(size)]);

      // The site answers at once, pages included.
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      // A new 3 MiB upload does not fit the 1 MiB left: refused by the check, before a byte is stored.
      const refused = await createUpload(size);
      expect(refused.status).toBe(413);
      expect(JSON.parse(await refused.text())).toMatchObject({ code: 'upload_no_space' });
      // Once the first is cancelled, the disk holds a new one again.
      const cancelled = await fetch(`${server.url}/api/upload/${firstId}`, {
        method: 'DELETE',
        headers: headers(),
      });
      expect(cancelled.status).toBe(204);
      const again = await createUpload(size);
      expect(again.status).toBe(201);
      const againId = String(again.headers.get('location')).split('/').pop()!;
      expect((await send(againId, videoLike(size))).status).toBe(204);
      expect(server.process.exitCode).toBeNull();
    }, 60_000);
  },
);
