// What a page may know about where its visitor is. Only one bit reaches the HTML: whether the country
// is in the age gate's list (shell.md §4, §9). The country itself never does, so the guest page cache,
// keyed by this bit (page-cache.ts), cannot hand one visitor's country to another.
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from './client-address.ts';
import { type CountryLookup, createCountryResolver, type RequestLike } from './country.ts';

export interface Visitor {
  /** The visitor's country is one of AGE_GATE_COUNTRIES. */
  ageGateCountry: boolean;
}

export const NO_GATE_VISITOR: Visitor = { ageGateCountry: false };

export interface VisitorOptions {
  countryHeader: string | undefined;
  trustProxy: TrustProxy;
  ageGateCountries: readonly string[];
  lookup?: CountryLookup;
}

export type VisitorResolver = (request: RequestLike) => Visitor;

export function createVisitorResolver(options: VisitorOptions): VisitorResolver {
  const gate = new Set(options.ageGateCountries.map((c) => c.toLowerCase()));
  if (gate.size === 0) return () => NO_GATE_VISITOR;
  const countryOf = createCountryResolver({
    header: options.countryHeader,
    trustProxy: options.trustProxy,
    lookup: options.lookup,
  });
  return (request) => {
    const country = countryOf(request);
    return { ageGateCountry: country !== null && gate.has(country) };
  };
}

/** A raw node:http request as the resolver reads it. */
export function requestLikeOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): RequestLike {
  return { headers: req.headers, remoteAddress: req.socket?.remoteAddress };
}

/** The part of the guest page cache's key that this visitor's page depends on. */
export function visitorVariant(visitor: Visitor | undefined): string {
  return visitor?.ageGateCountry ? 'gate' : '';
}
