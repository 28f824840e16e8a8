// The records form's rules (issue 31), shared by the browser and the server: ages on the recording date
// and every field's code.
import { describe, expect, it } from 'vitest';
import { ageOn, parseDay, recordsFieldErrors } from './records-values.ts';

const NOW = new Date('2026-11-29T12:00:00Z');
const ok = {
  stage_name: 'Ava',
  legal_name: 'Ava Example',
  birth_date: '2008-10-01',
  consent: '1',
  signature: 'ava example',
};

describe('records rules', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-10-01', '2026-10-01')).toBe(18);
    expect(ageOn('2008-10-02', '2026-10-01')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('26-1-1')).toBeNull();
  });

  it('accepts a performer who is 18 on the recording date', () => {
    expect(recordsFieldErrors({ recorded_on: '2026-10-01', performers: [ok] }, () => true, NOW)).toEqual([]);
  });

  it('names every problem on its field', () => {
    expect(
      recordsFieldErrors(
        {
          recorded_on: '2026-10-01',
          performers: [
            { ...ok, birth_date: '2008-10-02' },
            { legal_name: '', consent: '', signature: '' },
            { ...ok, model_id: 'x', stage_name: '', signature: 'Somebody Else' },
          ],
        },
        (i) => i !== 1,
        NOW,
      ),
    ).toEqual([
      { field: 'performers[0][birth_date]', code: 'under_18' },
      { field: 'performers[1][stage_name]', code: 'required' },
      { field: 'performers[1][legal_name]', code: 'required' },
      { field: 'performers[1][birth_date]', code: 'required' },
      { field: 'performers[1][id_image]', code: 'required' },
      { field: 'performers[1][consent]', code: 'not_signed' },
      { field: 'performers[1][signature]', code: 'not_signed' },
      { field: 'performers[2][model_id]', code: 'invalid' },
      { field: 'performers[2][signature]', code: 'signature_mismatch' },
    ]);
    expect(recordsFieldErrors({ recorded_on: '', performers: [] }, () => true, NOW)).toEqual([
      { field: 'recorded_on', code: 'required' },
      { field: 'performers', code: 'required' },
    ]);
    expect(
      recordsFieldErrors({ recorded_on: '2027-01-01', performers: Array(7).fill(ok) }, () => true, NOW),
    ).toEqual([
      { field: 'recorded_on', code: 'invalid' },
      { field: 'performers', code: 'max_count' },
    ]);
  });
});
