// The console's poster command (videos-admin.service.ts): a still read from storage, encoded as the
// poster's JPEG and WebP under a new name, its rows written, and the posters of an earlier choice
// deleted. The original poster is kept so it can be chosen again.
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import { images } from '../../media/images.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { VideosAdminRepository } from './videos-admin.repository.ts';
import { notFound, stillsOf, videoPrefix } from './videos-admin.rules.ts';

/** The poster's width (the pipeline's POSTER_WIDTH, server/pipeline/media-steps.ts). */
export const POSTER_WIDTH = 640;
/** A still larger than this is not a still. */
const STILL_MAX_BYTES = 20 * 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buf.length;
    if (size > STILL_MAX_BYTES) {
      stream.destroy();
      throw new DomainError('still_unreadable', { status: 409, message: english('api.still_unreadable') });
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
export function createPosterCommand(deps: {
  repo: VideosAdminRepository;
  storage: Storage;
  audit: AuditService;
  changes: ContentChanges;
  /** Deletes storage keys, logging (not failing on) the ones storage refuses. */
  dropFiles: (keys: string[], prefix: string | null) => Promise<void>;
}) {
  const { repo, storage, audit, changes, dropFiles } = deps;

  async function poster(user: CurrentUser, videoId: number, still: string) {
    const rows = await repo.pictures(videoId);
    const stills = stillsOf(videoId, rows);
    const chosen = stills.find((s) => s.key === still);
    if (!chosen) {
      if (!(await repo.exists(videoId))) throw notFound();
      throw new DomainError('still_not_found', { status: 404, message: english('api.still_not_found') });
    }
    let outcome: Awaited<ReturnType<VideosAdminRepository['setPoster']>>;
    const made: string[] = [];
    if (still === 'original') {
      outcome = await repo.setPoster(videoId, { restoreOriginal: true });
    } else {
      let bytes: Buffer;
      try {
        bytes = await readAll(await storage.get(chosen.storageKey));
      } catch (error) {
        if (error instanceof DomainError) throw error;
        throw new DomainError('still_not_found', { status: 404, message: english('api.still_missing') });
      }
      // A new name each time: media keys are immutable (cached for good), so the new poster shows at once.
      const base = `${videoPrefix(videoId)}poster-${still}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
      let files: {
        format: '' | 'webp';
        key: string;
        mime: string;
        width: number;
        height: number;
        size: number;
      }[];
      try {
        const resize = { width: POSTER_WIDTH, withoutEnlargement: true };
        const [jpg, webp] = await Promise.all([
          images.encode(bytes, { resize, format: 'jpeg', quality: 82, mozjpeg: true }),
          images.encode(bytes, { resize, format: 'webp', quality: 78 }),
        ]);
        files = [
          {
            format: '',
            key: `${base}.jpg`,
            mime: 'image/jpeg',
            width: jpg.width,
            height: jpg.height,
            size: jpg.data.length,
          },
          {
            format: 'webp',
            key: `${base}.webp`,
            mime: 'image/webp',
            width: webp.width,
            height: webp.height,
            size: webp.data.length,
          },
        ];
        await storage.putStream(files[0]!.key, Readable.from([jpg.data]), { contentType: 'image/jpeg' });
        made.push(files[0]!.key);
        await storage.putStream(files[1]!.key, Readable.from([webp.data]), { contentType: 'image/webp' });
        made.push(files[1]!.key);
      } catch (error) {
        await dropFiles(made, null);
        if (error instanceof DomainError) throw error;
        throw new DomainError('still_unreadable', { status: 409, message: english('api.still_unreadable') });
      }
      outcome = await repo.setPoster(videoId, { restoreOriginal: false, files });
    }
    if (!outcome.ok) {
      await dropFiles(made, null);
      if (outcome.reason === 'not_found') throw notFound();
      throw new DomainError('still_not_found', { status: 404, message: english('api.still_not_found') });
    }
    // Posters an earlier choice made (never the original, never a file another row names).
    const own = `${videoPrefix(videoId)}poster-`;
    const stale: string[] = [];
    for (const key of outcome.dropped)
      if (key.startsWith(own) && !(await repo.keyInUse(key))) stale.push(key);
    await dropFiles(stale, null);
    await audit.record(user, 'video.poster', { type: 'video', id: videoId }, { still });
    await changes.notify();
  }

  return { poster };
}
