// The console's reads of videos (videos-admin.repository.ts): the list, one video with its links and
// stills, its possible duplicates, the pickers' choices, and the checks the service's rules ask for
// (does it exist, which ids name nothing, is a storage key in use). SQL only.
import type { VideoStatus } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import type { VideoFileKind } from '../../db/schema.ts';
import { createFingerprintsRepository } from '../integrity/fingerprints.repository.ts';
import { readState } from './videos-admin-sql.ts';

export interface AdminVideoFilter {
  /** A video id (all digits), else words of the title. */
  q?: string;
  status?: number;
  isPrivate?: boolean;
  userId?: number;
}

export interface AdminListRow {
  id: number;
  dir: string;
  title: string;
  status: VideoStatus;
  is_private: boolean;
  user_id: number | null;
  username: string | null;
  views: number;
  duration: number;
  created_at: Date;
  poster_key: string | null;
}

export interface VideoFileRow {
  kind: VideoFileKind;
  format: string;
  storage_key: string;
}

export function createVideosAdminReads(db: DB) {
  return {
    async list(filter: AdminVideoFilter, limit: number, offset: number) {
      let base = db.selectFrom('videos as v').where('v.deleted_at', 'is', null);
      const q = filter.q?.trim();
      if (q) {
        if (/^\d{1,15}$/.test(q)) {
          base = base.where((eb) =>
            eb.or([eb('v.id', '=', Number(q)), eb('v.title', 'ilike', `%${escapeLike(q)}%`)]),
          );
        } else {
          for (const word of q.split(/\s+/).slice(0, 8))
            base = base.where('v.title', 'ilike', `%${escapeLike(word)}%`);
        }
      }
      if (filter.status !== undefined) base = base.where('v.status', '=', filter.status as VideoStatus);
      if (filter.isPrivate !== undefined) base = base.where('v.is_private', '=', filter.isPrivate);
      if (filter.userId !== undefined) base = base.where('v.user_id', '=', filter.userId);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('users as u', 'u.id', 'v.user_id')
          .select([
            'v.id',
            'v.dir',
            'v.title',
            'v.status',
            'v.is_private',
            'v.user_id',
            'u.username',
            'v.views',
            'v.duration',
            'v.created_at',
            (eb) =>
              eb
                .selectFrom('video_files as f')
                .select('f.storage_key')
                .whereRef('f.video_id', '=', 'v.id')
                .where('f.kind', '=', 'poster')
                .where('f.format', '=', '')
                .limit(1)
                .as('poster_key'),
          ])
          .orderBy('v.created_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map(
          (r): AdminListRow => ({
            ...r,
            id: Number(r.id),
            user_id: r.user_id === null ? null : Number(r.user_id),
            views: Number(r.views),
            duration: Number(r.duration),
          }),
        ),
        total: Number(count.n),
      };
    },

    /** Its possible duplicates by fingerprint, best first (migration 0050). */
    async matches(videoId: number) {
      return (await createFingerprintsRepository(db).matchesOf([videoId], 10)).get(videoId) ?? [];
    },

    /** The video (not deleted) with its uploader and the extra fields of the edit page. */
    async detail(videoId: number) {
      const row = await db
        .selectFrom('videos as v')
        .leftJoin('users as u', 'u.id', 'v.user_id')
        .select([
          'v.id',
          'v.dir',
          'v.title',
          'v.description',
          'v.status',
          'v.is_private',
          'v.user_id',
          'v.channel_id',
          'u.username',
          'v.views',
          'v.duration',
          'v.created_at',
          'v.reject_reason',
        ])
        .where('v.id', '=', videoId)
        .where('v.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const state = await readState(db, row);
      return {
        state,
        username: row.username,
        views: Number(row.views),
        duration: Number(row.duration),
        created_at: row.created_at,
        reject_reason: row.reject_reason,
      };
    },

    /** Poster and thumbnail rows of a video. */
    async pictures(videoId: number): Promise<VideoFileRow[]> {
      return db
        .selectFrom('video_files')
        .select(['kind', 'format', 'storage_key'])
        .where('video_id', '=', videoId)
        .where('kind', 'in', ['poster', 'thumb'])
        .orderBy('kind')
        .orderBy('format')
        .execute();
    },

    async exists(videoId: number): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The pickers' choices, by title. */
    async choices(limit: number) {
      const [categories, models, channels] = await Promise.all([
        db
          .selectFrom('categories')
          .select(['id', 'title'])
          .orderBy('title')
          .orderBy('id')
          .limit(limit)
          .execute(),
        db.selectFrom('models').select(['id', 'title']).orderBy('title').orderBy('id').limit(limit).execute(),
        db
          .selectFrom('channels')
          .select(['id', 'title'])
          .orderBy('title')
          .orderBy('id')
          .limit(limit)
          .execute(),
      ]);
      const ids = (rows: { id: number | string; title: string }[]) =>
        rows.map((r) => ({ id: Number(r.id), title: r.title }));
      return { categories: ids(categories), models: ids(models), channels: ids(channels) };
    },

    /** Which of these ids name nothing. */
    async unknownIds(ask: { categories?: number[]; models?: number[]; channels?: number[] }) {
      const missing = async (table: 'categories' | 'models' | 'channels', wanted: number[] | undefined) => {
        if (!wanted || wanted.length === 0) return [];
        const found = await db.selectFrom(table).select('id').where('id', 'in', wanted).execute();
        const have = new Set(found.map((r) => Number(r.id)));
        return wanted.filter((id) => !have.has(id));
      };
      const [categories, models, channels] = await Promise.all([
        missing('categories', ask.categories),
        missing('models', ask.models),
        missing('channels', ask.channels),
      ]);
      return { categories, models, channels };
    },

    /** Whether any video's row names this storage key (a shared clip file, or a poster in use). */
    async keyInUse(key: string): Promise<boolean> {
      const row = await db
        .selectFrom('video_files')
        .select('id')
        .where('storage_key', '=', key)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
