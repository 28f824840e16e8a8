// The error page of every page, one level under the root: rendered inside the root's shell (header,
// footer) with the root loader's data. When an action fails, or a page is sent a POST it has no action
// for (405), React Router runs only the loaders above the boundary that catches the error; were that the
// root's own boundary, the error page of a non-GET request would have no site name and no member. The
// root's boundary is left for a failing root loader. The route's path is '/' (app/routes.ts), so that a
// POST to '/' is this route's too (React Router sends a POST without ?index to the index's parent).
import { isRouteErrorResponse, Outlet } from 'react-router';
import { NotFound, ServerError } from '../components/status-page.tsx';
import type { Route } from './+types/page-errors.ts';
// Not used here: importing it keeps the bundler's chunks as they were before this route existed. Every
// other module with JSX reaches lib/i18n.ts, so the JSX runtime and the English core share one chunk
// on every page; a JSX module that did not reach it would split them (one more script, +0.8 KB gzip on
// the video page's first load, which is at its budget).
import '../lib/i18n.ts';

export default function Pages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? <NotFound /> : <ServerError />;
}
