// Friends and the wall as read calls (issue 14): /api/json/friends/… and /api/json/wall/…. The acts
// themselves are form posts to /api/input.php (watch.routes.ts). Registered by catalog.routes.ts with
// the catalogue's cached answers: the public lifetime (friends 7200, wall 3600) is the same answer for
// everyone, cached by URL; 0 is the asker's own view (the owner's requests, what the asker may do),
// no-store.
import {
  friendsParams,
  friendsResponseSchema,
  wallParams,
  wallResponseSchema,
} from '../../contract/community.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import type { SocialService } from '../modules/community/community.wiring.ts';
import type { CachedAnswers } from './catalog-answers.ts';
import { type ContractApp, errors } from './contract.ts';

export const FRIENDS_ROUTE = '/api/json/friends/:lifetime/:count/:file';
export const WALL_ROUTE = '/api/json/wall/:lifetime/:count/:file';

export function registerCommunityRoutes(deps: {
  api: ContractApp;
  services: { social: SocialService };
  answers: CachedAnswers;
}) {
  const { api, answers } = deps;
  const { friends, wall } = deps.services.social;

  api.get(
    FRIENDS_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary: "A member's friends, the newest friendship first.",
        description:
          "Lifetime 7200: the public list (`requests` and `state` null), cached. Lifetime 0: the asker's own view, `no-store`: to the member themself also their pending requests, incoming and outgoing (up to 100 each, newest first); to another member `state`, their relation to the member (none, requested, incoming, friends). Page 1 of an empty list is an empty list; a page above the last is 404 `not_found`.",
        params: friendsParams,
        response: {
          200: friendsResponseSchema,
          ...errors(400),
          404: errorBodySchema.describe('`member_not_found`, or `not_found` for a page above the last.'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, count, file } = request.params;
      const viewer = lifetime === 0 ? (request.user ?? null) : null;
      return answers.answer(request, reply, lifetime, async () => {
        const {
          friends: list,
          total_count,
          requests,
          state,
        } = await friends.page(viewer, file.user_id, file.page, count);
        return { friends: list, total_count, requests, state };
      });
    },
  );

  api.get(
    WALL_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary: "The posts on a member's wall, newest first.",
        description:
          "Lifetime 3600: the public answer (`viewer` null), cached. Lifetime 0: the asker's own view, `no-store`, with `viewer`: whether the asker may post (the member and their friends; `refusal` says why not: `login_required`, `friends_only`) and delete every post (the member and staff; authors delete their own). Page 1 of an empty wall is empty; a page above the last is 404 `not_found`.",
        params: wallParams,
        response: {
          200: wallResponseSchema,
          ...errors(400),
          404: errorBodySchema.describe('`member_not_found`, or `not_found` for a page above the last.'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, count, file } = request.params;
      const personal = lifetime === 0;
      return answers.answer(request, reply, lifetime, async () => {
        const { posts, total_count, viewer } = await wall.page(
          personal ? (request.user ?? null) : null,
          file.user_id,
          file.page,
          count,
          personal,
        );
        return { posts, total_count, viewer };
      });
    },
  );
}
