// A member's read calls (issue 14; content.md §7, §9): the profile (/api/json/member/…) and the
// subscriptions (/api/json/subscriptions/…). Registered by catalog.routes.ts with the catalogue's cached
// answers: lifetime 7200 is the public answer, the same for everyone and cached by URL; 0 is the
// asker's own view (the owner's private counts, whether the asker follows the member), no-store.
import {
  subscriptionsResponseSchema,
  TAG_CHOICES_PATH,
  tagChoicesQuery,
  tagChoicesResponseSchema,
} from '../../contract/acts.ts';
import { playlistsResponseSchema } from '../../contract/catalog-responses.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import {
  memberParams,
  memberPlaylistsParams,
  memberResponseSchema,
  subscriptionsParams,
} from '../../contract/members.ts';
import type { ActsService } from '../modules/acts/acts.service.ts';
import type { MembersService } from '../modules/members/members.service.ts';
import type { CachedAnswers } from './catalog-answers.ts';
import { type ContractApp, errors } from './contract.ts';

export const MEMBER_ROUTE = '/api/json/member/:lifetime/:file';
export const SUBSCRIPTIONS_ROUTE = '/api/json/subscriptions/:lifetime/:count/:file';
export const MEMBER_PLAYLISTS_ROUTE = '/api/json/member_playlists/:lifetime/:count/:file';
/** The Suggest Tag modal's choices change for each visitor only a little: one random draw a minute. */
export const TAG_CHOICES_LIFETIME = 60;

export function registerMemberRoutes(deps: {
  api: ContractApp;
  services: { members: MembersService; acts: ActsService };
  answers: CachedAnswers;
}) {
  const { api, answers } = deps;
  const { members, acts } = deps.services;

  api.get(
    MEMBER_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary: "A member's public profile: fields, counts and subscribers.",
        description:
          "Lifetime 7200: the public answer (`viewer` null), cached. Lifetime 0: the asker's own view, `no-store`: to the member themself the counts include their private uploads and playlists and the answer carries their birth date; `viewer` says whether the asker is the member and follows them.",
        params: memberParams,
        response: {
          200: memberResponseSchema,
          ...errors(400),
          404: errorBodySchema.describe('`member_not_found`: no such member (or not an active account).'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, file } = request.params;
      const viewer = lifetime === 0 ? (request.user ?? null) : null;
      return answers.answer(request, reply, lifetime, () => members.profile(viewer, file.user_id));
    },
  );

  api.get(
    SUBSCRIPTIONS_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary: 'What a member follows: models, channels and members, newest first, with subscriber counts.',
        description:
          'Public (the subscriptions section of a member page). Lifetime 7200: cached; 0: never stored (the member right after following someone). Page 1 of an empty list is an empty list; a page above the last is 404 `not_found`.',
        params: subscriptionsParams,
        response: {
          200: subscriptionsResponseSchema,
          ...errors(400),
          404: errorBodySchema.describe('`member_not_found`, or `not_found` for a page above the last.'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, count, file } = request.params;
      return answers.answer(request, reply, lifetime, async () => {
        const { subscriptions, total_count } = await members.subscriptions(file.user_id, file.page, count);
        return { subscriptions, total_count };
      });
    },
  );

  api.get(
    MEMBER_PLAYLISTS_ROUTE,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['members'],
        summary: "A member's playlists, newest first.",
        description:
          "Lifetime 7200: the public playlists, cached. Lifetime 0: the asker's own view, `no-store`: a member asking for their own playlists also gets the private ones (the Add-to modal's picker of 20).",
        params: memberPlaylistsParams,
        response: {
          200: playlistsResponseSchema,
          ...errors(400),
          404: errorBodySchema.describe('`member_not_found`, or `not_found` for a page above the last.'),
        },
      },
    },
    async (request, reply) => {
      const { lifetime, count, file } = request.params;
      const viewer = lifetime === 0 ? (request.user ?? null) : null;
      return answers.answer(request, reply, lifetime, async () => {
        const { playlists, total_count } = await members.playlists(viewer, file.user_id, file.page, count);
        return {
          playlists: playlists.map((p) => ({
            playlist_id: p.playlist_id,
            title: p.title,
            description: p.description,
            private: p.private,
            total_videos: p.total_videos,
            viewed: p.viewed,
            rating: p.rating,
            scr: p.scr,
            user: p.user,
          })),
          total_count,
        };
      });
    },
  );

  api.get(
    TAG_CHOICES_PATH,
    {
      ...answers.cachedRoute,
      schema: {
        tags: ['acts'],
        summary: 'The Suggest Tag modal: up to 20 tags containing `q`, or 20 random ones without it.',
        description: `Cached ${TAG_CHOICES_LIFETIME} s by URL. An empty list is the modal's 'No tags found'.`,
        querystring: tagChoicesQuery,
        response: { 200: tagChoicesResponseSchema, ...errors(400) },
      },
    },
    async (request, reply) =>
      answers.answer(request, reply, TAG_CHOICES_LIFETIME, () => acts.tags.choices(request.query.q)),
  );
}
