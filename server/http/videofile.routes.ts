// GET /api/videofile.php?video_id=N: the player's file list (contract/videofile.ts).
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../contract/accounts.ts';
import { VIDEOFILE_LIFETIME, videoFileQuerySchema } from '../../contract/videofile.ts';
import { DomainError, notFound } from '../errors.ts';
import type { VideoFilesService } from '../modules/media/video-files.service.ts';

export function registerVideoFileRoutes(app: FastifyInstance, videoFiles: VideoFilesService): void {
  app.get('/api/videofile.php', async (request, reply) => {
    const query = videoFileQuerySchema.safeParse(request.query);
    if (!query.success) {
      throw new DomainError('invalid_video_id', {
        message: 'Invalid video_id',
        codes: [{ field: 'video_id', code: 'invalid' }],
      });
    }
    const files = await videoFiles.playerFiles(query.data.video_id);
    if (files) return reply.header('cache-control', `public, max-age=${VIDEOFILE_LIFETIME}`).send(files);
    // A private video's list goes to its uploader and staff only, never into a shared cache.
    const user = (request as { user?: CurrentUser | null }).user ?? null;
    const own = user ? await videoFiles.playerFiles(query.data.video_id, user) : null;
    if (!own) throw notFound();
    return reply.header('cache-control', 'private, no-store').send(own);
  });
}
