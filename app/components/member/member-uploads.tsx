// A member's uploaded videos (/members/{id}/uploaded_videos/{page}/) in the listings' video card
// (video-card.tsx). Visitors see the listed public videos. The owner sees every upload with its status
// under the card (processing with its progress, waiting for moderation, rejected with the reason, the
// link back to the performer records step when they are still to send); an upload that is not listed
// has no page yet, so its card has the same look without a link.
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadsPage } from '../../../contract/moderation.ts';
import { REJECT_REASONS, STATUS } from '../../../contract/moderation-values.ts';
import {
  LINK_IMPORT_FAILURES,
  SCREENING_REJECT_CODES,
  uploadRecordsPage,
} from '../../../contract/upload-values.ts';
import { durationClock } from '../../lib/clock.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { type CardView, useClientLinks, VideoCard } from '../video-card.tsx';
import { useCardLabels } from './member-lists.tsx';

// The appeal (issue 31) reads its state in the browser and shows under held uploads only: its code is
// fetched after hydration, not in the member page's first load (server/http/page-weight.test.ts).
const LazyAppeal = lazy(() =>
  import('./upload-appeal.tsx').then((module) => ({ default: module.UploadAppeal })),
);

function UploadAppeal(props: { videoId: number; held: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyAppeal {...props} />
    </Suspense>
  );
}

function reasonText(t: TFunction, reason: string): string {
  if ((REJECT_REASONS as readonly string[]).includes(reason))
    return t(`moderation.reasons.${reason}`, { defaultValue: reason });
  // A link import that failed: its code, worded like the upload form's error.
  if ((LINK_IMPORT_FAILURES as readonly string[]).includes(reason))
    return t(`upload.error.${reason}`, { defaultValue: reason });
  // Screening after processing (issue 31): a copy of removed content, a hash-list match.
  if ((SCREENING_REJECT_CODES as readonly string[]).includes(reason))
    return t(`upload.rejected.${reason}`, { defaultValue: reason });
  return reason;
}

export function uploadCard(item: UploadItem): CardView {
  return {
    video_id: item.video_id,
    dir: item.dir,
    title: item.title,
    duration: durationClock(item.duration),
    rating: item.card.rating,
    video_viewed: item.card.video_viewed,
    scr: item.poster ?? '',
    hd: item.card.hd,
    post_date: item.card.post_date,
    ...(item.card.rated ? {} : { rated: false }),
    ...(item.card.preview ? { preview: item.card.preview } : {}),
  };
}

/** The card of an upload that is not listed: the same thumbnail, duration and title, no link. */
function UnlistedCard({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  return (
    <article className="card card--unlisted">
      <div className="card__thumb">
        {item.poster ? (
          <img src={item.poster} alt="" loading="lazy" decoding="async" width={320} height={180} />
        ) : null}
        <span className="badge badge--duration">
          <span className="sr-only">{t('card.duration')} </span>
          {durationClock(item.duration)}
        </span>
      </div>
      <h3 className="card__title">{item.title}</h3>
    </article>
  );
}

/**
 * Performer records (issue 31): an upload still in the pipeline or the queue whose records are not sent
 * (or were rejected) links back to its records step; sent ones say they wait for staff.
 */
function RecordsStep({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const waiting = item.status_id === STATUS.processing || item.status_id === STATUS.waiting;
  if (!waiting || item.records === null || item.records === 'checked') return null;
  if (item.records === 'pending') {
    return (
      <p className="member-upload__records" data-records="pending">
        {t('moderation.records_pending')}
      </p>
    );
  }
  return (
    <p className="member-upload__records" data-records={item.records}>
      <a href={uploadRecordsPage(item.video_id)} className="member-upload__records-link">
        {item.records === 'rejected' ? t('moderation.records_rejected') : t('moderation.records_missing')}
      </a>
    </p>
  );
}

function UploadStatus({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const key = String(item.status_id) as '1' | '2' | '3' | '4' | '5';
  const processing = item.status_id === STATUS.processing && item.progress !== null;
  return (
    <div className="member-upload__status">
      <span className={`upload-badge upload-badge--${item.status_id}`}>
        {processing
          ? t('moderation.progress', { percent: Math.round(item.progress ?? 0) })
          : t(`moderation.status.${key}`)}
      </span>
      {processing ? (
        <progress className="member-upload__progress" max={100} value={item.progress ?? 0} />
      ) : null}
      <RecordsStep item={item} />
      {item.status_id === STATUS.rejected && (item.reject_code ?? item.reject_reason) ? (
        <p className="member-upload__reason" data-reject-code={item.reject_code ?? undefined}>
          {t('moderation.rejected_reason', {
            reason: reasonText(t, item.reject_code ?? item.reject_reason ?? ''),
          })}
        </p>
      ) : null}
    </div>
  );
}

export function MemberUploads({ data }: { data: UploadsPage }) {
  const { t } = useTranslation();
  const labels = useCardLabels();
  const onClick = useClientLinks();
  if (data.videos.length === 0) return <p className="empty">{t('moderation.uploads_empty')}</p>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated link clicks, not a control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on the links inside raises click.
    <div className="grid member-grid" onClick={onClick}>
      {data.videos.map((item) => (
        <div
          key={item.video_id}
          className="member-grid__item member-upload"
          data-card-id={item.video_id}
          data-status={item.status_id}
        >
          {item.status_id === STATUS.active ? (
            <VideoCard video={uploadCard(item)} labels={labels} />
          ) : (
            <UnlistedCard item={item} />
          )}
          {data.own ? <UploadStatus item={item} /> : null}
          {data.own ? (
            <UploadAppeal videoId={item.video_id} held={item.status_id >= STATUS.rejected} />
          ) : null}
        </div>
      ))}
    </div>
  );
}
