// GET /api/videofile.php?video_id=N: the player's file list (contract/videofile.ts).
import type { FastifyInstance } from 'fastify';
import {
  VIDEOFILE_LIFETIME,
  videoFileQuerySchema,
  videoFileResponseSchema,
} from '../../contract/videofile.ts';
import { DomainError, notFound } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { VideoFilesService } from '../modules/media/video-files.service.ts';
import { contractRoutes, errors } from './contract.ts';

// The player's call has always named its one parameter this way, whatever was wrong with it.
const invalidVideoId = () =>
  new DomainError('invalid_video_id', {
    message: english('api.invalid_field', { field: 'video_id' }),
    codes: [{ field: 'video_id', code: 'invalid' }],
  });

export function registerVideoFileRoutes(app: FastifyInstance, videoFiles: VideoFilesService): void {
  contractRoutes(app).get(
    '/api/videofile.php',
    {
      schemaErrorFormatter: invalidVideoId,
      schema: {
        tags: ['media'],
        summary:
          "The player's file list: MP4 renditions (highest first), HLS master (over 1800 s), poster, preview, timeline VTT.",
        description: `Public videos: \`Cache-Control: public, max-age=${VIDEOFILE_LIFETIME}\`. A private video's list goes to its uploader and staff only (\`private, no-store\`); to anyone else it is a 404, as a video that is not active.`,
        querystring: videoFileQuerySchema,
        response: { 200: videoFileResponseSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { video_id } = request.query;
      const files = await videoFiles.playerFiles(video_id);
      if (files) return reply.header('cache-control', `public, max-age=${VIDEOFILE_LIFETIME}`).send(files);
      // A private video's list goes to its uploader and staff only, never into a shared cache.
      const user = request.user ?? null;
      const own = user ? await videoFiles.playerFiles(video_id, user) : null;
      if (!own) throw notFound();
      return reply.header('cache-control', 'private, no-store').send(own);
    },
  );
}
