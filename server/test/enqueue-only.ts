// An app whose media jobs are enqueued but never worked (the upload, records and re-upload tests run the
// real handler themselves, or only look at what was queued), listening on a port of its own for tus.
import type { AddressInfo } from 'node:net';
import { startJobs } from '../jobs/jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { JobRegistry } from '../jobs/registry.ts';
import { linkImportJob } from '../modules/upload/link-import.job.ts';
import { processVideoJob } from '../pipeline/definitions.ts';
import type { TestApp } from './app.ts';

/** Attaches an enqueue-only queue to `t` and starts listening; `queue.stop()` it in afterAll. */
export async function listenWithIdleJobs(t: TestApp): Promise<{ queue: JobQueue; base: string }> {
  const registry = new JobRegistry()
    .define(processVideoJob, linkImportJob)
    .handle(processVideoJob, async () => {})
    .handle(linkImportJob, async () => {});
  const queue = await startJobs(t.database.handle, {
    work: false,
    log: { error: () => {} },
    registry,
    storage: t.services.storage,
  } as Parameters<typeof startJobs>[1]);
  t.services.jobs.attach(queue);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { queue, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}
