// One video of the moderation queue: the player of its best rendition, its stills, what ffprobe found,
// and the decision form (approve, or reject with one of the standard reasons), which the page sends to
// the API (its `onSubmit`; the browser's own checks, such as the reason text `other` requires, run first).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationItem } from '../../../contract/moderation.ts';
import { REASON_TEXT_MAX, REJECT_REASONS } from '../../../contract/moderation-values.ts';
import { durationClock } from '../../lib/clock.ts';
import { ModerationMatchNotice } from './moderation-match.tsx';

export interface ItemError {
  /** A field code ('reason' → 'required'…) or a whole-form code ('invalid_state'…). */
  field: string;
  code: string;
}

export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${value >= 10 || i === 0 ? Math.round(value) : value.toFixed(1)} ${units[i]}`;
}

export function ModerationCard({
  item,
  errors,
  busy,
  onSubmit,
}: {
  item: ModerationItem;
  errors: ItemError[];
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const best = item.sources[0];
  const unknown = t('moderation.unknown');
  const fieldError = (field: string) => errors.find((e) => e.field === field);
  const formError = errors.find((e) => e.field === 'general');
  const codec = [item.probe.video_codec, item.probe.audio_codec].filter(Boolean).join(' / ');

  const facts: [string, React.ReactNode][] = [
    [
      t('moderation.fact.uploader'),
      item.uploader ? (
        <Link key="uploader" to={`/members/${item.uploader.user_id}/`}>
          {item.uploader.username}
        </Link>
      ) : (
        t('moderation.guest_uploader')
      ),
    ],
    [
      t('moderation.fact.uploaded'),
      <time key="uploaded" dateTime={item.created_at}>
        {item.created_at.slice(0, 16).replace('T', ' ')}
      </time>,
    ],
    [t('moderation.fact.duration'), durationClock(item.duration)],
    [t('moderation.fact.size'), item.size > 0 ? formatBytes(item.size) : unknown],
    [t('moderation.fact.resolution'), item.width && item.height ? `${item.width}×${item.height}` : unknown],
    [t('moderation.fact.codec'), codec || unknown],
    [t('moderation.fact.container'), item.probe.container ?? unknown],
    [t('moderation.fact.fps'), item.probe.fps ? String(Math.round(item.probe.fps * 100) / 100) : unknown],
    [t('moderation.fact.renditions'), item.sources.map((s) => s.format).join(', ') || unknown],
  ];

  return (
    <article className="moderation-item" data-video-id={item.video_id}>
      <div className="moderation-item__media">
        {best ? (
          // biome-ignore lint/a11y/useMediaCaption: uploads have no captions to review.
          <video
            className="moderation-item__player"
            controls
            preload="metadata"
            playsInline
            poster={item.poster ?? undefined}
            src={best.url}
          />
        ) : (
          <p className="moderation-item__noplayer">{t('moderation.no_player')}</p>
        )}
        {item.thumbs.length > 0 ? (
          <ul className="moderation-item__thumbs" aria-label={t('moderation.thumbs')}>
            {item.thumbs.map((src, i) => (
              <li key={src}>
                <img src={src} alt={`${item.title} ${i + 1}`} loading="lazy" width={160} height={90} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="moderation-item__body">
        <h2 className="moderation-item__title">{item.title}</h2>
        {item.match ? (
          <ModerationMatchNotice item={item} match={item.match} busy={busy} onSubmit={onSubmit} />
        ) : null}
        {item.description ? <p className="moderation-item__desc">{item.description}</p> : null}
        <dl className="moderation-item__facts" aria-label={t('moderation.facts')}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <form method="post" className="moderation-item__form" onSubmit={onSubmit}>
          <input type="hidden" name="video_id" value={item.video_id} />
          {formError ? (
            <p className="moderation-item__error" role="alert">
              {t(`moderation.error.${formError.code}` as 'moderation.error.failed', {
                defaultValue: t('moderation.error.failed'),
              })}
            </p>
          ) : null}
          <div className="moderation-item__reject">
            <label>
              <span>{t('moderation.reason')}</span>
              <select name="reason" value={reason} onChange={(e) => setReason(e.target.value)}>
                <option value="">{t('moderation.reason_choose')}</option>
                {REJECT_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {t(`moderation.reasons.${code}`)}
                  </option>
                ))}
              </select>
              {fieldError('reason') ? (
                <span className="form-field__error">
                  {t(`form.error.${fieldError('reason')?.code}` as 'form.error.required')}
                </span>
              ) : null}
            </label>
            <label>
              <span>{t('moderation.reason_text')}</span>
              <textarea
                name="reason_text"
                maxLength={REASON_TEXT_MAX}
                rows={2}
                required={reason === 'other'}
              />
              {fieldError('reason_text') ? (
                <span className="form-field__error">
                  {t(`form.error.${fieldError('reason_text')?.code}` as 'form.error.required', {
                    length: REASON_TEXT_MAX,
                  })}
                </span>
              ) : null}
            </label>
          </div>
          <div className="moderation-item__actions">
            <button
              type="submit"
              name="act"
              value="approve"
              className="button button--primary"
              disabled={busy}
              formNoValidate
            >
              {t('moderation.approve')}
            </button>
            <button
              type="submit"
              name="act"
              value="reject"
              className="button moderation-item__reject-button"
              disabled={busy}
            >
              {t('moderation.reject')}
            </button>
          </div>
        </form>
      </div>
    </article>
  );
}
