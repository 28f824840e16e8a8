// Like and dislike (content.md §4, §7 act=vote; §8 vote_success, notify.vote_{code}): one vote per member
// per object, and it cannot be changed (docs/decisions.md): once voted, the chosen button stays pressed
// and another click says 'You have already voted'. The rating is likes over all votes, in whole percent.
// Each button's accessible name is its label and its visible count ("Like 12"): aria-labelledby names the
// button itself (its aria-label) and then its count, so what is read is what is shown (WCAG 2.5.3).
// An accepted vote is handed to `onVoted` with the new counts, so the tally under the video title moves
// with the buttons (issue 34) instead of waiting for a reload.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoteSection } from '../../../contract/acts.ts';
import { postAct } from '../../lib/acts-api.ts';
import { shortNumber } from '../../lib/format.ts';
import { ThumbIcon } from '../icons.tsx';
import { useMemberAct } from '../member-act.ts';

export function ratingPercent(likes: number, dislikes: number): number {
  const total = likes + dislikes;
  return total === 0 ? 0 : Math.round((likes / total) * 100);
}

export interface VoteTally {
  likes: number;
  dislikes: number;
}

export function VoteButtons({
  section,
  objectId,
  likes: initialLikes,
  dislikes: initialDislikes,
  initialVote,
  onVoted,
}: {
  section: VoteSection;
  objectId: number;
  likes: number;
  dislikes: number;
  /** The member's vote: 1 liked, -1 disliked, null none (always null for guests). */
  initialVote: 1 | -1 | null;
  /** Called once the vote call answered ok, with the counts now shown on the buttons. */
  onVoted?: (tally: VoteTally) => void;
}) {
  const { t } = useTranslation();
  const { run, notify } = useMemberAct();
  const [vote, setVote] = useState(initialVote);
  const [counts, setCounts] = useState({ likes: initialLikes, dislikes: initialDislikes });
  const [busy, setBusy] = useState(false);
  const id = useId();

  const cast = async (value: 1 | -1) => {
    if (busy) return;
    if (vote !== null) {
      notify('error', t('notify.vote_already_voted'));
      return;
    }
    setBusy(true);
    const done = await run(
      () => postAct({ act: 'vote', section, vote: String(value), object_id: String(objectId) }),
      { success: 'vote_success', prefix: 'vote' },
    );
    setBusy(false);
    if (done) {
      const next =
        value === 1 ? { ...counts, likes: counts.likes + 1 } : { ...counts, dislikes: counts.dislikes + 1 };
      setVote(value);
      setCounts(next);
      onVoted?.(next);
    }
  };

  const percent = ratingPercent(counts.likes, counts.dislikes);
  return (
    <div className="votes" role="group" aria-label={t('social.rating_label')} data-rating={percent}>
      <button
        type="button"
        className={`votes__button${vote === 1 ? ' votes__button--on' : ''}`}
        aria-pressed={vote === 1}
        id={`${id}like`}
        aria-label={t('social.like')}
        aria-labelledby={`${id}like ${id}likes`}
        disabled={busy}
        data-action="like"
        onClick={() => cast(1)}
      >
        <ThumbIcon />
        <span id={`${id}likes`}>{shortNumber(counts.likes)}</span>
      </button>
      <button
        type="button"
        className={`votes__button votes__button--down${vote === -1 ? ' votes__button--on' : ''}`}
        aria-pressed={vote === -1}
        id={`${id}dislike`}
        aria-label={t('social.dislike')}
        aria-labelledby={`${id}dislike ${id}dislikes`}
        disabled={busy}
        data-action="dislike"
        onClick={() => cast(-1)}
      >
        <ThumbIcon />
        <span id={`${id}dislikes`}>{shortNumber(counts.dislikes)}</span>
      </button>
      <span className="votes__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="votes__percent">{t('video.rating', { percent })}</span>
    </div>
  );
}
