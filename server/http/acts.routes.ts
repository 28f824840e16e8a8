// The members' acts (issue 13) as read calls: the comments of a video (content.md §7, §9). The acts
// themselves are form posts to /api/input.php (watch.routes.ts). Registered by catalog.routes.ts, whose
// response cache and front door answer the guests' cached reads.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { commentsParams, commentsResponseSchema } from '../../contract/acts.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { DomainError } from '../errors.ts';
import type { AppServices } from '../services.ts';
import type { CachedAnswers } from './catalog-answers.ts';
import { type ContractApp, errors } from './contract.ts';

export const COMMENTS_ROUTE = '/api/json/comments/:lifetime/:section/:count/:file';

export function registerCommentsRoute(deps: {
  api: ContractApp;
  services: Pick<AppServices, 'acts'>;
  answers: CachedAnswers;
}) {
  const { api, answers } = deps;
  const { comments } = deps.services.acts;

  api.get(
    COMMENTS_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['acts'],
        summary: "A video's comments, newest first, with their count.",
        description:
          'Lifetime 3600 for guests: the public answer, cached (a new comment shows within the hour). Lifetime 0 for signed-in members: `no-store`, never from a cache, so a comment shows at once; the uploader and staff also read the comments of a private video.',
        params: commentsParams,
        response: {
          200: commentsResponseSchema,
          ...errors(400, 404),
          404: errorBodySchema.describe('`video_not_found`: no such video, or not visible to the asker.'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, count, file } = request.params;
      const page = (viewer: FastifyRequest['user'] | null) => () =>
        comments.list(viewer ?? null, file.object_id, file.page, count);
      if (lifetime === 0) return answers.answer(request, reply, 0, page(request.user));
      return publicOrOwn(request, reply, lifetime, page);
    },
  );

  /**
   * The public (guest) answer, cached; when the video is not public, the asker's own view of it past
   * every cache (its uploader and staff see a private video's comments).
   */
  async function publicOrOwn(
    request: FastifyRequest,
    reply: FastifyReply,
    lifetime: number,
    page: (viewer: FastifyRequest['user'] | null) => () => Promise<unknown>,
  ) {
    try {
      return await answers.answer(request, reply, lifetime, page(null));
    } catch (error) {
      if (request.user && error instanceof DomainError && error.status === 404)
        return answers.answer(request, reply, 0, page(request.user));
      throw error;
    }
  }
}
