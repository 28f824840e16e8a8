// /admin/moderation/ (issue 4): the queue of uploads waiting for a decision, for moderators and
// administrators. Everyone else gets the spec's 'You do not have permission to view.' with HTTP 403.
// Decisions post to this route's action (works without JavaScript); the loader then runs again, so a
// decided video leaves the list, and a notice says what happened.

import moderation from 'virtual:en/moderation';
import { useTranslation } from 'react-i18next';
import { data, type ShouldRevalidateFunctionArgs, useActionData, useNavigation } from 'react-router';
import {
  FORBIDDEN_MESSAGE,
  isModerator,
  type ModerationQueue,
  parseModerationInput,
} from '../../contract/moderation.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { type ItemError, ModerationCard } from '../components/moderation/moderation-item.tsx';
import { Pagination } from '../components/pagination.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { isDomainError, readStaffForm, sameOrigin } from '../lib/staff-actions.ts';
import type { Route } from './+types/admin-moderation.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ moderation });

// The console's frame and stylesheet (issue 17).
export const links = adminLinks;

type LoaderData = { forbidden: true; queue: null } | { forbidden: false; queue: ModerationQueue };

export type ActionResult =
  | { ok: true; act: 'approve' | 'reject'; title: string; videoId: number }
  | { ok: false; videoId: number | null; errors: ItemError[] };

function pageOf(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) notFound();
  return Number(raw);
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!isModerator(user)) return data<LoaderData>({ forbidden: true, queue: null }, { status: 403 });
  const page = pageOf(url);
  const queue = await servicesOf(context).moderation.queue(user, page);
  return data<LoaderData>({ forbidden: false, queue });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const services = servicesOf(context);
  const fail = (status: number, videoId: number | null, errors: ItemError[]) =>
    data<ActionResult>({ ok: false, videoId, errors }, { status });
  if (!isModerator(user)) return fail(403, null, [{ field: 'general', code: 'forbidden' }]);
  if (!sameOrigin(request, services.site.publicUrl)) {
    return fail(403, null, [{ field: 'general', code: 'bad_origin' }]);
  }
  const read = await readStaffForm(request);
  if (!read.ok) return fail(read.status, null, read.errors);
  const form = read.fields;
  const videoId =
    typeof form.video_id === 'string' && /^\d+$/.test(form.video_id) ? Number(form.video_id) : null;
  const parsed = parseModerationInput(form);
  if (!parsed.ok) return fail(400, videoId, parsed.codes);
  try {
    await services.moderation.decide(user, parsed.command);
  } catch (error) {
    if (isDomainError(error) && error.status < 500) {
      return fail(error.status, videoId, [{ field: 'general', code: error.code }]);
    }
    throw error;
  }
  const title = typeof form.title === 'string' ? form.title.slice(0, 200) : '';
  return data<ActionResult>({ ok: true, act: parsed.command.act, title, videoId: parsed.command.videoId });
}

/** A 409 means someone else decided first: reload the queue so the video leaves the list. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('moderation.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  if (loaderData.forbidden)
    return <Notice title={t('moderation.forbidden', { defaultValue: FORBIDDEN_MESSAGE })} />;
  const { queue } = loaderData;
  const pages = Math.max(1, Math.ceil(queue.total_count / queue.per_page));
  const errorsFor = (videoId: number) =>
    result && !result.ok && (result.videoId === videoId || result.videoId === null) ? result.errors : [];
  const pageError =
    result &&
    !result.ok &&
    result.videoId !== null &&
    !queue.videos.some((v) => v.video_id === result.videoId)
      ? result.errors[0]
      : undefined;

  return (
    <AdminFrame section="moderation" role={role}>
      <section className="page moderation">
        <h1 className="page__title">{t('moderation.title')}</h1>
        <p className="moderation__count">{t('moderation.waiting', { count: queue.total_count })}</p>
        {result?.ok ? (
          <p className="moderation__notice" role="status">
            {t(result.act === 'approve' ? 'moderation.notice.approved' : 'moderation.notice.rejected', {
              title: result.title,
            })}
          </p>
        ) : null}
        {pageError ? (
          <p className="moderation__notice moderation__notice--error" role="alert">
            {t(`moderation.error.${pageError.code}` as 'moderation.error.failed', {
              defaultValue: t('moderation.error.failed'),
            })}
          </p>
        ) : null}
        {queue.videos.length === 0 ? (
          <p className="moderation__empty">{t('moderation.empty')}</p>
        ) : (
          <div className="moderation__list">
            {queue.videos.map((item) => (
              <ModerationCard
                key={item.video_id}
                item={item}
                errors={errorsFor(item.video_id)}
                busy={navigation.state === 'submitting'}
              />
            ))}
          </div>
        )}
        <Pagination current={queue.page} count={pages} href={(page) => `/admin/moderation/?page=${page}`} />
      </section>
    </AdminFrame>
  );
}
