// /information/ and its five pages (content.md §2): the legal and information texts, rendered on the
// server with their SEO (components/legal/).

import page from 'virtual:en/page';
import {
  LEGAL_SECTIONS,
  LegalIndex,
  LegalPage,
  type LegalPageData,
  legalValues,
} from '../components/legal/legal-page.tsx';
import { addEnglish, i18n, metaT, onLanguageSwitch, requestLanguage } from '../lib/i18n.ts';
import { addEnglishLegal, loadLegal } from '../lib/legal-texts.ts';
import { isOneOf } from '../lib/params.ts';
import { siteLanguageOf } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/information.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

// Only this route reads the legal texts: English comes with its own chunk, not with every page (i18n.ts);
// other languages load on demand (lib/legal-texts.ts): a switch of language waits for them.
addEnglishLegal();
onLanguageSwitch(loadLegal);

type InformationData = LegalPageData | { section: null; siteName: string };

export async function loader({ request, url, context }: Route.LoaderArgs): Promise<InformationData> {
  const { site } = servicesOf(context);
  await loadLegal(requestLanguage(request));
  const section = url.pathname.split('/')[2] ?? '';
  if (!isOneOf(section, LEGAL_SECTIONS)) return { section: null, siteName: site.name };
  return { section, siteName: site.name, operator: site.operator };
}

// A client navigation here: the texts of the page's language come before it renders.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<InformationData> {
  const [data] = await Promise.all([serverLoader(), loadLegal(siteLanguageOf(i18n.language))]);
  return data;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const section = loaderData?.section ?? null;
  if (!loaderData || section === null) {
    const title = t('page.information');
    return pageMeta({ site, location, title, description: t('legal.index_intro', { site: site.name }) });
  }
  const values = 'operator' in loaderData ? legalValues(site.name, loaderData.operator) : { site: site.name };
  return pageMeta({
    site,
    location,
    title: t(`page.information_${section}`),
    description: t(`legal.${section}.description`, values),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.section === null) return <LegalIndex siteName={loaderData.siteName} />;
  return <LegalPage data={loaderData} />;
}
