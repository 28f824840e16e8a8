// The records step of one upload, reached again (issue 31): a member whose upload waits for its performer
// records (not sent yet, or rejected) comes back here from their uploads list. The loader asks the
// records service (records.own: the video's owner, or staff; anyone else is refused with 403 forbidden),
// so the form is only ever shown to its owner; another member gets the 403 answer's message and no form.
// A guest goes home, as on the upload page.
import upload from 'virtual:en/upload';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { UPLOAD_PAGE } from '../../contract/upload-values.ts';
import { Notice } from '../components/status-page.tsx';
import { RecordsForm } from '../components/upload/records-form.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { notFound } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import { isDomainError } from '../lib/staff-actions.ts';
import type { Route } from './+types/upload-records.ts';

addEnglish({ upload });

type LoaderData =
  | { forbidden: true }
  | {
      forbidden: false;
      videoId: number;
      /** form: not sent yet or rejected; pending: sent, waiting for staff; checked; none: not required. */
      step: 'form' | 'pending' | 'checked' | 'none';
      reason: string | null;
    };

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) throw redirect('/', 302);
  if (!/^[1-9]\d{0,14}$/.test(params.id)) notFound();
  const videoId = Number(params.id);
  try {
    // Only the owner sends them: staff are refused here too (they read them in the console).
    const own = await servicesOf(context).records.own(user, videoId, true);
    const step = !own.required
      ? 'none'
      : own.status === 'checked'
        ? 'checked'
        : own.status === 'rejected' || !own.submitted
          ? 'form'
          : 'pending';
    return data<LoaderData>({ forbidden: false, videoId, step, reason: own.reason });
  } catch (error) {
    if (isDomainError(error) && error.status === 404) notFound();
    if (isDomainError(error) && error.status === 403) {
      return data<LoaderData>({ forbidden: true }, { status: 403 });
    }
    throw error;
  }
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('upload.records.title'),
    description: t('upload.records.intro'),
    robots: 'noindex, nofollow',
  });
}

export default function UploadRecords({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('upload.records.error.forbidden')} />;
  const { videoId, step, reason } = loaderData;
  return (
    <section className="page upload-page records-page" data-records-step={step}>
      <h1 className="page__title">{t('upload.records.page_title', { id: videoId })}</h1>
      {reason ? (
        <p className="upload-form__alert" role="alert">
          {t('upload.records.rejected', { reason })}
        </p>
      ) : null}
      {step === 'form' ? (
        <RecordsForm videoId={videoId} titled={false} />
      ) : (
        <div className="upload-result" role="status">
          <p className="upload-result__text">
            {step === 'pending'
              ? t('upload.records.sent')
              : step === 'checked'
                ? t('upload.records.checked')
                : t('upload.records.error.records_not_required')}
          </p>
          <Link to={UPLOAD_PAGE} className="button">
            {t('upload.records.to_upload')}
          </Link>
        </div>
      )}
    </section>
  );
}
