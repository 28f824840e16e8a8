// Chooses the providers of the accounts module from the configuration (zero-setup defaults: sessions
// in the database, counters in process, mail to DATA_DIR/outbox; Redis and SMTP when configured).
// Login and mail-send counters share one mechanism (login-limiter.ts), under separate Redis prefixes.
// Expired database sessions are swept by the scheduled `sessions.sweep` job (session-sweep.job.ts),
// once an hour across the fleet, not by a timer in each web process.
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import { switchingMailer } from '../settings/settings.wiring.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { type AccountsService, createAccountsService } from './accounts.service.ts';
import { createMemoryLimiter, createRedisLimiter } from './login-limiter.ts';
import { createOutboxMailer, createSmtpMailer, type MailLog } from './mailer.ts';
import { DEFAULT_SEND_LIMITS, type SendLimits } from './send-limits.ts';
import { createDatabaseSessionStore, createRedisSessionStore } from './session-store.ts';

export interface AccountsInfra {
  /** The process's Redis connection (REDIS_URL), shared and closed by the composition root. */
  redis: Redis | null;
  logger: Logger;
  /** Where outbox mails are announced (tests); by default the logger. */
  mailLog?: MailLog;
  /** The site settings in effect (issue 17): the mails' site name, sender and SMTP URL, read at each mail. */
  live?: () => { siteName: string; mailFrom: string; smtpUrl: string | undefined };
}

export function createAccounts(config: Config, db: DB, infra: AccountsInfra): AccountsService {
  const { redis, logger } = infra;
  const repo = createAccountsRepository(db);
  const limits = { maxAttempts: config.loginMaxAttempts, windowSeconds: config.loginWindowSeconds };
  const sendLimits: SendLimits = { ...DEFAULT_SEND_LIMITS, ...config.mailLimits };
  const sendOptions = { maxAttempts: sendLimits.mailsPerAddress, windowSeconds: sendLimits.windowSeconds };
  const buildMailer = (smtpUrl: string | undefined, from: string) =>
    smtpUrl
      ? createSmtpMailer(smtpUrl, from)
      : createOutboxMailer(
          path.join(config.dataDir, 'outbox'),
          from,
          infra.mailLog ?? ((message, data) => logger.info(data, message)),
        );
  const live = infra.live;
  const mailer = live ? switchingMailer(live, buildMailer) : buildMailer(config.smtpUrl, config.mailFrom);
  const sessions = redis
    ? createRedisSessionStore(redis, config.sessionDays)
    : createDatabaseSessionStore(repo, config.sessionDays);
  return createAccountsService({
    repo,
    sessions,
    limiter: redis ? createRedisLimiter(redis, limits) : createMemoryLimiter(limits),
    sendLimiter: redis
      ? createRedisLimiter(redis, sendOptions, 'limit:send:')
      : createMemoryLimiter(sendOptions),
    sendLimits,
    mailer,
    publicUrl: config.publicUrl,
    get siteName() {
      return live?.().siteName ?? config.siteName;
    },
    googleEnabled: config.google !== null,
    close: async () => {
      mailer.close();
    },
  });
}
