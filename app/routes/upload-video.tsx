// content.md §2 and §6: upload needs a signed-in member; a guest goes home. A temporary redirect: a
// cached 301 would keep sending members home after they sign in.

import upload from 'virtual:en/upload';
import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { UploadForm } from '../components/upload/upload-form.tsx';
import { UploaderVerificationState } from '../components/upload/uploader-verification.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/upload-video.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ upload });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) throw redirect('/', 302);
  const services = servicesOf(context);
  // Performer records (issue 31): a member's upload is followed by the records step.
  // Uploaders verified once (issue 31): where the member stands, when it is asked of them.
  const verification = services.uploads.verificationRequired(user)
    ? await services.ageVerification.standing(user)
    : null;
  return {
    ...(await services.uploads.formOptions(user)),
    recordsRequired: services.records.requiredFor(user),
    verification,
  };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('upload.title'),
    description: t('upload.description'),
    // A member's own page: nothing for search engines.
    robots: 'noindex, nofollow',
  });
}

export default function UploadVideo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { verification } = loaderData;
  return (
    <section className="page upload-page">
      <h1 className="page__title">{t('upload.title')}</h1>
      {verification ? <UploaderVerificationState verification={verification} /> : null}
      {verification && verification.state !== 'approved' ? null : (
        <UploadForm options={loaderData} recordsRequired={loaderData.recordsRequired} />
      )}
    </section>
  );
}
