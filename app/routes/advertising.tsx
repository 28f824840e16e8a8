import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import type { Route } from './+types/advertising.ts';

export function loader() {
  return stub('advertising');
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
