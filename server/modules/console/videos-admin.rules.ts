// The rules of the console's video commands (videos-admin.service.ts), as pure functions: which status
// a video may take, what an edit writes and records, which stills a poster can be made from, and the
// errors they answer. No I/O.
import type { SettableStatus, Still, VideoChanges } from '../../../contract/admin-videos.ts';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import { DomainError } from '../../errors.ts';
import { type EnglishKey, english } from '../../lib/english.ts';
import type { VideoFileRow } from './videos-admin-reads.repository.ts';
import type { VideoState, VideoWrite } from './videos-admin-sql.ts';

export const mediaUrl = (key: string) => `/media/${key}`;
export const videoPrefix = (id: number) => `videos/${id}/`;
export const notFound = () =>
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
  if (target === VIDEO_STATUS.active) {
    if (state.status === VIDEO_STATUS.processing) return 'video_processing';
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
export const refusal = (code: string) =>
  new DomainError(code, {
    status: 409,
    message: english(STATUS_MESSAGES[code] ?? 'api.status_refused'),
  });

/** The status part of a write: the reason goes with a rejection, a waiting video made active is new. */
export function statusWrite(state: VideoState, status: SettableStatus, reason: string | null): VideoWrite {
  if (status === state.status)
    return reason !== null && status === VIDEO_STATUS.rejected ? { rejectReason: reason } : {};
  return {
    status,
    rejectReason:
      status === VIDEO_STATUS.rejected ? reason : status === VIDEO_STATUS.active ? null : undefined,
    freshPostDate:
      status === VIDEO_STATUS.active &&
      (state.status === VIDEO_STATUS.processing || state.status === VIDEO_STATUS.waiting),
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
