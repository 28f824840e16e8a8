// The catalogue's object read calls (content.md §7): the home block, categories, models, channels,
// playlists and tags, each validated against contract/ and answered from the response cache
// (catalog-answers.ts). Registered by catalog.routes.ts.
import type { FastifySchema } from 'fastify';
import {
  bucketOf,
  categoriesParams,
  channelsParams,
  countsQuery,
  mainParams,
  modelsParams,
  objectDirParams,
  playlistParams,
  playlistsParams,
  tagsParams,
} from '../../contract/catalog-api.ts';
import {
  categoriesResponseSchema,
  channelResponseSchema,
  channelsResponseSchema,
  mainResponseSchema,
  modelResponseSchema,
  modelsResponseSchema,
  playlistResponseSchema,
  playlistsResponseSchema,
  tagMvpResponseSchema,
  tagsResponseSchema,
} from '../../contract/catalog-responses.ts';
import { notFound } from '../errors.ts';
import { type CatalogRouteDeps, readCall } from './catalog-answers.ts';
import { errors } from './contract.ts';

/** The home block, categories, models, channels, playlists and tags. */
export function registerObjectRoutes({ api, services, answers }: CatalogRouteDeps) {
  const { answer } = answers;
  const { listings } = services;
  const read = <S extends FastifySchema>(schema: S, tags: string[], summary: string) =>
    readCall(answers, schema, tags, summary);

  api.get(
    '/api/json/main/:lifetime/:file',
    read(
      { params: mainParams, response: { 200: mainResponseSchema, ...errors(400, 404) } },
      ['catalogue'],
      'Top models, channels, categories and search keywords.',
    ),
    async (request, reply) => {
      const { lifetime, file } = request.params;
      const load = () => listings.main(file.gender, services.catalog.listCategories);
      return answer(request, reply, lifetime, load);
    },
  );

  api.get(
    '/api/json/categories/:lifetime/:gender/:file',
    read(
      { params: categoriesParams, response: { 200: categoriesResponseSchema, ...errors(400, 404) } },
      ['catalogue'],
      'All categories of an orientation, by a category sort.',
    ),
    async (request, reply) => {
      const { lifetime, gender, file } = request.params;
      return answer(request, reply, lifetime, () => listings.categories(gender, file.sort));
    },
  );

  api.get(
    '/api/json/models/:lifetime/:gender/:sort/:count/:file',
    read(
      { params: modelsParams, response: { 200: modelsResponseSchema, ...errors(400, 404) } },
      ['catalogue'],
      'Models, filtered by letter, hair, race, weight, height, age, country, cup size (`size_tits`: A, B, C, D, DD, E, F), tattoo and piercing (`1` yes, `0` no); `all`: any. The last three may be left off (the eight-part tail of older clients).',
    ),
    async (request, reply) => {
      const { lifetime, gender, sort, count, file } = request.params;
      const { page, ...filters } = file;
      const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
      return answer(request, reply, lifetime, () => listings.models(gender, sort, count, page, defined));
    },
  );

  api.get(
    '/api/json/model/:lifetime/:file',
    read(
      {
        params: objectDirParams,
        querystring: countsQuery,
        response: { 200: modelResponseSchema, ...errors(400, 404) },
      },
      ['catalogue'],
      'One model by dir; its video counts are of the orientation `gender`.',
    ),
    async (request, reply) => {
      const { lifetime, file } = request.params;
      const load = () => listings.model(file.object_id, request.query.gender);
      return answer(request, reply, lifetime, load);
    },
  );

  api.get(
    '/api/json/channels/:lifetime/:gender/:sort/:count/:file',
    read(
      { params: channelsParams, response: { 200: channelsResponseSchema, ...errors(400, 404) } },
      ['catalogue'],
      'Channels (pornsites).',
    ),
    async (request, reply) => {
      const { lifetime, gender, sort, count, file } = request.params;
      return answer(request, reply, lifetime, () => listings.channels(gender, sort, count, file.page));
    },
  );

  api.get(
    '/api/json/channel/:lifetime/:file',
    read(
      {
        params: objectDirParams,
        querystring: countsQuery,
        response: { 200: channelResponseSchema, ...errors(400, 404) },
      },
      ['catalogue'],
      'One channel by dir; its video counts are of the orientation `gender`.',
    ),
    async (request, reply) => {
      const { lifetime, file } = request.params;
      const load = () => listings.channel(file.object_id, request.query.gender);
      return answer(request, reply, lifetime, load);
    },
  );

  api.get(
    '/api/json/playlists/:lifetime/:gender/:sort/:count/:file',
    read(
      { params: playlistsParams, response: { 200: playlistsResponseSchema, ...errors(400, 404) } },
      ['catalogue'],
      'Public playlists.',
    ),
    async (request, reply) => {
      const { lifetime, gender, sort, count, file } = request.params;
      return answer(request, reply, lifetime, () => listings.playlists(gender, sort, count, file.page));
    },
  );

  api.get(
    '/api/json/playlist/:lifetime/:bucket/:file',
    read(
      {
        params: playlistParams,
        querystring: countsQuery,
        response: { 200: playlistResponseSchema, ...errors(400, 404) },
      },
      ['catalogue'],
      'One public playlist; its video count is of the orientation `gender`.',
    ),
    async (request, reply) => {
      const { lifetime, bucket, file } = request.params;
      if (bucket !== String(bucketOf(file.id))) throw notFound();
      const load = () => listings.playlist(file.id, null, request.query.gender);
      return answer(request, reply, lifetime, load);
    },
  );

  api.get(
    '/api/json/videos_mvp/:lifetime/:file',
    read(
      {
        params: objectDirParams,
        querystring: countsQuery,
        response: { 200: tagMvpResponseSchema, ...errors(400, 404) },
      },
      ['catalogue'],
      "A tag's SEO block (title, description, h1, related tag links), counted in the orientation `gender`.",
    ),
    async (request, reply) => {
      const { lifetime, file } = request.params;
      const load = () => listings.tagMvp(file.object_id, request.query.gender);
      return answer(request, reply, lifetime, load);
    },
  );

  api.get(
    '/api/json/tags_mvp/:lifetime/:file',
    read(
      {
        params: tagsParams,
        querystring: countsQuery,
        response: { 200: tagsResponseSchema, ...errors(400, 404) },
      },
      ['catalogue'],
      'Tags with listed videos in the orientation `gender`, by first letter (`all`: every tag).',
    ),
    async (request, reply) => {
      const { lifetime, file } = request.params;
      const letter = file.letter === 'all' ? undefined : file.letter;
      return answer(request, reply, lifetime, () => listings.tags(letter, request.query.gender));
    },
  );
}
