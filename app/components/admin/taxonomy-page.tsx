// The console's pages of categories, tags, models and channels (issue 17), one component for the four
// routes: the list (search, table, pages) with the create form, and the edit view at `{page}{id}/`
// (fields, picture, delete). Moderators and administrators; everyone else gets a 403 page. Writes go
// to the /api/admin/*.php calls, then the loader runs again (useRevalidator) to show the new state.
import adminTaxonomy from 'virtual:en/admin_taxonomy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  data,
  Link,
  type RouterContextProvider,
  useLocation,
  useNavigate,
  useRevalidator,
} from 'react-router';
import {
  type AdminTaxonomyItem,
  IMAGE_KINDS,
  type ImageKind,
  SEARCH_MAX,
  TAXONOMY_MAX_PAGE,
  TAXONOMY_PAGES,
  type TaxonomyKind,
  type TaxonomyList,
} from '../../../contract/admin-taxonomy.ts';
import { isModerator } from '../../../contract/moderation-values.ts';
import { userContext } from '../../lib/context.ts';
import { addEnglish, metaT } from '../../lib/i18n.ts';
import { notFound } from '../../lib/params.ts';
import { servicesOf, siteOf } from '../../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../../lib/seo.ts';
import taxonomyCss from '../../styles/admin-taxonomy.css?url';
import { Pagination } from '../pagination.tsx';
import { Notice } from '../status-page.tsx';
import { AdminFrame, adminLinks } from './admin-frame.tsx';
import { ConsoleNotice, ConsoleTable, FilterForm, FilterInput } from './console-kit.tsx';
import { TaxonomyDelete, TaxonomyImage } from './taxonomy-edit.tsx';
import { TaxonomyForm } from './taxonomy-form.tsx';

addEnglish({ admin_taxonomy: adminTaxonomy });

export const taxonomyLinks = () => [...adminLinks(), { rel: 'stylesheet', href: taxonomyCss }];

const SECTION = { category: 'categories', tag: 'tags', model: 'models', channel: 'channels' } as const;

export type TaxonomyLoaderData =
  | { forbidden: true }
  | {
      forbidden: false;
      role: string;
      q: string;
      list: TaxonomyList<TaxonomyKind>;
      /** The object of the edit view; null on the list. */
      item: AdminTaxonomyItem | null;
    };

/** The loader of each kind's route: the list (?q=, ?page=) or, with `:id`, the object to edit. */
export async function taxonomyLoader(
  kind: TaxonomyKind,
  args: { context: Readonly<RouterContextProvider>; url: URL; params: { id?: string } },
) {
  const user = args.context.get(userContext);
  if (!user || !isModerator(user)) return data<TaxonomyLoaderData>({ forbidden: true }, { status: 403 });
  const staff = user;
  const services = servicesOf(args.context).taxonomyAdmin;
  const empty = { items: [], total_count: 0, page: 1, per_page: 0 };
  if (args.params.id !== undefined) {
    if (!/^[1-9]\d{0,14}$/.test(args.params.id)) notFound();
    const item = await services.get(staff, kind, Number(args.params.id));
    if (!item) notFound();
    return data<TaxonomyLoaderData>({ forbidden: false, role: staff.role, q: '', list: empty, item });
  }
  const rawPage = args.url.searchParams.get('page') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(rawPage) || Number(rawPage) > TAXONOMY_MAX_PAGE) notFound();
  const q = (args.url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const list = await services.list(staff, kind, { q, page: Number(rawPage) });
  return data<TaxonomyLoaderData>({ forbidden: false, role: staff.role, q, list, item: null });
}

export function taxonomyMeta(
  kind: TaxonomyKind,
  args: { location: { pathname: string; search: string }; matches: Parameters<typeof siteOf>[0] },
) {
  const t = metaT(args.matches);
  return pageMeta({
    site: siteOf(args.matches),
    location: args.location,
    title: t(`admin_taxonomy.title.${kind}` as 'admin_taxonomy.title.category'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

type NoticeKey = 'created' | 'saved' | 'deleted' | 'image_saved' | 'image_removed';

export function TaxonomyPage({ kind, loaderData }: { kind: TaxonomyKind; loaderData: TaxonomyLoaderData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [notice, setNotice] = useState<NoticeKey | null>(
    (location.state as { notice?: NoticeKey } | null)?.notice ?? null,
  );
  if (loaderData.forbidden) return <Notice title={t('admin_taxonomy.forbidden')} />;
  return (
    <AdminFrame section={SECTION[kind]} role={loaderData.role}>
      <div className={`tax tax--${kind}`}>
        {notice ? <ConsoleNotice>{t(`admin_taxonomy.notice.${notice}`)}</ConsoleNotice> : null}
        {loaderData.item ? (
          <EditView kind={kind} item={loaderData.item} onNotice={setNotice} />
        ) : (
          <ListView kind={kind} q={loaderData.q} list={loaderData.list} onNotice={setNotice} />
        )}
      </div>
    </AdminFrame>
  );
}

function ListView({
  kind,
  q,
  list,
  onNotice,
}: {
  kind: TaxonomyKind;
  q: string;
  list: TaxonomyList<TaxonomyKind>;
  onNotice: (n: NoticeKey) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const base = TAXONOMY_PAGES[kind];
  const withImage = (IMAGE_KINDS as readonly string[]).includes(kind);
  const pages = Math.min(
    TAXONOMY_MAX_PAGE,
    Math.max(1, Math.ceil(list.total_count / Math.max(1, list.per_page))),
  );
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      <h1 className="console__title">
        {t(`admin_taxonomy.title.${kind}` as 'admin_taxonomy.title.category')}
      </h1>
      <FilterForm
        action={base}
        role="search"
        texts={{ submit: t('admin_taxonomy.search_go') }}
        primary={false}
        after={
          <span className="console__muted">{t('admin_taxonomy.count', { count: list.total_count })}</span>
        }
      >
        <FilterInput
          label={t('admin_taxonomy.search')}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX}
        />
      </FilterForm>
      <ConsoleTable
        className="tax-table"
        columns={[
          ...(withImage ? [t('admin_taxonomy.col.image')] : []),
          t('admin_taxonomy.col.title'),
          t('admin_taxonomy.col.dir'),
          { label: t('admin_taxonomy.col.videos'), className: 'num' },
          ...(kind === 'tag' ? [t('admin_taxonomy.col.mvp')] : []),
          t('admin_taxonomy.col.added'),
          t('admin_taxonomy.col.actions'),
        ]}
        rows={list.items.length}
        empty={<p className="console__muted">{t('admin_taxonomy.empty')}</p>}
      >
        {list.items.map((item) => (
          <tr key={item.id}>
            {withImage ? (
              <td>
                {'image' in item && item.image ? (
                  <img
                    className={`console__thumb tax-thumb tax-thumb--${kind}`}
                    src={item.image}
                    alt=""
                    loading="lazy"
                  />
                ) : (
                  <span className={`console__thumb tax-thumb tax-thumb--${kind}`} />
                )}
              </td>
            ) : null}
            <td>
              <Link to={`${base}${item.id}/`}>{item.title}</Link>
            </td>
            <td>
              <code>{item.dir}</code>
            </td>
            <td className="num">{item.total_videos}</td>
            {kind === 'tag' && 'h1' in item ? (
              <td>
                {item.mtitle || item.mdesc || item.h1 || item.links.length ? (
                  <span className="console__badge console__badge--ok">{t('admin_taxonomy.mvp_set')}</span>
                ) : (
                  <span className="console__badge">{t('admin_taxonomy.mvp_auto')}</span>
                )}
              </td>
            ) : null}
            <td>{date.format(new Date(item.added_date))}</td>
            <td className="tax-table__actions">
              <Link to={`${base}${item.id}/`}>{t('admin_taxonomy.edit')}</Link>
              <a href={item.page_url} target="_blank" rel="noreferrer">
                {t('admin_taxonomy.view')}
              </a>
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <Pagination
        current={list.page}
        count={pages}
        href={(page) => `${base}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`}
      />
      <section className="console__panel tax-create">
        <h2 className="console__subtitle">
          {t(`admin_taxonomy.new.${kind}` as 'admin_taxonomy.new.category')}
        </h2>
        <TaxonomyForm
          kind={kind}
          item={null}
          onSaved={(saved) => {
            onNotice('created');
            if (saved.item) navigate(`${base}${saved.item.id}/`, { state: { notice: 'created' } });
          }}
        />
      </section>
    </>
  );
}

function EditView({
  kind,
  item,
  onNotice,
}: {
  kind: TaxonomyKind;
  item: AdminTaxonomyItem;
  onNotice: (n: NoticeKey) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const base = TAXONOMY_PAGES[kind];
  const withImage = (IMAGE_KINDS as readonly string[]).includes(kind);
  return (
    <>
      <p className="tax-back">
        <Link to={base}>{t('admin_taxonomy.back')}</Link>
      </p>
      <h1 className="console__title">{item.title}</h1>
      <p className="console__muted tax-facts">
        <span>{t('admin_taxonomy.count_videos', { count: item.total_videos })}</span>
        <a href={item.page_url} target="_blank" rel="noreferrer">
          {t('admin_taxonomy.view')}
        </a>
      </p>
      <div className="tax-edit">
        <section className="console__panel">
          <TaxonomyForm
            // A new form per saved state: the inputs start from what was stored.
            key={JSON.stringify(item)}
            kind={kind}
            item={item}
            onSaved={() => {
              onNotice('saved');
              revalidator.revalidate();
            }}
          />
        </section>
        <aside className="tax-edit__side">
          {withImage ? (
            <TaxonomyImage
              kind={kind as ImageKind}
              item={item}
              onSaved={(removed) => {
                onNotice(removed ? 'image_removed' : 'image_saved');
                revalidator.revalidate();
              }}
            />
          ) : null}
          <TaxonomyDelete kind={kind} item={item} />
        </aside>
      </div>
    </>
  );
}
