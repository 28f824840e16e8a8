// The UK gate's clauses (shell.md §4), the page cache's variant for them, the photo's encryption and
// its key file, and the provider port with a test double (a third-party service that decides at once).
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPromoQuery,
  type UkGateClauses,
  ukGateExemptPath,
  ukGateShown,
} from '../../../contract/age-verification.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser } from '../../test/roles.ts';
import { createVisitorResolver, referredFrom, visitorVariant } from '../geo/visitor.ts';
import { createAgeVerificationRepository } from './age-verification.repository.ts';
import { createAgeVerificationService } from './age-verification.service.ts';
import { createPhotoCipher, KEY_FILE, resolveKey } from './photo-cipher.ts';
import type { AgeAssuranceProvider, AssuranceOutcome } from './provider.ts';

describe('ukGateShown: each clause of shell.md §4', () => {
  const shown: UkGateClauses = {
    ukCountry: true,
    signedIn: false,
    ageVerified: false,
    pathname: '/',
    referred: false,
  };
  it('shows for an anonymous visitor from gb on an ordinary page', () => {
    expect(ukGateShown(shown)).toBe(true);
  });
  it('shows for a member who is not age_verified; not for one who is', () => {
    expect(ukGateShown({ ...shown, signedIn: true })).toBe(true);
    expect(ukGateShown({ ...shown, signedIn: true, ageVerified: true })).toBe(false);
  });
  it('never outside gb', () => {
    expect(ukGateShown({ ...shown, ukCountry: false })).toBe(false);
  });
  it.each(['/information/', '/information/terms/', '/signin/', '/signup/', '/restore-password/'])(
    'never on %s',
    (pathname) => {
      expect(ukGateShown({ ...shown, pathname })).toBe(false);
    },
  );
  it.each(['/videos/', '/informational/', '/signing/', '/video/1/x/'])('does on %s', (pathname) => {
    expect(ukGateExemptPath(pathname)).toBe(false);
    expect(ukGateShown({ ...shown, pathname })).toBe(true);
  });
  it('never with a referrer or a promo-type query', () => {
    expect(ukGateShown({ ...shown, referred: true })).toBe(false);
  });
  it('promo-type queries: promo, utm_source and the tracking parameters; not others', () => {
    for (const q of ['promo=1', 'utm_source=x', 'utm_campaign=y', 'campaign=z', 'source=a', 'r=b']) {
      expect(hasPromoQuery(new URLSearchParams(q)), q).toBe(true);
    }
    for (const q of ['', 'page=2', 'sort=new', 'q=promo']) {
      expect(hasPromoQuery(new URLSearchParams(q)), q).toBe(false);
    }
  });
});

describe('the visitor: the UK bits and the page cache variant', () => {
  const visitorOf = createVisitorResolver({
    countryHeader: 'cf-ipcountry',
    trustProxy: false,
    ageGateCountries: ['de'],
  });
  const of = (headers: Record<string, string>) => visitorOf({ headers, remoteAddress: '127.0.0.1' });

  it('referredFrom: another host only', () => {
    expect(referredFrom({ host: 'tube.test', referer: 'https://elsewhere.test/page' })).toBe(true);
    expect(referredFrom({ host: 'tube.test', referer: 'http://tube.test/videos/' })).toBe(false);
    expect(referredFrom({ host: 'tube.test' })).toBe(false);
    expect(referredFrom({ host: 'tube.test', referer: 'not a url' })).toBe(false);
  });
  it('gb: the UK bit, and whether the referrer is another site; each a variant of its own', () => {
    const plain = of({ 'cf-ipcountry': 'GB', host: 'tube.test' });
    const referred = of({ 'cf-ipcountry': 'GB', host: 'tube.test', referer: 'https://else.test/' });
    const own = of({ 'cf-ipcountry': 'GB', host: 'tube.test', referer: 'http://tube.test/x/' });
    expect(plain).toMatchObject({ ukCountry: true, referred: false, ageGateCountry: false });
    expect(referred).toMatchObject({ ukCountry: true, referred: true });
    const variants = new Set([
      visitorVariant(plain),
      visitorVariant(referred),
      visitorVariant(of({ 'cf-ipcountry': 'DE' })),
      visitorVariant(of({ 'cf-ipcountry': 'JP' })),
    ]);
    expect(variants.size).toBe(4);
    expect(visitorVariant(own)).toBe(visitorVariant(plain));
  });
  it('other countries carry no UK bit; a referrer from elsewhere does not split their pages', () => {
    const jp = of({ 'cf-ipcountry': 'JP', host: 'tube.test', referer: 'https://else.test/' });
    expect(jp.ukCountry).toBeUndefined();
    expect(visitorVariant(jp)).toBe('');
  });
  it('ukGateCountry null turns the UK gate off', () => {
    const off = createVisitorResolver({
      countryHeader: 'cf-ipcountry',
      trustProxy: false,
      ageGateCountries: [],
      ukGateCountry: null,
    });
    expect(off({ headers: { 'cf-ipcountry': 'GB' }, remoteAddress: '127.0.0.1' })).toEqual({
      ageGateCountry: false,
    });
  });
});

describe('the photo cipher', () => {
  it('seals with AES-256-GCM: the stored bytes are not the photo, open gives it back', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agev-'));
    const cipher = createPhotoCipher(() => resolveKey(undefined, dir));
    const photo = Buffer.from('\xff\xd8\xff\xe0 a photo of a test card', 'latin1');
    const sealed = cipher.seal(photo, 'age-verification/1/a.bin');
    expect(sealed.includes(photo.subarray(0, 8))).toBe(false);
    expect(cipher.seal(photo, 'age-verification/1/a.bin').equals(sealed)).toBe(false);
    expect(cipher.open(sealed, 'age-verification/1/a.bin').equals(photo)).toBe(true);
  });
  it('refuses a blob altered, moved to another key, or sealed with another key', () => {
    const dirA = mkdtempSync(path.join(os.tmpdir(), 'agev-'));
    const dirB = mkdtempSync(path.join(os.tmpdir(), 'agev-'));
    const a = createPhotoCipher(() => resolveKey(undefined, dirA));
    const b = createPhotoCipher(() => resolveKey(undefined, dirB));
    const sealed = a.seal(Buffer.from('photo bytes'), 'k/1.bin');
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => a.open(altered, 'k/1.bin')).toThrow();
    expect(() => a.open(sealed, 'k/2.bin')).toThrow();
    expect(() => b.open(sealed, 'k/1.bin')).toThrow();
  });
  it('without AGE_VERIFICATION_KEY: one key file in DATA_DIR, mode 0600, made once and kept', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agev-'));
    const first = resolveKey(undefined, dir);
    const again = resolveKey(undefined, dir);
    expect(first.length).toBe(32);
    expect(again.equals(first)).toBe(true);
    const file = path.join(dir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
  });
  it('AGE_VERIFICATION_KEY: 32 bytes in base64, or the configuration is refused', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ AGE_VERIFICATION_KEY: key }).ageVerificationKey?.toString('base64')).toBe(key);
    expect(loadConfig({}).ageVerificationKey).toBeUndefined();
    expect(() => loadConfig({ AGE_VERIFICATION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /AGE_VERIFICATION_KEY/,
    );
  });
  it('a configured key wins and no file is written', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agev-'));
    const key = Buffer.alloc(32, 7);
    expect(resolveKey(key, dir)).toBe(key);
    expect(() => statSync(path.join(dir, KEY_FILE))).toThrow();
  });
});

/** A third-party service's stand-in: decides what it is told to, and records what it was given. */
function fakeProvider(outcome: AssuranceOutcome) {
  const seen: { userId: number; bytes: number; contentType: string }[] = [];
  const provider: AgeAssuranceProvider = {
    id: 'fake-service',
    assess: async (input) => {
      seen.push({ userId: input.userId, bytes: input.image.length, contentType: input.contentType });
      return outcome;
    },
  };
  return { provider, seen };
}

describe('the provider port (a test double in place of the manual review)', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
    const sharp = (await import('sharp')).default;
    photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const serviceWith = (provider: AgeAssuranceProvider) =>
    createAgeVerificationService({
      repository: createAgeVerificationRepository(t.database.handle.db),
      storage: t.services.storage,
      cipher: createPhotoCipher(() => Buffer.alloc(32, 1)),
      provider,
      audit: t.services.audit,
    });

  it('approved at once: age_verified, nothing stored, nothing queued', async () => {
    const member = await createSignedInUser(t, 'provider_yes');
    const { provider, seen } = fakeProvider({ decision: 'approved' });
    const service = serviceWith(provider);
    const user = (await t.services.accounts.userForSession(member.sid))?.user ?? null;
    const sent = await service.submit(user, photo);
    expect(sent).toEqual({ status: 'success', state: 'approved', age_verified: true, reason: null });
    expect(seen).toEqual([{ userId: member.userId, bytes: expect.any(Number), contentType: 'image/jpeg' }]);
    const after = await t.services.accounts.userForSession(member.sid);
    expect(after?.user.age_verified).toBe(true);
    expect(await t.services.storage.deletePrefix(`age-verification/${member.userId}/`)).toBe(0);
    // No staff member decided: the audit log of staff actions has nothing about it (issue 17).
    expect(await t.database.handle.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });

  it('rejected at once: the reason is the member’s status; not verified', async () => {
    const member = await createSignedInUser(t, 'provider_no');
    const service = serviceWith(fakeProvider({ decision: 'rejected', reason: 'Face not visible' }).provider);
    const user = (await t.services.accounts.userForSession(member.sid))?.user ?? null;
    const sent = await service.submit(user, photo);
    expect(sent).toMatchObject({ state: 'rejected', age_verified: false, reason: 'Face not visible' });
    expect(await service.statusOf(user)).toEqual({ state: 'rejected', reason: 'Face not visible' });
    expect((await t.services.accounts.userForSession(member.sid))?.user.age_verified).toBe(false);
  });

  it('the built-in provider is the manual review: the photo waits', async () => {
    const member = await createSignedInUser(t, 'provider_manual');
    const user = (await t.services.accounts.userForSession(member.sid))?.user ?? null;
    const sent = await t.services.ageVerification.submit(user, photo);
    expect(sent).toEqual({ status: 'success', state: 'pending', age_verified: false, reason: null });
  });
});
