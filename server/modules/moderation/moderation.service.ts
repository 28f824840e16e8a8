// The moderation queue's rules: who may see and decide, what a decision does, what an uploader sees of
// their own videos. No HTTP, no SQL.
import type { CurrentUser } from '../../../contract/accounts.ts';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import {
  type KnownDuplicateCommand,
  type KnownDuplicateResult,
  type ModerationCommand,
  type ModerationFile,
  type ModerationItem,
  type ModerationMatch,
  type ModerationQueue,
  type ModerationResult,
  type ProbeFacts,
  QUEUE_PAGE_SIZE,
  UPLOADS_PAGE_SIZE,
  type UploadItem,
  type UploadsPage,
} from '../../../contract/moderation.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FileRow, MatchRow, ModerationRepository, UploadRow } from './moderation.repository.ts';

export interface ModerationService {
  /** Waiting videos, oldest first. Guests 401, members 403. */
  queue(user: CurrentUser | null, page: number): Promise<ModerationQueue>;
  /** Approve (→ 1, listed) or reject (→ 4 with the reason) a waiting video. */
  decide(user: CurrentUser | null, command: ModerationCommand): Promise<ModerationResult>;
  /** Staff's "not a problem" on a possible duplicate: the pair no longer shows as one (issue 31). */
  notDuplicate(user: CurrentUser | null, command: KnownDuplicateCommand): Promise<KnownDuplicateResult>;
  /** A member's uploads: every status for the member, active public videos for everyone else. */
  uploads(viewer: CurrentUser | null, memberId: number, page: number): Promise<UploadsPage | null>;
}

export function createModerationService(
  repo: ModerationRepository,
  storage: Storage,
  // Each decision goes to the audit log (issue 17) as video.approve / video.reject; an approval lists
  // the video, so the caches that show lists are purged (`changes`, app.ts's one listener).
  // `records`: the performer-records gate (issue 31): an approval waits until they are checked.
  options: {
    audit?: AuditService;
    changes?: Pick<ContentChanges, 'notify'>;
    records?: { assertApprovable(videoId: number): Promise<void> };
  } = {},
): ModerationService {
  // Waiting and rejected videos are not public: the moderator's page is never cached, so plain (or
  // signed, short-lived) storage URLs are right here.
  const urlOf = (key: string) => storage.url(key);

  async function item(
    row: Awaited<ReturnType<ModerationRepository['queue']>>['rows'][number],
    files: FileRow[],
  ): Promise<Omit<ModerationItem, 'match'>> {
    const mine = files.filter((f) => f.video_id === row.id);
    const heightOf = (f: FileRow) => f.height ?? (Number.parseInt(f.format, 10) || 0);
    const mp4 = mine.filter((f) => f.kind === 'mp4').sort((a, b) => heightOf(b) - heightOf(a));
    const source = mine.find((f) => f.kind === 'source');
    const thumbs = mine
      // The JPEG of each numbered thumbnail (the pipeline also stores 'N.webp', and the uploader's 'chosen').
      .filter((f) => f.kind === 'thumb' && !f.format.endsWith('.webp'))
      .sort((a, b) => a.format.localeCompare(b.format, 'en', { numeric: true }));
    const poster = mine.find((f) => f.kind === 'poster' && f.format === '');
    const preview = mine.find((f) => f.kind === 'preview');
    const sources: ModerationFile[] = await Promise.all(
      mp4.map(async (f) => ({
        format: f.format,
        url: await urlOf(f.storage_key),
        mime: f.mime,
        width: f.width,
        height: heightOf(f),
        size: f.size_bytes,
      })),
    );
    return {
      video_id: row.id,
      dir: row.dir,
      title: row.title,
      description: row.description,
      duration: row.duration,
      width: row.width,
      height: row.height,
      size: source?.size_bytes || mp4[0]?.size_bytes || 0,
      created_at: new Date(row.created_at).toISOString(),
      uploader:
        row.user_id !== null && row.username ? { user_id: row.user_id, username: row.username } : null,
      probe: probeFacts(row.probe),
      poster: poster ? await urlOf(poster.storage_key) : null,
      thumbs: await Promise.all(thumbs.map((f) => urlOf(f.storage_key))),
      preview: preview ? await urlOf(preview.storage_key) : null,
      sources,
    };
  }

  /** The best possible duplicate of a waiting video, side by side with it on the queue's card. */
  async function matchOf(videoId: number, matches: MatchRow[]): Promise<ModerationMatch | null> {
    const m = matches.find((x) => x.video_id === videoId);
    if (!m) return null;
    return {
      video_id: m.other_id,
      similarity: m.similarity,
      dir: m.dir,
      title: m.title,
      duration: m.duration,
      status_id: m.status,
      poster: m.poster_key ? await urlOf(m.poster_key) : null,
    };
  }

  return {
    async queue(user, page) {
      requireModerator(user);
      const { rows, total } = await repo.queue(page, QUEUE_PAGE_SIZE);
      const [files, matches] = await Promise.all([
        repo.files(rows.map((r) => r.id)),
        repo.bestMatches(rows.map((r) => r.id)),
      ]);
      return {
        videos: await Promise.all(
          rows.map(async (r) => ({ ...(await item(r, files)), match: await matchOf(r.id, matches) })),
        ),
        total_count: total,
        page,
        per_page: QUEUE_PAGE_SIZE,
      };
    },

    async decide(user, command) {
      requireModerator(user);
      const reject = command.act === 'reject';
      if (!reject) await options.records?.assertApprovable(command.videoId);
      const outcome = await repo.decide({
        videoId: command.videoId,
        moderatorId: user.user_id,
        action: command.act,
        reason: reject ? command.reason : null,
        note: reject ? command.text : null,
        // What the uploader reads: the code (translated by the page), or the moderator's own words.
        rejectReason: reject ? (command.reason === 'other' ? command.text : command.reason) : null,
      });
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') {
          throw new DomainError('video_not_found', {
            status: 404,
            message: english('notify.video_not_found'),
          });
        }
        throw new DomainError('invalid_state', {
          status: 409,
          message: english('api.not_waiting_for_moderation'),
          info: { status_id: outcome.status },
        });
      }
      await options.audit?.record(
        user,
        `video.${command.act}`,
        { type: 'video', id: command.videoId },
        reject ? { reason: command.reason, ...(command.text ? { text: command.text } : {}) } : {},
      );
      if (!reject) await options.changes?.notify();
      return { status: 'success', video_id: command.videoId, status_id: outcome.status };
    },

    async notDuplicate(user, { videoId, otherId }) {
      requireModerator(user);
      if (!(await repo.markKnownDuplicate(videoId, otherId))) {
        throw new DomainError('match_not_found', {
          status: 404,
          message: english('api.match_not_found'),
        });
      }
      await options.audit?.record(
        user,
        'video.not_duplicate',
        { type: 'video', id: videoId },
        { other_id: otherId },
      );
      return { status: 'success', video_id: videoId, other_id: otherId };
    },

    async uploads(viewer, memberId, page) {
      if (!(await repo.userExists(memberId))) return null;
      const own = viewer?.user_id === memberId;
      const { rows, total } = await repo.uploads(memberId, own, page, UPLOADS_PAGE_SIZE);
      return {
        videos: await Promise.all(
          rows.map(async (r) => ({
            video_id: r.id,
            dir: r.dir,
            title: r.title,
            status_id: r.status,
            reject_reason: own && r.status === VIDEO_STATUS.rejected ? r.reject_reason : null,
            reject_code: own && r.status === VIDEO_STATUS.rejected ? r.reject_code : null,
            progress: own && r.status === VIDEO_STATUS.processing ? r.progress : null,
            records: own ? recordsStep(r.records_status, r.records_submitted) : null,
            duration: r.duration,
            // Storage URLs of an unlisted video are for its owner only (the page is never cached for
            // members); the public sees active videos alone.
            poster: r.poster_key ? await urlOf(r.poster_key) : null,
            created_at: new Date(r.created_at).toISOString(),
            card: {
              post_date: r.post_date.toISOString(),
              video_viewed: r.views,
              rating: Math.round(r.rating * 100),
              rated: r.likes + r.dislikes > 0,
              hd: (r.height ?? 0) >= 720,
              preview: r.preview_key ? await urlOf(r.preview_key) : null,
            },
          })),
        ),
        total_count: total,
        page,
        own,
      };
    },
  };
}

/** Where an upload's performer records stand for its owner (issue 31); null: it needs none. */
function recordsStep(status: UploadRow['records_status'], submitted: boolean): UploadItem['records'] {
  if (status === null) return null;
  if (status === 'pending') return submitted ? 'pending' : 'missing';
  return status;
}

/** The fields the queue shows from ffprobe's facts, whatever shape H1's column takes. */
export function probeFacts(raw: unknown): ProbeFacts {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const p = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (...keys: string[]) => {
    for (const k of keys) if (typeof p[k] === 'string' && p[k]) return p[k] as string;
    return null;
  };
  const num = (...keys: string[]) => {
    for (const k of keys) {
      const v = typeof p[k] === 'string' ? Number(p[k]) : p[k];
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
    return null;
  };
  return {
    container: text('container', 'formatName', 'format_name', 'format'),
    video_codec: text('video_codec', 'videoCodec', 'codec'),
    audio_codec: text('audio_codec', 'audioCodec'),
    fps: num('fps', 'frame_rate', 'frameRate'),
    bitrate: num('bitrate', 'bit_rate', 'bitRate', 'bitRateBps'),
  };
}
