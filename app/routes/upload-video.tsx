// content.md §2 and §6: upload needs a signed-in member; a guest goes home. A temporary redirect: a
// cached 301 would keep sending members home after they sign in. The upload form comes with its issue.
import { redirect } from 'react-router';
import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { userContext } from '../lib/context.ts';
import type { Route } from './+types/upload-video.ts';

export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(userContext)) throw redirect('/', 302);
  return stub('upload_video');
}

export const meta = stubMeta;

export default function UploadVideo({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
