// Every member route (content.md §2): the profile and its sections, in app/components/member/. The
// default export is a function of this file (not a re-export): React Router hands loaderData only to
// a route file's own default component.
import MemberRoute from '../components/member/member-route.tsx';
import type { Route } from './+types/member.ts';

export { loader, meta } from '../components/member/member-route.tsx';

export default function Member(props: Route.ComponentProps) {
  return <MemberRoute {...props} />;
}
