// The partner channel's 'Watch' button (content.md §2: "Channel id 2681 is special: no channel block, and
// a 'Watch' button in the player"; the channel's `partner` setting since migration 0044). It links to the
// channel's site, else to its page on this site, and sits in the player's top corner above the poster,
// the related panel and the controls (under the pre-roll and the error view).
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../../../contract/catalog.ts';

export function PartnerWatch({ channel }: { channel: VideoDetail['channel'] }) {
  const { t } = useTranslation();
  if (!channel?.partner) return null;
  const site = channel.url;
  return (
    <a
      className="button button--primary player__partner-watch"
      href={site ?? `/pornsite/${channel.dir}/`}
      title={channel.title}
      data-testid="player-partner-watch"
      {...(site ? { target: '_blank', rel: 'nofollow noopener' } : {})}
    >
      {t('player.partner_watch')}
    </a>
  );
}
