// The contact/report form (shell.md §3–§5, content.md §7 POST /api/report.php): subject (one of four),
// email, message (≤ 1500), an optional image, and the page as referrer. Field errors land on their input;
// success closes the modal with a notification. Repeat sends are blocked while sending. A signed-in
// member's address is filled in (issue 34); they may still change it.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_MESSAGE_MAX,
  REPORT_SUBJECT_TEXTS,
  type ReportSubject,
} from '../../../contract/report-values.ts';
import { ApiError, postReport } from '../../lib/api-client.ts';
import { captchaToken, loadCaptchaScript } from '../../lib/captcha.ts';
import { useRootData } from '../../lib/route-data.ts';
import { FilePicker } from '../file-picker.tsx';
import { Modal } from '../modal.tsx';
import { useNotify } from '../shell/notify.tsx';

export const CONTACT_SUBJECTS = REPORT_SUBJECT_TEXTS;
export type ContactSubject = ReportSubject;
export const CONTACT_MESSAGE_MAX = REPORT_MESSAGE_MAX;
/** The inputs a server code can sit under; any other field's code (notify, captcha…) is shown as well. */
const FORM_FIELDS = new Set(['subject', 'name', 'email', 'message', 'file']);
/** Issue 31: a performer's removal request names the video of the page it is sent from. */
const onVideoPage = () =>
  typeof window !== 'undefined' && /^\/(?:video|embed)\/\d+\//.test(window.location.pathname);

interface FieldErrors {
  [field: string]: string | undefined;
}

export function ContactModal({
  subject = 'dmca',
  message,
  onClose,
  onSent,
}: {
  subject?: ContactSubject;
  /** The message the form starts with (a reported comment names itself). */
  message?: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [chosen, setChosen] = useState<ContactSubject>(subject);
  const performer = chosen === 'performer';
  const root = useRootData();
  // shell.md §5: the provider's script loads when the form opens, and only when the site has one.
  const captcha = root?.captcha ?? null;
  const captchaBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (captcha) loadCaptchaScript(captcha).catch(() => undefined);
  }, [captcha]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = new FormData(event.currentTarget);
    const local: FieldErrors = {};
    if (!String(form.get('email') ?? '').trim()) local.email = 'required';
    if (performer && !String(form.get('name') ?? '').trim()) local.name = 'required';
    const message = String(form.get('message') ?? '').trim();
    if (!message) local.message = 'required';
    else if (message.length > CONTACT_MESSAGE_MAX) local.message = 'max_length';
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const key = String(form.get('subject') ?? 'dmca') as ContactSubject;
    form.set('subject', CONTACT_SUBJECTS[key] ?? CONTACT_SUBJECTS.dmca);
    form.set('referrer', window.location.href);
    const file = form.get('file');
    if (file instanceof File && file.size === 0) form.delete('file');
    setSending(true);
    try {
      if (captcha && captchaBox.current) {
        const token = await captchaToken(captcha, captchaBox.current).catch(() => null);
        if (!token) {
          setErrors({ general: 'captcha' });
          return;
        }
        form.set('captcha', token);
      }
      await postReport(form);
      onSent();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        setErrors({ general: 'network_error' });
        return;
      }
      // Every refusal shows (issue 15: a 429 used to fail silently). shell.md §8: a code on the field
      // `notify` is an error notification; a code on no input of this form goes above the button.
      const next: FieldErrors = {};
      for (const c of error.codes) {
        if (c.field === 'notify') notify('error', contactText(c.code));
        else next[FORM_FIELDS.has(c.field) ? c.field : 'general'] = c.code;
      }
      if (Object.keys(next).length === 0 && !error.codes.some((c) => c.field === 'notify')) {
        next.general = error.code;
      }
      setErrors(next);
    } finally {
      setSending(false);
    }
  };

  const contactText = (code: string) =>
    t(`watch.contact_er.${code}`, {
      defaultValue: t('watch.contact_er.unknown', { code }),
      length: CONTACT_MESSAGE_MAX,
    });
  const error = (field: string) =>
    errors[field] ? (
      <span className="form-field__error" id={`contact-${field}-error`}>
        {t(`watch.contact_er.${errors[field]}`, {
          defaultValue: t('watch.contact_er.unknown', { code: errors[field] }),
          length: CONTACT_MESSAGE_MAX,
        })}
      </span>
    ) : null;
  const clear = (field: string) => () => setErrors((e) => ({ ...e, [field]: undefined }));

  return (
    <Modal title={t('watch.contact_title')} onClose={onClose} className="contact">
      <form className="auth-form" onSubmit={submit} noValidate>
        <label className="form-field">
          <span>{t('watch.contact_subject')}</span>
          <select
            name="subject"
            value={chosen}
            onChange={(event) => setChosen(event.target.value as ContactSubject)}
            className="input"
          >
            {(Object.keys(CONTACT_SUBJECTS) as ContactSubject[])
              .filter((key) => key !== 'performer' || onVideoPage())
              .map((key) => (
                <option key={key} value={key}>
                  {t(`watch.contact_subjects.${key}`)}
                </option>
              ))}
          </select>
          {error('subject')}
        </label>
        {performer ? (
          <>
            <p className="contact__note">{t('watch.contact_performer_note')}</p>
            <label className="form-field">
              <span>{t('watch.contact_name')}</span>
              <input
                name="name"
                type="text"
                autoComplete="name"
                maxLength={200}
                className={errors.name ? 'input has-error' : 'input'}
                aria-invalid={Boolean(errors.name)}
                onChange={clear('name')}
              />
              {error('name')}
            </label>
          </>
        ) : null}
        <label className="form-field">
          <span>{t('watch.contact_email')}</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={root?.user?.email ?? ''}
            className={errors.email ? 'input has-error' : 'input'}
            aria-invalid={Boolean(errors.email)}
            onChange={clear('email')}
          />
          {error('email')}
        </label>
        <label className="form-field">
          <span>{t(performer ? 'watch.contact_statement' : 'watch.contact_message')}</span>
          <textarea
            name="message"
            rows={5}
            defaultValue={message}
            maxLength={CONTACT_MESSAGE_MAX}
            className={errors.message ? 'input has-error' : 'input'}
            aria-invalid={Boolean(errors.message)}
            onChange={clear('message')}
          />
          {error('message')}
        </label>
        <label className="form-field">
          <span>{t('watch.contact_file')}</span>
          <FilePicker name="file" accept="image/*" onChange={clear('file')} />
          {error('file')}
        </label>
        {captcha ? <div ref={captchaBox} className="contact__captcha" /> : null}
        {errors.general ? (
          <p className="auth-form__alert" role="alert">
            {t(`watch.contact_er.${errors.general}`, {
              defaultValue: t('watch.contact_er.unknown', { code: errors.general }),
            })}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {sending ? t('watch.sending') : t('watch.contact_send')}
        </button>
      </form>
    </Modal>
  );
}
