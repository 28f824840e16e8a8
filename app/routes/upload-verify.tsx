// Uploaders verified once (issue 31): the member's page to pass the site's age verification before their
// first upload when performer records are required (UPLOAD_RECORDS, UPLOADER_VERIFICATION). A photo goes
// to the staff's review (/admin/age-verification/); the page shows the wait, a rejection's reason with
// the form again, or the way back to the upload form once approved. A guest goes home, as on the upload page.
import upload from 'virtual:en/upload';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { UPLOAD_PAGE } from '../../contract/upload-values.ts';
import { UploaderVerificationState, VerifyPhotoForm } from '../components/upload/uploader-verification.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/upload-verify.ts';

addEnglish({ upload });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) throw redirect('/', 302);
  const services = servicesOf(context);
  return {
    required: services.uploads.verificationRequired(user),
    verification: await services.ageVerification.standing(user),
  };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('upload.verify.title'),
    description: t('upload.verify.intro'),
    robots: 'noindex, nofollow',
  });
}

export default function UploadVerify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { verification, required } = loaderData;
  const mayUpload = verification.state === 'approved' || !required;
  return (
    <section className="page upload-page verify-page" data-verification={verification.state}>
      <h1 className="page__title">{t('upload.verify.title')}</h1>
      <p className="verify-page__intro">{t('upload.verify.intro')}</p>
      {verification.state === 'none' ? null : (
        <UploaderVerificationState verification={verification} link={false} />
      )}
      {verification.state === 'none' || verification.state === 'rejected' ? <VerifyPhotoForm /> : null}
      {mayUpload ? (
        <Link to={UPLOAD_PAGE} className="button button--primary verify-page__upload">
          {t('upload.verify.to_upload')}
        </Link>
      ) : null}
    </section>
  );
}
