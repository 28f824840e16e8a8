// The console's videos (issue 17): the rules of the staff's list, edit, poster, status and delete of
// any video, and of their bulk forms. Permissions (moderators and administrators), input already parsed
// by contract/admin-videos.ts; every write is recorded in the audit log and then announced to
// services.changes, which purges the caches so the site shows it at once. No HTTP, no SQL.
// The commands' rules are in videos-admin.rules.ts, the poster command in videos-admin.poster.ts.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  ADMIN_VIDEOS_PAGE_SIZE,
  type AdminBulkResult,
  type AdminVideoCommand,
  type AdminVideoDetail,
  type AdminVideoList,
  type AdminVideoResult,
  type AdminVideosQuery,
  type BulkCommand,
  type SettableStatus,
  type VideoChanges,
} from '../../../contract/admin-videos.ts';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BlocklistService } from '../integrity/blocklist.service.ts';
import { createPosterCommand } from './videos-admin.poster.ts';
import type { Decision, VideosAdminRepository } from './videos-admin.repository.ts';
import {
  mediaUrl,
  notFound,
  planEdit,
  refusal,
  statusRefusal,
  statusWrite,
  stillsOf,
  videoPrefix,
} from './videos-admin.rules.ts';
import type { VideoState } from './videos-admin-sql.ts';

/** The pickers list every category, model and channel up to this many each. */
const CHOICES_MAX = 5000;

export interface VideosAdminService {
  list(user: CurrentUser | null, query: AdminVideosQuery): Promise<AdminVideoList>;
  get(user: CurrentUser | null, videoId: number): Promise<AdminVideoDetail>;
  act(user: CurrentUser | null, command: AdminVideoCommand): Promise<AdminVideoResult>;
  bulk(user: CurrentUser | null, command: BulkCommand): Promise<AdminBulkResult>;
}

export function createVideosAdminService(deps: {
  repo: VideosAdminRepository;
  storage: Storage;
  audit: AuditService;
  changes: ContentChanges;
  warn?: (message: string, detail: Record<string, unknown>) => void;
  /** The performer-records gate (issue 31): listing waits until a video's records are checked. */
  records?: { assertApprovable(videoId: number): Promise<void> };
  /** The block list (issue 31): acts block / unblock, and what the video call shows of blocks. */
  blocks?: BlocklistService;
}): VideosAdminService {
  const { repo, storage, audit, changes } = deps;
  const warn = deps.warn ?? (() => {});

  /** Deletes storage keys, logging (not failing on) the ones storage refuses. */
  async function dropFiles(keys: string[], prefix: string | null) {
    const jobs: Promise<unknown>[] = keys
      .filter((k) => !prefix || !k.startsWith(prefix))
      .map((k) => storage.delete(k));
    if (prefix) jobs.push(storage.deletePrefix(prefix));
    const results = await Promise.allSettled(jobs);
    for (const r of results)
      if (r.status === 'rejected') warn('A deleted video left files in storage', { error: String(r.reason) });
  }

  async function update(videoId: number, decide: (s: VideoState) => Decision<string>) {
    const outcome = await repo.update(videoId, decide);
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') throw notFound();
      throw refusal(outcome.error);
    }
    return outcome;
  }

  async function edit(user: CurrentUser, videoId: number, wanted: VideoChanges) {
    const unknown = await repo.unknownIds({
      categories: wanted.categories,
      models: wanted.models,
      channels: wanted.channel ? [wanted.channel] : undefined,
    });
    const codes = [
      ...(unknown.categories.length ? [{ field: 'categories', code: 'unknown_category' }] : []),
      ...(unknown.models.length ? [{ field: 'models', code: 'unknown_model' }] : []),
      ...(unknown.channels.length ? [{ field: 'channel', code: 'unknown_channel' }] : []),
    ];
    if (codes.length > 0) {
      // An unknown id in the form of a video that is not there: the video's 404 comes first.
      if (!(await repo.exists(videoId))) throw notFound();
      throw new DomainError('invalid', { status: 400, message: english('api.invalid_input'), codes });
    }
    if (wanted.status === VIDEO_STATUS.active) await deps.records?.assertApprovable(videoId);
    let changed: Record<string, { from: unknown; to: unknown }> = {};
    const outcome = await update(videoId, (state) => {
      const plan = planEdit(state, wanted);
      if ('error' in plan) return { error: plan.error };
      changed = plan.changed;
      return { write: plan.write };
    });
    const fields = Object.keys(changed);
    if (fields.length > 0) {
      await audit.record(
        user,
        'video.edit',
        { type: 'video', id: videoId },
        { changed: fields, changes: changed },
      );
      await changes.notify();
    }
    return { fields, status: outcome.after.status };
  }

  async function setStatus(
    user: CurrentUser,
    videoId: number,
    status: SettableStatus,
    reason: string | null,
  ) {
    if (status === VIDEO_STATUS.active) await deps.records?.assertApprovable(videoId);
    let from: number | null = null;
    const outcome = await update(videoId, (state) => {
      from = state.status;
      const why = statusRefusal(state, status);
      return why ? { error: why } : { write: statusWrite(state, status, reason) };
    });
    if (from !== status) {
      await audit.record(user, 'video.status', { type: 'video', id: videoId }, { from, to: status, reason });
      await changes.notify();
    }
    return outcome.after.status;
  }

  async function remove(user: CurrentUser, videoId: number, bulk = false) {
    const outcome = await repo.delete(videoId);
    if (!outcome.ok) throw notFound();
    const prefix = videoPrefix(videoId);
    await dropFiles(outcome.keys, outcome.shared.some((k) => k.startsWith(prefix)) ? null : prefix);
    if (!bulk) {
      await audit.record(
        user,
        'video.delete',
        { type: 'video', id: videoId },
        { title: outcome.before.title, status: outcome.before.status, uploader_id: outcome.before.user_id },
      );
      await changes.notify();
    }
    return outcome.before;
  }

  const { poster } = createPosterCommand({ repo, storage, audit, changes, dropFiles });

  return {
    async list(user, query) {
      requireModerator(user);
      const { rows, total } = await repo.list(
        {
          q: query.q,
          status: query.status,
          isPrivate: query.private === undefined ? undefined : query.private === '1',
          userId: query.user_id,
        },
        ADMIN_VIDEOS_PAGE_SIZE,
        (query.page - 1) * ADMIN_VIDEOS_PAGE_SIZE,
      );
      return {
        videos: rows.map((r) => ({
          video_id: r.id,
          dir: r.dir,
          title: r.title,
          poster: r.poster_key ? mediaUrl(r.poster_key) : null,
          status_id: r.status,
          is_private: r.is_private,
          uploader: r.user_id !== null && r.username ? { user_id: r.user_id, username: r.username } : null,
          views: r.views,
          duration: r.duration,
          created_at: new Date(r.created_at).toISOString(),
        })),
        total_count: total,
        page: query.page,
        per_page: ADMIN_VIDEOS_PAGE_SIZE,
      };
    },

    async get(user, videoId) {
      requireModerator(user);
      const found = await repo.detail(videoId);
      if (!found) throw notFound();
      const [pictures, choices, matches, blocks] = await Promise.all([
        repo.pictures(videoId),
        repo.choices(CHOICES_MAX),
        repo.matches(videoId),
        deps.blocks?.detail(videoId) ?? { reject_code: null, blocked_by: null, block: null },
      ]);
      const { state } = found;
      const posterRow = pictures.find((p) => p.kind === 'poster' && p.format === '');
      return {
        video: {
          video_id: state.id,
          dir: state.dir,
          title: state.title,
          poster: posterRow ? mediaUrl(posterRow.storage_key) : null,
          status_id: state.status,
          is_private: state.is_private,
          uploader:
            state.user_id !== null && found.username
              ? { user_id: state.user_id, username: found.username }
              : null,
          views: found.views,
          duration: found.duration,
          created_at: new Date(found.created_at).toISOString(),
          description: state.description,
          category_ids: state.categories,
          model_ids: state.models,
          channel_id: state.channel_id,
          tags: state.tags.map((t) => t.title),
          reject_reason: found.reject_reason,
          ...blocks,
          has_renditions: state.hasRenditions,
          stills: stillsOf(videoId, pictures).map(({ key, url, current }) => ({ key, url, current })),
        },
        ...choices,
        matches,
      };
    },

    async act(user, command) {
      requireModerator(user);
      const base = { status: 'success' as const, video_id: command.videoId, act: command.act };
      switch (command.act) {
        case 'edit': {
          const { fields, status } = await edit(user, command.videoId, command.changes);
          return { ...base, changed: fields, status_id: status };
        }
        case 'status': {
          const status = await setStatus(user, command.videoId, command.status, command.reason);
          return { ...base, changed: [], status_id: status };
        }
        case 'poster': {
          await poster(user, command.videoId, command.still);
          return { ...base, changed: ['poster'], status_id: null };
        }
        case 'delete': {
          await remove(user, command.videoId);
          return { ...base, changed: [], status_id: null };
        }
        case 'block': {
          // The fingerprint on the block list first (409 when there is none), then the video down.
          if (!deps.blocks) throw notFound();
          await deps.blocks.block(user, command.videoId);
          const status = await setStatus(user, command.videoId, VIDEO_STATUS.unavailable, null);
          return { ...base, changed: ['block'], status_id: status };
        }
        case 'unblock': {
          if (!deps.blocks) throw notFound();
          const lifted = await deps.blocks.unblock(user, command.videoId);
          return { ...base, changed: lifted > 0 ? ['block'] : [], status_id: null };
        }
      }
    },

    async bulk(user, command) {
      requireModerator(user);
      const results: AdminBulkResult['results'] = [];
      // One transaction per video: one refusal (or a video gone meanwhile) leaves the others done.
      for (const videoId of command.videoIds) {
        try {
          if (command.act === 'delete') {
            await remove(user, videoId, true);
          } else {
            const target = command.status;
            await update(videoId, (state) => {
              if (command.act === 'status' && target !== null) {
                const why = statusRefusal(state, target);
                return why ? { error: why } : { write: statusWrite(state, target, null) };
              }
              const isPrivate = command.act === 'private';
              return { write: isPrivate === state.is_private ? {} : { isPrivate } };
            });
          }
          results.push({ video_id: videoId, ok: true, code: null });
        } catch (error) {
          if (!(error instanceof DomainError) || error.status >= 500) throw error;
          results.push({ video_id: videoId, ok: false, code: error.code });
        }
      }
      const done = results.filter((r) => r.ok).map((r) => r.video_id);
      await audit.record(user, 'video.bulk', null, {
        act: command.act,
        ...(command.status !== null ? { status: command.status } : {}),
        done,
        failed: results.filter((r) => !r.ok).map((r) => ({ video_id: r.video_id, code: r.code })),
      });
      if (done.length > 0) await changes.notify();
      return { status: 'success', act: command.act, results };
    },
  };
}
