// "Possible duplicate of #N": a waiting video's best fingerprint match (issue 31), shown on its queue
// card with both videos side by side (poster, title, length, status, links), so the moderator can
// compare before deciding, and "Not a problem" to mark the pair a known duplicate so it stops showing.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VIDEO_STATUS } from '../../../contract/catalog.ts';
import type { ModerationItem, ModerationMatch } from '../../../contract/moderation.ts';
import { durationClock } from '../../lib/clock.ts';
import { videoPath } from '../../lib/links.ts';

interface Side {
  video_id: number;
  dir: string;
  title: string;
  duration: number;
  poster: string | null;
  status_id: number;
}

function MatchSide({ side, label }: { side: Side; label: string }) {
  const { t } = useTranslation();
  return (
    <figure className="moderation-match__side">
      <figcaption className="moderation-match__label">{label}</figcaption>
      {side.poster ? (
        <img src={side.poster} alt="" width={160} height={90} loading="lazy" />
      ) : (
        <span className="moderation-match__noposter" />
      )}
      <p className="moderation-match__title">
        #{side.video_id} {side.title}
      </p>
      <p className="moderation-match__meta">
        {durationClock(side.duration)} · {t(`moderation.status.${side.status_id}` as 'moderation.status.1')}
      </p>
      <p className="moderation-match__links">
        <Link to={`/admin/videos/${side.video_id}/`}>{t('moderation.match.open_admin')}</Link>
        {side.status_id === VIDEO_STATUS.active ? (
          <Link to={videoPath(side)}>{t('moderation.match.open_page')}</Link>
        ) : null}
      </p>
    </figure>
  );
}

export function ModerationMatchNotice({
  item,
  match,
  busy,
  onSubmit,
}: {
  item: ModerationItem;
  match: ModerationMatch;
  busy: boolean;
  /** The page's decision handler: act=not_duplicate with the pair (POST /api/admin/known_duplicate.php). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const percent = Math.round(match.similarity * 100);
  return (
    <section className="moderation-match" aria-label={t('moderation.match.label')}>
      <p className="moderation-match__headline" role="note">
        {t('moderation.match.headline', { id: match.video_id, percent })}
      </p>
      <div className="moderation-match__pair">
        <MatchSide
          label={t('moderation.match.this_video')}
          side={{
            video_id: item.video_id,
            dir: item.dir,
            title: item.title,
            duration: item.duration,
            poster: item.poster,
            status_id: VIDEO_STATUS.waiting,
          }}
        />
        <MatchSide label={t('moderation.match.other_video')} side={match} />
      </div>
      {/* "Not a problem": the pair becomes a known duplicate and stops showing (issue 31). */}
      <form method="post" className="moderation-match__form" onSubmit={onSubmit}>
        <input type="hidden" name="video_id" value={item.video_id} />
        <input type="hidden" name="other_id" value={match.video_id} />
        <button type="submit" name="act" value="not_duplicate" className="button" disabled={busy}>
          {t('moderation.match.not_a_problem')}
        </button>
        <span className="moderation-match__hint">{t('moderation.match.not_a_problem_hint')}</span>
      </form>
    </section>
  );
}
