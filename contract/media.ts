// Stored files over HTTP: GET/HEAD /media/{key} (every media file) and the member download
// (contract/watch.ts). Their bodies are the files themselves, so only statuses and headers are the
// contract; the error answers keep the one error shape.
import { z } from 'zod';
import { errorBodySchema } from './errors.ts';

/** GET /media/{key}: the storage key, e.g. `videos/12/480p.mp4` (a missing or foreign key is a 404). */
export const mediaParams = z.object({
  '*': z.string().describe('The storage key, e.g. videos/12/480p.mp4'),
});

/** A body that is a file, not JSON: documented by its media types, never shape-checked. */
const fileBody = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
});

const MEDIA_TYPES = [
  'video/mp4',
  'video/mp2t',
  'video/iso.segment',
  'application/vnd.apple.mpegurl',
  'image/jpeg',
  'image/webp',
  'image/png',
  'text/vtt',
  'application/json',
  'application/octet-stream',
] as const;

/**
 * The answers of a stored file sent with validators and one byte range (server/http/media.routes.ts
 * `sendStoredObject`): the whole file, a range, not modified, or a range past the end. HEAD has the
 * headers of GET and no body.
 */
export function storedFileResponses(types: readonly string[] = MEDIA_TYPES) {
  return {
    200: fileBody('The file, with ETag, Last-Modified, Accept-Ranges and Content-Length.', types),
    206: fileBody('One byte range of the file (Range: bytes=…), with Content-Range.', types),
    304: z.null().describe('Not modified (If-None-Match, or If-Modified-Since).'),
    416: errorBodySchema.describe(
      '`bad_range`: the range starts past the end; Content-Range: bytes */{size}.',
    ),
  };
}
