// /admin/channels/ and /admin/channels/{id}/ (issue 17): the console's channels — search, create, edit,
// delete, with a picture. Moderators and administrators;
// the page is components/admin/taxonomy-page.tsx, shared by the four kinds.
import {
  TaxonomyPage,
  taxonomyLinks,
  taxonomyLoader,
  taxonomyMeta,
} from '../components/admin/taxonomy-page.tsx';
import type { Route } from './+types/admin-channels.ts';

export const links = taxonomyLinks;

export function loader({ context, url, params }: Route.LoaderArgs) {
  return taxonomyLoader('channel', { context, url, params });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return taxonomyMeta('channel', { location, matches });
}

export default function AdminChannels({ loaderData }: Route.ComponentProps) {
  return <TaxonomyPage kind="channel" loaderData={loaderData} />;
}
