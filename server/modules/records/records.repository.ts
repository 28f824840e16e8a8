// SQL of the performer records (migration 0052): the records row of a video, its performers, the
// custodian flag. Nothing decided here.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface RecordsRow {
  video_id: number;
  status: 'pending' | 'checked' | 'rejected';
  recorded_on: string | null;
  submitted_at: Date | null;
  checked_at: Date | null;
  checked_by: number | null;
  checked_by_name: string | null;
  reason: string | null;
}

export interface VideoFacts {
  id: number;
  title: string;
  user_id: number | null;
  username: string | null;
  age_verified: boolean | null;
}

export interface PerformerRow {
  id: number;
  video_id: number;
  position: number;
  model_id: number | null;
  model_title: string | null;
  model_dir: string | null;
  stage_name: string;
  id_image_key: string;
  consent_key: string;
}

export interface NewPerformer {
  position: number;
  modelId: number | null;
  stageName: string;
  idImageKey: string;
  consentKey: string;
}

export type ReplaceOutcome =
  | { ok: true; oldKeys: string[] }
  | { ok: false; reason: 'not_required' | 'checked' };

export type DecideOutcome =
  | { ok: true }
  | { ok: false; reason: 'not_required' | 'not_submitted' | 'decided'; status?: string };

export function createRecordsRepository(db: DB) {
  const performerColumns = [
    'video_performers.id',
    'video_performers.video_id',
    'video_performers.position',
    'video_performers.model_id',
    'models.title as model_title',
    'models.dir as model_dir',
    'video_performers.stage_name',
    'video_performers.id_image_key',
    'video_performers.consent_key',
  ] as const;

  return {
    /** The video (not deleted) with its uploader, or null. */
    async video(videoId: number): Promise<VideoFacts | null> {
      const row = await db
        .selectFrom('videos')
        .leftJoin('users', 'users.id', 'videos.user_id')
        .select(['videos.id', 'videos.title', 'videos.user_id', 'users.username', 'users.age_verified'])
        .where('videos.id', '=', videoId)
        .where('videos.deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id) } : null;
    },

    async records(videoId: number): Promise<RecordsRow | null> {
      const row = await db
        .selectFrom('video_records')
        .leftJoin('users', 'users.id', 'video_records.checked_by')
        .select([
          'video_records.video_id',
          'video_records.status',
          'video_records.recorded_on',
          'video_records.submitted_at',
          'video_records.checked_at',
          'video_records.checked_by',
          'users.username as checked_by_name',
          'video_records.reason',
        ])
        .where('video_records.video_id', '=', videoId)
        .executeTakeFirst();
      return row ?? null;
    },

    async performers(videoId: number): Promise<PerformerRow[]> {
      return db
        .selectFrom('video_performers')
        .leftJoin('models', 'models.id', 'video_performers.model_id')
        .select(performerColumns)
        .where('video_performers.video_id', '=', videoId)
        .orderBy('video_performers.position')
        .execute();
    },

    async performer(performerId: number): Promise<PerformerRow | null> {
      const row = await db
        .selectFrom('video_performers')
        .leftJoin('models', 'models.id', 'video_performers.model_id')
        .select(performerColumns)
        .where('video_performers.id', '=', performerId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The ids among `ids` that are models. */
    async existingModels(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('models').select(['id', 'title']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [Number(r.id), r.title]));
    },

    /**
     * The performer picker: models whose title or alias starts with `text`, or has a word that does,
     * or is close to it (pg_trgm, as the suggester), of every orientation, best first.
     */
    async findModels(
      text: string,
      limit: number,
    ): Promise<{ model_id: number; dir: string; title: string }[]> {
      const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
      const prefix = `${escaped}%`;
      const word = `% ${escaped}%`;
      const rows = await db
        .selectFrom('models')
        .select(['id', 'dir', 'title'])
        .where(
          sql<boolean>`(title ILIKE ${prefix} OR title ILIKE ${word} OR alias ILIKE ${prefix} OR ${text} <% title)`,
        )
        .orderBy(
          sql`CASE WHEN title ILIKE ${prefix} THEN 2 WHEN title ILIKE ${word} THEN 1 ELSE 0 END`,
          'desc',
        )
        .orderBy(sql`word_similarity(${text}, title)`, 'desc')
        .orderBy('total_videos', 'desc')
        .orderBy('title')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ model_id: Number(r.id), dir: r.dir, title: r.title }));
    },

    /**
     * The video's performers replaced by `performers` and the records made pending again, in one
     * transaction; the records row is locked, so a decision and a new sending do not cross. Records
     * already checked are not replaced. Returns the storage keys of the replaced performers.
     */
    async replace(videoId: number, recordedOn: string, performers: NewPerformer[]): Promise<ReplaceOutcome> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('video_records')
          .select('status')
          .where('video_id', '=', videoId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'not_required' } as const;
        if (row.status === 'checked') return { ok: false, reason: 'checked' } as const;
        const old = await trx
          .deleteFrom('video_performers')
          .where('video_id', '=', videoId)
          .returning(['id_image_key', 'consent_key'])
          .execute();
        await trx
          .insertInto('video_performers')
          .values(
            performers.map((p) => ({
              video_id: videoId,
              position: p.position,
              model_id: p.modelId,
              stage_name: p.stageName,
              id_image_key: p.idImageKey,
              consent_key: p.consentKey,
            })),
          )
          .execute();
        await trx
          .updateTable('video_records')
          .set({
            status: 'pending',
            recorded_on: recordedOn,
            submitted_at: sql<Date>`now()`,
            checked_by: null,
            checked_at: null,
            reason: null,
          })
          .where('video_id', '=', videoId)
          .execute();
        return { ok: true, oldKeys: old.flatMap((o) => [o.id_image_key, o.consent_key]) } as const;
      });
    },

    /** pending (and sent) → checked | rejected; the status test is part of the UPDATE. */
    async decide(
      videoId: number,
      input: { status: 'checked' | 'rejected'; by: number; reason: string | null },
    ): Promise<DecideOutcome> {
      const updated = await db
        .updateTable('video_records')
        .set({
          status: input.status,
          checked_by: input.by,
          checked_at: sql<Date>`now()`,
          reason: input.reason,
        })
        .where('video_id', '=', videoId)
        .where('status', '=', 'pending')
        .where('submitted_at', 'is not', null)
        .returning('video_id')
        .executeTakeFirst();
      if (updated) return { ok: true };
      const row = await db
        .selectFrom('video_records')
        .select(['status', 'submitted_at'])
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'not_required' };
      if (row.status === 'pending') return { ok: false, reason: 'not_submitted' };
      return { ok: false, reason: 'decided', status: row.status };
    },

    /** The records status of a video, or null when it needs none. */
    async status(videoId: number): Promise<'pending' | 'checked' | 'rejected' | null> {
      const row = await db
        .selectFrom('video_records')
        .select('status')
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return row?.status ?? null;
    },

    async isCustodian(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('records_custodian')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.records_custodian === true;
    },

    /** Sets the flag on a staff account; false when there is no such staff account. */
    async setCustodian(userId: number, on: boolean): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ records_custodian: on })
        .where('id', '=', userId)
        .where('role', 'in', ['moderator', 'administrator'])
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async custodians() {
      return db
        .selectFrom('users')
        .select(['id as user_id', 'username', 'role'])
        .where('records_custodian', '=', true)
        .orderBy('username')
        .execute();
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
