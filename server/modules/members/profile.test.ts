// The profile rules without HTTP: the field rules of contract/profile.ts (dates, the age of 18, the
// value meanings, countries, websites), the image rules of profile-images.ts on images made with sharp
// here, and the service on a real database (every call acts on the asker's own account only).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryList, profileFieldErrors, websiteError, yearsSince } from '../../../contract/profile.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { createSignedInUser } from '../../test/roles.ts';
import { resizeProfileImage } from './profile-images.ts';

describe('profile field rules', () => {
  const today = new Date(Date.UTC(2026, 10, 26));
  it('counts whole years and holds the age of 18 to the day', () => {
    expect(yearsSince({ y: 2008, m: 11, d: 26 }, today)).toBe(18);
    expect(yearsSince({ y: 2008, m: 11, d: 27 }, today)).toBe(17);
    expect(profileFieldErrors({ birth_date: '2008-11-26' }, today)).toEqual([]);
    expect(profileFieldErrors({ birth_date: '2008-11-27' }, today)).toEqual([
      { field: 'birth_date', code: 'too_young' },
    ]);
    expect(profileFieldErrors({ birth_date: '1990-02-29' }, today)).toEqual([
      { field: 'birth_date', code: 'invalid_date' },
    ]);
  });
  it('takes the value meanings, countries ICU names and http(s) websites only', () => {
    expect(profileFieldErrors({ gender: '4', relationship: '3', orientation: '1' })).toEqual([]);
    expect(
      profileFieldErrors({ gender: '5', relationship: '0', orientation: '6' }).map((e) => e.code),
    ).toEqual(['invalid', 'invalid', 'invalid']);
    expect(countryList()).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'US']));
    expect(countryList()).not.toContain('UK');
    expect(countryList()).not.toContain('EU');
    expect(profileFieldErrors({ country: 'uk' })).toEqual([{ field: 'country', code: 'invalid_country' }]);
    expect(websiteError('example.org')).toBeNull();
    expect(websiteError('https://example.org/a?b=1')).toBeNull();
    expect(websiteError('javascript:alert(1)')).toBe('invalid_url');
    expect(websiteError('ftp://example.org')).toBe('invalid_url');
  });
});

describe('profile images', () => {
  it('crops to the stored size and refuses too small, unreadable and truncated images', async () => {
    const make = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 4, background: '#33669980' } })
        .png()
        .toBuffer();
    const avatar = await sharp(await resizeProfileImage('avatar', await make(120, 900))).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(['webp', 256, 256]);
    const cover = await sharp(await resizeProfileImage('cover', await make(3000, 1000))).metadata();
    expect([cover.width, cover.height]).toEqual([1250, 250]);
    await expect(resizeProfileImage('avatar', await make(99, 300))).rejects.toMatchObject({
      code: 'image_too_small',
    });
    await expect(resizeProfileImage('cover', await make(1250, 249))).rejects.toMatchObject({
      code: 'image_too_small',
      codes: [{ field: 'cover', code: 'image_too_small' }],
    });
    await expect(resizeProfileImage('avatar', Buffer.from('GIF89a'))).rejects.toMatchObject({
      code: 'image_load_failed',
      message: 'Failed to load image!',
    });
    const good = await make(400, 400);
    await expect(resizeProfileImage('avatar', good.subarray(0, 120))).rejects.toMatchObject({
      code: 'image_resize_failed',
      message: 'Error resizing image',
    });
  });
});

describe.each(databaseKinds())('profile service on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('a guest is asked to log in; the edit view is the owner’s alone', async () => {
    const { profile } = t.services;
    const owner = await createSignedInUser(t, 'psvc_owner');
    const other = await createSignedInUser(t, 'psvc_other');
    const asUser = (u: typeof owner) => ({
      user_id: u.userId,
      username: u.username,
      avatar: null,
      role: u.role,
    });
    await expect(profile.saveProfile(null, { education: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(profile.clearHistory(null)).rejects.toMatchObject({ status: 401 });
    await expect(profile.editView(null, owner.userId)).rejects.toMatchObject({ status: 401 });
    await expect(profile.editView(asUser(other), owner.userId)).rejects.toMatchObject({
      status: 403,
      message: 'You do not have permission to view.',
    });
    expect(await profile.editView(asUser(owner), owner.userId)).toEqual({
      email: owner.email,
      pending_email: null,
      has_password: true,
    });
    await profile.saveProfile(asUser(other), { country: 'FR', gender: '1' });
    const rows = await t.database.handle.db
      .selectFrom('users')
      .select(['id', 'country', 'gender'])
      .where('id', 'in', [owner.userId, other.userId])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.country?.trim() ?? null, r.gender])).toEqual([
      [null, null],
      ['fr', 1],
    ]);
  });
});
