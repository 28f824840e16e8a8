import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PATH } from '../../contract/profile.ts';
import { accountMail, type Language, type MailKind } from '../modules/accounts/mail-texts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { type ReadMail, readOutbox } from '../test/mail.ts';

// Issue 16: the account mails in the member's language. The language of a request is the kt_lang
// cookie, else Accept-Language mapped to the site's codes, else English; the sign-up's language is kept
// with the account, so a later mail (a reset asked from another browser) is in it unless the asker
// chose another language on the site.
const ORIGIN = 'http://tube.test';

/** RFC 2047 encoded words (nodemailer encodes a subject that is not ASCII). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

describe.each(databaseKinds())('account mails in the member’s language on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ssr: false,
      env: { TRUST_PROXY: '1', SIGNUP_MAX_PER_IP: '1000', MAIL_MAX_PER_IP: '1000' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, data: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(data).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    });
  const mailTo = (address: string): ReadMail => {
    const mail = readOutbox(t.config.dataDir).findLast((m) => m.to.toLowerCase().includes(address));
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  };
  const mailsTo = (address: string) =>
    readOutbox(t.config.dataDir).filter((m) => m.to.toLowerCase().includes(address)).length;
  /** The mail as mail-texts.ts writes it in `lang`, with the link the outbox holds. */
  const expectMail = (mail: ReadMail, kind: MailKind, lang: Language, username: string, hours: number) => {
    const link = mail.link ?? '';
    const expected = accountMail(kind, lang, { site: t.config.siteName, username, link, hours });
    expect(decodeHeader(mail.subject)).toBe(expected.subject);
    expect(mail.text.replace(/\r\n/g, '\n')).toBe(expected.text);
  };
  const storedLanguage = async (username: string) =>
    (
      await t.database.handle.db
        .selectFrom('users')
        .select('language')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).language;

  async function signUp(username: string, headers: Record<string, string>) {
    const res = await post(
      '/api/signup.php',
      { username, email: `${username}@example.com`, password: 'secret1' },
      headers,
    );
    expect(res.statusCode).toBe(200);
    return mailTo(`${username}@example.com`);
  }

  it('a sign-up with kt_lang=de is confirmed in German, and the account keeps de', async () => {
    const mail = await signUp('lang_de', { cookie: 'kt_lang=de', 'accept-language': 'en-US,en;q=0.9' });
    expectMail(mail, 'confirm', 'de', 'lang_de', 48);
    expect(mail.text).toContain('Hallo lang_de,');
    expect(mail.text).toContain('48 Stunden');
    expect(mail.link).toMatch(/^http:\/\/tube\.test\/api\/confirm\.php\?token=/);
    expect(await storedLanguage('lang_de')).toBe('de');
  });

  it('without the cookie, Accept-Language sv-SE gives Swedish (se)', async () => {
    const mail = await signUp('lang_se', { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.5' });
    expectMail(mail, 'confirm', 'se', 'lang_se', 48);
    expect(mail.text).toContain('Hej lang_se,');
    expect(await storedLanguage('lang_se')).toBe('se');
  });

  it('an unknown cookie and an unknown browser language give English', async () => {
    const mail = await signUp('lang_xx', { cookie: 'kt_lang=zz', 'accept-language': 'el-GR, se;q=0.5' });
    expectMail(mail, 'confirm', 'en', 'lang_xx', 48);
    expect(await storedLanguage('lang_xx')).toBe('en');
    const bare = await signUp('lang_none', {});
    expectMail(bare, 'confirm', 'en', 'lang_none', 48);
  });

  it('parallel sign-ups in different languages each get their own', async () => {
    const langs: Language[] = ['ja', 'th', 'kr', 'cz', 'fr', 'ru'];
    await Promise.all(
      langs.map((lang) =>
        post(
          '/api/signup.php',
          { username: `par_${lang}`, email: `par_${lang}@example.com`, password: 'secret1' },
          { cookie: `kt_lang=${lang}` },
        ).then((res: LightMyRequestResponse) => expect(res.statusCode).toBe(200)),
      ),
    );
    for (const lang of langs) {
      expectMail(mailTo(`par_${lang}@example.com`), 'confirm', lang, `par_${lang}`, 48);
      expect(await storedLanguage(`par_${lang}`)).toBe(lang);
    }
  });

  it('a password reset for the German member is in German, from a browser in English', async () => {
    const res = await post(
      '/api/restore-password.php',
      { email: 'lang_de@example.com' },
      { 'accept-language': 'en-US' },
    );
    expect(res.statusCode).toBe(200);
    const mail = mailTo('lang_de@example.com');
    expect(mail.link).toContain('/restore-password/?token=');
    expectMail(mail, 'restore', 'de', 'lang_de', 2);
  });

  it('a reset asked on a page in another language the visitor chose comes in that language', async () => {
    const res = await post(
      '/api/restore-password.php',
      { email: 'lang_de@example.com' },
      { cookie: 'kt_lang=it' },
    );
    expect(res.statusCode).toBe(200);
    expectMail(mailTo('lang_de@example.com'), 'restore', 'it', 'lang_de', 2);
  });

  it('an account without a language (made before, or by the CLI) follows the request', async () => {
    await t.services.accounts.createUser({
      username: 'lang_cli',
      email: 'lang_cli@example.com',
      password: 'secret1',
      role: 'member',
    });
    expect(await storedLanguage('lang_cli')).toBeNull();
    await post(
      '/api/restore-password.php',
      { email: 'lang_cli@example.com' },
      { 'accept-language': 'da-DK' },
    );
    expectMail(mailTo('lang_cli@example.com'), 'restore', 'dk', 'lang_cli', 2);
    await post('/api/restore-password.php', { email: 'lang_cli@example.com' });
    expectMail(mailTo('lang_cli@example.com'), 'restore', 'en', 'lang_cli', 2);
  });

  it('a refused reset sends nothing, whatever the language', async () => {
    const before = mailsTo('nobody@example.com');
    const res = await post(
      '/api/restore-password.php',
      { email: 'nobody@example.com' },
      { cookie: 'kt_lang=de' },
    );
    expect(res.statusCode).toBe(400);
    expect(mailsTo('nobody@example.com')).toBe(before);
  });

  it('the e-mail change of the German member is in German; a language chosen on the site wins', async () => {
    // The German member follows the sign-up's link: confirmed and signed in.
    const signup = new URL(
      readOutbox(t.config.dataDir).find((m) => m.to.includes('lang_de@example.com'))?.link ?? '',
    );
    const activated = await t.app.inject({ url: signup.pathname + signup.search });
    const sid = activated.cookies.find((c) => c.name === 'sid')?.value;
    expect(sid).toBeTruthy();
    const change = (email: string, headers: Record<string, string>) =>
      post(
        PROFILE_PATH,
        { section: 'email', email, password: 'secret1' },
        { cookie: `sid=${sid}`, ...headers },
      );

    expect((await change('lang_de_new@example.com', { 'accept-language': 'fr-FR' })).statusCode).toBe(200);
    expectMail(mailTo('lang_de_new@example.com'), 'email_change', 'de', 'lang_de', 48);

    expect((await change('lang_de_other@example.com', { cookie: `sid=${sid}; kt_lang=nl` })).statusCode).toBe(
      200,
    );
    expectMail(mailTo('lang_de_other@example.com'), 'email_change', 'nl', 'lang_de', 48);
  });
});
