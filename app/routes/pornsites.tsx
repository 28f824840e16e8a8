import { MODEL_SORTS } from '../../contract/catalog.ts';
import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { parsePage, parseSort } from '../lib/params.ts';
import type { Route } from './+types/pornsites.ts';

// content.md §3: channel sorts are the model sorts plus alphabetaz and alphabetza (in MODEL_SORTS).
export function loader({ params }: Route.LoaderArgs) {
  parseSort(params.sort, MODEL_SORTS);
  return stub('pornsites', undefined, parsePage(params.page));
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
