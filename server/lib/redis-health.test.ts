// The Redis tracker (redis-health.ts) on a stand-in connection: which failures mean "away", the fallback
// taken at once while away, and the two ways back. The real outage is faults-redis.test.ts.
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { ReplyError } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { isRedisUnavailableError, redisHealth } from './redis-health.ts';

const reply = (message: string): Error => new ReplyError(message);
const named = (name: string, message = name) => Object.assign(new Error(message), { name });

/** Enough of an ioredis client for the tracker: its events, its status and PING. */
function standIn() {
  const pings: Array<{ resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const client = Object.assign(new EventEmitter(), {
    status: 'ready',
    ping: () => new Promise<string>((resolve, reject) => pings.push({ resolve, reject })),
  });
  return { client, redis: client as unknown as Redis, pings };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(condition()).toBe(true);
};

describe('redis health', () => {
  it('tells failures of availability from bad commands', () => {
    for (const error of [
      named('MaxRetriesPerRequestError', 'Reached the max retries per request limit (which is 2).'),
      new Error('Command timed out'),
      new Error('Connection is closed.'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
      reply('LOADING Redis is loading the dataset in memory'),
      reply("READONLY You can't write against a read only replica."),
    ]) {
      expect(isRedisUnavailableError(error), String(error)).toBe(true);
    }
    for (const error of [
      reply('WRONGTYPE Operation against a key holding the wrong kind of value'),
      reply('ERR Error running script'),
      new TypeError('x is not a function'),
      null,
    ]) {
      expect(isRedisUnavailableError(error), String(error)).toBe(false);
    }
  });

  it('takes the fallback at once while away, and uses Redis again once the client is ready', async () => {
    const { client, redis } = standIn();
    const health = redisHealth(redis);
    expect(redisHealth(redis)).toBe(health);
    const changes: boolean[] = [];
    health.onChange((up) => changes.push(up));
    let asked = 0;
    const op = async () => {
      asked += 1;
      return 'redis';
    };
    expect(await health.run(op, () => 'local')).toBe('redis');

    client.status = 'reconnecting';
    client.emit('close');
    expect(health.up()).toBe(false);
    expect(await health.run(op, () => 'local')).toBe('local');
    expect(asked).toBe(1);

    client.status = 'ready';
    client.emit('ready');
    expect(health.up()).toBe(true);
    expect(await health.run(op, () => 'local')).toBe('redis');
    expect(changes).toEqual([false, true]);
  });

  it('falls back on a failure of availability, throws a bad command on, and asks a stalled Redis until it answers', async () => {
    const { redis, pings } = standIn();
    const health = redisHealth(redis);
    await expect(
      health.run(
        () => Promise.reject(reply('WRONGTYPE Operation against a key holding the wrong kind of value')),
        () => 'local',
      ),
    ).rejects.toThrow('WRONGTYPE');
    expect(health.up()).toBe(true);

    expect(
      await health.run(
        () => Promise.reject(new Error('Command timed out')),
        () => 'local',
      ),
    ).toBe('local');
    expect(health.up()).toBe(false);
    // The connection stayed open: a PING every half second, and the first answer brings it back.
    await until(() => pings.length === 1);
    pings[0]?.reject(new Error('Command timed out'));
    await until(() => pings.length === 2);
    expect(health.up()).toBe(false);
    pings[1]?.resolve('PONG');
    await until(() => health.up());
  });
});
