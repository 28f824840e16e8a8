// A PostgreSQL and a Redis of the test's own, in a temporary folder on a free port, for the tests that
// stop and start them (issue 28): the shared servers other tests use are never touched. Built from the
// machine's binaries (initdb/pg_ctl, redis-server); a test skips, saying why, where they are absent.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../e2e/server.ts';

function onPath(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** The folder of initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string | null {
  const initdb = onPath('initdb');
  if (initdb && onPath('pg_ctl')) return path.dirname(initdb);
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user if there is one. */
function runAs(): { user: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) return null;
  return { user: 'postgres', uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why an own PostgreSQL cannot run here, or null when it can. */
export function ownPostgresUnavailable(): string | null {
  if (!postgresBin()) return 'no initdb/pg_ctl on this machine (PostgreSQL server binaries)';
  if (process.getuid?.() === 0 && !runAs())
    return 'running as root without a postgres user to run PostgreSQL as';
  return null;
}

export interface OwnPostgres {
  /** postgres://…/postgres of this server. */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: sessions are ended); the event loop runs on meanwhile. */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const user = runAs();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-own-pg-'));
  const data = path.join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    return user
      ? execFileSync('runuser', ['-u', user.user, '--', command, ...args], { stdio: 'pipe', cwd: dir })
      : execFileSync(command, args, { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const runAsync = async (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const [file, all] = user ? ['runuser', ['-u', user.user, '--', command, ...args]] : [command, args];
    await promisify(execFile)(file, all, { cwd: dir });
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const server: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () =>
      runAsync('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']),
    stop: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    dispose: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

export function ownRedisUnavailable(): string | null {
  return onPath('redis-server') ? null : 'no redis-server on this machine';
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ReturnType<typeof spawn> | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk) => {
        out += chunk;
        if (out.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, start, stop, dispose: stop };
}
