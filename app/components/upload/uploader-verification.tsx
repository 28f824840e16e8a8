// Uploaders verified once (issue 31): with performer records required, a member uploads once they have
// passed the site's age verification (modules/age-verification; the staff review the photo at
// /admin/age-verification/). The upload page shows where the member stands (UploaderVerificationState);
// the verify page (routes/upload-verify.tsx) sends the photo (VerifyPhotoForm, POST
// /api/age_verification.php, the same call as the UK gate's form).
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { AGE_PHOTO_ACCEPT, AGE_VERIFICATION_PATH } from '../../../contract/age-gates.ts';
import type { AgeVerificationStatus } from '../../../contract/age-verification.ts';
import { UPLOADER_VERIFY_PAGE } from '../../../contract/upload-values.ts';
import { callApi } from '../../lib/api-client.ts';
import { FilePicker } from '../file-picker.tsx';

/** The upload page's note: the link to verify, the wait, or that the member is verified. */
export function UploaderVerificationState({
  verification,
  link = true,
}: {
  verification: AgeVerificationStatus;
  /** The link to the verify page (not on that page itself). */
  link?: boolean;
}) {
  const { t } = useTranslation();
  const { state } = verification;
  return (
    <div className="uploader-verification" data-verification={state} role="status">
      {state === 'approved' ? (
        <p className="uploader-verification__text">{t('upload.verify.verified')}</p>
      ) : state === 'pending' ? (
        <p className="uploader-verification__text">{t('upload.verify.pending')}</p>
      ) : (
        <>
          {link ? <p className="uploader-verification__text">{t('upload.verify.needed')}</p> : null}
          {verification.reason ? (
            <p className="uploader-verification__reason">
              {t('upload.verify.rejected', { reason: verification.reason })}
            </p>
          ) : null}
          {link ? (
            <Link to={UPLOADER_VERIFY_PAGE} className="button button--primary">
              {t('upload.verify.link')}
            </Link>
          ) : null}
        </>
      )}
    </div>
  );
}

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

/** The photo form of the verify page; after a send the page's loader runs again (the new state). */
export function VerifyPhotoForm() {
  const { t } = useTranslation();
  const fileId = useId();
  const revalidator = useRevalidator();
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending({ state: 'sending' });
    try {
      const answer = await callApi(AGE_VERIFICATION_PATH, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
      });
      if (!answer.ok) {
        // The server's error as it sent it (shell.md §7).
        const message =
          typeof answer.body?.error === 'string' ? answer.body.error : t('upload.verify.failed');
        setSending({ state: 'failed', message });
        return;
      }
      setSending({ state: 'idle' });
      await revalidator.revalidate();
    } catch {
      setSending({ state: 'failed', message: t('upload.verify.failed') });
    }
  };

  return (
    <form className="verify-form" onSubmit={send} encType="multipart/form-data" noValidate>
      <label className="form-field__label" htmlFor={fileId}>
        {t('upload.verify.photo_label')}
      </label>
      <FilePicker
        id={fileId}
        name="file"
        accept={AGE_PHOTO_ACCEPT}
        required
        aria-describedby={`${fileId}-hint`}
      />
      <p className="form-field__hint" id={`${fileId}-hint`}>
        {t('upload.verify.photo_hint')}
      </p>
      {sending.state === 'failed' ? (
        <p className="upload-form__alert" role="alert">
          {sending.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={sending.state === 'sending'}>
        {sending.state === 'sending' ? t('upload.verify.sending') : t('upload.verify.send')}
      </button>
    </form>
  );
}
