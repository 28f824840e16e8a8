// The action row under the video (content.md §2): download, comments shortcut, add-to, report.
// Guests get the Login modal for download and add-to (§6); report opens the contact form; add-to opens
// the AddTo modal (add-to-modal.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../../../contract/catalog.ts';
import { useRootData } from '../../lib/route-data.ts';
import { useLoginModal } from '../auth/login-modal.tsx';
import { AddTo } from './add-to.tsx';
import type { VideoListsState } from './add-to-modal.tsx';
import { ContactModal } from './contact-modal-lazy.tsx';
import {
  DownloadIosModal,
  DownloadModal,
  DownloadTgModal,
  type DownloadVariant,
  downloadSettings,
  isRussianViewer,
  pickDownloadVariant,
} from './download.tsx';
import { CommentIcon, DownloadIcon, FlagIcon } from './icons.tsx';

type Open = null | { kind: 'download'; variant: DownloadVariant } | { kind: 'report' };

export function WatchActions({
  video,
  notify,
  lists,
  commentsCount = video.statistics.comments_count,
}: {
  video: VideoDetail;
  notify: (type: 'success' | 'error', text: string) => void;
  /** Whether the video is on the member's favourites and watch later (the loader's member state). */
  lists?: VideoListsState | null;
  /** The count the comments section shows (the answer its list came from). */
  commentsCount?: number;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const guest = !root?.user;
  const login = useLoginModal();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  // §8 'Please log in to complete this action', shown with the Login modal (which takes no message).
  const askLogin = () => {
    notify('error', t('watch.login_required'));
    login.open();
  };
  const downloads = downloadSettings(root?.links);
  const download = () => {
    if (guest) askLogin();
    else setOpen({ kind: 'download', variant: pickDownloadVariant(downloads) });
  };

  return (
    <div className="watch__actions">
      <button type="button" className="button" onClick={download} data-action="download">
        <DownloadIcon />
        {t('watch.download')}
      </button>
      <a href="#comments" className="button" data-action="comments">
        <CommentIcon />
        {t('watch.comments_count', { count: commentsCount })}
      </a>
      <AddTo videoId={video.video_id} state={lists} />
      <button
        type="button"
        className="button"
        onClick={() => setOpen({ kind: 'report' })}
        data-action="report"
      >
        <FlagIcon />
        {t('watch.report')}
      </button>
      {open?.kind === 'download' && open.variant === 'plain' ? (
        <DownloadModal video={video} settings={downloads} onClose={close} />
      ) : null}
      {open?.kind === 'download' && open.variant === 'tg' ? (
        <DownloadTgModal
          video={video}
          russian={downloads.botUrl !== null && isRussianViewer(root?.lang ?? 'en', null)}
          settings={downloads}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'download' && open.variant === 'ios' && downloads.appUrl ? (
        <DownloadIosModal appUrl={downloads.appUrl} onClose={close} />
      ) : null}
      {open?.kind === 'report' ? (
        <ContactModal
          subject="dmca"
          onClose={close}
          onSent={() => {
            close();
            notify('success', t('watch.contact_success'));
          }}
        />
      ) : null}
    </div>
  );
}
