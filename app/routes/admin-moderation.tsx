// /admin/moderation/ (issue 4): the queue of uploads waiting for a decision, for moderators and
// administrators. Everyone else gets the spec's 'You do not have permission to view.' with HTTP 403.
// Decisions go to POST /api/admin/moderation.php (lib/staff-api.ts, as every console write); then the
// loader runs again, so a decided video leaves the list, and a notice says what happened.

import moderation from 'virtual:en/moderation';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import type { ModerationQueue } from '../../contract/moderation.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import {
  ConsoleNotice,
  ConsolePagination,
  consoleMeta,
  firstText,
  pageCount,
  useDecision,
} from '../components/admin/console-kit.tsx';
import { type ItemError, ModerationCard } from '../components/moderation/moderation-item.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, useRootData } from '../lib/route-data.ts';
import { decideModeration, markNotDuplicate, refusalOf, submittedFields } from '../lib/staff-api.ts';
import type { Route } from './+types/admin-moderation.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ moderation });

// The console's frame and stylesheet (issue 17).
export const links = adminLinks;

/** The notice after each kind of decision. */
const NOTICES = {
  approve: 'moderation.notice.approved',
  reject: 'moderation.notice.rejected',
  not_duplicate: 'moderation.notice.not_duplicate',
} as const;

type LoaderData = { forbidden: true; queue: null } | { forbidden: false; queue: ModerationQueue };

/** What the last decision came to: the notice, or the errors of its video (or of the page). */
type Outcome =
  | { ok: true; act: 'approve' | 'reject' | 'not_duplicate'; title: string; videoId: number }
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

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'moderation.title');

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const { result, busy, decide: send, revalidator } = useDecision<Outcome>();

  function decide(event: FormEvent<HTMLFormElement>, item: { video_id: number; title: string }) {
    const fields = submittedFields(event);
    return send(
      async () => {
        if (fields.get('act') === 'not_duplicate') {
          fields.delete('act');
          await markNotDuplicate(fields);
          return { ok: true, act: 'not_duplicate', title: item.title.slice(0, 200), videoId: item.video_id };
        }
        const decided = await decideModeration(fields);
        const act = fields.get('act') === 'reject' ? 'reject' : 'approve';
        return { ok: true, act, title: item.title.slice(0, 200), videoId: decided.video_id };
      },
      (error) => {
        const { status, codes } = refusalOf(error);
        // Field codes belong to the card; anything else is about the whole decision.
        const errors = status === 400 ? codes : [{ field: 'general', code: codes[0]?.code ?? 'failed' }];
        // Someone else decided first: read the queue again, so the video leaves the list.
        if (status === 409) void revalidator.revalidate();
        return { ok: false, videoId: status === 403 ? null : item.video_id, errors };
      },
    );
  }

  if (loaderData.forbidden) return <Notice title={t('moderation.forbidden')} />;
  const { queue } = loaderData;
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
          <ConsoleNotice kind="moderation">{t(NOTICES[result.act], { title: result.title })}</ConsoleNotice>
        ) : null}
        {pageError ? (
          <ConsoleNotice kind="moderation" error>
            {firstText(t, [`moderation.error.${pageError.code}`, 'moderation.error.failed'])}
          </ConsoleNotice>
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
                busy={busy}
                onSubmit={(event) => void decide(event, item)}
              />
            ))}
          </div>
        )}
        <ConsolePagination
          page={queue.page}
          pages={pageCount(queue.total_count, queue.per_page)}
          href={(page) => `/admin/moderation/?page=${page}`}
        />
      </section>
    </AdminFrame>
  );
}
