// /admin/videos/ (issue 17): every video for moderators and administrators — search by title or id,
// filters by status and visibility, newest first, 50 a page — with checkboxes and a bulk bar (status,
// private, public, delete). Everyone else gets 'You do not have permission to view.' with HTTP 403.
// The filter is a plain GET form; bulk acts post to /api/admin/videos.php and the list is read again.
import admin_videos from 'virtual:en/admin_videos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import {
  ADMIN_VIDEOS_PAGE_SIZE,
  ADMIN_VIDEOS_SEARCH_MAX,
  type AdminVideoList,
  adminVideosQuery,
  type BulkAction,
  STATUS_KEYS,
  VIDEOS_BULK_MAX,
} from '../../contract/admin-videos.ts';
import { VIDEO_STATUS } from '../../contract/catalog.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import {
  ConsoleNotice,
  ConsolePagination,
  ConsoleTable,
  consoleMeta,
  consolePageUrl,
  FilterForm,
  FilterInput,
  FilterSelect,
  firstText,
  pageCount,
  useConsoleAct,
  useErrorText,
} from '../components/admin/console-kit.tsx';
import { consoleList } from '../components/admin/console-loader.ts';
import { Notice } from '../components/status-page.tsx';
import { bulkVideos } from '../lib/admin-videos-api.ts';
import { durationClock } from '../lib/clock.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
import css from '../styles/admin-videos.css?url';
import type { Route } from './+types/admin-videos.ts';

addEnglish({ admin_videos });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

const FILTERS = ['q', 'status', 'private', 'user_id'] as const;
type Filter = Record<(typeof FILTERS)[number], string>;

type LoaderData =
  | { forbidden: true }
  | {
      forbidden: false;
      role: string;
      filter: Filter;
      invalid: boolean;
      /** Back from a video's page after deleting it. */
      deleted: boolean;
      list: AdminVideoList;
    };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  const services = servicesOf(context);
  return consoleList({
    url,
    keys: FILTERS,
    max: ADMIN_VIDEOS_SEARCH_MAX,
    schema: adminVideosQuery,
    base: { forbidden: false as const, role: user.role, deleted: url.searchParams.has('deleted') },
    empty: { videos: [], total_count: 0, page: 1, per_page: ADMIN_VIDEOS_PAGE_SIZE },
    read: (query) => services.videosAdmin.list(user, query),
  });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_videos.title');

const pageUrl = (filter: Filter, page: number) => consolePageUrl('/admin/videos/', filter, page);

export function statusBadge(status: number): string {
  if (status === VIDEO_STATUS.active) return 'console__badge console__badge--ok';
  if (status === VIDEO_STATUS.rejected || status === VIDEO_STATUS.unavailable)
    return 'console__badge console__badge--bad';
  return 'console__badge console__badge--warn';
}

const BULK_CHOICES = ['status_1', 'status_4', 'status_5', 'private', 'public', 'delete'] as const;
type BulkChoice = (typeof BULK_CHOICES)[number];

export default function AdminVideosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText('admin_videos');
  // A refused bulk act leaves the list as it was: it is read again only after one that went through.
  const { outcome, busy, run } = useConsoleAct<{ done: number; failed: number }>({ reloadAfterError: false });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [choice, setChoice] = useState<BulkChoice>('status_1');
  if (loaderData.forbidden) return <Notice title={t('admin_videos.forbidden')} />;
  const { list, filter, role, invalid, deleted } = loaderData;
  const ids = list.videos.map((v) => v.video_id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const statusText = (status: number) => firstText(t, [`admin_videos.status.${STATUS_KEYS[status]}`]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function applyBulk() {
    const chosen = ids.filter((id) => selected.has(id)).slice(0, VIDEOS_BULK_MAX);
    if (chosen.length === 0) return;
    if (
      choice === 'delete' &&
      !window.confirm(t('admin_videos.bulk.confirm_delete', { count: chosen.length }))
    )
      return;
    const [act, status] = choice.startsWith('status_')
      ? (['status', Number(choice.slice(7))] as const)
      : ([choice as BulkAction, undefined] as const);
    const ok = await run(async () => {
      const result = await bulkVideos(act, chosen, status);
      const done = result.results.filter((r) => r.ok).length;
      return { done, failed: result.results.length - done };
    });
    if (ok) setSelected(new Set());
  }

  return (
    <AdminFrame section="videos" role={role}>
      <h1 className="console__title">{t('admin_videos.title')}</h1>
      <FilterForm role="search" texts={{ submit: t('admin_videos.filter') }} primary={false}>
        <FilterInput
          label={t('admin_videos.search')}
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={ADMIN_VIDEOS_SEARCH_MAX}
          placeholder={t('admin_videos.search_placeholder')}
        />
        <FilterSelect
          label={t('admin_videos.status_label')}
          name="status"
          value={filter.status}
          any={t('admin_videos.any')}
          options={[1, 2, 3, 4, 5].map((s) => [String(s), statusText(s)])}
        />
        <FilterSelect
          label={t('admin_videos.visibility_label')}
          name="private"
          value={filter.private}
          any={t('admin_videos.any')}
          options={[
            ['0', t('admin_videos.public')],
            ['1', t('admin_videos.private')],
          ]}
        />
        {filter.user_id ? <input type="hidden" name="user_id" value={filter.user_id} /> : null}
      </FilterForm>

      {deleted && !outcome ? <ConsoleNotice>{t('admin_videos.deleted')}</ConsoleNotice> : null}
      {invalid ? <ConsoleNotice error>{t('admin_videos.invalid')}</ConsoleNotice> : null}
      {outcome ? (
        // A bulk act's outcome is a status even when some or all of it failed.
        <ConsoleNotice error={!outcome.ok || outcome.failed > 0} role="status">
          {outcome.ok
            ? outcome.failed === 0
              ? t('admin_videos.bulk.done', { count: outcome.done })
              : t('admin_videos.bulk.partial', { done: outcome.done, failed: outcome.failed })
            : errorText(outcome.code)}
        </ConsoleNotice>
      ) : null}

      <div className="console__row videos-admin__bulk">
        <span className="console__muted">{t('admin_videos.total', { count: list.total_count })}</span>
        <label className="videos-admin__bulk-choice">
          <span className="console__muted">{t('admin_videos.bulk.label', { count: selected.size })}</span>
          <select value={choice} onChange={(e) => setChoice(e.target.value as BulkChoice)}>
            {BULK_CHOICES.map((c) => (
              <option key={c} value={c}>
                {t(`admin_videos.bulk.act.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={busy || selected.size === 0} onClick={applyBulk}>
          {t('admin_videos.bulk.apply')}
        </button>
      </div>

      <ConsoleTable
        className="videos-admin__table"
        columns={[
          {
            key: 'select',
            label: (
              <input
                type="checkbox"
                aria-label={t('admin_videos.select_all')}
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(ids))}
              />
            ),
          },
          t('admin_videos.col.poster'),
          t('admin_videos.col.title'),
          t('admin_videos.col.status'),
          t('admin_videos.col.uploader'),
          { label: t('admin_videos.col.views'), className: 'num' },
          { label: t('admin_videos.col.duration'), className: 'num' },
          t('admin_videos.col.added'),
        ]}
        rows={list.videos.length}
        empty={<p className="console__muted">{t('admin_videos.empty')}</p>}
      >
        {list.videos.map((v) => (
          <tr key={v.video_id} data-video-id={v.video_id}>
            <td>
              <input
                type="checkbox"
                aria-label={t('admin_videos.select_row', { title: v.title })}
                checked={selected.has(v.video_id)}
                onChange={() => toggle(v.video_id)}
              />
            </td>
            <td>
              {v.poster ? (
                <img className="console__thumb" src={v.poster} alt="" loading="lazy" width={96} height={54} />
              ) : (
                <span className="console__thumb" />
              )}
            </td>
            <td className="videos-admin__title">
              <Link to={`/admin/videos/${v.video_id}/`}>{v.title}</Link>
              <span className="console__muted">{t('admin_videos.id', { id: v.video_id })}</span>
            </td>
            <td>
              <span className={statusBadge(v.status_id)}>{statusText(v.status_id)}</span>{' '}
              {v.is_private ? <span className="console__badge">{t('admin_videos.private')}</span> : null}
            </td>
            <td>
              {v.uploader ? (
                <Link to={pageUrl({ ...filter, user_id: String(v.uploader.user_id) }, 1)}>
                  {v.uploader.username}
                </Link>
              ) : (
                <span className="console__muted">{t('admin_videos.no_uploader')}</span>
              )}
            </td>
            <td className="num">{v.views}</td>
            <td className="num">{durationClock(v.duration)}</td>
            <td>{v.created_at.slice(0, 10)}</td>
          </tr>
        ))}
      </ConsoleTable>
      <ConsolePagination
        page={list.page}
        pages={pageCount(list.total_count, list.per_page)}
        href={(page) => pageUrl(filter, page)}
      />
    </AdminFrame>
  );
}
