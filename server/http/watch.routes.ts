// Watching (issue 6, contract/watch.ts): the view beacon (POST /api/input.php act=view), oEmbed and the
// member download. The related call is a catalogue read call and lives with them in catalog.routes.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOWNLOAD_FORMAT_PATTERN, INPUT_PATH, OEMBED_PATH, type ViewResponse } from '../../contract/watch.ts';
import { DomainError } from '../errors.ts';
import { invalid, type WatchService } from '../modules/watch/watch.service.ts';
import type { Storage } from '../storage/storage.ts';
import { sendStoredObject } from './media.routes.ts';

const ID = /^[1-9]\d{0,14}$/;
const userIdOf = (request: FastifyRequest) =>
  (request as { user?: { user_id?: number } | null }).user?.user_id ?? null;

export async function registerWatchRoutes(
  app: FastifyInstance,
  services: { watch: WatchService; storage: Storage },
): Promise<void> {
  const { watch, storage } = services;
  await app.register(async (scope) => {

    // Origin: the accounts layer refuses a cross-site POST to /api/ (403 bad_origin). Embeds still
    // count: the embed player is a page of this site inside an iframe, so its beacon is same-origin.
    scope.post(INPUT_PATH, async (request, reply): Promise<ViewResponse> => {
      reply.header('cache-control', 'no-store');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const act = typeof body.act === 'string' ? body.act : '';
      if (act !== 'view') {
        throw new DomainError('unknown_act', {
          message: 'Unknown action',
          codes: [{ field: 'act', code: 'unknown_act' }],
        });
      }
      if (body.section !== 'video') throw invalid('section');
      const objectId = typeof body.object_id === 'string' ? body.object_id : '';
      if (!ID.test(objectId)) throw invalid('object_id');
      const { counted } = await watch.recordView(
        Number(objectId),
        {
          userId: userIdOf(request),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        },
        body.home === '1',
      );
      return { ok: true, counted };
    });

    scope.get(OEMBED_PATH, async (request, reply) => {
      const q = (request.query ?? {}) as Record<string, string | undefined>;
      const format = q.format ?? 'json';
      if (format === 'xml') {
        return reply
          .status(501)
          .send({ error: 'Only the json format is offered', code: 'format_not_implemented', codes: [] });
      }
      if (format !== 'json') throw invalid('format');
      if (!q.url) throw invalid('url', 'required');
      const bound = (name: 'maxwidth' | 'maxheight') => {
        const raw = q[name];
        if (raw === undefined || raw === '') return undefined;
        if (!/^[1-9]\d{0,4}$/.test(raw)) throw invalid(name);
        return Number(raw);
      };
      const answer = await watch.oembed(q.url, bound('maxwidth'), bound('maxheight'));
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('application/json; charset=utf-8')
        .send(answer);
    });

    scope.route({
      method: ['GET', 'HEAD'],
      url: '/api/download.php',
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const q = (request.query ?? {}) as Record<string, string | undefined>;
        if (userIdOf(request) === null) {
          throw new DomainError('login_required', {
            status: 401,
            message: 'Please log in to complete this action',
          });
        }
        if (!q.video_id || !ID.test(q.video_id)) throw invalid('video_id');
        if (!q.format || !DOWNLOAD_FORMAT_PATTERN.test(q.format)) {
          throw new DomainError('format_not_found', { status: 404, message: 'No such format' });
        }
        const file = await watch.downloadFile(Number(q.video_id), q.format);
        const disposition = contentDisposition(file.filename);
        // Local disk and S3 alike stream through here: the storage port's signed URLs take no response
        // overrides (ResponseContentDisposition), and the attachment header must be ours.
        const object = await storage.stat(file.key);
        const missing = () => {
          throw new DomainError('file_not_found', { status: 404, message: 'File not found' });
        };
        if (!object) return missing();
        return sendStoredObject(storage, file.key, object, request, reply, {
          contentType: file.mime,
          cacheControl: 'private, no-store',
          headers: { 'content-disposition': disposition },
          onMissing: missing,
        });
      },
    });
  });
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
