// SQL of the block list (issue 31, item 3; migration 0051): content_blocks rows carry a copy of the
// removed video's fingerprint, so the block holds after the video's files (and its video_fingerprints
// row) are gone. Decides nothing: blocklist.service.ts and screening.ts do.
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export type BlockSource = 'dmca' | 'operator' | 'hash_list';

export interface ActiveBlockRow {
  id: number;
  video_id: number | null;
  source: BlockSource;
  dmca_case_id: number | null;
  interval_ms: number;
  frames: Uint8Array;
}

export interface BlockInfoRow {
  id: number;
  video_id: number | null;
  source: BlockSource;
  dmca_case_id: number | null;
  created_at: Date;
  lifted_at: Date | null;
}

export function createBlocklistRepository(db: DB) {
  return {
    /**
     * Puts the video's stored fingerprint on the block list (a copy of it). Null when the video has no
     * fingerprint (processed before fingerprints existed) or an active block of this case (of this
     * video, for an operator block) is already there: the unique partial indexes decide under
     * parallel requests.
     */
    async add(input: {
      videoId: number;
      source: BlockSource;
      caseId: number | null;
      createdBy: number | null;
    }): Promise<number | null> {
      const { rows } = await sql<{ id: string | number }>`
        INSERT INTO content_blocks (video_id, source, dmca_case_id, interval_ms, frames, created_by)
        SELECT f.video_id, ${input.source}, ${input.caseId}::bigint, f.interval_ms, f.frames, ${input.createdBy}::bigint
        FROM video_fingerprints f WHERE f.video_id = ${input.videoId}
        ON CONFLICT DO NOTHING
        RETURNING id`.execute(db);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** Lifts the active block of a DMCA case; answers the ids lifted. */
    async liftCase(caseId: number, liftedBy: number | null): Promise<number[]> {
      const rows = await db
        .updateTable('content_blocks')
        .set({ lifted_at: sql<Date>`now()`, lifted_by: liftedBy })
        .where('dmca_case_id', '=', caseId)
        .where('lifted_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Lifts the active operator block of a video; answers the ids lifted. */
    async liftOperator(videoId: number, liftedBy: number | null): Promise<number[]> {
      const rows = await db
        .updateTable('content_blocks')
        .set({ lifted_at: sql<Date>`now()`, lifted_by: liftedBy })
        .where('video_id', '=', videoId)
        .where('source', '=', 'operator')
        .where('lifted_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Every active block with fingerprints at this interval (screening compares them all). */
    async active(intervalMs: number): Promise<ActiveBlockRow[]> {
      const rows = await db
        .selectFrom('content_blocks')
        .select(['id', 'video_id', 'source', 'dmca_case_id', 'interval_ms', 'frames'])
        .where('lifted_at', 'is', null)
        .where('interval_ms', '=', intervalMs)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        video_id: r.video_id === null ? null : Number(r.video_id),
        dmca_case_id: r.dmca_case_id === null ? null : Number(r.dmca_case_id),
      }));
    },

    async info(blockId: number): Promise<BlockInfoRow | null> {
      const row = await db
        .selectFrom('content_blocks')
        .select(['id', 'video_id', 'source', 'dmca_case_id', 'created_at', 'lifted_at'])
        .where('id', '=', blockId)
        .executeTakeFirst();
      return row
        ? {
            ...row,
            id: Number(row.id),
            video_id: row.video_id === null ? null : Number(row.video_id),
            dmca_case_id: row.dmca_case_id === null ? null : Number(row.dmca_case_id),
          }
        : null;
    },

    /** The active blocks that name this video (its own take-down or operator block). */
    async activeOfVideo(videoId: number): Promise<BlockInfoRow[]> {
      const rows = await db
        .selectFrom('content_blocks')
        .select(['id', 'video_id', 'source', 'dmca_case_id', 'created_at', 'lifted_at'])
        .where('video_id', '=', videoId)
        .where('lifted_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        video_id: row.video_id === null ? null : Number(row.video_id),
        dmca_case_id: row.dmca_case_id === null ? null : Number(row.dmca_case_id),
      }));
    },
  };
}

export type BlocklistRepository = ReturnType<typeof createBlocklistRepository>;
