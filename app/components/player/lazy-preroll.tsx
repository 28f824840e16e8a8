// The VAST pre-roll's code (ads/preroll-ad.tsx) stays out of the video page's first load (its 210 KB
// budget): it is fetched by the first play that shows the ad (guests, a pre-roll configured), one small
// request before the VAST tag's; meanwhile the overlay is the ad's empty black box. If it cannot be
// fetched the ad is skipped and the video plays (content.md §8: a failed script load is not handled
// visibly).
import { lazy, Suspense, useEffect } from 'react';
import type { PrerollAdProps } from '../ads/preroll-ad.tsx';

function NoAd({ onDone }: PrerollAdProps) {
  useEffect(() => onDone(), [onDone]);
  return null;
}

const LazyPrerollAd = lazy(() =>
  import('../ads/preroll-ad.tsx').then(
    (module) => ({ default: module.PrerollAd }),
    () => ({ default: NoAd }),
  ),
);

export function PrerollAd(props: PrerollAdProps) {
  return (
    <Suspense fallback={<div className="preroll" />}>
      <LazyPrerollAd {...props} />
    </Suspense>
  );
}
