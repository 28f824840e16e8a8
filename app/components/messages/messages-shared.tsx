// Pieces both messages pages share: the guest's prompt (the Login modal; after signing in the page
// reloads and shows the member's messages), a member's small avatar, and the query's page number.
import { useTranslation } from 'react-i18next';
import type { MessageUser } from '../../../contract/messages.ts';
import { MESSAGES_MAX_PAGE } from '../../../contract/messages-values.ts';
import { notFound } from '../../lib/params.ts';
import { useLoginModal } from '../auth/login-modal.tsx';

/** `?page=N`: absent is 1; anything but 1..MESSAGES_MAX_PAGE written plainly is the 404 page. */
export function pageFromQuery(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw) || Number(raw) > MESSAGES_MAX_PAGE) notFound();
  return Number(raw);
}

/** Every messages page: the member's own, never stored by a browser or a shared cache. */
export const privateHeaders = () => ({ 'Cache-Control': 'private, no-store' });

export function MessagesLogin() {
  const { t } = useTranslation();
  const login = useLoginModal();
  return (
    <section className="notice messages-login">
      <h1 className="notice__title">{t('messages.login_title')}</h1>
      <p>{t('messages.login_text')}</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => login.open()}>
          {t('messages.login')}
        </button>
      </p>
    </section>
  );
}

export function MessageAvatar({ user, size = 40 }: { user: MessageUser; size?: number }) {
  return user.avatar ? (
    <img className="msg-avatar" src={user.avatar} alt="" width={size} height={size} decoding="async" />
  ) : (
    <span className="msg-avatar msg-avatar--letter" aria-hidden="true">
      {user.username.charAt(0).toUpperCase()}
    </span>
  );
}
