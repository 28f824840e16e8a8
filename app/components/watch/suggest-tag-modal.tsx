// The Suggest Tag button and modal (content.md §2 "Suggestions", §5 tag max 69, §7 act=add_tag): the
// input looks tags up 400 ms after the last key (20 random ones before anything is typed; 'No tags
// found' when none match), a click on a tag puts it in the input, and a sent suggestion is thanked
// with the note that names are added once enough members submit the same one.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberAct } from '../member-act.ts';
import { PlusIcon } from './icons.tsx';

// The modal is loaded when it is opened: it is not part of the video page's first load.
const SuggestTagModal = lazy(() =>
  import('./suggest-tag-dialog.tsx').then((m) => ({ default: m.SuggestTagModal })),
);

export function SuggestTagButton({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const { user, askLogin } = useMemberAct();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="chip chip--action"
        data-action="suggest-tag"
        onClick={() => (user ? setOpen(true) : askLogin())}
      >
        <PlusIcon />
        {t('social.suggest_tag')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SuggestTagModal videoId={videoId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
