// Notifications (shell.md §3–§4: type success or error, text, id): one stack for the whole site, kept
// by the shell, so any page or modal can say something with useNotify(). Each dismisses itself after
// 4 s (NOTIFY_LIFETIME_MS) or on a click. A notification without text is never shown: the caller
// falls back to a text naming the code (an empty red toast was a defect).
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export const NOTIFY_LIFETIME_MS = 4000;

export type NotifyType = 'success' | 'error';

export interface Notification {
  id: number;
  type: NotifyType;
  text: string;
}

export type Notify = (type: NotifyType, text: string) => void;

const NotifyContext = createContext<Notify>(() => {});

/** Shows a notification in the shell's stack. */
export const useNotify = () => useContext(NotifyContext);

export function useNotifications() {
  const [items, setItems] = useState<Notification[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((n) => n.id !== id)), []);
  const notify = useCallback<Notify>((type, text) => {
    if (!text.trim()) return;
    const id = next.current++;
    setItems((all) => [...all, { id, type, text }]);
  }, []);
  return { items, notify, dismiss };
}

export function NotifyProvider({ children }: { children: ReactNode }) {
  const { items, notify, dismiss } = useNotifications();
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Notifications items={items} onDismiss={dismiss} />
    </NotifyContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: Notification; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(item.id), NOTIFY_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [item.id, onDismiss]);
  return (
    <li>
      <button
        type="button"
        className={`notify notify--${item.type}`}
        data-notify={item.type}
        role={item.type === 'error' ? 'alert' : 'status'}
        onClick={() => onDismiss(item.id)}
      >
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
