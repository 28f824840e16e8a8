// SQL of the console's videos (issue 17): the list, one video with its links and stills, the pickers'
// choices, and the writes (edit, poster rows, delete), each in one transaction that locks the video's
// row first, so parallel edits of one video queue up instead of mixing. Listed counts (uploader,
// channel, categories, tags, models) move by the difference between the video's listed links before
// and after, as increments, so edits of different videos never lose each other's counts. Decides
// nothing: the service's `decide` callback does, inside the transaction.
// The reads are in videos-admin-reads.repository.ts; the locked state and the edit's write in
// videos-admin-sql.ts.
import { sql } from 'kysely';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import type { DB } from '../../db/database.ts';
import { createVideosAdminReads } from './videos-admin-reads.repository.ts';
import { applyWrite, lockState, moveCounts, type VideoState, type VideoWrite } from './videos-admin-sql.ts';

export type Decision<E> = { error: E } | { write: VideoWrite };

export type WriteOutcome<E> =
  | { ok: true; before: VideoState; after: VideoState }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'refused'; error: E };

export function createVideosAdminRepository(db: DB) {
  return {
    ...createVideosAdminReads(db),

    /**
     * Locks the video, asks `decide` what to write (or why not), writes it, moves the counts and
     * refreshes the search words, in one transaction.
     */
    update<E>(videoId: number, decide: (state: VideoState) => Decision<E>): Promise<WriteOutcome<E>> {
      return db.transaction().execute(async (tx) => {
        const before = await lockState(tx, videoId);
        if (!before) return { ok: false, reason: 'not_found' };
        const decision = decide(before);
        if ('error' in decision) return { ok: false, reason: 'refused', error: decision.error };
        const after = await applyWrite(tx, before, decision.write);
        return { ok: true, before, after };
      });
    },

    /**
     * Makes `poster` (JPEG, '') and `webp` the video's poster rows. The first poster is kept as the
     * 'original' rows so that it can be chosen again; rows of an earlier choice are replaced, and their
     * keys answered (the caller deletes the video's own files). `restoreOriginal`: the 'original' rows
     * become the poster again.
     */
    setPoster(
      videoId: number,
      choice:
        | { restoreOriginal: true }
        | {
            restoreOriginal: false;
            files: {
              format: '' | 'webp';
              key: string;
              mime: string;
              width: number;
              height: number;
              size: number;
            }[];
          },
    ): Promise<{ ok: true; dropped: string[] } | { ok: false; reason: 'not_found' | 'no_original' }> {
      return db.transaction().execute(async (tx) => {
        const video = await tx
          .selectFrom('videos')
          .select('id')
          .where('id', '=', videoId)
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!video) return { ok: false, reason: 'not_found' };
        const posters = await tx
          .selectFrom('video_files')
          .select(['id', 'format', 'storage_key'])
          .where('video_id', '=', videoId)
          .where('kind', '=', 'poster')
          .execute();
        const hasOriginal = posters.some((p) => p.format === 'original');
        const current = posters.filter((p) => p.format === '' || p.format === 'webp');
        if (choice.restoreOriginal && !hasOriginal) {
          // The current poster is the original already: nothing to do.
          return current.length > 0 ? { ok: true, dropped: [] } : { ok: false, reason: 'no_original' };
        }
        let dropped: string[] = [];
        if (hasOriginal) {
          dropped = current.map((p) => p.storage_key);
          if (current.length > 0)
            await tx
              .deleteFrom('video_files')
              .where(
                'id',
                'in',
                current.map((p) => p.id),
              )
              .execute();
        } else {
          for (const p of current) {
            await tx
              .updateTable('video_files')
              .set({ format: p.format === '' ? 'original' : 'original.webp' })
              .where('id', '=', p.id)
              .execute();
          }
        }
        if (choice.restoreOriginal) {
          for (const p of posters.filter((p) => p.format === 'original' || p.format === 'original.webp')) {
            await tx
              .updateTable('video_files')
              .set({ format: p.format === 'original' ? '' : 'webp' })
              .where('id', '=', p.id)
              .execute();
          }
        } else {
          await tx
            .insertInto('video_files')
            .values(
              choice.files.map((f) => ({
                video_id: videoId,
                kind: 'poster' as const,
                format: f.format,
                storage_key: f.key,
                mime: f.mime,
                width: f.width,
                height: f.height,
                size_bytes: f.size,
              })),
            )
            .execute();
        }
        await tx
          .updateTable('videos')
          .set({ updated_at: sql<Date>`now()` })
          .where('id', '=', videoId)
          .execute();
        return { ok: true, dropped };
      });
    },

    /**
     * Deletes the video and every row of it; a listed video stops counting on its uploader, channel
     * and taxonomy, playlists holding it shrink, its comments leave their authors' counts. Answers its
     * file keys: `keys` (no other video's row names them) for the caller to delete from storage, and the
     * `shared` ones that stay.
     */
    delete(
      videoId: number,
    ): Promise<{ ok: true; before: VideoState; keys: string[]; shared: string[] } | { ok: false }> {
      return db.transaction().execute(async (tx) => {
        const before = await lockState(tx, videoId);
        if (!before) return { ok: false };
        const files = await tx
          .selectFrom('video_files')
          .select('storage_key')
          .where('video_id', '=', videoId)
          .execute();
        await moveCounts(tx, before, {
          ...before,
          status: VIDEO_STATUS.rejected,
          categories: [],
          models: [],
          tags: [],
        });
        await sql`UPDATE playlists SET total_videos = GREATEST(total_videos - 1, 0), updated_at = now()
          WHERE id IN (SELECT playlist_id FROM playlist_videos WHERE video_id = ${videoId})`.execute(tx);
        await sql`
          WITH del AS (
            DELETE FROM comments WHERE section = 'video' AND object_id = ${videoId}
            RETURNING user_id, status
          )
          INSERT INTO counter_events (target, object_id, counter, delta)
          SELECT 'user', user_id, 'comments', -1 FROM del WHERE status = 'active' AND user_id IS NOT NULL`.execute(
          tx,
        );
        await sql`DELETE FROM votes WHERE section = 'video' AND object_id = ${videoId}`.execute(tx);
        await sql`DELETE FROM counter_events WHERE target = 'video' AND object_id = ${videoId}`.execute(tx);
        await tx.deleteFrom('videos').where('id', '=', videoId).execute();
        const keys = [...new Set(files.map((f) => f.storage_key))];
        // Demo and benchmark videos share their clips' files: a key another video names stays.
        const shared =
          keys.length === 0
            ? new Set<string>()
            : new Set(
                (
                  await tx
                    .selectFrom('video_files')
                    .select('storage_key')
                    .where('storage_key', 'in', keys)
                    .execute()
                ).map((r) => r.storage_key),
              );
        return { ok: true, before, keys: keys.filter((k) => !shared.has(k)), shared: [...shared] };
      });
    },
  };
}

export type VideosAdminRepository = ReturnType<typeof createVideosAdminRepository>;
