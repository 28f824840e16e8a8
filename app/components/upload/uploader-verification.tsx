// Uploaders verified once (issue 31): with performer records required, a member uploads once they have
// passed the site's age verification (modules/age-verification; the staff review the photo at
// /admin/age-verification/). The upload page shows where the member stands (UploaderVerificationState);
// the verify page (routes/upload-verify.tsx) sends the photo (VerifyPhotoForm, POST
// /api/age_verification.php): the UK gate's form (file-picker.tsx AgePhotoForm) in the page's look.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AgeVerificationStatus } from '../../../contract/age-verification.ts';
import { UPLOADER_VERIFY_PAGE } from '../../../contract/upload-values.ts';
import { AgePhotoForm, type PhotoFormLook } from '../file-picker.tsx';

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

/** The verify page's look (the default). */
const VERIFY_PAGE: PhotoFormLook = {
  keys: {
    label: 'upload.verify.photo_label',
    hint: 'upload.verify.photo_hint',
    failed: 'upload.verify.failed',
    sending: 'upload.verify.sending',
    send: 'upload.verify.send',
  },
  classes: {
    form: 'verify-form',
    label: 'form-field__label',
    hint: 'form-field__hint',
    error: 'upload-form__alert',
    submit: 'button button--primary',
  },
};

/** The verify page's photo form (AgePhotoForm of file-picker.tsx in the page's look). */
export function VerifyPhotoForm({ onSent }: { onSent?: (verified: boolean) => void } = {}) {
  return <AgePhotoForm look={VERIFY_PAGE} onSent={onSent} />;
}
