import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { type AccountsRepository, createAccountsRepository } from './accounts.repository.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';
import { createMemoryLimiter, createRedisLimiter, type LoginLimiter } from './login-limiter.ts';
import type { Mailer, MailMessage } from './mailer.ts';
import { createDatabaseSessionStore, createRedisSessionStore, type SessionStore } from './session-store.ts';

const HOUR = 3_600_000;
const meta = { ip: '127.0.0.1', userAgent: 'test' };

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe.each(databaseKinds())('accounts service on %s', (kind) => {
  let database: TestDatabase;
  let repo: AccountsRepository;
  let clock = Date.now();
  const now = () => clock;
  let mails: MailMessage[] = [];
  let failMail = false;
  const mailer: Mailer = {
    send: async (m) => {
      if (failMail) throw new Error('SMTP down');
      mails.push(m);
    },
    close: () => {},
  };
  let accounts: AccountsService;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repo = createAccountsRepository(database.handle.db);
    accounts = createAccountsService({
      repo,
      sessions: createDatabaseSessionStore(repo, 30, now),
      limiter: createMemoryLimiter({ maxAttempts: 3, windowSeconds: 900, now }),
      mailer,
      publicUrl: 'http://tube.test',
      siteName: 'TestTube',
      googleEnabled: true,
      now,
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(() => {
    clock = Date.now();
    mails = [];
    failMail = false;
  });

  const tokenOf = (m: MailMessage | undefined) => new URL(m?.link ?? '').searchParams.get('token') ?? '';

  it('a confirmation link expires after 48 hours', async () => {
    await accounts.signup({ username: 'late', email: 'late@example.com', password: 'secret1' }, '10.7.0.1');
    const token = tokenOf(mails[0]);
    clock += 48 * HOUR + 1000;
    const error = await rejection(accounts.confirmEmail(token));
    expect(error).toMatchObject({ code: 'invalid_link', message: english('form.error.invalid_link') });
    clock -= 2000;
    await expect(accounts.confirmEmail(token)).resolves.toMatchObject({ username: 'late' });
  });

  it('a restore link expires after 2 hours and is not a confirmation link', async () => {
    await accounts.createUser({
      username: 'forgetful',
      email: 'f@example.com',
      password: 'secret1',
      role: 'member',
    });
    await accounts.requestRestore('f@example.com', '10.7.0.1');
    const token = tokenOf(mails[0]);
    expect(await rejection(accounts.confirmEmail(token))).toMatchObject({ code: 'invalid_link' });
    clock += 2 * HOUR + 1000;
    expect(await accounts.checkRestoreToken(token)).toBe(false);
    expect(await rejection(accounts.resetPassword(token, 'newpass1'))).toMatchObject({
      code: 'invalid_link',
    });
    clock -= 2000;
    expect(await accounts.checkRestoreToken(token)).toBe(true);
  });

  it('makes no account when the confirmation mail cannot be sent', async () => {
    failMail = true;
    const error = await rejection(
      accounts.signup({ username: 'ghost', email: 'ghost@example.com', password: 'secret1' }, '10.7.0.1'),
    );
    expect(error).toMatchObject({ status: 503, code: 'mail_failed' });
    expect(await repo.findUserByLogin('ghost')).toBeUndefined();
    failMail = false;
    await expect(
      accounts.signup({ username: 'ghost', email: 'ghost@example.com', password: 'secret1' }, '10.7.0.1'),
    ).resolves.toBeDefined();
  });

  it('sessions slide and expire after SESSION_DAYS without use', async () => {
    const user = await accounts.createUser({
      username: 'sleepy',
      email: 's@example.com',
      password: 'secret1',
      role: 'member',
    });
    const token = await accounts.startSession(user.user_id, meta);
    expect(await accounts.userForSession(token)).toMatchObject({ refreshed: false });
    clock += 20 * 24 * HOUR;
    expect(await accounts.userForSession(token)).toMatchObject({ refreshed: true });
    clock += 20 * 24 * HOUR; // 40 days after the start, 20 after the last use
    expect(await accounts.userForSession(token)).toMatchObject({ user: { username: 'sleepy' } });
    clock += 31 * 24 * HOUR;
    expect(await accounts.userForSession(token)).toBeNull();
  });

  it('the sweep deletes expired sessions that were never looked up again, and only those', async () => {
    const user = await accounts.createUser({
      username: 'sweeper',
      email: 'sweep@example.com',
      password: 'secret1',
      role: 'member',
    });
    const store = createDatabaseSessionStore(repo, 30, now);
    const old = await store.create(user.user_id, meta);
    clock += 20 * 24 * HOUR;
    const fresh = await store.create(user.user_id, meta);
    clock += 11 * 24 * HOUR; // old: 31 days unused; fresh: 11 days
    const countOf = async () =>
      Number(
        (
          await database.handle.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.user_id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await countOf()).toBe(2);
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await countOf()).toBe(1);
    expect(await store.resolve(old)).toBeNull();
    expect(await store.resolve(fresh)).toMatchObject({ userId: user.user_id });
  });

  it('the login lock ends with its window', async () => {
    await accounts.createUser({
      username: 'patient',
      email: 'p@example.com',
      password: 'secret1',
      role: 'moderator',
    });
    for (let i = 0; i < 3; i++)
      await rejection(accounts.login({ usr: 'patient', pwd: 'wrong-pwd' }, `10.9.0.${i}`));
    expect(await rejection(accounts.login({ usr: 'patient', pwd: 'secret1' }, '10.9.1.1'))).toMatchObject({
      status: 429,
      message: english('component.login.er.too_many_attempts'),
    });
    clock += 901_000;
    await expect(accounts.login({ usr: 'patient', pwd: 'secret1' }, '10.9.1.1')).resolves.toMatchObject({
      role: 'moderator',
    });
  });

  it('Google sign-in links by verified email only, and creates accounts', async () => {
    const owner = await accounts.createUser({
      username: 'gina',
      email: 'gina@example.com',
      password: 'secret1',
      role: 'member',
    });
    const unverified = await rejection(
      accounts.googleSignIn({ sub: 'g-1', email: 'gina@example.com', emailVerified: false }),
    );
    expect(unverified).toMatchObject({ status: 403, code: 'google_email_unverified' });
    expect((await repo.findUserById(owner.user_id))?.google_sub).toBeNull();

    const linked = await accounts.googleSignIn({
      sub: 'g-1',
      email: 'GINA@example.com',
      emailVerified: true,
    });
    expect(linked.user_id).toBe(owner.user_id);
    // Later the subject alone is enough, whatever the address says.
    const again = await accounts.googleSignIn({
      sub: 'g-1',
      email: 'other@example.com',
      emailVerified: false,
    });
    expect(again.user_id).toBe(owner.user_id);

    const created = await accounts.googleSignIn({
      sub: 'g-2',
      email: 'gina@else.com',
      emailVerified: true,
      name: 'Gina',
    });
    expect(created.user_id).not.toBe(owner.user_id);
    expect(created.username).toMatch(/^Gina\d{4}$/);
    // No password: the account cannot sign in with one.
    expect(
      await rejection(accounts.login({ usr: created.username, pwd: 'anything' }, '10.8.0.1')),
    ).toMatchObject({
      code: 'invalid_usr_or_pwd',
    });
  });
});

// REDIS_URL shape of the providers, against a real Redis when TEST_REDIS_URL is set.
describe.skipIf(!process.env.TEST_REDIS_URL)('Redis providers', () => {
  let redis: Redis;
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  let clock = Date.now();
  let sessions: SessionStore;
  let limiter: LoginLimiter;

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL as string, { keyPrefix: prefix });
    sessions = createRedisSessionStore(redis, 30, () => clock);
    limiter = createRedisLimiter(redis, { maxAttempts: 2, windowSeconds: 60 });
  });
  afterAll(async () => {
    const plain = new Redis(process.env.TEST_REDIS_URL as string);
    const keys = await plain.keys(`${prefix}*`);
    if (keys.length > 0) await plain.del(...keys);
    await plain.quit();
    await redis.quit();
  });

  it('stores sessions, slides them and revokes one or all', async () => {
    const a = await sessions.create(7, { ip: null, userAgent: null });
    const b = await sessions.create(7, { ip: null, userAgent: null });
    expect(await sessions.resolve(a)).toEqual({ userId: 7, refreshed: false });
    clock += 120_000;
    expect(await sessions.resolve(a)).toEqual({ userId: 7, refreshed: true });
    expect(
      await redis.ttl(`sess:${(await import('./session-store.ts')).hashSessionToken(a)}`),
    ).toBeGreaterThan(29 * 86_400);
    await sessions.revoke(a);
    expect(await sessions.resolve(a)).toBeNull();
    expect(await sessions.resolve(b)).not.toBeNull();
    await sessions.revokeAll(7);
    expect(await sessions.resolve(b)).toBeNull();
    expect(await sessions.resolve('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });

  it('counts failures per key with a window', async () => {
    expect(await limiter.isBlocked(['ip:1', 'acct:x'])).toBe(false);
    await limiter.recordFailure(['ip:1', 'acct:x']);
    await limiter.recordFailure(['ip:1', 'acct:y']);
    expect(await limiter.isBlocked(['ip:1'])).toBe(true);
    expect(await limiter.isBlocked(['ip:2', 'acct:x'])).toBe(false);
    expect(await redis.ttl('login:fail:ip:1')).toBeGreaterThan(50);
    await limiter.reset('ip:1');
    expect(await limiter.isBlocked(['ip:1'])).toBe(false);
  });
});
