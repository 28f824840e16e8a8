// The community's read calls (issue 14; content.md §7, §9): the members listing
// /api/json/members/{lifetime}/{sort}/{count}/{page}.{country}.{gender}.{age}.{relationship}.{avatar}.{orientation}.json
// (7200: the public answer, cached by URL with the catalogue's answers; 0: no-store) and the owner's
// subscriptions feed /api/json/subscription_videos/0/{count}/{user_id}.{page}.json (never stored).
// Registered by catalog.routes.ts beside the member routes.
import {
  membersParams,
  membersResponseSchema,
  subscriptionVideosParams,
  subscriptionVideosResponseSchema,
} from '../../contract/community-list.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import type { CommunityListService } from '../modules/members/community.service.ts';
import type { CachedAnswers } from './catalog-answers.ts';
import { type ContractApp, errors } from './contract.ts';

export const MEMBERS_ROUTE = '/api/json/members/:lifetime/:sort/:count/:file';
export const SUBSCRIPTION_VIDEOS_ROUTE = '/api/json/subscription_videos/:lifetime/:count/:file';

export function registerCommunityListRoutes(deps: {
  api: ContractApp;
  services: { communityList: CommunityListService };
  answers: CachedAnswers;
}) {
  const { api, answers } = deps;
  const { communityList: community } = deps.services;

  api.get(
    MEMBERS_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary: 'The community: active members by a member sort, filtered (`all`: any), 96 a page.',
        description:
          'Sorts: recent (newest accounts), alphabet, most-commented, count-subs (most subscribers), most-subscribed (follows the most), count-videos, latest-updates (newest listed upload), most-popular-videos (views of the listed uploads). Filters: country (ISO alpha-2, lower case), gender 1-4, age 1 (18-25), 2 (26-35), 3 (36-45), 4 (46+), relationship 1-3, avatar 1 (with an avatar), orientation 1-5. Pages 1 to 20; page 1 of an empty list is an empty list, a later page past the last is 404 `not_found`. Lifetime 7200: cached by URL; 0: no-store.',
        params: membersParams,
        response: {
          200: membersResponseSchema,
          ...errors(400),
          404: errorBodySchema.describe('`not_found`: a page past the last, or a path without `.json`.'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, sort, count, file } = request.params;
      const { page, ...tail } = file;
      const filters = Object.fromEntries(Object.entries(tail).filter(([, v]) => v !== undefined));
      return answers.answer(request, reply, lifetime, () => community.members(sort, filters, page, count));
    },
  );

  api.get(
    SUBSCRIPTION_VIDEOS_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary:
          'The subscriptions feed: the newest videos of the models, channels and members a member follows.',
        description:
          "The member's own: a guest is 401 `login_required`, anyone else (staff too) 403 `forbidden`. Lifetime 0 only (no-store). Page 1 of an empty feed is empty; a later page past the last is 404 `not_found`.",
        params: subscriptionVideosParams,
        response: {
          200: subscriptionVideosResponseSchema,
          ...errors(400, 401, 403),
          404: errorBodySchema.describe('`not_found`: a page past the last.'),
        },
      },
    },
    async (request, reply) => {
      const { count, file } = request.params;
      const viewer = request.user ?? null;
      return answers.answer(request, reply, 0, async () => {
        const { videos, total_count } = await community.feed(viewer, file.user_id, file.page, count);
        return { videos, total_count };
      });
    },
  );
}
