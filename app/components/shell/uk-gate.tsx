// The UK-only age-verification overlay (shell.md §2, §4): shown when the user is anonymous or not
// age_verified, the country code is gb, the path is not an information, signin or signup page, and there
// is no referrer or promo-type query. A guest is offered Sign In and Sign Up; a member sends a photo
// (POST /api/age_verification.php) that a moderator reviews: while it waits the gate says so, a
// rejection's reason is shown with the form to send another, and the server's error shows on failure.
//
// The server knows every clause but the path (root loader: `ukGate`, contract/age-verification.ts); the
// path is read here, so moving to or from a sign-in or information page opens or closes the gate.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRevalidator } from 'react-router';
import { AGE_PHOTO_ACCEPT, AGE_VERIFICATION_PATH, ukGateExemptPath } from '../../../contract/age-gates.ts';
import type { AgeVerificationStatus } from '../../../contract/age-verification.ts';
import { callApi } from '../../lib/api-client.ts';
import { FilePicker } from '../file-picker.tsx';

export interface UkGateProps {
  /** The root loader's `ukGate`: null when the server's clauses keep it closed. */
  gate: { status: AgeVerificationStatus | null } | null | undefined;
}

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled])';

export function UkGate({ gate }: UkGateProps) {
  const { pathname } = useLocation();
  if (!gate || ukGateExemptPath(pathname)) return null;
  return <UkGateDialog status={gate.status} />;
}

function UkGateDialog({ status }: { status: AgeVerificationStatus | null }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const fileId = useId();
  const revalidator = useRevalidator();
  // What this page learnt since the loader ran: an upload waits, or was approved at once.
  const [sent, setSent] = useState<'pending' | 'approved' | null>(null);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
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

  const upload = async (event: FormEvent<HTMLFormElement>) => {
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
        // The server's error, as it sent it (shell.md §7).
        const message = typeof answer.body?.error === 'string' ? answer.body.error : t('uk_gate.failed');
        setSending({ state: 'failed', message });
        return;
      }
      setSending({ state: 'idle' });
      setSent(answer.body?.age_verified === true ? 'approved' : 'pending');
      revalidator.revalidate().catch(() => undefined);
    } catch {
      setSending({ state: 'failed', message: t('uk_gate.failed') });
    }
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
            <form className="uk-gate__form" onSubmit={upload} encType="multipart/form-data" noValidate>
              <label className="uk-gate__label" htmlFor={fileId}>
                {t('uk_gate.photo_label')}
              </label>
              <FilePicker
                id={fileId}
                className="uk-gate__file"
                name="file"
                accept={AGE_PHOTO_ACCEPT}
                required
                aria-describedby={`${fileId}-hint`}
              />
              <p className="uk-gate__hint" id={`${fileId}-hint`}>
                {t('uk_gate.photo_hint')}
              </p>
              {sending.state === 'failed' ? (
                <p className="uk-gate__error" role="alert">
                  {sending.message}
                </p>
              ) : null}
              <button
                type="submit"
                className="button button--primary age-gate__enter"
                disabled={sending.state === 'sending'}
              >
                {sending.state === 'sending' ? t('uk_gate.sending') : t('uk_gate.send')}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
