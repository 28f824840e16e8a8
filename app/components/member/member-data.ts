// The member page's data: which section a URL names, what each section's loader hands the page, and
// the sections' tabs. Pure: the loader (member-route.tsx) and the tests use it.
import type { SubscriptionItem } from '../../../contract/acts.ts';
import type { FriendCard, FriendState, WallPost, WallViewer } from '../../../contract/community.ts';
import type { MemberPlaylist, MemberProfile } from '../../../contract/members.ts';
import {
  isPrivateSection,
  MEMBER_SECTIONS,
  type MemberSection,
  memberPath,
} from '../../../contract/members-values.ts';
import type { UploadsPage } from '../../../contract/moderation.ts';
import type { ProfileEditView } from '../../../contract/profile.ts';
import type { Translate } from '../../lib/i18n.ts';
import type { CardView } from '../video-card.tsx';

/** /members/{id}/{section}/…: the section the path names, or null for the profile itself. */
export function sectionOf(pathname: string): MemberSection | null {
  const name = pathname.split('/')[3] ?? '';
  return (MEMBER_SECTIONS as readonly string[]).includes(name) ? (name as MemberSection) : null;
}

/** What the section part of the page shows. */
export type SectionView =
  | { kind: 'profile'; uploads: CardView[] }
  | { kind: 'info' }
  | { kind: 'uploads'; uploads: UploadsPage; pages: number }
  | {
      kind: 'videos';
      list: 'favourite' | 'watch_later' | 'history';
      videos: CardView[];
      pages: number;
    }
  | { kind: 'playlists'; playlists: MemberPlaylist[]; own: boolean; pages: number }
  /** `feed`: the owner's newest videos of what they follow (page 1, the owner only). */
  | { kind: 'subscriptions'; subscriptions: SubscriptionItem[]; pages: number; feed?: CardView[] }
  /** Friends (member-friends.tsx); `requests`: the owner's pending ones, both ways (null for others). */
  | {
      kind: 'friends';
      friends: FriendCard[];
      pages: number;
      requests: { incoming: FriendCard[]; outgoing: FriendCard[] } | null;
    }
  /** The wall (member-wall.tsx): its posts and what the asker may do there. */
  | { kind: 'wall'; posts: WallPost[]; pages: number; rights: NonNullable<WallViewer> }
  /** The owner's edit page (member-edit.tsx): the forms, with the account's address. */
  | { kind: 'edit'; account: ProfileEditView }
  /** A section private to its owner, asked by someone else ('You do not have permission to view.'). */
  | { kind: 'forbidden' }
  /** Sections whose content comes in later work (edit): their heading only. */
  | { kind: 'stub' };

export interface MemberPageData {
  member: MemberProfile;
  /** The asker is the member / follows the member / is signed in at all / is a friend of theirs. */
  viewer: { own: boolean; subscribed: boolean; signedIn: boolean; friend: FriendState };
  section: MemberSection | null;
  page: number;
  view: SectionView;
}

/** The section's heading: the uploads name the member ('Videos uploaded by …'), the others their tab. */
export function sectionHeading(d: Pick<MemberPageData, 'member' | 'section'>, t: Translate): string {
  if (d.section === 'uploaded_videos') return t('member.uploaded_by', { name: d.member.username });
  return d.section ? t(`member_menu.${d.section}`) : '';
}

/** Tabs of the member page: the profile, then the sections in the spec's order; private ones to the owner. */
export function memberTabs(member: MemberProfile, own: boolean) {
  const counts: Partial<Record<MemberSection, number>> = {
    uploaded_videos: member.statistics.videos,
    favourite_videos: member.statistics.favourites,
    playlists: member.statistics.playlists,
    subscriptions: member.statistics.subscriptions,
    friends: member.statistics.friends,
  };
  const sections = MEMBER_SECTIONS.filter((s) => own || (!isPrivateSection(s) && s !== 'edit'));
  return sections.map((section) => ({
    section,
    href: memberPath(member.user_id, section),
    count: counts[section],
  }));
}

/** Only http(s) addresses become links; anything else members typed is shown as text. */
export function websiteHref(website: string | null): string | null {
  if (!website) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(website) ? website : `https://${website}`;
  if (!URL.canParse(candidate)) return null;
  const url = new URL(candidate);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** Where a subscription's card leads: a model, a channel, or a member's page. */
export function subscriptionHref(item: SubscriptionItem): string {
  if (item.section === 'model') return `/pornstar/${item.dir}/`;
  if (item.section === 'channel') return `/pornsite/${item.dir}/`;
  return memberPath(item.object_id);
}
