import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import type { Route } from './+types/signup.ts';

// content.md §2: sign-up and password restore share one screen.
export function loader({ url }: Route.LoaderArgs) {
  return stub(url.pathname.startsWith('/restore-password/') ? 'restore_password' : 'signup');
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
