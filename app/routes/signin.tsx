import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import type { Route } from './+types/signin.ts';

export function loader() {
  return stub('signin');
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
