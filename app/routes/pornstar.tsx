import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { titleFromDir } from '../lib/format.ts';
import { parseDir, parsePage } from '../lib/params.ts';
import type { Route } from './+types/pornstar.ts';

export function loader({ params, url }: Route.LoaderArgs) {
  const name = titleFromDir(parseDir(params.dir));
  if (params.object_id !== undefined) {
    const category = titleFromDir(parseDir(params.object_id));
    return stub('pornstar_category', { name, category }, parsePage(params.page));
  }
  if (params.page !== undefined) return stub('pornstar_videos', { name }, parsePage(params.page));
  return stub(url.pathname.endsWith('/info/') ? 'pornstar_info' : 'pornstar', { name });
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
