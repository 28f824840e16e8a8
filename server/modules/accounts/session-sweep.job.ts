// The `sessions.sweep` job: deletes the expired database sessions nobody looked up again (a lookup
// already drops the one it finds expired; this catches a browser that simply stopped coming). A pg-boss
// schedule runs it every hour, once per tick across every worker (docs/decisions.md); the DELETE uses
// the expires_at index. With Redis sessions the table only holds rows from before the switch (Redis
// expires its own keys), so the sweep does the same thing whichever store is in use.
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/job.ts';
import type { JobsLogger } from '../../jobs/jobs.ts';
import type { JobRegistry } from '../../jobs/registry.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export const sessionSweepJob = defineJob({
  name: 'sessions.sweep',
  payload: z.object({}),
  // The next tick is the retry.
  retry: { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false },
  timeoutSeconds: 10 * 60,
});

/** Every hour, on the hour (UTC). */
export const SESSION_SWEEP_CRON = '0 * * * *';

export interface SessionSweepDeps {
  repo: Pick<AccountsRepository, 'deleteExpiredSessions'>;
  log: JobsLogger;
  now?: () => Date;
}

export function sessionSweepHandler(deps: SessionSweepDeps): JobHandler<typeof sessionSweepJob> {
  return async () => {
    const count = await deps.repo.deleteExpiredSessions(deps.now?.() ?? new Date());
    if (count > 0) deps.log.info?.({ count }, 'expired sessions deleted');
  };
}

export function registerSessionSweepJob(
  registry: JobRegistry,
  deps: SessionSweepDeps,
  cron = SESSION_SWEEP_CRON,
): JobRegistry {
  return registry
    .define(sessionSweepJob)
    .handle(sessionSweepJob, sessionSweepHandler(deps))
    .schedule(sessionSweepJob, cron, {});
}
