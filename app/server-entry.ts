// Input of the SSR build (see vite.config.ts). The route build and the context key come from one bundle,
// so the services the Fastify server passes in are the ones loaders read.

import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, RouterContextProvider } from 'react-router';
import type { CurrentUser } from '../contract/accounts.ts';
import type { Visitor } from '../server/modules/geo/visitor.ts';
import type { AppServices } from '../server/services.ts';
import { servicesContext, userContext, visitorContext } from './lib/context.ts';

export type SsrHandler = (
  request: Request,
  user?: CurrentUser | null,
  visitor?: Visitor,
) => Promise<Response>;

export function createSsrHandler(services: AppServices, mode = 'production'): SsrHandler {
  const handle = createRequestHandler(build, mode);
  return (request, user = null, visitor: Visitor = { ageGateCountry: false }) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(userContext, user);
    context.set(visitorContext, visitor);
    return handle(request, context);
  };
}
