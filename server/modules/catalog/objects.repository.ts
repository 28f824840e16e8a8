// SQL for the catalogue's objects: tags, models, channels, playlists, members (lookups and listings).
import { sql } from 'kysely';
import type { CategorySort, Gender, ModelSort, PlaylistSort } from '../../../contract/catalog.ts';
import type { ModelListFilters } from '../../../contract/catalog-api.ts';
import type { DB } from '../../db/database.ts';
import type { CountedObjectKind } from '../../db/schema.ts';
import { listedVideo } from '../../db/video-status-sql.ts';
import { listedVideos } from './object-counts-sql.ts';
import { letterCondition, listCategoriesSorted, modelWhere, objectOrder } from './object-listing-sql.ts';

export type { CountedObjectKind } from '../../db/schema.ts';

export function createObjectsRepository(db: DB) {
  /** Public playlists of the orientation with listed videos in it (`n.videos`: how many). */
  const publicPlaylists = (gender: Gender) =>
    db
      .selectFrom('playlists as p')
      .innerJoin('object_video_counts as n', (join) =>
        join.onRef('n.object_id', '=', 'p.id').on('n.kind', '=', 'playlist').on('n.gender', '=', gender),
      )
      .where('p.gender', '=', gender)
      .where('p.is_private', '=', false)
      .where('n.videos', '>', 0);

  return {
    categories: (gender: Gender, sort: CategorySort) => listCategoriesSorted(db, gender, sort),

    async countListedVideos() {
      const row = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(listedVideo(null))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One sitemap's worth of listed videos, in id order. */
    sitemapVideos(offset: number, limit: number) {
      return db
        .selectFrom('videos as v')
        .select([
          'v.id',
          'v.dir',
          'v.title',
          'v.description',
          'v.duration',
          'v.views',
          'v.post_date',
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
        .where(listedVideo())
        .orderBy('v.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /**
     * The objects whose page lists videos in `gender` (the orientation a cookieless crawler browses):
     * categories of that orientation (another's category page is a 404 there), tags, models and
     * channels with listed videos in it.
     */
    async sitemapObjects(gender: Gender) {
      const dirsOf = async (
        kind: CountedObjectKind,
        table: 'categories' | 'tags' | 'models' | 'channels',
        ofGender: boolean,
      ) => {
        const { rows } = await sql<{ dir: string }>`
          SELECT o.dir FROM ${sql.table(table)} o
          JOIN object_video_counts n ON n.kind = ${kind} AND n.object_id = o.id AND n.gender = ${gender}
          WHERE n.videos > 0 ${ofGender ? sql`AND o.gender = ${gender}` : sql``}
          ORDER BY o.id`.execute(db);
        return rows.map((r) => r.dir);
      };
      const [categories, tags, models, channels] = await Promise.all([
        dirsOf('category', 'categories', true),
        dirsOf('tag', 'tags', false),
        dirsOf('model', 'models', false),
        dirsOf('channel', 'channels', false),
      ]);
      return { categories, tags, models, channels };
    },

    async modelCountries(gender: Gender) {
      const rows = await db
        .selectFrom('models')
        .select('country')
        .distinct()
        .where('gender', '=', gender)
        .where('country', 'is not', null)
        .orderBy('country')
        .execute();
      return rows.map((r) => (r.country ?? '').trim().toLowerCase());
    },

    findTag(dir: string) {
      return db
        .selectFrom('tags')
        .select([
          'id',
          'dir',
          'title',
          'description',
          'total_videos',
          'mvp_title',
          'mvp_desc',
          'mvp_h1',
          'mvp_links',
        ])
        .where('dir', '=', dir)
        .executeTakeFirst();
    },

    findModel(dir: string) {
      return db.selectFrom('models').selectAll().where('dir', '=', dir).executeTakeFirst();
    },

    /** The listed videos of one object in one orientation (object-counts-sql.ts). */
    async listedCount(kind: CountedObjectKind, objectId: number, gender: Gender): Promise<number> {
      const row = await db
        .selectFrom('object_video_counts')
        .select('videos')
        .where('kind', '=', kind)
        .where('object_id', '=', objectId)
        .where('gender', '=', gender)
        .executeTakeFirst();
      return Math.max(0, row?.videos ?? 0);
    },

    findChannel(dir: string) {
      return db.selectFrom('channels').selectAll().where('dir', '=', dir).executeTakeFirst();
    },

    findUser(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'avatar', 'videos_count'])
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    findCategories(dirs: string[]) {
      return db.selectFrom('categories').select(['id', 'dir', 'title']).where('dir', 'in', dirs).execute();
    },

    findPlaylist(id: number) {
      return db
        .selectFrom('playlists as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select([
          'p.id',
          'p.title',
          'p.description',
          'p.gender',
          'p.is_private',
          'p.total_videos',
          'p.viewed',
          'p.likes',
          'p.dislikes',
          'p.rating',
          'p.comments_count',
          'p.created_at',
          'p.updated_at',
          'u.id as user_id',
          'u.username',
        ])
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    playlistCategories(id: number) {
      return db
        .selectFrom('playlist_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['c.id', 'c.dir', 'c.title'])
        .where('pc.playlist_id', '=', id)
        .orderBy('c.title')
        .execute();
    },

    /**
     * The tags most often found with a tag on its 500 newest videos (precomputed: rollups.ts), those
     * with listed videos in the orientation, with their count in it.
     */
    relatedTags(tagId: number, limit: number, gender: Gender) {
      return db
        .selectFrom('tag_related as r')
        .innerJoin('tags as t', 't.id', 'r.related_id')
        .innerJoin('object_video_counts as n', (join) =>
          join.onRef('n.object_id', '=', 't.id').on('n.kind', '=', 'tag').on('n.gender', '=', gender),
        )
        .select(['t.dir', 't.title', 'n.videos as total_videos', 'r.n'])
        .where('r.tag_id', '=', tagId)
        .where('n.videos', '>', 0)
        .orderBy('r.n', 'desc')
        .orderBy('t.title')
        .limit(limit)
        .execute();
    },

    /** Tags with listed videos in the orientation, with their count in it. */
    listTags(letter: string | undefined, limit: number, gender: Gender) {
      let q = db
        .selectFrom('tags as t')
        .innerJoin('object_video_counts as n', (join) =>
          join.onRef('n.object_id', '=', 't.id').on('n.kind', '=', 'tag').on('n.gender', '=', gender),
        )
        .select(['t.dir', 't.title', 'n.videos as total_videos'])
        .where('n.videos', '>', 0);
      if (letter) q = q.where(letterCondition('t.title', letter));
      return q.orderBy(sql`lower(t.title)`).orderBy('t.id').limit(limit).execute();
    },

    async listModels(
      gender: Gender,
      filters: ModelListFilters,
      sort: ModelSort,
      limit: number,
      offset: number,
    ) {
      let q = db
        .selectFrom('models as m')
        .select(['m.id', 'm.dir', 'm.title', 'm.img', 'm.viewed', 'm.subscribers'])
        .select(listedVideos('model', sql.ref('m.id'), gender).as('total_videos'))
        .where((eb) => modelWhere(eb, gender, filters));
      q = q.orderBy(objectOrder(sort, 'model', gender));
      const [rows, count] = await Promise.all([
        q.orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('models as m')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => modelWhere(eb, gender, filters))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async listChannels(gender: Gender, sort: ModelSort, limit: number, offset: number) {
      let q = db
        .selectFrom('channels as c')
        .select(['c.id', 'c.dir', 'c.title', 'c.url', 'c.scr1', 'c.viewed', 'c.subscribers'])
        .select(listedVideos('channel', sql.ref('c.id'), gender).as('total_videos'))
        .where('c.gender', '=', gender);
      q = q.orderBy(objectOrder(sort, 'channel', gender));
      const [rows, count] = await Promise.all([
        q.orderBy('c.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('channels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('gender', '=', gender)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Public playlists of the orientation with listed videos in it, with their count in it. */
    async listPlaylists(gender: Gender, sort: PlaylistSort, limit: number, offset: number) {
      let q = publicPlaylists(gender)
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select([
          'p.id',
          'p.title',
          'p.description',
          'n.videos as total_videos',
          'p.viewed',
          'p.rating',
          'u.id as user_id',
          'u.username',
          (eb) =>
            eb
              .selectFrom('playlist_videos as pv')
              .innerJoin('video_files as f', 'f.video_id', 'pv.video_id')
              .select('f.storage_key')
              .whereRef('pv.playlist_id', '=', 'p.id')
              .where('f.kind', '=', 'poster')
              .where('f.format', '=', '')
              .orderBy('pv.position')
              .limit(1)
              .as('poster_key'),
        ]);
      q =
        sort === 'most-popular'
          ? q.orderBy('p.likes', 'desc').orderBy('p.viewed', 'desc')
          : sort === 'most-viewed'
            ? q.orderBy('p.viewed', 'desc')
            : sort === 'top-rated'
              ? q.orderBy('p.rating', 'desc').orderBy('p.likes', 'desc')
              : q.orderBy('p.updated_at', 'desc');
      const [rows, count] = await Promise.all([
        q.orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
        publicPlaylists(gender)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    topChannels(gender: Gender, limit: number) {
      return db
        .selectFrom('channels as c')
        .select(['c.dir', 'c.title', listedVideos('channel', sql.ref('c.id'), gender).as('total_videos')])
        .where('c.gender', '=', gender)
        .orderBy('viewed', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type ObjectsRepository = ReturnType<typeof createObjectsRepository>;
