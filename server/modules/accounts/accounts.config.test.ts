import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('accounts configuration', () => {
  it('has defaults that need no setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'no-reply@localhost',
      google: null,
      loginMaxAttempts: 5,
      loginWindowSeconds: 900,
      sessionDays: 30,
    });
  });
  it('reads SMTP, Google and the limits', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Tube <no-reply@tube.example.com>',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      LOGIN_MAX_ATTEMPTS: '10',
      LOGIN_WINDOW_SECONDS: '60',
      SESSION_DAYS: '7',
    });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config).toMatchObject({ loginMaxAttempts: 10, loginWindowSeconds: 60, sessionDays: 7 });
    // Google needs both halves.
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).google).toBeNull();
  });
  it('reads the mail-send limits, with hourly defaults', () => {
    expect(loadConfig({}).mailLimits).toEqual({ signupsPerIp: 5, mailsPerAddress: 3, mailsPerIp: 10 });
    expect(
      loadConfig({ SIGNUP_MAX_PER_IP: '50', MAIL_MAX_PER_ADDRESS: '4', MAIL_MAX_PER_IP: '40' }).mailLimits,
    ).toEqual({ signupsPerIp: 50, mailsPerAddress: 4, mailsPerIp: 40 });
    expect(() => loadConfig({ MAIL_MAX_PER_ADDRESS: '0' })).toThrow(/MAIL_MAX_PER_ADDRESS/);
  });
  it('names bad values', () => {
    try {
      loadConfig({ SMTP_URL: 'http://mail', LOGIN_MAX_ATTEMPTS: '0', SESSION_DAYS: 'many' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split('=')[0]).sort();
      expect(names).toEqual(['LOGIN_MAX_ATTEMPTS', 'SESSION_DAYS', 'SMTP_URL']);
    }
  });
});
