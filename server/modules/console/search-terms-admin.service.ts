// The console's search terms (issue 34 item 1): moderators and administrators read the counted terms,
// most searched first, each with why it is or is not offered under the rules in effect, and hide (or show
// again) up to 100 at once. A hidden term leaves the suggester, the top searches and the home chips at
// once (the caches are purged); every act is in the audit log. No HTTP, no SQL.
import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  type AdminSearchTermList,
  type AdminSearchTermResult,
  SEARCH_TERMS_PAGE_SIZE,
  type SearchTermsInput,
  type SearchTermsQuery,
} from '../../../contract/admin-search-terms.ts';
import { DomainError } from '../../errors.ts';
import type { ContentChanges } from '../../lib/content-changes.ts';
import { english } from '../../lib/english.ts';
import { requireModerator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OfferPolicy } from '../search/search-terms.ts';
import type { SearchTermRow, SearchTermsAdminRepository } from './search-terms-admin.repository.ts';

export interface SearchTermsAdminDeps {
  repo: SearchTermsAdminRepository;
  /** The offer rules in effect (the settings). */
  policy: () => OfferPolicy;
  audit: Pick<AuditService, 'record'>;
  changes: Pick<ContentChanges, 'notify'>;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const termOf = (row: SearchTermRow) => ({
  id: Number(row.id),
  keyword: row.keyword,
  searches: Number(row.searches),
  visitors: Number(row.visitors),
  results: row.results === null ? null : Number(row.results),
  state: row.state,
  searched_at: iso(row.searched_at),
  hidden_at: iso(row.hidden_at),
});

const termNotFound = () =>
  new DomainError('search_term_not_found', {
    status: 404,
    message: english('api.search_term_not_found'),
  });

export function createSearchTermsAdminService(deps: SearchTermsAdminDeps) {
  const { repo, audit, changes } = deps;

  return {
    async list(viewer: CurrentUser | null, query: SearchTermsQuery): Promise<AdminSearchTermList> {
      requireModerator(viewer);
      const policy = deps.policy();
      const { rows, total } = await repo.list(
        { q: query.q, state: query.state },
        policy,
        SEARCH_TERMS_PAGE_SIZE,
        (query.page - 1) * SEARCH_TERMS_PAGE_SIZE,
      );
      return {
        terms: rows.map(termOf),
        total_count: total,
        page: query.page,
        per_page: SEARCH_TERMS_PAGE_SIZE,
        threshold: policy.threshold,
      };
    },

    /**
     * Hides (or shows again) every term of `ids` that exists (the others are listed in not_found; none
     * at all is 404 search_term_not_found). Acting twice changes nothing the second time (changed: []).
     */
    async act(viewer: CurrentUser | null, input: SearchTermsInput): Promise<AdminSearchTermResult> {
      requireModerator(viewer);
      const found = await repo.find(input.ids);
      if (found.length === 0) throw termNotFound();
      const present = new Map(found.map((f) => [f.id, f.keyword]));
      const ids = input.ids.filter((id) => present.has(id));
      const changed = input.act === 'hide' ? await repo.hide(ids) : await repo.unhide(ids);
      changed.sort((x, y) => x - y);
      for (const id of changed) {
        await audit.record(
          viewer,
          `search_term.${input.act}`,
          { type: 'search_term', id },
          { keyword: present.get(id) },
        );
      }
      // The suggester's, the top searches' and the home page's cached answers still hold the old list.
      if (changed.length > 0) await changes.notify();
      return {
        status: 'success',
        act: input.act,
        changed,
        not_found: input.ids.filter((id) => !present.has(id)),
      };
    },
  };
}

export type SearchTermsAdminService = ReturnType<typeof createSearchTermsAdminService>;
