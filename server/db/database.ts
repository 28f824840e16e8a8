import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createAvailability, type DatabaseAvailability } from './availability.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { prepareMarkedStatements } from './prepared.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

/** Runs a whole SQL script (several statements, no parameters) outside Kysely: migrations use it. */
export interface ScriptRunner {
  /** Resolves with the rows of every statement, in order (pg-boss reads a RETURNING amid BEGIN/COMMIT). */
  exec<R = unknown>(script: string): Promise<R[]>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one dedicated connection (a session: advisory locks hold for its duration). */
  withSession<T>(fn: (runner: ScriptRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: whether the server is away (availability.ts). PGlite is never away. */
  availability?: DatabaseAvailability;
  /**
   * PGlite only: a gzipped tar of the data directory as committed at this moment (server/backup). It
   * holds the one connection meanwhile, so no transaction is open and nothing writes during the dump.
   */
  dumpDataDir?(): Promise<Blob>;
}

// Ids are bigint in SQL but stay far below 2^53: numbers are what the API and the UI want. Dates
// (without time) stay 'YYYY-MM-DD' strings so that no time zone shifts a birthday.
const INT8 = 20;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    parsers: { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v },
  });
}

export function pgliteHandle(pglite: PGlite): DatabaseHandle {
  // Kysely's own dialect already queues callers: its adapter declares no multiple connections, so Kysely
  // holds a mutex from acquire to release and no query runs inside another caller's transaction
  // (server/db/pglite-concurrency.test.ts).
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    // pg-boss sends multi-statement scripts, which PGlite runs only through exec(), outside Kysely:
    // holding Kysely's one connection (and so its mutex) keeps Kysely's callers out meanwhile.
    withSession: (fn) =>
      db.connection().execute(() =>
        fn({
          exec: async <R>(script: string) =>
            (await pglite.exec(script)).flatMap((result) => result.rows as R[]),
          query: async <R>(text: string, params?: unknown[]) => (await pglite.query<R>(text, params)).rows,
        }),
      ),
    // A checkpoint first: the data files then hold every commit, so loading the dump replays no WAL.
    dumpDataDir: () =>
      db.connection().execute(async () => {
        await pglite.exec('CHECKPOINT');
        return pglite.dumpDataDir('gzip');
      }),
    close: () => db.destroy(),
  };
}

export function postgresHandle(
  connectionString: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = () => {},
): DatabaseHandle {
  // A connection attempt gives up after 5 s: a request never waits longer for an unreachable server.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000 });
  const availability = createAvailability(async () => {
    const client = await pool.connect();
    try {
      await client.query('SELECT 1');
    } finally {
      client.release();
    }
  });
  // Every connection attempt that fails marks the server away (Kysely and withSession both come here).
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, ...rest: unknown[]) => void,
  ) => unknown;
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    // pool.query() asks with a callback.
    if (callback) {
      return connect((error, ...rest) => {
        if (error) availability.note(error);
        callback(error, ...rest);
      });
    }
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      availability.note(error);
      throw error;
    });
  }) as typeof pool.connect;
  // An idle client can die (server restart, admin kill); without a listener that crashes the process.
  // The pool replaces it on next use; we report it and mark the server away.
  pool.on('error', (error) => {
    availability.note(error);
    onIdleError(error);
  });
  // A client in use has no listener of the pool's: its connection dying (57P01 when the server stops)
  // would be an uncaught 'error' and end the process. Its query fails on its own; the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', (error) => availability.note(error));
  });
  // The statements marked PREPARED are sent named: parsed once per connection (prepared.ts).
  pool.on('connect', prepareMarkedStatements);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    // A query whose connection died under it (57P01 at a restart, "Connection terminated") marks it too.
    log: (event) => {
      if (event.level === 'error') availability.note(event.error);
    },
  });
  return {
    db,
    kind: 'postgres',
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async <R>(script: string) => {
            // A multi-statement script answers an array of results, a single statement one result.
            const result = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
            return (Array.isArray(result) ? result : [result]).flatMap((r) => (r.rows ?? []) as R[]);
          },
          query: async <R>(text: string, params?: unknown[]) =>
            (await client.query(text, params as unknown[])).rows as R[],
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      availability.stop();
      await db.destroy();
    },
    availability,
  };
}

/** DATABASE_URL set: PostgreSQL. Unset: PGlite stored in DATA_DIR/pgdata, locked to this process. */
export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return postgresHandle(config.databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = lockDataDir(path.join(config.dataDir, 'pgdata.lock'));
  try {
    const handle = pgliteHandle(await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') }));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
