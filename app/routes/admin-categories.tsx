// /admin/categories/ and /admin/categories/{id}/ (issue 17): the console's categories — search, create, edit,
// delete, with a picture. Moderators and administrators;
// the page is components/admin/taxonomy-page.tsx, shared by the four kinds.
import {
  TaxonomyPage,
  taxonomyLinks,
  taxonomyLoader,
  taxonomyMeta,
} from '../components/admin/taxonomy-page.tsx';
import type { Route } from './+types/admin-categories.ts';

export const links = taxonomyLinks;

export function loader({ context, url, params }: Route.LoaderArgs) {
  return taxonomyLoader('category', { context, url, params });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return taxonomyMeta('category', { location, matches });
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <TaxonomyPage kind="category" loaderData={loaderData} />;
}
