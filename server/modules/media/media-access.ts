// Who may fetch a media file. Files of a listed video (active, public, not deleted) are public and
// cacheable for good. Files of any other video (processing, waiting for moderation, rejected,
// private, unavailable) go only to its uploader and to moderators, never cached by shared caches.
// The uploaded source is never public; report attachments (`reports/`) are for staff only. Other keys
// outside `videos/{id}/` (demo and fixture media, category images) are public.
import type { CurrentUser } from '../../../contract/accounts.ts';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { mayOpenUnlisted } from '../access.ts';
import type { MediaRepository } from './media.repository.ts';

export type MediaVisibility = 'public' | 'restricted' | 'missing';

export interface MediaAccess {
  /** What the key is: served to all, to the owner and staff only, or not a known video's file. */
  visibility(key: string): Promise<{ visibility: MediaVisibility; ownerId: number | null }>;
  /** Whether `user` may fetch a restricted file of a video owned by `ownerId`. */
  allowed(user: CurrentUser | null, ownerId: number | null): boolean;
}

export { mayOpenUnlisted } from '../access.ts';

const VIDEO_KEY = /^videos\/(\d{1,15})\/([^/]+)/;
const SOURCE_FILE = /^source\./;

export function createMediaAccess(
  repository: MediaRepository,
  options: { cacheTtlMs?: number } = {},
): MediaAccess {
  // A moderator's approval shows within the TTL; listed files are hit by every card, so they are cached.
  const cache = new TtlCache<{ listed: boolean; ownerId: number | null } | null>({
    ttlMs: options.cacheTtlMs ?? 15_000,
    maxEntries: 50_000,
  });
  const videoState = (id: number) =>
    cache.getOrLoad(String(id), async () => {
      const row = await repository.accessState(id);
      if (!row) return null;
      return {
        listed: row.status === VIDEO_STATUS.active && !row.is_private && row.deleted_at === null,
        ownerId: row.user_id,
      };
    });

  return {
    async visibility(key) {
      // Age-verification photos are sealed and shown only through their staff call: never here.
      // Performer records (ID images, consents) likewise: their own call, administrators and custodians.
      // Quarantined sources (a hash-list match, issue 31) are for the authorities: never served.
      if (key.startsWith('age-verification/') || key.startsWith('records/') || key.startsWith('quarantine/'))
        return { visibility: 'missing', ownerId: null };
      // Report attachments (DMCA evidence and the like): staff only.
      if (key.startsWith('reports/')) return { visibility: 'restricted', ownerId: null };
      const match = VIDEO_KEY.exec(key);
      if (!match) return { visibility: 'public', ownerId: null };
      const state = await videoState(Number(match[1]));
      if (!state) return { visibility: 'missing', ownerId: null };
      const source = SOURCE_FILE.test(match[2] ?? '');
      return { visibility: state.listed && !source ? 'public' : 'restricted', ownerId: state.ownerId };
    },
    allowed: mayOpenUnlisted,
  };
}
