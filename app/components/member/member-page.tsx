// A member page: the frame (member-header.tsx) and the section the URL names. The section's root carries
// data-member-section={section} ('profile' for /members/{id}/).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile } from '../../../contract/members.ts';
import {
  MEMBER_GENDERS,
  type MemberSection,
  memberPath,
  ORIENTATIONS,
  RELATIONSHIPS,
} from '../../../contract/members-values.ts';
import { InfoList } from '../catalogue/object-page.tsx';
import { Pagination } from '../pagination.tsx';
import { SubscriptionFeed } from '../subscription-feed.tsx';
import { type MemberPageData, sectionHeading, websiteHref } from './member-data.ts';
import { ClearHistoryButton, MemberEdit } from './member-edit.tsx';
import { MemberFriends } from './member-friends.tsx';
import { MemberHeader } from './member-header.tsx';
import { MemberPlaylists, MemberSubscriptions, MemberVideoGrid, MemberVideos } from './member-lists.tsx';
import { MemberUploads } from './member-uploads.tsx';
import { MemberWall } from './member-wall.tsx';

export function MemberPage({ data }: { data: MemberPageData }) {
  return (
    <section className="page member">
      <MemberHeader data={data} />
      <SectionBody data={data} />
    </section>
  );
}

function SectionBody({ data }: { data: MemberPageData }) {
  const { t } = useTranslation();
  const { member, section, page, view } = data;
  const id = member.user_id;
  const href = (s: MemberSection) => (p: number) => memberPath(id, s, p);
  const frame = (children: ReactNode, heading = true) => (
    <div className="member-section" data-member-section={section ?? 'profile'}>
      {heading && section ? <h2 className="member-section__title">{sectionHeading(data, t)}</h2> : null}
      {children}
    </div>
  );

  switch (view.kind) {
    case 'profile':
      return frame(
        <>
          {member.about_me ? <p className="member-about">{member.about_me}</p> : null}
          <div className="section__header">
            <h2 className="member-section__title">{t('member.latest_uploads')}</h2>
            {view.uploads.length ? (
              <Link className="section__more" to={memberPath(id, 'uploaded_videos')}>
                {t('member.see_all')}
              </Link>
            ) : null}
          </div>
          {view.uploads.length ? (
            <MemberVideoGrid videos={view.uploads} />
          ) : (
            <p className="empty">{t('listing.empty')}</p>
          )}
        </>,
      );
    case 'info':
      return frame(<MemberInfo member={member} />);
    case 'uploads':
      return frame(
        <>
          <MemberUploads data={view.uploads} />
          <Pagination current={page} count={view.pages} href={href('uploaded_videos')} />
        </>,
      );
    case 'videos':
      return frame(
        <>
          {view.list === 'history' && data.viewer.own && view.videos.length > 0 ? (
            <div className="member-section__tools">
              <ClearHistoryButton />
            </div>
          ) : null}
          <MemberVideos
            videos={view.videos}
            page={page}
            pages={view.pages}
            empty={t(view.list === 'history' ? 'catalogue.history_empty' : 'listing.empty')}
            href={href(section ?? 'favourite_videos')}
          />
        </>,
      );
    case 'playlists':
      return frame(
        <MemberPlaylists
          playlists={view.playlists}
          own={view.own}
          ownerId={id}
          page={page}
          pages={view.pages}
          href={href('playlists')}
        />,
      );
    case 'subscriptions':
      return frame(
        <>
          {view.feed ? <SubscriptionFeed videos={view.feed} /> : null}
          <MemberSubscriptions
            subscriptions={view.subscriptions}
            page={page}
            pages={view.pages}
            href={href('subscriptions')}
          />
        </>,
      );
    case 'friends':
      return frame(
        <MemberFriends
          friends={view.friends}
          requests={view.requests}
          own={data.viewer.own}
          page={page}
          pages={view.pages}
          href={href('friends')}
        />,
      );
    case 'wall':
      return frame(
        <MemberWall
          wallId={id}
          ownerName={member.username}
          posts={view.posts}
          rights={view.rights}
          page={page}
          pages={view.pages}
          href={href('wall')}
        />,
      );
    case 'edit':
      return frame(<MemberEdit member={member} account={view.account} />);
    case 'forbidden':
      return frame(
        <div className="member-denied" role="alert">
          <p className="member-denied__text">{t('member.forbidden')}</p>
          {data.viewer.signedIn ? null : (
            <p>
              <Link to="/signin/" className="button button--primary">
                {t('member.login')}
              </Link>
            </p>
          )}
        </div>,
      );
    case 'stub':
      return frame(null);
  }
}

/** A country's name in the page's language (ICU's names; the code when it has none). */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language || 'en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code.toUpperCase();
  }
}

function MemberInfo({ member }: { member: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const rows: [string, ReactNode][] = [];
  const add = (key: string, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== '')
      rows.push([t(`member.field.${key}` as 'member.field.age'), value]);
  };
  const coded = (family: string, meanings: Record<number, string>, value: number | null) =>
    value !== null && value in meanings
      ? t(`member.${family}.${meanings[value]}` as 'member.gender.male')
      : null;
  add('gender', coded('gender', MEMBER_GENDERS, member.gender));
  add('age', member.age);
  add('birth_date', member.birth_date);
  add('relationship', coded('relationship', RELATIONSHIPS, member.relationship));
  add('orientation', coded('orientation', ORIENTATIONS, member.orientation));
  add('education', member.education);
  const site = websiteHref(member.website);
  add(
    'website',
    site ? (
      <a href={site} rel="nofollow ugc noopener noreferrer" target="_blank">
        {member.website}
      </a>
    ) : (
      member.website
    ),
  );
  add('country', member.country ? countryName(member.country, i18n.language) : null);
  add('added_date', <time dateTime={member.added_date}>{member.added_date.slice(0, 10)}</time>);
  return (
    <>
      {member.about_me ? (
        <div className="member-about">
          <h3 className="member-about__title">{t('member.field.about_me')}</h3>
          <p>{member.about_me}</p>
        </div>
      ) : null}
      <InfoList rows={rows} />
    </>
  );
}
