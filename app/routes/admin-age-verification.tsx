// /admin/age-verification/: the members' age-verification photos waiting for a decision (issue 15), for
// moderators and administrators; everyone else gets the spec's 'You do not have permission to view.'
// with HTTP 403. Oldest first. "Approve" and "Reject" (with a reason the member sees) go to POST
// /api/admin/age_verification.php (lib/staff-api.ts, as every console write), then the queue is read
// again; the photo is deleted with the decision.

import age_verification_admin from 'virtual:en/age_verification_admin';
import moderation from 'virtual:en/moderation';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import {
  AGE_REASON_MAX,
  type AgeQueue,
  type AgeQueueItem,
  parseAgeQueueQuery,
} from '../../contract/age-verification.ts';
import { isModerator } from '../../contract/moderation-values.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import {
  ConsoleNotice,
  ConsolePagination,
  DecisionFacts,
  firstText,
  pageCount,
  shortWhen,
  useDecision,
} from '../components/admin/console-kit.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish, i18n } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import { decideAgeVerification, refusalOf, submittedFields } from '../lib/staff-api.ts';
import type { Route } from './+types/admin-age-verification.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ moderation, age_verification_admin });

// The console's frame and stylesheet (issue 17).
export const links = adminLinks;

type LoaderData = { forbidden: true; queue: null } | { forbidden: false; queue: AgeQueue };

/** What the last decision came to: the notice, or the code of its error. */
type Outcome =
  | { ok: true; state: 'approved' | 'rejected'; verificationId: number }
  | { ok: false; verificationId: number | null; code: string };

const pageUrl = (page: number) => `/admin/age-verification/${page > 1 ? `?page=${page}` : ''}`;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!isModerator(user)) return data<LoaderData>({ forbidden: true, queue: null }, { status: 403 });
  const parsed = parseAgeQueueQuery(Object.fromEntries(url.searchParams));
  if (!parsed.ok) notFound();
  const queue = await servicesOf(context).ageVerification.queue(user, parsed.query);
  return data<LoaderData>({ forbidden: false, queue });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    location,
    title: i18n.t('age_verification_admin.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

function RequestCard({
  item,
  busy,
  onSubmit,
}: {
  item: AgeQueueItem;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <article className="moderation-item" data-verification-id={item.verification_id}>
      <div className="moderation-item__media">
        {item.photo ? (
          <a href={item.photo} target="_blank" rel="noreferrer">
            <img
              className="age-review__photo"
              src={item.photo}
              alt={t('age_verification_admin.photo', { name: item.user.username })}
              width={320}
              height={240}
            />
          </a>
        ) : (
          <p className="moderation-item__desc">{t('age_verification_admin.no_photo')}</p>
        )}
      </div>
      <div className="moderation-item__body">
        <DecisionFacts
          facts={[
            [
              t('age_verification_admin.member'),
              <Link key="member" to={`/members/${item.user.user_id}/`}>
                {item.user.username}
              </Link>,
            ],
            [
              t('age_verification_admin.sent'),
              <time key="sent" dateTime={item.created_at}>
                {shortWhen(item.created_at)}
              </time>,
            ],
          ]}
        />
        <form method="post" className="moderation-item__form" onSubmit={onSubmit}>
          <input type="hidden" name="verification_id" value={item.verification_id} />
          <div className="moderation-item__reject">
            <label>
              {t('age_verification_admin.reason_label')}
              <textarea
                name="reason"
                rows={2}
                maxLength={AGE_REASON_MAX}
                placeholder={t('age_verification_admin.reason_hint')}
              />
            </label>
          </div>
          <div className="moderation-item__actions">
            <button
              type="submit"
              name="act"
              value="approve"
              className="button button--primary"
              disabled={busy}
            >
              {t('age_verification_admin.approve')}
            </button>
            <button
              type="submit"
              name="act"
              value="reject"
              className="button moderation-item__reject-button"
              disabled={busy}
            >
              {t('age_verification_admin.reject')}
            </button>
          </div>
        </form>
      </div>
    </article>
  );
}

export default function AgeVerificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useRootData()?.user?.role ?? '';
  const { result, busy, decide: send } = useDecision<Outcome>();

  function decide(event: FormEvent<HTMLFormElement>, verificationId: number) {
    const fields = submittedFields(event);
    return send(
      async () => {
        const decided = await decideAgeVerification(fields);
        return { ok: true, state: decided.state, verificationId: decided.verification_id };
      },
      (error) => ({ ok: false, verificationId, code: refusalOf(error).codes[0]?.code ?? 'failed' }),
    );
  }

  if (loaderData.forbidden) return <Notice title={t('moderation.forbidden')} />;
  const { queue } = loaderData;

  return (
    <AdminFrame section="age_verification" role={role}>
      <section className="page moderation">
        <h1 className="page__title">{t('age_verification_admin.title')}</h1>
        <p className="moderation__count">{t('age_verification_admin.intro')}</p>
        <p className="moderation__count">{t('age_verification_admin.count', { count: queue.total_count })}</p>
        {result?.ok ? (
          <ConsoleNotice kind="moderation">
            {t(`age_verification_admin.notice.${result.state}`, { id: result.verificationId })}
          </ConsoleNotice>
        ) : null}
        {result && !result.ok ? (
          <ConsoleNotice kind="moderation" error>
            {firstText(t, [
              `age_verification_admin.error.${result.code}`,
              'age_verification_admin.error.failed',
            ])}
          </ConsoleNotice>
        ) : null}
        {queue.items.length === 0 ? (
          <p className="moderation__empty">{t('age_verification_admin.empty')}</p>
        ) : (
          <div className="moderation__list">
            {queue.items.map((item) => (
              <RequestCard
                key={item.verification_id}
                item={item}
                busy={busy}
                onSubmit={(event) => void decide(event, item.verification_id)}
              />
            ))}
          </div>
        )}
        <ConsolePagination
          page={queue.page}
          pages={pageCount(queue.total_count, queue.per_page)}
          href={pageUrl}
        />
      </section>
    </AdminFrame>
  );
}
