// The audit log over HTTP (issue 17): GET /api/admin/audit.php, filtered and paged, newest first.
// Administrators only: the staff scope answers guests 401 and members 403, and this route refuses
// moderators before the query is read, so no one below an administrator learns about its parameters.
import type { FastifyInstance } from 'fastify';
import { ADMIN_AUDIT_PATH, auditPageSchema, auditQuerySchema } from '../../contract/admin-audit.ts';
import { errorBodySchema } from '../../contract/errors.ts';
import { requireAdministrator } from '../modules/access.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import { contractRoutes, errors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

export async function registerAdminAuditRoutes(app: FastifyInstance, audit: AuditService) {
  await registerStaffScope(app, (scope) => {
    contractRoutes(scope).get(
      ADMIN_AUDIT_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        // After the scope's hook (guests, members): moderators are refused before the query's schema.
        preValidation: async (request) => requireAdministrator(request.user),
        schema: {
          tags: ['admin'],
          summary: 'The audit log of staff actions, newest first, 50 a page (administrators).',
          description:
            "Filters (each optional; an empty one is ignored): `action` exact or a prefix ending in '.', `actor` (a user id or a username), `target_type`, `target_id`, `from`/`to` (YYYY-MM-DD, UTC, inclusive). Never cached.",
          querystring: auditQuerySchema,
          response: {
            200: auditPageSchema,
            ...errors(400, 401, 403),
            400: errorBodySchema.describe(
              '`invalid` with codes naming the field: action, actor, target_type, target_id, from, to (before from), page.',
            ),
            401: errorBodySchema.describe('`login_required`: a guest.'),
            403: errorBodySchema.describe('`forbidden`: not an administrator.'),
          },
        },
      },
      async (request) => audit.search(request.user, request.query),
    );
  });
}
