// A few demo uploads that go through the real queue: rows in status 2 (processing) with a short
// source in storage, as an upload leaves them, and one video.process job each once the catalogue is
// committed. After the first boot the worker processes them, and /admin/moderation/ has real items.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import { VIDEO_STATUS } from '../../contract/catalog.ts';
import type { Database } from '../db/schema.ts';
import type { JobSink } from '../jobs/job-sink.ts';
import { processVideoJob, processVideoKey } from '../pipeline/definitions.ts';
import { DEMO_UPLOADS_KEY } from '../pipeline/process-video.ts';
import type { Storage } from '../storage/storage.ts';
import type { DemoClip } from './demo-media.ts';

export interface DemoUpload {
  /** 1-based demo clip whose smallest rendition is the source. */
  clip: number;
  title: string;
  description: string;
}

/** Short clips, so that the pipeline has them ready for moderation within seconds of the first boot. */
export const DEMO_UPLOADS: readonly DemoUpload[] = [
  {
    clip: 1,
    title: 'Fresh Upload Evening Drive Pattern',
    description: 'A member upload waiting for the pipeline and then for a moderator.',
  },
  {
    clip: 2,
    title: 'Fresh Upload Garden Party Cells',
    description: 'A member upload waiting for the pipeline and then for a moderator.',
  },
  {
    clip: 3,
    title: 'Fresh Upload Pixel Rain Session',
    description: 'A member upload waiting for the pipeline and then for a moderator.',
  },
];

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * Inserts the uploads of the first demo member (status 2, one category, a `source` row) and copies
 * each source into storage under `videos/{id}/source.mp4`, as the upload service does. Returns the
 * new video ids, to enqueue once the transaction is committed.
 */
export async function insertDemoUploads(
  db: Kysely<Database>,
  storage: Storage,
  clips: readonly DemoClip[],
  now: Date,
): Promise<number[]> {
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'member')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const category = await db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [i, upload] of DEMO_UPLOADS.entries()) {
    const clip = clips[upload.clip - 1];
    if (!clip) throw new Error(`demo upload ${upload.title}: no clip ${upload.clip}`);
    const source = clip.files.find((f) => f.kind === 'mp4')!;
    const body = await readAll(storage, source.storageKey);
    // A few minutes apart, oldest first, as the moderation queue lists them.
    const at = new Date(now.getTime() - (DEMO_UPLOADS.length - i) * 60_000);
    const { id } = await db
      .insertInto('videos')
      .values({
        dir: slug(upload.title),
        title: upload.title,
        description: upload.description,
        user_id: member.id,
        status: VIDEO_STATUS.processing,
        duration: Math.round(clip.duration),
        width: source.width,
        height: source.height,
        content_hash: createHash('sha256').update(body).digest('hex'),
        post_date: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const videoId = Number(id);
    const key = `videos/${videoId}/source.mp4`;
    const stored = await storage.putStream(key, Readable.from([body]), {
      contentType: 'application/octet-stream',
    });
    await db
      .updateTable('videos')
      .set({ media_key: `videos/${videoId}` })
      .where('id', '=', videoId)
      .execute();
    await db.insertInto('video_categories').values({ video_id: videoId, category_id: category.id }).execute();
    await db
      .insertInto('video_files')
      .values({
        video_id: videoId,
        kind: 'source',
        format: 'mp4',
        storage_key: key,
        mime: 'application/octet-stream',
        width: source.width,
        height: source.height,
        size_bytes: stored.size,
        created_at: at,
      })
      .execute();
    // The catalogue shows the same clip under many titles: this upload is a copy of them on purpose,
    // not a duplicate for the moderation queue (issue 31, video_known_duplicates).
    await sql`
      INSERT INTO video_known_duplicates (video_id, other_id)
      SELECT least(v.id, ${videoId}::bigint), greatest(v.id, ${videoId}::bigint)
      FROM videos v WHERE v.media_key = ${clip.mediaKey} AND v.id <> ${videoId}
      ON CONFLICT DO NOTHING`.execute(db);
    ids.push(videoId);
  }
  // The pipeline makes these with whatever ffmpeg there is, the packaged one too (demoUploadIds).
  await db
    .insertInto('site_settings')
    .values({ key: DEMO_UPLOADS_KEY, value: JSON.stringify(ids), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(ids), updated_at: now }))
    .execute();
  return ids;
}

/** One video.process job per upload, keyed as the upload service keys them. */
export async function enqueueDemoUploads(jobs: Pick<JobSink, 'enqueue'>, videoIds: readonly number[]) {
  for (const videoId of videoIds) {
    await jobs.enqueue(processVideoJob, { videoId }, { singletonKey: processVideoKey(videoId) });
  }
}
