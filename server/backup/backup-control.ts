// The embedded database opens in one process only (server/db/data-dir-lock.ts), so `npm run backup` cannot
// read DATA_DIR/pgdata while the site runs. The running server therefore offers the dump itself: a small
// HTTP listener on 127.0.0.1 (a port of its own, never the site's, so no proxy or visitor reaches it),
// answering one call, with a random token. Both are in DATA_DIR/backup-control.json (mode 0600): whoever
// can read it can read the database files anyway. The backup command finds the file and asks.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, request } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isAlive } from '../db/data-dir-lock.ts';
import { BackupError, messageOf } from './backup-error.ts';

export const CONTROL_FILE = 'backup-control.json';
const DUMP_PATH = '/pgdata.tar.gz';

interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

export interface BackupControl {
  port: number;
  close(): Promise<void>;
}

/** Starts the listener for the process that holds the data directory; `dump` is the handle's dumpDataDir. */
export async function startBackupControl(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: { info(message: string): void; error(fields: object, message: string): void },
): Promise<BackupControl> {
  const token = randomBytes(32).toString('base64url');
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== DUMP_PATH || !bearerMatches(req, token)) {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    dump()
      .then(async (archive) => {
        const body = Buffer.from(await archive.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length }).end(body);
        log.info(
          `backup: database dumped for npm run backup (${body.length} bytes, ${Math.round(performance.now() - started)} ms)`,
        );
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup: the database dump failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(messageOf(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // Never keeps the process alive on its own.
  server.unref();
  const port = (server.address() as { port: number }).port;
  const file = path.join(dataDir, CONTROL_FILE);
  const content: ControlFile = { pid: process.pid, port, token };
  await writeFile(`${file}.partial`, JSON.stringify(content), { mode: 0o600 });
  await rename(`${file}.partial`, file);
  return {
    port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Only ours: a second server that took over the directory after a crash has its own.
      if (readControlFile(dataDir)?.token === token) await rm(file, { force: true });
    },
  };
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const given = req.headers.authorization;
  if (typeof given !== 'string' || !given.startsWith('Bearer ')) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given.slice(7)), digest(token));
}

function readControlFile(dataDir: string): ControlFile | null {
  const file = path.join(dataDir, CONTROL_FILE);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<ControlFile>;
    if (!Number.isInteger(value.pid) || !Number.isInteger(value.port) || typeof value.token !== 'string') {
      return null;
    }
    return value as ControlFile;
  } catch {
    return null;
  }
}

/**
 * Asks the running server of `dataDir` for its dump and writes it to `file`. Answers the server's pid,
 * or null when no live server offers one (no control file, its process gone, nobody listening): the
 * caller then opens the data directory itself.
 */
export async function requestRunningDump(dataDir: string, file: string): Promise<number | null> {
  const control = readControlFile(dataDir);
  if (!control || !isAlive(control.pid)) return null;
  let response: IncomingMessage;
  try {
    response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: control.port,
          method: 'POST',
          path: DUMP_PATH,
          headers: { authorization: `Bearer ${control.token}` },
        },
        resolve,
      );
      req.once('error', reject);
      req.end();
    });
  } catch (error) {
    // A pid reused by an unrelated process after a crash: nobody listens there.
    if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return null;
    throw error;
  }
  // 404: whoever listens there is not this directory's server (a reused pid and port after a crash).
  if (response.statusCode === 404) {
    response.resume();
    return null;
  }
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += String(chunk);
    throw new BackupError(
      `The running site (pid ${control.pid}) could not dump its database: ${response.statusCode} ${text.trim()}`.trim(),
    );
  }
  await pipeline(response, createWriteStream(file, { flags: 'wx' }));
  return control.pid;
}
