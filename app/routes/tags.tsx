import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { PAGE_SIZE } from '../../contract/catalog.ts';
import { TAG_LETTERS } from '../../contract/catalog-api-values.ts';
import { objectListingSeo } from '../lib/catalogue.ts';
import { addEnglish, metaT, type Translate } from '../lib/i18n.ts';
import { parseDir } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { redirectTarget } from '../lib/redirects.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/tags.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

/** shell.md §3: the letter list is 0 then a-z; 'all' shows every tag. */
const LETTERS = TAG_LETTERS;

// /tags/x/ is a letter when x is one of LETTERS (in upper case it moves to the lower-case one: lib/
// redirects.ts); anything else is a tag dir, whose videos live at /tags/x/1/ (a single-letter tag is
// therefore only reachable with its page number).
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const moved = redirectTarget(url.pathname);
  if (moved) throw redirect(`${moved}${url.search}`, 301);
  const letter = params.letter ?? 'all';
  if (!LETTERS.includes(letter)) {
    const dir = parseDir(letter);
    throw redirect(`/tags/${encodeURIComponent(dir)}/1/${url.search}`, 301);
  }
  const { catalog, listings } = servicesOf(context);
  const gender = genderFrom(request.headers.get('cookie'));
  const [{ tags }, popular] = await Promise.all([
    listings.tags(letter === 'all' ? undefined : letter, gender),
    // Tags have no picture: the link preview shows the most popular video's poster. The same query as
    // /videos/most-popular/1/, so the two share one cached result.
    catalog.listVideos({ gender, sort: 'most-popular', page: 1, perPage: PAGE_SIZE.videos }),
  ]);
  return { letter, tags, image: popular.videos.find((v) => v.scr)?.scr ?? null };
}

function headingOf(letter: string, t: Translate): string {
  return letter === 'all' ? t('page.tags') : t('page.tags_letter', { letter: letter.toUpperCase() });
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  const title = headingOf(loaderData?.letter ?? 'all', t);
  return pageMeta({
    site,
    location,
    title,
    description: t('catalogue.tags_description', { site: site.name }),
    ...objectListingSeo(
      (loaderData?.tags ?? []).map((tag) => ({ url: `/tags/${tag.dir}/1/`, name: tag.title })),
      site,
      0,
      loaderData?.image,
    ),
  });
}

export default function Tags({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { letter, tags } = loaderData;
  return (
    <section className="page">
      <h1 className="page__title">{headingOf(letter, t)}</h1>
      <nav className="tabs tabs--letters" aria-label={t('catalogue.letters')}>
        {LETTERS.map((l) => (
          <Link
            key={l}
            to={l === 'all' ? '/tags/' : `/tags/${l}/`}
            className={l === letter ? 'tab is-active' : 'tab'}
            aria-current={l === letter ? 'page' : undefined}
          >
            {l === 'all' ? t('catalogue.letter_all') : l === '0' ? t('catalogue.letter_0') : l.toUpperCase()}
          </Link>
        ))}
      </nav>
      {tags.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="tag-list">
        {tags.map((tag) => (
          <li key={tag.dir}>
            <Link to={`/tags/${tag.dir}/1/`}>
              {tag.title} <span className="tag-list__count">{tag.total_videos}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
