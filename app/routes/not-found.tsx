// Any path not in the route table: the 404 page with HTTP 404 (content.md §2).
import { notFound } from '../lib/params.ts';

export function loader(): never {
  notFound();
}

export default function NotFoundRoute() {
  return null;
}
