import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './job.ts';
import type { JobQueue } from './queue.ts';
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
  return { queue, calls };
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

  it('refuses bad names and timeouts at definition', () => {
    expect(() => defineJob({ ...probe, name: 'Media Probe' })).toThrow(/lower-case/);
    expect(() => defineJob({ ...probe, timeoutSeconds: 0 })).toThrow(/timeoutSeconds/);
  });
});
