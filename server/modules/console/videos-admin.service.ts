// The console's videos (issue 17): the rules of the staff's list, edit, poster, status and delete of
// any video, and of their bulk forms. Permissions (moderators and administrators), input already parsed
// by contract/admin-videos.ts; every write is recorded in the audit log and then announced to
// services.changes, which purges the caches so the site shows it at once. No HTTP, no SQL.
import { Readable } from 'node:stream';
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
  type Still,
  type VideoChanges,
} from '../../../contract/admin-videos.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { type EnglishKey, english } from '../../lib/english.ts';
import { images } from '../../media/images.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BlocklistService } from '../integrity/blocklist.service.ts';
import type {
  Decision,
  VideoFileRow,
  VideoState,
  VideosAdminRepository,
  VideoWrite,
} from './videos-admin.repository.ts';

/** The poster's width (the pipeline's POSTER_WIDTH, server/pipeline/media-steps.ts). */
export const POSTER_WIDTH = 640;
/** A still larger than this is not a still. */
const STILL_MAX_BYTES = 20 * 1024 * 1024;
/** The pickers list every category, model and channel up to this many each. */
const CHOICES_MAX = 5000;

export interface VideosAdminService {
  list(user: CurrentUser | null, query: AdminVideosQuery): Promise<AdminVideoList>;
  get(user: CurrentUser | null, videoId: number): Promise<AdminVideoDetail>;
  act(user: CurrentUser | null, command: AdminVideoCommand): Promise<AdminVideoResult>;
  bulk(user: CurrentUser | null, command: BulkCommand): Promise<AdminBulkResult>;
}

const mediaUrl = (key: string) => `/media/${key}`;
const videoPrefix = (id: number) => `videos/${id}/`;
const notFound = () =>
  new DomainError('video_not_found', {
    status: 404,
    message: english('notify.video_not_found'),
  });

/** Why a video may not take `target`, or null. */
export function statusRefusal(
  state: Pick<VideoState, 'status' | 'hasRenditions' | 'dmcaDown'>,
  target: SettableStatus,
) {
  if (target === state.status) return null;
  if (target === 1) {
    if (state.status === 2) return 'video_processing';
    if (!state.hasRenditions) return 'no_renditions';
    if (state.dmcaDown) return 'dmca_takedown';
  }
  return null;
}

const STATUS_MESSAGES: Record<string, EnglishKey> = {
  video_processing: 'api.video_processing',
  no_renditions: 'api.no_renditions',
  dmca_takedown: 'api.dmca_takedown',
};
const refusal = (code: string) =>
  new DomainError(code, {
    status: 409,
    message: english(STATUS_MESSAGES[code] ?? 'api.status_refused'),
  });

/** The status part of a write: the reason goes with a rejection, a waiting video made active is new. */
function statusWrite(state: VideoState, status: SettableStatus, reason: string | null): VideoWrite {
  if (status === state.status) return reason !== null && status === 4 ? { rejectReason: reason } : {};
  return {
    status,
    rejectReason: status === 4 ? reason : status === 1 ? null : undefined,
    freshPostDate: status === 1 && (state.status === 2 || state.status === 3),
  };
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

/** An edit's write and the fields it changes (from → to, for the audit log). */
export function planEdit(
  state: VideoState,
  changes: VideoChanges,
): { write: VideoWrite; changed: Record<string, { from: unknown; to: unknown }> } | { error: string } {
  const write: VideoWrite = {};
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  const cut = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);
  if (changes.title !== undefined && changes.title !== state.title) {
    write.title = changes.title;
    changed.title = { from: state.title, to: changes.title };
  }
  if (changes.description !== undefined && changes.description !== state.description) {
    write.description = changes.description;
    changed.description = { from: cut(state.description), to: cut(changes.description) };
  }
  if (changes.categories !== undefined && !sameIds(changes.categories, state.categories)) {
    write.categories = changes.categories;
    changed.categories = { from: state.categories, to: changes.categories };
  }
  if (changes.models !== undefined && !sameIds(changes.models, state.models)) {
    write.models = changes.models;
    changed.models = { from: state.models, to: changes.models };
  }
  if (changes.channel !== undefined && changes.channel !== state.channel_id) {
    write.channel = changes.channel;
    changed.channel = { from: state.channel_id, to: changes.channel };
  }
  if (changes.tags !== undefined) {
    // A tag the video has keeps its row even where its dir is not what its title would give now.
    const held = new Map(state.tags.map((t) => [t.title.toLowerCase(), t]));
    const wanted = changes.tags.map((t) => {
      const same = held.get(t.title.toLowerCase());
      return same ? { dir: same.dir, title: same.title } : t;
    });
    const before = state.tags.map((t) => t.dir).sort();
    const after = wanted.map((t) => t.dir).sort();
    if (before.join('\n') !== after.join('\n')) {
      write.tags = wanted;
      changed.tags = { from: state.tags.map((t) => t.title), to: wanted.map((t) => t.title) };
    }
  }
  if (changes.isPrivate !== undefined && changes.isPrivate !== state.is_private) {
    write.isPrivate = changes.isPrivate;
    changed.private = { from: state.is_private, to: changes.isPrivate };
  }
  if (changes.status !== undefined && changes.status !== state.status) {
    const why = statusRefusal(state, changes.status);
    if (why) return { error: why };
    Object.assign(write, statusWrite(state, changes.status, null));
    changed.status = { from: state.status, to: changes.status };
  }
  return { write, changed };
}

/** The stills a poster can be made from, and which one the poster is now. */
export function stillsOf(videoId: number, rows: VideoFileRow[]): (Still & { storageKey: string })[] {
  const poster = rows.find((r) => r.kind === 'poster' && r.format === '');
  const original = rows.find((r) => r.kind === 'poster' && r.format === 'original') ?? poster;
  const made = poster
    ? new RegExp(`^${videoPrefix(videoId)}poster-([a-z0-9]+)-[a-z0-9]+\\.jpg$`).exec(poster.storage_key)
    : null;
  const currentKey = made ? made[1] : original ? 'original' : null;
  const stills: (Still & { storageKey: string })[] = [];
  if (original) {
    stills.push({
      key: 'original',
      url: mediaUrl(original.storage_key),
      current: currentKey === 'original',
      storageKey: original.storage_key,
    });
  }
  const thumbs = rows
    .filter((r) => r.kind === 'thumb' && /^(\d+|chosen)$/.test(r.format))
    .sort((a, b) =>
      a.format === 'chosen' ? 1 : b.format === 'chosen' ? -1 : Number(a.format) - Number(b.format),
    );
  for (const t of thumbs) {
    stills.push({
      key: t.format,
      url: mediaUrl(t.storage_key),
      current: currentKey === t.format,
      storageKey: t.storage_key,
    });
  }
  return stills;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > STILL_MAX_BYTES) {
      stream.destroy();
      throw new DomainError('still_unreadable', { status: 409, message: english('api.still_unreadable') });
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
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
    if (wanted.status === 1) await deps.records?.assertApprovable(videoId);
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
    if (status === 1) await deps.records?.assertApprovable(videoId);
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

  async function poster(user: CurrentUser, videoId: number, still: string) {
    const rows = await repo.pictures(videoId);
    const stills = stillsOf(videoId, rows);
    const chosen = stills.find((s) => s.key === still);
    if (!chosen) {
      if (!(await repo.exists(videoId))) throw notFound();
      throw new DomainError('still_not_found', { status: 404, message: english('api.still_not_found') });
    }
    let outcome: Awaited<ReturnType<VideosAdminRepository['setPoster']>>;
    const made: string[] = [];
    if (still === 'original') {
      outcome = await repo.setPoster(videoId, { restoreOriginal: true });
    } else {
      let bytes: Buffer;
      try {
        bytes = await readAll(await storage.get(chosen.storageKey));
      } catch (error) {
        if (error instanceof DomainError) throw error;
        throw new DomainError('still_not_found', { status: 404, message: english('api.still_missing') });
      }
      // A new name each time: media keys are immutable (cached for good), so the new poster shows at once.
      const base = `${videoPrefix(videoId)}poster-${still}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
      let files: {
        format: '' | 'webp';
        key: string;
        mime: string;
        width: number;
        height: number;
        size: number;
      }[];
      try {
        const resize = { width: POSTER_WIDTH, withoutEnlargement: true };
        const [jpg, webp] = await Promise.all([
          images.encode(bytes, { resize, format: 'jpeg', quality: 82, mozjpeg: true }),
          images.encode(bytes, { resize, format: 'webp', quality: 78 }),
        ]);
        files = [
          {
            format: '',
            key: `${base}.jpg`,
            mime: 'image/jpeg',
            width: jpg.width,
            height: jpg.height,
            size: jpg.data.length,
          },
          {
            format: 'webp',
            key: `${base}.webp`,
            mime: 'image/webp',
            width: webp.width,
            height: webp.height,
            size: webp.data.length,
          },
        ];
        await storage.putStream(files[0]!.key, Readable.from([jpg.data]), { contentType: 'image/jpeg' });
        made.push(files[0]!.key);
        await storage.putStream(files[1]!.key, Readable.from([webp.data]), { contentType: 'image/webp' });
        made.push(files[1]!.key);
      } catch (error) {
        await dropFiles(made, null);
        if (error instanceof DomainError) throw error;
        throw new DomainError('still_unreadable', { status: 409, message: english('api.still_unreadable') });
      }
      outcome = await repo.setPoster(videoId, { restoreOriginal: false, files });
    }
    if (!outcome.ok) {
      await dropFiles(made, null);
      if (outcome.reason === 'not_found') throw notFound();
      throw new DomainError('still_not_found', { status: 404, message: english('api.still_not_found') });
    }
    // Posters an earlier choice made (never the original, never a file another row names).
    const own = `${videoPrefix(videoId)}poster-`;
    const stale: string[] = [];
    for (const key of outcome.dropped)
      if (key.startsWith(own) && !(await repo.keyInUse(key))) stale.push(key);
    await dropFiles(stale, null);
    await audit.record(user, 'video.poster', { type: 'video', id: videoId }, { still });
    await changes.notify();
  }

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
          const status = await setStatus(user, command.videoId, 5, null);
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
