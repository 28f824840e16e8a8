// Every member route (content.md §2): the profile and its sections, in app/components/member/. The
// default export is a function of this file (not a re-export): React Router hands loaderData only to
// a route file's own default component.

import community from 'virtual:en/community';
import friends from 'virtual:en/friends';
import member from 'virtual:en/member';
import moderation from 'virtual:en/moderation';
import playlists from 'virtual:en/playlists';
import profile from 'virtual:en/profile';
import upload from 'virtual:en/upload';
import wall from 'virtual:en/wall';
import MemberRoute from '../components/member/member-route.tsx';
import { addEnglish } from '../lib/i18n.ts';
import type { Route } from './+types/member.ts';

// The English texts of this route's own namespaces (lib/i18n.ts: not in every page's first load).
addEnglish({ community, friends, member, moderation, playlists, profile, upload, wall });

export { loader, meta } from '../components/member/member-route.tsx';

export default function Member(props: Route.ComponentProps) {
  return <MemberRoute {...props} />;
}
