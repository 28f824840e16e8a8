// The console video page's performer-records panel (issue 31). Moderators see whether records are
// required, their status and the performers' stage names; administrators and custodians also read each
// consent and ID image (decrypted by its own no-store call, each opening audited), download the
// inspection export, and mark the records checked or rejected. A video waits in moderation until its
// records are checked.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordsView } from '../../../contract/records.ts';
import {
  RECORDS_EXPORT_PATH,
  RECORDS_REASON_MAX,
  type RecordsDecision,
} from '../../../contract/records-values.ts';
import { ApiError } from '../../lib/api-client.ts';
import { decideRecords, recordsOf } from '../../lib/records-api.ts';

type Load = { state: 'loading' } | { state: 'failed'; code: string } | { state: 'ready'; view: RecordsView };

export function RecordsPanel({ videoId }: { videoId: number }) {
  const { t, i18n } = useTranslation();
  const tx = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` reloads the records after a decision.
  useEffect(() => {
    const abort = new AbortController();
    recordsOf(videoId, abort.signal)
      .then((view) => setLoad({ state: 'ready', view }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted)
          setLoad({ state: 'failed', code: e instanceof ApiError ? e.code : 'network' });
      });
    return () => abort.abort();
  }, [videoId, round]);

  const errorText = (code: string) =>
    i18n.exists(`admin_videos.records.error.${code}`)
      ? tx(`admin_videos.records.error.${code}`)
      : tx('admin_videos.records.error.generic', { code });

  async function decide(act: RecordsDecision) {
    setBusy(true);
    setError(null);
    try {
      await decideRecords(videoId, act, act === 'reject' ? reason : '');
      setReason('');
      setRound((n) => n + 1);
    } catch (e) {
      const code =
        e instanceof ApiError ? (e.codes[0]?.field === 'reason' ? 'reason_required' : e.code) : 'network';
      setError(code);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="console__panel records-panel"
      aria-labelledby="records-title"
      data-testid="records-panel"
    >
      <h2 id="records-title" className="console__subtitle">
        {t('admin_videos.records.title')}
      </h2>
      {load.state === 'loading' ? (
        <p className="console__muted">{t('admin_videos.records.loading')}</p>
      ) : load.state === 'failed' ? (
        <p className="console__field-error" role="alert">
          {errorText(load.code)}
        </p>
      ) : !load.view.required ? (
        <p className="console__muted">{t('admin_videos.records.not_required')}</p>
      ) : (
        <RecordsBody
          view={load.view}
          reason={reason}
          onReason={setReason}
          busy={busy}
          onDecide={decide}
          error={error ? errorText(error) : null}
        />
      )}
    </section>
  );
}

function RecordsBody({
  view,
  reason,
  onReason,
  busy,
  onDecide,
  error,
}: {
  view: RecordsView;
  reason: string;
  onReason: (value: string) => void;
  busy: boolean;
  onDecide: (act: RecordsDecision) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const status = view.status ?? 'pending';
  const sent = view.submitted_at !== null;
  return (
    <>
      <dl className="records-panel__facts">
        <dt>{t('admin_videos.records.status')}</dt>
        <dd>
          <span className={`records-badge records-badge--${status}`} data-records-status={status}>
            {sent || status !== 'pending'
              ? t(`admin_videos.records.status_${status}`)
              : t('admin_videos.records.not_sent')}
          </span>
        </dd>
        {view.recorded_on ? (
          <>
            <dt>{t('admin_videos.records.recorded_on')}</dt>
            <dd>{view.recorded_on}</dd>
          </>
        ) : null}
        {view.uploader ? (
          <>
            <dt>{t('admin_videos.records.uploader')}</dt>
            <dd>
              {view.uploader.username} ·{' '}
              {view.uploader.age_verified
                ? t('admin_videos.records.uploader_verified')
                : t('admin_videos.records.uploader_not_verified')}
            </dd>
          </>
        ) : null}
        {view.checked_by && view.checked_at ? (
          <>
            <dt>{t('admin_videos.records.checked_by')}</dt>
            <dd>
              {view.checked_by.username} · {view.checked_at.slice(0, 16).replace('T', ' ')}
            </dd>
          </>
        ) : null}
        {view.reason ? (
          <>
            <dt>{t('admin_videos.records.reason')}</dt>
            <dd>{view.reason}</dd>
          </>
        ) : null}
      </dl>
      {!view.may_read ? <p className="console__muted">{t('admin_videos.records.readers_only')}</p> : null}
      {view.performers.length > 0 ? (
        <ul className="records-panel__performers">
          {view.performers.map((p) => (
            <li key={p.performer_id} className="records-panel__performer" data-performer={p.performer_id}>
              <h3>
                {p.stage_name}
                {p.model ? ` · ${t('admin_videos.records.model', { title: p.model.title })}` : ''}
              </h3>
              {p.consent ? (
                <>
                  <dl className="records-panel__facts">
                    <dt>{t('admin_videos.records.legal_name')}</dt>
                    <dd>{p.consent.legal_name}</dd>
                    <dt>{t('admin_videos.records.birth_date')}</dt>
                    <dd>
                      {p.consent.birth_date} (
                      {t('admin_videos.records.age', { age: p.consent.age_at_recording })})
                    </dd>
                    <dt>{t('admin_videos.records.signature')}</dt>
                    <dd>
                      <em>{p.consent.signature}</em> · {p.consent.signed_at.slice(0, 10)}
                    </dd>
                  </dl>
                  <p className="records-panel__statement">{p.consent.statement}</p>
                </>
              ) : null}
              {p.id_image ? (
                <a href={p.id_image} target="_blank" rel="noreferrer">
                  <img
                    className="records-panel__id"
                    src={p.id_image}
                    alt={t('admin_videos.records.id_image_alt', { name: p.stage_name })}
                    width={320}
                    height={200}
                  />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {view.may_read && view.performers.length > 0 ? (
        <p className="console__row">
          <a className="button" href={`${RECORDS_EXPORT_PATH}?video_id=${view.video_id}`} download>
            {t('admin_videos.records.export')}
          </a>
        </p>
      ) : null}
      {view.may_read && sent && status === 'pending' ? (
        <div className="records-panel__acts">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => onDecide('check')}
          >
            {t('admin_videos.records.check')}
          </button>
          <textarea
            rows={2}
            maxLength={RECORDS_REASON_MAX}
            aria-label={t('admin_videos.records.reason_label')}
            placeholder={t('admin_videos.records.reason_label')}
            value={reason}
            onChange={(e) => onReason(e.target.value)}
          />
          <button type="button" className="button" disabled={busy} onClick={() => onDecide('reject')}>
            {t('admin_videos.records.reject')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="console__field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
