// A video entering (+1) or leaving (-1) the listed ones (status 1 and public) counts on its uploader,
// channel, categories, tags and models: one statement each, inside the caller's transaction. Used where
// a status moves outside the console's own edit (a DMCA take-down or restore, a performer's removal
// request, an appeal's overturn); the console's edit has its own (videos-admin-sql.ts moveCounts).
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export async function countListed(
  trx: DB,
  videoId: number,
  userId: number | string | null,
  channelId: number | string | null,
  delta: 1 | -1,
) {
  if (userId !== null) {
    await sql`UPDATE users SET videos_count = GREATEST(videos_count + ${delta}, 0) WHERE id = ${userId}`.execute(
      trx,
    );
  }
  if (channelId !== null) {
    await sql`UPDATE channels SET total_videos = GREATEST(total_videos + ${delta}, 0) WHERE id = ${channelId}`.execute(
      trx,
    );
  }
  for (const [table, link, column] of [
    ['categories', 'video_categories', 'category_id'],
    ['models', 'video_models', 'model_id'],
    ['tags', 'video_tags', 'tag_id'],
  ] as const) {
    // Rows locked in id order (as videos-admin-sql.ts moveCounts), so parallel moves wait, not deadlock.
    await sql`UPDATE ${sql.table(table)} SET total_videos = GREATEST(total_videos + ${delta}, 0)
      WHERE id IN (SELECT t.id FROM ${sql.table(table)} t WHERE t.id IN
        (SELECT ${sql.ref(column)} FROM ${sql.table(link)} WHERE video_id = ${videoId}) ORDER BY t.id FOR NO KEY UPDATE)`.execute(
      trx,
    );
  }
}
