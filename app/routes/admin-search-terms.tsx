// /admin/search-terms/ (issue 34): the search terms visitors typed, most searched first, for moderators
// and administrators: why each is or is not offered in the suggestions and the home keywords (hidden,
// markup, a blocked word, no videos found, too few visitors), and hide or show again. The threshold and
// the block list are settings (administrators: /admin/settings/#settings-search). Everyone else gets
// 'You do not have permission to view.' with HTTP 403.
import admin_search from 'virtual:en/admin_search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, useRevalidator } from 'react-router';
import {
  type AdminSearchTerm,
  type AdminSearchTermList,
  SEARCH_TERM_STATES,
  SEARCH_TERMS_PAGE_SIZE,
  SEARCH_TERMS_Q_MAX,
  type SearchTermAction,
  type SearchTermState,
  searchTermsQuerySchema,
} from '../../contract/admin-search-terms.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Notice } from '../components/status-page.tsx';
import { actOnSearchTerms } from '../lib/admin-search-terms-api.ts';
import { errorCodeOf } from '../lib/admin-users-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import type { Route } from './+types/admin-search-terms.ts';

addEnglish({ admin_search });

export const links = adminLinks;

const FILTERS = ['q', 'state'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; filter: Filter; invalid: boolean; list: AdminSearchTermList };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  const raw = Object.fromEntries(url.searchParams);
  const filter = Object.fromEntries(
    FILTERS.map((f) => [f, typeof raw[f] === 'string' ? raw[f].slice(0, SEARCH_TERMS_Q_MAX) : '']),
  ) as Filter;
  const parsed = searchTermsQuerySchema.safeParse(raw);
  const base = { forbidden: false as const, role: user.role, filter };
  if (!parsed.success) {
    const list = { terms: [], total_count: 0, page: 1, per_page: SEARCH_TERMS_PAGE_SIZE, threshold: 0 };
    return data<LoaderData>({ ...base, invalid: true, list }, { status: 400 });
  }
  const list = await servicesOf(context).searchTermsAdmin.list(user, parsed.data);
  return data<LoaderData>({ ...base, invalid: false, list });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('admin_search.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

function pageUrl(filter: Partial<Filter>, page = 1): string {
  const query = new URLSearchParams();
  for (const f of FILTERS) if (filter[f]) query.set(f, filter[f] as string);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/admin/search-terms/${text ? `?${text}` : ''}`;
}

type Outcome = { ok: true; act: SearchTermAction } | { ok: false; field: string; code: string };

const BADGE: Record<SearchTermState, string> = {
  offered: 'console__badge--ok',
  hidden: 'console__badge--bad',
  markup: 'console__badge--bad',
  blocked: 'console__badge--bad',
  no_results: 'console__badge--warn',
  few_visitors: 'console__badge--warn',
};

export default function AdminSearchTermsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  if (loaderData.forbidden) return <Notice title={t('admin_search.forbidden')} />;
  const { list, filter, invalid, role } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total_count / list.per_page));

  async function act(kind: SearchTermAction, id: number) {
    setBusy(true);
    try {
      await actOnSearchTerms(kind, [id]);
      setOutcome({ ok: true, act: kind });
    } catch (failure) {
      setOutcome({ ok: false, ...errorCodeOf(failure) });
    } finally {
      setBusy(false);
      revalidator.revalidate();
    }
  }

  const errorText = (code: string) =>
    tx(`admin_search.error.${code}`, { defaultValue: '' }) || tx('admin_search.error.other', { code });

  return (
    <AdminFrame section="search_terms" role={role}>
      <h1 className="console__title">{t('admin_search.title')}</h1>
      <p className="console__muted">
        {t('admin_search.intro', { threshold: list.threshold })}{' '}
        {role === 'administrator' ? (
          <Link to="/admin/settings/#settings-search">{t('admin_search.settings_link')}</Link>
        ) : null}
      </p>
      <Form
        method="get"
        action="/admin/search-terms/"
        className="console__toolbar"
        aria-label={t('admin_search.filter.label')}
      >
        <label>
          {t('admin_search.filter.q')}
          <input type="search" name="q" defaultValue={filter.q} maxLength={SEARCH_TERMS_Q_MAX} />
        </label>
        <label>
          {t('admin_search.filter.state')}
          <select name="state" defaultValue={filter.state}>
            <option value="">{t('admin_search.filter.any')}</option>
            {SEARCH_TERM_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`admin_search.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t('admin_search.filter.submit')}
        </button>
        <Link to="/admin/search-terms/" className="button">
          {t('admin_search.filter.clear')}
        </Link>
      </Form>
      {invalid ? (
        <p className="console__notice console__notice--error" role="alert">
          {t('admin_search.filter.invalid')}
        </p>
      ) : null}
      {outcome ? (
        outcome.ok ? (
          <p className="console__notice" role="status">
            {t(`admin_search.notice.${outcome.act}`)}
          </p>
        ) : (
          <p className="console__notice console__notice--error" role="alert">
            {errorText(outcome.code)}
          </p>
        )
      ) : null}
      <p className="console__muted">{t('admin_search.count', { total: list.total_count })}</p>

      {list.terms.length === 0 ? (
        <p>{t('admin_search.empty')}</p>
      ) : (
        <div className="console__table-wrap">
          <table className="console__table">
            <thead>
              <tr>
                <th scope="col">{t('admin_search.col.term')}</th>
                <th scope="col">{t('admin_search.col.searches')}</th>
                <th scope="col">{t('admin_search.col.visitors')}</th>
                <th scope="col">{t('admin_search.col.results')}</th>
                <th scope="col">{t('admin_search.col.state')}</th>
                <th scope="col">{t('admin_search.col.searched_at')}</th>
                <th scope="col">{t('admin_search.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.terms.map((term) => (
                <TermRow key={term.id} term={term} busy={busy} onAct={(kind) => act(kind, term.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <Pagination current={list.page} count={pages} href={(page) => pageUrl(filter, page)} />
      ) : null}
    </AdminFrame>
  );
}

function TermRow({
  term,
  busy,
  onAct,
}: {
  term: AdminSearchTerm;
  busy: boolean;
  onAct: (kind: SearchTermAction) => void;
}) {
  const { t } = useTranslation();
  const hidden = term.hidden_at !== null;
  return (
    <tr data-term-id={term.id}>
      {/* The term as typed: React escapes it, so markup shows as text here and nowhere else. */}
      <td>{term.keyword}</td>
      <td>{term.searches}</td>
      <td>{term.visitors}</td>
      <td>{term.results ?? '–'}</td>
      <td>
        <span className={`console__badge ${BADGE[term.state]}`}>
          {t(`admin_search.states.${term.state}`)}
        </span>
      </td>
      <td>{term.searched_at ? term.searched_at.slice(0, 16).replace('T', ' ') : '–'}</td>
      <td>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => onAct(hidden ? 'unhide' : 'hide')}
        >
          {t(hidden ? 'admin_search.act.unhide' : 'admin_search.act.hide')}
        </button>
      </td>
    </tr>
  );
}
