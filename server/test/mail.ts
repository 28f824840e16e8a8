// Reading mails in tests: the outbox's .eml files, or raw messages an SMTP test server received.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  /** The first http(s) link in the body. */
  link: string | undefined;
}

/** Enough of RFC 5322 + quoted-printable for the plain-text mails the site sends. */
export function parseMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    head
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('content-transfer-encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return {
    to: header('to'),
    subject: header('subject'),
    text: body,
    link: body.match(/https?:\/\/\S+/)?.[0],
  };
}

/** Mails in DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): ReadMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((f) => parseMail(readFileSync(path.join(dir, f), 'utf8')));
}
