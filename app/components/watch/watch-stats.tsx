// The line under the video title (content.md §2): views, the like rating with its likes / dislikes, the
// post date and the uploader. Its tally is the page's (routes/video.tsx): the loader's at first, then the
// vote buttons' counts once a vote is accepted (issue 34: it used to keep the old tally until a reload).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoDetail } from '../../../contract/catalog.ts';
import { shortNumber } from '../../lib/format.ts';
import { ClockIcon, EyeIcon, ThumbIcon } from '../icons.tsx';
import { RelativeTime } from '../relative-time.tsx';
import { ratingPercent, type VoteTally } from './vote-buttons.tsx';

/** What the line shows of the votes: the counts and the rating in whole percent. */
export interface WatchTally extends VoteTally {
  rating: number;
}

/** The loader's tally: the stored rating (0–100) as it comes, rounded. */
export const initialTally = (video: Pick<VideoDetail, 'rating' | 'statistics'>): WatchTally => ({
  likes: video.statistics.likes,
  dislikes: video.statistics.dislikes,
  rating: Math.round(video.rating),
});

/** The tally after a vote: the buttons' counts, the rating recomputed from them as the server does. */
export const tallyAfterVote = (counts: VoteTally): WatchTally => ({
  ...counts,
  rating: ratingPercent(counts.likes, counts.dislikes),
});

function Stat({ icon, children, name }: { icon: ReactNode; children: ReactNode; name?: string }) {
  return (
    <span className="watch__stat" data-stat={name}>
      {icon}
      {children}
    </span>
  );
}

export function WatchStats({
  video,
  tally,
}: {
  video: Pick<VideoDetail, 'video_viewed' | 'post_date' | 'user'>;
  tally: WatchTally;
}) {
  const { t } = useTranslation();
  return (
    <div className="watch__stats">
      <Stat icon={<EyeIcon />} name="views">
        {t('video.views', { count: video.video_viewed, views: shortNumber(video.video_viewed) })}
      </Stat>
      <Stat icon={<ThumbIcon />} name="rating">
        {t('video.rating', { percent: tally.rating })}
        <span className="muted">
          {' '}
          (<span className="sr-only">{t('video.likes')} </span>
          <span data-tally="likes">{shortNumber(tally.likes)}</span> /{' '}
          <span className="sr-only">{t('video.dislikes')} </span>
          <span data-tally="dislikes">{shortNumber(tally.dislikes)}</span>)
        </span>
      </Stat>
      <Stat icon={<ClockIcon />}>
        <span className="sr-only">{t('video.added')} </span>
        <RelativeTime date={video.post_date} />
      </Stat>
      {video.user ? (
        <span className="watch__stat">
          {t('video.uploader')} <Link to={`/members/${video.user.user_id}/`}>{video.user.username}</Link>
        </span>
      ) : null}
    </div>
  );
}
