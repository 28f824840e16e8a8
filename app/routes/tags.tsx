import { redirect } from 'react-router';
import { StubPage, stub, stubMeta } from '../components/stub-page.tsx';
import { parseDir } from '../lib/params.ts';
import type { Route } from './+types/tags.ts';

/** shell.md §3: the letter list is 0 then a-z; 'all' shows every tag. */
const LETTERS = ['0', ...'abcdefghijklmnopqrstuvwxyz', 'all'];

// /tags/x/ is a letter when x is one of LETTERS; anything else is a tag dir, whose videos live at
// /tags/x/1/ (a single-letter tag is therefore only reachable with its page number).
export function loader({ params, url }: Route.LoaderArgs) {
  const letter = params.letter;
  if (letter === undefined || letter === 'all') return stub('tags');
  if (LETTERS.includes(letter)) return stub('tags_letter', { letter: letter.toUpperCase() });
  const dir = parseDir(letter);
  throw redirect(`/tags/${encodeURIComponent(dir)}/1/${url.search}`, 301);
}

export const meta = stubMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StubPage data={loaderData} />;
}
