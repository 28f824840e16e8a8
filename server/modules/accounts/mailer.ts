// Mail port (STYLE.md: providers by environment with a zero-setup default): SMTP through nodemailer
// when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox and a log line,
// so the first user of an embedded site can still click the link.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about, for the log of the outbox mailer. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export type MailLog = (message: string, data: Record<string, unknown>) => void;

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
  // The stream transport renders the full RFC 5322 message without sending it anywhere.
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await render.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(file, info.message as Buffer);
      log('mail written to the outbox (SMTP_URL is not set)', {
        to: message.to,
        subject: message.subject,
        file,
        link: message.link,
      });
    },
    close: () => {},
  };
}
