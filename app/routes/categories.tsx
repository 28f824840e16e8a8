import categories from 'virtual:en/categories';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { categoryPath } from '../lib/links.ts';
import { genderFrom } from '../lib/preferences.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/categories.ts';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ categories });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog } = servicesOf(context);
  const categories = await catalog.listCategories(genderFrom(request.headers.get('cookie')));
  return { categories };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  return pageMeta({
    site,
    location,
    title: t('categories.title'),
    description: t('categories.description', { site: site.name }),
  });
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories } = loaderData;
  return (
    <section className="page">
      <h1 className="page__title">{t('categories.title')}</h1>
      {categories.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="grid grid--categories">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={categoryPath(category.dir)} className="category">
              <span className="category__thumb">
                {category.scr ? (
                  <img src={category.scr} alt="" loading="lazy" decoding="async" width={320} height={180} />
                ) : (
                  <span className="category__initial" aria-hidden="true">
                    {category.title.charAt(0)}
                  </span>
                )}
              </span>
              <span className="category__title">{category.title}</span>
              <span className="category__count">
                {t('categories.count', { count: category.total_videos })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
