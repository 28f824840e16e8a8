import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createVisitorResolver } from '../modules/geo/visitor.ts';
import { cacheKeyOf, createPageCache } from './page-cache.ts';
import type { SsrHandler } from './ssr.ts';

// Issue 15: guest pages are shared for 10 s, and a gated page must never reach a visitor from a country
// outside the list (nor the other way round), whether the cache answers through the SSR handler or the
// front door. The renderer here writes the gate bit it was given into the page.
const visitorOf = createVisitorResolver({
  countryHeader: 'cf-ipcountry',
  trustProxy: false,
  ageGateCountries: ['de', 'fr', 'us'],
});
const request = (country: string, cookie?: string) =>
  new Request('http://x/videos/', {
    headers: { 'cf-ipcountry': country, ...(cookie ? { cookie } : {}) },
  });
const raw = (country: string, cookie?: string) =>
  ({
    method: 'GET',
    url: '/videos/',
    headers: { 'cf-ipcountry': country, ...(cookie ? { cookie } : {}) },
    socket: { remoteAddress: '127.0.0.1' },
  }) as unknown as IncomingMessage;

function setup() {
  let renders = 0;
  const handler: SsrHandler = async (_request, _user, visitor) => {
    renders++;
    return new Response(`<p>gate=${visitor?.ageGateCountry ? 'on' : 'off'} render=${renders}</p>`, {
      headers: { 'content-type': 'text/html' },
    });
  };
  const pages = createPageCache(handler, { visitorOf, ttlMs: 10_000, now: () => 0 });
  const viaHandler = async (country: string, cookie?: string) => {
    const req = request(country, cookie);
    const visitor = visitorOf({ headers: Object.fromEntries(req.headers), remoteAddress: '127.0.0.1' });
    return (await pages.handler(req, null, visitor)).text();
  };
  const viaDoor = (country: string, cookie?: string) =>
    pages.lookup(raw(country, cookie))?.body.toString() ?? null;
  return { viaHandler, viaDoor, renders: () => renders };
}

describe('the guest page cache and the age gate', () => {
  it('keys the gated and the ungated page apart; a cookie cannot forge the gated key', () => {
    expect(cacheKeyOf(new Request('http://x/a/'), 'gate')).toBe('gate#/a/||');
    expect(cacheKeyOf(new Request('http://x/a/'))).toBe('/a/||');
    const forged = cacheKeyOf(new Request('http://x/a/', { headers: { cookie: 'kt_lang=|gate' } }));
    expect(forged).not.toBe(cacheKeyOf(new Request('http://x/a/'), 'gate'));
  });

  it('a German guest’s page reaches French guests, never a Japanese one (handler and front door)', async () => {
    const { viaHandler, viaDoor, renders } = setup();
    expect(await viaHandler('DE')).toBe('<p>gate=on render=1</p>');
    expect(viaDoor('JP')).toBeNull();
    expect(await viaHandler('JP')).toBe('<p>gate=off render=2</p>');
    expect(await viaHandler('FR')).toBe('<p>gate=on render=1</p>');
    expect(viaDoor('US')).toBe('<p>gate=on render=1</p>');
    expect(viaDoor('JP')).toBe('<p>gate=off render=2</p>');
    expect(viaDoor('XX')).toBe('<p>gate=off render=2</p>');
    expect(renders()).toBe(2);
  });

  it('parallel first renders of both variants each keep their own answer', async () => {
    const { viaHandler, renders } = setup();
    const answers = await Promise.all(['JP', 'DE', 'JP', 'DE', 'FR'].map((c) => viaHandler(c)));
    expect(answers.map((a) => a.includes('gate=on'))).toEqual([false, true, false, true, true]);
    expect(renders()).toBe(2);
  });

  it('the language cookie still splits each variant', async () => {
    const { viaHandler, viaDoor } = setup();
    await viaHandler('DE', 'kt_lang=de');
    expect(viaDoor('DE')).toBeNull();
    expect(viaDoor('DE', 'kt_lang=de')).toContain('gate=on');
    expect(viaDoor('JP', 'kt_lang=de')).toBeNull();
  });
});
