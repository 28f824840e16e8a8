// A new video's files into storage (upload.service.ts, link-import.flow.ts): the source and/or the
// preview the member chose, under `videos/{id}/`.
import { Readable } from 'node:stream';
import type { Storage } from '../../storage/storage.ts';
import type { NewVideoFile } from './upload.repository.ts';
import type { Preview } from './upload-checks.ts';

/**
 * The source and/or the chosen preview under `videos/{id}/`. On a failure nothing stays there,
 * except for a source alone (a link import's): the preview stored by its request stays.
 */
export async function storeFiles(
  storage: Storage,
  id: number,
  source: { file: string; ext: string; media: { width: number; height: number }; size: number } | null,
  preview: Preview | null,
): Promise<NewVideoFile[]> {
  const files: NewVideoFile[] = [];
  try {
    if (source) {
      const sourceKey = `videos/${id}/source.${source.ext}`;
      await storage.putFile(sourceKey, source.file, { contentType: 'application/octet-stream' });
      files.push({
        kind: 'source',
        format: source.ext,
        storageKey: sourceKey,
        mime: 'application/octet-stream',
        width: source.media.width,
        height: source.media.height,
        sizeBytes: source.size,
      });
    }
    if (preview) {
      const key = `videos/${id}/preview-chosen.jpg`;
      await storage.putStream(key, Readable.from([preview.jpeg]), { contentType: 'image/jpeg' });
      files.push({
        kind: 'thumb',
        format: 'chosen',
        storageKey: key,
        mime: 'image/jpeg',
        width: preview.width,
        height: preview.height,
        sizeBytes: preview.jpeg.length,
      });
    }
    return files;
  } catch (error) {
    if (preview) await storage.deletePrefix(`videos/${id}/`).catch(() => {});
    else if (source) await storage.delete(`videos/${id}/source.${source.ext}`).catch(() => {});
    throw error;
  }
}
