// A conversation (/messages/{user_id}/): the messages of one page, oldest at the top and newest at the
// bottom (the read call pages newest first: page 1 is the latest), links to older and newer pages, the
// send box, Block / Unblock, and Delete (for oneself) on each message. Text is rendered as text (React
// escapes it); line breaks are kept by CSS (white-space: pre-wrap). Opening a page with unread
// messages marks the conversation read, then the loaders run again (the user menu's badge too).
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { memberPath } from '../../../contract/members-values.ts';
import type { ConversationResponse, Message } from '../../../contract/messages.ts';
import { conversationPagePath, MESSAGE_LENGTH, messagesPagePath } from '../../../contract/messages-values.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useLoginModal } from '../auth/login-modal.tsx';
import { actErrorText } from '../member-act.ts';
import { useNotify } from '../shell/notify.tsx';
import { deleteMessage, markConversationRead, sendMessage, setBlocked } from './messages-api.ts';
import { MessageAvatar } from './messages-shared.tsx';

/** UTC, so the server's render and the browser's hydration agree. */
const stamp = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export interface ConversationProps {
  data: ConversationResponse;
  me: number;
  page: number;
  pages: number;
}

export function Conversation({ data, me, page, pages }: ConversationProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const login = useLoginModal();
  const revalidator = useRevalidator();
  const partner = data.user;
  const unreadHere = data.messages.filter((m) => m.from_user_id === partner.user_id && !m.read).length;
  const [blockBusy, setBlockBusy] = useState(false);

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) login.open();
    else notify('error', actErrorText(t, error));
  };

  // Reading the page is reading the messages: mark them read once, then refresh the badge.
  const { revalidate } = revalidator;
  useEffect(() => {
    if (unreadHere === 0) return;
    let live = true;
    markConversationRead(partner.user_id)
      .then(() => (live ? revalidate() : undefined))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [partner.user_id, unreadHere, revalidate]);

  const toggleBlock = async () => {
    setBlockBusy(true);
    try {
      const answer = await setBlocked(partner.user_id, !data.blocked);
      notify(
        'success',
        t(answer.blocked ? 'notify.message_block_success' : 'notify.message_unblock_success'),
      );
      await revalidate();
    } catch (error) {
      refused(error);
    } finally {
      setBlockBusy(false);
    }
  };

  const remove = async (message: Message) => {
    try {
      await deleteMessage(message.message_id);
      notify('success', t('notify.message_delete_success'));
      await revalidate();
    } catch (error) {
      refused(error);
    }
  };

  // Oldest first on screen.
  const shown = [...data.messages].reverse();
  return (
    <section className="page conversation" data-conversation-with={partner.user_id}>
      <header className="conversation__head">
        <Link to={messagesPagePath()} className="conversation__back">
          ← {t('messages.back')}
        </Link>
        <div className="conversation__who">
          <Link to={memberPath(partner.user_id)} aria-label={partner.username} tabIndex={-1}>
            <MessageAvatar user={partner} size={48} />
          </Link>
          <h1 className="page__title conversation__title">
            {t('messages.conversation_title', { name: partner.username })}
          </h1>
        </div>
        <button
          type="button"
          className={data.blocked ? 'button' : 'button button--danger'}
          onClick={() => void toggleBlock()}
          disabled={blockBusy}
          aria-pressed={data.blocked}
          data-action="block"
        >
          {data.blocked ? t('messages.unblock') : t('messages.block')}
        </button>
      </header>

      {page < pages ? (
        <p className="conversation__paging">
          <Link to={conversationPagePath(partner.user_id, page + 1)} rel="next">
            {t('messages.older')}
          </Link>
        </p>
      ) : null}

      {shown.length === 0 ? (
        <p className="messages-empty">{t('messages.conversation_empty')}</p>
      ) : (
        <ol className="thread">
          {shown.map((message) => {
            const mine = message.from_user_id === me;
            return (
              <li
                key={message.message_id}
                className={mine ? 'thread__item is-mine' : 'thread__item'}
                data-message-id={message.message_id}
              >
                <div className="thread__bubble">
                  <p className="thread__text">{message.message}</p>
                  <div className="thread__meta">
                    <span className="thread__author">{mine ? t('messages.you') : partner.username}</span>
                    <time dateTime={message.added_date}>{stamp(message.added_date)}</time>
                    {mine && message.read ? <span className="thread__read">{t('messages.read')}</span> : null}
                    <button
                      type="button"
                      className="thread__delete"
                      onClick={() => void remove(message)}
                      aria-label={t('messages.delete_label')}
                    >
                      {t('messages.delete')}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {page > 1 ? (
        <p className="conversation__paging">
          <Link to={conversationPagePath(partner.user_id, page - 1)} rel="prev">
            {t('messages.newer')}
          </Link>
        </p>
      ) : null}

      <SendBox data={data} onSent={revalidate} atLatest={page === 1} refused={refused} />
    </section>
  );
}

function SendBox({
  data,
  onSent,
  atLatest,
  refused,
}: {
  data: ConversationResponse;
  onSent: () => Promise<void>;
  atLatest: boolean;
  refused: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const partner = data.user;

  if (!data.can_send) {
    const why = data.blocked ? 'you_blocked' : data.blocked_by ? 'blocked_by' : 'cannot_send';
    return (
      <p className="send-box__closed" role="status">
        {t(`messages.${why}`)}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') {
      setFieldError(t('form.error.required'));
      return;
    }
    setBusy(true);
    setFieldError(null);
    try {
      await sendMessage(partner.user_id, text);
      setText('');
      if (atLatest) await onSent();
      else navigate(conversationPagePath(partner.user_id));
    } catch (error) {
      const field = error instanceof ApiError ? error.codes.find((c) => c.field === 'message') : undefined;
      if (field && error instanceof ApiError) {
        const info = { length: MESSAGE_LENGTH.max, ...(error.info ?? {}) };
        setFieldError(
          (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(
            [`messages.error.${field.code}`, `form.error.${field.code}`, 'notify.unknown'],
            { ...info, code: field.code },
          ),
        );
      } else refused(error);
    } finally {
      setBusy(false);
    }
  };

  const left = MESSAGE_LENGTH.max - text.length;
  return (
    <form className="send-box" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="sr-only">
        {t('messages.box_label', { name: partner.username })}
      </label>
      <textarea
        id={id}
        name="message"
        className="send-box__input"
        rows={3}
        maxLength={MESSAGE_LENGTH.max}
        placeholder={t('messages.box_placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (fieldError) setFieldError(null);
        }}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      <div className="send-box__bar">
        <span
          id={`${id}-hint`}
          className={fieldError ? 'send-box__error' : 'send-box__hint'}
          aria-live="polite"
        >
          {fieldError ?? t('messages.chars_left', { count: left })}
        </span>
        <button type="submit" className="button button--primary" disabled={busy} data-action="send">
          {busy ? t('messages.sending') : t('messages.send')}
        </button>
      </div>
    </form>
  );
}
