// The operator's side of the block list (issue 31, item 3): "block this content" on the console's video
// (its fingerprint goes on the block list and the video is taken down by the console's status act),
// "unblock" (the operator's block lifted), and what the console's video call shows: the block the video
// itself has, and for a rejected upload the block it matched (the link to the original case).
// DMCA take-downs block in the DMCA repository's transaction (reports/dmca.repository.ts). No HTTP.
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { ContentBlock } from '../../../contract/admin-videos.ts';
import type { DB } from '../../db/database.ts';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type BlockInfoRow, createBlocklistRepository } from './blocklist.repository.ts';

export interface BlocklistService {
  /** Blocks the video's fingerprint (idempotent: an active operator block stays one). 409 without one. */
  block(user: CurrentUser, videoId: number): Promise<{ blockId: number; created: boolean }>;
  /** Lifts the video's operator block; answers how many were lifted (0: none was active). */
  unblock(user: CurrentUser, videoId: number): Promise<number>;
  /** The console's view: the video's reject code, the block it matched, its own active block. */
  detail(
    videoId: number,
  ): Promise<{ reject_code: string | null; blocked_by: ContentBlock | null; block: ContentBlock | null }>;
}

export const toContentBlock = (row: BlockInfoRow): ContentBlock => ({
  block_id: row.id,
  source: row.source,
  case_id: row.dmca_case_id,
  video_id: row.video_id,
  lifted: row.lifted_at !== null,
});

export function createBlocklistService(db: DB, options: { audit?: AuditService } = {}): BlocklistService {
  const repo = createBlocklistRepository(db);
  return {
    async block(user, videoId) {
      const video = await db
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!video) {
        throw new DomainError('video_not_found', { status: 404, message: english('notify.video_not_found') });
      }
      const existing = (await repo.activeOfVideo(videoId)).find((b) => b.source === 'operator');
      if (existing) return { blockId: existing.id, created: false };
      const id = await repo.add({ videoId, source: 'operator', caseId: null, createdBy: user.user_id });
      if (id === null) {
        // A parallel click made it, or the video has no fingerprint to block.
        const made = (await repo.activeOfVideo(videoId)).find((b) => b.source === 'operator');
        if (made) return { blockId: made.id, created: false };
        throw new DomainError('no_fingerprint', { status: 409, message: english('api.no_fingerprint') });
      }
      await options.audit?.record(user, 'video.block', { type: 'video', id: videoId }, { block_id: id });
      return { blockId: id, created: true };
    },

    async unblock(user, videoId) {
      const lifted = await repo.liftOperator(videoId, user.user_id);
      if (lifted.length > 0) {
        await options.audit?.record(
          user,
          'video.unblock',
          { type: 'video', id: videoId },
          { block_ids: lifted },
        );
      }
      return lifted.length;
    },

    async detail(videoId) {
      const row = await db
        .selectFrom('videos')
        .select(['reject_code', 'blocked_by'])
        .where('id', '=', videoId)
        .executeTakeFirst();
      const matched = row?.blocked_by != null ? await repo.info(Number(row.blocked_by)) : null;
      const [own] = await repo.activeOfVideo(videoId);
      return {
        reject_code: row?.reject_code ?? null,
        blocked_by: matched ? toContentBlock(matched) : null,
        block: own ? toContentBlock(own) : null,
      };
    },
  };
}
