// content.md §2: "Scroll resets to top unless a stopScroll parameter is set." ScrollRestoration scrolls
// a new page to the top in its layout effect; rendered after it, this one puts the scroll position of
// the page being left back when the new URL carries stopScroll (a filter or a tab that keeps the reader
// where they were).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

export function hasStopScroll(search: string): boolean {
  return new URLSearchParams(search).has('stopScroll');
}

export function StopScroll() {
  const location = useLocation();
  const navigation = useNavigation();
  const leftAt = useRef(0);
  // The position when a navigation starts is the one of the page being left.
  useEffect(() => {
    if (navigation.state !== 'idle') leftAt.current = window.scrollY;
  }, [navigation.state]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key).
  useLayoutEffect(() => {
    if (hasStopScroll(location.search)) window.scrollTo(0, leftAt.current);
  }, [location.key]);
  return null;
}
