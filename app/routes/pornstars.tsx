import { MODEL_SORTS } from '../../contract/catalog.ts';
import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { parsePage, parseSort } from '../lib/params.ts';
import type { Route } from './+types/pornstars.ts';

export function loader({ params }: Route.LoaderArgs) {
  parseSort(params.sort, MODEL_SORTS);
  return stub('pornstars', undefined, parsePage(params.page));
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
