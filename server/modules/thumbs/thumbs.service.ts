// Thumbnail rotation by click-through (issue 32 part 1; docs/decisions.md "Thumbnail trials"). A new
// video's listing card carries its candidate stills (the poster and up to three thumbnails); the browser
// shows one per visitor and reports impressions and clicks per still (POST /api/thumbs.php), staged
// (thumbs-stage.ts) and written every 5 s by the flusher, which then runs the rule (thumbs.rule.ts) on
// the trials it touched: drop a clear loser from the cards, or settle on the best. A settled or pinned
// trial's still is what the card shows from then on (videos.card_stills; the card's version rises, so
// cached cards change). The sweep (every minute) starts trials for videos posted in the last
// TRIAL_WINDOW_DAYS and settles trials past the rule's time cap. Staff pin a still, unpin, or restart a
// trial in the console (/api/admin/thumbs.php).
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type AdminThumbs,
  type AdminThumbsForm,
  THUMBS_CALLS_PER_MINUTE,
  type ThumbEvent,
} from '../../../contract/thumbs.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { mediaUrl } from '../catalog/catalog.mappers.ts';
import { viewNetworkOf } from '../watch/watch.service.ts';
import type { ThumbsRepository, TrialRow } from './thumbs.repository.ts';
import {
  candidatesOf,
  type Decision,
  decide,
  MAX_DAYS,
  probabilityBest,
  seededRandom,
  seedOf,
} from './thumbs.rule.ts';
import { createMemoryThumbStage, type ThumbCount, type ThumbStage } from './thumbs-stage.ts';

/** Videos posted this recently get a trial. */
export const TRIAL_WINDOW_DAYS = 3;
/** Trials started per sweep at most. */
const START_PER_SWEEP = 200;
/** How long a process trusts its list of running trials (the beacon's check). */
const RUNNING_TTL_MS = 10_000;
const DAY_MS = 86_400_000;

export interface ThumbsOptions {
  stage?: ThumbStage;
  now?: () => number;
  callsPerMinute?: number;
  audit?: Pick<AuditService, 'record'>;
  /** Purges the page and listing caches after a card changed (content-changes.ts). */
  changed?: () => Promise<void>;
}

export interface ThumbsFlushResult {
  events: number;
  batches: number;
  /** Trials the rule moved (a still dropped, or settled). */
  decided: number;
}

const notFoundVideo = () => new DomainError('not_found', { status: 404, message: english('api.not_found') });

export function createThumbsService(repo: ThumbsRepository, options: ThumbsOptions = {}) {
  const stage = options.stage ?? createMemoryThumbStage();
  const now = options.now ?? Date.now;
  const max = options.callsPerMinute ?? THUMBS_CALLS_PER_MINUTE;
  const changed = options.changed ?? (async () => {});
  let running: { until: number; trials: Promise<Map<number, number[]>> } | undefined;
  let flushing: Promise<ThumbsFlushResult> | null = null;

  const runningTrials = () => {
    if (!running || running.until <= now()) {
      const trials = repo.running();
      running = { until: now() + RUNNING_TTL_MS, trials };
      trials.catch(() => {
        running = undefined;
      });
    }
    return running.trials;
  };
  const forgetRunning = () => {
    running = undefined;
  };

  /** Applies the rule's decision; true when the trial moved. */
  async function apply(trial: TrialRow, decision: Decision): Promise<boolean> {
    if (decision.kind === 'wait') return false;
    const next =
      decision.kind === 'drop'
        ? { state: 'trial' as const, live: decision.live, chosen: null }
        : { state: 'settled' as const, live: [decision.still], chosen: decision.still };
    return repo.move(trial.video_id, next, trial.live);
  }

  /** Runs the rule on the running trials given; returns how many moved. */
  async function evaluate(trials: TrialRow[]): Promise<number> {
    if (trials.length === 0) return 0;
    const counts = await repo.counts(trials.map((t) => t.video_id));
    let moved = 0;
    for (const trial of trials) {
      const decision = decide({
        videoId: trial.video_id,
        live: trial.live,
        counts: (counts.get(trial.video_id) ?? []).filter((c) => trial.stills.includes(c.still)),
        ageDays: (now() - trial.started_at.getTime()) / DAY_MS,
      });
      if (await apply(trial, decision)) moved += 1;
    }
    if (moved > 0) {
      forgetRunning();
      await changed();
    }
    return moved;
  }

  async function runFlush(): Promise<ThumbsFlushResult> {
    let events = 0;
    let batches = 0;
    const touched = new Set<number>();
    for (const batch of await stage.take()) {
      try {
        const { applied } = await repo.applyCounts(batch.id, batch.counts);
        if (applied) {
          batches += 1;
          for (const c of batch.counts) {
            events += c.impressions + c.clicks;
            touched.add(c.videoId);
          }
        }
      } catch (error) {
        await batch.failed();
        throw error;
      }
      await batch.done();
    }
    const decided =
      touched.size > 0 ? await evaluate(await repo.runningTrials({ videoIds: [...touched] })) : 0;
    return { events, batches, decided };
  }

  /** One video's trial as the console shows it. */
  async function view(videoId: number): Promise<AdminThumbs> {
    const [trial, keys, counts] = await Promise.all([
      repo.trial(videoId),
      repo.stillKeys(videoId),
      repo.counts([videoId]),
    ]);
    if (!trial && !(await repo.videoExists(videoId))) throw notFoundVideo();
    const own = counts.get(videoId) ?? [];
    const stills = trial ? trial.stills : candidatesOf([...keys.keys()]);
    const rows = stills
      .filter((still) => keys.has(still))
      .map((still) => own.find((c) => c.still === still) ?? { still, impressions: 0, clicks: 0 });
    const live = trial?.state === 'trial' ? trial.live : [];
    // A running trial's live stills; once decided, every still that was shown.
    const liveRows =
      trial?.state === 'trial'
        ? rows.filter((r) => live.includes(r.still))
        : rows.filter((r) => r.impressions > 0);
    const p =
      liveRows.length >= 2
        ? probabilityBest(liveRows, seededRandom(seedOf(videoId, liveRows)))
        : new Map<number, number>();
    return {
      video_id: videoId,
      state: trial?.state ?? 'none',
      chosen: trial?.chosen ?? null,
      started_at: trial ? trial.started_at.toISOString() : null,
      decided_at: trial?.decided_at ? trial.decided_at.toISOString() : null,
      stills: rows.map((r) => ({
        still: r.still,
        url: mediaUrl(keys.get(r.still)!),
        impressions: r.impressions,
        clicks: r.clicks,
        rate: r.impressions > 0 ? r.clicks / r.impressions : 0,
        p_best: p.has(r.still) ? p.get(r.still)! : null,
        live: live.includes(r.still),
      })),
    };
  }

  return {
    /**
     * Counts one beacon's events (nothing written here: they join the pending batch). Events of a video
     * not in a running trial, or of a still not among its candidates, are ignored; a batch of nothing
     * else is 404. 429 `too_many_requests` past the address's budget.
     */
    async record(events: ThumbEvent[], from: { ip: string }): Promise<{ accepted: number; ignored: number }> {
      const trials = await runningTrials();
      const counts = new Map<string, ThumbCount>();
      let unknown: 'unknown_video' | 'unknown_still' = 'unknown_video';
      for (const e of events) {
        const stills = trials.get(e.video_id);
        if (!stills?.includes(e.still)) {
          if (stills) unknown = 'unknown_still';
          continue;
        }
        const key = `${e.video_id}|${e.still}`;
        const c = counts.get(key) ?? { videoId: e.video_id, still: e.still, impressions: 0, clicks: 0 };
        if (e.type === 'click') c.clicks += 1;
        else c.impressions += 1;
        counts.set(key, c);
      }
      let accepted = 0;
      for (const c of counts.values()) accepted += c.impressions + c.clicks;
      if (accepted === 0) {
        throw new DomainError(unknown, {
          status: 404,
          message: english('api.not_found'),
          codes: [{ field: 'events', code: unknown }],
        });
      }
      const admitted = await stage.add([...counts.values()], {
        key: viewNetworkOf(from.ip),
        max,
        windowMs: 60_000,
      });
      if (!admitted) {
        throw new DomainError('too_many_requests', {
          status: 429,
          message: english('api.too_many_requests'),
          info: { retry_after: 60 },
        });
      }
      return { accepted, ignored: events.length - accepted };
    },

    /** Writes the staged counts and runs the rule on the trials they touched. One flush at a time. */
    flush(): Promise<ThumbsFlushResult> {
      flushing ??= runFlush().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    /** Starts trials for new videos and settles those past the time cap. */
    async sweep(): Promise<{ started: number; decided: number }> {
      let started = 0;
      for (const video of await repo.untried(new Date(now() - TRIAL_WINDOW_DAYS * DAY_MS), START_PER_SWEEP)) {
        const stills = candidatesOf(video.thumbs);
        if (stills.length >= 2 && (await repo.start(video.videoId, stills))) started += 1;
      }
      if (started > 0) {
        forgetRunning();
        await changed();
      }
      const old = await repo.runningTrials({ startedBefore: new Date(now() - MAX_DAYS * DAY_MS) });
      return { started, decided: await evaluate(old) };
    },

    /** Events staged and not yet written. */
    unflushed: () => stage.pending(),

    async view(user: CurrentUser | null | undefined, videoId: number): Promise<AdminThumbs> {
      requireModerator(user);
      return view(videoId);
    },

    /** pin (a still: the card shows it, the trial ends), unpin (back to the trial), restart (counts cleared). */
    async act(user: CurrentUser | null | undefined, form: AdminThumbsForm): Promise<AdminThumbs> {
      requireModerator(user);
      const videoId = form.video_id;
      const [trial, keys] = await Promise.all([repo.trial(videoId), repo.stillKeys(videoId)]);
      if (!trial && !(await repo.videoExists(videoId))) throw notFoundVideo();
      const candidates = (trial?.stills ?? candidatesOf([...keys.keys()])).filter((s) => keys.has(s));
      if (form.act === 'pin') {
        if (form.still === undefined)
          throw new DomainError('invalid', {
            status: 400,
            message: english('api.invalid_input'),
            codes: [{ field: 'still', code: 'required' }],
          });
        if (!keys.has(form.still))
          throw new DomainError('still_not_found', {
            status: 404,
            message: english('api.still_not_found'),
            codes: [{ field: 'still', code: 'still_not_found' }],
          });
        const stills = candidates.includes(form.still) ? candidates : [...candidates, form.still];
        if (!trial) await repo.restart(videoId, stills, user.user_id);
        // A still outside the candidates joins them, so that the console lists it.
        await repo.move(videoId, {
          state: 'pinned',
          live: [form.still],
          chosen: form.still,
          by: user.user_id,
          stills,
        });
      } else if (form.act === 'unpin') {
        if (trial?.state !== 'pinned')
          throw new DomainError('not_pinned', {
            status: 409,
            message: english('api.invalid_input'),
            codes: [{ field: 'act', code: 'not_pinned' }],
          });
        await repo.move(videoId, { state: 'trial', live: trial.stills, chosen: null, by: user.user_id });
      } else {
        if (candidates.length < 2)
          throw new DomainError('no_stills', {
            status: 409,
            message: english('api.still_not_found'),
            codes: [{ field: 'act', code: 'no_stills' }],
          });
        await repo.restart(videoId, candidates, user.user_id);
      }
      await options.audit?.record(
        user,
        `video.thumb_${form.act}`,
        { type: 'video', id: videoId },
        {
          ...(form.still !== undefined && form.act === 'pin' ? { still: form.still } : {}),
        },
      );
      forgetRunning();
      await changed();
      return view(videoId);
    },
  };
}

export type ThumbsService = ReturnType<typeof createThumbsService>;
