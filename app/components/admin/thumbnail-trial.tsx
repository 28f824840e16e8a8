// The console video page's thumbnail-trial panel (issue 32 part 1; server/modules/thumbs): each candidate
// still with its impressions, clicks, click rate and the rule's chance that it is the best, the trial's
// state (running, settled, pinned), and pin / unpin / restart. Reads and acts through
// /api/admin/thumbs.php (moderators and administrators).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_THUMBS_PATH, type AdminThumbs, type TrialAct } from '../../../contract/thumbs-values.ts';
import { ApiError, requestJson } from '../../lib/api-client.ts';
import { ConsoleNotice, ConsoleTable, shortWhen } from './console-kit.tsx';

type Load = { state: 'loading' } | { state: 'failed'; code: string } | { state: 'ready'; view: AdminThumbs };

const BADGE: Record<AdminThumbs['state'], string> = {
  none: 'console__badge',
  trial: 'console__badge console__badge--warn',
  settled: 'console__badge console__badge--ok',
  pinned: 'console__badge console__badge--ok',
};

const percent = (n: number, digits = 1) => `${(n * 100).toFixed(digits)}%`;

export function ThumbnailTrial({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    requestJson<AdminThumbs>(`${ADMIN_THUMBS_PATH}?video_id=${videoId}`, { signal: abort.signal })
      .then((view) => setLoad({ state: 'ready', view }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted)
          setLoad({ state: 'failed', code: e instanceof ApiError ? e.code : 'network' });
      });
    return () => abort.abort();
  }, [videoId]);

  async function act(what: TrialAct, still?: number) {
    if (what === 'restart' && !window.confirm(t('admin_videos.thumbs.restart_confirm'))) return;
    setBusy(true);
    setError(null);
    try {
      const view = await requestJson<AdminThumbs>(ADMIN_THUMBS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          video_id: String(videoId),
          act: what,
          ...(still === undefined ? {} : { still: String(still) }),
        }),
      });
      setLoad({ state: 'ready', view });
    } catch (e) {
      setError(e instanceof ApiError ? e.code : 'network');
    } finally {
      setBusy(false);
    }
  }

  const stillName = (still: number) =>
    still === 0 ? t('admin_videos.thumbs.still_poster') : t('admin_videos.thumbs.still_n', { n: still });

  return (
    <section
      className="console__panel console__panel--stacked"
      aria-labelledby="thumbs-title"
      data-testid="thumbnail-trial"
    >
      <h2 id="thumbs-title" className="console__subtitle">
        {t('admin_videos.thumbs.title')}
      </h2>
      {load.state === 'loading' ? (
        <p className="console__muted">{t('admin_videos.thumbs.loading')}</p>
      ) : load.state === 'failed' ? (
        <ConsoleNotice error>{t('admin_videos.thumbs.error', { code: load.code })}</ConsoleNotice>
      ) : (
        <>
          <p className="console__row">
            <span className={BADGE[load.view.state]} data-state={load.view.state}>
              {t(`admin_videos.thumbs.state_${load.view.state}`)}
            </span>
            {load.view.started_at ? (
              <span className="console__muted">
                {t('admin_videos.thumbs.started', { date: shortWhen(load.view.started_at) })}
              </span>
            ) : null}
            {load.view.decided_at ? (
              <span className="console__muted">
                {t('admin_videos.thumbs.decided', { date: shortWhen(load.view.decided_at) })}
              </span>
            ) : null}
          </p>
          <p className="console__muted">{t('admin_videos.thumbs.intro')}</p>
          {error ? (
            <ConsoleNotice error>{t('admin_videos.thumbs.error', { code: error })}</ConsoleNotice>
          ) : null}
          <ConsoleTable
            columns={[
              t('admin_videos.thumbs.col_still'),
              { label: t('admin_videos.thumbs.col_impressions'), className: 'num' },
              { label: t('admin_videos.thumbs.col_clicks'), className: 'num' },
              { label: t('admin_videos.thumbs.col_rate'), className: 'num' },
              { label: t('admin_videos.thumbs.col_best'), className: 'num' },
              '',
            ]}
            rows={load.view.stills.length}
            empty={<p className="console__muted">{t('admin_videos.thumbs.none')}</p>}
          >
            {load.view.stills.map((s) => {
              const shown = load.view.chosen === s.still;
              return (
                <tr key={s.still} data-still={s.still}>
                  <td>
                    <img
                      className="console__thumb"
                      src={s.url}
                      alt=""
                      loading="lazy"
                      width={96}
                      height={54}
                    />
                    <span>{stillName(s.still)}</span>
                    {shown ? (
                      <span className="console__badge console__badge--ok">
                        {t('admin_videos.thumbs.shown')}
                      </span>
                    ) : load.view.state === 'trial' && !s.live ? (
                      <span className="console__badge">{t('admin_videos.thumbs.dropped')}</span>
                    ) : null}
                  </td>
                  <td className="num">{s.impressions.toLocaleString()}</td>
                  <td className="num">{s.clicks.toLocaleString()}</td>
                  <td className="num">{percent(s.rate, 2)}</td>
                  <td className="num">{s.p_best === null ? '–' : percent(s.p_best, 0)}</td>
                  <td>
                    {load.view.state === 'pinned' && shown ? (
                      <button type="button" className="button" disabled={busy} onClick={() => act('unpin')}>
                        {t('admin_videos.thumbs.unpin')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        onClick={() => act('pin', s.still)}
                      >
                        {t('admin_videos.thumbs.pin')}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </ConsoleTable>
          {load.view.stills.length >= 2 ? (
            <p className="console__row">
              <button type="button" className="button" disabled={busy} onClick={() => act('restart')}>
                {load.view.state === 'none'
                  ? t('admin_videos.thumbs.start')
                  : t('admin_videos.thumbs.restart')}
              </button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
