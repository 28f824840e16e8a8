// The action row under the video (content.md §2): download, comments shortcut, add-to, report.
// Guests get the Login modal for download and add-to (§6); report opens the contact form.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../../../contract/catalog.ts';
import { type AddTarget, ApiError, addToList } from '../../lib/api-client.ts';
import { useRootData } from '../../lib/route-data.ts';
import { useLoginModal } from '../auth/login-modal.tsx';
import { ContactModal } from './contact-modal.tsx';
import {
  DownloadIosModal,
  DownloadModal,
  DownloadTgModal,
  type DownloadVariant,
  isRussianViewer,
  pickDownloadVariant,
} from './download.tsx';
import { CommentIcon, DownloadIcon, FlagIcon, PlusIcon } from './icons.tsx';

type Open = null | { kind: 'download'; variant: DownloadVariant } | { kind: 'report' };

export function WatchActions({
  video,
  notify,
}: {
  video: VideoDetail;
  notify: (type: 'success' | 'error', text: string) => void;
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
  const download = () => {
    if (guest) askLogin();
    else setOpen({ kind: 'download', variant: pickDownloadVariant() });
  };

  return (
    <div className="watch__actions">
      <button type="button" className="button" onClick={download} data-action="download">
        <DownloadIcon />
        {t('watch.download')}
      </button>
      <a href="#comments" className="button" data-action="comments">
        <CommentIcon />
        {t('watch.comments_count', { count: video.statistics.comments_count })}
      </a>
      <AddTo videoId={video.video_id} guest={guest} onGuest={askLogin} notify={notify} />
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
        <DownloadModal video={video} onClose={close} />
      ) : null}
      {open?.kind === 'download' && open.variant === 'tg' ? (
        <DownloadTgModal video={video} russian={isRussianViewer(root?.lang ?? 'en', null)} onClose={close} />
      ) : null}
      {open?.kind === 'download' && open.variant === 'ios' ? <DownloadIosModal onClose={close} /> : null}
      {open?.kind === 'report' ? (
        <ContactModal
          subject="inappropriate"
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

/** content.md §7: act=favourite|watch_later section=add video_id; a playlist also needs its object_id. */
function AddTo({
  videoId,
  guest,
  onGuest,
  notify,
}: {
  videoId: number;
  guest: boolean;
  onGuest: () => void;
  notify: (type: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    const onDown = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setMenu(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenu(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const add = async (target: AddTarget) => {
    setMenu(false);
    setBusy(true);
    try {
      await addToList(target, videoId);
      notify('success', t(`notify.add_to_${target}_success`));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        notify('error', t('notify.add_to_unknown', { code: 'network_error' }));
        return;
      }
      // §8: a notify-field error shows the translation of its code; anything else its code.
      const code = error.codes.find((c) => c.field === 'notify')?.code ?? error.code;
      notify(
        'error',
        t(`notify.add_to_${code}`, {
          ...error.info,
          defaultValue: t('notify.add_to_unknown', { code }),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="add-to" ref={box}>
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={menu}
        disabled={busy}
        data-action="add-to"
        onClick={() => (guest ? onGuest() : setMenu((m) => !m))}
      >
        <PlusIcon />
        {t('watch.add_to')}
      </button>
      {menu ? (
        <div className="add-to__menu" role="menu">
          {(['favourite', 'watch_later', 'playlist'] as const).map((target) => (
            <button key={target} type="button" role="menuitem" onClick={() => add(target)}>
              {t(`watch.add_to_${target}`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
