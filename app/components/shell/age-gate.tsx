// The age-verification overlay (shell.md §2, §4): an 18+ badge, a title, the text saying the site is for
// those 18 or of legal age, and an enter button. Shown when there is no `_agv` flag in browser storage,
// the visitor is not signed in and the country is in AGE_GATE_COUNTRIES. It lies over the page the
// server rendered in full, so crawlers index the content (docs/decisions.md).
//
// The server knows the last two clauses (root loader: `ageGate`); only the browser knows `_agv`. So the
// server renders the gate for every listed guest, and an inline script (with the page's CSP nonce), run
// before the gate's markup is parsed, marks <html> when `_agv` is set: CSS hides the gate before the
// first paint, and after hydration the component removes it.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNonce } from '../../lib/csp.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';

export interface AgeGateClauses {
  /** The browser holds the `_agv` flag. */
  hasAgv: boolean;
  signedIn: boolean;
  /** The visitor's country is in the configured list. */
  countryListed: boolean;
}

/** shell.md §4: shown when no `_agv` flag exists, the user is not logged in and the country is listed. */
export function ageGateShown({ hasAgv, signedIn, countryListed }: AgeGateClauses): boolean {
  return !hasAgv && !signedIn && countryListed;
}

/** The server's part: it cannot read browser storage, so `_agv` is left to the browser. */
export function ageGateFromServer(clauses: Omit<AgeGateClauses, 'hasAgv'>): boolean {
  return ageGateShown({ ...clauses, hasAgv: false });
}

/** The class the inline script puts on <html> when `_agv` is set (app/styles/compliance.css). */
export const AGV_CLASS = 'agv';
const AGV_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.ageVerified)}))document.documentElement.classList.add(${JSON.stringify(AGV_CLASS)})}catch(e){}`;

function readAgv(): boolean {
  try {
    return Boolean(window.localStorage.getItem(STORAGE_KEYS.ageVerified));
  } catch {
    return false;
  }
}

/**
 * `show`: the root loader's `ageGate`. The texts are the page's language (locales/<code>.json `age_gate`,
 * issue 16); `lang` is no longer read.
 */
export function AgeGate({ show }: { show: boolean; lang?: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const [entered, setEntered] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // `show` is the server's part (ageGateFromServer); `entered` is the `_agv` clause.
  const open = show && !entered;

  useEffect(() => {
    if (!show) return;
    if (readAgv()) setEntered(true);
    else button.current?.focus();
  }, [show]);

  if (!open) return null;

  const enter = () => {
    try {
      window.localStorage.setItem(STORAGE_KEYS.ageVerified, '1');
    } catch {
      // Private mode or a full quota: the gate stays gone for this page only.
    }
    setEntered(true);
  };
  // The only control while the gate is up: Tab stays on it.
  const keepFocus = (event: KeyboardEvent) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      button.current?.focus();
    }
  };
  // Server and browser render the same language (entry.server.tsx, entry.client.tsx), so hydration matches.
  const texts = { title: t('age_gate.title'), text: t('age_gate.text'), enter: t('age_gate.enter') };

  return (
    <>
      {/* A constant script, no user text: it only reads the flag this component writes. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: AGV_SCRIPT }} />
      <div
        className="age-gate"
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        data-age-gate=""
        onKeyDown={keepFocus}
      >
        <div className="age-gate__box">
          <span className="age-gate__badge" aria-hidden="true">
            {t('age_gate.badge')}
          </span>
          <h2 className="age-gate__title" id="age-gate-title">
            {texts.title}
          </h2>
          <p className="age-gate__text" id="age-gate-text">
            {texts.text}
          </p>
          <button
            ref={button}
            type="button"
            className="button button--primary age-gate__enter"
            onClick={enter}
          >
            {texts.enter}
          </button>
        </div>
      </div>
    </>
  );
}
