// Short URLs that only move to their full form (lib/redirects.ts), kept with their query string.
import { redirect } from 'react-router';
import { notFound } from '../lib/params.ts';
import { redirectTarget } from '../lib/redirects.ts';
import type { Route } from './+types/redirect.ts';

export function loader({ url }: Route.LoaderArgs) {
  const target = redirectTarget(url.pathname);
  if (!target) notFound();
  throw redirect(`${target}${url.search}`, 301);
}

// A UI route (not a resource route), so that a 404 here renders the 404 page.
export default function Redirect() {
  return null;
}
