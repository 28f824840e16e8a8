// Screening of a new upload against the block list and imported hash lists (issue 31, item 3).
// The pipeline's fingerprint step calls screenUpload right after it has stored the video's
// fingerprint; a match throws ScreeningRejection (permanent: the job handler rejects the video at once,
// pipeline-jobs.ts), no match returns. What follows a rejection (the code on the row, the files
// removed or quarantined, the audit entry, the administrators' alert) is applyScreeningRejection's,
// called by the job handler, which has the storage.
import path from 'node:path';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import type { ScreeningRejectCode } from '../../../contract/upload-values.ts';
import type { DB } from '../../db/database.ts';
import { decodeFrames, matchAgainst } from '../../media/fingerprint.ts';
import type { Storage } from '../../storage/storage.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createBlocklistRepository } from './blocklist.repository.ts';
import { fileDigests, type HashListMatch, matchHashLists } from './hash-lists.ts';

export interface ScreeningInput {
  db: DB;
  videoId: number;
  /** The video's perceptual frame hashes (64-bit, one per sampled frame, in time order). */
  frames: readonly bigint[];
  /** Milliseconds between sampled frames. */
  intervalMs: number;
  /** The local copy of the uploaded source file (for exact-hash lists and quarantine). */
  sourceFile: string;
}

export type RejectCode = ScreeningRejectCode;

/**
 * A re-upload of blocked content matches its block at this similarity or more. Higher than the
 * moderation queue's "possible duplicate" (DEFAULT_MIN_SIMILARITY): a rejection is automatic, a
 * possible duplicate only shown. Re-encoded, 5 %-cropped and 3-s-trimmed copies score 0.8–1.
 */
export const BLOCK_MIN_SIMILARITY = 0.7;

/** What the uploader reads (videos.reject_reason, the code; the site translates it). */
const REASON: Record<RejectCode, string> = {
  matches_removed_content: 'matches_removed_content',
  matches_hash_list: 'matches_hash_list',
};

/**
 * A rejection no retry changes, like the pipeline's PermanentPipelineError (the job handler treats both
 * alike, pipeline-jobs.ts). Not a subclass of it: process-video.ts reaches this module through its
 * fingerprint step, and a class extending an import of a module still loading fails.
 */
export class ScreeningRejection extends Error {
  /** What the uploader is told (videos.reject_reason): the code, which the site translates. */
  readonly reason: string;
  readonly code: RejectCode;
  /** matches_removed_content: the block matched, and how closely. */
  readonly block?: { id: number; similarity: number; videoId: number | null; caseId: number | null };
  /** matches_hash_list: the listed hash, and the file's digests (for the quarantine record). */
  readonly hashList?: HashListMatch & { md5: string; sha256: string };
  constructor(
    code: RejectCode,
    detail: string,
    extra: { block?: ScreeningRejection['block']; hashList?: ScreeningRejection['hashList'] } = {},
  ) {
    super(detail);
    this.name = 'ScreeningRejection';
    this.reason = REASON[code];
    this.code = code;
    this.block = extra.block;
    this.hashList = extra.hashList;
  }
}

/** Returns when the upload may go on; throws a ScreeningRejection when it must be rejected. */
export async function screenUpload(input: ScreeningInput): Promise<void> {
  // The hash lists first: a match there is the graver case (quarantine, administrators alerted).
  const digests = await fileDigests(input.sourceFile);
  const listed = await matchHashLists(input.db, { ...digests, frames: input.frames });
  if (listed) {
    throw new ScreeningRejection(
      'matches_hash_list',
      `matches ${listed.kind} ${listed.value} of hash list ${listed.list_name}`,
      { hashList: { ...listed, ...digests } },
    );
  }
  const blocks = await createBlocklistRepository(input.db).active(input.intervalMs);
  if (blocks.length === 0) return;
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const [best] = matchAgainst(
    input.frames,
    blocks.map((b) => ({ video_id: b.id, frames: decodeFrames(b.frames) })),
    { minSimilarity: BLOCK_MIN_SIMILARITY },
  );
  if (!best) return;
  const block = byId.get(best.video_id)!;
  throw new ScreeningRejection(
    'matches_removed_content',
    `matches removed content (block ${block.id}, ${block.source}${block.dmca_case_id ? ` case ${block.dmca_case_id}` : ''}, video ${block.video_id ?? '-'}, similarity ${best.similarity})`,
    {
      block: {
        id: block.id,
        similarity: best.similarity,
        videoId: block.video_id,
        caseId: block.dmca_case_id,
      },
    },
  );
}

/** The storage prefix of quarantined sources: never served (media routes serve videos/ keys only). */
export const QUARANTINE_PREFIX = 'quarantine/';

export interface RejectionNotice {
  videoId: number;
  code: RejectCode;
  uploaderId: number | null;
  /** matches_hash_list: where the source now is. */
  quarantineKey?: string;
}

/**
 * After the handler has rejected the video (status 4): the code and the block on its row, its
 * content_hash cleared (the same file can be sent again once a block is lifted); a hash-list match's
 * source copied to quarantine/ and recorded; every file of the video removed from the media storage and
 * its file rows; an audit entry (actor: the system). Answers what the notifier needs.
 */
export async function applyScreeningRejection(
  deps: { db: DB; storage: Storage },
  videoId: number,
  rejection: ScreeningRejection,
): Promise<RejectionNotice> {
  const { db, storage } = deps;
  const video = await db
    .updateTable('videos')
    .set({
      reject_code: rejection.code,
      blocked_by: rejection.block?.id ?? null,
      content_hash: null,
      updated_at: new Date(),
    })
    .where('id', '=', videoId)
    .where('status', '=', VIDEO_STATUS.rejected)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
  const uploaderId = video?.user_id ?? null;
  const files = await db
    .selectFrom('video_files')
    .select(['kind', 'format', 'storage_key', 'size_bytes'])
    .where('video_id', '=', videoId)
    .execute();
  let quarantineKey: string | undefined;
  if (rejection.hashList) {
    const source = files.find((f) => f.kind === 'source');
    if (source) {
      quarantineKey = `${QUARANTINE_PREFIX}${videoId}/${path.posix.basename(source.storage_key)}`;
      const stored = await storage.stat(source.storage_key);
      if (stored) {
        const body = await storage.get(source.storage_key);
        await storage.putStream(quarantineKey, body, { contentType: 'application/octet-stream' });
      }
      await db
        .insertInto('quarantined_files')
        .values({
          video_id: videoId,
          uploader_id: uploaderId,
          list_name: rejection.hashList.list_name,
          kind: rejection.hashList.kind,
          value: rejection.hashList.value,
          storage_key: quarantineKey,
          size_bytes: stored?.size ?? null,
          md5: rejection.hashList.md5,
          sha256: rejection.hashList.sha256,
        })
        .execute();
    }
  }
  for (const file of files) await storage.delete(file.storage_key).catch(() => {});
  await storage.deletePrefix(`videos/${videoId}/`).catch(() => {});
  await db.deleteFrom('video_files').where('video_id', '=', videoId).execute();
  await createAuditRepository(db).insert({
    actorId: null,
    actorName: 'system',
    action: rejection.code === 'matches_hash_list' ? 'upload.hash_list_match' : 'upload.blocked_content',
    targetType: 'video',
    targetId: String(videoId),
    details: {
      reject_code: rejection.code,
      uploader_id: uploaderId,
      ...(rejection.block
        ? {
            block_id: rejection.block.id,
            similarity: rejection.block.similarity,
            original_video_id: rejection.block.videoId,
            case_id: rejection.block.caseId,
          }
        : {}),
      ...(rejection.hashList
        ? {
            list_name: rejection.hashList.list_name,
            kind: rejection.hashList.kind,
            value: rejection.hashList.value,
            quarantine_key: quarantineKey ?? null,
          }
        : {}),
    },
  });
  return { videoId, code: rejection.code, uploaderId, ...(quarantineKey ? { quarantineKey } : {}) };
}
