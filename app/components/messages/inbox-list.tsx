// The inbox (/messages/): one row per conversation partner, the latest first, with their latest
// message (one line), its date and how many of theirs are unread.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConversationSummary } from '../../../contract/messages.ts';
import { conversationPagePath } from '../../../contract/messages-values.ts';
import { RelativeTime } from '../relative-time.tsx';
import { MessageAvatar } from './messages-shared.tsx';

export function InboxList({ conversations, me }: { conversations: ConversationSummary[]; me: number }) {
  const { t } = useTranslation();
  if (conversations.length === 0) return <p className="messages-empty">{t('messages.inbox_empty')}</p>;
  return (
    <ul className="inbox" aria-label={t('messages.inbox_label')}>
      {conversations.map((c) => {
        const mine = c.last_message.from_user_id === me;
        return (
          <li key={c.user.user_id} className={c.unread > 0 ? 'inbox__row is-unread' : 'inbox__row'}>
            <Link
              to={conversationPagePath(c.user.user_id)}
              className="inbox__link"
              data-conversation={c.user.user_id}
            >
              <MessageAvatar user={c.user} />
              <span className="inbox__body">
                <span className="inbox__head">
                  <span className="inbox__name">{c.user.username}</span>
                  {c.blocked ? <span className="inbox__tag">{t('messages.blocked_tag')}</span> : null}
                  <span className="inbox__date">
                    <RelativeTime date={c.last_message.added_date} />
                  </span>
                </span>
                <span className="inbox__last">
                  {mine ? <span className="inbox__you">{t('messages.you')}: </span> : null}
                  {c.last_message.message}
                </span>
              </span>
              {c.unread > 0 ? (
                <span className="inbox__unread" data-unread={c.unread}>
                  {t('messages.unread', { count: c.unread })}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
