// Performer records in Chromium (issue 31): a member uploads through the real form, fills the records
// step (two performers, their ID images, the signed consent), the pipeline brings the video to
// "waiting for moderation", the moderation queue refuses to approve it, an administrator checks the
// records on the console's video page, and then the approval goes through.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../server/app-services.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { binaryPath } from '../server/media/runner.ts';
import { insertCategories } from '../server/test/fixtures.ts';
import { launchChromium, signInThroughPage } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

describe('upload → performer records → check → approve, in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-records-'));
  const clip = path.join(dataDir, 'records01.mp4');
  const ids = [path.join(dataDir, 'ava.jpg'), path.join(dataDir, 'ben.jpg')];
  const env = {
    DATA_DIR: dataDir,
    SITE_NAME: 'Records Tube',
    SEED_DEMO: 'false',
    CATALOG_CACHE: 'off',
    WORKERS: 'inline',
    UPLOAD_RECORDS: 'required',
  };
  let server: RunningServer;
  let browser: Browser;
  let uploaderId = 0;

  beforeAll(async () => {
    execFileSync(binaryPath('ffmpeg'), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=size=160x90:rate=1:duration=610'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
    ]);
    // Synthetic "ID cards": a coloured card, nothing real.
    for (const [i, file] of ids.entries()) {
      await sharp({ create: { width: 480, height: 300, channels: 3, background: i ? '#eac' : '#ace' } })
        .jpeg()
        .toFile(file);
    }
    const config = loadConfig(env);
    const handle = await openDatabase(config);
    try {
      await migrate(handle);
      const services = createServices(config, handle);
      uploaderId = (
        await services.accounts.createUser({
          username: 'records_uploader',
          email: 'records-up@example.com',
          password: 'secret12',
          role: 'member',
        })
      ).user_id;
      await services.accounts.createUser({
        username: 'records_admin',
        email: 'records-admin@example.com',
        password: 'secret12',
        role: 'administrator',
      });
      await insertCategories(handle.db, ['test-patterns']);
      await services.accounts.close();
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedIn(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const p = await context.newPage();
    await signInThroughPage(p, server.url, username);
    return p;
  }

  it('waits in moderation until the records are checked', async () => {
    const uploader = await signedIn('records_uploader');
    await uploader.goto(`${server.url}/upload-video/`);
    await uploader.waitForLoadState('networkidle');
    await uploader.locator('input[name="file"]').setInputFiles(clip);
    await uploader.locator('input[name="title"]').fill('Records test pattern');
    await uploader.getByLabel('test patterns').check();
    await uploader.getByLabel('Choose a frame for me').check();
    const edited = uploader.waitForResponse((r) => r.url().includes('/api/video_edit.php'));
    await uploader.getByRole('button', { name: 'Upload', exact: true }).click();
    const videoId = ((await (await edited).json()) as { video_id: number }).video_id;

    // The records step: a performer under 18 on the recording date is refused on its field.
    const form = uploader.locator('.records-form');
    await form.waitFor({ timeout: 60_000 });
    await form.getByLabel('Recording date').fill('2026-10-01');
    const fill = async (i: number, stage: string, legal: string, birth: string) => {
      const box = form.locator(`.records-form__performer[data-performer="${i}"]`);
      await box.getByLabel('Stage name').fill(stage);
      await box.getByLabel('Legal name (as on the ID document)').fill(legal);
      await box.getByLabel('Date of birth').fill(birth);
      await box.locator('input[type="file"]').setInputFiles(ids[i]!);
      await box.getByLabel('The performer has read and signs this statement').check();
      await box.getByLabel("Signature: the performer's legal name typed again").fill(legal);
    };
    await fill(0, 'Ava Test', 'Ava Example', '2009-01-01');
    await form.getByRole('button', { name: 'Send the records' }).click();
    await form.getByText('The performer must be 18 or older on the recording date').waitFor();
    await fill(0, 'Ava Test', 'Ava Example', '1995-04-02');
    await form.getByRole('button', { name: 'Add another performer' }).click();
    await fill(1, 'Ben Sample', 'Benjamin Sample', '1990-11-30');
    await form.getByRole('button', { name: 'Send the records' }).click();
    await uploader.locator('[data-state="records-sent"]').waitFor({ timeout: 30_000 });

    // The pipeline brings it to the queue.
    const mine = `${server.url}/members/${uploaderId}/uploaded_videos/1/`;
    const deadline = Date.now() + 150_000;
    let status = '';
    while (Date.now() < deadline) {
      await uploader.goto(mine);
      status = (await uploader.locator('.member-upload').first().getAttribute('data-status')) ?? '';
      if (status !== '2') break;
      await uploader.waitForTimeout(2000);
    }
    expect(status).toBe('3');

    // Approving is refused while the records wait.
    const admin = await signedIn('records_admin');
    await admin.goto(`${server.url}/admin/moderation/`);
    const item = admin.locator(`article[data-video-id="${videoId}"]`);
    await item.waitFor({ timeout: 60_000 });
    await item.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Its performer records are not checked yet.', { exact: false }).waitFor();

    // The console's records panel: both performers, their ID images, then "records checked".
    await admin.goto(`${server.url}/admin/videos/${videoId}/`);
    const panel = admin.locator('[data-testid="records-panel"]');
    await panel.locator('.records-panel__id').nth(1).waitFor({ timeout: 30_000 });
    await expect(panel.innerText()).resolves.toContain('Benjamin Sample');
    const exported = await admin.request.get(
      `${server.url}/api/admin/video_records_export.php?video_id=${videoId}`,
    );
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain('Ava Example');
    await panel.getByRole('button', { name: 'Records checked' }).click();
    await panel.locator('[data-records-status="checked"]').waitFor();

    await admin.goto(`${server.url}/admin/moderation/`);
    await item.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByText('“Records test pattern” was approved and is now listed.')
      .waitFor({ timeout: 60_000 });
  });
});
