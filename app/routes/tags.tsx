import page from 'virtual:en/page';
import { useTranslation } from 'react-i18next';
import { Link, redirect } from 'react-router';
import { TAG_LETTERS } from '../../contract/catalog-api-values.ts';
import { addEnglish, metaT, type Translate } from '../lib/i18n.ts';
import { parseDir } from '../lib/params.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/tags.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ page });

/** shell.md §3: the letter list is 0 then a-z; 'all' shows every tag. */
const LETTERS = TAG_LETTERS;

// /tags/x/ is a letter when x is one of LETTERS; anything else is a tag dir, whose videos live at
// /tags/x/1/ (a single-letter tag is therefore only reachable with its page number).
export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const letter = params.letter ?? 'all';
  if (!LETTERS.includes(letter)) {
    const dir = parseDir(letter);
    throw redirect(`/tags/${encodeURIComponent(dir)}/1/${url.search}`, 301);
  }
  const { listings } = servicesOf(context);
  const { tags } = await listings.tags(
    letter === 'all' ? undefined : letter,
    genderFrom(request.headers.get('cookie')),
  );
  return { letter, tags };
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
