import { createContext } from 'react-router';
import type { AppServices } from '../../server/services.ts';

/** Set per request by app/server-entry.ts; loaders read it with `context.get(servicesContext)`. */
export const servicesContext = createContext<AppServices>();
