// The root's analytics (issue 17; shell.md §7): installs the analytics object, sends a page view after
// every navigation, the first included, with the route name (the route id of the deepest match, e.g.
// `routes/video`) and the `campaign` query parameter, and counts clicks on the tab links of every page
// (`.tabs a`: listings' sort tabs, member and object pages) as the tablink_click goal. With an external
// snippet configured (ANALYTICS_SCRIPT_URL or the settings), loads it once with the page's nonce.
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { GOAL_TABLINK } from '../../contract/analytics-limits.ts';
import { goal, hit, installAnalytics } from '../lib/analytics.ts';

function loadSnippet(src: string): void {
  if (document.querySelector('script[data-analytics]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.analytics = '';
  // The page's script policy admits scripts carrying its nonce (lib/csp.ts); the browser keeps it readable.
  script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  document.head.append(script);
}

/** Runs `task` when the browser is idle (at the latest after 2 s); returns its cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}

export function useAnalytics(scriptUrl?: string | null): void {
  const location = useLocation();
  const matches = useMatches();
  const route = matches[matches.length - 1]?.id ?? 'root';

  useEffect(() => {
    installAnalytics(Boolean(scriptUrl));
    // The external snippet waits for an idle moment after hydration (issue 29: less main-thread work
    // while a phone makes the page interactive); the page views it may read are queued by installAnalytics.
    const idle = scriptUrl ? whenIdle(() => loadSnippet(scriptUrl)) : undefined;
    const onClick = (event: MouseEvent) => {
      const tab = (event.target as Element | null)?.closest?.('.tabs a');
      if (tab) goal(GOAL_TABLINK, { href: tab.getAttribute('href') });
    };
    document.addEventListener('click', onClick, true);
    return () => {
      idle?.();
      document.removeEventListener('click', onClick, true);
    };
  }, [scriptUrl]);

  // location.key is new for every navigation (the same address again included); the route and the
  // query change with it, never without it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per navigation, keyed by location.key.
  useEffect(() => {
    hit(route, new URLSearchParams(location.search).get('campaign'));
  }, [location.key]);
}
