// /admin/models/ and /admin/models/{id}/ (issue 17): the console's models — search, create, edit,
// delete, with every profile field and a photo. Moderators and administrators;
// the page is components/admin/taxonomy-page.tsx, shared by the four kinds.
import {
  TaxonomyPage,
  taxonomyLinks,
  taxonomyLoader,
  taxonomyMeta,
} from '../components/admin/taxonomy-page.tsx';
import type { Route } from './+types/admin-models.ts';

export const links = taxonomyLinks;

export function loader({ context, url, params }: Route.LoaderArgs) {
  return taxonomyLoader('model', { context, url, params });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return taxonomyMeta('model', { location, matches });
}

export default function AdminModels({ loaderData }: Route.ComponentProps) {
  return <TaxonomyPage kind="model" loaderData={loaderData} />;
}
