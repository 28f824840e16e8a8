import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../contract/accounts.ts';
import { DATABASE_RETRY_AFTER_S, type DatabaseAvailability } from '../db/availability.ts';
import { english } from '../lib/english.ts';
import type { Visitor, VisitorResolver } from '../modules/geo/visitor.ts';
import { NO_GATE_VISITOR, requestLikeOf } from '../modules/geo/visitor.ts';
import type { AppServices } from '../services.ts';
import { compressStream, MIN_COMPRESS_BYTES, pickEncoding, varyOnEncoding } from './compression.ts';
import { boundedPageRequest, normalisedPath, targetHasControlCharacters } from './input.ts';
import { securityHeaders } from './security-headers.ts';

export const BUILD_DIR = path.resolve(import.meta.dirname, '../../build');

/**
 * The signed-in user (or null), resolved once by the accounts hook, goes to the loaders' context, and so
 * does what the page may know of the visitor's country (modules/geo/visitor.ts).
 */
export type SsrHandler = (
  request: Request,
  user?: CurrentUser | null,
  visitor?: Visitor,
) => Promise<Response>;

/** Loads the React Router server build made by `npm run build`; fails with a clear message if missing. */
export async function loadSsrHandler(services: AppServices, buildDir = BUILD_DIR): Promise<SsrHandler> {
  const entry = path.join(buildDir, 'server/index.js');
  if (!existsSync(entry)) {
    throw new Error(`The web build is missing (${entry}). Run \`npm run build\` first.`);
  }
  const mod = (await import(pathToFileURL(entry).href)) as {
    createSsrHandler: (services: AppServices) => SsrHandler;
  };
  return mod.createSsrHandler(services);
}

/**
 * Static client assets, then every other GET/POST path goes to React Router. Its scope drops Fastify's
 * body parsers: React Router reads the raw body itself (form actions).
 */
/** A page in br or gzip when the client takes it (issue 29); small or already encoded answers as they are. */
function compressed(response: Response, accept: string | string[] | undefined): Response {
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length') ?? Number.POSITIVE_INFINITY);
  if (
    !response.body ||
    response.headers.has('content-encoding') ||
    !/^(text\/|application\/(json|xml))/.test(type)
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('vary', varyOnEncoding(headers.get('vary')));
  const encoding = length >= MIN_COMPRESS_BYTES ? pickEncoding(accept) : null;
  if (!encoding) return new Response(response.body, { status: response.status, headers });
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  return new Response(compressStream(response.body, encoding), { status: response.status, headers });
}

function sendUnavailablePage(res: ServerResponse) {
  if (res.headersSent) return res.end();
  res.writeHead(503, {
    'content-type': 'text/plain; charset=utf-8',
    'retry-after': String(DATABASE_RETRY_AFTER_S),
    'cache-control': 'no-store',
  });
  res.end(english('api.database_unavailable'));
}

export interface WebOptions {
  buildDir?: string;
  visitorOf?: VisitorResolver;
  /** PostgreSQL's availability: a page that failed while it was away is a 503. */
  availability?: DatabaseAvailability;
  /** COMPRESSION: pages are compressed as they stream, for clients that take it. */
  compress?: boolean;
}

export async function registerWeb(app: FastifyInstance, handler: SsrHandler, options: WebOptions = {}) {
  const { buildDir = BUILD_DIR, visitorOf, availability } = options;
  const clientDir = path.join(buildDir, 'client');
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      handler: async (request, reply) => {
        // A path under /api/ that no route serves is the API's 404, in its shape, not the HTML page.
        if (normalisedPath(request.url).startsWith('/api/')) {
          return reply.status(404).send({ error: english('api.not_found'), code: 'not_found', codes: [] });
        }
        // A control character in the page's path or query is a 400, as in the read calls' (input.ts).
        if (targetHasControlCharacters(request.url)) {
          return reply.status(400).type('text/plain; charset=utf-8').send(english('api.invalid_characters'));
        }
        reply.hijack();
        // onSend hooks do not run for a hijacked reply: the page gets its headers here.
        for (const [name, value] of Object.entries(securityHeaders(normalisedPath(request.url)))) {
          reply.raw.setHeader(name, value);
        }
        reply.raw.setHeader('x-request-id', request.id);
        // A page POST (a form action) is a form of bounded size, or answered here (413/415).
        const webRequest = await boundedPageRequest(createRequest(request.raw, reply.raw), reply.raw);
        if (!webRequest) return;
        try {
          const gate = visitorOf?.(requestLikeOf(request.raw));
          const visitor = { ...(gate ?? NO_GATE_VISITOR), address: request.ip };
          const response = await handler(webRequest, request.user, visitor);
          // A loader failed because the database went away meanwhile: 503 with Retry-After, not a 500.
          if (response.status >= 500 && availability?.away()) {
            await response.body?.cancel().catch(() => {});
            return sendUnavailablePage(reply.raw);
          }
          await sendResponse(
            reply.raw,
            options.compress ? compressed(response, request.headers['accept-encoding']) : response,
          );
        } catch (error) {
          if (availability?.note(error)) return sendUnavailablePage(reply.raw);
          request.log.error({ err: error }, 'render failed');
          if (!reply.raw.headersSent) {
            reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          }
          reply.raw.end(english('api.internal_error'));
        }
      },
    });
  });
}
