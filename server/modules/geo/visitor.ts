// What a page may know about where its visitor is. Only a few bits reach the HTML: whether the country
// is in the age gate's list, whether it is the UK gate's (and then whether the Referer is another site)
// (shell.md §4, §9). The country itself never does, so the guest page cache, keyed by these bits
// (page-cache.ts), cannot hand one visitor's gate decision to another.
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from './client-address.ts';
import { type CountryLookup, createCountryResolver, type RequestLike } from './country.ts';

export interface Visitor {
  /** The visitor's country is one of AGE_GATE_COUNTRIES. */
  ageGateCountry: boolean;
  /** The UK gate's country (gb, shell.md §9); false when not known. */
  ukCountry?: boolean;
  /** The request's Referer is another site (the UK gate's "referrer" clause, shell.md §4). */
  referred?: boolean;
  /**
   * The client address as TRUST_PROXY allows (server/http/ssr.ts): the search page counts its visitor
   * by it (issue 34). Never rendered, and no part of the page cache's key.
   */
  address?: string;
}

export const NO_GATE_VISITOR: Visitor = { ageGateCountry: false };

export interface VisitorOptions {
  countryHeader: string | undefined;
  trustProxy: TrustProxy;
  ageGateCountries: readonly string[];
  lookup?: CountryLookup;
  /** The UK gate's country code (default gb); null turns the UK gate off. */
  ukGateCountry?: string | null;
}

/** A Referer naming another host than the request's own: the visitor followed a link from elsewhere. */
export function referredFrom(headers: RequestLike['headers']): boolean {
  const referer = headers.referer;
  const host = headers.host;
  if (typeof referer !== 'string' || referer === '') return false;
  if (!URL.canParse(referer)) return false;
  return typeof host !== 'string' || new URL(referer).host.toLowerCase() !== host.toLowerCase();
}

export type VisitorResolver = (request: RequestLike) => Visitor;

export function createVisitorResolver(options: VisitorOptions): VisitorResolver {
  const gate = new Set(options.ageGateCountries.map((c) => c.toLowerCase()));
  const uk = options.ukGateCountry === undefined ? 'gb' : options.ukGateCountry;
  if (gate.size === 0 && !uk) return () => NO_GATE_VISITOR;
  const countryOf = createCountryResolver({
    header: options.countryHeader,
    trustProxy: options.trustProxy,
    lookup: options.lookup,
  });
  return (request) => {
    const country = countryOf(request);
    const visitor: Visitor = { ageGateCountry: country !== null && gate.has(country) };
    if (uk && country === uk) {
      visitor.ukCountry = true;
      visitor.referred = referredFrom(request.headers);
    }
    return visitor;
  };
}

/** A raw node:http request as the resolver reads it. */
export function requestLikeOf(req: Pick<IncomingMessage, 'headers' | 'socket'>): RequestLike {
  return { headers: req.headers, remoteAddress: req.socket?.remoteAddress };
}

/** The part of the guest page cache's key that this visitor's page depends on. */
export function visitorVariant(visitor: Visitor | undefined): string {
  const age = visitor?.ageGateCountry ? 'gate' : '';
  // The UK gate's bits: its country, and whether the Referer came from another site.
  if (!visitor?.ukCountry) return age;
  return `${age}${visitor.referred ? 'ukref' : 'uk'}`;
}
