// /download/ (content.md §2): the browser-extension page. Its query (title, video, thumb) names the video
// the visitor came from; only same-site paths and images are trusted, anything else is dropped. The store
// button goes to the operator's EXTENSION_STORE_URL (site settings); while none is set the page says the
// extension is not published yet instead of linking to a made-up address (docs/decisions.md, issue 34).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { metaT } from '../lib/i18n.ts';
import { siteOf, useRootData } from '../lib/route-data.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/download.ts';

const VIDEO_PATH = /^\/video\/[1-9]\d{0,14}\/[\p{L}\p{N}_-]{1,200}\/$/u;
const IMAGE_PATH = /^\/(media|static|assets)\/[\w./-]{1,300}$/;

export function loader({ url }: Route.LoaderArgs) {
  const q = url.searchParams;
  const title = (q.get('title') ?? '')
    .replace(/<[^>]*>/g, '')
    .trim()
    .slice(0, 200);
  const video = q.get('video') ?? '';
  const thumb = q.get('thumb') ?? '';
  return {
    title: title || null,
    video: VIDEO_PATH.test(video) ? video : null,
    thumb: IMAGE_PATH.test(thumb) && !thumb.includes('..') ? thumb : null,
  };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: t('watch.extension.title'),
    description: t('watch.extension.intro'),
  });
}

export default function DownloadPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, video, thumb } = loaderData;
  const store = useRootData()?.links?.extensionStore ?? null;
  return (
    <section className="page extension-page">
      <h1>{t('watch.extension.title')}</h1>
      <p className="muted">{t('watch.extension.intro')}</p>
      {title || thumb ? (
        <figure>
          {thumb ? <img src={thumb} alt="" width={320} height={180} /> : null}
          {title ? (
            <figcaption>
              {t('watch.extension.video')}{' '}
              {video ? <Link to={video}>{title}</Link> : <strong>{title}</strong>}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      {store ? (
        <p>
          <a href={store} className="button button--primary" target="_blank" rel="noopener noreferrer">
            {t('watch.extension.store')}
          </a>
        </p>
      ) : (
        <p className="muted" data-extension-unpublished="">
          {t('watch.extension.unpublished')}
        </p>
      )}
      {video ? (
        <p>
          <Link to={video}>{t('watch.extension.back')}</Link>
        </p>
      ) : null}
    </section>
  );
}
