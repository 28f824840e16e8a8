import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { parseId, parsePage } from '../lib/params.ts';
import type { Route } from './+types/playlist.ts';

export function loader({ params, url }: Route.LoaderArgs) {
  parseId(params.id);
  if (params.page !== undefined) return stub('playlist_videos', undefined, parsePage(params.page));
  return stub(url.pathname.endsWith('/info/') ? 'playlist_info' : 'playlist');
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
