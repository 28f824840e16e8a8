// SQL of the search page's other tabs (content.md §3 "Content tabs: videos, playlists, pornstars, members,
// pornsites"): objects whose name contains the text, most followed first. The videos tab is the search
// service's full-text query; these are names, so a case-insensitive substring match is what a visitor
// expects ('ann' finds 'Anna Vale'), served by the trigram-free ILIKE on the small object tables.
import { sql } from 'kysely';
import type { Gender, ObjectSearchKind } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { listedVideos } from '../catalog/object-counts-sql.ts';

export interface ObjectHitRow {
  id: number;
  dir: string;
  title: string;
  image_key: string | null;
  total_videos: number;
  /** Playlists: the owner's name. */
  owner: string | null;
}

/** `%text%` with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

// Models, channels and playlists with listed videos in the visitor's orientation, with their count in it
// (`n.videos`, object_video_counts): the count and the object's list agree.
export function createObjectSearchRepository(db: DB) {
  const models = (gender: Gender, text: string) =>
    db
      .selectFrom('models as m')
      .innerJoin('object_video_counts as n', (join) =>
        join.onRef('n.object_id', '=', 'm.id').on('n.kind', '=', 'model').on('n.gender', '=', gender),
      )
      .where('m.gender', '=', gender)
      .where('n.videos', '>', 0)
      .where((eb) =>
        eb.or([eb('m.title', 'ilike', containing(text)), eb('m.alias', 'ilike', containing(text))]),
      );
  const channels = (gender: Gender, text: string) =>
    db
      .selectFrom('channels as c')
      .innerJoin('object_video_counts as n', (join) =>
        join.onRef('n.object_id', '=', 'c.id').on('n.kind', '=', 'channel').on('n.gender', '=', gender),
      )
      .where('c.gender', '=', gender)
      .where('n.videos', '>', 0)
      .where('c.title', 'ilike', containing(text));
  const playlists = (gender: Gender, text: string) =>
    db
      .selectFrom('playlists as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .innerJoin('object_video_counts as n', (join) =>
        join.onRef('n.object_id', '=', 'p.id').on('n.kind', '=', 'playlist').on('n.gender', '=', gender),
      )
      .where('p.gender', '=', gender)
      .where('p.is_private', '=', false)
      .where('n.videos', '>', 0)
      .where('u.status', '=', 'active')
      .where('p.title', 'ilike', containing(text));
  const members = (text: string) =>
    db
      .selectFrom('users as u')
      .where('u.status', '=', 'active')
      .where('u.username', 'ilike', containing(text));

  return {
    async search(
      kind: ObjectSearchKind,
      gender: Gender,
      text: string,
      limit: number,
      offset: number,
    ): Promise<ObjectHitRow[]> {
      switch (kind) {
        case 'pornstars':
          return models(gender, text)
            .select([
              'm.id',
              'm.dir',
              'm.title',
              'm.img as image_key',
              'n.videos as total_videos',
              sql<null>`NULL`.as('owner'),
            ])
            .orderBy('m.subscribers', 'desc')
            .orderBy('n.videos', 'desc')
            .orderBy('m.id')
            .limit(limit)
            .offset(offset)
            .execute();
        case 'pornsites':
          return channels(gender, text)
            .select([
              'c.id',
              'c.dir',
              'c.title',
              'c.scr1 as image_key',
              'n.videos as total_videos',
              sql<null>`NULL`.as('owner'),
            ])
            .orderBy('c.subscribers', 'desc')
            .orderBy('n.videos', 'desc')
            .orderBy('c.id')
            .limit(limit)
            .offset(offset)
            .execute();
        case 'playlists':
          return playlists(gender, text)
            .select([
              'p.id',
              sql<string>`p.id::text`.as('dir'),
              'p.title',
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
                  .as('image_key'),
              'n.videos as total_videos',
              'u.username as owner',
            ])
            .orderBy('p.viewed', 'desc')
            .orderBy('p.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute();
        case 'members':
          return members(text)
            .select([
              'u.id',
              sql<string>`u.id::text`.as('dir'),
              'u.username as title',
              'u.avatar as image_key',
              listedVideos('member', sql.ref('u.id'), gender).as('total_videos'),
              sql<null>`NULL`.as('owner'),
            ])
            .orderBy('u.subscribers_count', 'desc')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute();
      }
    },

    /** How many of each kind match, for the tabs' counts. */
    async counts(gender: Gender, text: string): Promise<Record<ObjectSearchKind, number>> {
      const n = sql<string>`count(*)`.as('n');
      const [p, m, u, c] = await Promise.all([
        playlists(gender, text).select(n).executeTakeFirstOrThrow(),
        models(gender, text).select(n).executeTakeFirstOrThrow(),
        members(text).select(n).executeTakeFirstOrThrow(),
        channels(gender, text).select(n).executeTakeFirstOrThrow(),
      ]);
      return {
        playlists: Number(p.n),
        pornstars: Number(m.n),
        members: Number(u.n),
        pornsites: Number(c.n),
      };
    },
  };
}

export type ObjectSearchRepository = ReturnType<typeof createObjectSearchRepository>;
