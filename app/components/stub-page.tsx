// Routes whose content comes in later work: the shell and a heading naming the page. Their loaders
// already validate the URL, so redirects and 404s are right from the start.
import { useTranslation } from 'react-i18next';
import type { MetaDescriptor } from 'react-router';
import type en from '../../locales/en.json';
import { metaT } from '../lib/i18n.ts';
import { siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';

type PageTexts = (typeof en)['page'];
/** The page headings: the namespace's plain texts (not its groups, such as the search tabs). */
export type PageKey = { [K in keyof PageTexts]: PageTexts[K] extends string ? K : never }[keyof PageTexts];

/** The values the page headings of locales/en.json interpolate. */
export interface HeadingParams {
  name?: string;
  category?: string;
  tag?: string;
  letter?: string;
  query?: string;
}

export interface StubData {
  heading: PageKey;
  params?: HeadingParams;
  page?: number;
}

export function stub(heading: PageKey, params?: HeadingParams, page?: number): StubData {
  return { heading, params, page };
}

type StubMetaArgs = {
  loaderData: StubData | undefined;
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

export function stubMeta({ loaderData, location, matches }: StubMetaArgs): MetaDescriptor[] {
  const t = metaT(matches);
  const site = siteOf(matches);
  const title = loaderData ? t(`page.${loaderData.heading}`, { ...loaderData.params }) : site.name;
  return pageMeta({
    site,
    location,
    title,
    description: t('seo.description', { title, site: site.name }),
    page: loaderData?.page,
  });
}

export function StubPage({ data }: { data: StubData }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page__title">{t(`page.${data.heading}`, { ...data.params })}</h1>
    </section>
  );
}
