// Notifications of content.md §4 (type success or error, text, id): they dismiss themselves after 4 s
// or on a click. The video page keeps its own small stack until the shell grows a site-wide one.
import { useCallback, useEffect, useRef, useState } from 'react';

export const NOTIFY_LIFETIME_MS = 4000;

export interface Notification {
  id: number;
  type: 'success' | 'error';
  text: string;
}

export function useNotifications() {
  const [items, setItems] = useState<Notification[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((n) => n.id !== id)), []);
  const notify = useCallback((type: Notification['type'], text: string) => {
    const id = next.current++;
    setItems((all) => [...all, { id, type, text }]);
  }, []);
  return { items, notify, dismiss };
}

function Toast({ item, onDismiss }: { item: Notification; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(item.id), NOTIFY_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [item.id, onDismiss]);
  return (
    <li>
      <button type="button" className={`notify notify--${item.type}`} onClick={() => onDismiss(item.id)}>
        {item.text}
      </button>
    </li>
  );
}

export function Notifications({
  items,
  onDismiss,
}: {
  items: readonly Notification[];
  onDismiss: (id: number) => void;
}) {
  return (
    <ul className="notify-stack" aria-live="polite">
      {items.map((item) => (
        <Toast key={item.id} item={item} onDismiss={onDismiss} />
      ))}
    </ul>
  );
}
