// Limits of the calls that send mail (issue 11 F5): signups per IP, and confirmation/restore mails
// per address and per IP, so nobody can mass-create accounts or flood someone's mailbox. Counted by
// the login limiter's mechanism (shared through Redis when REDIS_URL is set).
import { createHash } from 'node:crypto';
import { DomainError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { createMemoryLimiter, type LoginLimiter, type Quota } from './login-limiter.ts';

export interface SendLimits {
  signupsPerIp: number;
  mailsPerAddress: number;
  mailsPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_SEND_LIMITS: SendLimits = {
  signupsPerIp: 5,
  mailsPerAddress: 3,
  mailsPerIp: 10,
  windowSeconds: 3600,
};

// The spec names no code for this: `too_many_requests` on `general`, shaped like the login limit's
// `too_many_attempts`.
export const TOO_MANY_REQUESTS = 'too_many_requests';

const tooManyRequests = () =>
  new DomainError(TOO_MANY_REQUESTS, {
    status: 429,
    message: english('form.error.too_many_requests'),
    codes: [{ field: 'general', code: TOO_MANY_REQUESTS }],
  });

/** Limiter keys hold no plain addresses or tokens. */
export const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * `withSendQuota(ip, email, signup, send)` reserves one mail to `email` from `ip` (and one signup
 * when `signup`), then runs `send`; the reservation is given back when `send` fails, since nothing
 * was mailed (a lost race, a mail server that is down). In process when no limiter is given.
 */
export function createSendQuota(
  limiter: LoginLimiter | undefined,
  limits: SendLimits = DEFAULT_SEND_LIMITS,
  now?: () => number,
) {
  const counts =
    limiter ??
    createMemoryLimiter({ maxAttempts: limits.mailsPerAddress, windowSeconds: limits.windowSeconds, now });
  const { windowSeconds } = limits;
  return async function withSendQuota<T>(
    ip: string,
    email: string,
    signup: boolean,
    send: () => Promise<T>,
  ): Promise<T> {
    const quotas: Quota[] = [
      { key: `mail:ip:${ip}`, max: limits.mailsPerIp, windowSeconds },
      { key: `mail:to:${digest(email.toLowerCase())}`, max: limits.mailsPerAddress, windowSeconds },
    ];
    if (signup) quotas.push({ key: `signup:ip:${ip}`, max: limits.signupsPerIp, windowSeconds });
    if (!(await counts.reserve(quotas))) throw tooManyRequests();
    try {
      return await send();
    } catch (error) {
      await counts.release(quotas.map((q) => q.key)).catch(() => {});
      throw error;
    }
  };
}
