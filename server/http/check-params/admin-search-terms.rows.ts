// The console's search terms (issue 34; contract/admin-search-terms.ts): moderators and administrators;
// guests 401 and members 403 before any input check. The offer rules, hiding and the audit entries in
// server/http/search-terms.test.ts.
import { ADMIN_SEARCH_TERMS_PATH } from '../../../contract/admin-search-terms.ts';
import {
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';

/** A new counted term to act on. */
async function newTerm(c: Ctx): Promise<number> {
  const row = await c.t.database.handle.db
    .insertInto('search_keywords')
    .values({ keyword: `check params ${c.unique()}`, searches: 1, visitors: 1, results: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const adminSearchTermsRows: Row[] = [
  {
    route: `GET ${ADMIN_SEARCH_TERMS_PATH}`,
    call: () => ({ url: `${ADMIN_SEARCH_TERMS_PATH}?page=1&state=offered` }),
    expect: staffOnly(200),
    bad: [
      {
        ...badUrl('page', `${ADMIN_SEARCH_TERMS_PATH}?page=0`, 'invalid'),
        answer: refused(400, 'invalid', 'page'),
      },
      {
        ...badUrl('state', `${ADMIN_SEARCH_TERMS_PATH}?state=gone`, 'invalid'),
        answer: refused(400, 'invalid', 'state'),
      },
      {
        name: 'long q',
        url: `${ADMIN_SEARCH_TERMS_PATH}?q=${'a'.repeat(101)}`,
        answer: refused(400, 'invalid', 'q'),
      },
      {
        name: 'guest, bad page',
        url: `${ADMIN_SEARCH_TERMS_PATH}?page=0`,
        answer: LOGIN_REQUIRED,
        as: 'guest',
      },
      { name: 'member, bad page', url: `${ADMIN_SEARCH_TERMS_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    route: `POST ${ADMIN_SEARCH_TERMS_PATH}`,
    call: async (c) => ({
      url: ADMIN_SEARCH_TERMS_PATH,
      form: { act: 'hide', ids: String(await newTerm(c)) },
    }),
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'burn', ids: '1' }, answer: refused(400, 'invalid', 'act') },
      { name: 'no ids', form: { act: 'hide' }, answer: refused(400, 'invalid', 'ids') },
      { name: 'ids', form: { act: 'hide', ids: '1,x' }, answer: refused(400, 'invalid', 'ids') },
      {
        name: 'too many ids',
        form: { act: 'hide', ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
        answer: refused(400, 'invalid', 'ids'),
      },
      {
        name: 'unknown term',
        form: { act: 'unhide', ids: '999999' },
        answer: refused(404, 'search_term_not_found'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
    ],
  },
];
