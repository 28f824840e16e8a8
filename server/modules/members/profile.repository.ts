// A member's own account as the edit page changes it (issue 14): the profile fields, the avatar and
// cover keys, the pending e-mail change (migration 0022), the password, the server history and the
// account's deletion. SQL only; profile.service.ts decides.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface OwnAccount {
  id: number;
  username: string;
  email: string;
  password_hash: string | null;
  avatar: string | null;
  cover: string | null;
}

/** The columns the profile section writes; undefined leaves one as it is. */
export interface ProfileColumns {
  gender?: number | null;
  relationship?: number | null;
  orientation?: number | null;
  birth_date?: string | null;
  country?: string | null;
  education?: string | null;
  website?: string | null;
  about_me?: string | null;
}

/** What a deleted account leaves to clean up outside the database. */
export interface DeletedAccount {
  avatar: string | null;
  cover: string | null;
  /** The member's uploads, now deleted (their files go from storage). */
  videoIds: number[];
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

export function createProfileRepository(db: DB) {
  return {
    /** The signed-in member's account, when it is active. */
    async account(userId: number): Promise<OwnAccount | null> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'avatar', 'cover'])
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id) } : null;
    },

    async updateFields(userId: number, columns: ProfileColumns): Promise<void> {
      const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0) return;
      await db.updateTable('users').set(set).where('id', '=', userId).execute();
    },

    /**
     * Sets the avatar or cover key and returns the one it replaced. The old value is read under the
     * row's lock in the same statement, so of parallel uploads each gets the key the one before it
     * stored (and deletes it): exactly one file stays.
     */
    async swapImage(userId: number, column: 'avatar' | 'cover', key: string | null) {
      const { rows } = await sql<{ old: string | null }>`
        UPDATE users u SET ${sql.ref(column)} = ${key}
        FROM (SELECT id, ${sql.ref(column)} AS old FROM users WHERE id = ${userId} FOR UPDATE) o
        WHERE u.id = o.id AND u.status = 'active'
        RETURNING o.old`.execute(db);
      return rows.length === 0 ? { found: false, old: null } : { found: true, old: rows[0]?.old ?? null };
    },

    /** Another account has this address (any case). */
    async emailTaken(email: string, exceptUserId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(email) = lower(${email})`)
        .where('id', '<>', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The member's pending change; a new request replaces the one before (its link stops working). */
    async savePendingEmail(userId: number, email: string, tokenHash: string, expiresAt: Date) {
      await db
        .insertInto('email_changes')
        .values({ user_id: userId, new_email: email, token_hash: tokenHash, expires_at: expiresAt })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            new_email: email,
            token_hash: tokenHash,
            expires_at: expiresAt,
            created_at: new Date(),
          }),
        )
        .execute();
    },

    async pendingEmail(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('email_changes')
        .select('new_email')
        .where('user_id', '=', userId)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return row?.new_email ?? null;
    },

    /**
     * Uses the link: its row goes in the statement that reads it (one of two parallel clicks gets it),
     * and the address is set in the same transaction. `taken`: another account got the address
     * meanwhile (the unique index decides a race).
     */
    async confirmEmail(tokenHash: string, now: Date) {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .deleteFrom('email_changes')
          .where('token_hash', '=', tokenHash)
          .returning(['user_id', 'new_email', 'expires_at'])
          .executeTakeFirst();
        if (!row || new Date(row.expires_at) <= now) return { status: 'invalid' as const };
        const userId = Number(row.user_id);
        try {
          const updated = await tx
            .updateTable('users')
            .set({ email: row.new_email, email_confirmed_at: now })
            .where('id', '=', userId)
            .where('status', '=', 'active')
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return { status: 'invalid' as const };
        } catch (error) {
          if (isUniqueViolation(error)) return { status: 'taken' as const, userId };
          throw error;
        }
        return { status: 'changed' as const, userId, email: row.new_email };
      });
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    },

    /** The member's server history; resolves how many entries went. */
    async clearHistory(userId: number): Promise<number> {
      const result = await db.deleteFrom('history').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Deletes the account in one transaction (decisions.md): what the member did to others' counters
     * (votes, favourites, subscriptions, comments) is taken back through counter_events; comments on
     * their playlists and profile and follows of them go; their uploads are marked deleted; then the
     * row, whose foreign keys take sessions, playlists, comments, lists, history, friends, wall posts,
     * tus uploads and a pending e-mail change with it (uploads' and reports' user_id become NULL).
     */
    async deleteAccount(userId: number): Promise<DeletedAccount | null> {
      return db.transaction().execute(async (tx) => {
        const user = await tx
          .selectFrom('users')
          .select(['avatar', 'cover'])
          .where('id', '=', userId)
          .where('status', '=', 'active')
          .forUpdate()
          .executeTakeFirst();
        if (!user) return null;
        await sql`
          INSERT INTO counter_events (target, object_id, counter, delta, day)
          SELECT section, object_id, CASE WHEN vote > 0 THEN 'likes' ELSE 'dislikes' END, -1, created_at::date
          FROM votes WHERE user_id = ${userId} AND section IN ('video', 'playlist')`.execute(tx);
        await sql`
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT 'video', video_id, 'favourites', -1 FROM favourites WHERE user_id = ${userId}`.execute(tx);
        await sql`
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT CASE section WHEN 'member' THEN 'user' ELSE section END, object_id, 'subscribers', -1
          FROM subscriptions WHERE user_id = ${userId} AND section IN ('model', 'channel', 'member')`.execute(
          tx,
        );
        await sql`
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT section, object_id, 'comments', -1 FROM comments
          WHERE user_id = ${userId} AND status = 'active' AND section IN ('video', 'playlist')`.execute(tx);
        await sql`
          DELETE FROM comments WHERE (section = 'member' AND object_id = ${userId})
            OR (section = 'playlist' AND object_id IN (SELECT id FROM playlists WHERE user_id = ${userId}))`.execute(
          tx,
        );
        await sql`
          DELETE FROM votes WHERE section = 'playlist'
            AND object_id IN (SELECT id FROM playlists WHERE user_id = ${userId})`.execute(tx);
        await sql`DELETE FROM subscriptions WHERE section = 'member' AND object_id = ${userId}`.execute(tx);
        const videos = await tx
          .updateTable('videos')
          .set({ deleted_at: new Date() })
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .returning('id')
          .execute();
        await tx.deleteFrom('users').where('id', '=', userId).execute();
        return { avatar: user.avatar, cover: user.cover, videoIds: videos.map((v) => Number(v.id)) };
      });
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
