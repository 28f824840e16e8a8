// Test fixtures of the thumbnail trials: a listed video with its poster and six thumbnail rows.
import type { DB } from '../../db/database.ts';
import { insertVideo } from '../../test/fixtures.ts';

export async function insertVideoWithThumbs(db: DB, title: string, thumbs = 6): Promise<number> {
  const { id } = await insertVideo(db, { title });
  if (thumbs > 0)
    await db
      .insertInto('video_files')
      .values(
        Array.from({ length: thumbs }, (_, i) => ({
          video_id: id,
          kind: 'thumb' as const,
          format: String(i + 1),
          storage_key: `fixture/${id}/thumbs/${i + 1}.jpg`,
          mime: 'image/jpeg',
        })),
      )
      .execute();
  return Number(id);
}
