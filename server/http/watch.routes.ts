// Watching (issue 6, contract/watch.ts): the action call (POST /api/input.php: act=view, and the member
// acts of issue 13, contract/acts.ts), oEmbed and the member download. The related and comments read
// calls are catalogue read calls and live with them in catalog.routes.ts.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MEMBER_ACTS } from '../../contract/acts.ts';
import { COMMUNITY_ACTS } from '../../contract/community.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { storedFileResponses } from '../../contract/media.ts';
import {
  DOWNLOAD_FORMAT_PATTERN,
  downloadQuery,
  INPUT_PATH,
  inputActSchema,
  inputResponseSchema,
  OEMBED_PATH,
  oembedQuery,
  oembedResponseSchema,
  type ViewActInput,
  type ViewResponse,
} from '../../contract/watch.ts';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import type { MediaSigner } from '../lib/media-signing.ts';
import { loginRequired } from '../modules/acts/act-errors.ts';
import type { ActsService } from '../modules/acts/acts.service.ts';
import type { SocialService } from '../modules/community/community.wiring.ts';
import { requestLikeOf } from '../modules/geo/visitor.ts';
import type { UkMediaGate } from '../modules/media/uk-media-gate.ts';
import type { WatchService } from '../modules/watch/watch.service.ts';
import type { Storage } from '../storage/storage.ts';
import { contractRoutes, errors, SESSION_OPTIONAL, writeErrors } from './contract.ts';
import { sendStoredObject } from './media.routes.ts';
import { ageVerificationRequired } from './videofile.routes.ts';

const FORM = 'application/x-www-form-urlencoded';

/** A route hook setting Cache-Control first, so that every answer has it, input errors included. */
const cacheControl = (value: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', value);
};

/** A body naming a member act (contract/acts.ts MEMBER_ACTS), looked at before it is validated. */
function namesMemberAct(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('act' in body)) return false;
  const { act } = body;
  return MEMBER_ACTS.some((name) => name === act) || COMMUNITY_ACTS.some((name) => name === act);
}

export async function registerWatchRoutes(
  app: FastifyInstance,
  services: {
    watch: WatchService;
    storage: Storage;
    acts: ActsService;
    social: SocialService;
    ukMedia?: UkMediaGate;
    mediaSigning?: MediaSigner;
  },
): Promise<void> {
  const { watch, storage, acts, social, ukMedia, mediaSigning } = services;
  const api = contractRoutes(app);

  const recordView = async (body: ViewActInput, request: FastifyRequest): Promise<ViewResponse> => {
    const viewer = {
      userId: request.user?.user_id ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    };
    // `home` (content.md §7) is accepted and not kept: no report reads it (decisions, issue 18).
    const { counted } = await watch.recordView(body.object_id, viewer);
    return { ok: true, counted };
  };

  // Origin: the accounts layer refuses a cross-site POST to /api/ (403 bad_origin). Embeds still
  // count: the embed player is a page of this site inside an iframe, so its beacon is same-origin.
  api.post(
    INPUT_PATH,
    {
      onRequest: cacheControl('no-store'),
      // A guest naming a member act is refused before the rest of the form is looked at: every such
      // act opens the Login modal in the browser, whatever else the form holds (content.md §6).
      preValidation: async (request) => {
        if (!request.user && namesMemberAct(request.body)) throw loginRequired();
      },
      schema: {
        tags: ['watching', 'acts'],
        summary: 'The generic action call: act=view counts a view; the member acts (content.md §7).',
        description: [
          'Form-encoded, by `act`: `view` (anyone; sent 1 s after playback starts; staged and counted in',
          'batches, a repeat from the same viewer within the window is `counted: false`), and for signed-in',
          'members `favourite` and `watch_later` (add, rem), `playlist` (new, upd, add, del, rem), `vote`,',
          '`subscribe`, `unsubscribe`, `comm` (video: a new comment; del) and `add_tag`. An `act` this call',
          'does not answer is 400 `unknown_act`. Notification errors carry `codes: [{field: "notify", code}]`.',
          'Friends and the wall (contract/community.ts): `friend` (add, accept, decline, rem) and `wall` (add, del).',
        ].join(' '),
        consumes: [FORM],
        // act=view is anyone's; the member acts need the session (401 for a guest).
        security: SESSION_OPTIONAL,
        body: inputActSchema,
        response: {
          200: inputResponseSchema,
          ...writeErrors(400, 401, 404, 409),
          400: errorBodySchema.describe(
            'Bad input: `unknown_act`, `invalid_section`, `required`, `min_length`, `max_length`, `invalid_{field}`, `categories_count`, `invalid_categories`; `cannot_subscribe_yourself`, `cannot_friend_yourself`.',
          ),
          401: errorBodySchema.describe('`login_required`: a guest naming a member act.'),
          403: errorBodySchema.describe(
            "`forbidden`: someone else's playlist, comment or wall post, a wall of a non-friend; `bad_origin`: a foreign Origin.",
          ),
          404: errorBodySchema.describe(
            '`video_not_found` (also not visible to the asker), `playlist_not_found`, `model_not_found`, `channel_not_found`, `member_not_found`, `comment_not_found`, `friend_request_not_found`, `wall_post_not_found`.',
          ),
          409: errorBodySchema.describe(
            '`favourite_already_added`, `watch_later_already_added`, `playlist_already_added`, `already_voted`, `already_subscribed`, `already_friends`, `friend_request_exists`.',
          ),
          429: errorBodySchema.describe(
            '`too_many_comments`, `too_many_wall_posts` (info {count, minutes}: 5 per member, 20 per address, per 10 minutes), or the write budget.',
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.act === 'view') return recordView(body, request);
      if (body.act === 'friend' || body.act === 'wall')
        return social.perform(request.user ?? null, body, { ip: request.ip });
      return acts.perform(request.user ?? null, body, { ip: request.ip });
    },
  );

  api.get(
    OEMBED_PATH,
    {
      // xml is refused before the rest of the query is looked at, as the call always has.
      preValidation: async (request, reply) => {
        if (request.query.format !== 'xml') return;
        return reply
          .status(501)
          .send({ error: english('api.format_not_implemented'), code: 'format_not_implemented', codes: [] });
      },
      schema: {
        tags: ['watching'],
        summary: 'oEmbed 1.0 for a video page URL: an iframe of the embed player.',
        querystring: oembedQuery,
        response: {
          200: oembedResponseSchema,
          ...errors(400, 404),
          404: errorBodySchema.describe('`not_found`: not a video URL of this site; `video_not_found`.'),
          501: errorBodySchema.describe('`format_not_implemented`: format=xml.'),
        },
      },
    },
    async (request, reply) => {
      const { url, maxwidth, maxheight } = request.query;
      const answer = await watch.oembed(url, maxwidth, maxheight);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('application/json; charset=utf-8')
        .send(answer);
    },
  );

  api.route({
    method: ['GET', 'HEAD'],
    url: '/api/download.php',
    onRequest: cacheControl('private, no-store'),
    // Members only, before the query is looked at: a guest learns nothing else.
    preValidation: async (request) => {
      if (!request.user) {
        throw new DomainError('login_required', {
          status: 401,
          message: english('notify.login_required'),
        });
      }
      // The UK gate (issue 34): a copy to keep is for age-verified members, whatever page led here.
      if (ukMedia?.covers(ukMedia.visitorOf(requestLikeOf(request.raw)), request.user)) {
        throw ageVerificationRequired();
      }
    },
    schema: {
      tags: ['watching'],
      summary: 'Download one MP4 rendition (members only), with Content-Disposition: attachment.',
      description:
        'While media signing is on (issue 32), the call without `expires` and `token` answers 302 to the same call with a link signed for this member, video and format, good for 10 minutes; a signed call of another member, with a wrong token or past its expiry answers 403 `media_link_invalid` / `media_link_expired`.',
      querystring: downloadQuery,
      response: {
        ...storedFileResponses(['video/mp4']),
        302: z.null().describe('Media signing: to the signed link of this member.'),
        ...errors(400, 401, 403, 404),
        401: errorBodySchema.describe('`login_required`: a guest.'),
        403: errorBodySchema.describe(
          '`age_verification_required`: a member from gb (the UK gate) who is not age_verified; `media_link_invalid`, `media_link_expired`: a signed link not of this member, altered, or past its expiry.',
        ),
        404: errorBodySchema.describe('`video_not_found`, `format_not_found` or `file_not_found`.'),
      },
    },
    handler: async (request, reply) => {
      const { video_id: videoId, format } = request.query;
      if (!format || !DOWNLOAD_FORMAT_PATTERN.test(format)) {
        throw new DomainError('format_not_found', { status: 404, message: english('api.format_not_found') });
      }
      // The member's own signed link (issue 32): bound to them, short-lived, checked before anything.
      const signing = mediaSigning?.enabled && request.user ? mediaSigning : undefined;
      const scope = { userId: request.user?.user_id ?? 0, videoId, format };
      const { expires, token } = request.query;
      const signed = expires !== undefined && token !== undefined;
      if (signing && signed) {
        const verdict = await signing.checkDownload(scope, expires, token);
        if (verdict !== 'ok') {
          throw new DomainError(`media_link_${verdict}`, { status: 403, message: english('api.forbidden') });
        }
      }
      const file = await watch.downloadFile(videoId, format);
      if (signing && !signed) {
        const link = await signing.signDownload(scope);
        const query = new URLSearchParams({
          video_id: String(videoId),
          format,
          expires: String(link.expires),
          token: link.token,
        });
        return reply.redirect(`/api/download.php?${query}`, 302);
      }
      const disposition = contentDisposition(file.filename);
      // Local disk and S3 alike stream through here: the storage port's signed URLs take no response
      // overrides (ResponseContentDisposition), and the attachment header must be ours.
      const object = await storage.stat(file.key);
      const missing = () => {
        throw new DomainError('file_not_found', { status: 404, message: english('api.file_not_found') });
      };
      if (!object) return missing();
      return sendStoredObject(storage, file.key, object, request, reply, {
        contentType: file.mime,
        cacheControl: 'private, no-store',
        headers: { 'content-disposition': disposition },
        onMissing: missing,
      });
    },
  });
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
