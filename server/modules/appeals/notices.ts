// The mails of issue 31, in the reader's language (locales/mail/<code>.json, as the account mails):
// the answer to an uploader's appeal, and the staff's notice of a performer's removal request. Plain
// text; the staff's answer is quoted as written, the link stands on a line of its own.
import type { AdminAppeal } from '../../../contract/appeals.ts';
import { interpolate, isLanguage, type Language, mailText } from '../accounts/mail-texts.ts';

const languageOf = (stored: string | null): Language => (isLanguage(stored) ? stored : 'en');

/** The uploader's mail: the decision (upheld / overturned), the staff's message, their uploads page. */
export function appealAnswerMail(
  appeal: AdminAppeal,
  stored: string | null,
  values: { site: string; link: string },
): { subject: string; text: string } {
  const lang = languageOf(stored);
  const fill = {
    site: values.site,
    username: appeal.uploader.username,
    title: appeal.video?.title ?? `#${appeal.video_id ?? ''}`,
  };
  const t = (key: string) => interpolate(mailText(lang, key), fill);
  const paragraphs = [
    t('greeting'),
    t(appeal.state === 'overturned' ? 'appeal.overturned' : 'appeal.upheld'),
    `${t('appeal.answer')}\n${appeal.answer ?? ''}`,
    values.link,
    t('signature'),
  ];
  return { subject: t('appeal.subject'), text: `${paragraphs.join('\n\n')}\n` };
}

/** A staff member's notice of a removal request waiting for review. */
export function removalNoticeMail(
  stored: string | null,
  values: { site: string; username: string; videoId: number; link: string },
): { subject: string; text: string } {
  const lang = languageOf(stored);
  const fill = { site: values.site, username: values.username, id: values.videoId };
  const t = (key: string) => interpolate(mailText(lang, key), fill);
  const paragraphs = [t('greeting'), t('removal.intro'), values.link, t('removal.clock'), t('signature')];
  return { subject: t('removal.subject'), text: `${paragraphs.join('\n\n')}\n` };
}
