// The server process itself: boots with the job queue started after the migrations (working jobs, or
// only enqueueing with WORKERS=off), and on SIGTERM stops the queue, closes the database, exits 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKinds } from './test/db.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');

async function bootThenSigterm(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"ready in')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${output}`)));
  });
  // 'close', not 'exit': the output is only complete once the pipes are drained.
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  try {
    await ready;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.kill('SIGTERM');
  return { code: await closed, output };
}

describe.each(databaseKinds())('server process on %s', (kind) => {
  it('starts the job queue after the migrations and stops it on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-main-'));
    const database = kind === 'postgres' ? await createPostgresDatabase({ migrate: false }) : null;
    try {
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (database) env.DATABASE_URL = database.url;
      const { code, output } = await bootThenSigterm(env);
      const order = ['migrations applied', 'job queue started, working jobs here', 'ready in', 'SIGTERM'];
      const positions = order.map((line) => output.indexOf(line));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(code).toBe(0);
    } finally {
      await database?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(databaseKinds().includes('postgres'))('server process with WORKERS=off', () => {
  it('only enqueues', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-main-'));
    const database = await createPostgresDatabase();
    try {
      const { code, output } = await bootThenSigterm({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        WORKERS: 'off',
      });
      expect(output).toContain('job queue started (WORKERS=off: enqueue only)');
      expect(code).toBe(0);
    } finally {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
