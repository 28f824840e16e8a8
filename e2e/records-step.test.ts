// The performer records step reached again, with the model picker (issue 31), in Chromium: a member's
// upload waiting for its records shows "Send the performer records" in their uploads list; the link opens
// the records step of that video, where one performer is picked from the models catalogue (typed letters,
// the suggestion list, the arrow keys and Enter) and another is named as a new stage name; the records
// reach the server with the model's id. The uploads list then says they wait for a check. Another member
// opening the same step gets the 403 answer's message, not the form; a guest goes home.
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordsView } from '../contract/records.ts';
import { insertVideo } from '../server/test/fixtures.ts';
import { waitForHydration } from './browser.ts';
import { openSuiteSite, prepareSite, type SuiteSite } from './site-fixture.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/shots';

describe('the records step from the uploads list, with the model picker, in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-records-step-'));
  const idCard = path.join(dataDir, 'id.jpg');
  const env = {
    DATA_DIR: dataDir,
    SITE_NAME: 'Records Tube',
    SEED_DEMO: 'false',
    CATALOG_CACHE: 'off',
    UPLOAD_RECORDS: 'required',
  };
  let site: SuiteSite;
  let fixture = { uploader: 0, videoId: 0, ava: 0 };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A synthetic "ID card": a coloured card, nothing real.
    await sharp({ create: { width: 480, height: 300, channels: 3, background: '#ace' } })
      .jpeg()
      .toFile(idCard);
    fixture = await prepareSite(env, async ({ db, user }) => {
      const uploader = await user('step_uploader', 'member');
      await user('step_other', 'member');
      await user('step_admin', 'administrator');
      const ids: Record<string, number> = {};
      for (const title of ['Ava Test', 'Avalon Grey', 'Bella Avanti', 'Zoe Stone']) {
        const row = await db
          .insertInto('models')
          .values({ dir: title.toLowerCase().replace(/\W+/g, '-'), title, added_date: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[title] = Number(row.id);
      }
      // An upload the pipeline brought to the queue, its records not sent yet.
      const { id } = await insertVideo(db, { title: 'Beach day waiting for records', status: 3 });
      await db.updateTable('videos').set({ user_id: uploader }).where('id', '=', id).execute();
      await db
        .insertInto('video_records')
        .values({ video_id: Number(id) })
        .execute();
      return { uploader, videoId: Number(id), ava: ids['Ava Test'] ?? 0 };
    });
    site = await openSuiteSite(env);
  }, 180_000);

  afterAll(() => site?.close());

  const shoot = async (page: Page, name: string) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: width === 375 });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  it('links the waiting upload to its records step, where a performer is picked from the models', async () => {
    const uploader = await site.signedIn('step_uploader');
    const list = site.url(`/members/${fixture.uploader}/uploaded_videos/1/`);
    await uploader.goto(list);
    const card = uploader.locator(`.member-upload[data-card-id="${fixture.videoId}"]`);
    const link = card.locator('[data-records="missing"] a');
    await expect(link.innerText()).resolves.toBe('Send the performer records');
    await shoot(uploader, 'records-step-uploads');
    await waitForHydration(uploader, `.member-upload[data-card-id="${fixture.videoId}"] .card__title`);
    await link.click();
    await uploader.waitForURL(new RegExp(`/upload-video/records/${fixture.videoId}/$`));

    const form = uploader.locator('.records-form');
    await waitForHydration(uploader, '.records-form button[type="submit"]');
    await form.getByLabel('Recording date').fill('2026-10-01');
    const performer = (i: number) => form.locator(`.records-form__performer[data-performer="${i}"]`);
    const rest = async (i: number, legal: string, birth: string) => {
      const box = performer(i);
      await box.getByLabel('Legal name (as on the ID document)').fill(legal);
      await box.getByLabel('Date of birth').fill(birth);
      await box.locator('input[type="file"]').setInputFiles(idCard);
      await box.getByLabel('The performer has read and signs this statement').check();
      await box.getByLabel("Signature: the performer's legal name typed again").fill(legal);
    };

    // Performer 1: typed letters bring the catalogue's matches; the arrow keys and Enter pick one.
    const stage = performer(0).getByLabel('Stage name');
    await stage.pressSequentially('ava');
    const options = performer(0).locator('.model-picker__option');
    await options.first().waitFor();
    await expect(options.allInnerTexts()).resolves.toEqual(['Ava Test', 'Avalon Grey', 'Bella Avanti']);
    await shoot(uploader, 'records-step-picker');
    await stage.press('ArrowDown');
    await stage.press('Enter');
    const picked = performer(0).locator('.model-picker__picked');
    await expect(picked.innerText()).resolves.toBe('Model from the catalogue: Ava Test');
    await expect(picked.getAttribute('data-model-id')).resolves.toBe(String(fixture.ava));
    await expect(stage.inputValue()).resolves.toBe('Ava Test');
    await expect(options.count()).resolves.toBe(0);
    await rest(0, 'Ava Example', '1995-04-02');

    // Performer 2: a name the catalogue does not have is sent as a new stage name.
    await form.getByRole('button', { name: 'Add another performer' }).click();
    await performer(1).getByLabel('Stage name').pressSequentially('Zed Newcomer');
    await performer(1).locator('[data-model-new]').waitFor();
    await rest(1, 'Zed Example', '1991-02-03');
    await shoot(uploader, 'records-step-form');

    const sent = uploader.waitForResponse((r) => r.url().includes('/api/video_records.php'));
    await form.getByRole('button', { name: 'Send the records' }).click();
    expect((await sent).status()).toBe(200);
    await uploader.locator('[data-state="records-sent"]').waitFor();

    // The server has the model's id for the first, a new name for the second.
    const admin = await site.signedIn('step_admin');
    const answer = await admin.request.get(
      site.url(`/api/admin/video_records.php?video_id=${fixture.videoId}`),
    );
    const view = (await answer.json()) as RecordsView;
    expect(view.performers.map((p) => [p.stage_name, p.model?.model_id ?? null])).toEqual([
      ['Ava Test', fixture.ava],
      ['Zed Newcomer', null],
    ]);

    // Back in the uploads list: sent, waiting for a check, no link.
    await uploader.goto(list);
    await expect(card.locator('[data-records="pending"]').innerText()).resolves.toBe(
      'Performer records sent: waiting for a check',
    );
    await expect(card.locator('.member-upload__records-link').count()).resolves.toBe(0);
  });

  it('is its owner’s only: another member gets the refusal, a guest goes home', async () => {
    const other = await site.signedIn('step_other');
    const res = await other.goto(site.url(`/upload-video/records/${fixture.videoId}/`));
    expect(res?.status()).toBe(403);
    await expect(other.locator('.notice__title').innerText()).resolves.toBe(
      'You can only send the records of your own videos',
    );
    await expect(other.locator('.records-form').count()).resolves.toBe(0);
    // The call behind the form refuses them too, in the spec's error shape.
    const own = await other.request.get(site.url(`/api/video_records.php?video_id=${fixture.videoId}`));
    expect(own.status()).toBe(403);
    expect(await own.json()).toMatchObject({ code: 'forbidden' });
    // No such video: the 404 page.
    expect((await other.goto(site.url('/upload-video/records/999999/')))?.status()).toBe(404);

    const guest = await site.page();
    await guest.goto(site.url(`/upload-video/records/${fixture.videoId}/`));
    expect(new URL(guest.url()).pathname).toBe('/');
  });
});
