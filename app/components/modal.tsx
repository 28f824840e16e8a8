// One accessible modal for every dialog of the site (the Login modal of shell.md §2, the content modals of
// content.md §2): Escape or a click outside closes it unless click_outside is 0; focus moves in (to a
// field the content autofocuses, else the first control), stays in (Tab and Shift+Tab wrap), and
// returns to the control that opened it.
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The controls Tab can reach inside `node`, in document order: no tabindex -1, nothing hidden. */
export function tabbables(node: HTMLElement): HTMLElement[] {
  return [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.tabIndex >= 0 && item.getClientRects().length > 0,
  );
}

export function Modal({
  title,
  onClose,
  clickOutside = 1,
  className,
  closeLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  /** 0 keeps the modal open on a click outside it. */
  clickOutside?: 0 | 1;
  className?: string;
  /** The close button's accessible name (default: watch.close). */
  closeLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // The opener is read at the first render, before anything inside (an autofocused field) takes focus.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );

  // A layout effect: the Escape and Tab handling and the focus are in place before the browser paints
  // the dialog, so a key pressed as soon as it shows is never lost (Preact, the browser's renderer, runs
  // plain effects only after the paint). A field marked autofocus gets the focus: the browser's own
  // autofocus is skipped when something on the page already has it (the button that opened the modal).
  useLayoutEffect(() => {
    const node = dialog.current;
    if (node && !node.contains(document.activeElement))
      (
        node.querySelector<HTMLElement>('[autofocus]') ??
        node.querySelector<HTMLElement>(FOCUSABLE) ??
        node
      ).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = tabbables(node);
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) {
        event.preventDefault();
        node.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === head || active === node || !node.contains(active))) {
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
      // Back to the opener, if it is still on the page (a navigation may have replaced it).
      if (opener?.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, [opener]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop's click is a mouse shortcut; Escape and the close button are the keyboard ways.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      className="modal-backdrop"
      // Only a click on the backdrop itself: a click inside may have re-rendered the dialog (Preact
      // renders between the inner handler and this one) and taken its own target out of the page.
      onClick={(event) => {
        if (clickOutside !== 0 && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={closeLabel ?? t('watch.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
