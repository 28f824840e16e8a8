// Routes are declared from contract/ (zod): params, query, body and responses. This module sets Fastify
// up for that once: zod validation through fastify-type-provider-zod, the form-encoded body parser,
// the OpenAPI document generated from the routes' schemas (@fastify/swagger; /api/openapi.json and
// the reader at /api/docs), and, where asked (tests, development), a check of every answer against
// its route's declared responses, so that what is served and what is documented cannot drift apart.
// The document's operation ids and session requirements are derived here too (describeOperations), so
// that no route writes its own and an outside client generator gets stable, unique names.

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

/**
 * The session cookie (accounts.routes.ts SESSION_COOKIE; openapi.test.ts checks they agree) as the
 * document's security scheme. Not imported from there: that module imports this one.
 */
export const SESSION_SCHEME = 'sessionCookie';
const SESSION_COOKIE_NAME = 'sid';

/**
 * A route's `security` when it answers guests and members alike but some of its forms or sections
 * need a session (their 401 is for those only): the session is optional.
 */
export const SESSION_OPTIONAL: { [scheme: string]: string[] }[] = [{}, { [SESSION_SCHEME]: [] }];
/** A route's `security` when its 401 is not about a session (the login call, which makes one). */
export const NO_SESSION: { [scheme: string]: string[] }[] = [];

/** The page catch-all (ssr.ts): pages, not an API operation, so it stays out of the document. */
const PAGE_CATCH_ALL = '/*';

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
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE_NAME,
            description:
              'The session cookie (HttpOnly) set by POST /api/login.php, the confirmation link and Google sign-in; sent by the browser with every call.',
          },
        },
      },
    },
    transform: (document) =>
      document.url === PAGE_CATCH_ALL
        ? { schema: { hide: true }, url: document.url }
        : jsonSchemaTransform(document),
    // Schemas with a `.meta({ id })` become components/schemas, referenced by $ref; then every operation
    // gets its id and, where it needs a member, the session cookie.
    transformObject: (document) => describeOperations(jsonSchemaTransformObject(document)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  contractRoutes(app).get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(app.swagger()),
  );

  if (options.checkResponses) app.addHook('onSend', checkAnswer);
}

const PATH_ITEM_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const wordsOf = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);

/**
 * The operationId of a method on a documented path, derived from both so that it stays the same while
 * the route does: `GET /api/json/video/{lifetime}/{bucket}/{file}` → `getApiJsonVideoByLifetimeByBucketByFile`,
 * `POST /api/login.php` → `postApiLoginPhp`, `GET /media/{*}` → `getMediaAny`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (param === undefined) return wordsOf(segment);
      return param === '*' ? ['any'] : ['by', ...wordsOf(param)];
    });
  return method.toLowerCase() + words.map(capitalised).join('');
}

type Operation = { operationId?: string; security?: unknown; responses?: Record<string, unknown> };
type Document = ReturnType<typeof jsonSchemaTransformObject>;

/** The `security` of an operation whose route declares 401: guests are refused. */
const SESSION_REQUIRED = [{ [SESSION_SCHEME]: [] }];

/**
 * Every operation gets its operationId (operationIdOf), each method its own (a GET+HEAD route shares
 * one operation object until here). A route declaring 401 needs a signed-in member: its operation
 * requires the session cookie, unless the route declared its `security` itself (SESSION_OPTIONAL,
 * NO_SESSION). Two operations deriving the same id stop the document, rather than confuse clients.
 */
function describeOperations(document: Document): Document {
  const owners = new Map<string, string>();
  const describe = (method: string, path: string, operation: Operation): Operation => {
    const operationId = operationIdOf(method, path);
    const owner = `${method.toUpperCase()} ${path}`;
    const taken = owners.get(operationId);
    if (taken) throw new Error(`${taken} and ${owner} both derive the operationId ${operationId}`);
    owners.set(operationId, owner);
    const needsMember = operation.security === undefined && operation.responses?.['401'] !== undefined;
    return { ...operation, operationId, ...(needsMember ? { security: SESSION_REQUIRED } : {}) };
  };
  const paths = Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>).map(
    ([path, item]) => {
      const entries = Object.entries(item).map(([key, value]) =>
        PATH_ITEM_METHODS.has(key) && value && typeof value === 'object'
          ? [key, describe(key, path, value as Operation)]
          : [key, value],
      );
      return [path, Object.fromEntries(entries)];
    },
  );
  return { ...document, paths: Object.fromEntries(paths) } as Document;
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
