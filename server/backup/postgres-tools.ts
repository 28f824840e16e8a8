// pg_dump and pg_restore, the PostgreSQL client tools on PATH. The password of DATABASE_URL goes to them
// in PGPASSWORD, never on the command line (where `ps` shows it).
import { spawn, spawnSync } from 'node:child_process';
import { BackupError } from './backup-error.ts';

export type PgTool = 'pg_dump' | 'pg_restore';

/** Why `tool` cannot run here (not installed), or null when it answers --version. */
export function pgToolProblem(tool: PgTool): string | null {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    return (
      `${tool} is not installed (not found on PATH): install the PostgreSQL client tools of the server's ` +
      `major version or newer (Debian: apt-get install postgresql-client).`
    );
  }
  return null;
}

/** The major version of an installed tool ('pg_dump (PostgreSQL) 15.20' → 15), or null. */
export function pgToolMajor(tool: PgTool): number | null {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout ?? '');
  return match ? Number(match[1]) : null;
}

/** Why pg_dump cannot dump a server of `serverVersionNum` (SHOW server_version_num), or null. */
export function pgDumpVersionProblem(serverVersionNum: number): string | null {
  const server = Math.floor(serverVersionNum / 10_000);
  const tool = pgToolMajor('pg_dump');
  if (tool === null || tool >= server) return null;
  return `pg_dump ${tool} cannot dump PostgreSQL ${server}: install the client tools of version ${server} or newer.`;
}

/** `pg_dump --format=custom` of the transaction snapshot `snapshot` (exported by the caller, kept open). */
export function pgDump(databaseUrl: string, snapshot: string, file: string): Promise<void> {
  return run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`], databaseUrl);
}

/**
 * `pg_restore` into an empty database in one transaction: an error anywhere leaves the database as it
 * was. Owners and grants of the source are not replayed: the restoring user owns what it creates.
 */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run(
    'pg_restore',
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file],
    databaseUrl,
  );
}

function run(tool: PgTool, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // The end says why; a long run of warnings before it is not worth keeping.
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', (error) => reject(new BackupError(`${tool} could not start: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const why = stderr.trim().split('\n').slice(-3).join(' ') || `exit ${code ?? signal}`;
      reject(new BackupError(`${tool} failed: ${why}`));
    });
  });
}
