// The media pipeline's entry job. An accepted upload (or link import, or the demo seeder) creates
// its video row (status 2, processing) with the source file in storage, then enqueues this job with
// the video's id as singleton key. The handler (server/pipeline/) runs the steps, each safe to repeat.
import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';

export const processVideoJob = defineJob({
  name: 'video.process',
  payload: z.object({ videoId: z.number().int().positive() }),
  retry: { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, retryDelayMaxSeconds: 3600 },
  // A 10 GB upload of several hours transcodes for a long time on a small machine.
  timeoutSeconds: 12 * 3600,
  // A killed worker's video is retried about a minute later (heartbeat + the 60 s upkeep), not in 12 h.
  heartbeatSeconds: 30,
});

/** The singleton key every enqueue of processVideoJob uses, so a video has at most one job at a time. */
export const processVideoKey = (videoId: number) => `video-${videoId}`;
