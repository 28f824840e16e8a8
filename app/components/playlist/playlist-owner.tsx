// What the owner of a playlist gets on its page (content.md §6): Edit (the ActionPlaylist modal with the
// playlist's values) and Delete (after a confirmation; then their playlists page).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import { postPlaylist } from '../../lib/acts-api.ts';
import { useMemberAct } from '../member-act.ts';
import { Modal } from '../modal.tsx';
import { EditIcon, LockIcon, TrashIcon } from './icons.tsx';
import type { PlaylistFormSource } from './playlist-form.ts';
import { PlaylistFormModal } from './playlist-form-modal.tsx';

/** Where a deleted playlist's owner lands: their playlists, first page. */
export const ownPlaylistsPath = (userId: number) => `/members/${userId}/playlists/1/`;

export function PlaylistOwnerTools({ playlist }: { playlist: PlaylistFormSource & { user_id: number } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { run } = useMemberAct();
  const [open, setOpen] = useState<null | 'edit' | 'delete'>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    const answer = await run(
      () => postPlaylist({ section: 'del', object_id: String(playlist.playlist_id) }),
      {
        success: 'delete_playlist_success',
        prefix: 'delete_playlist',
      },
    );
    setDeleting(false);
    if (!answer) return;
    setOpen(null);
    navigate(ownPlaylistsPath(playlist.user_id));
  };

  return (
    <div className="playlist-owner">
      {playlist.private ? (
        <span className="playlist-badge" data-private="1">
          <LockIcon />
          {t('playlists.private')}
        </span>
      ) : null}
      <button type="button" className="button" data-action="playlist-edit" onClick={() => setOpen('edit')}>
        <EditIcon />
        {t('playlists.page.edit')}
      </button>
      <button
        type="button"
        className="button playlist-owner__delete"
        data-action="playlist-delete"
        onClick={() => setOpen('delete')}
      >
        <TrashIcon />
        {t('playlists.page.delete')}
      </button>

      {open === 'edit' ? (
        <PlaylistFormModal
          mode="edit"
          playlist={playlist}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}

      {open === 'delete' ? (
        <Modal title={t('playlists.delete.title')} onClose={() => setOpen(null)} className="playlist-confirm">
          <p>{t('playlists.delete.question', { title: playlist.title })}</p>
          <p className="muted">{t('playlists.delete.note')}</p>
          <div className="playlist-form__actions">
            <button type="button" className="button" onClick={() => setOpen(null)}>
              {t('playlists.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              data-action="playlist-delete-confirm"
              disabled={deleting}
              aria-busy={deleting}
              onClick={() => void remove()}
            >
              {t(deleting ? 'playlists.delete.sending' : 'playlists.delete.confirm')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
