import { describe, expect, it } from 'vitest';
import { ageGateFromServer, ageGateShown } from './age-gate.tsx';
import { AGE_GATE_TEXTS, ageGateTextsFor } from './age-gate-texts.ts';

// shell.md §4: shown when no _agv flag exists, the user is not logged in and the country is listed.
describe('ageGateShown', () => {
  it('shows for a guest from a listed country without the flag', () => {
    expect(ageGateShown({ hasAgv: false, signedIn: false, countryListed: true })).toBe(true);
  });
  it('the _agv flag hides it', () => {
    expect(ageGateShown({ hasAgv: true, signedIn: false, countryListed: true })).toBe(false);
  });
  it('a signed-in user never sees it', () => {
    expect(ageGateShown({ hasAgv: false, signedIn: true, countryListed: true })).toBe(false);
  });
  it('a country outside the list never sees it', () => {
    expect(ageGateShown({ hasAgv: false, signedIn: false, countryListed: false })).toBe(false);
  });
  it('every combination: only all three clauses show it', () => {
    for (const hasAgv of [false, true])
      for (const signedIn of [false, true])
        for (const countryListed of [false, true])
          expect(ageGateShown({ hasAgv, signedIn, countryListed })).toBe(
            !hasAgv && !signedIn && countryListed,
          );
  });
  it("the server's part leaves _agv to the browser", () => {
    expect(ageGateFromServer({ signedIn: false, countryListed: true })).toBe(true);
    expect(ageGateFromServer({ signedIn: true, countryListed: true })).toBe(false);
    expect(ageGateFromServer({ signedIn: false, countryListed: false })).toBe(false);
  });
});

describe('age gate texts', () => {
  it('ru, fr and de have every text; other languages use the locale files', () => {
    for (const lang of ['ru', 'fr', 'de'] as const) {
      const texts = ageGateTextsFor(lang);
      expect(texts).toBe(AGE_GATE_TEXTS[lang]);
      expect(texts?.title.trim()).not.toBe('');
      expect(texts?.text).toMatch(/18/);
      expect(texts?.enter).toMatch(/18/);
    }
    expect(ageGateTextsFor('en')).toBeNull();
    expect(ageGateTextsFor('ja')).toBeNull();
  });
});
