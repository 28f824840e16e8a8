import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { parseMail, readOutbox } from '../../test/mail.ts';
import { createOutboxMailer, createSmtpMailer } from './mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 with a login, as a provider would have. */
async function startSmtp(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'pw') return callback(null, { user: 'mailer' });
      return callback(new Error('bad login'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers through a real SMTP server with authentication', async () => {
    const mailer = createSmtpMailer(`smtp://mailer:pw@127.0.0.1:${smtp.port}`, 'site@tube.test');
    await mailer.send({ to: 'u@example.com', subject: 'Hello', text: 'Link: http://tube.test/x?token=abc' });
    mailer.close();
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'site@tube.test', to: ['u@example.com'] });
    expect(parseMail(mail?.raw ?? '')).toMatchObject({
      subject: 'Hello',
      link: 'http://tube.test/x?token=abc',
    });
  });

  it('fails loudly with a wrong login', async () => {
    const mailer = createSmtpMailer(`smtp://mailer:nope@127.0.0.1:${smtp.port}`, 'site@tube.test');
    await expect(mailer.send({ to: 'u@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
    mailer.close();
  });

  describe.each(databaseKinds())('signup through SMTP_URL on %s', (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        ssr: false,
        env: {
          SMTP_URL: `smtp://mailer:pw@127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'TestTube <no-reply@tube.test>',
        },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('sends the confirmation link by SMTP, and the link works', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload: { username: `smtp_${kind}`, email: `smtp_${kind}@example.com`, password: 'secret1' },
      });
      expect(res.statusCode).toBe(200);
      const mail = smtp.received.find((m) => m.to.includes(`smtp_${kind}@example.com`));
      expect(mail?.from).toBe('no-reply@tube.test');
      const link = new URL(parseMail(mail?.raw ?? '').link ?? '');
      const confirm = await t.app.inject(link.pathname + link.search);
      expect(confirm.headers.location).toBe('/');
      expect(readOutbox(t.config.dataDir)).toEqual([]);
    });
  });
});

describe('outbox mailer', () => {
  it('writes an .eml file and logs the link', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tube-outbox-'));
    const logged: unknown[] = [];
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), 'site@tube.test', (msg, data) =>
      logged.push({ msg, ...data }),
    );
    const link = `http://tube.test/api/confirm.php?token=${'x'.repeat(200)}.y`;
    await mailer.send({ to: 'u@example.com', subject: 'Confirm', text: `Open ${link}\n`, link });
    expect(readOutbox(dir)).toEqual([expect.objectContaining({ subject: 'Confirm', link })]);
    expect(logged).toEqual([expect.objectContaining({ to: 'u@example.com', link })]);
    rmSync(dir, { recursive: true, force: true });
  });
});
