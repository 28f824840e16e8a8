// The mails after screening rejected an upload (issue 31, item 3), in the reader's language
// (locales/mail/<code>.json, "screening"): the uploader of a copy of removed content is told why, with
// the link to their uploads page; a hash-list match alerts every administrator (the uploader is told
// nothing more than their uploads page's neutral wording: no tip-off). Plain text, through the accounts'
// mailer and its send quota. The pipeline's job handler calls the notifier (pipeline-jobs.ts hooks).
import type { DB } from '../../db/database.ts';
import { interpolate, isLanguage, type Language, mailText } from '../accounts/mail-texts.ts';
import type { MailMessage } from '../accounts/mailer.ts';
import type { RejectionNotice } from './screening.ts';

const languageOf = (stored: string | null): Language => (isLanguage(stored) ? stored : 'en');

export function screeningMail(
  kind: 'removed' | 'hash_list',
  stored: string | null,
  values: { site: string; username: string; id: number; link: string; list?: string; key?: string },
): { subject: string; text: string } {
  const lang = languageOf(stored);
  const t = (key: string) => interpolate(mailText(lang, key), { ...values, list: values.list ?? '' });
  const paragraphs =
    kind === 'removed'
      ? [t('greeting'), t('screening.removed_intro'), values.link, t('signature')]
      : [t('greeting'), t('screening.hash_list_intro'), values.key ?? '', values.link, t('signature')];
  return {
    subject: t(kind === 'removed' ? 'screening.removed_subject' : 'screening.hash_list_subject'),
    text: `${paragraphs.join('\n\n')}\n`,
  };
}

export interface NotifierDeps {
  db: DB;
  /** Sends one mail (the accounts' sendAccountMail with its quota key). */
  send: (quotaKey: string, message: MailMessage) => Promise<void>;
  publicUrl: string;
  siteName: () => string;
  log?: { warn(details: object, message: string): void };
}

/** The hook of pipeline-jobs.ts: mails after a screening rejection; a mail that fails is logged. */
export function screeningNotifier(deps: NotifierDeps) {
  const base = deps.publicUrl.replace(/\/$/, '');
  const sendLogged = async (key: string, message: MailMessage) => {
    await deps.send(key, message).catch((error: unknown) => {
      deps.log?.warn({ err: error, to: message.to }, 'screening notice not sent');
    });
  };
  return async (notice: RejectionNotice): Promise<void> => {
    if (notice.code === 'matches_removed_content') {
      if (notice.uploaderId === null) return;
      const user = await deps.db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'language'])
        .where('id', '=', notice.uploaderId)
        .executeTakeFirst();
      if (!user?.email) return;
      const link = `${base}/members/${user.id}/uploaded_videos/`;
      const mail = screeningMail('removed', user.language, {
        site: deps.siteName(),
        username: user.username,
        id: notice.videoId,
        link,
      });
      await sendLogged('screening-notice', { to: user.email, ...mail, link });
      return;
    }
    // A hash-list match: every active administrator, in their language.
    const admins = await deps.db
      .selectFrom('users')
      .select(['username', 'email', 'language'])
      .where('role', '=', 'administrator')
      .where('status', '=', 'active')
      .execute();
    const link = `${base}/admin/videos/${notice.videoId}/`;
    for (const admin of admins) {
      if (!admin.email) continue;
      const mail = screeningMail('hash_list', admin.language, {
        site: deps.siteName(),
        username: admin.username,
        id: notice.videoId,
        link,
        key: notice.quarantineKey ?? '',
      });
      await sendLogged('screening-alert', { to: admin.email, ...mail, link });
    }
  };
}
