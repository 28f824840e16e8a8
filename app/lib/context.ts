import { createContext } from 'react-router';
import type { CurrentUser } from '../../contract/accounts.ts';
import type { Visitor } from '../../server/modules/geo/visitor.ts';
import type { AppServices } from '../../server/services.ts';

/** Set per request by app/server-entry.ts; loaders read it with `context.get(servicesContext)`. */
export const servicesContext = createContext<AppServices>();

/** The signed-in user of this request (null for a guest), set by app/server-entry.ts. */
export const userContext = createContext<CurrentUser | null>(null);

/** What the page may know of where the visitor is (the age gate's bit), set by app/server-entry.ts. */
export const visitorContext = createContext<Visitor>({ ageGateCountry: false });
