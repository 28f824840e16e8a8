// The member page's data: which section a URL names, what each section's loader hands the page, and
// the sections' tabs. Pure: the loader (member-route.tsx) and the tests use it.
import type { SubscriptionItem } from '../../../contract/acts.ts';
import {
  isPrivateSection,
  MEMBER_SECTIONS,
  type MemberPlaylist,
  type MemberProfile,
  type MemberSection,
  memberPath,
} from '../../../contract/members.ts';
import type { UploadsPage } from '../../../contract/moderation.ts';
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
  | { kind: 'subscriptions'; subscriptions: SubscriptionItem[]; pages: number }
  /** A section private to its owner, asked by someone else ('You do not have permission to view.'). */
  | { kind: 'forbidden' }
  /** Sections whose content comes in later work (wall, friends, edit): their heading only. */
  | { kind: 'stub' };

export interface MemberPageData {
  member: MemberProfile;
  /** The asker is the member / follows the member / is signed in at all. */
  viewer: { own: boolean; subscribed: boolean; signedIn: boolean };
  section: MemberSection | null;
  page: number;
  view: SectionView;
}

/** Tabs of the member page: the profile, then the sections in the spec's order; private ones to the owner. */
export function memberTabs(member: MemberProfile, own: boolean) {
  const counts: Partial<Record<MemberSection, number>> = {
    uploaded_videos: member.statistics.videos,
    favourite_videos: member.statistics.favourites,
    playlists: member.statistics.playlists,
    subscriptions: member.statistics.subscriptions,
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
