// Every job definition and its one handler. The server refuses to start when a defined job has no
// handler (it would queue forever) or two (which one runs would depend on registration order).
import type { JobDefinition, JobHandler, PayloadOf } from './job.ts';
import type { JobQueue, JobSchedule, JobScheduler } from './queue.ts';

export class JobRegistryError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Job registry is inconsistent:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'JobRegistryError';
    this.problems = problems;
  }
}

export class JobRegistry {
  readonly #definitions = new Map<string, JobDefinition>();
  readonly #handlers = new Map<string, JobHandler[]>();
  readonly #schedules = new Map<string, JobSchedule>();
  readonly #problems: string[] = [];

  define(...definitions: JobDefinition[]): this {
    for (const definition of definitions) {
      const known = this.#definitions.get(definition.name);
      if (known && known !== definition) this.#problems.push(`job ${definition.name} is defined twice`);
      this.#definitions.set(definition.name, definition);
    }
    return this;
  }

  handle<D extends JobDefinition>(definition: D, handler: JobHandler<D>): this {
    const list = this.#handlers.get(definition.name) ?? [];
    list.push(handler as unknown as JobHandler);
    this.#handlers.set(definition.name, list);
    return this;
  }

  /** Runs the job on a clock shared by the fleet (queue.ts JobSchedule): at most one schedule per job. */
  schedule<D extends JobDefinition>(definition: D, cron: string, payload: PayloadOf<D>): this {
    if (this.#schedules.has(definition.name))
      this.#problems.push(`job ${definition.name} is scheduled twice`);
    this.#schedules.set(definition.name, { definition, cron, payload });
    return this;
  }

  definitions(): JobDefinition[] {
    return [...this.#definitions.values()];
  }

  schedules(): JobSchedule[] {
    return [...this.#schedules.values()];
  }

  /** Throws one error naming every job without a handler, with several, or handled but not defined. */
  check(): void {
    const problems = [...this.#problems];
    for (const name of this.#definitions.keys()) {
      const count = this.#handlers.get(name)?.length ?? 0;
      if (count === 0) problems.push(`job ${name} has no handler`);
      if (count > 1) problems.push(`job ${name} has ${count} handlers`);
    }
    for (const name of this.#handlers.keys()) {
      if (!this.#definitions.has(name))
        problems.push(`a handler is registered for ${name}, which is not defined`);
    }
    for (const name of this.#schedules.keys()) {
      if (!this.#definitions.has(name)) problems.push(`job ${name} is scheduled, but not defined`);
    }
    if (problems.length > 0) throw new JobRegistryError(problems);
  }

  /**
   * Checks, creates the queues, and (in a worker role) starts taking jobs and stores the schedules with
   * `scheduler` (its clock runs in working processes only). A web process that only enqueues passes
   * `work: false`; the check runs either way, so a bad registry never boots.
   */
  async start(queue: JobQueue, options: { work: boolean; scheduler?: JobScheduler }): Promise<void> {
    this.check();
    await queue.register(this.definitions());
    if (!options.work) return;
    for (const definition of this.#definitions.values()) {
      await queue.work(definition, this.#handlers.get(definition.name)![0]!);
    }
    if (!options.scheduler) return;
    await options.scheduler.schedule(this.schedules());
    // Only this registry's own jobs: a worker running a part of the jobs leaves the others' schedules.
    await options.scheduler.unschedule(this.definitions().filter((d) => !this.#schedules.has(d.name)));
  }
}
