// SQL of the search page's other tabs (content.md §3 "Content tabs: videos, playlists, pornstars, members,
// pornsites"): objects whose name contains the text, most followed first. The videos tab is the search
// service's full-text query; these are names, so a case-insensitive substring match is what a visitor
// expects ('ann' finds 'Anna Vale'), served by the trigram-free ILIKE on the small object tables.
import { sql } from 'kysely';
import type { Gender } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';

export const OBJECT_SEARCH_KINDS = ['playlists', 'pornstars', 'members', 'pornsites'] as const;
export type ObjectSearchKind = (typeof OBJECT_SEARCH_KINDS)[number];

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

export function createObjectSearchRepository(db: DB) {
  const models = (gender: Gender, text: string) =>
    db
      .selectFrom('models as m')
      .where('m.gender', '=', gender)
      .where('m.total_videos', '>', 0)
      .where((eb) =>
        eb.or([eb('m.title', 'ilike', containing(text)), eb('m.alias', 'ilike', containing(text))]),
      );
  const channels = (gender: Gender, text: string) =>
    db
      .selectFrom('channels as c')
      .where('c.gender', '=', gender)
      .where('c.total_videos', '>', 0)
      .where('c.title', 'ilike', containing(text));
  const playlists = (gender: Gender, text: string) =>
    db
      .selectFrom('playlists as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .where('p.gender', '=', gender)
      .where('p.is_private', '=', false)
      .where('p.total_videos', '>', 0)
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
              'm.total_videos',
              sql<null>`NULL`.as('owner'),
            ])
            .orderBy('m.subscribers', 'desc')
            .orderBy('m.total_videos', 'desc')
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
              'c.total_videos',
              sql<null>`NULL`.as('owner'),
            ])
            .orderBy('c.subscribers', 'desc')
            .orderBy('c.total_videos', 'desc')
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
              'p.total_videos',
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
              'u.videos_count as total_videos',
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
