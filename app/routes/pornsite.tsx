import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { titleFromDir } from '../lib/format.ts';
import { parseDir, parsePage } from '../lib/params.ts';
import type { Route } from './+types/pornsite.ts';

export function loader({ params, url }: Route.LoaderArgs) {
  const name = titleFromDir(parseDir(params.dir));
  if (params.page !== undefined) return stub('pornsite_videos', { name }, parsePage(params.page));
  return stub(url.pathname.endsWith('/info/') ? 'pornsite_info' : 'pornsite', { name });
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
