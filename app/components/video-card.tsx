import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoCard as VideoCardData } from '../../contract/catalog.ts';
import { shortNumber } from '../lib/format.ts';
import { videoPath } from '../lib/links.ts';
import { EyeIcon, ThumbIcon } from './icons.tsx';

export function VideoCard({ video }: { video: VideoCardData }) {
  const { t } = useTranslation();
  return (
    <article className="card">
      <Link to={videoPath(video)} className="card__link" prefetch="intent">
        <div className="card__thumb">
          <img src={video.scr} alt="" loading="lazy" decoding="async" width={320} height={180} />
          {video.hd ? <span className="badge badge--hd">{t('card.hd')}</span> : null}
          <span className="badge badge--duration">
            <span className="sr-only">{t('card.duration')} </span>
            {video.duration}
          </span>
        </div>
        <h3 className="card__title">{video.title}</h3>
      </Link>
      <p className="card__meta">
        <span>
          <EyeIcon /> {shortNumber(video.video_viewed)}
          <span className="sr-only"> {t('card.views')}</span>
        </span>
        <span>
          <ThumbIcon /> {Math.round(video.rating)}%<span className="sr-only"> {t('card.rating')}</span>
        </span>
      </p>
    </article>
  );
}

export function VideoGrid({ videos }: { videos: readonly VideoCardData[] }) {
  return (
    <div className="grid">
      {videos.map((video) => (
        <VideoCard key={video.video_id} video={video} />
      ))}
    </div>
  );
}
