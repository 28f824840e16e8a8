import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './job.ts';
import type { JobQueue, JobScheduler } from './queue.ts';
import { JobRegistry, JobRegistryError } from './registry.ts';

const retry = { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false };
const probe = defineJob({
  name: 'media.probe',
  payload: z.object({ videoId: z.number() }),
  retry,
  timeoutSeconds: 60,
});
const poster = defineJob({
  name: 'media.poster',
  payload: z.object({ videoId: z.number() }),
  retry,
  timeoutSeconds: 60,
});
const noop = async () => {};

function fakeQueue() {
  const calls: string[] = [];
  const queue: JobQueue = {
    register: async (defs) => void calls.push(`register ${defs.map((d) => d.name).join(',')}`),
    enqueue: async () => null,
    work: async (def) => void calls.push(`work ${def.name}`),
    info: async () => null,
    stop: async () => {},
  };
  const scheduler: JobScheduler = {
    schedule: async (list) =>
      void calls.push(`schedule ${list.map((s) => `${s.definition.name}@${s.cron}`).join(',')}`),
    unschedule: async (defs) => void calls.push(`unschedule ${defs.map((d) => d.name).join(',')}`),
  };
  return { queue, scheduler, calls };
}

function problemsOf(registry: JobRegistry): string[] {
  try {
    registry.check();
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(JobRegistryError);
    return (error as JobRegistryError).problems;
  }
}

describe('job registry', () => {
  it('starts when every job has exactly one handler', async () => {
    const registry = new JobRegistry().define(probe, poster).handle(probe, noop).handle(poster, noop);
    const { queue, calls } = fakeQueue();
    await registry.start(queue, { work: true });
    expect(calls).toEqual(['register media.probe,media.poster', 'work media.probe', 'work media.poster']);
  });

  it('only registers in a process that does not work', async () => {
    const registry = new JobRegistry().define(probe).handle(probe, noop);
    const { queue, calls } = fakeQueue();
    await registry.start(queue, { work: false });
    expect(calls).toEqual(['register media.probe']);
  });

  it('refuses to start with a job without a handler, or with two', async () => {
    const registry = new JobRegistry().define(probe, poster).handle(probe, noop).handle(probe, noop);
    expect(problemsOf(registry)).toEqual([
      'job media.probe has 2 handlers',
      'job media.poster has no handler',
    ]);
    const { queue, calls } = fakeQueue();
    await expect(registry.start(queue, { work: false })).rejects.toBeInstanceOf(JobRegistryError);
    expect(calls).toEqual([]);
  });

  it('refuses a handler for an undefined job and a name defined twice', () => {
    const other = defineJob({ ...probe });
    const registry = new JobRegistry().define(probe, other).handle(probe, noop).handle(poster, noop);
    expect(problemsOf(registry)).toEqual([
      'job media.probe is defined twice',
      'a handler is registered for media.poster, which is not defined',
    ]);
  });

  it('stores the schedules in a working process, and drops the schedules of its unscheduled jobs', async () => {
    const registry = new JobRegistry()
      .define(probe, poster)
      .handle(probe, noop)
      .handle(poster, noop)
      .schedule(poster, '*/5 * * * *', { videoId: 1 });
    expect(registry.schedules()).toEqual([
      { definition: poster, cron: '*/5 * * * *', payload: { videoId: 1 } },
    ]);
    const working = fakeQueue();
    await registry.start(working.queue, { work: true, scheduler: working.scheduler });
    expect(working.calls).toEqual([
      'register media.probe,media.poster',
      'work media.probe',
      'work media.poster',
      'schedule media.poster@*/5 * * * *',
      'unschedule media.probe',
    ]);
    // A process that only enqueues runs no clock and leaves the schedules alone.
    const web = fakeQueue();
    await registry.start(web.queue, { work: false, scheduler: web.scheduler });
    expect(web.calls).toEqual(['register media.probe,media.poster']);
  });

  it('refuses a schedule of an undefined job, and a job scheduled twice', () => {
    const registry = new JobRegistry()
      .define(probe)
      .handle(probe, noop)
      .schedule(probe, '0 * * * *', { videoId: 1 })
      .schedule(probe, '1 * * * *', { videoId: 1 })
      .schedule(poster, '0 * * * *', { videoId: 2 });
    expect(problemsOf(registry)).toEqual([
      'job media.probe is scheduled twice',
      'job media.poster is scheduled, but not defined',
    ]);
  });

  it('refuses bad names and timeouts at definition', () => {
    expect(() => defineJob({ ...probe, name: 'Media Probe' })).toThrow(/lower-case/);
    expect(() => defineJob({ ...probe, timeoutSeconds: 0 })).toThrow(/timeoutSeconds/);
  });
});
