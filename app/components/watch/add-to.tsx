// The Add-to button of the action row (content.md §2, §6): a guest gets the Login modal; a member's
// first click loads the dialog (add-to-modal.tsx), which is not part of the video page's first load.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberAct } from '../member-act.ts';
import type { VideoListsState } from './add-to-modal.tsx';
import { PlusIcon } from './icons.tsx';

const AddToDialog = lazy(() => import('./add-to-modal.tsx').then((m) => ({ default: m.AddToDialog })));

export function AddTo({ videoId, state }: { videoId: number; state?: VideoListsState | null }) {
  const { t } = useTranslation();
  const { user, askLogin } = useMemberAct();
  const [opened, setOpened] = useState(0);
  return (
    <>
      <button
        type="button"
        className="button"
        aria-haspopup="dialog"
        data-action="add-to"
        onClick={() => (user ? setOpened((n) => n + 1) : askLogin())}
      >
        <PlusIcon />
        {t('watch.add_to')}
      </button>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <AddToDialog videoId={videoId} state={state} openSignal={opened} />
        </Suspense>
      ) : null}
    </>
  );
}
