// The console's search terms over HTTP (issue 34 item 1): GET/POST /api/admin/search_terms.php, moderators
// and administrators. Guests 401 and members 403 before any input check (staff-scope.ts); the Origin
// check of POSTs is the accounts hook's; never cached.
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_SEARCH_TERMS_PATH,
  adminSearchTermListSchema,
  adminSearchTermResultSchema,
  SEARCH_TERMS_BULK_MAX,
  SEARCH_TERMS_PAGE_SIZE,
  searchTermsInputSchema,
  searchTermsQuerySchema,
} from '../../contract/admin-search-terms.ts';
import type { SearchTermsAdminService } from '../modules/console/search-terms-admin.service.ts';
import { contractRoutes, errors, writeErrors } from './contract.ts';
import { registerStaffScope, staffInputErrors } from './staff-scope.ts';

export async function registerAdminSearchTermsRoutes(
  app: FastifyInstance,
  searchTermsAdmin: SearchTermsAdminService,
): Promise<void> {
  await registerStaffScope(app, (scope) => {
    const api = contractRoutes(scope);

    api.get(
      ADMIN_SEARCH_TERMS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `Counted search terms, most searched first, ${SEARCH_TERMS_PAGE_SIZE} a page, each with why it is or is not offered; moderators and administrators.`,
          description:
            'A term is offered (suggester, top searches, home keywords) in state `offered` only: not hidden by staff, no markup, no word of the block list, its last unfiltered search found videos, and at least `threshold` distinct visitors (an address once per term per day). q matches part of the term; state filters. 400 `invalid` with codes [{field: q | state | page}].',
          querystring: searchTermsQuerySchema,
          response: { 200: adminSearchTermListSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => searchTermsAdmin.list(request.user, request.query),
    );

    api.post(
      ADMIN_SEARCH_TERMS_PATH,
      {
        schemaErrorFormatter: staffInputErrors,
        schema: {
          tags: ['admin'],
          summary: `hide or unhide up to ${SEARCH_TERMS_BULK_MAX} search terms (ids, comma-separated); moderators and administrators.`,
          description:
            'A hidden term is never offered, whatever its counts; the cached suggestions and home keywords are purged. Audited as `search_term.hide` / `search_term.unhide`. 400 `invalid` with codes [{field: act | ids, code: required | invalid | too_many}]; 404 `search_term_not_found` (none of the ids exists).',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: searchTermsInputSchema,
          response: { 200: adminSearchTermResultSchema, ...writeErrors(400, 401, 403, 404) },
        },
      },
      async (request) => searchTermsAdmin.act(request.user, request.body),
    );
  });
}
