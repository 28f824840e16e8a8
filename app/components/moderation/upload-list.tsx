// A member's uploaded videos. The owner sees every upload with its status (processing with progress,
// waiting for moderation, rejected with the reason, active with a link); visitors see active ones only.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REJECT_REASONS, STATUS, type UploadItem, type UploadsPage } from '../../../contract/moderation.ts';
import { LINK_IMPORT_FAILURES } from '../../../contract/upload.ts';
import { formatDuration } from './moderation-item.tsx';

function reasonText(t: TFunction, reason: string): string {
  if ((REJECT_REASONS as readonly string[]).includes(reason))
    return t(`moderation.reasons.${reason}`, { defaultValue: reason });
  // A link import that failed: its code, worded like the upload form's error.
  if ((LINK_IMPORT_FAILURES as readonly string[]).includes(reason))
    return t(`upload.error.${reason}`, { defaultValue: reason });
  return reason;
}

function StatusBadge({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const key = String(item.status_id) as '1' | '2' | '3' | '4' | '5';
  const label =
    item.status_id === STATUS.processing && item.progress !== null
      ? t('moderation.progress', { percent: Math.round(item.progress) })
      : t(`moderation.status.${key}`);
  return <span className={`upload-badge upload-badge--${item.status_id}`}>{label}</span>;
}

export function UploadList({ data }: { data: UploadsPage }) {
  const { t } = useTranslation();
  if (data.videos.length === 0) return <p className="uploads__empty">{t('moderation.uploads_empty')}</p>;
  return (
    <ul className="uploads">
      {data.videos.map((item) => {
        const active = item.status_id === STATUS.active;
        const href = `/video/${item.video_id}/${item.dir}/`;
        const still = item.poster ? (
          <img src={item.poster} alt="" loading="lazy" width={240} height={135} />
        ) : (
          <span className="uploads__noimage" />
        );
        return (
          <li
            key={item.video_id}
            className="uploads__item"
            data-video-id={item.video_id}
            data-status={item.status_id}
          >
            <div className="uploads__thumb">
              {active ? <Link to={href}>{still}</Link> : still}
              <span className="uploads__duration">{formatDuration(item.duration)}</span>
            </div>
            <div className="uploads__info">
              <h2 className="uploads__title">{active ? <Link to={href}>{item.title}</Link> : item.title}</h2>
              {data.own ? <StatusBadge item={item} /> : null}
              {data.own && item.status_id === STATUS.processing && item.progress !== null ? (
                <progress className="uploads__progress" max={100} value={item.progress} />
              ) : null}
              {data.own && item.status_id === STATUS.rejected && item.reject_reason ? (
                <p className="uploads__reason">
                  {t('moderation.rejected_reason', { reason: reasonText(t, item.reject_reason) })}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
