// The storage check behind /healthz's `storage` (issue 28): one cheap request, cached for 10 s, shared by
// callers meanwhile, bounded by a timeout; local disk and S3 (s3rver), up, down and hanging.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/server.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { createStorageHealth, storageReachable } from './storage-health.ts';

const s3Config = (endpoint: string, bucket = 'media') => ({
  endpoint,
  bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  region: 'us-east-1',
});

describe('storage.check()', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storage-health-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dir, 's3'),
      vhostBuckets: false,
      configureBuckets: [{ name: 'media' }],
    });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers for local disk and a bucket that is there; not for a closed port or a missing bucket', async () => {
    expect(await storageReachable(new LocalStorage({ root: path.join(dir, 'media') }))).toBe(true);
    const up = new S3Storage(s3Config(endpoint));
    const closed = new S3Storage(s3Config(`http://127.0.0.1:${await freePort()}`));
    const missing = new S3Storage(s3Config(endpoint, 'no-such-bucket'));
    try {
      expect(await storageReachable(up)).toBe(true);
      const started = Date.now();
      expect(await storageReachable(closed)).toBe(false);
      expect(await storageReachable(missing)).toBe(false);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const s of [up, closed, missing]) s.close();
    }
  });
});

describe('createStorageHealth', () => {
  it('checks at most once per interval, shares a check in flight, and times out a hanging one', async () => {
    let clock = 0;
    let calls = 0;
    let mode: 'up' | 'down' | 'hang' = 'up';
    const storage = {
      kind: 's3' as const,
      check: async () => {
        calls += 1;
        if (mode === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:9\n  at somewhere');
        if (mode === 'hang') await new Promise(() => {});
      },
    };
    const health = createStorageHealth(storage, { intervalMs: 10_000, timeoutMs: 100, now: () => clock });

    const [a, b] = await Promise.all([health.report(), health.report()]);
    expect(a).toEqual({ kind: 's3', status: 'ok', checkedAt: new Date(0).toISOString() });
    expect(b).toBe(a);
    expect(calls).toBe(1);

    mode = 'down';
    clock = 9_999;
    expect((await health.report()).status).toBe('ok');
    expect(calls).toBe(1);
    clock = 10_000;
    expect(await health.report()).toEqual({
      kind: 's3',
      status: 'unreachable',
      checkedAt: new Date(10_000).toISOString(),
      error: 'connect ECONNREFUSED 127.0.0.1:9',
    });

    mode = 'hang';
    clock = 20_000;
    const started = Date.now();
    expect(await health.report()).toMatchObject({ status: 'unreachable', error: 'no answer within 100 ms' });
    expect(Date.now() - started).toBeLessThan(1_000);

    mode = 'up';
    clock = 30_000;
    expect((await health.report()).status).toBe('ok');
    expect(calls).toBe(4);
  });
});
