// SQL of the console's users (issue 17): the list, role and ban changes, and the deletion of an account
// with everything it made. Decisions are the service's (users-admin.service.ts); SQL only here.
import { sql } from 'kysely';
import type { Role } from '../../../contract/accounts.ts';
import type { UserStatus } from '../../../contract/admin-users.ts';
import type { DB } from '../../db/database.ts';
import { videoStatus } from '../../db/video-status-sql.ts';
import { EFFECTIVE_STATUS } from '../accounts/accounts.repository.ts';

export interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  role: Role;
  status: UserStatus;
  ban_reason: string | null;
  banned_until: Date | string | null;
  banned_at: Date | string | null;
  created_at: Date | string;
  last_login_at: Date | string | null;
  videos_count: number;
  comments_count: number;
  avatar: string | null;
  cover: string | null;
}

export interface UserFilter {
  q?: string;
  role?: Role;
  status?: UserStatus;
}

export interface DeletedContent {
  avatar: string | null;
  cover: string | null;
  videoIds: number[];
  /** The storage keys of the videos' files, and their storage prefixes. */
  fileKeys: string[];
  prefixes: string[];
  comments: number;
}

/** Serialises every change of a role, a ban or an account's existence among staff (parallel demotions). */
const ROLES_LOCK = 1_700_017;

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function queries(db: DB) {
  const rows = () =>
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'email',
        'role',
        EFFECTIVE_STATUS.as('status'),
        'ban_reason',
        'banned_until',
        'banned_at',
        'created_at',
        'last_login_at',
        'videos_count',
        'comments_count',
        'avatar',
        'cover',
      ]);

  return {
    /** Inside a transaction: waits for any other role, ban or deletion to finish. */
    async lockRoles(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${ROLES_LOCK})`.execute(db);
    },

    async list(filter: UserFilter, limit: number, offset: number) {
      let query = rows();
      if (filter.q) {
        const like = likeOf(filter.q);
        const id = /^\d{1,15}$/.test(filter.q) ? Number(filter.q) : null;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(username)`, 'like', like),
            eb(sql`lower(email)`, 'like', like),
            ...(id !== null ? [eb('id', '=', id)] : []),
          ]),
        );
      }
      if (filter.role) query = query.where('role', '=', filter.role);
      if (filter.status) query = query.where(EFFECTIVE_STATUS, '=', filter.status);
      const [items, total] = await Promise.all([
        query.orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: items as AdminUserRow[], total: Number(total.n) };
    },

    async find(id: number): Promise<AdminUserRow | undefined> {
      return (await rows().where('id', '=', id).executeTakeFirst()) as AdminUserRow | undefined;
    },

    /** Active administrators other than `exceptId`. */
    async otherAdministrators(exceptId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'administrator')
        .where('id', '<>', exceptId)
        .where(EFFECTIVE_STATUS, '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setRole(id: number, role: Role): Promise<void> {
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    },

    async ban(id: number, ban: { reason: string; until: Date | null; by: number }): Promise<void> {
      await db
        .updateTable('users')
        .set({
          status: 'banned',
          ban_reason: ban.reason,
          banned_until: ban.until,
          banned_at: new Date(),
          banned_by: ban.by,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Back to what the account was before the ban (unconfirmed when its e-mail never was). */
    async unban(id: number): Promise<void> {
      await db
        .updateTable('users')
        .set({
          status: sql`CASE WHEN email_confirmed_at IS NULL THEN 'unconfirmed' ELSE 'active' END`,
          ban_reason: null,
          banned_until: null,
          banned_at: null,
          banned_by: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'banned')
        .execute();
    },

    /**
     * Deletes the account and everything it made, in the caller's transaction: its videos (rows; the
     * files are the caller's, after the commit), the comments on them, its comments, playlists, wall
     * posts, messages, votes, lists (the users row's cascades). Every count it leaves on others is taken
     * back: the taxonomy's and channels' totals of its listed videos, other members' comment counts for
     * the comments on its videos, other playlists' video totals, and (through counter_events, as the
     * account's own deletion does) its votes, favourites, subscriptions and comments.
     */
    async deleteWithContent(userId: number): Promise<DeletedContent | null> {
      const user = await db
        .selectFrom('users')
        .select(['avatar', 'cover'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user) return null;
      const videos = await db
        .selectFrom('videos')
        .select(['id', 'media_key'])
        .where('user_id', '=', userId)
        .execute();
      const videoIds = videos.map((v) => Number(v.id));
      const files =
        videoIds.length > 0
          ? await db
              .selectFrom('video_files')
              .select('storage_key')
              .where('video_id', 'in', videoIds)
              .execute()
          : [];
      const mine = sql`SELECT id FROM videos WHERE user_id = ${userId}`;
      const listed = sql`SELECT id FROM videos WHERE user_id = ${userId} AND status = ${videoStatus('active')} AND deleted_at IS NULL`;

      // The totals its listed videos count on (as a takedown takes them back: dmca.repository.ts).
      for (const [table, link, column] of [
        ['categories', 'video_categories', 'category_id'],
        ['tags', 'video_tags', 'tag_id'],
        ['models', 'video_models', 'model_id'],
      ] as const) {
        await sql`UPDATE ${sql.table(table)} t SET total_videos = greatest(t.total_videos - n.n, 0)
          FROM (SELECT ${sql.ref(column)} AS id, count(*)::int AS n FROM ${sql.table(link)}
                WHERE video_id IN (${listed}) GROUP BY 1) n
          WHERE t.id = n.id`.execute(db);
      }
      await sql`UPDATE channels t SET total_videos = greatest(t.total_videos - n.n, 0)
        FROM (SELECT channel_id AS id, count(*)::int AS n FROM videos
              WHERE id IN (${listed}) AND channel_id IS NOT NULL GROUP BY 1) n
        WHERE t.id = n.id`.execute(db);
      // Other members' playlists lose the videos.
      await sql`UPDATE playlists p SET total_videos = greatest(p.total_videos - n.n, 0), updated_at = now()
        FROM (SELECT playlist_id, count(*)::int AS n FROM playlist_videos
              WHERE video_id IN (${mine}) GROUP BY 1) n
        WHERE p.id = n.playlist_id AND p.user_id <> ${userId}`.execute(db);
      // The comments on its videos go; their authors' counts with them.
      await sql`INSERT INTO counter_events (target, object_id, counter, delta)
        SELECT 'user', c.user_id, 'comments', -1 FROM comments c
        WHERE c.section = 'video' AND c.object_id IN (${mine}) AND c.status = 'active' AND c.user_id <> ${userId}`.execute(
        db,
      );
      await sql`DELETE FROM comments WHERE section = 'video' AND object_id IN (${mine})`.execute(db);
      await sql`DELETE FROM votes WHERE section = 'video' AND object_id IN (${mine})`.execute(db);

      // What it gave to others (the account's own deletion: profile.repository.ts deleteAccount).
      await sql`
        INSERT INTO counter_events (target, object_id, counter, delta, day)
        SELECT section, object_id, CASE WHEN vote > 0 THEN 'likes' ELSE 'dislikes' END, -1, created_at::date
        FROM votes WHERE user_id = ${userId} AND section IN ('video', 'playlist')`.execute(db);
      await sql`
        INSERT INTO counter_events (target, object_id, counter, delta)
        SELECT 'video', video_id, 'favourites', -1 FROM favourites WHERE user_id = ${userId}`.execute(db);
      await sql`
        INSERT INTO counter_events (target, object_id, counter, delta)
        SELECT CASE section WHEN 'member' THEN 'user' ELSE section END, object_id, 'subscribers', -1
        FROM subscriptions WHERE user_id = ${userId} AND section IN ('model', 'channel', 'member')`.execute(
        db,
      );
      const own = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM comments WHERE user_id = ${userId}`.execute(db);
      await sql`
        INSERT INTO counter_events (target, object_id, counter, delta)
        SELECT section, object_id, 'comments', -1 FROM comments
        WHERE user_id = ${userId} AND status = 'active' AND section IN ('video', 'playlist')`.execute(db);
      await sql`
        DELETE FROM comments WHERE (section = 'member' AND object_id = ${userId})
          OR (section = 'playlist' AND object_id IN (SELECT id FROM playlists WHERE user_id = ${userId}))`.execute(
        db,
      );
      await sql`DELETE FROM votes WHERE section = 'playlist'
        AND object_id IN (SELECT id FROM playlists WHERE user_id = ${userId})`.execute(db);
      await sql`DELETE FROM subscriptions WHERE section = 'member' AND object_id = ${userId}`.execute(db);

      // The rows: the videos' cascades take their files' rows, lists and stats; the user's take the rest.
      if (videoIds.length > 0) await db.deleteFrom('videos').where('id', 'in', videoIds).execute();
      await db.deleteFrom('users').where('id', '=', userId).execute();
      return {
        avatar: user.avatar,
        cover: user.cover,
        videoIds,
        fileKeys: files.map((f) => f.storage_key),
        prefixes: [
          ...new Set(
            // A media_key of another shape is never a prefix to empty (a wrong one could name everything).
            videos.flatMap((v) => [
              `videos/${v.id}/`,
              ...(v.media_key && /^videos\/[\w.-]+$/.test(v.media_key) ? [`${v.media_key}/`] : []),
            ]),
          ),
        ],
        comments: Number(own.rows[0]?.n ?? 0),
      };
    },
  };
}

/** The statements; inside `transaction` they run in it. */
export type UsersAdminQueries = ReturnType<typeof queries>;

export interface UsersAdminRepository extends UsersAdminQueries {
  transaction<T>(fn: (tx: UsersAdminQueries) => Promise<T>): Promise<T>;
}

export function createUsersAdminRepository(db: DB): UsersAdminRepository {
  return {
    ...queries(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(queries(trx))),
  };
}
