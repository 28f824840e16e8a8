// Routes are declared from contract/ (zod): params, query, body and responses. This module sets Fastify
// up for that once: zod validation through fastify-type-provider-zod, the form-encoded body parser,
// the OpenAPI document generated from the routes' schemas (@fastify/swagger; /api/openapi.json and
// the reader at /api/docs), and, where asked (tests, development), a check of every answer against
// its route's declared responses, so that what is served and what is documented cannot drift apart.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_STATUS_MEANING, type ErrorStatus, errorBodySchema } from '../../contract/errors.ts';
import { parseUrlencoded } from './input.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How a request that fails its schema is answered (error-handler.ts): `first` (default) names the
     * first problem, its zod message being the spec's code; `fields` lists every field as `invalid`
     * (the account forms, whose own rules give the specific codes).
     */
    inputErrors?: 'first' | 'fields';
  }
}

/** The zod-typed view of an app or scope: `contractRoutes(app).get(url, { schema }, handler)`. */
export const contractRoutes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type ContractApp = ReturnType<typeof contractRoutes>;

/** Statuses every route may answer whatever it does: a fault, and the start-up gate. */
const ALWAYS = [500, 503] as const;
/**
 * And every write under /api/: a foreign Origin (accounts.routes.ts), a body too large or of another
 * type, the per-address write budget (protection.ts).
 */
const WRITE = [403, 413, 415, 429] as const;

/** The error responses of a route: the given statuses plus those every route may answer. */
export function errors(...statuses: ErrorStatus[]): Record<number, typeof errorBodySchema> {
  const all = new Set<number>([...statuses, ...ALWAYS]);
  return Object.fromEntries([...all].map((status) => [status, errorBodySchema.describe(meaning(status))]));
}

/** The error responses of a write (POST) route. */
export function writeErrors(...statuses: ErrorStatus[]): Record<number, typeof errorBodySchema> {
  return errors(...statuses, ...WRITE);
}

const meaning = (status: number) =>
  (ERROR_STATUS_MEANING as Record<number, string>)[status] ?? 'Internal error: nothing about internals.';

export interface ContractOptions {
  siteName: string;
  publicUrl: string;
  /** Check each answer against its route's declared responses (tests and development). */
  checkResponses: boolean;
}

export interface RouteEntry {
  method: string;
  /** Fastify's form: `/api/json/video/:lifetime/:bucket/:file`. */
  url: string;
  schema: (FastifySchema & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route registered after registerContract, one entry per method (HEAD included). */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  return tables.get(app) ?? [];
}

/** Call before any route is registered: the document is built from the routes registered after it. */
export async function registerContract(app: FastifyInstance, options: ContractOptions): Promise<void> {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      table.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
  });
  app.setValidatorCompiler(validatorCompiler);
  // Serialising through the schema would turn a field the schema lacks into a 500 for members; the
  // check below catches that in tests instead, so production writes what the handler returns.
  app.setSerializerCompiler(options.checkResponses ? serializerCompiler : () => JSON.stringify);
  // A POST without a body is the empty form: the schemas then name each missing field.
  app.addHook('preValidation', async (request) => {
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
  });
  // Form-encoded calls (spec §7): control characters refused, the first of a repeated name kept.
  await app.register(fastifyFormbody, { parser: parseUrlencoded });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.siteName} API`,
        version: '1',
        description:
          'The calls of the site (spec content.md §7, shell.md §7). Every error is `{error, code, codes:[{field, code}]}`. Writes are form-encoded or multipart and must come from the site itself (Origin).',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
    // Schemas with a `.meta({ id })` become components/schemas, referenced by $ref.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  contractRoutes(app).get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(app.swagger()),
  );

  if (options.checkResponses) app.addHook('onSend', checkAnswer);
}

/** The text of an answer, decompressed when it was sent compressed (compression.ts). */
function decoded(reply: FastifyReply, payload: string | Buffer): string {
  const encoding = reply.getHeader('content-encoding');
  if (typeof payload === 'string' || !encoding) return String(payload);
  return String(encoding === 'br' ? brotliDecompressSync(payload) : gunzipSync(payload));
}

/** A 500 that says which contract the answer broke (only when checking). */
const MISMATCH = 'contract_mismatch';

/**
 * The answer's status must be one its route declares, and a JSON body must match that status's schema.
 * Routes without a response schema (pages, files) are not checked here; the route-table test requires
 * one on every /api/ route.
 */
async function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const responses = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
  if (!responses || request.method === 'HEAD' || reply.getHeader('x-contract') === MISMATCH) return payload;
  const status = reply.statusCode;
  const schema = responses[status] ?? responses[`${Math.floor(status / 100)}XX`];
  let problem: string | null = null;
  if (!schema) {
    problem = `status ${status} is not declared`;
  } else if (String(reply.getHeader('content-type') ?? '').includes('json')) {
    const text = typeof payload === 'string' || Buffer.isBuffer(payload) ? decoded(reply, payload) : null;
    if (text !== null) {
      const result = schema.safeParse(text === '' ? undefined : JSON.parse(text));
      if (!result.success) problem = JSON.stringify(result.error.issues.slice(0, 5));
    }
  }
  if (problem === null) return payload;
  request.log.error(
    { route: request.routeOptions.url, status, problem },
    'answer does not match its contract',
  );
  reply.code(500).header('x-contract', MISMATCH).type('application/json; charset=utf-8');
  return JSON.stringify({
    error: `${request.method} ${request.routeOptions.url} answered ${status}: ${problem}`,
    code: MISMATCH,
    codes: [],
  });
}
