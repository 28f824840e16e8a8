// A panel that slides in over the page (content.md §2 "A sidebar lists all categories"): a side column on
// wide screens, a drawer from the bottom on phones (styles/sidebar.css). It is a modal dialog for the
// keyboard: focus moves into it (the control marked data-autofocus, else its first) and stays there (Tab wraps), Escape or a click on the
// backdrop closes it, and focus goes back to the control that opened it.
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Sidebar({
  title,
  onClose,
  className,
  testId,
  children,
}: {
  title: string;
  onClose: () => void;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // The opener is read at the first render, before the panel takes the focus.
  const [previous] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );

  // A layout effect, as in modal.tsx: focus and keys are in place before the panel is painted.
  useLayoutEffect(() => {
    const node = panel.current;
    // The control marked data-autofocus (a search box), else the first one.
    (
      node?.querySelector<HTMLElement>('[data-autofocus]') ??
      node?.querySelector<HTMLElement>(FOCUSABLE) ??
      node
    )?.focus();
    // The page under a drawer does not scroll with it.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = focusable[0];
      const tail = focusable[focusable.length - 1];
      if (!head || !tail) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === head || !node.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !node.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      // Back to the opener, when it is still on the page (a selection may have replaced it).
      if (previous?.isConnected) previous.focus();
    };
  }, [previous]);

  return (
    <div className="sidebar-layer">
      {/* The backdrop is a mouse shortcut; Escape and the close button are the keyboard ways. */}
      <div className="sidebar-backdrop" aria-hidden="true" onClick={onClose} />
      <aside
        ref={panel}
        className={className ? `sidebar ${className}` : 'sidebar'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="sidebar__head">
          <h2 id={titleId} className="sidebar__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('watch.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </aside>
    </div>
  );
}
