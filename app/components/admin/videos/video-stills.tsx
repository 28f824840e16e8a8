// The console video page's poster panel (app/routes/admin-video-edit.tsx): the stills a poster can be
// made from, the current one marked; a click makes it the poster.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVideoDetail } from '../../../../contract/admin-videos.ts';
import { choosePoster } from '../../../lib/admin-videos-api.ts';
import type { RunAct } from './edit-act.ts';

export function StillsPanel({
  video,
  busy,
  run,
  error,
}: {
  video: AdminVideoDetail['video'];
  busy: boolean;
  run: RunAct;
  /** The still's field error, if any. */
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const stillLabel = (key: string) =>
    key === 'original'
      ? t('admin_videos.still.original')
      : key === 'chosen'
        ? t('admin_videos.still.chosen')
        : t('admin_videos.still.n', { n: key });
  return (
    <section className="console__panel videos-admin__stills" aria-labelledby="stills-title">
      <h2 id="stills-title" className="console__subtitle">
        {t('admin_videos.edit.poster')}
      </h2>
      {video.stills.length === 0 ? (
        <p className="console__muted">{t('admin_videos.edit.no_stills')}</p>
      ) : (
        <ul className="videos-admin__still-grid">
          {video.stills.map((s) => (
            <li key={s.key}>
              <button
                type="button"
                className={`videos-admin__still${s.current ? ' videos-admin__still--current' : ''}`}
                aria-pressed={s.current}
                disabled={busy}
                data-still={s.key}
                onClick={() =>
                  run(() => choosePoster(video.video_id, s.key), { ok: true, key: 'poster_saved' })
                }
              >
                <img src={s.url} alt="" loading="lazy" width={160} height={90} />
                <span>
                  {stillLabel(s.key)}
                  {s.current ? ` · ${t('admin_videos.edit.poster_current')}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error}
    </section>
  );
}
