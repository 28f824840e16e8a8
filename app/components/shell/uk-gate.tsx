// The UK-only age-verification overlay (shell.md §2, §4): shown when the user is anonymous or not
// age_verified, the country code is gb, the path is not an information, signin or signup page, and there
// is no referrer or promo-type query. A guest is offered Sign In and Sign Up; a member sends a photo
// (POST /api/age_verification.php) that a moderator reviews: while it waits the gate says so, a
// rejection's reason is shown with the form to send another, and the server's error shows on failure.
//
// The server knows every clause but the path (root loader: `ukGate`, contract/age-verification.ts); the
// path is read here, so moving to or from a sign-in or information page opens or closes the gate.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRevalidator } from 'react-router';
import { ukGateExemptPath } from '../../../contract/age-gates.ts';
import type { AgeVerificationStatus } from '../../../contract/age-verification.ts';
import { AgePhotoForm, type PhotoFormLook } from '../file-picker.tsx';

export interface UkGateProps {
  /** The root loader's `ukGate`: null when the server's clauses keep it closed. */
  gate: { status: AgeVerificationStatus | null } | null | undefined;
}

/** The photo form (shared with the uploader's verify page) in the gate's texts and look. */
const GATE_LOOK: PhotoFormLook = {
  keys: {
    label: 'uk_gate.photo_label',
    hint: 'uk_gate.photo_hint',
    failed: 'uk_gate.failed',
    sending: 'uk_gate.sending',
    send: 'uk_gate.send',
  },
  classes: {
    form: 'uk-gate__form',
    label: 'uk-gate__label',
    file: 'uk-gate__file',
    hint: 'uk-gate__hint',
    error: 'uk-gate__error',
    submit: 'button button--primary age-gate__enter',
  },
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled])';

export function UkGate({ gate }: UkGateProps) {
  const { pathname } = useLocation();
  if (!gate || ukGateExemptPath(pathname)) return null;
  return <UkGateDialog status={gate.status} />;
}

function UkGateDialog({ status }: { status: AgeVerificationStatus | null }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const revalidator = useRevalidator();
  // What this page learnt since the loader ran: an upload waits, or was approved at once.
  const [sent, setSent] = useState<'pending' | 'approved' | null>(null);
  const state = sent ?? status?.state ?? 'none';

  useEffect(() => {
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);

  if (state === 'approved') return null;

  // Tab and Shift+Tab stay inside the gate.
  const keepFocus = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The member's photo was taken: it waits, or (already verified) the gate goes.
  const sentPhoto = (verified: boolean) => {
    setSent(verified ? 'approved' : 'pending');
    revalidator.revalidate().catch(() => undefined);
  };

  return (
    <div
      className="age-gate uk-gate"
      role="dialog"
      aria-modal="true"
      aria-labelledby="uk-gate-title"
      aria-describedby="uk-gate-text"
      data-uk-gate={state}
      onKeyDown={keepFocus}
    >
      <div className="age-gate__box" ref={box}>
        <span className="age-gate__badge" aria-hidden="true">
          {t('uk_gate.badge')}
        </span>
        <h2 className="age-gate__title" id="uk-gate-title">
          {t('uk_gate.title')}
        </h2>
        {status === null ? (
          <>
            <p className="age-gate__text" id="uk-gate-text">
              {t('uk_gate.text_guest')}
            </p>
            <div className="uk-gate__actions">
              <Link to="/signin/" className="button button--primary age-gate__enter" data-login-page="">
                {t('uk_gate.signin')}
              </Link>
              <Link to="/signup/" className="button button--ghost age-gate__enter">
                {t('uk_gate.signup')}
              </Link>
            </div>
          </>
        ) : state === 'pending' ? (
          <>
            <p className="age-gate__text" id="uk-gate-text" role="status">
              {t('uk_gate.pending')}
            </p>
            <button type="button" className="button age-gate__enter" onClick={() => window.location.reload()}>
              {t('uk_gate.check')}
            </button>
          </>
        ) : (
          <>
            <p className="age-gate__text" id="uk-gate-text">
              {t('uk_gate.text_member')}
            </p>
            {state === 'rejected' && status.reason ? (
              <p className="uk-gate__reason" role="alert">
                {t('uk_gate.rejected', { reason: status.reason })}
              </p>
            ) : null}
            <AgePhotoForm look={GATE_LOOK} onSent={sentPhoto} />
          </>
        )}
      </div>
    </div>
  );
}
