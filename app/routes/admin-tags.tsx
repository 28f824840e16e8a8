// /admin/tags/ and /admin/tags/{id}/ (issue 17): the console's tags — search, create, edit,
// delete, and each tag page's mvp block (title, description, h1, links). Moderators and administrators;
// the page is components/admin/taxonomy-page.tsx, shared by the four kinds.
import {
  TaxonomyPage,
  taxonomyLinks,
  taxonomyLoader,
  taxonomyMeta,
} from '../components/admin/taxonomy-page.tsx';
import type { Route } from './+types/admin-tags.ts';

export const links = taxonomyLinks;

export function loader({ context, url, params }: Route.LoaderArgs) {
  return taxonomyLoader('tag', { context, url, params });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return taxonomyMeta('tag', { location, matches });
}

export default function AdminTags({ loaderData }: Route.ComponentProps) {
  return <TaxonomyPage kind="tag" loaderData={loaderData} />;
}
