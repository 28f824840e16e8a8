import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { isOneOf, parseId, parsePage } from '../lib/params.ts';
import type { Route } from './+types/member.ts';

const SECTIONS = {
  wall: 'member_wall',
  friends: 'member_friends',
  edit: 'member_edit',
  subscriptions: 'member_subscriptions',
  uploaded_videos: 'member_uploaded_videos',
  favourite_videos: 'member_favourite_videos',
  playlists: 'member_playlists',
  history: 'member_history',
  watch_later_videos: 'member_watch_later_videos',
  info: 'member_info',
} as const;

export function loader({ params, url }: Route.LoaderArgs) {
  parseId(params.id);
  const page = params.page === undefined ? undefined : parsePage(params.page);
  // /members/{id}/{section}/...: the route table only lets known sections through.
  const section = url.pathname.split('/')[3] ?? '';
  const heading = isOneOf(section, Object.keys(SECTIONS) as (keyof typeof SECTIONS)[])
    ? SECTIONS[section]
    : 'member';
  return stub(heading, undefined, page);
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
