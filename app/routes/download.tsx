import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import type { Route } from './+types/download.ts';

// content.md §2: the browser-extension page; its query (title, video, thumb) is read later.
export function loader() {
  return stub('download');
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
