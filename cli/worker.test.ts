// npm run worker as a real process: it starts, works nothing yet (no jobs defined), and stops on
// SIGTERM with exit code 0 after stopping the queue and closing the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, databaseKinds } from '../server/test/db.ts';

const WORKER = path.join(import.meta.dirname, 'worker.ts');

async function runUntilSigterm(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker started')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited early (${code}): ${output}`)));
  });
  // 'close', not 'exit': the output is only complete once the pipes are drained.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  try {
    await started;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  child.kill('SIGTERM');
  return { code: await exited, output };
}

describe.each(databaseKinds())('npm run worker on %s', (kind) => {
  it('runs without HTTP until SIGTERM, then stops cleanly', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-worker-'));
    const database = kind === 'postgres' ? await createPostgresDatabase() : null;
    try {
      const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
      if (database) env.DATABASE_URL = database.url;
      const { code, output } = await runUntilSigterm(env);
      expect(output).toContain('SIGTERM: stopping the worker');
      expect(code).toBe(0);
    } finally {
      await database?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
