// A block that loads its data once it comes within 50px of the viewport (content.md §2 home, §9 lazy-load
// margin), with placeholders equal to the page size while it loads (§4 lists).
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson, listErrorCode } from '../../lib/api-client.ts';
import { PlaceholderGrid } from '../video-card.tsx';

export const LAZY_MARGIN_PX = 50;

type State<T> =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; data: T }
  | { status: 'error'; code: string };

export function LazySection<T>({
  url,
  placeholders,
  models = false,
  render,
}: {
  url: string;
  /** As many as the block will show. */
  placeholders: number;
  /** Model portraits (3:4) rather than video cards. */
  models?: boolean;
  render: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State<T>>({ status: 'idle' });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setState({ status: 'idle' });
    let cancelled = false;
    const load = () => {
      setState({ status: 'loading' });
      getJson<T>(url)
        .then((data) => !cancelled && setState({ status: 'loaded', data }))
        .catch((error: unknown) => !cancelled && setState({ status: 'error', code: listErrorCode(error) }));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: `${LAZY_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [url]);

  return (
    <div ref={ref} data-lazy-status={state.status}>
      {state.status === 'loaded' ? (
        render(state.data)
      ) : state.status === 'error' ? (
        <p className="empty">{t('catalogue.error', { code: state.code })}</p>
      ) : (
        <PlaceholderGrid count={placeholders} models={models} />
      )}
    </div>
  );
}
