// SQL of the age-verification module, nothing else: the requests (age_verifications) and the member's
// flag (users.age_verified).
import type { DB } from '../../db/database.ts';

export interface VerificationRow {
  id: number;
  user_id: number;
  provider: string;
  status: 'pending' | 'approved' | 'rejected';
  photo_key: string | null;
  reason: string | null;
}

export interface QueueRow {
  id: number;
  user_id: number;
  username: string;
  provider: string;
  photo_key: string | null;
  created_at: Date;
}

export interface AgeVerificationRepository {
  transaction<T>(fn: (repo: AgeVerificationRepository) => Promise<T>): Promise<T>;
  /** The member's latest request, or undefined. */
  latest(userId: number): Promise<VerificationRow | undefined>;
  /** A waiting request; null when the member already has one waiting (the unique index). */
  insertPending(input: { userId: number; provider: string; photoKey: string }): Promise<number | null>;
  insertDecided(input: {
    userId: number;
    provider: string;
    status: 'approved' | 'rejected';
    reason: string | null;
  }): Promise<number>;
  /** The waiting request `id`, locked until the transaction ends; undefined when it is not waiting. */
  lockPending(id: number): Promise<VerificationRow | undefined>;
  decide(input: {
    id: number;
    status: 'approved' | 'rejected';
    reason: string | null;
    decidedBy: number;
  }): Promise<void>;
  setAgeVerified(userId: number, verified: boolean): Promise<void>;
  isAgeVerified(userId: number): Promise<boolean>;
  pendingPhotoKey(id: number): Promise<string | null | undefined>;
  queue(offset: number, limit: number): Promise<{ rows: QueueRow[]; total: number }>;
}

export function createAgeVerificationRepository(db: DB): AgeVerificationRepository {
  const columns = ['id', 'user_id', 'provider', 'status', 'photo_key', 'reason'] as const;
  return {
    transaction: (fn) => db.transaction().execute((trx) => fn(createAgeVerificationRepository(trx))),
    latest: async (userId) =>
      (await db
        .selectFrom('age_verifications')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) as VerificationRow | undefined,
    insertPending: async ({ userId, provider, photoKey }) => {
      const row = await db
        .insertInto('age_verifications')
        .values({ user_id: userId, provider, status: 'pending', photo_key: photoKey })
        .onConflict((oc) => oc.column('user_id').where('status', '=', 'pending').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },
    insertDecided: async ({ userId, provider, status, reason }) => {
      const row = await db
        .insertInto('age_verifications')
        .values({ user_id: userId, provider, status, reason, decided_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    lockPending: async (id) =>
      (await db
        .selectFrom('age_verifications')
        .select(columns)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .forUpdate()
        .executeTakeFirst()) as VerificationRow | undefined,
    decide: async ({ id, status, reason, decidedBy }) => {
      await db
        .updateTable('age_verifications')
        .set({ status, reason, decided_by: decidedBy, decided_at: new Date(), photo_key: null })
        .where('id', '=', id)
        .execute();
    },
    setAgeVerified: async (userId, verified) => {
      await db.updateTable('users').set({ age_verified: verified }).where('id', '=', userId).execute();
    },
    isAgeVerified: async (userId) =>
      (await db.selectFrom('users').select('age_verified').where('id', '=', userId).executeTakeFirst())
        ?.age_verified === true,
    pendingPhotoKey: async (id) => {
      const row = await db
        .selectFrom('age_verifications')
        .select('photo_key')
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row ? row.photo_key : undefined;
    },
    queue: async (offset, limit) => {
      const rows = await db
        .selectFrom('age_verifications as v')
        .innerJoin('users as u', 'u.id', 'v.user_id')
        .select(['v.id', 'v.user_id', 'u.username', 'v.provider', 'v.photo_key', 'v.created_at'])
        .where('v.status', '=', 'pending')
        .orderBy('v.id', 'asc')
        .offset(offset)
        .limit(limit)
        .execute();
      const count = await db
        .selectFrom('age_verifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return { rows: rows as QueueRow[], total: Number(count.n) };
    },
  };
}
