// The AddTo modal of the video page (content.md §2 "Modals on content", §6, §7, §8): Favourites and
// Watch later in one click each (a list the video is on shows a check mark, and a click takes it off),
// or a playlist of the member's own, picked 20 at a time, or a new one made on the spot (the video goes
// onto it once it exists). A guest gets the Login modal instead.

import playlists from 'virtual:en/playlists';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACT_CODES, PLAYLIST_PICKER_PAGE_SIZE, type VideoList } from '../../../contract/acts-values.ts';
import type { PlaylistsResponse } from '../../../contract/catalog-api.ts';
import { getMemberPlaylists, postAct, postPlaylist } from '../../lib/acts-api.ts';
import { addEnglish } from '../../lib/i18n.ts';
import { actErrorCode, useMemberAct } from '../member-act.ts';
import { Modal } from '../modal.tsx';
import { CheckIcon, HeartIcon, LaterIcon, ListIcon, LockIcon } from '../playlist/icons.tsx';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from './icons.tsx';

// The English texts of this module's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ playlists });

/** Which of the member's lists hold the video (the video page's loader knows; optional). */
// The playlist form is loaded when it is opened: it is not part of the video page's first load.
const PlaylistFormModal = lazy(() =>
  import('../playlist/playlist-form-modal.tsx').then((m) => ({ default: m.PlaylistFormModal })),
);

export interface VideoListsState {
  favourite: boolean;
  watch_later: boolean;
}

type View = 'choices' | 'picker' | 'new';

const ALREADY: Record<VideoList, string> = {
  favourite: ACT_CODES.favouriteAlreadyAdded,
  watch_later: ACT_CODES.watchLaterAlreadyAdded,
};

/**
 * Everything the Add-to button opens (the button is add-to.tsx, which loads this file on the first
 * click). Stays mounted once loaded, so the check marks it learnt survive closing; each new
 * `openSignal` opens the choices again.
 */
export function AddToDialog({
  videoId,
  state,
  openSignal,
}: {
  videoId: number;
  state?: VideoListsState | null;
  openSignal: number;
}) {
  const { t } = useTranslation();
  const { user, run } = useMemberAct();
  const [view, setView] = useState<View | null>(null);
  const [page, setPage] = useState(1);
  const [lists, setLists] = useState<VideoListsState | null>(state ?? null);
  const [busy, setBusy] = useState<string | null>(null);

  // A new answer of the loader (a sign-in, a revalidation) is the truth again.
  const favourite = state?.favourite;
  const watchLater = state?.watch_later;
  useEffect(() => {
    if (favourite !== undefined && watchLater !== undefined) setLists({ favourite, watch_later: watchLater });
  }, [favourite, watchLater]);

  const close = () => {
    setView(null);
    setPage(1);
  };

  useEffect(() => {
    if (openSignal > 0) setView('choices');
  }, [openSignal]);

  const toggleList = async (list: VideoList) => {
    if (busy) return;
    setBusy(list);
    const on = lists?.[list] === true;
    const fields = { act: list, section: on ? 'rem' : 'add', video_id: String(videoId) };
    const answer = on
      ? await run(() => postAct(fields), { success: 'remove_from_list_success' })
      : await run(
          async () => {
            try {
              return await postAct(fields);
            } catch (error) {
              // Already there: say so (409), and show it as checked from now on.
              if (actErrorCode(error) === ALREADY[list])
                setLists((l) => ({ favourite: false, watch_later: false, ...l, [list]: true }));
              throw error;
            }
          },
          { success: `add_to_${list}_success`, prefix: 'add_to' },
        );
    if (answer) setLists((l) => ({ favourite: false, watch_later: false, ...l, [list]: !on }));
    setBusy(null);
  };

  const addToPlaylist = async (playlistId: number) => {
    if (busy) return;
    setBusy(`playlist-${playlistId}`);
    const answer = await run(
      () => postPlaylist({ section: 'add', object_id: String(playlistId), video_id: String(videoId) }),
      { success: 'add_to_playlist_success', prefix: 'add_to' },
    );
    setBusy(null);
    if (answer) close();
  };

  return (
    <>
      {view === 'choices' || view === 'picker' ? (
        <Modal
          title={t(view === 'picker' ? 'playlists.add_to.picker_title' : 'playlists.add_to.title')}
          onClose={close}
          className="add-to-modal"
        >
          {view === 'choices' ? (
            <Choices lists={lists} busy={busy} onList={toggleList} onPlaylist={() => setView('picker')} />
          ) : (
            <Picker
              userId={user?.user_id ?? 0}
              page={page}
              busy={busy}
              onPage={setPage}
              onBack={() => setView('choices')}
              onPick={addToPlaylist}
              onNew={() => setView('new')}
            />
          )}
        </Modal>
      ) : null}
      {view === 'new' ? (
        <Suspense fallback={null}>
          <PlaylistFormModal
            mode="new"
            onClose={() => setView('picker')}
            onSaved={(playlistId) => void addToPlaylist(playlistId).finally(close)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function Choices({
  lists,
  busy,
  onList,
  onPlaylist,
}: {
  lists: VideoListsState | null;
  busy: string | null;
  onList: (list: VideoList) => void;
  onPlaylist: () => void;
}) {
  const { t } = useTranslation();
  const rows: { list: VideoList; icon: ReactNode }[] = [
    { list: 'favourite', icon: <HeartIcon /> },
    { list: 'watch_later', icon: <LaterIcon /> },
  ];
  return (
    <ul className="add-to-modal__choices">
      {rows.map(({ list, icon }) => {
        const on = lists?.[list] === true;
        return (
          <li key={list}>
            <button
              type="button"
              className={on ? 'add-to-choice is-on' : 'add-to-choice'}
              data-add-to={list}
              data-state={lists ? (on ? 'on' : 'off') : 'unknown'}
              aria-pressed={lists ? on : undefined}
              aria-busy={busy === list}
              disabled={busy !== null}
              onClick={() => onList(list)}
            >
              <span className="add-to-choice__icon">{icon}</span>
              <span className="add-to-choice__text">
                <span className="add-to-choice__label">{t(`watch.add_to_${list}`)}</span>
                <span className="add-to-choice__hint">
                  {t(on ? 'playlists.add_to.on_list' : `playlists.add_to.hint_${list}`)}
                </span>
              </span>
              <span className="add-to-choice__mark">{on ? <CheckIcon /> : null}</span>
            </button>
          </li>
        );
      })}
      <li>
        <button
          type="button"
          className="add-to-choice"
          data-add-to="playlist"
          disabled={busy !== null}
          onClick={onPlaylist}
        >
          <span className="add-to-choice__icon">
            <ListIcon />
          </span>
          <span className="add-to-choice__text">
            <span className="add-to-choice__label">{t('watch.add_to_playlist')}</span>
            <span className="add-to-choice__hint">{t('playlists.add_to.hint_playlist')}</span>
          </span>
          <span className="add-to-choice__mark">
            <ChevronRightIcon />
          </span>
        </button>
      </li>
    </ul>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; code: string }
  | { status: 'ready'; data: PlaylistsResponse };

/** The member's own playlists (private ones too), PLAYLIST_PICKER_PAGE_SIZE a page. */
function usePlaylists(userId: number, page: number): [Loaded, () => void] {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ status: 'loading' });
    getMemberPlaylists(userId, page, PLAYLIST_PICKER_PAGE_SIZE, { signal: abort.signal }).then(
      (data) => setLoaded({ status: 'ready', data }),
      (error) => {
        if (!abort.signal.aborted) setLoaded({ status: 'error', code: actErrorCode(error) });
      },
    );
    return () => abort.abort();
  }, [userId, page, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [loaded, retry];
}

function Picker({
  userId,
  page,
  busy,
  onPage,
  onBack,
  onPick,
  onNew,
}: {
  userId: number;
  page: number;
  busy: string | null;
  onPage: (page: number) => void;
  onBack: () => void;
  onPick: (playlistId: number) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const [loaded, retry] = usePlaylists(userId, page);
  const pages =
    loaded.status === 'ready'
      ? Math.max(1, Math.ceil(loaded.data.total_count / PLAYLIST_PICKER_PAGE_SIZE))
      : 1;
  const empty = loaded.status === 'ready' && loaded.data.total_count === 0;

  return (
    <div className="add-to-picker">
      <div className="add-to-picker__bar">
        <button type="button" className="button" onClick={onBack}>
          <ChevronLeftIcon />
          {t('playlists.back')}
        </button>
        <button
          type="button"
          className={empty ? 'button button--primary' : 'button'}
          data-action="new-playlist"
          disabled={busy !== null}
          onClick={onNew}
        >
          <PlusIcon />
          {t('playlists.add_to.new_playlist')}
        </button>
      </div>

      {loaded.status === 'loading' ? (
        <ul className="add-to-picker__list" aria-busy="true" aria-label={t('playlists.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
            <li key={i} className="add-to-picker__placeholder" />
          ))}
        </ul>
      ) : null}

      {loaded.status === 'error' ? (
        <p className="add-to-picker__error" role="alert">
          {t('playlists.add_to.load_error', { code: loaded.code })}{' '}
          <button type="button" className="button" onClick={retry}>
            {t('playlists.retry')}
          </button>
        </p>
      ) : null}

      {empty ? <p className="muted add-to-picker__empty">{t('playlists.add_to.empty')}</p> : null}

      {loaded.status === 'ready' && loaded.data.playlists.length ? (
        <ul className="add-to-picker__list">
          {loaded.data.playlists.map((p) => (
            <li key={p.playlist_id}>
              <button
                type="button"
                className="add-to-playlist"
                data-playlist-choice={p.playlist_id}
                aria-busy={busy === `playlist-${p.playlist_id}`}
                disabled={busy !== null}
                onClick={() => onPick(p.playlist_id)}
              >
                <span className="add-to-playlist__thumb">
                  {p.scr ? <img src={p.scr} alt="" loading="lazy" width={96} height={54} /> : <ListIcon />}
                </span>
                <span className="add-to-playlist__text">
                  <span className="add-to-playlist__title">{p.title}</span>
                  <span className="add-to-playlist__meta">
                    {p.private ? (
                      <span className="playlist-badge">
                        <LockIcon />
                        {t('playlists.private')}
                      </span>
                    ) : null}
                    {t('catalogue.videos_count', { count: p.total_videos })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {pages > 1 ? (
        <nav className="add-to-picker__pages" aria-label={t('pagination.label')}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('pagination.prev')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon />
          </button>
          <span className="muted">{t('playlists.add_to.page', { page, pages })}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('pagination.next')}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRightIcon />
          </button>
        </nav>
      ) : null}
    </div>
  );
}
