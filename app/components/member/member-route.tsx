// Every /members/{id}/… route (content.md §2): the loader, the head and the page. app/routes/member.tsx
// re-exports this module. The frame (header, counts, subscribe button, tabs) is the same on each
// section; the section part comes from the section's own read: uploads (moderation), favourites and
// watch later (acts' lists), playlists, subscriptions, history (members service). An unknown member,
// and a page above the last of a list, is the 404 page; watch later and history are the owner's alone:
// anyone else gets 'You do not have permission to view.' with HTTP 403 (never indexed).
import { data } from 'react-router';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { FEED_STRIP_SIZE } from '../../../contract/community-list-values.ts';
import { COMMUNITY_PAGE_SIZE } from '../../../contract/community-values.ts';
import {
  isPrivateSection,
  MEMBER_PAGE_SIZE,
  type MemberSection,
  memberPath,
} from '../../../contract/members-values.ts';
import { UPLOADS_PAGE_SIZE } from '../../../contract/moderation-values.ts';
import { orNotFound } from '../../lib/catalogue.ts';
import { userContext } from '../../lib/context.ts';
import { metaT, type Translate } from '../../lib/i18n.ts';
import { pageCount } from '../../lib/pagination.ts';
import { notFound, parseId, parsePage } from '../../lib/params.ts';
import { servicesOf, siteOf } from '../../lib/route-data.ts';
import { absoluteUrl, pageMeta, plainText, ROBOTS_NOINDEX } from '../../lib/seo.ts';
import type { Route } from '../../routes/+types/member.ts';
import { toCardView } from '../video-card.tsx';
import { type MemberPageData, type SectionView, sectionHeading, sectionOf } from './member-data.ts';
import { MemberPage } from './member-page.tsx';

/** The acts' answers a member page turns into its 403 view: a guest (401) or someone else (403). */
function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return error instanceof Error && error.name === 'DomainError' && (status === 401 || status === 403);
}

type Services = ReturnType<typeof servicesOf>;
type Viewer = CurrentUser | null;

async function loadSection(
  services: Services,
  viewer: Viewer,
  memberId: number,
  section: MemberSection | null,
  page: number,
): Promise<SectionView> {
  const { members } = services;
  switch (section) {
    case null:
      return {
        kind: 'profile',
        uploads: (await members.latestUploads(memberId)).map(toCardView),
      };
    case 'info':
      return { kind: 'info' };
    case 'uploaded_videos': {
      // The owner sees every upload with its status; everyone else the active public ones.
      const uploads = await services.moderation.uploads(viewer, memberId, page);
      if (!uploads || (uploads.videos.length === 0 && page > 1)) notFound();
      return { kind: 'uploads', uploads, pages: pageCount(uploads.total_count, UPLOADS_PAGE_SIZE) };
    }
    case 'favourite_videos':
    case 'watch_later_videos':
    case 'history': {
      const list =
        section === 'favourite_videos' ? 'favourite' : section === 'history' ? 'history' : 'watch_later';
      const result = await members.videos(viewer, memberId, list, page);
      return {
        kind: 'videos',
        list,
        videos: result.videos.map(toCardView),
        pages: pageCount(result.total_count, MEMBER_PAGE_SIZE),
      };
    }
    case 'playlists': {
      const result = await members.playlists(viewer, memberId, page);
      return {
        kind: 'playlists',
        playlists: result.playlists,
        own: result.own,
        pages: pageCount(result.total_count, MEMBER_PAGE_SIZE),
      };
    }
    case 'subscriptions': {
      const result = await members.subscriptions(memberId, page);
      // The owner's page 1 also shows the newest videos of what they follow (the feed is theirs alone).
      const feed =
        viewer?.user_id === memberId && page === 1
          ? (await services.communityList.feed(viewer, memberId, 1, FEED_STRIP_SIZE)).videos.map(toCardView)
          : undefined;
      return {
        kind: 'subscriptions',
        subscriptions: result.subscriptions,
        pages: pageCount(result.total_count, MEMBER_PAGE_SIZE),
        ...(feed ? { feed } : {}),
      };
    }
    case 'friends': {
      const result = await services.social.friends.page(viewer, memberId, page, COMMUNITY_PAGE_SIZE);
      return {
        kind: 'friends',
        friends: result.friends,
        requests: result.requests,
        pages: pageCount(result.total_count, COMMUNITY_PAGE_SIZE),
      };
    }
    case 'wall': {
      const result = await services.social.wall.page(viewer, memberId, page, COMMUNITY_PAGE_SIZE, true);
      return {
        kind: 'wall',
        posts: result.posts,
        pages: pageCount(result.total_count, COMMUNITY_PAGE_SIZE),
        rights: result.viewer ?? { can_post: false, refusal: 'login_required', can_delete_any: false },
      };
    }
    case 'edit':
      // The owner's alone: a guest or anyone else gets the 403 view (isRefusal below).
      return { kind: 'edit', account: await services.profile.editView(viewer, memberId) };
  }
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const memberId = parseId(params.id);
  // The route table only lets the spec's sections through; the profile itself has none.
  const section = sectionOf(url.pathname);
  const page = params.page === undefined ? 1 : parsePage(params.page);
  const viewer: Viewer = context.get(userContext);
  const services = servicesOf(context);
  // A guest's page is the public profile: nothing in it depends on who asks (the shared page cache).
  const { member, viewer: relation } = await orNotFound(services.members.profile(viewer, memberId));
  const friend = await services.social.friends.state(viewer, memberId);
  let view: SectionView;
  try {
    view = await orNotFound(loadSection(services, viewer, memberId, section, page));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    view = { kind: 'forbidden' };
  }
  const payload: MemberPageData = {
    member,
    viewer: {
      own: relation?.own ?? false,
      subscribed: relation?.subscribed ?? false,
      signedIn: viewer !== null,
      friend,
    },
    section,
    page,
    view,
  };
  return view.kind === 'forbidden' ? data(payload, { status: 403 }) : payload;
}

/** The profile's description is the start of the member's about text. */
const DESCRIPTION_MAX = 200;

/** The page's title: the member's name, then the section (the uploads: 'Videos uploaded by …'). */
export function titleOf(d: Pick<MemberPageData, 'member' | 'section' | 'page'>, t: Translate): string {
  const name = d.member.username;
  if (!d.section) return name;
  const title =
    d.section === 'uploaded_videos'
      ? sectionHeading(d, t)
      : t('member.section_title', {
          name,
          section: t(`member_menu.${d.section}`),
        });
  return d.page > 1 ? t('videos.page_title', { title, page: d.page }) : title;
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = siteOf(matches);
  if (!loaderData) return [];
  const d = loaderData as MemberPageData;
  const { member, section } = d;
  // The owner's own sections and refusals are never indexed; other pages follow the page rule.
  const hidden =
    (section && (isPrivateSection(section) || section === 'edit')) || d.view.kind === 'forbidden';
  return pageMeta({
    site,
    location,
    title: titleOf(d, t),
    description:
      (!section && member.about_me?.slice(0, DESCRIPTION_MAX)) ||
      t('member.description', { name: member.username, site: site.name }),
    page: d.page,
    robots: hidden ? ROBOTS_NOINDEX : undefined,
    image: member.avatar,
    jsonLd: section
      ? undefined
      : {
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          dateCreated: member.added_date,
          mainEntity: {
            '@type': 'Person',
            name: plainText(member.username),
            url: absoluteUrl(site.publicUrl, memberPath(member.user_id)),
            ...(member.avatar ? { image: absoluteUrl(site.publicUrl, member.avatar) } : {}),
          },
        },
  });
}

export default function MemberRoute({ loaderData }: Route.ComponentProps) {
  return <MemberPage data={loaderData as MemberPageData} />;
}
