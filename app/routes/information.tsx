// /information/ and its five pages (content.md §2): the legal and information texts, rendered on the
// server with their SEO (components/legal/).

import legal from '../../locales/legal/en.json';
import {
  LEGAL_SECTIONS,
  LegalIndex,
  LegalPage,
  type LegalPageData,
  legalValues,
} from '../components/legal/legal-page.tsx';
import { i18n } from '../lib/i18n.ts';
import { isOneOf } from '../lib/params.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/information.ts';

// Only this route reads the legal texts: they come with its own chunk, not with every page (i18n.ts).
i18n.addResourceBundle('en', 'translation', { legal }, true, false);

type InformationData = LegalPageData | { section: null; siteName: string };

export function loader({ url, context }: Route.LoaderArgs): InformationData {
  const { site } = servicesOf(context);
  const section = url.pathname.split('/')[2] ?? '';
  if (!isOneOf(section, LEGAL_SECTIONS)) return { section: null, siteName: site.name };
  return { section, siteName: site.name, operator: site.operator };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const site = siteOf(matches);
  const section = loaderData?.section ?? null;
  if (!loaderData || section === null) {
    const title = i18n.t('page.information');
    return pageMeta({ site, location, title, description: i18n.t('legal.index_intro', { site: site.name }) });
  }
  const values = 'operator' in loaderData ? legalValues(site.name, loaderData.operator) : { site: site.name };
  return pageMeta({
    site,
    location,
    title: i18n.t(`page.information_${section}`),
    description: i18n.t(`legal.${section}.description`, values),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.section === null) return <LegalIndex siteName={loaderData.siteName} />;
  return <LegalPage data={loaderData} />;
}
