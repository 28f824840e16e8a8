import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import type { Route } from './+types/history.ts';

export function loader() {
  return stub('history');
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
