import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { isOneOf } from '../lib/params.ts';
import type { Route } from './+types/information.ts';

const SECTIONS = {
  dmca: 'information_dmca',
  support: 'information_support',
  terms: 'information_terms',
  privacy: 'information_privacy',
  '2257': 'information_2257',
} as const;

export function loader({ url }: Route.LoaderArgs) {
  const section = url.pathname.split('/')[2] ?? '';
  return stub(
    isOneOf(section, Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]) ? SECTIONS[section] : 'information',
  );
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
