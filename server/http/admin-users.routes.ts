// The console's users and comments over HTTP (issue 17): GET/POST /api/admin/users.php
// (administrators: moderators 403 from the service) and GET/POST /api/admin/comments.php (moderators
// and administrators). Guests 401 and members 403 before any input check (staff-scope.ts); the Origin
// check of POSTs is the accounts hook's; never cached.
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_COMMENTS_PATH,
  ADMIN_USERS_PATH,
  adminCommentListSchema,
  adminCommentResultSchema,
  adminUserListSchema,
  adminUserResultSchema,
  BAN_REASON_MAX,
  BULK_MAX,
  COMMENTS_PAGE_SIZE,
  commentsInputSchema,
  commentsQuerySchema,
  MODERATOR_BAN_MAX_DAYS,
  USERS_PAGE_SIZE,
  usersInputSchema,
  usersQuerySchema,
} from '../../contract/admin-users.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { requireAdministrator } from '../modules/access.ts';
import type { CommentsAdminService } from '../modules/console/comments-admin.service.ts';
import type { UsersAdminService } from '../modules/console/users-admin.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

export async function registerAdminUsersRoutes(
  app: FastifyInstance,
  services: { usersAdmin: UsersAdminService; commentsAdmin: CommentsAdminService },
): Promise<void> {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);

    api.get(
      ADMIN_USERS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        // Administrators only: a moderator is refused before the input is read (as the scope refuses members).
        preValidation: async (request) => requireAdministrator(request.user),
        schema: {
          tags: ['admin'],
          summary: `Members, newest first, ${USERS_PAGE_SIZE} a page; administrators only (moderators 403).`,
          description:
            'q matches part of the username or e-mail, or the id; role and status filter (a ban whose end has passed reads active). 400 `invalid` with codes [{field: q | role | status | page}].',
          querystring: usersQuerySchema,
          response: { 200: adminUserListSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => services.usersAdmin.list(request.user, request.query),
    );

    api.post(
      ADMIN_USERS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        // Administrators only: a moderator is refused before the input is read (as the scope refuses members).
        preValidation: async (request) => requireAdministrator(request.user),
        schema: {
          tags: ['admin'],
          summary:
            'role (role), ban (reason, until: empty for permanent; every session ends), unban, reset_password (mails the restore link), delete (the account with its videos, files, comments, playlists, messages); administrators only.',
          description: `400 \`invalid\` with codes [{field: act | user_id | role | reason | until, code: required | invalid | max_length | past | too_far}] (reason at most ${BAN_REASON_MAX}); 404 \`user_not_found\`; 409 \`own_account\` (an administrator's own role, ban or deletion), \`last_administrator\`, \`not_banned\` (unban), \`user_banned\` (reset_password); 503 \`mail_failed\`.`,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: usersInputSchema,
          response: {
            200: adminUserResultSchema,
            ...writeErrors(400, 401, 403, 404, 409, 503),
            409: errorBodySchema.describe(
              '`own_account`, `last_administrator`, `not_banned`, `user_banned`.',
            ),
          },
        },
      },
      async (request) => services.usersAdmin.act(request.user, request.body),
    );

    api.get(
      ADMIN_COMMENTS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `Comments, newest first, ${COMMENTS_PAGE_SIZE} a page; moderators and administrators.`,
          description:
            'q matches part of the text; status (active | hidden), video_id and user_id (the author) filter. 400 `invalid` with codes [{field: q | status | video_id | user_id | page}].',
          querystring: commentsQuerySchema,
          response: { 200: adminCommentListSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => services.commentsAdmin.list(request.user, request.query),
    );

    api.post(
      ADMIN_COMMENTS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `hide, unhide, delete or ban_author (reason, until) on up to ${BULK_MAX} comments (ids, comma-separated); moderators and administrators.`,
          description: `Counts follow (videos' and authors' comments_count count active comments). A moderator's ban must end within ${MODERATOR_BAN_MAX_DAYS} days (until required); staff authors are never banned here. 400 \`invalid\` with codes [{field: act | ids | reason | until, code: required | invalid | too_many | max_length | past | too_far}]; 404 \`comment_not_found\` (none of the ids exists); 409 \`author_is_staff\`, \`own_account\`.`,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: commentsInputSchema,
          response: {
            200: adminCommentResultSchema,
            ...writeErrors(400, 401, 403, 404, 409),
            409: errorBodySchema.describe('`author_is_staff` or `own_account`.'),
          },
        },
      },
      async (request) => services.commentsAdmin.act(request.user, request.body),
    );
  });
}
