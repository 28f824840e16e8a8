// UK age verification (issue 15; shell.md §3, §4, §7): a member sends a photo, the age-assurance
// provider decides at once or asks for review (the built-in manual provider always asks); a waiting
// photo is kept encrypted (photo-cipher.ts), shown to moderators only, and deleted with the decision.
// Approval sets users.age_verified, which the user object (/api/me.php, the root loader) carries; a
// rejection's reason is shown to the member, who may send another photo.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  AGE_QUEUE_PAGE_SIZE,
  type AgeDecisionCommand,
  type AgeDecisionResult,
  type AgeQueue,
  type AgeQueueQuery,
  type AgeVerificationSent,
  type AgeVerificationStatus,
  agePhotoUrl,
} from '../../../contract/age-verification.ts';
import { DomainError, forbidden } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireMember, requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AgeVerificationRepository } from './age-verification.repository.ts';
import { normalizePhoto, photoRequired } from './photo.ts';
import type { PhotoCipher } from './photo-cipher.ts';
import { type AgeAssuranceProvider, manualReviewProvider } from './provider.ts';

/** Storage prefix of the sealed photos; /media never serves it (media-access.ts). */
export const AGE_PHOTO_PREFIX = 'age-verification/';

export interface AgeVerificationService {
  /** POST /api/age_verification.php. */
  submit(user: CurrentUser | null, file: Buffer | null): Promise<AgeVerificationSent>;
  /** What the UK gate shows a member (null for a guest). */
  statusOf(user: CurrentUser | null): Promise<AgeVerificationStatus | null>;
  /**
   * Where a member stands for uploading (issue 31, uploaders verified once): approved once
   * users.age_verified is set, else the latest request's state (a rejection with its reason).
   */
  standing(user: CurrentUser): Promise<AgeVerificationStatus>;
  /** The moderators' queue: waiting requests, oldest first. */
  queue(user: CurrentUser | null, query: AgeQueueQuery): Promise<AgeQueue>;
  /** The decrypted photo of a waiting request (staff only). */
  photo(user: CurrentUser | null, verificationId: number): Promise<Buffer>;
  decide(user: CurrentUser | null, command: AgeDecisionCommand): Promise<AgeDecisionResult>;
}

export interface AgeVerificationDeps {
  repository: AgeVerificationRepository;
  storage: Storage;
  cipher: PhotoCipher;
  provider?: AgeAssuranceProvider;
  /** A photo left in storage is logged (its key only) and cleaned up by hand. */
  warn?: (message: string, detail: Record<string, unknown>) => void;
  /** Staff decisions go to the audit log (issue 17): age_verification.approve / .reject. */
  audit?: AuditService;
}

const notWaiting = () =>
  new DomainError('verification_not_found', {
    status: 404,
    message: english('api.verification_not_waiting'),
  });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function createAgeVerificationService(deps: AgeVerificationDeps): AgeVerificationService {
  const { repository, storage, cipher } = deps;
  const provider = deps.provider ?? manualReviewProvider;
  const dropPhoto = async (key: string) => {
    try {
      await storage.delete(key);
    } catch (error) {
      deps.warn?.('age-verification photo not deleted', { key, error: String(error) });
    }
  };

  return {
    async submit(user, file) {
      requireMember(user);
      if (await repository.isAgeVerified(user.user_id)) {
        throw new DomainError('already_verified', { status: 409, message: english('api.already_verified') });
      }
      if (!file || file.length === 0) throw photoRequired();
      const image = await normalizePhoto(file);
      const outcome = await provider.assess({ userId: user.user_id, image, contentType: 'image/jpeg' });
      if (outcome.decision === 'approved' || outcome.decision === 'rejected') {
        const reason = outcome.decision === 'rejected' ? outcome.reason : null;
        await repository.transaction(async (tx) => {
          await tx.insertDecided({
            userId: user.user_id,
            provider: provider.id,
            status: outcome.decision,
            reason,
          });
          if (outcome.decision === 'approved') await tx.setAgeVerified(user.user_id, true);
        });
        return {
          status: 'success',
          state: outcome.decision,
          age_verified: outcome.decision === 'approved',
          reason,
        };
      }
      const key = `${AGE_PHOTO_PREFIX}${user.user_id}/${randomBytes(16).toString('hex')}.bin`;
      await storage.putStream(key, Readable.from([cipher.seal(image, key)]), {
        contentType: 'application/octet-stream',
      });
      const id = await repository.insertPending({
        userId: user.user_id,
        provider: provider.id,
        photoKey: key,
      });
      if (id === null) {
        await dropPhoto(key);
        throw new DomainError('verification_pending', {
          status: 409,
          message: english('api.verification_pending'),
        });
      }
      return { status: 'success', state: 'pending', age_verified: false, reason: null };
    },

    async statusOf(user) {
      if (!user) return null;
      const row = await repository.latest(user.user_id);
      if (!row) return { state: 'none', reason: null };
      return { state: row.status, reason: row.status === 'rejected' ? row.reason : null };
    },

    async standing(user) {
      if (await repository.isAgeVerified(user.user_id)) return { state: 'approved', reason: null };
      const row = await repository.latest(user.user_id);
      // An approval later withdrawn (users.age_verified cleared by staff) asks for a new photo.
      if (!row || row.status === 'approved') return { state: 'none', reason: null };
      return { state: row.status, reason: row.status === 'rejected' ? row.reason : null };
    },

    async queue(user, query) {
      requireModerator(user);
      const { rows, total } = await repository.queue(
        (query.page - 1) * AGE_QUEUE_PAGE_SIZE,
        AGE_QUEUE_PAGE_SIZE,
      );
      return {
        items: rows.map((row) => ({
          verification_id: row.id,
          user: { user_id: row.user_id, username: row.username },
          provider: row.provider,
          created_at: row.created_at.toISOString(),
          photo: row.photo_key ? agePhotoUrl(row.id) : null,
        })),
        total_count: total,
        page: query.page,
        per_page: AGE_QUEUE_PAGE_SIZE,
      };
    },

    async photo(user, verificationId) {
      requireModerator(user);
      const key = await repository.pendingPhotoKey(verificationId);
      if (!key) throw notWaiting();
      return cipher.open(await readAll(await storage.get(key)), key);
    },

    async decide(user, { act, verificationId, reason }) {
      requireModerator(user);
      const text = reason.trim();
      if (act === 'reject' && !text) {
        throw new DomainError('required', {
          status: 400,
          message: english('api.reason_required'),
          codes: [{ field: 'reason', code: 'required' }],
        });
      }
      const status = act === 'approve' ? 'approved' : 'rejected';
      const decided = await repository.transaction(async (tx) => {
        const row = await tx.lockPending(verificationId);
        if (!row) throw notWaiting();
        // Nobody vouches for themself.
        if (row.user_id === user.user_id) throw forbidden();
        await tx.decide({
          id: row.id,
          status,
          reason: status === 'rejected' ? text : null,
          decidedBy: user.user_id,
        });
        await tx.setAgeVerified(row.user_id, status === 'approved');
        return { photoKey: row.photo_key, memberId: row.user_id };
      });
      // After the commit: a decision is never lost to a storage error; the photo goes right after.
      if (decided.photoKey) await dropPhoto(decided.photoKey);
      await deps.audit?.record(
        user,
        `age_verification.${act}`,
        { type: 'user', id: decided.memberId },
        { verification_id: verificationId, ...(act === 'reject' ? { reason: text } : {}) },
      );
      return { status: 'success', verification_id: verificationId, state: status };
    },
  };
}
