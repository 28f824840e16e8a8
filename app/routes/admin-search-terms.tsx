// /admin/search-terms/ (issue 34): the search terms visitors typed, most searched first, for moderators
// and administrators: why each is or is not offered in the suggestions and the home keywords (hidden,
// markup, a blocked word, no videos found, too few visitors), and hide or show again. The threshold and
// the block list are settings (administrators: /admin/settings/#settings-search). Everyone else gets
// 'You do not have permission to view.' with HTTP 403.
import admin_search from 'virtual:en/admin_search';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
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
import {
  ConsolePagination,
  ConsoleTable,
  consoleMeta,
  consolePageUrl,
  FilterForm,
  FilterInput,
  FilterSelect,
  OutcomeNotice,
  pageCount,
  useConsoleAct,
  useErrorText,
} from '../components/admin/console-kit.tsx';
import { consoleList } from '../components/admin/console-loader.ts';
import { Notice } from '../components/status-page.tsx';
import { actOnSearchTerms } from '../lib/admin-search-terms-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
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
  const services = servicesOf(context);
  return consoleList({
    url,
    keys: FILTERS,
    max: SEARCH_TERMS_Q_MAX,
    schema: searchTermsQuerySchema,
    base: { forbidden: false as const, role: user.role },
    empty: { terms: [], total_count: 0, page: 1, per_page: SEARCH_TERMS_PAGE_SIZE, threshold: 0 },
    read: (query) => services.searchTermsAdmin.list(user, query),
  });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_search.title');

const COLUMNS = ['term', 'searches', 'visitors', 'results', 'state', 'searched_at', 'actions'] as const;

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
  const errorText = useErrorText('admin_search');
  const { outcome, busy, run } = useConsoleAct<{ act: SearchTermAction }>();
  if (loaderData.forbidden) return <Notice title={t('admin_search.forbidden')} />;
  const { list, filter, invalid, role } = loaderData;

  const act = (kind: SearchTermAction, id: number) =>
    run(async () => {
      await actOnSearchTerms(kind, [id]);
      return { act: kind };
    });

  return (
    <AdminFrame section="search_terms" role={role}>
      <h1 className="console__title">{t('admin_search.title')}</h1>
      <p className="console__muted">
        {t('admin_search.intro', { threshold: list.threshold })}{' '}
        {role === 'administrator' ? (
          <Link to="/admin/settings/#settings-search">{t('admin_search.settings_link')}</Link>
        ) : null}
      </p>
      <FilterForm action="/admin/search-terms/" ns="admin_search" invalid={invalid}>
        <FilterInput
          label={t('admin_search.filter.q')}
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={SEARCH_TERMS_Q_MAX}
        />
        <FilterSelect
          label={t('admin_search.filter.state')}
          name="state"
          value={filter.state}
          any={t('admin_search.filter.any')}
          options={SEARCH_TERM_STATES.map((s) => [s, t(`admin_search.states.${s}`)])}
        />
      </FilterForm>
      <OutcomeNotice
        outcome={outcome}
        ok={(o) => t(`admin_search.notice.${o.act}`)}
        error={(_field, code) => errorText(code)}
      />
      <p className="console__muted">{t('admin_search.count', { total: list.total_count })}</p>

      <ConsoleTable
        columns={COLUMNS.map((c) => t(`admin_search.col.${c}`))}
        rows={list.terms.length}
        empty={<p>{t('admin_search.empty')}</p>}
      >
        {list.terms.map((term) => (
          <TermRow key={term.id} term={term} busy={busy} onAct={(kind) => act(kind, term.id)} />
        ))}
      </ConsoleTable>
      <ConsolePagination
        page={list.page}
        pages={pageCount(list.total_count, list.per_page)}
        href={(page) => consolePageUrl('/admin/search-terms/', filter, page)}
      />
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
