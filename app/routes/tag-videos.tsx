import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { titleFromDir } from '../lib/format.ts';
import { parseDir, parsePage } from '../lib/params.ts';
import type { Route } from './+types/tag-videos.ts';

export function loader({ params }: Route.LoaderArgs) {
  const page = parsePage(params.page);
  return stub('tag_videos', { tag: titleFromDir(parseDir(params.object_id)) }, page);
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
