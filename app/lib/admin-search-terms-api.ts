// The console's search-terms call from the browser (issue 34; contract/admin-search-terms.ts). A refusal
// is an ApiError carrying the answer's code and field codes, which the page shows.
import {
  ADMIN_SEARCH_TERMS_PATH,
  type AdminSearchTermResult,
  type SearchTermAction,
} from '../../contract/admin-search-terms.ts';
import { ApiError, send } from './api-client.ts';

/** Hides or shows again up to 100 search terms. */
export async function actOnSearchTerms(act: SearchTermAction, ids: number[]): Promise<AdminSearchTermResult> {
  const answer = await send(ADMIN_SEARCH_TERMS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ act, ids: ids.join(',') }),
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as AdminSearchTermResult;
}
