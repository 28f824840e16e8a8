import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { parseDir, parseId, parsePage } from '../lib/params.ts';
import type { Route } from './+types/video-videos.ts';

export function loader({ params }: Route.LoaderArgs) {
  parseId(params.id);
  parseDir(params.dir);
  return stub('video_videos', undefined, parsePage(params.page));
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
