// GET /api/videofile.php?video_id=N: the player's file list (contract/videofile.ts).
import type { FastifyInstance } from 'fastify';
import {
  VIDEOFILE_LIFETIME,
  videoFileQuerySchema,
  videoFileResponseSchema,
} from '../../contract/videofile.ts';
import { DomainError, notFound } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { MediaSigner } from '../lib/media-signing.ts';
import { requestLikeOf } from '../modules/geo/visitor.ts';
import type { UkMediaGate } from '../modules/media/uk-media-gate.ts';
import type { VideoFilesService } from '../modules/media/video-files.service.ts';
import { contractRoutes, errors } from './contract.ts';

// The player's call has always named its one parameter this way, whatever was wrong with it.
const invalidVideoId = () =>
  new DomainError('invalid_video_id', {
    message: english('api.invalid_field', { field: 'video_id' }),
    codes: [{ field: 'video_id', code: 'invalid' }],
  });

/** 403: the UK gate covers the visitor (shell.md §4; issue 34). */
export const ageVerificationRequired = () =>
  new DomainError('age_verification_required', {
    status: 403,
    message: english('api.age_verification_required'),
  });

export function registerVideoFileRoutes(
  app: FastifyInstance,
  videoFiles: VideoFilesService,
  ukMedia?: UkMediaGate,
  signing?: Pick<MediaSigner, 'enabled' | 'shareableSeconds'>,
): void {
  // Signed URLs (issue 32) are good for the signing lifetime; a shared cache keeps the list one bucket.
  const lifetime = signing?.enabled ? signing.shareableSeconds : VIDEOFILE_LIFETIME;
  contractRoutes(app).get(
    '/api/videofile.php',
    {
      schemaErrorFormatter: invalidVideoId,
      schema: {
        tags: ['media'],
        summary:
          "The player's file list: MP4 renditions (highest first), HLS master (over 1800 s), poster, preview, timeline VTT.",
        description: `Public videos: \`Cache-Control: public, max-age=${VIDEOFILE_LIFETIME}\`, or one bucket of the signing lifetime (3600 by default) while media signing is on (issue 32: the video URLs are then \`/media/s/{expires}/{token}/{key}\`, good for at least MEDIA_SIGNING_LIFETIME). A private video's list goes to its uploader and staff only (\`private, no-store\`); to anyone else it is a 404, as a video that is not active. A visitor the UK gate covers (gb, a guest or not age_verified) gets 403 \`age_verification_required\`, unless the page gave its player a pass (\`pass\`): then the list's video URLs carry it (\`private, no-store\`).`,
        querystring: videoFileQuerySchema,
        response: { 200: videoFileResponseSchema, ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { video_id, pass } = request.query;
      const user = request.user ?? null;
      // The UK gate (issue 34): only a live pass of this video lets a covered visitor have the list.
      const covered = ukMedia?.covers(ukMedia.visitorOf(requestLikeOf(request.raw)), user) === true;
      const mediaPass = covered && pass && (await ukMedia?.passAllows(pass, video_id)) ? pass : undefined;
      const options = mediaPass ? { mediaPass } : {};
      let files = await videoFiles.playerFiles(video_id, null, options);
      // A private video's list goes to its uploader and staff only, never into a shared cache.
      const restricted = !files;
      if (!files) files = user ? await videoFiles.playerFiles(video_id, user, options) : null;
      if (!files) throw notFound();
      if (covered && !mediaPass) {
        reply.header('cache-control', 'private, no-store');
        throw ageVerificationRequired();
      }
      const shared = !restricted && !covered;
      return reply
        .header('cache-control', shared ? `public, max-age=${lifetime}` : 'private, no-store')
        .send(files);
    },
  );
}
