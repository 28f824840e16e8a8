// Input of the SSR build (see vite.config.ts). The route build and the context key come from one bundle,
// so the services the Fastify server passes in are the ones loaders read.

import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { CurrentUser } from '../contract/accounts.ts';
import type { AppServices } from '../server/services.ts';
import { servicesContext, userContext } from './lib/context.ts';

export type SsrHandler = (request: Request, user?: CurrentUser | null) => Promise<Response>;

export function createSsrHandler(services: AppServices, mode = 'production'): SsrHandler {
  const handle = createRequestHandler(build, mode);
  return (request, user = null) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(userContext, user);
    return handle(request, context);
  };
}
