// The frame of every member page: cover, avatar (or the name's initial), name, registration date and
// counts, the subscribe button (not on one's own page: content.md §8 'cannot subscribe to yourself'),
// and the tabs of the sections (watch later, history and edit only for the owner).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile } from '../../../contract/members.ts';
import { type MemberSection, memberPath } from '../../../contract/members-values.ts';
import { SubscribeButton } from '../subscribe-button.tsx';
import type { MemberPageData } from './member-data.ts';
import { memberTabs } from './member-data.ts';
import { FriendButton } from './member-friends.tsx';

export function MemberAvatar({
  member,
  size = 96,
}: {
  member: Pick<MemberProfile, 'avatar' | 'username'>;
  size?: number;
}) {
  return member.avatar ? (
    <img className="member-avatar" src={member.avatar} alt="" width={size} height={size} decoding="async" />
  ) : (
    <span className="member-avatar member-avatar--letter" aria-hidden="true">
      {member.username.charAt(0)}
    </span>
  );
}

export function MemberHeader({ data }: { data: MemberPageData }) {
  const { t } = useTranslation();
  const { member, viewer, section } = data;
  const stats = member.statistics;
  const counts: [string, number][] = [
    ['videos', stats.videos],
    ['favourites', stats.favourites],
    ['playlists', stats.playlists],
    ['subscribers', stats.subscribers],
  ];
  return (
    <header className="member-head" data-member-id={member.user_id}>
      {member.cover ? (
        <div className="member-head__cover">
          <img src={member.cover} alt="" decoding="async" />
        </div>
      ) : null}
      <div className="member-head__main">
        <MemberAvatar member={member} />
        <div className="member-head__body">
          <h1 className="page__title member-head__name">{member.username}</h1>
          <p className="member-head__since">
            {t('member.since')} <time dateTime={member.added_date}>{member.added_date.slice(0, 10)}</time>
          </p>
          <ul className="member-head__counts">
            {counts.map(([key, value]) => (
              <li key={key} data-count={key}>
                {t(`member.count.${key}` as 'member.count.videos', { count: value })}
              </li>
            ))}
          </ul>
        </div>
        {viewer.own ? null : (
          <div className="member-head__actions">
            {viewer.signedIn ? (
              <Link to={`/messages/${member.user_id}/`} className="button" data-action="send-message">
                {t('messages.send_message')}
              </Link>
            ) : null}
            <FriendButton memberId={member.user_id} state={viewer.friend} />
            <SubscribeButton
              section="member"
              objectId={member.user_id}
              subscribed={viewer.subscribed}
              subscribers={stats.subscribers}
            />
          </div>
        )}
      </div>
      <MemberTabs member={member} own={viewer.own} current={section} />
    </header>
  );
}

function MemberTabs({
  member,
  own,
  current,
}: {
  member: MemberProfile;
  own: boolean;
  current: MemberSection | null;
}) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  const tab = (active: boolean) => (active ? 'tab is-active' : 'tab');
  // On a phone the row scrolls sideways (member.css): the current tab ("Edit profile", the last one) is
  // brought into it, without moving the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current section changes.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right + 16;
    else if (box.left < rowBox.left) row.scrollLeft -= rowBox.left - box.left + 16;
  }, [current]);
  return (
    <nav ref={nav} className="tabs member-tabs" aria-label={t('member.sections')}>
      <Link
        to={memberPath(member.user_id)}
        className={tab(current === null)}
        aria-current={current === null ? 'page' : undefined}
      >
        {t('member.profile')}
      </Link>
      {memberTabs(member, own).map(({ section, href, count }) => (
        <Link
          key={section}
          to={href}
          className={tab(current === section)}
          aria-current={current === section ? 'page' : undefined}
          data-tab={section}
        >
          {t(`member_menu.${section}`)}
          {count !== undefined ? <span className="member-tabs__count">{count}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
