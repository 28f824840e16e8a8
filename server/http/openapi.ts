// The public contract as OpenAPI 3.1 (DESIGN.md: "served at /api/docs, so that other clients can use
// it"): GET /api/openapi.json is the document, GET /api/docs a readable page of it. The operations are
// listed by hand next to their spec wording; a test checks that every /api/ route the app registers is
// described here, so a new call cannot ship undocumented.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { videoFileResponseSchema } from '../../contract/videofile.ts';
import { MODERATION_OPERATIONS } from './moderation.routes.ts';
import { REPORT_ADMIN_OPERATIONS } from './report.routes.ts';
import { UPLOAD_OPERATIONS } from './upload.routes.ts';

type Method = 'get' | 'post' | 'patch' | 'head' | 'delete' | 'options';

export interface ApiOperation {
  method: Method;
  /** OpenAPI form: `/api/json/video/{lifetime}/{bucket}/{file}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  query?: Record<string, string>;
  /** Form fields of a POST (application/x-www-form-urlencoded unless `multipart`). */
  form?: Record<string, string>;
  multipart?: boolean;
  /** Schema of the 200 body, when there is one beyond "see the spec". */
  response?: z.ZodType;
  /** Other statuses worth knowing, with what they mean. */
  errors?: Record<string, string>;
}

/** What each path segment of the JSON read calls means (spec/content.md §7, §9). */
const SEGMENTS: Record<string, string> = {
  lifetime: 'Cache lifetime in seconds (one of the spec §9 values); sets Cache-Control max-age.',
  gender: 'str, gay or shemale.',
  sort: 'A sort of the listing (spec §3 enumerations).',
  count: 'Items per page.',
  bucket: 'A cache bucket (any integer; the id divided by 1000 by convention).',
  file: 'The dotted tail of the call, ending in .json (see the description).',
};

const ERROR = z.object({
  error: z.string(),
  code: z.string(),
  codes: z.array(z.object({ field: z.string(), code: z.string() })).optional(),
});

const LIST = 'Answers `videos`, `total_count`, `categories`, `models`, `mvp`; or 400 `{error, code}`.';

export const API_OPERATIONS: ApiOperation[] = [
  // Accounts (shell.md §7)
  {
    method: 'post',
    path: '/api/signup.php',
    tag: 'accounts',
    summary: 'Create an account; a confirmation link is mailed.',
    form: { username: 'At least 3 characters', email: 'E-mail address', password: 'At least 5 characters' },
    errors: {
      400: 'Field errors `{error, codes:[{field, code}]}` (`invalid_characters` for control characters)',
      429: '`too_many_requests`: sign-ups per address, or account mails per address or e-mail, per hour',
    },
  },
  {
    method: 'get',
    path: '/api/confirm.php',
    tag: 'accounts',
    summary: 'Confirm the e-mail address from the mailed link; signs in and redirects home.',
    query: { token: 'The signed token of the link' },
  },
  {
    method: 'post',
    path: '/api/login.php',
    tag: 'accounts',
    summary: 'Sign in by username or e-mail; sets the session cookie.',
    form: { usr: 'Username or e-mail', pwd: 'Password' },
    errors: {
      400: 'Control characters in a field (`invalid_characters`)',
      401: 'Wrong credentials (`invalid_usr_or_pwd`)',
      403: 'E-mail not confirmed',
      429: '`too_many_attempts`: failures per address or per account (a known device is exempt from the latter)',
    },
  },
  { method: 'post', path: '/api/logout.php', tag: 'accounts', summary: 'End the session.' },
  { method: 'get', path: '/api/me.php', tag: 'accounts', summary: 'The signed-in user, or null.' },
  {
    method: 'post',
    path: '/api/restore-password.php',
    tag: 'accounts',
    summary: 'Mail a single-use password reset link (valid 2 h).',
    form: { email: 'E-mail address' },
    errors: { 429: '`too_many_requests`: account mails per address or per e-mail, per hour' },
  },
  {
    method: 'post',
    path: '/api/reset-password.php',
    tag: 'accounts',
    summary: 'Set a new password with the reset token; signs in.',
    form: { token: 'From the link', password: 'New password' },
  },
  {
    method: 'get',
    path: '/api/login.g.php',
    tag: 'accounts',
    summary: 'Google sign-in (OpenID Connect with PKCE): redirect out, and the callback.',
  },
  // Catalogue (content.md §7)
  {
    method: 'get',
    path: '/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{file}',
    tag: 'catalogue',
    summary: 'Video listings by sort, section, duration and date window.',
    description: `file = {section}.{object_id}.{page}.{type}.{duration}.{date}.json. ${LIST}`,
  },
  {
    method: 'get',
    path: '/api/videos2.php',
    tag: 'catalogue',
    summary: 'Full-text search over titles, descriptions, tags, models and channels.',
    query: { params: 'The videos2 path after /api/json/videos2/', s: 'The search text (3 to 69 characters)' },
  },
  {
    method: 'get',
    path: '/api/json/video/{lifetime}/{bucket}/{file}',
    tag: 'catalogue',
    summary: 'One video with statistics, user, channel, models and categories.',
    description: 'file = {video_id}.json. Answers `{video}` or `{error, code}`.',
  },
  {
    method: 'get',
    path: '/api/json/main/{lifetime}/{file}',
    tag: 'catalogue',
    summary: 'Top models, channels, categories and keywords.',
    description: 'file = {gender}.{lang}.json.',
  },
  {
    method: 'get',
    path: '/api/json/categories/{lifetime}/{gender}/{file}',
    tag: 'catalogue',
    summary: 'All categories with their video counts.',
  },
  {
    method: 'get',
    path: '/api/json/models/{lifetime}/{gender}/{sort}/{count}/{file}',
    tag: 'catalogue',
    summary: 'Models, 48 a page, with filters.',
    description:
      'file = {page}.{letter}.{hair}.{race}.{weight}.{height}.{age}.{country}.json ("all" for no filter). Answers `models`, `total_count`.',
  },
  { method: 'get', path: '/api/json/model/{lifetime}/{file}', tag: 'catalogue', summary: 'One model.' },
  {
    method: 'get',
    path: '/api/json/channels/{lifetime}/{gender}/{sort}/{count}/{file}',
    tag: 'catalogue',
    summary: 'Channels listing.',
  },
  { method: 'get', path: '/api/json/channel/{lifetime}/{file}', tag: 'catalogue', summary: 'One channel.' },
  {
    method: 'get',
    path: '/api/json/playlists/{lifetime}/{gender}/{sort}/{count}/{file}',
    tag: 'catalogue',
    summary: 'Public playlists listing.',
  },
  {
    method: 'get',
    path: '/api/json/playlist/{lifetime}/{bucket}/{file}',
    tag: 'catalogue',
    summary: 'One playlist with its videos.',
  },
  {
    method: 'get',
    path: '/api/json/videos_mvp/{lifetime}/{file}',
    tag: 'catalogue',
    summary: 'A tag page: its videos and its `mvp` SEO block.',
  },
  {
    method: 'get',
    path: '/api/json/tags_mvp/{lifetime}/{file}',
    tag: 'catalogue',
    summary: 'Tags by letter (0, a–z, all).',
  },
  {
    method: 'get',
    path: '/api/suggester.php',
    tag: 'catalogue',
    summary: 'Search suggestions: keywords, categories, models, channels (prefix and typo-tolerant).',
    query: { c: 'The typed text (3+ characters)', gettags: 'Present: the top tags instead' },
  },
  {
    method: 'get',
    path: '/api/json/suggester/{lifetime}/{file}',
    tag: 'catalogue',
    summary: 'Top searches for the empty search box.',
    description: 'file = {count}.json.',
  },
  // Media
  {
    method: 'get',
    path: '/api/videofile.php',
    tag: 'media',
    summary:
      "The player's file list: MP4 renditions, HLS master (over 1800 s), poster, preview, timeline VTT.",
    query: { video_id: 'A positive integer' },
    response: videoFileResponseSchema,
    errors: { 400: '`invalid_video_id`', 404: 'Not an active public video' },
  },
  // Watching (content.md §7)
  {
    method: 'get',
    path: '/api/json/videos_related2/{lifetime}/{gender}/{count}/{file}',
    tag: 'watching',
    summary: 'Related videos: shared models, channel, tags and categories first, then popular ones.',
    description: 'file = {video_id}.{page}.json; 20 per call. Answers `videos`, `total_count`.',
    errors: { 400: 'A bad segment', 404: '`video_not_found`' },
  },
  {
    method: 'post',
    path: '/api/input.php',
    tag: 'watching',
    summary: 'The generic action call; act=view counts a view (sent 1 s after playback starts).',
    description:
      'Views are staged and counted in batches; a repeat from the same viewer on the same UTC day is not counted (`counted: false`).',
    form: {
      act: 'view',
      section: 'video',
      object_id: 'The video id',
      user_id: 'Optional',
      nogeo: 'Optional',
      home: '1 when the referrer is the home or a country page',
    },
    errors: { 400: '`unknown_act`, `invalid`', 403: '`bad_origin`', 404: '`video_not_found`' },
  },
  {
    method: 'get',
    path: '/oembed/',
    tag: 'watching',
    summary: 'oEmbed 1.0 for a video page URL: an iframe of the embed player.',
    query: {
      url: 'A /video/ or /embed/ URL of this site',
      format: 'json',
      maxwidth: 'Pixels',
      maxheight: 'Pixels',
    },
    errors: { 404: 'Not a video of this site', 501: 'format=xml' },
  },
  {
    method: 'get',
    path: '/api/download.php',
    tag: 'watching',
    summary: 'Download one MP4 rendition (members only), with Content-Disposition: attachment.',
    query: { video_id: 'The video id', format: 'A rendition such as 480p' },
    errors: { 401: '`login_required`', 404: '`video_not_found`, `format_not_found`, `file_not_found`' },
  },
  {
    method: 'post',
    path: '/api/report.php',
    tag: 'accounts',
    summary: 'The contact/report form: stored for the staff (5 sends per 10 minutes per address).',
    multipart: true,
    form: {
      subject:
        "'DMCA / Copyright Infringement', 'Technical Problems', 'Report Inappropriate Content' or 'Support Request'",
      email: 'Reply address (required)',
      message: 'At most 1500 characters (required)',
      file: 'Optional image (JPEG, PNG, WebP, GIF; 5 MB)',
      referrer: 'The page the form was sent from',
    },
    errors: {
      400: '`required`, `invalid_email`, `max_length`, `file_type` on their field',
      413: '`file_too_large`',
      429: '`too_many_reports`',
    },
  },
  // Uploads and moderation (content.md §5, issue 4)
  ...UPLOAD_OPERATIONS,
  ...MODERATION_OPERATIONS,
  ...REPORT_ADMIN_OPERATIONS,
  // Administration
  {
    method: 'get',
    path: '/api/admin/ads.php',
    tag: 'admin',
    summary: 'The ad zones and their settings (administrators).',
    errors: { 401: '`login_required`', 403: '`forbidden`' },
  },
  {
    method: 'post',
    path: '/api/admin/ads.php',
    tag: 'admin',
    summary: 'Change one ad zone (administrators): VAST tags, fallback, banners, promo.',
    description: 'JSON body `{key, enabled, config}`; the config is validated per zone.',
    errors: { 400: 'Field errors', 401: '`login_required`', 403: '`forbidden`, `bad_origin`' },
  },
];

const OPENAPI_PATH = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');

function operationObject(op: ApiOperation) {
  const pathParams = [...op.path.matchAll(/\{([A-Za-z_]+)\}/g)].map((m) => m[1] as string);
  const parameters = [
    ...pathParams.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: SEGMENTS[name] ?? name,
      schema: { type: 'string' },
    })),
    ...Object.entries(op.query ?? {}).map(([name, description]) => ({
      name,
      in: 'query',
      description,
      schema: { type: 'string' },
    })),
  ];
  const formSchema = op.form && {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(op.form).map(([name, description]) => [name, { type: 'string', description }]),
    ),
  };
  const responses: Record<string, object> = {
    200: {
      description: 'OK',
      ...(op.response ? { content: { 'application/json': { schema: z.toJSONSchema(op.response) } } } : {}),
    },
  };
  for (const [status, description] of Object.entries(op.errors ?? {})) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(formSchema
      ? {
          requestBody: {
            content: {
              [op.multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: {
                schema: formSchema,
              },
            },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(site: { name: string; publicUrl: string }) {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of API_OPERATIONS) {
    const entry = paths[op.path] ?? {};
    entry[op.method] = operationObject(op);
    paths[op.path] = entry;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${site.name} API`,
      version: '1',
      description:
        'The calls of the site (spec/content.md §7, spec/shell.md §7). Errors answer `{error, code, codes:[{field, code}]}`; POSTs from a browser must come from the site (Origin check).',
    },
    servers: [{ url: site.publicUrl }],
    paths,
    components: { schemas: { Error: z.toJSONSchema(ERROR) } },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function docsPage(siteName: string): string {
  const rows = API_OPERATIONS.map(
    (op) =>
      `<tr><td><code>${op.method.toUpperCase()}</code></td><td><code>${escapeHtml(op.path)}</code></td><td>${escapeHtml(op.tag)}</td><td>${escapeHtml(op.summary)}${op.description ? `<br><small>${escapeHtml(op.description)}</small>` : ''}</td></tr>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(siteName)} API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;background:#0e0e11;color:#e8e8ee;margin:2rem}a{color:#ff7a5c}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #2e2e39;padding:.4rem .6rem;text-align:left;vertical-align:top}code{color:#ffd2c6}small{color:#a0a0ad}</style></head>
<body><h1>${escapeHtml(siteName)} API</h1><p>The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Area</th><th>What it does</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

const registered = new WeakMap<FastifyInstance, Array<{ method: string; path: string }>>();

/** Routes registered on `app` after registerOpenApi, in OpenAPI path form. */
export function registeredRoutes(app: FastifyInstance): Array<{ method: string; path: string }> {
  return registered.get(app) ?? [];
}

/**
 * Serves the document and its page, and records every route registered after it (call it before the
 * other routes) so that tests can compare what is served with what is described.
 */
export function registerOpenApi(app: FastifyInstance, site: { name: string; publicUrl: string }): void {
  const routes: Array<{ method: string; path: string }> = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method: method.toLowerCase(), path: OPENAPI_PATH(route.url) });
  });
  const document = openApiDocument(site);
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(document),
  );
  const page = docsPage(site.name);
  app.get('/api/docs', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/html; charset=utf-8').send(page),
  );
}
