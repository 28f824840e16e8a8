// The console video page's block-list panel (issue 31; app/routes/admin-video-edit.tsx): the video's
// own block or its absence, with block and unblock, and the line naming a block's case.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ADMIN_VIDEO_PATH,
  type AdminVideoDetail,
  type ContentBlock,
} from '../../../../contract/admin-videos.ts';
import { send } from '../../../lib/api-client.ts';
import type { RunAct } from './edit-act.ts';

/** The block list (issue 31): block this content (and take it down) or lift the operator's block. */
const blockAct = (videoId: number, act: 'block' | 'unblock') =>
  send(ADMIN_VIDEO_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ act, video_id: String(videoId) }),
  });

/** Where staff read the case of a block: the DMCA case page, or the removed original's console page. */
function blockLink(block: ContentBlock): string | null {
  if (block.case_id !== null) return `/admin/dmca/?case_id=${block.case_id}`;
  if (block.video_id !== null) return `/admin/videos/${block.video_id}/`;
  return null;
}

export function BlockLine({ block, kind }: { block: ContentBlock; kind: 'matched' | 'own' }) {
  const { t } = useTranslation();
  const link = blockLink(block);
  const text =
    block.case_id !== null
      ? t('admin_videos.block.case', { id: block.case_id })
      : block.video_id !== null
        ? t('admin_videos.block.original', { id: block.video_id })
        : t('admin_videos.block.gone');
  return (
    <span data-block={kind}>
      {t(`admin_videos.block.source_${block.source}`)}
      {' · '}
      {link ? <Link to={link}>{text}</Link> : text}
      {block.lifted ? ` · ${t('admin_videos.block.lifted')}` : ''}
    </span>
  );
}

/** The video's block, or a button to block it. */
export function BlockPanel({
  video,
  busy,
  run,
}: {
  video: AdminVideoDetail['video'];
  busy: boolean;
  run: RunAct;
}) {
  const { t } = useTranslation();
  return (
    <section className="console__panel" aria-labelledby="block-title">
      <h2 id="block-title" className="console__subtitle">
        {t('admin_videos.block.heading')}
      </h2>
      {video.block ? (
        <p className="console__row">
          <BlockLine block={video.block} kind="own" />
          {video.block.source === 'operator' ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => run(() => blockAct(video.video_id, 'unblock'), { ok: true, key: 'unblocked' })}
            >
              {t('admin_videos.block.unblock')}
            </button>
          ) : null}
        </p>
      ) : (
        <p className="console__row">
          <span className="console__muted">{t('admin_videos.block.none')}</span>
          <button
            type="button"
            className="button videos-admin__delete"
            disabled={busy}
            onClick={() => {
              if (!window.confirm(t('admin_videos.block.confirm'))) return;
              void run(() => blockAct(video.video_id, 'block'), { ok: true, key: 'blocked' });
            }}
          >
            {t('admin_videos.block.block')}
          </button>
        </p>
      )}
    </section>
  );
}
