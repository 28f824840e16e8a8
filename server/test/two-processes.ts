// Two web processes in one test: two database pools on one PostgreSQL database of the test's own and
// Redis-backed sliding limiters on one Redis, so that a limit can be shown to hold across processes
// (comments, messages, the wall). Call it inside a describe block: it registers the block's hooks, and
// afterwards removes the Redis keys under its own prefix and closes what it opened.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { type DB, postgresHandle } from '../db/database.ts';
import { createRedisSlidingLimiter } from '../modules/acts/comment-limiter.ts';
import { createPostgresDatabase } from './db.ts';

/** `tag` starts the Redis prefix of this block's keys; `keyPrefix` follows it (a module's own keys). */
export function twoProcesses(tag: string, keyPrefix = '') {
  const prefix = `${tag}${randomBytes(4).toString('hex')}:${keyPrefix}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let second: ReturnType<typeof postgresHandle> | undefined;
  const connections: Redis[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    second = postgresHandle(database.url, 4);
  });
  afterAll(async () => {
    const cleanup = new Redis(process.env.TEST_REDIS_URL as string);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    await cleanup.quit();
    for (const redis of connections) await redis.quit();
    await second?.close();
    await database?.dispose();
  });

  return {
    /** The first process's database (the test's own fixtures go there too) and the second's. */
    databases: (): [DB, DB] => {
      if (!database || !second) throw new Error('twoProcesses: used outside its describe block');
      return [database.handle.db, second.db];
    },
    /** A limiter of one more process: its own Redis connection, the block's keys. */
    limiter: () => {
      const redis = new Redis(process.env.TEST_REDIS_URL as string);
      connections.push(redis);
      return createRedisSlidingLimiter(redis, { prefix });
    },
  };
}
