// readStaffForm: what the /admin/moderation/ and /admin/reports/ actions read (issue 11, F4, F11, F14).
import { describe, expect, it } from 'vitest';
import { readStaffForm } from './staff-actions.ts';

const post = (body: BodyInit, type: string | null = 'application/x-www-form-urlencoded') =>
  new Request('http://tube.test/admin/reports/', {
    method: 'POST',
    headers: type ? { 'content-type': type } : {},
    body,
    duplex: 'half',
  } as RequestInit);

describe('readStaffForm', () => {
  it('reads the text fields, the first of a repeated name', async () => {
    expect(await readStaffForm(post('act=handle&report_id=3&act=reopen'))).toEqual({
      ok: true,
      fields: { act: 'handle', report_id: '3' },
    });
  });

  it('reads multipart too, and keeps line breaks in the reject reason', async () => {
    const form = new FormData();
    form.set('act', 'reject');
    form.set('reason_text', 'line one\r\nline two');
    const result = await readStaffForm(new Request('http://tube.test/', { method: 'POST', body: form }));
    expect(result).toEqual({ ok: true, fields: { act: 'reject', reason_text: 'line one\r\nline two' } });
  });

  it('answers 415 for JSON, never throws', async () => {
    expect(await readStaffForm(post('{"act":"handle"}', 'application/json'))).toEqual({
      ok: false,
      status: 415,
      errors: [{ field: 'general', code: 'unsupported_media_type' }],
    });
  });

  it('answers 400 for an unreadable multipart body', async () => {
    const result = await readStaffForm(post('garbage', 'multipart/form-data; boundary=x'));
    expect(result).toMatchObject({ ok: false, status: 400 });
  });

  it('answers 400 invalid_characters on the field with a NUL', async () => {
    expect(await readStaffForm(post('act=reject&reason_text=a%00b&video_id=1'))).toEqual({
      ok: false,
      status: 400,
      errors: [{ field: 'reason_text', code: 'invalid_characters' }],
    });
  });

  it('answers 413 above the limit, declared or streamed', async () => {
    const big = `act=handle&pad=${'a'.repeat(70 * 1024)}`;
    expect(await readStaffForm(post(big))).toMatchObject({ ok: false, status: 413 });
    const declared = new Request('http://tube.test/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '99999999' },
      body: 'act=handle',
    });
    expect(await readStaffForm(declared)).toMatchObject({ ok: false, status: 413 });
  });
});
