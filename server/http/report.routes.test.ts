// POST /api/report.php: field rules in the spec's error shape, the image attachment kept for staff
// only, the video found from the referrer, and the per-address limit.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertVideo } from '../test/fixtures.ts';

describe('/api/report.php', () => {
  let t: TestApp;
  let video: { id: number; dir: string };
  let moderatorSid = '';

  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
    video = await insertVideo(t.database.handle.db, { title: 'Reported Test Card' });
    const moderator = await t.services.accounts.createUser({
      username: 'report_mod',
      email: 'mod@example.com',
      password: 'secret1',
      role: 'moderator',
    });
    moderatorSid = await t.services.accounts.startSession(moderator.user_id, { ip: null, userAgent: null });
  });
  afterAll(() => t.close());

  const send = (form: FormData, ip = '203.0.113.7') => {
    const request = new Request('http://tube.test/api/report.php', { method: 'POST', body: form });
    return request.arrayBuffer().then((body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/report.php',
        headers: {
          'content-type': request.headers.get('content-type') ?? '',
          origin: 'http://tube.test',
        },
        remoteAddress: ip,
        payload: Buffer.from(body),
      }),
    );
  };
  const formOf = (fields: Record<string, string>, file?: Blob) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file) form.set('file', file, 'evidence.png');
    return form;
  };
  const valid = {
    subject: 'Report Inappropriate Content',
    email: 'viewer@example.com',
    message: 'This video is in the wrong category.',
  };

  it('refuses missing and bad fields with their field codes', async () => {
    for (const [fields, field, code] of [
      [{ ...valid, email: '' }, 'email', 'required'],
      [{ ...valid, email: 'not-an-address' }, 'email', 'invalid_email'],
      [{ ...valid, message: '' }, 'message', 'required'],
      [{ ...valid, message: 'x'.repeat(1501) }, 'message', 'max_length'],
      [{ ...valid, subject: 'Something else' }, 'subject', 'invalid'],
    ] as const) {
      const res = await send(formOf(fields), '203.0.113.1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, codes: [{ field, code }] });
    }
    const notImage = await send(
      formOf(valid, new Blob(['plain text'], { type: 'image/png' })),
      '203.0.113.1',
    );
    expect(notImage.json()).toMatchObject({ codes: [{ field: 'file', code: 'file_type' }] });
    const rows = await t.database.handle.db.selectFrom('reports').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('stores a report with its image (for staff only) and the video of the referrer', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await send(
      formOf(
        { ...valid, referrer: `http://tube.test/video/${video.id}/${video.dir}/` },
        new Blob([new Uint8Array(png)], { type: 'image/png' }),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    const row = await t.database.handle.db.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      subject: valid.subject,
      email: valid.email,
      video_id: video.id,
      status: 'open',
    });
    expect(row.file_key).toMatch(/^reports\/.+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: `/media/${row.file_key}` })).statusCode).toBe(404);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/media/${row.file_key}`,
      headers: { cookie: `sid=${moderatorSid}` },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(png)).toBe(true);
  });

  it('limits one address to 5 sends in 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(formOf(valid), '198.51.100.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send(formOf(valid), '198.51.100.10')).statusCode).toBe(200);
  });
});
