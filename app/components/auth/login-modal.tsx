// The Login modal (shell.md §2): any link to /signin/, and any link marked as requiring login, opens it
// for a guest instead of navigating. It closes on Escape or a click outside, unless click_outside is 0.
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
} from 'react';
import { Link, type LinkProps, useLocation } from 'react-router';
import type { FieldError } from '../../../contract/accounts.ts';

interface LoginModalControl {
  open(): void;
  close(): void;
}

const LoginModalContext = createContext<LoginModalControl>({ open: () => {}, close: () => {} });

export const useLoginModal = () => useContext(LoginModalContext);

/** Marks a link as requiring login: a guest gets the Login modal, a member follows it. */
export function LoginRequiredLink(props: LinkProps) {
  return <Link {...props} data-requires-login="" />;
}

function opensLogin(anchor: HTMLAnchorElement, guest: boolean): boolean {
  if (!guest) return false;
  // Links that mean the page itself (the UK gate's Sign In: the modal would open under the gate).
  if (anchor.hasAttribute('data-login-page')) return false;
  if (anchor.hasAttribute('data-requires-login')) return true;
  const href = anchor.getAttribute('href');
  if (!href) return false;
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin && url.pathname === '/signin/';
}

export function LoginModalProvider({
  guest,
  googleSignIn,
  children,
}: {
  guest: boolean;
  googleSignIn: boolean;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const [notice, setNotice] = useState<FieldError[]>([]);
  const [noticeInfo, setNoticeInfo] = useState<Record<string, unknown> | undefined>();
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => {
    setOpen(false);
    setNotice([]);
  }, []);
  const location = useLocation();
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  // The Google callback sends a failed sign-in home with ?login=<code>: explain it in the modal.
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const code = query.get('login');
    if (!guest || !code || !/^[a-z_]{1,40}$/.test(code)) return;
    setNotice([{ field: 'general', code }]);
    // A ban refused at Google sign-in comes with its reason and end (google-signin.routes.ts).
    setNoticeInfo({ reason: query.get('reason')?.slice(0, 500) ?? '', until: query.get('until') });
    setOpen(true);
  }, [guest, location.search]);

  useEffect(() => {
    // Capture phase on the document runs before React Router's own link handler.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !opensLogin(anchor, guest)) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(true);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [guest]);

  return (
    <LoginModalContext.Provider value={{ open, close }}>
      {children}
      {isOpen && (
        <Suspense fallback={null}>
          <LoginModal
            onClose={close}
            googleSignIn={googleSignIn}
            initialErrors={notice}
            initialInfo={noticeInfo}
          />
        </Suspense>
      )}
    </LoginModalContext.Provider>
  );
}

/** The dialog, loaded on first use (login-dialog.tsx): a page's first load carries no login form. */
export const LoginModal = lazy(() => import('./login-dialog.tsx'));
