// Friends on a member page (issue 14): the friend button of the page's header (Add friend / Request
// sent, cancel / Accept, Decline / Remove friend; a guest gets the Login modal) and the friends section
// (member cards; the owner's incoming requests with Accept and Decline, outgoing ones with Cancel). Every
// act is a form post of act=friend to /api/input.php (contract/community.ts) through useMemberAct.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import type { FriendActResponse, FriendCard, FriendState } from '../../../contract/community.ts';
import { memberPath } from '../../../contract/members-values.ts';
import { postAct } from '../../lib/acts-api.ts';
import { relativeDate } from '../../lib/format.ts';
import { useRootData } from '../../lib/route-data.ts';
import { useMemberAct } from '../member-act.ts';
import { Pagination } from '../pagination.tsx';
import { MemberAvatar } from './member-header.tsx';

export type FriendSection = 'add' | 'accept' | 'decline' | 'rem';

/** The notify.* key of each act's success. */
const SUCCESS: Record<FriendSection, string> = {
  add: 'friend_requested',
  accept: 'friend_accepted',
  decline: 'friend_declined',
  rem: 'friend_removed',
};

/** One friend act; resolves with the relation after it, or null when it did not happen. */
function useFriendAct() {
  const { run, user } = useMemberAct();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const act = async (
    section: FriendSection,
    otherId: number,
    success: string | undefined = SUCCESS[section],
  ): Promise<FriendState | null> => {
    setBusy(true);
    const answer = await run(
      () => postAct({ act: 'friend', section, object_id: String(otherId) }) as Promise<FriendActResponse>,
      // Asking someone who asked you accepts their request: the answer's state says which it was.
      { success: section === 'add' ? undefined : success },
    );
    setBusy(false);
    if (!answer) return null;
    void revalidator.revalidate();
    return answer.state;
  };
  return { act, busy, user };
}

/** The header's friend button(s) for a member other than the asker. */
export function FriendButton({ memberId, state: initial }: { memberId: number; state: FriendState }) {
  const { t } = useTranslation();
  const { notify } = useMemberAct();
  const { act, busy, user } = useFriendAct();
  const [state, setState] = useState<FriendState>(initial);
  if (user?.user_id === memberId) return null;

  const go = (section: FriendSection) => async () => {
    const next = await act(section, memberId, state === 'requested' ? 'friend_cancelled' : undefined);
    if (!next) return;
    if (section === 'add')
      notify('success', t(next === 'friends' ? 'notify.friend_accepted' : 'notify.friend_requested'));
    setState(next);
  };
  const button = (section: FriendSection, label: string, primary = false) => (
    <button
      type="button"
      className={primary ? 'button button--primary' : 'button'}
      disabled={busy}
      data-action={`friend-${section}`}
      onClick={go(section)}
    >
      {label}
    </button>
  );

  return (
    <div className="friend-button" data-friend-state={state}>
      {state === 'none' ? button('add', t('friends.add'), true) : null}
      {state === 'requested' ? (
        <>
          <span className="friend-button__status">{t('friends.request_sent')}</span>
          {button('rem', t('friends.cancel'))}
        </>
      ) : null}
      {state === 'incoming' ? (
        <>
          {button('accept', t('friends.accept'), true)}
          {button('decline', t('friends.decline'))}
        </>
      ) : null}
      {state === 'friends' ? button('rem', t('friends.remove')) : null}
    </div>
  );
}

/** A member's card: avatar (or initial), name link, a line under it, and the owner's buttons. */
function FriendItem({
  card,
  note,
  actions,
}: {
  card: FriendCard;
  note: string;
  actions?: { section: FriendSection; label: string; primary?: boolean; success?: string }[];
}) {
  const { act, busy } = useFriendAct();
  return (
    <li className="friend-card" data-card-id={card.user_id}>
      <Link to={memberPath(card.user_id)} className="friend-card__link">
        <MemberAvatar member={card} size={64} />
        <span className="friend-card__name">{card.username}</span>
      </Link>
      <span className="friend-card__note">{note}</span>
      {card.message ? <p className="friend-card__message">{card.message}</p> : null}
      {actions?.length ? (
        <span className="friend-card__actions">
          {actions.map(({ section, label, primary, success }) => (
            <button
              key={section}
              type="button"
              className={primary ? 'button button--primary' : 'button'}
              disabled={busy}
              data-action={`friend-${section}`}
              onClick={() => void act(section, card.user_id, success)}
            >
              {label}
            </button>
          ))}
        </span>
      ) : null}
    </li>
  );
}

export function MemberFriends({
  friends,
  requests,
  own,
  page,
  pages,
  href,
}: {
  friends: readonly FriendCard[];
  requests: { incoming: FriendCard[]; outgoing: FriendCard[] } | null;
  own: boolean;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  const now = useRootData()?.now ?? Date.now();
  const when = (date: string) => {
    const { key, count } = relativeDate(date, now);
    return t(`misc.date.${key}`, { count });
  };
  return (
    <>
      {own && requests?.incoming.length ? (
        <section
          className="friend-requests"
          data-friend-requests="incoming"
          aria-labelledby="friends-incoming"
        >
          <h3 id="friends-incoming" className="friend-requests__title">
            {t('friends.incoming', { count: requests.incoming.length })}
          </h3>
          <ul className="friend-list">
            {requests.incoming.map((card) => (
              <FriendItem
                key={card.user_id}
                card={card}
                note={t('friends.asked', { when: when(card.added_date) })}
                actions={[
                  { section: 'accept', label: t('friends.accept'), primary: true },
                  { section: 'decline', label: t('friends.decline') },
                ]}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {own && requests?.outgoing.length ? (
        <section
          className="friend-requests"
          data-friend-requests="outgoing"
          aria-labelledby="friends-outgoing"
        >
          <h3 id="friends-outgoing" className="friend-requests__title">
            {t('friends.outgoing', { count: requests.outgoing.length })}
          </h3>
          <ul className="friend-list">
            {requests.outgoing.map((card) => (
              <FriendItem
                key={card.user_id}
                card={card}
                note={t('friends.sent', { when: when(card.added_date) })}
                actions={[{ section: 'rem', label: t('friends.cancel'), success: 'friend_cancelled' }]}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {friends.length === 0 ? <p className="empty">{t('listing.empty')}</p> : null}
      <ul className="friend-list" data-friend-list="">
        {friends.map((card) => (
          <FriendItem
            key={card.user_id}
            card={card}
            note={t('friends.since', { when: when(card.added_date) })}
            actions={own ? [{ section: 'rem', label: t('friends.remove') }] : undefined}
          />
        ))}
      </ul>
      <Pagination current={page} count={pages} href={href} />
    </>
  );
}
