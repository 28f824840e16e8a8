// The subscriptions feed on the owner's own /members/{id}/subscriptions/ page (issue 14): the newest
// videos of the models, channels and members they follow, above the list of what they follow.
import { useTranslation } from 'react-i18next';
import { MemberVideoGrid } from './member/member-lists.tsx';
import type { CardView } from './video-card.tsx';

export function SubscriptionFeed({ videos }: { videos: readonly CardView[] }) {
  const { t } = useTranslation();
  return (
    <section className="subscription-feed" aria-labelledby="subscription-feed-title">
      <h2 className="subscription-feed__title" id="subscription-feed-title">
        {t('community.feed.title')}
      </h2>
      {videos.length ? (
        <MemberVideoGrid videos={videos} />
      ) : (
        <p className="empty">{t('community.feed.empty')}</p>
      )}
    </section>
  );
}
