// Subscribe to a model, a channel or a member (content.md §7 act=subscribe / unsubscribe; §8
// subscribe_success, notify.subscribe_{code}): the button shows the state and the subscriber count; a
// guest gets the Login modal; a member never sees it on their own page (the server would answer
// cannot_subscribe_yourself).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscribeSection } from '../../contract/acts.ts';
import { postAct } from '../lib/acts-api.ts';
import { shortNumber } from '../lib/format.ts';
import { useMemberAct } from './member-act.ts';

export function SubscribeButton({
  section,
  objectId,
  subscribed: initialSubscribed,
  subscribers: initialSubscribers,
}: {
  section: SubscribeSection;
  objectId: number;
  subscribed: boolean;
  subscribers: number;
}) {
  const { t } = useTranslation();
  const { user, run } = useMemberAct();
  const [subscribed, setSubscribed] = useState(initialSubscribed);
  const [subscribers, setSubscribers] = useState(initialSubscribers);
  const [busy, setBusy] = useState(false);
  if (section === 'member' && user?.user_id === objectId) return null;

  const toggle = async () => {
    const act = subscribed ? 'unsubscribe' : 'subscribe';
    setBusy(true);
    const done = await run(() => postAct({ act, section, object_id: String(objectId) }), {
      success: `${act}_success`,
      prefix: 'subscribe',
    });
    setBusy(false);
    if (done) {
      setSubscribed(!subscribed);
      setSubscribers((n) => Math.max(0, n + (subscribed ? -1 : 1)));
    }
  };

  return (
    <button
      type="button"
      className={`button subscribe${subscribed ? ' subscribe--on' : ' button--primary'}`}
      aria-pressed={subscribed}
      disabled={busy}
      data-action="subscribe"
      data-subscribed={String(subscribed)}
      data-subscribers={subscribers}
      onClick={toggle}
    >
      <span className="subscribe__label">{t(subscribed ? 'social.subscribed' : 'social.subscribe')}</span>
      <span className="subscribe__hover">{t('social.unsubscribe')}</span>
      <span className="subscribe__count" aria-hidden="true">
        {shortNumber(subscribers)}
      </span>
      <span className="sr-only">{t('social.subscribers', { count: subscribers })}</span>
    </button>
  );
}
