// The community listing and the subscriptions feed (issue 14): SQL only. Active accounts only; the
// service decides sorts, pages and who may read a feed. Migration 0023 holds the indexes the sorts read.
import { type RawBuilder, sql } from 'kysely';
import { MEMBER_AGE_BUCKETS, type MemberFilters, type MemberSort } from '../../../contract/community-list.ts';
import type { DB } from '../../db/database.ts';
import { CARD_COLUMNS, LISTED_VIDEO, toCardRow } from '../acts/acts-sql.ts';
import type { CardRow } from '../catalog/catalog.mappers.ts';

export interface CommunityRow {
  id: number;
  username: string;
  avatar: string | null;
  country: string | null;
  gender: number | null;
  birth_date: string | null;
  created_at: Date;
  subscribers_count: number;
  comments_count: number;
  videos: number;
  viewed: number;
  last_upload: Date | null;
  subscriptions: number;
}

/** The listed uploads of each member, grouped in user order (videos_user_listed_idx). */
const UPLOADS = sql`SELECT v.user_id, count(*)::int AS videos, coalesce(sum(v.views), 0)::bigint AS viewed,
  max(v.post_date) AS last_upload FROM videos v WHERE v.user_id IS NOT NULL AND ${LISTED_VIDEO} GROUP BY v.user_id`;
/** What each member follows (the subscriptions' primary key leads with user_id). */
const FOLLOWS = sql`SELECT s.user_id, count(*)::int AS n FROM subscriptions s
  WHERE s.section IN ('model', 'channel', 'member') GROUP BY s.user_id`;

/** Each sort's order, with the id last so that equal values keep one stable order across pages. */
const ORDER: Record<MemberSort, RawBuilder<unknown>> = {
  recent: sql`u.created_at DESC, u.id DESC`,
  alphabet: sql`lower(u.username), u.id`,
  'most-commented': sql`u.comments_count DESC, u.id DESC`,
  'count-subs': sql`u.subscribers_count DESC, u.id DESC`,
  'most-subscribed': sql`coalesce(f.n, 0) DESC, u.id DESC`,
  'count-videos': sql`coalesce(up.videos, 0) DESC, u.id DESC`,
  'latest-updates': sql`up.last_upload DESC NULLS LAST, u.id DESC`,
  'most-popular-videos': sql`coalesce(up.viewed, 0) DESC, u.id DESC`,
};
const NEEDS_UPLOADS = new Set<MemberSort>(['count-videos', 'latest-updates', 'most-popular-videos']);

/** The filters of §3 on `users u`, every one of them with the active-account condition. */
function where(filters: MemberFilters): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [sql`u.status = 'active'`];
  if (filters.country !== undefined) conditions.push(sql`lower(u.country) = ${filters.country}`);
  if (filters.gender !== undefined) conditions.push(sql`u.gender = ${filters.gender}`);
  if (filters.relationship !== undefined) conditions.push(sql`u.relationship = ${filters.relationship}`);
  if (filters.orientation !== undefined) conditions.push(sql`u.orientation = ${filters.orientation}`);
  if (filters.avatar) conditions.push(sql`u.avatar IS NOT NULL AND u.avatar <> ''`);
  if (filters.age !== undefined) {
    // Age n years on today: born on or before today - n years, and after today - (n + 1) years.
    const [min, max] = MEMBER_AGE_BUCKETS[filters.age];
    conditions.push(sql`u.birth_date <= (current_date - make_interval(years => ${min}::int))::date`);
    if (max !== null) {
      conditions.push(sql`u.birth_date > (current_date - make_interval(years => ${max + 1}::int))::date`);
    }
  }
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

export function createCommunityListRepository(db: DB) {
  return {
    /** One page of active members by `sort`, with their cards' counts. */
    async page(sort: MemberSort, filters: MemberFilters, limit: number, offset: number) {
      const joins = [
        NEEDS_UPLOADS.has(sort) ? sql`LEFT JOIN (${UPLOADS}) up ON up.user_id = u.id` : sql``,
        sort === 'most-subscribed' ? sql`LEFT JOIN (${FOLLOWS}) f ON f.user_id = u.id` : sql``,
      ];
      // The page's ids first (an index walk for the column sorts), then the counts of those 96 only.
      const { rows } = await sql<CommunityRow>`
        WITH page AS (
          SELECT u.id, row_number() OVER (ORDER BY ${ORDER[sort]}) AS position
          FROM users u ${sql.join(joins, sql` `)}
          WHERE ${where(filters)}
          ORDER BY ${ORDER[sort]} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT u.id, u.username, u.avatar, u.country, u.gender, u.birth_date::text AS birth_date,
          u.created_at, u.subscribers_count, u.comments_count,
          coalesce(up.videos, 0)::int AS videos, coalesce(up.viewed, 0)::bigint AS viewed,
          up.last_upload,
          (SELECT count(*) FROM subscriptions s WHERE s.user_id = u.id
            AND s.section IN ('model', 'channel', 'member'))::int AS subscriptions
        FROM page p
        JOIN users u ON u.id = p.id
        LEFT JOIN LATERAL (
          SELECT count(*) AS videos, sum(v.views) AS viewed, max(v.post_date) AS last_upload
          FROM videos v WHERE v.user_id = u.id AND ${LISTED_VIDEO}
        ) up ON true
        ORDER BY p.position`.execute(db);
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        subscribers_count: Number(r.subscribers_count),
        comments_count: Number(r.comments_count),
        videos: Number(r.videos),
        viewed: Number(r.viewed),
        subscriptions: Number(r.subscriptions),
        created_at: new Date(r.created_at),
        last_upload: r.last_upload ? new Date(r.last_upload) : null,
      }));
    },

    /** How many active members the filters let through. */
    async count(filters: MemberFilters): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM users u WHERE ${where(filters)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** The countries active members gave, lower case, for the filter form. */
    async countries(): Promise<string[]> {
      const { rows } = await sql<{ country: string }>`
        SELECT DISTINCT lower(u.country) AS country FROM users u
        WHERE u.status = 'active' AND u.country IS NOT NULL AND u.country ~ '^[A-Za-z]{2}$'
        ORDER BY 1`.execute(db);
      return rows.map((r) => r.country);
    },

    /**
     * The newest listed videos of what `userId` follows: uploads of followed members, videos of
     * followed channels and of followed models.
     */
    async feed(userId: number, limit: number, offset: number) {
      const followed = sql<boolean>`(
        v.user_id IN (SELECT s.object_id FROM subscriptions s WHERE s.user_id = ${userId} AND s.section = 'member')
        OR v.channel_id IN (SELECT s.object_id FROM subscriptions s WHERE s.user_id = ${userId} AND s.section = 'channel')
        OR EXISTS (SELECT 1 FROM video_models vm JOIN subscriptions s
          ON s.user_id = ${userId} AND s.section = 'model' AND s.object_id = vm.model_id
          WHERE vm.video_id = v.id))`;
      const [items, total] = await Promise.all([
        sql<CardRow>`
          SELECT ${CARD_COLUMNS} FROM videos v WHERE ${LISTED_VIDEO} AND ${followed}
          ORDER BY v.post_date DESC, v.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
        sql<{ n: number }>`
          SELECT count(*)::int AS n FROM videos v WHERE ${LISTED_VIDEO} AND ${followed}`.execute(db),
      ]);
      return { rows: items.rows.map(toCardRow), total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}

export type CommunityListRepository = ReturnType<typeof createCommunityListRepository>;
