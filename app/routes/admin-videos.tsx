// /admin/videos/ (issue 17): every video for moderators and administrators — search by title or id,
// filters by status and visibility, newest first, 50 a page — with checkboxes and a bulk bar (status,
// private, public, delete). Everyone else gets 'You do not have permission to view.' with HTTP 403.
// The filter is a plain GET form; bulk acts post to /api/admin/videos.php and the list is read again.
import admin_videos from 'virtual:en/admin_videos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, useRevalidator } from 'react-router';
import {
  ADMIN_VIDEOS_PAGE_SIZE,
  ADMIN_VIDEOS_SEARCH_MAX,
  type AdminVideoList,
  adminVideosQuery,
  type BulkAction,
  STATUS_KEYS,
  VIDEOS_BULK_MAX,
} from '../../contract/admin-videos.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Notice } from '../components/status-page.tsx';
import { bulkVideos, errorCodeOf } from '../lib/admin-videos-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import css from '../styles/admin-videos.css?url';
import type { Route } from './+types/admin-videos.ts';

addEnglish({ admin_videos });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

interface Filter {
  q: string;
  status: string;
  private: string;
  user_id: string;
}

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
  const raw = Object.fromEntries(url.searchParams);
  const text = (key: string) =>
    typeof raw[key] === 'string' ? raw[key].slice(0, ADMIN_VIDEOS_SEARCH_MAX) : '';
  const filter = { q: text('q'), status: text('status'), private: text('private'), user_id: text('user_id') };
  const parsed = adminVideosQuery.safeParse(raw);
  const base = {
    forbidden: false as const,
    role: user.role,
    filter,
    deleted: url.searchParams.has('deleted'),
  };
  if (!parsed.success) {
    const list = { videos: [], total_count: 0, page: 1, per_page: ADMIN_VIDEOS_PAGE_SIZE };
    return data<LoaderData>({ ...base, invalid: true, list }, { status: 400 });
  }
  const list = await servicesOf(context).videosAdmin.list(user, parsed.data);
  return data<LoaderData>({ ...base, invalid: false, list });
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('admin_videos.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

function pageUrl(filter: Filter, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `/admin/videos/${text ? `?${text}` : ''}`;
}

/** 75 → 1:15, 3725 → 1:02:05. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

export function statusBadge(status: number): string {
  if (status === 1) return 'console__badge console__badge--ok';
  if (status === 4 || status === 5) return 'console__badge console__badge--bad';
  return 'console__badge console__badge--warn';
}

const BULK_CHOICES = ['status_1', 'status_4', 'status_5', 'private', 'public', 'delete'] as const;
type BulkChoice = (typeof BULK_CHOICES)[number];

type Outcome = { ok: true; done: number; failed: number } | { ok: false; code: string };

export default function AdminVideosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [choice, setChoice] = useState<BulkChoice>('status_1');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (loaderData.forbidden) return <Notice title={t('admin_videos.forbidden')} />;
  const { list, filter, role, invalid, deleted } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total_count / list.per_page));
  const ids = list.videos.map((v) => v.video_id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;

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
    setBusy(true);
    try {
      const result = await bulkVideos(act, chosen, status);
      const done = result.results.filter((r) => r.ok).length;
      setOutcome({ ok: true, done, failed: result.results.length - done });
      setSelected(new Set());
      revalidator.revalidate();
    } catch (error) {
      setOutcome({ ok: false, code: errorCodeOf(error).code });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminFrame section="videos" role={role}>
      <h1 className="console__title">{t('admin_videos.title')}</h1>
      <Form method="get" className="console__toolbar" role="search">
        <label>
          {t('admin_videos.search')}
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={ADMIN_VIDEOS_SEARCH_MAX}
            placeholder={t('admin_videos.search_placeholder')}
          />
        </label>
        <label>
          {t('admin_videos.status_label')}
          <select name="status" defaultValue={filter.status}>
            <option value="">{t('admin_videos.any')}</option>
            {[1, 2, 3, 4, 5].map((s) => (
              <option key={s} value={String(s)}>
                {tx(`admin_videos.status.${STATUS_KEYS[s]}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin_videos.visibility_label')}
          <select name="private" defaultValue={filter.private}>
            <option value="">{t('admin_videos.any')}</option>
            <option value="0">{t('admin_videos.public')}</option>
            <option value="1">{t('admin_videos.private')}</option>
          </select>
        </label>
        {filter.user_id ? <input type="hidden" name="user_id" value={filter.user_id} /> : null}
        <button type="submit" className="button">
          {t('admin_videos.filter')}
        </button>
      </Form>

      {deleted && !outcome ? (
        <p className="console__notice" role="status">
          {t('admin_videos.deleted')}
        </p>
      ) : null}
      {invalid ? (
        <p className="console__notice console__notice--error" role="alert">
          {t('admin_videos.invalid')}
        </p>
      ) : null}
      {outcome ? (
        <p
          className={`console__notice${outcome.ok && outcome.failed === 0 ? '' : ' console__notice--error'}`}
          role="status"
        >
          {outcome.ok
            ? outcome.failed === 0
              ? t('admin_videos.bulk.done', { count: outcome.done })
              : t('admin_videos.bulk.partial', { done: outcome.done, failed: outcome.failed })
            : tx(`admin_videos.error.${outcome.code}`, {
                defaultValue: tx('admin_videos.error.other', { code: outcome.code }),
              })}
        </p>
      ) : null}

      <div className="console__row videos-admin__bulk">
        <span className="console__muted">{t('admin_videos.total', { count: list.total_count })}</span>
        <label className="videos-admin__bulk-choice">
          <span className="console__muted">{t('admin_videos.bulk.label', { count: selected.size })}</span>
          <select value={choice} onChange={(e) => setChoice(e.target.value as BulkChoice)}>
            {BULK_CHOICES.map((c) => (
              <option key={c} value={c}>
                {tx(`admin_videos.bulk.act.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={busy || selected.size === 0} onClick={applyBulk}>
          {t('admin_videos.bulk.apply')}
        </button>
      </div>

      {list.videos.length === 0 ? (
        <p className="console__muted">{t('admin_videos.empty')}</p>
      ) : (
        <div className="console__table-wrap">
          <table className="console__table videos-admin__table">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label={t('admin_videos.select_all')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(ids))}
                  />
                </th>
                <th>{t('admin_videos.col.poster')}</th>
                <th>{t('admin_videos.col.title')}</th>
                <th>{t('admin_videos.col.status')}</th>
                <th>{t('admin_videos.col.uploader')}</th>
                <th className="num">{t('admin_videos.col.views')}</th>
                <th className="num">{t('admin_videos.col.duration')}</th>
                <th>{t('admin_videos.col.added')}</th>
              </tr>
            </thead>
            <tbody>
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
                      <img
                        className="console__thumb"
                        src={v.poster}
                        alt=""
                        loading="lazy"
                        width={96}
                        height={54}
                      />
                    ) : (
                      <span className="console__thumb" />
                    )}
                  </td>
                  <td className="videos-admin__title">
                    <Link to={`/admin/videos/${v.video_id}/`}>{v.title}</Link>
                    <span className="console__muted">{t('admin_videos.id', { id: v.video_id })}</span>
                  </td>
                  <td>
                    <span className={statusBadge(v.status_id)}>
                      {tx(`admin_videos.status.${STATUS_KEYS[v.status_id]}`)}
                    </span>{' '}
                    {v.is_private ? (
                      <span className="console__badge">{t('admin_videos.private')}</span>
                    ) : null}
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
                  <td className="num">{clock(v.duration)}</td>
                  <td>{v.created_at.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination current={list.page} count={pages} href={(page) => pageUrl(filter, page)} />
    </AdminFrame>
  );
}
