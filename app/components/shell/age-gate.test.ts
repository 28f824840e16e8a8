import { describe, expect, it } from 'vitest';
import { ageGateFromServer, ageGateShown } from './age-gate.tsx';

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
