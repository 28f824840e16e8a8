// /admin/videos/{id}/ (issue 17): one video's editable fields for moderators and administrators —
// title, description, categories, models, channel, tags, visibility, status — a grid of stills to make
// the poster from, delete with its files, and a link to its page on the site. Saving posts to
// /api/admin/video.php, which purges the caches, so the site shows the change at once.
import admin_videos from 'virtual:en/admin_videos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import {
  type AdminVideoDetail,
  CATEGORIES_MAX,
  DESCRIPTION_MAX,
  SETTABLE_STATUSES,
  STATUS_KEYS,
  TITLE_MAX,
} from '../../contract/admin-videos.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { ConsoleNotice, firstText, useErrorText } from '../components/admin/console-kit.tsx';
import { ThumbnailTrial } from '../components/admin/thumbnail-trial.tsx';
import type { Message } from '../components/admin/videos/edit-act.ts';
import { BlockLine, BlockPanel } from '../components/admin/videos/video-block.tsx';
import { Picker } from '../components/admin/videos/video-picker.tsx';
import { StillsPanel } from '../components/admin/videos/video-stills.tsx';
import { RecordsPanel } from '../components/records/records-panel.tsx';
import { Notice } from '../components/status-page.tsx';
import { deleteVideo, errorCodeOf, saveVideo } from '../lib/admin-videos-api.ts';
import { durationClock } from '../lib/clock.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { videoPath } from '../lib/links.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { isDomainError } from '../lib/staff-actions.ts';
import css from '../styles/admin-videos.css?url';
import type { Route } from './+types/admin-video-edit.ts';
import { statusBadge } from './admin-videos.tsx';

addEnglish({ admin_videos });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

type LoaderData = { forbidden: true } | { forbidden: false; role: string; detail: AdminVideoDetail };

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user || !isModerator(user)) return data<LoaderData>({ forbidden: true }, { status: 403 });
  if (!/^[1-9]\d{0,14}$/.test(params.id)) notFound();
  try {
    const detail = await servicesOf(context).videosAdmin.get(user, Number(params.id));
    return data<LoaderData>({ forbidden: false, role: user.role, detail });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) notFound();
    throw error;
  }
}

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  const t = metaT(matches);
  const video = loaderData && !loaderData.forbidden ? loaderData.detail.video : null;
  return pageMeta({
    site: siteOf(matches),
    location,
    title: video ? t('admin_videos.edit.title', { title: video.title }) : t('admin_videos.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

export default function AdminVideoEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('admin_videos.forbidden')} />;
  // Keyed by the video: another video's page starts from its own fields.
  return (
    <VideoEditor key={loaderData.detail.video.video_id} detail={loaderData.detail} role={loaderData.role} />
  );
}

function VideoEditor({ detail, role }: { detail: AdminVideoDetail; role: string }) {
  const { t } = useTranslation();
  const errorTextOf = useErrorText('admin_videos');
  const statusText = (s: number) => firstText(t, [`admin_videos.status.${STATUS_KEYS[s]}`]);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const video = detail.video;
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [categories, setCategories] = useState<number[]>(video.category_ids);
  const [models, setModels] = useState<number[]>(video.model_ids);
  const [channel, setChannel] = useState<string>(video.channel_id ? String(video.channel_id) : '');
  const [tags, setTags] = useState(video.tags.join(', '));
  const [isPrivate, setPrivate] = useState(video.is_private);
  const [status, setStatus] = useState(video.status_id);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const errorText = (field: string, code: string) => errorTextOf(code, field);
  const fieldError = (field: string) =>
    message && !message.ok && message.field === field ? (
      <span className="console__field-error" role="alert">
        {errorText(message.field, message.code)}
      </span>
    ) : null;
  // The statuses offered: the settable ones, and the current one when the pipeline or the queue holds it.
  const statuses = [...new Set<number>([video.status_id, ...SETTABLE_STATUSES])].sort();

  async function run(work: () => Promise<unknown>, done: Message) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
      setMessage(done);
      revalidator.revalidate();
    } catch (error) {
      setMessage({ ok: false, ...errorCodeOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    void run(
      () =>
        saveVideo(video.video_id, {
          title,
          description,
          categories,
          models,
          channel: channel ? Number(channel) : null,
          tags,
          private: isPrivate,
          status,
        }),
      { ok: true, key: 'saved' },
    );
  };

  async function remove() {
    if (!window.confirm(t('admin_videos.edit.delete_confirm', { title: video.title }))) return;
    setBusy(true);
    try {
      await deleteVideo(video.video_id);
      navigate('/admin/videos/?deleted=1');
    } catch (error) {
      setMessage({ ok: false, ...errorCodeOf(error) });
      setBusy(false);
    }
  }

  return (
    <AdminFrame section="videos" role={role}>
      <p className="console__row">
        <Link to="/admin/videos/">{t('admin_videos.edit.back')}</Link>
        <a href={videoPath(video)} target="_blank" rel="noreferrer">
          {t('admin_videos.edit.view_on_site')}
        </a>
      </p>
      <h1 className="console__title">{t('admin_videos.edit.heading', { id: video.video_id })}</h1>
      <p className="console__row console__muted">
        <span className={statusBadge(video.status_id)}>{statusText(video.status_id)}</span>
        <span>
          {video.uploader
            ? t('admin_videos.edit.uploader', { name: video.uploader.username })
            : t('admin_videos.no_uploader')}
        </span>
        <span>{t('admin_videos.edit.views', { count: video.views })}</span>
        <span>{durationClock(video.duration)}</span>
        <span>{t('admin_videos.edit.added', { date: video.created_at.slice(0, 10) })}</span>
      </p>
      {video.reject_code ? (
        <p className="console__notice" data-reject-code={video.reject_code}>
          {t(`admin_videos.block.reject_${video.reject_code}`, { defaultValue: video.reject_code })}
          {video.blocked_by ? (
            <>
              {' '}
              <BlockLine block={video.blocked_by} kind="matched" />
            </>
          ) : null}
        </p>
      ) : video.reject_reason ? (
        <p className="console__notice">
          {t('admin_videos.edit.reject_reason', { reason: video.reject_reason })}
        </p>
      ) : null}
      {message?.ok ? (
        <ConsoleNotice>{t(`admin_videos.edit.${message.key}`)}</ConsoleNotice>
      ) : message && message.field === 'general' ? (
        <ConsoleNotice error>{errorText(message.field, message.code)}</ConsoleNotice>
      ) : null}

      <div className="videos-admin__edit">
        <form className="console__form" onSubmit={save} aria-label={t('admin_videos.edit.form_label')}>
          <label className="console__field">
            <span>{t('admin_videos.field.title')}</span>
            <input
              type="text"
              name="title"
              required
              maxLength={TITLE_MAX}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
            {fieldError('title')}
          </label>
          <label className="console__field">
            <span>{t('admin_videos.field.description')}</span>
            <textarea
              name="description"
              rows={5}
              maxLength={DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            {fieldError('description')}
          </label>
          <Picker
            name="categories"
            label={t('admin_videos.field.categories', { max: CATEGORIES_MAX })}
            choices={detail.categories}
            picked={categories}
            onChange={setCategories}
            max={CATEGORIES_MAX}
          />
          {fieldError('categories')}
          <Picker
            name="models"
            label={t('admin_videos.field.models')}
            choices={detail.models}
            picked={models}
            onChange={setModels}
          />
          {fieldError('models')}
          <label className="console__field">
            <span>{t('admin_videos.field.channel')}</span>
            <select name="channel" value={channel} onChange={(e) => setChannel(e.target.value)}>
              <option value="">{t('admin_videos.field.channel_none')}</option>
              {detail.channels.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.title}
                </option>
              ))}
            </select>
            {fieldError('channel')}
          </label>
          <label className="console__field">
            <span>{t('admin_videos.field.tags')}</span>
            <input type="text" name="tags" value={tags} onChange={(e) => setTags(e.target.value)} />
            <span className="console__muted">{t('admin_videos.field.tags_hint')}</span>
            {fieldError('tags')}
          </label>
          <div className="console__row">
            <label className="console__field">
              <span>{t('admin_videos.field.visibility')}</span>
              <select
                name="private"
                value={isPrivate ? '1' : '0'}
                onChange={(e) => setPrivate(e.target.value === '1')}
              >
                <option value="0">{t('admin_videos.public')}</option>
                <option value="1">{t('admin_videos.private')}</option>
              </select>
            </label>
            <label className="console__field">
              <span>{t('admin_videos.field.status')}</span>
              <select
                name="status"
                value={String(status)}
                onChange={(e) => setStatus(Number(e.target.value))}
              >
                {statuses.map((s) => (
                  <option
                    key={s}
                    value={String(s)}
                    disabled={!(SETTABLE_STATUSES as readonly number[]).includes(s)}
                  >
                    {statusText(s)}
                  </option>
                ))}
              </select>
              {fieldError('status')}
            </label>
          </div>
          {!video.has_renditions ? (
            <p className="console__muted">{t('admin_videos.edit.no_renditions')}</p>
          ) : null}
          <div className="console__row">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('admin_videos.edit.saving') : t('admin_videos.edit.save')}
            </button>
            <button type="button" className="button videos-admin__delete" disabled={busy} onClick={remove}>
              {t('admin_videos.edit.delete')}
            </button>
          </div>
        </form>

        <StillsPanel video={video} busy={busy} run={run} error={fieldError('still')} />
      </div>
      <BlockPanel video={video} busy={busy} run={run} />
      <RecordsPanel videoId={video.video_id} />
      <ThumbnailTrial videoId={video.video_id} />
    </AdminFrame>
  );
}
