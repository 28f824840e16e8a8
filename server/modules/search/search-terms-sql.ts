// The offer rules of search terms (search-terms.ts) as SQL over search_keywords: one condition for the
// suggester, the top searches and the home chips, and the console's reading of why a term is or is not
// offered. A term is offered when staff have not hidden it, it is plain text, it contains no blocked
// word, its last search found videos and enough distinct visitors searched it.
import { type RawBuilder, sql } from 'kysely';
import type { SearchTermState } from '../../../contract/admin-search-terms.ts';
import { blockedPattern, NOT_PLAIN_SQL, type OfferPolicy } from './search-terms.ts';

/** `alias.column`, or the bare column when the query names no alias. */
const column = (alias: string | null, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** The term contains a blocked word (false when the list is empty). */
function blocked(policy: OfferPolicy, alias: string | null): RawBuilder<boolean> {
  const pattern = blockedPattern(policy.blockedWords);
  return pattern === null ? sql<boolean>`false` : sql<boolean>`${column(alias, 'keyword')} ~* ${pattern}`;
}

/** search_keywords rows that may be offered to everyone. */
export function offeredCondition(policy: OfferPolicy, alias: string | null = null): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'hidden_at')} IS NULL
    AND ${column(alias, 'results')} > 0
    AND ${column(alias, 'visitors')} >= ${policy.threshold}::int
    AND ${column(alias, 'keyword')} !~* ${NOT_PLAIN_SQL}
    AND NOT ${blocked(policy, alias)})`;
}

/** Why a row is or is not offered (contract/admin-search-terms.ts SEARCH_TERM_STATES, in that order). */
export function stateOf(policy: OfferPolicy, alias: string | null = null): RawBuilder<SearchTermState> {
  return sql<SearchTermState>`CASE
    WHEN ${column(alias, 'hidden_at')} IS NOT NULL THEN 'hidden'
    WHEN ${column(alias, 'keyword')} ~* ${NOT_PLAIN_SQL} THEN 'markup'
    WHEN ${blocked(policy, alias)} THEN 'blocked'
    WHEN coalesce(${column(alias, 'results')}, 0) = 0 THEN 'no_results'
    WHEN ${column(alias, 'visitors')} < ${policy.threshold}::int THEN 'few_visitors'
    ELSE 'offered' END`;
}
